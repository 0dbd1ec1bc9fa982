import { countOf } from '../domain/format.ts';
import type { User } from '../stores/session.ts';
import { ExportMenu } from './features/exports/export-menu.tsx';
import { reportsExports } from './features/exports/reports-exports.ts';
import { serverExports } from './features/exports/server-exports.ts';
import { Filters } from './features/filters/filters.tsx';
import { activeFilters } from './features/filters/filter-fields.ts';
import { ListMessages } from './features/layout/list-messages.tsx';
import { MapScreen } from './features/map/map-screen.tsx';
import { ReportsLibrary } from './features/reports/reports-library.tsx';
import { DatabaseScreen } from './features/table/database-screen.tsx';
import { readQuery, withIds, writeQuery } from './lib/query.ts';
import { radiusOf } from './lib/radius-pick.ts';
import type { shownTenant } from './lib/shown-tenant.ts';
import type { useReports } from './lib/use-api-list.ts';
import type { useSelection } from './lib/use-selection.ts';
import type { useTableWalk } from './lib/use-table-page.ts';

export interface ListScreenProps {
  screen: 'map' | 'database' | 'reports';
  search: string;
  tenant: ReturnType<typeof shownTenant>;
  user: User;
  /** The boreholes of the search, a page at a time (map and database). */
  results: ReturnType<typeof useTableWalk>;
  /** The documents of the search (reports). */
  library: ReturnType<typeof useReports>;
  selection: ReturnType<typeof useSelection>;
  onSearch: (search: string) => void;
  onReset: () => void;
  /** A new sort order of the database, in the address. */
  onOrder: (search: string) => void;
}

/**
 * The screens that list a search's rows — the map, the database and the reports — with the filters
 * and the messages they share, composed from their features.
 */
export function ListScreen({
  screen,
  search,
  tenant,
  user,
  results,
  library,
  selection,
  onSearch,
  onReset,
  onOrder,
}: ListScreenProps) {
  const query = readQuery(search);
  const reports = screen === 'reports';
  const shown = reports ? library : results;
  // The map and the database share the results, the selection and the links.
  const linkQuery = writeQuery(withIds(query, selection.selected));
  return (
    <>
      <ListMessages
        shown={reports ? shown.rows.length : shown.total}
        total={shown.total}
        error={shown.error}
        what={reports ? 'documents' : 'forages'}
      />
      <Filters
        key={`filters${search}`}
        search={search}
        onSearch={onSearch}
        onReset={onReset}
        count={countOf(shown.total, reports ? 'document' : 'forage')}
        loading={shown.loading || (!reports && results.counting)}
        brand={tenant.label}
      />
      {reports ? (
        <ReportsLibrary
          // A new query, a new library: the selection resets (siblings need distinct keys).
          key={`library${search}`}
          rows={library.rows}
          total={library.total}
          mapLink={(ids) => `/client/map${writeQuery(withIds(query, ids))}`}
          onReset={onReset}
          exportMenu={(exported, selected) => (
            <ExportMenu
              count={exported.length}
              formats={() => reportsExports(exported, { selected, organisation: tenant.label })}
              audit={{ what: 'reports', tenant: tenant.slug }}
            />
          )}
          canUpload={user.role !== 'viewer'}
          onChanged={library.reload}
        />
      ) : screen === 'map' ? (
        <MapScreen
          results={results}
          selection={selection}
          linkQuery={linkQuery}
          search={search}
          tenant={tenant}
          radius={radiusOf(query.filters)}
        />
      ) : (
        <DatabaseScreen
          search={search}
          table={results}
          onOrder={onOrder}
          selection={selection}
          linkQuery={linkQuery}
          onReset={onReset}
          onSearch={onSearch}
          filters={activeFilters(search)}
          exportMenu={(target) => (
            <ExportMenu
              count={target.count}
              formats={() => serverExports(search, target, tenant.slug === 'neutral' ? null : tenant.slug)}
              audit={{ what: 'boreholes', tenant: tenant.slug }}
            />
          )}
        />
      )}
    </>
  );
}
