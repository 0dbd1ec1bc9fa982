// The tests and samples of a log drawn to a depth scale: the SPT N under their heading, written out
// (« N = 16 ») or summed from the blows of their increments, and the samples' labels, each at the
// depth the page's scale gives where it stands.
import { depthAt, type DepthScale } from './depth-scale.ts';
import { BLOWS_HEADING, columnBounds, headed, headings, SPT_HEADING, withinColumn } from './headings.ts';
import { numberOf, type Cell } from './lines.ts';
import {
  BLOWS,
  centreOf,
  LOOKALIKES,
  middleOf,
  median,
  sampleLabel,
  type LogReading,
  type Read,
} from './log-reading.ts';
import { unionOf, type Box, type Word } from './words.ts';

/**
 * The headings of SPT N columns (« SPT N », « N », « Coups »), not the plot's (« N (0 à 50) »). A
 * page that heads a column N (or SPT) and another with blows (« Coups / 150 mm », « Blows ») writes
 * the increments in the second (« 3/5/5 », which OCR may read « 355 »): its N are in the first. A
 * column of blows for each increment (« Coups / 150 mm », the unit on the row under « Coups / ») holds
 * no N. A page whose N heading OCR missed (a lone « N » in small type) has its columns where the log's
 * other pages have them: it takes their N headings.
 */
function sptColumns(cells: readonly Cell[]): Cell[] {
  const pages = [...new Set(cells.map((cell) => cell.page))];
  const found = new Map(
    pages.map((page) => {
      const { heads, blows } = sptHeadings(cells, page);
      const counts = heads.filter((head) => !blows.includes(head));
      return [page, counts.length ? counts : heads.filter((head) => !perIncrement(head, cells))] as const;
    }),
  );
  const elsewhere = [...found.values()].find((heads) => heads.some((head) => !BLOWS_HEADING.test(head.text.trim())));
  return pages.flatMap((page) => {
    const heads = found.get(page)!;
    if (heads.length || !elsewhere || sptHeadings(cells, page).blows.length === 0) return heads;
    return elsewhere.map((head) => ({ ...head, page }));
  });
}

/**
 * A page's SPT headings, each the lowest of its column (not « Valeur » over « N »), and those of
 * them over blows (BLOWS_HEADING).
 */
function sptHeadings(cells: readonly Cell[], page: number): { heads: Cell[]; blows: Cell[] } {
  // « N ou » over « RQD » whose lone « N » a scan lost: « ou » (too short a word to be taken for a
  // heading of its own) over the heading « RQD » still heads the N.
  const rqd = headings(cells, page).filter((head) => /^rqd\b/i.test(head.text.trim()));
  const nOrRqd = cells.filter(
    (cell) => cell.page === page && /^(?:ou|or)$/i.test(cell.text.trim()) && rqd.some((under) => over(cell, under)),
  );
  const all = [...headed(cells, SPT_HEADING).filter((head) => head.page === page), ...nOrRqd];
  const heads = all.filter((head) => !all.some((other) => other !== head && over(head, other)));
  return { heads, blows: heads.filter((head) => BLOWS_HEADING.test(head.text.trim())) };
}

/** True when a heading stands over another, their columns overlapping. */
const over = (upper: Cell, lower: Cell) =>
  lower.page === upper.page &&
  lower.box.y > upper.box.y + upper.box.height / 2 &&
  lower.box.x < upper.box.x + upper.box.width &&
  lower.box.x + lower.box.width > upper.box.x;

/**
 * True when a heading of blows counts each increment (« Coups / 150 mm », « Blows per 6 in », « Coups
 * par tranche »), its unit in its text or on the heading row under it.
 */
function perIncrement(head: Cell, cells: readonly Cell[]): boolean {
  const under = headings(cells, head.page).filter((other) => over(head, other) && other.line <= head.line + 2);
  const text = [head, ...under].map((cell) => cell.text).join(' ');
  return BLOWS_HEADING.test(head.text.trim()) && INCREMENT.test(text);
}

