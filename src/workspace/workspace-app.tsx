import './workspace.css';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { countOf } from '../domain/format.ts';
import type { WorkspaceScreen } from '../lib/after-login.ts';
import { $session, type User } from '../stores/session.ts';
import { ExportMenu } from './features/exports/export-menu.tsx';
import { reportsExports } from './features/exports/reports-exports.ts';
import { serverExports } from './features/exports/server-exports.ts';
import { Filters } from './features/filters/filters.tsx';
import { ClientTopNav } from './features/layout/client-topnav.tsx';
import { ListMessages } from './features/layout/list-messages.tsx';
import { ScreenNav } from './features/layout/screen-nav.tsx';
import { MapScreen } from './features/map/map-screen.tsx';
import { CARDS_PER_PAGE } from './features/map/results-panel.tsx';
import { ImportScreen } from './features/import/import-screen.tsx';
import { AdminScreen } from './features/admin/admin-screen.tsx';
import { ApiAccessScreen } from './features/api-access/api-access-screen.tsx';
import { ReportsLibrary } from './features/reports/reports-library.tsx';
import { DatabaseScreen } from './features/table/database-screen.tsx';
import { readQuery, withIds, writeQuery } from './lib/query.ts';
import { shownTenant } from './lib/shown-tenant.ts';
import { themeStyle } from './lib/theme-style.ts';
import { useReports } from './lib/use-api-list.ts';
import { useRememberedView } from './lib/use-remembered-view.ts';
import { radiusOf } from './lib/radius-pick.ts';
import { selectedIn, withSelected } from './lib/selection-param.ts';
import { useSelection } from './lib/use-selection.ts';
import { PAGE_SIZE, useTableWalk } from './lib/use-table-page.ts';
import { useUrlQuery } from './lib/use-url-query.ts';

export interface WorkspaceAppProps {
  screen: WorkspaceScreen;
}

/** The signed-in workspace (map, database or reports): its rows from the API, its state in the URL. */
export function WorkspaceApp({ screen, user }: WorkspaceAppProps & { user: User }) {
  const [search, setSearch] = useUrlQuery();
  const query = useMemo(() => readQuery(search), [search]);
  const tenant = shownTenant(user, query.tenant);
  const reports = screen === 'reports';
  // Importer, Accès API and Administration list no boreholes: no filters, no selection.
  const ownScreen = screen === 'import' || screen === 'api' || screen === 'admin';
  // The boreholes stay on the server: the database reads them a page of 100 at a time, the map's
  // cards a page of 200 (its dots come by view, see BoreholeMap); a selection may hold any of them.
  const database = screen === 'database';
  const results = useTableWalk(reports || ownScreen ? null : search, database ? PAGE_SIZE : CARDS_PER_PAGE);
  const library = useReports(reports ? search : null);
  const shown = reports ? library : results;
  const selection = useSelection(null, () => selectedIn(window.location.search));
  useRememberedView(screen, query, tenant.slug, setSearch);
  // The selection goes into the address once the rows it selects among are there.
  const selectedKey = [...selection.selected].join(',');
  useEffect(() => {
    if (results.loading || reports || ownScreen) return;
    const next = withSelected(window.location.search, selectedKey ? selectedKey.split(',') : []);
    if (next !== window.location.search) {
      history.replaceState(history.state, '', `${window.location.pathname}${next}${window.location.hash}`);
    }
  }, [selectedKey, results.loading, reports, ownScreen]);

  const runSearch = (next: string) => {
    selection.reset();
    setSearch(next);
  };
  // Réinitialiser clears every filter; the organisation shown stays.
  const reset = () => runSearch(writeQuery({ tenant: query.tenant, filters: {}, rest: new URLSearchParams() }));
  const viewAs = (slug: string) =>
    runSearch(writeQuery({ ...query, filters: {}, rest: new URLSearchParams(), tenant: slug }));
  // The map and the database share the results, the selection and the links.
  const linkQuery = writeQuery(withIds(query, selection.selected));

  return (
    <div className="workspace" style={themeStyle(tenant)} data-tenant={tenant.slug} data-screen={screen}>
      <ClientTopNav tenant={tenant} user={user} onViewAs={user.role === 'admin' ? viewAs : undefined} />
      <ScreenNav screen={screen} search={withSelected(search, selection.selected)} role={user.role} />
      <main id="main" tabIndex={-1} className={`workspace__body workspace__body--${screen}`}>
        {screen === 'admin' ? (
          <AdminScreen user={user} />
        ) : screen === 'api' ? (
          <ApiAccessScreen role={user.role} />
        ) : screen === 'import' ? (
          <ImportScreen canImport={user.role !== 'viewer'} />
        ) : (
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
              onSearch={runSearch}
              onReset={reset}
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
                onReset={reset}
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
                onOrder={setSearch}
                selection={selection}
                linkQuery={linkQuery}
                onReset={reset}
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
        )}
      </main>
    </div>
  );
}

/** The workspace once the session is known. */
export function SignedInWorkspace({ screen }: WorkspaceAppProps) {
  const session = useStore($session);
  return session.status === 'signed-in' ? <WorkspaceApp screen={screen} user={session.user} /> : null;
}
