import type { Cell } from './lines.ts';
import { middleOf } from './log-reading.ts';

/** The heading of the descriptions' column, whose line holds the column headings. */
export const DESCRIPTION_HEADING = /^(description|lithologie)\b/i;

/** The row of column headings of a page: the cell « Description » and those on its line. */
export function headings(cells: readonly Cell[], page: number): Cell[] {
  const description = cells.find((cell) => cell.page === page && DESCRIPTION_HEADING.test(cell.text));
  if (!description) return [];
  return cells.filter(
    (cell) => cell.page === page && Math.abs(middleOf(cell.box) - middleOf(description.box)) < description.box.height,
  );
}
