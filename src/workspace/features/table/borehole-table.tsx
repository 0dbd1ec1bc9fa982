import { useState, type KeyboardEvent } from 'react';
import { labelOf, PURPOSE_LABELS, TYPE_LABELS, type Borehole } from '../../../domain/borehole.ts';
import { formatCoordinate, formatDate, formatDepth } from '../../../domain/format.ts';
import { recordPath } from '../../../domain/record.ts';

export interface BoreholeTableProps {
  rows: Borehole[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
}

const COLUMNS = [
  'ID',
  'Projet/Site',
  'Municipalité',
  'Date',
  'But',
  'Type',
  'Méthode',
  'Profondeur',
  'Adresse',
  'Lat',
  'Lon',
];

/** Rows per page of the table. */
export const PAGE_SIZE = 100;

/**
 * The database table, 100 rows a page: a row toggles its selection by click or Space (once: Enter
 * does not toggle it back), the arrow keys, Home and End move between rows; the header's box
 * selects every result, on every page.
 */
export function BoreholeTable({ rows, selected, onToggle, onToggleAll }: BoreholeTableProps) {
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const [page, setPage] = useState(0);
  const [shownRows, setShownRows] = useState(rows);
  // A new search starts again at the first page.
  if (shownRows !== rows) {
    setShownRows(rows);
    setPage(0);
  }
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const first = page * PAGE_SIZE;
  const pageRows = rows.slice(first, first + PAGE_SIZE);
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
  return (
    <>
      <div className="table-scroll">
        <table className="borehole-table">
          <thead>
            <tr>
              <th scope="col">
                <input type="checkbox" aria-label="Tout sélectionner" checked={allSelected} onChange={onToggleAll} />
              </th>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {pageRows.map((row) => {
              const isSelected = selected.has(row.id);
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
      {pages > 1 && (
        <nav className="table-pager" aria-label="Pages du tableau">
          <button className="button" type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Précédent
          </button>
          <span aria-live="polite">
            Lignes {first + 1}–{first + pageRows.length} sur {rows.length}
          </span>
          <button className="button" type="button" disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>
            Suivant
          </button>
        </nav>
      )}
    </>
  );
}
