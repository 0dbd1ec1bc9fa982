// The tests and samples of a log drawn to a depth scale: the SPT N under their heading, written out
// (« N = 16 ») or summed from the blows of their increments, and the samples' labels, each at the
// depth the page's scale gives where it stands.
import { depthAt, type DepthScale } from './depth-scale.ts';
import { BLOWS_HEADING, columnBounds, headed, headings, SPT_HEADING, withinColumn } from './headings.ts';
import { numberOf, type Cell } from './lines.ts';
import { middleOf, median, sampleLabel, type LogReading, type Read } from './log-reading.ts';
import { unionOf } from './words.ts';

/**
 * The headings of SPT N columns (« SPT N », « N », « Coups »), not the plot's (« N (0 à 50) »). A
 * page that heads a column N (or SPT) and another with blows (« Coups / 150 mm », « Blows ») writes
 * the increments in the second (« 3/5/5 », which OCR may read « 355 »): its N are in the first.
 */
function sptColumns(cells: readonly Cell[]): Cell[] {
  const pages = new Set(cells.map((cell) => cell.page));
  return [...pages].flatMap((page) => {
    // Not a heading over another of its column (« Valeur » over « N »): the lower one's column.
    const all = headed(cells, SPT_HEADING).filter((head) => head.page === page);
    const heads = all.filter(
      (head) =>
        !all.some(
          (other) =>
            other !== head &&
            other.box.y > head.box.y + head.box.height / 2 &&
            other.box.x < head.box.x + head.box.width &&
            other.box.x + other.box.width > head.box.x,
        ),
    );
    const blows = (head: Cell) => BLOWS_HEADING.test(head.text.trim());
    return heads.some((head) => !blows(head)) ? heads.filter((head) => !blows(head)) : heads;
  });
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
): { depth: number; n: Read<number> }[] {
  const heads = sptColumns(cells);
  const axis = axisLabels(body);
  const tests: { depth: number; n: Read<number> }[] = [];
  for (const cell of body) {
    const value = numberOf(cell.text);
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
  // A test lies below the ground: a figure read above 0 m is a heading's or a plot's axis.
  return tests.filter((test) => test.depth >= 0).sort((a, b) => a.depth - b.depth);
}

/**
 * The blows of an SPT's 150 mm increments, as logs write them (« 4-6-8 », « 4/6/8 », or four with
 * a 600 mm spoon, « 4-6-8-9 »), one separator throughout: N is the second and third's sum. A
 * refusal (« 12-50/10 »: 50 blows for 10 cm) gives none.
 */
const BLOWS = /^(\d{1,2})\s*([-/])\s*(\d{1,2})\s*\2\s*(\d{1,2})(?:\s*\2\s*\d{1,2})?$/;

/**
 * The numbers of a plot's axis (« 0 10 20 30 40 50 » over a graph of N): on a line, left to right,
 * three whole numbers or more growing by a round step (5, 10, 20, 25 or 50) from a multiple of it;
 * OCR may miss one (« 20 30 40 », the 50 read « 2 »), or join two in a cell (« 10 20 »). No test's
 * N, nor any other number on their line: tests at different depths are on different lines. Not the
 * blows of a test's increments in columns of their own (« 3 4 5 6 »), which grow by ones.
 */
function axisLabels(body: readonly Cell[]): Set<Cell> {
  const lines = new Map<string, Cell[]>();
  for (const cell of body) {
    if (!/^\d+(?:\s+\d+)*$/.test(cell.text.trim())) continue;
    const key = `${cell.page} ${cell.line}`;
    lines.set(key, [...(lines.get(key) ?? []), cell]);
  }
  const axis = new Set<Cell>();
  for (const line of lines.values()) {
    const values = line.sort((a, b) => a.box.x - b.box.x).flatMap((cell) => cell.text.trim().split(/\s+/).map(Number));
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
  for (const cell of labels) {
    const type = bare(cell);
    const label = sampleLabel(cell.text, types) ?? (type && types.has(type) ? type : null);
    const scale = scales.get(cell.page);
    const head = heads.find((candidate) => candidate.page === cell.page);
    if (!label || !scale || !head) continue;
    // Under its heading, or between the headings beside it (a heading centred over a wider column).
    const { left, right } = columnBounds(cells, cell.page, SAMPLES_HEADING);
    const under = cell.box.x >= head.box.x - 0.01 && cell.box.x <= head.box.x + head.box.width + 0.01;
    if (!under && (cell.box.x < left || cell.box.x >= right)) continue;
    // A sample across a page's foot is labelled again at the top of the next: kept once.
    if (label !== type && samples.some((sample) => sample.label.value === label && sample.label.page < cell.page))
      continue;
    const depth = Math.round(depthAt(scale, cell.box.y) * 100) / 100;
    samples.push({ depth, label: { value: label, page: cell.page, box: cell.box } });
  }
  return samples.sort((a, b) => a.depth - b.depth);
}

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
  const moves = tests.flatMap((test, i) => (levels[i] ? [levels[i].depth - test.depth] : []));
  const move = moves.length >= 2 ? median(moves) : 0;
  return tests.map((test, i) => ({
    ...test,
    depth: levels[i]?.depth ?? Math.round((test.depth + move) * 100) / 100,
  }));
}
