import type { KeyboardEvent } from 'react';
import { labelOf, PURPOSE_LABELS, TYPE_LABELS, type Borehole } from '../../../domain/borehole.ts';
import { formatCoordinate, formatDate, formatDepth, numberFormat } from '../../../domain/format.ts';
import { recordPath } from '../../../domain/record.ts';
import type { TableDirection, TableSort, TableWalk } from '../../lib/use-table-page.ts';

export interface BoreholeTableProps {
  /** The page shown. */
  rows: Borehole[];
  /** A page is on its way: the rows shown are the previous ones. */
  loading: boolean;
  selected: ReadonlySet<string>;
  /** Every match is selected, on every page. */
  allMatches: boolean;
  /** The header's box is checked. */
  allSelected: boolean;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  order: { sort: TableSort; dir: TableDirection };
  onSort: (sort: TableSort) => void;
  /** Where the page starts among `total` matches; the way to the pages around it, null at an end. */
  pager: Pick<TableWalk, 'first' | 'total' | 'previous' | 'next'>;
}

/** The columns after the select circle, each with the server's sort key. */
const COLUMNS: readonly (readonly [string, TableSort])[] = [
  ['ID', 'id'],
  ['Projet/Site', 'project'],
  ['Municipalité', 'municipality'],
  ['Date', 'date'],
  ['But', 'purpose'],
  ['Type', 'type'],
  ['Méthode', 'method'],
  ['Profondeur', 'depth'],
  ['Adresse', 'address'],
  ['Lat', 'lat'],
  ['Lon', 'lon'],
];

const thousands = numberFormat();

/**
 * The database table, one page of the server's at a time: a click on a column's heading sorts by
 * it (again: the other way); a row toggles its selection by click or Space (once: Enter does not
 * toggle it back), the arrow keys, Home and End move between rows; the header's box selects every
 * match, on every page.
 */
export function BoreholeTable({
  rows,
  loading,
  selected,
  allMatches,
  allSelected,
  onToggle,
  onToggleAll,
  order,
  onSort,
  pager,
}: BoreholeTableProps) {
  const onKey = (event: KeyboardEvent<HTMLTableRowElement>, id: string) => {
    const row = event.currentTarget;
    const target = {
      ArrowDown: row.nextElementSibling,
      ArrowUp: row.previousElementSibling,
      Home: row.parentElement?.firstElementChild,
      End: row.parentElement?.lastElementChild,
    }[event.key];
    if (event.key === ' ') {
      event.preventDefault();
      onToggle(id);
    } else if (target !== undefined) {
      event.preventDefault();
      if (target instanceof HTMLElement) target.focus();
    }
  };
  const { first, total } = pager;
  return (
    <>
      <div className="table-scroll">
        <table className="borehole-table" aria-busy={loading}>
          <thead>
            <tr>
              <th scope="col">
                <input type="checkbox" aria-label="Tout sélectionner" checked={allSelected} onChange={onToggleAll} />
              </th>
              {COLUMNS.map(([column, sort]) => {
                const sorted = order.sort === sort ? (order.dir === 'asc' ? 'ascending' : 'descending') : undefined;
                return (
                  <th key={column} scope="col" aria-sort={sorted}>
                    <button type="button" className="borehole-table__sort" onClick={() => onSort(sort)}>
                      {column}
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const isSelected = allMatches || selected.has(row.id);
              return (
                <tr
                  key={row.id}
                  tabIndex={0}
                  aria-selected={isSelected}
                  onClick={() => onToggle(row.id)}
                  onKeyDown={(event) => onKey(event, row.id)}
                >
                  <td>
                    <span className="select-circle" data-checked={isSelected} aria-hidden="true" />
                  </td>
                  <th scope="row">
                    {/* The link opens the record; a click elsewhere on the row selects it. */}
                    <a
                      href={recordPath(row.id)}
                      onClick={(event) => event.stopPropagation()}
                      onKeyDown={(event) => event.stopPropagation()}
                    >
                      {row.id}
                    </a>
                  </th>
                  <td>
                    {row.project}
                    <br />
                    <small>{row.site}</small>
                  </td>
                  <td>{row.muni}</td>
                  <td>{formatDate(row.date)}</td>
                  <td>{PURPOSE_LABELS[row.purpose]}</td>
                  <td>{TYPE_LABELS[row.type]}</td>
                  <td>{labelOf(row.method)}</td>
                  <td className="num">{formatDepth(row.depth)}</td>
                  <td>{row.addr}</td>
                  <td className="num">{formatCoordinate(row.lat)}</td>
                  <td className="num">{formatCoordinate(row.lon)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {(pager.previous || pager.next) && (
        <nav className="table-pager" aria-label="Pages du tableau">
          <button className="button" type="button" disabled={!pager.previous} onClick={pager.previous ?? undefined}>
            Précédent
          </button>
          <span aria-live="polite">
            Lignes {thousands.format(first + 1)}–{thousands.format(first + rows.length)} sur {thousands.format(total)}
          </span>
          <button className="button" type="button" disabled={!pager.next} onClick={pager.next ?? undefined}>
            Suivant
          </button>
        </nav>
      )}
    </>
  );
}
