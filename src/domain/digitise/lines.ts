import { unionOf, type Box, type Word } from './words.ts';

/** Words side by side on one line of a page, with no wide gap between them: a cell of a table, a phrase. */
export interface Cell {
  text: string;
  page: number;
  box: Box;
  words: Word[];
  /** The line of the pages it is on, counted from the top of the first page. */
  line: number;
}

/** Words whose vertical middles lie closer than this share of the taller one's height are on one line. */
const SAME_LINE = 0.5;
/** A gap wider than this many characters' width splits a line into cells. */
const CELL_GAP = 1.6;

/**
 * The cells of each page, top to bottom and left to right: the words grouped into lines by their
 * vertical middles, each line cut where the gap between two words is wider than a couple of
 * characters (a column's edge).
 */
export function cellsOf(words: readonly Word[]): Cell[] {
  const cells: Cell[] = [];
  let lineNumber = 0;
  const pages = [...new Set(words.map((word) => word.page))].sort((a, b) => a - b);
  for (const page of pages) {
    const onPage = words.filter((word) => word.page === page).sort((a, b) => middle(a.box) - middle(b.box));
    const heights = onPage.map((word) => word.box.height).sort((a, b) => a - b);
    const typical = heights[Math.floor(heights.length / 2)] ?? 0;
    const lines: Word[][] = [];
    let sum = 0;
    for (const word of onPage) {
      const line = lines.at(-1);
      const reference = line?.[0];
      // Off the middle of the line's words so far by less than half the taller of the word and
      // the line's first: a symbol's small marks (« xxx ») may start a line that the words beside
      // them, set a hair lower, are on too. Not a first word more than twice as tall as the page's
      // words: a symbol's hatching read as one tall « word » would take in the lines of text beside it.
      const height = Math.max(word.box.height, Math.min(reference?.box.height ?? 0, 2 * typical));
      if (line && reference && Math.abs(middle(word.box) - sum / line.length) < SAME_LINE * height) {
        line.push(word);
        sum += middle(word.box);
      } else {
        lines.push([word]);
        sum = middle(word.box);
      }
    }
    for (const line of lines) {
      lineNumber++;
      line.sort((a, b) => a.box.x - b.box.x);
      // The line's usual character width: a colon or a dash alone would make every gap look wide.
      const widths = line.map(characterWidth).sort((a, b) => a - b);
      const character = widths[Math.floor(widths.length / 2)]!;
      let cell: Word[] = [];
      for (const word of line) {
        // A table's vertical rule, read as a bar, is a column's edge.
        if (/^[|¦]+$/.test(word.text)) {
          if (cell.length) cells.push(cellOf(cell, page, lineNumber));
          cell = [];
          continue;
        }
        const last = cell.at(-1);
        if (last && word.box.x - (last.box.x + last.box.width) > CELL_GAP * character) {
          cells.push(cellOf(cell, page, lineNumber));
          cell = [];
        }
        cell.push(word);
      }
      if (cell.length) cells.push(cellOf(cell, page, lineNumber));
    }
  }
  return cells;
}

const middle = (box: Box) => box.y + box.height / 2;
const characterWidth = (word: Word) => word.box.width / Math.max(1, [...word.text].length);

function cellOf(words: Word[], page: number, line: number): Cell {
  const text = words.map((word) => word.text).join(' ');
  return { text, page, box: unionOf(words.map((word) => word.box)), words, line };
}

/** A cell of some of another's words (a mark OCR joined before them left out), on its page and line. */
export const withWords = (cell: Cell, words: Word[]): Cell => cellOf(words, cell.page, cell.line);

/**
 * Each cell, then each cell joined to the next one on its line, and a label joined to the cell just
 * under it, with where the join is (`split`, the joined text's length before the second cell): on a
 * form, a printed label and the value written after it by hand stand a column's gap apart (« Date de
 * début : » · « 04/03/2021 »); in a header grid, each box prints its label small at its top and its
 * value under it (« Date du forage » over « 2023-11-05 »).
 */
