import { numberOf, type Cell } from './lines.ts';
import { centreOf, median, middleOf } from './log-reading.ts';

/**
 * The heading of the descriptions' column, whose line holds the column headings: as French and
 * English logs name it (« Description », « Description des sols », « Stratigraphie », « Nature du
 * sol », « Soil description », « Material description » as North American logs have it, « Strata »,
 * « Lithology », « Soil profile ») — not a log's title (« PROFIL STRATIGRAPHIQUE »).
 */
export const DESCRIPTION_HEADING =
  /^(?:description|lithologi[ea]|lithology|stratigraphie|nature\s+(?:du|des)\s+(?:sols?|mat[ée]riaux)|(?:soil|materials?|rock|strata|stratum)\s+description|(?:soil|subsurface)\s+profile|strat(?:a|um))\b/i;

/**
 * The heading of an SPT column, as logs write it: « N », « SPT », « N SPT », « Indice N », « Valeur N »
 * (or « Indice », « Valeur » over an « N » OCR lost), « N
 * (coups/300 mm) », « Indice N (coups / 300 mm) », « Coups », « Nombre de coups », « Coups / 150 mm » (its
 * « / » lost: « Coups 150 »), « Blows », « N value », « N value (blows/ft) » — not the plot's « N (0 à
 * 50) », a range over a plot and no column of numbers; « N ou RQD » (« Nou » as OCR reads it), a
 * column shared with the cores' RQD, which are written with their « % ».
 */
export const SPT_HEADING =
  /^(?:spt(?:[\s-]*n)?|n\s*(?:ou|or|\/)(?:\s*rqd)?|n(?:[\s-]*spt)?|(?:indice|valeur)(?:\s+n)?|n\s*\((?!\s*0\s*(?:[àa]|-|–))[^)]*\)|(?:nombre\s+de\s+)?coups(?:\s*\/.*|\s+(?:par|per|\d).*)?|blows(?:\s*\/.*|\s+(?:per|\d).*)?|n[\s-]*value|(?:indice|valeur)\s+n\s*\((?!\s*0\s*(?:[àa]|-|–))[^)]*\)|n[\s-]*value\s*\([^)]*\))$/i;

/** An SPT heading over the blows of each increment (« Coups / 150 mm », « Blows »), not over N. */
export const BLOWS_HEADING = /^(?:nombre\s+de\s+)?(?:coups|blows)\b/i;

/**
 * The column headings of a page: the cell « Description » and those on its line, and on the rows
 * stacked just above and under it — a heading may group two columns over their own (« ESSAI SPT »
 * over « Coups / 150 mm » and « Indice N »), « Description » set between the rows. A row holding a
 * number or a phrase (the scale's « 0 », a description's first line) is the body's, or the
 * header's: the headings stop there.
 */
export function headings(cells: readonly Cell[], page: number): Cell[] {
  const description = descriptionHeading(cells, page);
  if (!description) return [];
  const onLine = (line: number) => cells.filter((cell) => cell.page === page && cell.line === line);
  // The headings' type: the median height on the line of « Description », which a scan may box
  // twice as high as it is (its words run into a rule: the least of its words', then) — not counting
  // a rule OCR read there (« = », « === », « EE », a fifth as high).
  const own = Math.min(...description.words.map((word) => word.box.height));
  const line = onLine(description.line).filter((cell) => cell.box.height >= RULE * description.box.height);
  const height = Math.min(own, median(line.map((cell) => cell.box.height)));
  const reach = HEADING_ROWS * height;
  // A stacked row's marks (a rotated heading or a symbol's hatching read « o », « > » in small type)
  // are set aside; a number stays, and says the row is the body's. On the line of « Description »,
  // every cell is a heading (« Base (m) » may be set smaller than a heading OCR boxed large).
  const rows = [onLine(description.line)];
  for (const step of [-1, 1]) {
    let last = middleOf(description.box);
    for (let line = description.line + step; Math.abs(line - description.line) <= HEADING_ROWS_MOST; line += step) {
      const row = onLine(line).filter((cell) => !markBy(cell, height));
      // A line of marks only is passed over.
      if (row.length === 0) continue;
      const middle = Math.min(...row.map((cell) => Math.abs(middleOf(cell.box) - last)));
      if (middle > reach || !headingRow(row, height)) break;
      rows.push(row);
      last = middleOf(row[0]!.box);
    }
  }
  return rows.flat();
}

/**
 * The heading of the descriptions' column on a page: the first that DESCRIPTION_HEADING matches,
 * or one stacked under it, a few lines down (« STRATIGRAPHIE » grouping the symbol and « DESCRIPTION
 * DES SOLS ET DU ROC »): the lowest, whose line holds the columns' own headings.
 */