/** The unit of an increment's blows: 150 mm (its « mm » or « / » lost by OCR), 6 in, 0,15 m, or a « tranche ». */
const INCREMENT = /\b150\b|\b6\s*(?:po|in|")|\b0[,.]15\s*m|tranche|increment/i;

/**
 * A figure in an N column: a number, or one whose digits OCR read as letters in bold type (« s2 »
 * for 52, « & » for 8) — a digit among them, or a lone « & », « B » or « S »; not a lone « l » or « ! »,
 * which a bracket beside the column is read as.
 */
function countOf(text: string): number | null {
  const figure = text.trim();
  const value = numberOf(figure);
  if (value !== null || !/^[\d&BIl|!OoSsZ]{1,3}$/.test(figure) || !/\d|^[&BSs]$/.test(figure)) return value;
  return Number(
    [...figure]
      .map((character) => (character === '&' || character === 'B' ? '8' : (LOOKALIKES[character] ?? character)))
      .join(''),
  );
}

/**
 * The figure printed at the end of an N's bar, where OCR read the bar's end as a letter or two
 * before it (« mi 16 », « | 22 »): the cell's last word, when the words before it are short and
 * hold no digit.
 */
function afterBar(cell: Cell): number | null {
  const last = cell.words.at(-1);
  if (cell.words.length < 2 || !last || !/^\d{1,3}$/.test(last.text.trim())) return null;
  return cell.words.slice(0, -1).every((word) => /^[^\d]{1,2}$/.test(word.text.trim()))
    ? Number(last.text.trim())
    : null;
}

/**
 * The largest N a log writes: 50 blows for each 150 mm is a refusal, written as such; an N of
 * thousands is blows OCR read run together (« 2/1/3/3 » as « 21313 »).
 */
const MOST_BLOWS = 150;

export function sptOf(
  body: readonly Cell[],
  cells: readonly Cell[],
  scales: Map<number, DepthScale>,
  samples: LogReading['samples'] = [],
): { depth: number; n: Read<number> }[] {
  const heads = sptColumns(cells);
  const axis = axisLabels(body);
  const tests: { depth: number; n: Read<number> }[] = [];
  for (const cell of body) {
    const value = countOf(cell.text) ?? afterBar(cell);
    const scale = scales.get(cell.page);
    if (
      value === null ||
      !Number.isInteger(value) ||
      value > MOST_BLOWS ||
      !scale ||
      !heads.some((head) => withinColumn(cell, head))
    )
      continue;
    if (axis.has(cell)) continue;
    // One N a row: of two figures level in the column (a bracket beside it read « 11 »), the one
    // nearer the heading's centre.
    const head = heads.find((candidate) => withinColumn(cell, candidate))!;
    const offCentre = (box: Box) => Math.abs(centreOf(box) - centreOf(head.box));
    const twin = tests.findIndex(
      (test) =>
        test.n.page === cell.page &&
        Math.abs(middleOf(test.n.box) - middleOf(cell.box)) < Math.max(test.n.box.height, cell.box.height),
    );
    if (twin !== -1 && offCentre(tests[twin]!.n.box) <= offCentre(cell.box)) continue;
    if (twin !== -1) tests.splice(twin, 1);
    const depth = Math.round(depthAt(scale, middleOf(cell.box)) * 100) / 100;
    tests.push({ depth, n: { value, page: cell.page, box: cell.box } });
  }
  // Where no N was read on its row, the blows of the test's increments (« 4-6-8 ») give it, and
  // so does an N written out in any column (« N = 16 » among the remarks) — or its « = 16 » alone
  // where OCR lost the « N », within the span of an « N = » read on the page.
  const spelled = body.filter((cell) => N_WRITTEN.test(cell.text.trim()));
  const orphan = (cell: Cell) =>
    spelled.filter(
      (other) => other.page === cell.page && other.box.x < cell.box.x && other.box.x + other.box.width > cell.box.x,
    ).length >= 1
      ? /^[=:]\s*(\d{1,3})$/.exec(cell.text.trim())
      : null;
  for (const cell of body) {
    const scale = scales.get(cell.page);
    const blows = BLOWS.exec(cell.text.trim());
    const written = N_WRITTEN.exec(cell.text.trim()) ?? N_WRITTEN.exec(withNext(cell, body)) ?? orphan(cell);
    if ((!blows && !written) || !scale) continue;
    const level = (test: { n: Read<number> }) =>
      test.n.page === cell.page && Math.abs(middleOf(test.n.box) - middleOf(cell.box)) < cell.box.height;
    if (tests.some(level)) continue;
    // A note is written from its depth down, as a description from its boundary: its top says
    // where (« N = 16 » hung under its test's top); a figure in a column of blows is centred on its row.
    const depth = Math.round(depthAt(scale, written ? cell.box.y : middleOf(cell.box)) * 100) / 100;
    const value = written ? Number(written[1]) : Number(blows![3]) + Number(blows![4]);
    tests.push({ depth, n: { value, page: cell.page, box: cell.box } });
  }
  // Blows written one under the other, each increment on its own row: where no N was read level
  // with them, the stack's second and third make it.
  for (const stack of blowStacks(body, cells)) {
    const [first, last] = [stack[0]!, stack.at(-1)!];
    const scale = scales.get(first.page);
    const beside = (test: { n: Read<number> }) =>
      test.n.page === first.page &&
      middleOf(test.n.box) > first.box.y - first.box.height &&
      middleOf(test.n.box) < last.box.y + 2 * last.box.height;
    if (!scale || tests.some(beside)) continue;
    const value = Number(stack[1]!.text.trim()) + Number(stack[2]!.text.trim());
    const depth = Math.round(depthAt(scale, first.box.y) * 100) / 100;
    tests.push({ depth, n: { value, page: first.page, box: unionOf(stack.map((cell) => cell.box)) } });
  }
  tests.push(...besideBlows(body, cells, scales, samples, heads, tests));
  // A test lies below the ground: a figure read above 0 m is a heading's or a plot's axis.
  return blowsInRows(body, cells, scales, tests)
    .filter((test) => test.depth >= 0)
    .sort((a, b) => a.depth - b.depth);
}

/**
 * On a page whose N column was not found (its heading, a lone « N », lost by OCR) beside a column of
 * blows for each increment: each sample's N is the figure right of the blows, before the next
 * column's heading, within the sample's drive — the rightmost, past a bracket read as a figure —
 * where no N was read for it.
 */
function besideBlows(
  body: readonly Cell[],
  cells: readonly Cell[],
  scales: Map<number, DepthScale>,
  samples: LogReading['samples'],
  heads: readonly Cell[],
  tests: readonly { depth: number; n: Read<number> }[],
): { depth: number; n: Read<number> }[] {
  const found: { depth: number; n: Read<number> }[] = [];
  for (const page of new Set(samples.map((sample) => sample.label.page))) {
    const scale = scales.get(page);
    const blows = sptHeadings(cells, page).blows.find((head) => perIncrement(head, cells));
    if (!scale || !blows || heads.some((head) => head.page === page)) continue;
    const right = blows.box.x + blows.box.width;
    const next = Math.min(1, ...headings(cells, page).flatMap((head) => (head.box.x > right ? [head.box.x] : [])));
    for (const sample of samples.filter((candidate) => candidate.label.page === page)) {
      const within = (depth: number) => depth >= sample.depth && depth < sample.depth + DRIVE;
      if (tests.some((test) => test.n.page === page && within(test.depth))) continue;
      const figure = body
        .filter(
          (cell) =>
            cell.page === page &&
            cell.box.x >= right &&
            cell.box.x + cell.box.width <= next &&
            within(depthAt(scale, middleOf(cell.box))),
        )
        .map((cell) => ({ cell, value: countOf(cell.text) }))
        .filter(({ value }) => value !== null && Number.isInteger(value) && value <= MOST_BLOWS)
        .sort((a, b) => b.cell.box.x - a.cell.box.x)[0];
      if (figure) found.push({ depth: sample.depth, n: { value: figure.value!, page, box: figure.cell.box } });
    }
  }
  return found;
}

/**
 * Blows written side by side, a column for each increment under « Coups / 150 mm » (over « 1 2 3 4 »):
 * three or four whole numbers on a row under the heading give N, the second and third's sum — on a
 * row where no N was read (its figure printed at the end of a bar, which OCR loses), or where the N
 * read is doubtful and says otherwise (« 2 » for the « 21 » at a bar's end; N is that sum by its
 * definition). The heading's columns may reach a little past its words, a quarter of its width on
 * each side; the cells' rules read as « | » part the blows, and two blows joined by one (« 24/25 »)
 * are two.
 */
function blowsInRows(
  body: readonly Cell[],
  cells: readonly Cell[],
  scales: Map<number, DepthScale>,
  tests: readonly { depth: number; n: Read<number> }[],
): { depth: number; n: Read<number> }[] {
  const kept = [...tests];
  const sureness = new Map(body.map((cell) => [cell.box, leastConfidence(cell.words)]));
  for (const page of new Set(body.map((cell) => cell.page))) {
    const scale = scales.get(page);
    const head = sptHeadings(cells, page).blows.find((candidate) => perIncrement(candidate, cells));
    if (!scale || !head) continue;
    const reach = head.box.width / 4;
    const under = (word: Word) =>
      centreOf(word.box) > head.box.x - reach && centreOf(word.box) < head.box.x + head.box.width + reach;
    const rows = new Map<number, Word[]>();
    for (const cell of body) {
      if (cell.page !== page) continue;
      const blows = cell.words.filter(under).flatMap(blowsOf);
      if (blows.length) rows.set(cell.line, [...(rows.get(cell.line) ?? []), ...blows]);
    }
    // The increments' own headings, « 1 2 3 4 », are no blows; nor, at the top of the page, three
    // of them a scan left (« 2 3 4 », the « 1 » lost): a figure level with these is a heading's or a
    // plot axis's (« 20 » of « 0 20 40 60 80 » half read), no N.
    const top = Math.min(...[...rows.values()].flat().map((word) => word.box.y));
    const headingRow = (row: readonly Word[]) => {
      const values = [...row].sort((a, b) => a.box.x - b.box.x).map((word) => Number(word.text));
      return (
        row.some((word) => word.box.y === top) &&
        values.length >= 3 &&
        values.every((value, i) => value <= 4 && (i === 0 || value === values[i - 1]! + 1))
      );
    };
    for (const row of rows.values()) {
      if (!headingRow(row)) continue;
      const level = (test: (typeof kept)[number]) =>
        test.n.page === page && Math.abs(middleOf(test.n.box) - middleOf(row[0]!.box)) < row[0]!.box.height;
      for (let at = kept.findIndex(level); at !== -1; at = kept.findIndex(level)) kept.splice(at, 1);
    }
    for (const row of rows.values()) {
      if (row.length < 3 || row.length > 4) continue;
      const [, second, third] = row.sort((a, b) => a.box.x - b.box.x);
      if (row.every((word, i) => Number(word.text) === i + 1) || headingRow(row)) continue;
      const value = Number(second!.text) + Number(third!.text);
      const at = kept.findIndex(
        (test) => test.n.page === page && Math.abs(middleOf(test.n.box) - middleOf(second!.box)) < second!.box.height,
      );
      if (at !== -1) {
        const doubt = leastConfidence(row) - (sureness.get(kept[at]!.n.box) ?? 100);
        if (kept[at]!.n.value === value || doubt < DOUBTFUL_N) continue;
        kept.splice(at, 1);
      }
      const depth = Math.round(depthAt(scale, middleOf(second!.box)) * 100) / 100;
      kept.push({ depth, n: { value, page, box: unionOf(row.map((word) => word.box)) } });
    }
  }
  return kept;
}

/** How much surer OCR must be of a row's blows than of the N beside them for their sum to overrule it. */
const DOUBTFUL_N = 30;

/** The lowest confidence among words (a PDF's text, which has none, is sure). */
const leastConfidence = (words: readonly Word[]) => Math.min(100, ...words.map((word) => word.confidence ?? 100));

/** A word's blows: a whole number, or two joined by a cell's rule (« 24/25 », « 24|25 »), each with its half of the box. */
function blowsOf(word: Word): Word[] {
  // The rules of a count's cell read with it (« 22) », « 26-| », « |-13 », « [20 »), and a speck (« 26, »).
  const text = word.text.trim().replace(/^[|[\]()—–.,;:'‘’-]+(?=\d)|(?<=\d)[|[\]()—–.,;:'‘’-]+$/g, '');
  if (/^\d{1,2}$/.test(text)) return [{ ...word, text }];
  const joined = /^(\d{1,2})[/|](\d{1,2})$/.exec(text);
  if (!joined || Number(joined[1]) > 50 || Number(joined[2]) > 50) return [];
  const width = word.box.width / 2;
  return [
    { ...word, text: joined[1]!, box: { ...word.box, width } },
    { ...word, text: joined[2]!, box: { ...word.box, x: word.box.x + width, width } },
  ];
}

/**
 * The stacks of blows in columns headed for each increment (« Coups / 150 mm »): whole numbers one
 * under the other, a line apart, as many as the log's stacks most often hold (three, or four with a
 * 600 mm spoon). A shorter stack lost a number to OCR, or stopped at a refusal (« 50/75 mm »): it
 * gives no N.
 */
function blowStacks(body: readonly Cell[], cells: readonly Cell[]): Cell[][] {
  const pages = [...new Set(body.map((cell) => cell.page))];
  const stacks = pages.flatMap((page) => {
    const heads = sptHeadings(cells, page).blows.filter((head) => perIncrement(head, cells));
    const column = body
      .filter((cell) => /^\d{1,2}$/.test(cell.text.trim()) && heads.some((head) => withinColumn(cell, head)))
      .sort((a, b) => a.box.y - b.box.y);
    const found: Cell[][] = [];
    for (const cell of column) {
      const stack = found.at(-1);
      const above = stack?.at(-1);
      // Under the one above, not beside it: blows side by side on a row are no stack (blowsInRows).
      const gap = above ? middleOf(cell.box) - middleOf(above.box) : 0;
      const height = above ? Math.max(cell.box.height, above.box.height) : 0;
      if (above && gap > height / 2 && gap < STACKED * height) stack!.push(cell);
      else found.push([cell]);
    }
    return found;
  });
  const count = (size: number) => stacks.filter((stack) => stack.length === size).length;
  const usual = count(4) >= count(3) ? 4 : 3;
  return stacks.filter((stack) => stack.length === usual);
}

/** Two blows a line apart: their middles within this many of their type's height. */
const STACKED = 2.6;

/**
 * The numbers of a plot's axis (« 0 10 20 30 40 50 » over a graph of N): on a line, left to right,
 * three whole numbers or more growing by a round step (5, 10, 20, 25 or 50) from a multiple of it;
 * OCR may miss one (« 20 30 40 », the 50 read « 2 »), join two in a cell (« 10 20 ») or a grid
 * line's mark to one (« 40 = ) »). No test's
 * N, nor any other number on their line: tests at different depths are on different lines. Not the
 * blows of a test's increments in columns of their own (« 3 4 5 6 »), which grow by ones.
 */
function axisLabels(body: readonly Cell[]): Set<Cell> {
  const lines = new Map<string, Cell[]>();
  for (const cell of body) {
    if (!/^\d+(?:\s+\d+)*(?![\d,.])/.test(cell.text.trim())) continue;
    const key = `${cell.page} ${cell.line}`;
    lines.set(key, [...(lines.get(key) ?? []), cell]);
  }
  const axis = new Set<Cell>();
  for (const line of lines.values()) {
    const values = line
      .sort((a, b) => a.box.x - b.box.x)
      .flatMap((cell) => /^\d+(?:\s+\d+)*/.exec(cell.text.trim())![0].split(/\s+/).map(Number));
    if (longestRun(values) >= 3) line.forEach((cell) => axis.add(cell));
  }
  return axis;
}

/** The most numbers in a row, left to right, each a round step more than the one before, or two (a number missed). */
function longestRun(values: readonly number[]): number {
  let best = 0;
  for (const [i, start] of values.entries()) {
    const step = (values[i + 1] ?? start) - start;
    if (!ROUND_STEPS.includes(step) || start % step !== 0) continue;
    let length = 1;
    for (let k = i + 1; k < values.length; k++) {
      const gap = values[k]! - values[k - 1]!;
      if (gap !== step && gap !== 2 * step) break;
      length++;
    }
    best = Math.max(best, length);
  }
  return best;
}

/** The steps of a plot's axis. */
const ROUND_STEPS = [5, 10, 20, 25, 50];

/**
 * A cell's text and the next figure on its line, a few characters right of it (OCR may cut « N = 22 »
 * in two, its « = » read apart as a mark or lost); the cell's own text when there is none.
 */
function withNext(cell: Cell, body: readonly Cell[]): string {
  const character = cell.box.width / Math.max(1, cell.text.length);
  const end = cell.box.x + cell.box.width;
  const next = body
    .filter(
      (other) =>
        other.page === cell.page &&
        /\d/.test(other.text) &&
        other.box.x > end &&
        other.box.x - end < 6 * character &&
        Math.abs(middleOf(other.box) - middleOf(cell.box)) < cell.box.height / 2,
    )
    .sort((a, b) => a.box.x - b.box.x)[0];
  return next ? `${cell.text.trim()} = ${next.text.trim()}` : cell.text;
}

/**
 * An N written out where a log notes its tests (« N = 16 », « N=16 », « SPT N = 16 », « N : 16 »; its
 * « = » read as a dash, « N — 16 »), not a refusal (« N = 50/75 mm ») nor a percentage.
 */
const N_WRITTEN = /^(?:spt\s*)?n\s*[=:—–]\s*(?:[=:]\s*)?(\d{1,3})(?![\d/,.%])/i;

/** The samples' column heading: « Échant. », « Éch. », « Échantillons », « N° éch. », « Samples ». */
const SAMPLES_HEADING = /^(?:n[o°º]\.?\s*(?:d['’]\s*)?)?(?:[ée]ch(?:ant(?:illons?)?)?\.?|samples?)(?:\s|$|\()/i;

/** On a log drawn to scale: each label in the samples' column (« Échant. »), at the depth of its top. */
export function samplesOf(
  body: readonly Cell[],
  cells: readonly Cell[],
  scales: Map<number, DepthScale>,
): LogReading['samples'] {
  const pages = new Set(cells.map((cell) => cell.page));
  const heads = [...pages].flatMap((page) => headings(cells, page).filter((head) => SAMPLES_HEADING.test(head.text)));
  const samples: LogReading['samples'] = [];
  const labels = typeAndNumber(body);
  // The types two labels or more are read with (« CF »): after one, letters OCR read in place of
  // digits are digits; and one read alone is a sample whose number OCR lost (a lone « 1 » in a
  // column of its own is often missed).
  const bare = (cell: Cell) => (/^[A-Z]{2,4}$/.test(cell.text.trim()) ? cell.text.trim() : null);
  const counts = new Map<string, number>();
  for (const cell of labels) {
    const type = sampleLabel(cell.text)?.split(' ')[0] ?? bare(cell);
    if (type) counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  const types = new Set([...counts].filter(([, count]) => count >= 2).map(([type]) => type));
  // Without a heading (turned a quarter, OCR reads none), a column of labels of one type, three at
  // least, their left edges aligned (« SS-1 », « ss-2 », « SS-3 »).
  const column = headlessColumn(labels, types);
  for (const cell of labels) {
    const type = bare(cell);
    const label = sampleLabel(cell.text, types) ?? (type && types.has(type) ? type : null);
    const scale = scales.get(cell.page);
    const head = heads.find((candidate) => candidate.page === cell.page);
    if (!label || !scale || (!head && !column.has(cell))) continue;
    // Under its heading, or between the headings beside it (a heading centred over a wider column).
    const { left, right } = columnBounds(cells, cell.page, SAMPLES_HEADING);
    const under = !head || (cell.box.x >= head.box.x - 0.01 && cell.box.x <= head.box.x + head.box.width + 0.01);
    if (!under && (cell.box.x < left || cell.box.x >= right)) continue;
    // A sample across a page's foot is labelled again at the top of the next: kept once.
    if (label !== type && samples.some((sample) => sample.label.value === label && sample.label.page < cell.page))
      continue;
    const placed = depthAt(scale, cell.box.y);
    const depth = Math.round((spanTop(cell, body, placed) ?? placed) * 100) / 100;
    samples.push({ depth, label: { value: label, page: cell.page, box: cell.box } });
  }
  return samples.sort((a, b) => a.depth - b.depth);
}

/**
 * The top of the span a sample's depths are written as, on its label's row or just under it
 * (« 0.75-1.35 » · « CF » · « 1 », « SS-1 » over « 2.5-4.4 »): what the log says, where the label's
 * height on the scale says only about where (a label set in the middle of its sample's bar). A span
 * whose top is more than SPAN_REACH from the label's place is another's.
 */
function spanTop(label: Cell, body: readonly Cell[], placed: number): number | null {
  const height = label.box.height;
  const spans = body.flatMap((cell) => {
    const span = SPAN.exec(cell.text.trim());
    if (!span || cell.page !== label.page) return [];
    const level = Math.abs(middleOf(cell.box) - middleOf(label.box)) < height;
    const under =
      cell.box.y > label.box.y &&
      cell.box.y - (label.box.y + height) < height &&
      cell.box.x < label.box.x + label.box.width &&
      cell.box.x + cell.box.width > label.box.x;
    // The points a poor scan lost (« 225-285 »), put back two digits from the end.
    const written = span[1]!;
    const top = /[,.]/.test(written) ? numberOf(written) : Number(written) / 100;
    return (level || under) && top !== null && Math.abs(top - placed) <= SPAN_REACH ? [top] : [];
  });
  return spans[0] ?? null;
}

/** A sample's depths, top and base: « 0.75-1.35 », « 2,25 - 2,85 », « 12.3–14.3 »; their points lost, « 225-285 ». */
const SPAN = /^(\d{1,3}[,.]\d{1,2}|\d{3,4})\s*[-–]\s*(?:\d{1,3}[,.]\d{1,2}|\d{3,4})$/;
/** A sample's written top stands within this many of the log's units of its label's place. */
const SPAN_REACH = 1;

/**
 * The labels that make a column of samples with no heading: of a type read three times or more
 * (sampleLabel), their left edges within ALIGNED of the type's median — not a sample named in a
 * description or a remark.
 */
function headlessColumn(labels: readonly Cell[], types: ReadonlySet<string>): Set<Cell> {
  const byType = new Map<string, Cell[]>();
  for (const cell of labels) {
    const type = sampleLabel(cell.text, types)?.split(' ')[0];
    if (type) byType.set(type, [...(byType.get(type) ?? []), cell]);
  }
  const column = new Set<Cell>();
  for (const group of byType.values()) {
    if (group.length < 3) continue;
    const left = median(group.map((cell) => cell.box.x));
    const aligned = group.filter((cell) => Math.abs(cell.box.x - left) <= ALIGNED);
    if (aligned.length >= 3) for (const cell of aligned) column.add(cell);
  }
  return column;
}

/** Labels of a column stand this near its median left edge (a tick OCR read before one moves it). */
const ALIGNED = 0.015;

/**
 * The cells, a sample's type and its number written in columns of their own (« Type » · « N° »: « CF »
 * · « 3 ») joined into one label, « CF 3 »: a type alone, then a number a few characters right of it.
 */
function typeAndNumber(body: readonly Cell[]): Cell[] {
  const joined = new Set<Cell>();
  const labels = body.map((cell) => {
    // « N » alone is the SPT's count, cut from its figure (« N » · « 22 »): no sample's type.
    if (!/^[A-Z]{1,4}$/.test(cell.text.trim()) || cell.text.trim() === 'N') return cell;
    const character = cell.box.width / cell.text.trim().length;
    const end = cell.box.x + cell.box.width;
    const number = body.find(
      (other) =>
        other.page === cell.page &&
        /^\d{1,3}[A-Z]?$/.test(other.text.trim()) &&
        other.box.x > end &&
        other.box.x - end < SAMPLE_GAP * character &&
        Math.abs(middleOf(other.box) - middleOf(cell.box)) < cell.box.height / 2,
    );
    if (!number) return cell;
    joined.add(number);
    return {
      ...cell,
      text: `${cell.text.trim()} ${number.text.trim()}`,
      box: unionOf([cell.box, number.box]),
      words: [...cell.words, ...number.words],
    };
  });
  return labels.filter((cell) => !joined.has(cell));
}

/** A sample's number stands within this many of its type's characters right of it. */
const SAMPLE_GAP = 8;

/**
 * An N written level with a sample's label is that sample's test: it takes the sample's depth
 * (its top), whatever the height in the row its figure was set at (« CF-3 · 45 % · 4-6-8 · 14 »).
 * An N whose label OCR missed is set as its log sets the others: moved by the median of what the
 * labelled ones moved (a figure hung under its test's top, not centred on it), two of them at least.
 * A log that writes no N level with a label but each within its sample's drive, lower than its top
 * (N beside the two increments that make it, « 6 · 8 · 8 · 11 » under « CF-1 »): each N is its
 * sample's, a split spoon's length (DRIVE) at most above it — an SPT's depth is its drive's top.
 */
export function testsAtSamples(
  tests: readonly { depth: number; n: Read<number> }[],
  samples: LogReading['samples'],
): { depth: number; n: Read<number> }[] {
  const levels = tests.map((test) =>
    samples.find(
      (sample) =>
        sample.label.page === test.n.page &&
        Math.abs(middleOf(sample.label.box) - middleOf(test.n.box)) < sample.label.box.height / 2,
    ),
  );
  const moved = (test: { depth: number }, move: number) => Math.round((test.depth + move) * 100) / 100;
  const moves = tests.flatMap((test, i) => (levels[i] ? [levels[i].depth - test.depth] : []));
  if (moves.length >= 2) {
    const move = median(moves);
    return tests.map((test, i) => ({ ...test, depth: levels[i]?.depth ?? moved(test, move) }));
  }
  // No N level with its label: each within its sample's drive, when the log sets them lower than
  // its top (the tests not at their sample's top already — a stack of blows starts there — say so).
  const drives = tests.map((test, i) => levels[i] ?? driveOf(test, samples));
  const lower = tests
    .flatMap((test, i) => (drives[i] ? [drives[i].depth - test.depth] : []))
    .filter((move) => move < -AT_TOP);
  if (lower.length >= 2 && median(lower) < -LOWER) {
    const move = median(lower);
    return tests.map((test, i) => ({ ...test, depth: drives[i]?.depth ?? moved(test, move) }));
  }
  // Else a test level with its label is at its sample's top, and so is one a few centimetres under
  // it (a stack of blows from the first).
  return tests.map((test, i) => {
    const drive = drives[i];
    return levels[i] || (drive && test.depth - drive.depth <= AT_TOP) ? { ...test, depth: drive!.depth } : test;
  });
}

/** The sample whose drive holds a test's N: the nearest whose top is at most DRIVE above it. */
function driveOf(test: { depth: number }, samples: LogReading['samples']) {
  return samples
    .filter((sample) => sample.depth <= test.depth + 0.01 && test.depth - sample.depth <= DRIVE)
    .sort((a, b) => b.depth - a.depth)[0];
}

/** A split spoon's drive: 610 mm (24 in), four increments of 150 mm. */
const DRIVE = 0.61;
/** An N written this much under its sample's top or more is set lower than the test's top. */
const LOWER = 0.1;
/** A test this near its sample's top is at it. */
const AT_TOP = 0.05;
