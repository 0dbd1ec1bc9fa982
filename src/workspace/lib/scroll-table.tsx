import type { ReactNode } from 'react';

/** One column of a ScrollTable: its heading and what each row shows in it. */
export interface TableColumn<Row> {
  heading: string;
  /** Read by screen readers, not shown (a column of buttons). */
  hiddenHeading?: boolean;
  cell: (row: Row) => ReactNode;
  /** The class of the column's cells. */
  cellClass?: string;
}

export interface ScrollTableProps<Row> {
  /** The frame's name, e.g. « Tableau des comptes ». */
  label: string;
  /** Said to screen readers before the table: what its rows are, in which order. */
  caption: ReactNode;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The `data-*` attributes a row is found by (styles, tests). */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
  /** Classes of the frame and of the table, in the block of the screen that shows it. */
  frameClass: string;
  tableClass: string;
}

/**
 * The tables of the workspace's lists (accounts, invitations, webhooks, journal, API tokens, share
 * links): column headings scoped for screen readers; on a phone each row becomes a card whose cells
 * say their column (`data-label`), so that no column hides off-screen; between the two, a frame that
 * scrolls sideways and takes the focus, so that a keyboard scrolls it even when no row has a button.
 */
export function ScrollTable<Row>({
  label,
  caption,
  columns,
  rows,
  rowKey,
  rowData,
  frameClass,
  tableClass,
}: ScrollTableProps<Row>) {
  return (
    <div className={frameClass} tabIndex={0} role="group" aria-label={label}>
      <table className={`scroll-table ${tableClass}`}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map(({ heading, hiddenHeading }) => (
              <th key={heading} scope="col">
                {hiddenHeading ? <span className="sr-only">{heading}</span> : heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowData?.(row)}>
              {columns.map(({ heading, hiddenHeading, cell, cellClass }) => (
                <td key={heading} className={cellClass} data-label={hiddenHeading ? undefined : heading}>
                  {cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
