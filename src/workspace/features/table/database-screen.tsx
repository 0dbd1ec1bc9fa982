import type { ReactNode } from 'react';
import { countOf } from '../../../domain/format.ts';
import type { Selection } from '../../lib/use-selection.ts';
import {
  tableOrderOf,
  type ExportTarget,
  type TableDirection,
  type TableSort,
  type TableWalk,
} from '../../lib/use-table-page.ts';
import { BoreholeTable } from './borehole-table.tsx';

export interface DatabaseScreenProps {
  /** The query string of the search and the table's order. */
  search: string;
  /** The page shown, from the server. */
  table: TableWalk;
  /** Changes the address (a new order, not a new search: the selection stays). */
  onOrder: (search: string) => void;
  selection: Selection;
  /** Query string for the links, with the filters and the selected ids. */
  linkQuery: string;
  onReset: () => void;
  /** Runs another search (an empty result's « Retirer » loosens it by one filter). */
  onSearch: (search: string) => void;
  /** The filters the search applies, with their French labels (URL parameter, « Projet : TOP3398 »). */
  filters: readonly { name: string; label: string }[];
  /** The 'Exporter' menu: the selection if any, else every match. */
  exportMenu: (target: ExportTarget) => ReactNode;
}

/**
 * What an empty result says: that no borehole matches, and each filter applied, to remove one by
 * one (or all at once); with no filter, that the organisation has no borehole yet.
 */
function NoMatch({
  search,
  filters,
  onSearch,
  onReset,
}: Pick<DatabaseScreenProps, 'search' | 'filters' | 'onSearch' | 'onReset'>) {
  if (filters.length === 0) return <p className="workspace__empty">Aucun résultat pour l’instant.</p>;
  const without = (name: string) => {
    const params = new URLSearchParams(search);
    params.delete(name);
    return `?${params}`;
  };
  return (
    <div className="workspace__empty" role="status">
      <p>
        <strong>Aucun forage ne correspond</strong> à {filters.length > 1 ? 'ces filtres' : 'ce filtre'}. Retirez-en un
        pour élargir la recherche :
      </p>
      <ul className="workspace__loosen">
        {filters.map((filter) => (
          <li key={filter.name}>
            <button className="workspace__loosen-filter" type="button" onClick={() => onSearch(without(filter.name))}>
              <span aria-hidden="true">×</span> {filter.label}
              <span className="sr-only"> (retirer ce filtre)</span>
            </button>
          </li>
        ))}
      </ul>
      {filters.length > 1 && (
        <button className="link-button" type="button" onClick={onReset}>
          Retirer tous les filtres
        </button>
      )}
    </div>
  );
}

/**
 * The database screen: its toolbar (count, exports, links carrying the selection) and the table,
 * sorted and paged by the server. « Tout sélectionner » selects every match of the search, on
 * every page, without loading them: the exports then ask the server for the whole search.
 */
export function DatabaseScreen({
  search,
  table,
  onOrder,
  selection,
  linkQuery,
  onReset,
  onSearch,
  filters,
  exportMenu,
}: DatabaseScreenProps) {
  const order = tableOrderOf(search);
  const { selected, allMatches } = selection;
  const count = allMatches ? table.total : selected.size;
  // Every match chosen: by the header's box, or one by one when they fit on one page.
  const everySelected =
    allMatches ||
    (table.total > 0 && table.rows.length === table.total && table.rows.every((row) => selected.has(row.id)));

  // A first click sorts a column up (the date: newest first), a second one the other way.
  const sortBy = (sort: TableSort) => {
    const dir: TableDirection =
      sort === order.sort ? (order.dir === 'asc' ? 'desc' : 'asc') : sort === 'date' ? 'desc' : 'asc';
    const params = new URLSearchParams(search);
    params.set('sort', sort);
    params.set('dir', dir);
    onOrder(`?${params}`);
  };
  return (
    <section className="workspace__table" aria-labelledby="database-title">
      <div className="workspace__toolbar">
        <h2 id="database-title">
          {countOf(table.total, 'résultat')} · {countOf(count, 'sélectionné')}
        </h2>
        <button className="button" type="button" onClick={onReset}>
          Réinitialiser
        </button>
        {exportMenu({ ids: count && !allMatches ? [...selected] : null, count: count || table.total })}
        <a className="button" aria-disabled={count === 0} href={count ? `/client/map${linkQuery}` : undefined}>
          Voir sur la carte
        </a>
        <a className="button" aria-disabled={count === 0} href={count ? `/client/reports${linkQuery}` : undefined}>
          Rapports
        </a>
        <button className="button" type="button" disabled={count === 0} onClick={selection.clear}>
          Effacer sélection
        </button>
      </div>
      {!table.loading && table.total === 0 && (
        <NoMatch search={search} filters={filters} onSearch={onSearch} onReset={onReset} />
      )}
      <BoreholeTable
        rows={table.rows}
        loading={table.loading}
        selected={selected}
        allMatches={allMatches}
        allSelected={everySelected}
        onToggle={(id) => selection.toggleAmong(id, table.rows)}
        onToggleAll={everySelected ? selection.clear : selection.selectAllMatches}
        order={order}
        onSort={sortBy}
        pager={table}
      />
    </section>
  );
}