export function phrasesOf(cells: readonly Cell[]): { cell: Cell; split: number | null }[] {
  const byLine = new Map<number, Cell[]>();
  for (const cell of cells) byLine.set(cell.line, [...(byLine.get(cell.line) ?? []), cell]);
  return cells.flatMap((cell, i) => {
    const phrases: { cell: Cell; split: number | null }[] = [{ cell, split: null }];
    const next = cells[i + 1];
    if (next && next.line === cell.line) {
      phrases.push({ cell: cellOf([...cell.words, ...next.words], cell.page, cell.line), split: cell.text.length + 1 });
    }
    // A label (no digit) over a cell that starts where it starts, a line below and close under it;
    // or over a value in larger type set across from it, its lines' next or the one after (a title
    // block's « SONDAGE N° » over « F-100A », a line of other boxes between them).
    const close = (other: Cell) =>
      other.page === cell.page &&
      // A label set small over its value: the gap as either's height allows.
      other.box.y - (cell.box.y + cell.box.height) < 1.5 * Math.max(cell.box.height, other.box.height);
    const across = (other: Cell) =>
      other.box.height > 1.5 * cell.box.height &&
      other.box.x < cell.box.x + cell.box.width &&
      other.box.x + other.box.width > cell.box.x;
    const below = /\d/.test(cell.text)
      ? undefined
      : (byLine.get(cell.line + 1)?.find((other) => close(other) && Math.abs(other.box.x - cell.box.x) < STACKED) ??
        [cell.line + 1, cell.line + 2]
          .flatMap((line) => byLine.get(line) ?? [])
          .find((other) => close(other) && across(other)));
    // A label and what follows it on its row, specks set aside: a row a scan tilted may be cut
    // into lines (« Date du forage » · « 21 » a hair lower than « mai 2021 »).
    const row = /\d/.test(cell.text) ? [] : rowAfter(cell, byLine);
    if (row.length > 1 || (row.length === 1 && row[0] !== next)) {
      phrases.push({
        cell: cellOf([...cell.words, ...row.flatMap((other) => other.words)], cell.page, cell.line),
        split: cell.text.length + 1,
      });
    }
    if (below) {
      phrases.push({
        cell: cellOf([...cell.words, ...below.words], cell.page, cell.line),
        split: cell.text.length + 1,
      });
    }
    // A form's label set small under the line its value is written on (« 314 572,8 » over
    // « Coordonnée X (Est), m »): the label, then the value over it — when no figure is under it
    // (a grid's box prints its label over its value, under the box above's).
    const over =
      /\d/.test(cell.text) || (below && /\d/.test(below.text))
        ? undefined
        : byLine.get(cell.line - 1)?.find(
            (other) =>
              other.page === cell.page &&
              /\d/.test(other.text) &&
              Math.abs(other.box.x - cell.box.x) < STACKED &&
              cell.box.y - (other.box.y + other.box.height) < 1.5 * Math.max(cell.box.height, other.box.height) &&
              // As large as the label at least; OCR may box a label with brackets a little taller.
              other.box.height >= 0.8 * cell.box.height &&
              // Not a value nearer a label of its own over it (a grid's box over ours).
              !byLine
                .get(other.line - 1)
                ?.some(
                  (label) =>
                    !/\d/.test(label.text) &&
                    Math.abs(label.box.x - other.box.x) < STACKED &&
                    other.box.y - (label.box.y + label.box.height) <= cell.box.y - (other.box.y + other.box.height),
                ),
          );
    if (over) {
      phrases.push({ cell: cellOf([...cell.words, ...over.words], cell.page, cell.line), split: cell.text.length + 1 });
    }
    return phrases;
  });
}

/**
 * The cells right of a label on its row, left to right: on its line or the lines next to it, their
 * middles within half a line of its own (or a little lower, ROW_REACH); not specks (no letter, no digit, or a hair high: a dotted
 * leader's dots read « . 5 » before the value); four at most.
 */
function rowAfter(label: Cell, byLine: Map<number, Cell[]>): Cell[] {
  const middleOf = (cell: Cell) => cell.box.y + cell.box.height / 2;
  const within = (reach: number) =>
    [label.line - 1, label.line, label.line + 1]
      .flatMap((line) => byLine.get(line) ?? [])
      .filter(
        (other) =>
          other.page === label.page &&
          other.box.x >= label.box.x + label.box.width &&
          /[\p{L}\d]/u.test(other.text) &&
          other.box.height >= SPECK * label.box.height &&
          Math.abs(middleOf(other) - middleOf(label)) < reach * Math.max(label.box.height, other.box.height),
      )
      .sort((a, b) => a.box.x - b.box.x)
      .slice(0, 4);
  // On its line; and a value set lower in the label's box, before the next label on its line: short,
  // with a figure, not a line of a note nor a note's number (« 2 », « 4. »).
  const level = within(0.5);
  if (level.some((other) => /\d/.test(other.text))) return level;
  const next = level[0]?.box.x ?? Infinity;
  const lower = within(ROW_REACH).filter(
    (other) =>
      !level.includes(other) &&
      other.box.x < next &&
      /\d/.test(other.text) &&
      other.text.length <= VALUE_LENGTH &&
      !/^\d{1,2}\.?$/.test(other.text.trim()),
  );
  return [...lower, ...level].slice(0, 4);
}

/**
 * A value set lower in a label's box has its middle within this many of their heights of the
 * label's (« Date du forage » · « 18.07.2019 » half a line lower, nothing else on the label's line).
 */
const ROW_REACH = 0.8;
/** The most characters of a value set lower than its label. */
const VALUE_LENGTH = 24;

/** A cell under this share of a label's height beside it is a speck. */
const SPECK = 0.4;

/** A value under its label starts within this share of the page of the label's left edge. */
const STACKED = 0.01;

/**
 * A number as logs write it: a comma or a point before the decimals, spaces (or no-break spaces)
 * between thousands; null for anything else.
 *
 * @example numberOf('1 234,5') // 1234.5
 */
export function numberOf(text: string): number | null {
  // OCR reads a scale's tick beside its number as a dash or a bar after it (« 2 — »), a speck
  // before a number as a quote (« ‘13,49 »), and a handwritten 1 at its end as a bracket (« 1,9] »).
  // A rule OCR reads before a number, apart from it (« — 3,78 », « - 52,66 »), is no minus sign,
  // which is set against its number (« -73,5 »).
  // Thousands set apart by commas, as English writes them, show by a point after them or two commas
  // or more (« 5,067,090.2 », « 314,572.8 »); « 1,234 » alone is a decimal comma.
  const english = /^\s*(\d{1,3}(?:,\d{3})+\.\d+|\d{1,3}(?:,\d{3}){2,})\s*$/.exec(text);
  if (english) return Number(english[1]!.replaceAll(',', ''));
  const compact = text
    .replace(/^\s*[—–_-]+\s+(?=\d)/, '')
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^[‘’'`"“”«]+/, '')
    .replace(/[—–_|\]-]+$/, '')
    .replace(',', '.');
  if (!/^[-−]?\d+(\.\d+)?$/.test(compact)) return null;
  // A run of hundreds of digits is no measure (Infinity).
  const value = Number(compact.replace('−', '-'));
  return Number.isFinite(value) ? value : null;
}