export function descriptionHeading(cells: readonly Cell[], page: number): Cell | undefined {
  const found = cells.filter((cell) => cell.page === page && DESCRIPTION_HEADING.test(cell.text));
  const first = found[0];
  // A heading that says « description » is the column's own, a translation under it (« Description
  // des matériaux » over « Material description ») notwithstanding.
  if (!first || /description/i.test(first.text)) return first;
  const stacked = found.filter(
    (cell) => cell.box.y > first.box.y && cell.box.y - first.box.y < STACKED_HEADING * first.box.height,
  );
  return stacked.at(-1) ?? first;
}

/** A rule read as marks is less than this share of the height of « Description » on its line. */
const RULE = 0.4;

/** A description's heading under a group's stands within this many times its height of it. */
const STACKED_HEADING = 8;

/** Where the headings end: the lowest foot of a heading. */
export const headingsBottom = (heads: readonly Cell[]) =>
  Math.max(...heads.map((head) => head.box.y + head.box.height));

/**
 * A mark, not a heading: no digit (a figure, even small or garbled, « 10-06 », « Z 7,00 », is the
 * body's), and smaller type than the headings' or neither letter nor %.
 */
const markBy = (cell: Cell, height: number) =>
  !/\d/.test(cell.text) && (cell.box.height < 0.6 * height || !/[\p{L}%]/u.test(cell.text));

/**
 * A row of headings: words (« Type », « Récup. »), units (« (%) », « (m) »), spans of blows (« 0-150 »)
 * beside a word, in type about the size of
 * « Description »'s; two of them, or one word of three letters at least (« (%) · 150 mm · N » under
 * their groups) — not a number, a phrase, nor a mark OCR read in a column's hatching or by its ticks
 * (« A », « TU », « JUTZ » a third as high).
 */
const headingRow = (row: readonly Cell[], height: number) =>
  (row.length >= 2 || row.some((cell) => /\p{L}{3}/u.test(cell.text))) &&
  row.some((cell) => /[\p{L}%]/u.test(cell.text)) &&
  row.every(
    (cell) =>
      numberOf(cell.text) === null &&
      // Not a header's field, its value after a colon (« Long. : -73,80205 », « Élévation : N/D »).
      !/\S\s*:\s*\S/.test(cell.text) &&
      cell.box.height >= 0.6 * height &&
      // Not a phrase: a note in brackets under a heading may be long (« (classification visuelle et tactile) »).
      (cell.text.length <= 30 || /^\(.*\)$/.test(cell.text.trim())) &&
      // A unit in brackets OCR misread (« (9) » for « (%) ») is one still.
      (/[\p{L}%]/u.test(cell.text) || INCREMENT.test(cell.text.trim()) || /^\(.{1,6}\)$/.test(cell.text.trim())),
  );

/** The span of a column of blows, in millimetres, over its « mm »: « 0-150 », « 150-300 ». */
const INCREMENT = /^\d{1,3}\s*[-–]\s*\d{2,3}$/;

/**
 * A row of headings stands within this many times the height of « Description » of the next: a
 * group's row (« ÉCHANTILLONS » over « Type » · « N° ») is a table's row of its own, further apart
 * than lines of text, and OCR boxes capitals tight (2 was short by a tenth on « cote »).
 */
const HEADING_ROWS = 2.5;
/** Rows of headings above or under the one of « Description », at most. */
const HEADING_ROWS_MOST = 3;

/**
 * Where the lines of the column headed by a heading matching `heading` may start on a page: right of
 * the heading before it, left of the heading after it (a heading stands within its column, often
 * centred over it); the whole page's width when no such heading was read.
 */
export function columnBounds(cells: readonly Cell[], page: number, heading: RegExp): { left: number; right: number } {
  const heads = headings(cells, page).sort((a, b) => a.box.x - b.box.x);
  const head = heads.find((each) => heading.test(each.text));
  if (!head) return { left: 0, right: 1 };
  // The nearest headings beside it, not those of its own columns under it (« ÉCHANTILLONS » over
  // « Type-n° » and « Coups/0,15 m »).
  const [start, end] = [head.box.x, head.box.x + head.box.width];
  const before = heads.filter((each) => each.box.x + each.box.width <= start);
  const after = heads.filter((each) => each.box.x >= end);
  return {
    left: Math.max(0, ...before.map((each) => each.box.x + each.box.width)),
    right: Math.min(1, ...after.map((each) => each.box.x)),
  };
}

/** Where the description column's lines may start on a page (columnBounds). */
export const descriptionBounds = (cells: readonly Cell[], page: number) =>
  columnBounds(cells, page, DESCRIPTION_HEADING);

/** The headings, on every page, whose text a pattern matches (« N », « Éch. »). */
export function headed(cells: readonly Cell[], heading: RegExp): Cell[] {
  const pages = new Set(cells.map((cell) => cell.page));
  return [...pages].flatMap((page) => headings(cells, page).filter((head) => heading.test(head.text.trim())));
}

/** True when a cell stands under a heading: on its page, centred within the heading's half-width (or 0.02 of the page). */
export const withinColumn = (cell: Cell, head: Cell) =>
  cell.page === head.page && Math.abs(centreOf(cell.box) - centreOf(head.box)) < Math.max(head.box.width / 2, 0.02);
