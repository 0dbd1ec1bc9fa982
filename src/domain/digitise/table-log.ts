import { layerSoil } from '../soil.ts';
import { BLOWS_HEADING, descriptionBounds, DESCRIPTION_HEADING, headings, SPT_HEADING } from './headings.ts';
import { numberOf, type Cell } from './lines.ts';
import {
  BLOWS,
  centreOf,
  describes,
  endsHole,
  inSentenceCase,
  isHatching,
  LETTERS,
  middleOf,
  RANGE_LED,
  sampleLabel,
  withoutTopDepth,
  type LogReading,
  type ReadLayer,
} from './log-reading.ts';
import { unionOf } from './words.ts';

/** Column headings of a layer table: where each layer's base, and maybe its top, is written. */
const BASE_HEADING = /^(?:à|a|to|base)(?:\s|\(|$)/i;
const TOP_HEADING = /^(?:de|from|sommet|top)(?:\s|\(|$)/i;
const FROM_HEADING = /^(?:de|from)(?:\s|\(|$)/i;
/** Where the layer table ends: the heading of the tests or samples set after it. */
const TABLE_END = /(?:spt|p[ée]n[ée]tration|[ée]chantillons|essais)/i;
/** A cell in a column starts within this share of the page of its heading's left edge. */
const COLUMN_SLACK = 0.025;

const inColumnOf = (cell: Cell, head: Cell) =>
  cell.page === head.page && Math.abs(cell.box.x - head.box.x) < COLUMN_SLACK;
const sameLine = (a: Cell, b: Cell) =>
  a.page === b.page && Math.abs(middleOf(a.box) - middleOf(b.box)) < Math.max(a.box.height, b.box.height) * 0.6;

/** What a log set as tables gives: its layers, its SPT tests and its samples. */
type TableReading = Pick<LogReading, 'layers' | 'spt' | 'samples'>;

/**
 * The layers and SPT tests of a log set as tables, or null when it is not one: on each page whose
 * headings (the line of « Description ») name a base column, each number in that column starts a
 * layer, whose description is the text beside and under it down to the next row; the top is the
 * « De » column's number on its line, else the base before. The SPT tests and samples are the rows
 * of the table headed « Prof… » (testsTable).
 */
export function tableOf(cells: readonly Cell[], deepest: number): TableReading | null {
  const layers: ReadLayer[] = [];
  // The « De » columns whose heading OCR lost, found beside « À »: the tests' rows may be read by them.
  const tops: Cell[] = [];
  let found = false;
  for (const page of [...new Set(cells.map((cell) => cell.page))].sort((a, b) => a - b)) {
    const heads = headings(cells, page);
    const description = heads.find((head) => DESCRIPTION_HEADING.test(head.text));
    // « De » before « Sommet »: « Élév. » over « sommet (m) » is the top's elevation.
    const readTop =
      heads.find((head) => FROM_HEADING.test(head.text)) ?? heads.find((head) => TOP_HEADING.test(head.text));
    const readBase = heads.find((head) => BASE_HEADING.test(head.text));
    const base = readBase ?? (readTop && description && besideDepths(cells, readTop, 'right'));
    const top = readTop ?? (readBase && description && besideDepths(cells, readBase, 'left'));
    if (!base || !description) continue;
    found = true;
    if (top && !readTop) tops.push(top);
    const below = cells.filter((cell) => cell.page === page && cell.box.y > base.box.y + base.box.height);
    const rows = below.filter((cell) => inColumnOf(cell, base) && numberOf(cell.text) !== null);
    // A row whose « À » OCR could not read (« 15:39 ») still starts by its « De », written with its
    // decimals (not a stray figure of the column).
    if (top) {
      const tops = below.filter((cell) => inColumnOf(cell, top) && /^\d{1,3}[,.]\d{2}$/.test(cell.text.trim()));
      rows.push(...tops.filter((cell) => !rows.some((row) => sameLine(row, cell))));
    }
    // The heading may be centred over a wide column: its lines start right of the heading before.
    const { left, right } = descriptionBounds(cells, page);
    const text = Math.min(description.box.x, left + COLUMN_SLACK);
    layers.push(...tableRows(below, rows, { top, text, right, before: layers.at(-1)?.base ?? 0, deepest }));
  }
  return found ? { layers, ...testsTable(cells, deepest, tops) } : null;
}

/**
 * The other depth column of a table whose « À » (or « De ») OCR lost, beside the one it read: the
 * numbers right (left) of that column's, the nearest on their lines, two rows at least sharing a
 * left edge — as a heading over them, on the read heading's line.
 */
function besideDepths(cells: readonly Cell[], head: Cell, side: 'right' | 'left'): Cell | undefined {
  const depths = cells.filter(
    (cell) => cell.box.y > head.box.y + head.box.height && inColumnOf(cell, head) && numberOf(cell.text) !== null,
  );
  const beside = depths.flatMap((depth) => {
    const next = cells
      .filter(
        (cell) =>
          sameLine(cell, depth) &&
          (side === 'right' ? cell.box.x > depth.box.x + depth.box.width : cell.box.x + cell.box.width < depth.box.x),
      )
      .sort((a, b) => (side === 'right' ? a.box.x - b.box.x : b.box.x - a.box.x))[0];
    return next && numberOf(next.text) !== null ? [next] : [];
  });
  const column = columnsByLeftEdge(beside).sort((a, b) => b.length - a.length)[0];
  if (!column || column.length < 2) return undefined;
  const x = Math.min(...column.map((cell) => cell.box.x));
  return { ...head, text: side === 'right' ? 'À' : 'De', box: { ...head.box, x }, words: [] };
}

/**
 * A layer table whose headings were not read: the longest column of numbers growing down the
 * pages (most of them: OCR misreads a digit now and then), each with text just right of it on its
 * line — a depth, then its layer's description.
 */
export function headlessTableOf(cells: readonly Cell[], deepest: number): TableReading | null {
  const besideText = (cell: Cell) =>
    cells.find(
      (other) =>
        sameLine(other, cell) &&
        other.box.x > cell.box.x + cell.box.width &&
        other.box.x - (cell.box.x + cell.box.width) < 0.2 &&
        LETTERS.test(other.text),
    );
  const starts = cells.filter((cell) => numberOf(cell.text) !== null && besideText(cell));
  let best: Cell[] = [];
  for (const column of columnsByLeftEdge(starts)) {
    const ordered = column.sort((a, b) => a.page - b.page || a.box.y - b.box.y);
    // Depths grow down the table, but a hand's « 8 » read as « 5 » must not lose the column.
    const falls = ordered.slice(1).filter((cell, i) => numberOf(cell.text)! <= numberOf(ordered[i]!.text)!).length;
    const allowed = ordered.length >= 3 ? Math.max(1, Math.floor(0.4 * (ordered.length - 1))) : 0;
    if (falls <= allowed && ordered.length > best.length) best = ordered;
  }
  if (best.length < 2) return null;
  const layers: ReadLayer[] = [];
  for (const page of [...new Set(best.map((cell) => cell.page))]) {
    const rows = best.filter((cell) => cell.page === page);
    const text = Math.min(...rows.map((row) => besideText(row)!.box.x));
    const below = cells.filter((cell) => cell.page === page && cell.box.y >= rows[0]!.box.y - rows[0]!.box.height);
    layers.push(...tableRows(below, rows, { top: undefined, text, before: layers.at(-1)?.base ?? 0, deepest }));
  }
  return { layers, ...testsTable(cells, deepest) };
}

/** Cells as they are read: line by line (a hand's words stray a little up or down), left to right. */
function inReadingOrder(cells: readonly Cell[]): Cell[] {
  const lines: Cell[][] = [];
  for (const cell of [...cells].sort((a, b) => a.box.y - b.box.y)) {
    const line = lines.find((candidate) => sameLine(candidate[0]!, cell));
    if (line) line.push(cell);
    else lines.push([cell]);
  }
  return lines.flatMap((line) => line.sort((a, b) => a.box.x - b.box.x));
}

function columnsByLeftEdge(cells: readonly Cell[]): Cell[][] {
  const columns: { edge: number; cells: Cell[] }[] = [];
  for (const cell of cells) {
    const column = columns.find((candidate) => Math.abs(candidate.edge - cell.box.x) < COLUMN_SLACK);
    if (column) column.cells.push(cell);
    else columns.push({ edge: cell.box.x, cells: [cell] });
  }
  return columns.map((column) => column.cells);
}

/**
 * The layers of a table's rows on one page: each row's number is a base, its description the text
 * right of `text` from its line down to the next row (or the tests' table that ends the layers).
 * A log kept in a spreadsheet has a row for each sample or test too, in depth order among the
 * layers' (« De » · « À » · « Éch. » · « N »): a row with a sample's label or a test's blows and no
 * description is no layer. A description that opens with its layer's depths (« 0,00 à 1,23 m », RANGE_LED) —
 * the layer starting at a sample's row, whose « De » and « À » are the sample's — takes them.
 * Water written beside (« ▽ 1,80 (venue) », « ▼ 2,16 ») is no description.
 */
function tableRows(
  below: readonly Cell[],
  candidates: readonly Cell[],
  {
    top,
    text,
    right = 1,
    before,
    deepest,
  }: { top: Cell | undefined; text: number; right?: number; before: number; deepest: number },
): ReadLayer[] {
  const first = candidates[0];
  // The table ends at the heading of the tests' table set under it, or at the hole's end written
  // in the descriptions' column (what follows is the page's foot: notes, title block).
  const end = Math.min(
    ...below
      .filter(
        (cell) =>
          (!first || cell.box.y > first.box.y) &&
          ((TABLE_END.test(cell.text) && cell.box.x < text) ||
            (endsHole(cell.text) && cell.box.x >= text - COLUMN_SLACK && cell.box.x < right)),
      )
      .map((cell) => cell.box.y),
    1,
  );
  const all = candidates.filter((cell) => cell.box.y < end).sort((a, b) => a.box.y - b.box.y);
  const described = all.map((row, i) => {
    const next = all[i + 1]?.box.y ?? end;
    const inRow = below.filter(
      (cell) =>
        cell.box.x >= text - COLUMN_SLACK &&
        cell.box.x < right &&
        // Between this row's top and the next's, by a line's middle: a description set in taller
        // capitals starts a little above its row's depths (« SABLE MOYEN… » beside « 11,46 »).
        middleOf(cell.box) > row.box.y - row.box.height / 2 &&
        middleOf(cell.box) < next - row.box.height / 2 &&
        cell.box.y < end,
    );
    const said = inRow.filter(
      (cell) => (describes(cell.text) && !WATER_MARK.test(cell.text)) || SPAN_LINE.test(cell.text),
    );
    // With the words OCR cut from a described line into cells of their own before its words
    // (« 0-20 mm, » · « lâche, humide »): not after them, where a sample's label or a test's values
    // may be typed a column further.
    const lines = inRow.filter(
      (cell) =>
        said.includes(cell) ||
        (/\p{L}/u.test(cell.text) &&
          !WATER_MARK.test(cell.text) &&
          !isHatching(cell.text) &&
          said.some((other) => sameLine(other, cell) && cell.box.x < other.box.x)),
    );
    const joined = inReadingOrder(lines)
      .map((line) => line.text)
      .join(' ');
    const sample = below.some(
      (cell) =>
        cell.box.x < text &&
        sameLine(cell, row) &&
        (sampleLabel(cell.text) !== null || BLOWS.test(cell.text.trim()) || REFUSAL.test(cell.text.trim())),
    );
    return { row, lines, joined, range: RANGE_LED.exec(joined), sample };
  });
  const rows = described.filter(({ lines, sample }) => lines.length > 0 || !sample);
  // Each row's « De », when the table has that column: the base of the row before, written again.
  const topCells = rows.map(({ row }) =>
    top ? below.find((cell) => inColumnOf(cell, top) && sameLine(cell, row)) : undefined,
  );
  const tops = topCells.map((cell) => (cell ? numberOf(cell.text) : null));
  // A row found by its « De » alone ends where the next begins (or at the hole's end).
  const baseTexts = rows.map(({ row, range }, i) =>
    range ? range[2]! : top && inColumnOf(row, top) ? String(tops[i + 1] ?? deepest) : row.text,
  );
  const bases = withTops(inOrder(baseTexts, before, deepest), tops, before);
  const layers: ReadLayer[] = [];
  rows.forEach(({ row, lines, joined, range }, i) => {
    const value = bases[i]!;
    // The « De » as written when it lies between the top before and the base (not « 22 » read for
    // « 2,22 »), else the base before. Where both were read as written and differ (« 6,66 » under
    // « 6,06 »), the one OCR was surer of.
    const above = layers.at(-1);
    const written = tops[i];
    const fits = written !== null && written !== undefined && written >= (above?.top ?? 0) && written < value;
    const baseRead = rows[i - 1]?.row;
    const surer =
      !above ||
      !baseRead ||
      numberOf(baseRead.text) !== above.base ||
      confidenceOf(topCells[i]) > confidenceOf(baseRead);
    const layerTop = (range && numberOf(range[1]!)) ?? (fits && surer ? written : (above?.base ?? before));
    // One boundary: the layer above ends where this one starts.
    if (above && !range && fits && surer && written > above.top) above.base = written;
    const words = range ? joined.slice(range[0].length) : withoutTopDepth(joined);
    const legend = /^\[([^\]]{1,12})\]\s*/.exec(words);
    const plain = inSentenceCase(words.slice(legend ? legend[0].length : 0).trim());
    layers.push({
      top: layerTop,
      base: value,
      description: {
        value: plain,
        page: row.page,
        box: lines.length ? unionOf(lines.map((line) => line.box)) : row.box,
      },
      legend: legend ? legend[1]! : '',
      soil: layerSoil({ description: plain, legend: legend ? legend[1]! : '' }),
      baseLabel: { value, page: row.page, box: row.box },
    });
  });
  return layers;
}

/** How sure OCR was of a cell: of its least sure word (a PDF's text, which says nothing, is sure). */
const confidenceOf = (cell: Cell | undefined) =>
  cell ? Math.min(...cell.words.map((word) => word.confidence ?? 100)) : 0;

/**
 * The bases, each checked against the « De » of the row after it, which writes the same depth: a base
 * out of order (« 11,31 » read for « 1,12 » above « 7,21 ») is that « De » when it fits between the
 * bases around it.
 */
function withTops(bases: readonly number[], tops: readonly (number | null)[], before: number): number[] {
  const fixed = [...bases];
  fixed.forEach((base, i) => {
    const [previous, next, written] = [fixed[i - 1] ?? before, fixed[i + 1] ?? Infinity, tops[i + 1]];
    if (written === null || written === undefined || (base > previous && base < next)) return;
    if (written > previous && written < next) fixed[i] = written;
  });
  return fixed;
}

/**
 * Water noted beside a layer: by its sign (« ▽ 1,80 (venue) », « ▼ 2,16 »), or a depth alone with
 * at most a word in brackets, its sign read as a letter or a figure (« v 1,12 (venue) », « 7 0,85 »).
 */
const WATER_MARK = /^\s*(?:[▽▼∇▿▾]|(?:\S\s+)?\d{1,3}[,.]\d{1,2}\s*m?\s*(?:\([^)]*\))?\s*$)/u;

/** A layer's depths on a line of their own over its description: « 3,75 à 6,10 m », « de 1,20 à 3,75 m : ». */
const SPAN_LINE =
  /^\s*(?:de\s+)?\d{1,3}[,.]\d{1,2}\s*(?:m\s*)?(?:[-–—]|à|to)\s*\d{1,3}[,.]\d{1,2}\s*(?:m|pi|ft)?\s*:?\s*$/i;

/** A refusal in a column of blows: « 12-50/100 », « 50/75 », « 50/75 mm ». */
const REFUSAL = /^(?:\d{1,2}\s*-\s*)*50\s*\/\s*\d{1,3}(?:\s*mm)?$/;

/**
 * For a digit OCR read in a hand's writing, the digits it may have been: those it took them for on
 * the bench's scanned forms (« 7,75 » read « 2,75 », « 7,25 » « 1,23 », « 8,2 » « 5,2 », « 0,59 »
 * « 6,59 »), and 8 read 3. Another hand makes other mistakes; the « Vérifier » screen is for those.
 */
const LOOKALIKES: Record<string, string> = { '1': '7', '2': '7', '3': '8', '5': '8', '6': '0' };

/**
 * The depths of a column that must grow (a table's bases, from `before` to the final depth
 * `deepest`), OCR's misreadings put right: each depth may be taken as written, or with its decimal
 * comma put back (read as a digit: « 1565 » for « 1,65 »; or lost: « 165 »), or with one digit read
 * for its lookalike (LOOKALIKES), or left out of the order; the cheapest choice that grows is kept
 * (a change costs 1, a depth left out 3, a number without its comma as written 0.1). A depth left
 * out stays as written, or is the final depth if it was read deeper.
 */
function inOrder(texts: readonly string[], before: number, deepest: number): number[] {
  const floor = deepest + 0.05;
  const LEFT_OUT = 3;
  const choices = texts.map((written) => {
    const text = written.replace(/[^\d,.]/g, '');
    const digits = text.replace(/\D/g, '');
    const commaBack =
      digits.length >= 3 && digits === text
        ? [`${digits.slice(0, -3) || '0'}.${digits.slice(-2)}`, `${digits.slice(0, -2)}.${digits.slice(-2)}`]
        : [];
    const lookalikes = [...text].flatMap((char, k) =>
      [...(LOOKALIKES[char] ?? '')].map((other) => text.slice(0, k) + other + text.slice(k + 1)),
    );
    return [
      { value: numberOf(written)!, cost: /[,.]/.test(text) ? 0 : 0.1 },
      ...[...commaBack, ...lookalikes].map((candidate) => ({ value: numberOf(candidate), cost: 1 })),
    ].filter((choice): choice is { value: number; cost: number } => {
      return choice.value !== null && choice.value > before && choice.value <= floor;
    });
  });
  // The cheapest growing choice of rows 0..i that ends with row i's choice j, and the one before it.
  const best = choices.map((row, i) =>
    row.map((choice) => ({ cost: choice.cost + LEFT_OUT * i, from: null as [number, number] | null })),
  );
  choices.forEach((row, i) =>
    row.forEach((choice, j) => {
      for (let k = 0; k < i; k++) {
        choices[k]!.forEach((earlier, m) => {
          const cost = best[k]![m]!.cost + LEFT_OUT * (i - k - 1) + choice.cost;
          if (earlier.value < choice.value && cost < best[i]![j]!.cost) best[i]![j] = { cost, from: [k, m] };
        });
      }
    }),
  );
  let end = null as [number, number] | null;
  let least = LEFT_OUT * texts.length;
  best.forEach((row, i) =>
    row.forEach((run, j) => {
      const cost = run.cost + LEFT_OUT * (texts.length - 1 - i);
      if (cost < least) [least, end] = [cost, [i, j]];
    }),
  );
  const depths = texts.map((text) => {
    const value = numberOf(text)!;
    return value > floor ? deepest : value;
  });
  for (let at = end; at; at = best[at[0]]![at[1]]!.from) depths[at[0]] = choices[at[0]]![at[1]]!.value;
  return depths;
}

/**
 * The top of a span of depths, « 0,75 – 1,35 » or « 0,75-1,35 », or its dash lost by a scan
 * (« 11,25 11,85 », the second deeper); null for anything else.
 */
function spanTop(text: string): number | null {
  const span = /^(\d{1,3}[,.]\d{1,2}|\d{4,5})(?:\s*[–—-]\s*|\s+)(\d{1,3}[,.]\d{1,2})$/.exec(text.trim());
  if (!span) return null;
  const base = numberOf(span[2]!);
  // Its top's comma read as a figure (« 17525 » for « 17,25 »), when that puts it just above its base.
  const top = /^\d+$/.test(span[1]!) ? Number(`${span[1]!.slice(0, -3)}.${span[1]!.slice(-2)}`) : numberOf(span[1]!);
  return top !== null && base !== null && base > top && (/[,.]/.test(span[1]!) || base - top <= 1) ? top : null;
}

/** A cell's text less the bars and brackets of the table's rules OCR read at its ends. */
const withoutRules = (text: string) => text.trim().replace(/^[|[\]{}]+|[|[\]{}]+$/g, '');

/**
 * The table of tests and samples under a « Prof… » heading: each depth of its column, with the whole
 * number in the « N » column on its line (an SPT test), and the label left of it (a sample).
 */
function testsTable(
  cells: readonly Cell[],
  deepest: number,
  tops: readonly Cell[] = [],
): Pick<LogReading, 'spt' | 'samples'> {
  const spt: LogReading['spt'] = [];
  const samples: LogReading['samples'] = [];
  // The tests' depths under « Prof… », or under « De » in a table whose rows hold the tests too
  // (an N heading on its line): a test's depth is its row's top.
  const onLine = (head: Cell) =>
    cells.filter((cell) => cell !== head && SPT_HEADING.test(cell.text.trim()) && sameLine(cell, head));
  const depthHeads = [...cells, ...tops].filter(
    (cell) =>
      /^prof/i.test(cell.text) ||
      (FROM_HEADING.test(cell.text) &&
        onLine(cell).length > 0 &&
        !cells.some((other) => /^prof/i.test(other.text) && sameLine(other, cell))),
  );
  for (const depthHead of depthHeads) {
    // The N's heading, before the blows' (« Coups / 150 mm » beside « N »).
    const sptHeads = onLine(depthHead);
    const nHead = sptHeads.find((head) => !BLOWS_HEADING.test(head.text.trim()));
    const blowsHead = sptHeads.find((head) => BLOWS_HEADING.test(head.text.trim()));
    for (const cell of cells) {
      if (cell.box.y <= depthHead.box.y + depthHead.box.height / 2 || !inColumnOf(cell, depthHead)) continue;
      // A depth, or the top of a span (« 0,75 – 1,35 »: the sample's, where its test starts) — alone
      // or first in its cell, when columns set close run it into the next (typed « 11,25-11,85 6-10-12-12 »).
      // Within the hole: not « 17525 17,85 » read as one number, its comma and dash lost.
      // The column's rule OCR read before it set aside (« |21,75 »).
      const [first, second] = cell.words.map((word) => withoutRules(word.text));
      const whole = numberOf(withoutRules(cell.text));
      const depth =
        (whole !== null && whole <= deepest + 0.05 ? whole : null) ??
        spanTop(withoutRules(cell.text)) ??
        spanTop(first ?? '') ??
        spanTop(`${first ?? ''} ${second ?? ''}`);
      if (depth === null) continue;
      const under = (head: Cell | undefined) =>
        head &&
        cells.find((other) => sameLine(other, cell) && Math.abs(centreOf(other.box) - centreOf(head.box)) < 0.04);
      // N in its column; or, its figure or its heading lost, from the blows (« 6-8-8-9 »: 8 + 8).
      const count = under(nHead) ?? under(blowsHead);
      const blows = count && BLOWS.exec(count.text.trim());
      // A count with the column's rule OCR read beside it (« |61 », « 45] »).
      const n = blows ? Number(blows[3]) + Number(blows[4]) : count ? numberOf(withoutRules(count.text)) : null;
      if (count && n !== null && Number.isInteger(n))
        spt.push({ depth, n: { value: n, page: count.page, box: count.box } });
      // Its label on its left: in one cell (« CF-3 »), or its type and number in two (« CF » · « 3 »);
      // in a table of rows « De » · « À » · « Éch. », on its right.
      const beside = cells.filter((other) => sameLine(other, cell) && other !== cell);
      const before = beside.filter((other) => other.box.x + other.box.width <= cell.box.x);
      const rowTop = FROM_HEADING.test(depthHead.text) && !before.some((other) => sampleLabel(other.text));
      const left = (rowTop ? beside : before).sort((a, b) => a.box.x - b.box.x);
      const pairs = left.map((other, i) => [left[i - 1], other] as const);
      const labelled = left.find((other) => sampleLabel(other.text));
      const pair = labelled
        ? undefined
        : pairs.find(([type, number]) => type && sampleLabel(`${type.text} ${number.text}`));
      if (labelled) {
        samples.push({ depth, label: { value: sampleLabel(labelled.text)!, page: labelled.page, box: labelled.box } });
      } else if (pair) {
        const [type, number] = pair as readonly [Cell, Cell];
        const value = sampleLabel(`${type.text} ${number.text}`)!;
        samples.push({ depth, label: { value, page: type.page, box: unionOf([type.box, number.box]) } });
      }
    }
  }
  return { spt: spt.sort((a, b) => a.depth - b.depth), samples: samples.sort((a, b) => a.depth - b.depth) };
}
