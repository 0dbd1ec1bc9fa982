import type { Cell } from './lines.ts';
import { middleOf } from './log-reading.ts';

/**
 * The heading of the descriptions' column, whose line holds the column headings: as French and
 * English logs name it (« Description », « Description des sols », « Stratigraphie », « Nature du
 * sol », « Soil description », « Strata »).
 */
export const DESCRIPTION_HEADING =
  /^(?:description|lithologie|stratigraphie|nature\s+(?:du|des)\s+(?:sols?|mat[ée]riaux)|soil\s+description|strat(?:a|um))\b/i;

/**
 * The heading of an SPT column, as logs write it: « N », « SPT », « N SPT », « Indice N », « N
 * (coups/300 mm) », « Coups », « Nombre de coups », « Blows », « N value » — not the plot's « N (0 à
 * 50) », a range over a plot and no column of numbers.
 */
export const SPT_HEADING =
  /^(?:spt(?:[\s-]*n)?|n(?:[\s-]*spt)?|indice\s+n|n\s*\((?!\s*0\s*(?:[àa]|-|–))[^)]*\)|(?:nombre\s+de\s+)?coups(?:\s*\/.*)?|blows(?:\s*\/.*)?|n[\s-]*value)$/i;

/** The row of column headings of a page: the cell « Description » and those on its line. */
export function headings(cells: readonly Cell[], page: number): Cell[] {
  const description = cells.find((cell) => cell.page === page && DESCRIPTION_HEADING.test(cell.text));
  if (!description) return [];
  return cells.filter(
    (cell) => cell.page === page && Math.abs(middleOf(cell.box) - middleOf(description.box)) < description.box.height,
  );
}

/**
 * Where the lines of the column headed by a heading matching `heading` may start on a page: right of
 * the heading before it, left of the heading after it (a heading stands within its column, often
 * centred over it); the whole page's width when no such heading was read.
 */
export function columnBounds(cells: readonly Cell[], page: number, heading: RegExp): { left: number; right: number } {
  const heads = headings(cells, page).sort((a, b) => a.box.x - b.box.x);
  const index = heads.findIndex((head) => heading.test(head.text));
  if (index === -1) return { left: 0, right: 1 };
  const [before, after] = [heads[index - 1], heads[index + 1]];
  return { left: before ? before.box.x + before.box.width : 0, right: after ? after.box.x : 1 };
}

/** Where the description column's lines may start on a page (columnBounds). */
export const descriptionBounds = (cells: readonly Cell[], page: number) =>
  columnBounds(cells, page, DESCRIPTION_HEADING);
