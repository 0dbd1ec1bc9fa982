import { layerSoil, type SoilClass } from '../soil.ts';
import { cellsOf, numberOf, phrasesOf, type Cell } from './lines.ts';
import { unionOf, type Box, type Word } from './words.ts';

/** A value read on a page, with where it was read: what the checking screen draws a box around. */
export interface Read<T> {
  value: T;
  page: number;
  box: Box;
}

export interface ReadLayer {
  top: number;
  base: number;
  description: Read<string>;
  /** The code written before the description, in brackets (`[CL]`), or ''. */
  legend: string;
  soil: SoilClass;
  /** The base's label, when the log writes one. */
  baseLabel: Read<number> | null;
}

/** What a log's pages say, each value with its page and box; null (or empty) where nothing was read. */
export interface LogReading {
  boreholeId: Read<string> | null;
  /** The day drilling began, as YYYY-MM-DD. */
  date: Read<string> | null;
  /** As written: latitude / longitude (EPSG:4326, x the longitude) or a projected system's X, Y. */
  coordinates: Read<{ crs: string; x: number; y: number }> | null;
  groundLevel: Read<number> | null;
  finalDepth: Read<number> | null;
  layers: ReadLayer[];
  spt: { depth: number; n: Read<number> }[];
  /** Samples by their label (« CF 3 »: type and number) and the depth where they start. */
  samples: { depth: number; label: Read<string> }[];
  /** Depths of water struck while drilling, and of water levels once steady, as written. */
  water: { strikes: Read<number>[]; levels: Read<number>[] };
}

/**
 * Reads a borehole log from the words of its pages (a PDF's text or OCR's): the header's fields by
 * their French or English labels, the depth scale from the column of numbers that grows evenly
 * down the page, the layers from the depths written at their bases and the descriptions beside
 * them, the SPT N values under their column's heading. Each value keeps its page and box.
 */
export function readLog(words: readonly Word[]): LogReading {
  const cells = cellsOf(words);
  const groundLevel = firstMatch(cells, GROUND_PATTERNS, (match) => numberOf(match[1]!));
  // A log set as a table (a row a layer, its depths written in columns « De » / « À » or « Base »)
  // is read by its rows; a log drawn to a depth scale, by where things stand on the scale.
  const finalDepth = firstMatch(cells, FINAL_DEPTH_PATTERNS, (match) => numberOf(match[1]!));
  const deepest = finalDepth?.value ?? Infinity;
  const headed = tableOf(cells, deepest);
  const scales = headed ? new Map<number, DepthScale>() : depthScales(cells, groundLevel?.value ?? null);
  // Neither headings (OCR misses type set white on black) nor a scale: rows that start with a depth.
  const table = headed ?? (scales.size === 0 ? headlessTableOf(cells, deepest) : null);
  const body = table ? [] : cells.filter((cell) => inBody(cell, cells, scales));
  return asShown(words, {
    boreholeId: firstMatch(cells, ID_PATTERNS, (match) => match[1]!.replace(/[.,;:]$/, '')),
    date: firstMatch(cells, DATE_PATTERNS, (match) => isoDay(match[1]!)),
    coordinates: coordinatesOf(cells),
    groundLevel,
    finalDepth,
    layers: table ? table.layers : layersOf(body, cells, scales, finalDepth),
    spt: table ? table.spt : sptOf(body, cells, scales),
    samples: table ? table.samples : samplesOf(body, cells, scales),
    water: { strikes: everyMatch(cells, WATER_STRIKE), levels: everyMatch(cells, WATER_LEVEL) },
  });
}

/**
 * A reading's boxes put where its words stand on the page as shown (Word.shown): a page scanned
 * askew is read straightened, and its values are checked on the picture as scanned, where a box
 * drawn from the straightened words would stand off its value by the slant (7 to 10 px at the
 * edges of a page at 1.3°).
 */
function asShown(words: readonly Word[], reading: LogReading): LogReading {
  const moved = words.filter((word) => word.shown);
  if (moved.length === 0) return reading;
  const within = (inner: Box, outer: Box) => {
    const [cx, cy] = [inner.x + inner.width / 2, inner.y + inner.height / 2];
    return cx >= outer.x && cx <= outer.x + outer.width && cy >= outer.y && cy <= outer.y + outer.height;
  };
  const shown = <T>(read: Read<T>): Read<T> => {
    const inside = moved.filter((word) => word.page === read.page && within(word.box, read.box));
    return inside.length === 0 ? read : { ...read, box: unionOf(inside.map((word) => word.shown!)) };
  };
  const maybe = <T>(read: Read<T> | null) => (read ? shown(read) : null);
  return {
    ...reading,
    boreholeId: maybe(reading.boreholeId),
    date: maybe(reading.date),
    coordinates: maybe(reading.coordinates),
    groundLevel: maybe(reading.groundLevel),
    finalDepth: maybe(reading.finalDepth),
    layers: reading.layers.map((layer) => ({
      ...layer,
      description: shown(layer.description),
      baseLabel: maybe(layer.baseLabel),
    })),
    spt: reading.spt.map((test) => ({ ...test, n: shown(test.n) })),
    samples: reading.samples.map((sample) => ({ ...sample, label: shown(sample.label) })),
    water: { strikes: reading.water.strikes.map(shown), levels: reading.water.levels.map(shown) },
  };
}

// Header -------------------------------------------------------------------------------------------

// OCR often drops an accent from a capital (« Elévation »): the labels take either.
const ID_PATTERNS = [
  /journal (?:de (?:forage|sondage|puits)|du forage)\s+(?:n[o°º]\.?\s*)?([A-Za-z0-9][\w./-]*)/i,
  /\b(?:forage|sondage|puits|borehole|boring)\s*(?:n[o°º]\.?\s*:?|#|:)\s*([A-Za-z0-9][\w./-]*)/i,
];
const DAY = String.raw`(\d{4}-\d{2}-\d{2}|\d{1,2}[/.]\d{1,2}[/.]\d{4})`;
const DATE_PATTERNS = [
  new RegExp(
    String.raw`\b(?:d[ée]but|date(?: de (?:forage|d[ée]but))?|for[ée] le|drilled|start(?:ed)?)\s*:?\s*${DAY}`,
    'i',
  ),
];
const METRES = String.raw`(-?\d[\d\s\u00a0]*(?:[,.]\d+)?)\s*m\b`;
const GROUND_PATTERNS = [
  new RegExp(String.raw`(?:[ée]l[ée]vation|[ée]l[ée]v\.|cote|altitude)(?: du (?:terrain|sol))?\s*:?\s*${METRES}`, 'i'),
  new RegExp(String.raw`ground (?:level|elevation)\s*:?\s*${METRES}`, 'i'),
];
const FINAL_DEPTH_PATTERNS = [
  new RegExp(String.raw`profondeur (?:finale|totale)\s*:?\s*${METRES}`, 'i'),
  new RegExp(String.raw`(?:final|total) depth\s*:?\s*${METRES}`, 'i'),
];

const DEPTH = String.raw`(\d+(?:[,.]\d+)?)\s*m\b`;
const WATER_STRIKE = new RegExp(String.raw`(?:venue d[’']eau|water strike)\s*(?:[àa]|at)?\s*:?\s*${DEPTH}`, 'gi');
const WATER_LEVEL = new RegExp(
  String.raw`(?:niveau (?:d[’']eau )?stabilis[ée]|standing (?:water )?level)\s*(?:[àa]|at)?\s*:?\s*${DEPTH}`,
  'gi',
);

/**
 * Every depth a pattern (global, its first group the depth) finds in the cells, with its box; a
 * depth the header of each page says again is kept once, where it was first read.
 */
function everyMatch(cells: readonly Cell[], pattern: RegExp): Read<number>[] {
  const found: Read<number>[] = [];
  for (const { cell, split } of phrasesOf(cells)) {
    for (const match of cell.text.matchAll(pattern)) {
      if (!straddles(match, split)) continue;
      const value = numberOf(match[1]!);
      if (value === null || found.some((read) => read.value === value && read.page !== cell.page)) continue;
      found.push({ value, page: cell.page, box: boxOfGroup(cell, match) });
    }
  }
  return found;
}

/** A day written YYYY-MM-DD or, as in Québec, DD/MM/YYYY; null when it is no day. */
function isoDay(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const local = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
  const [year, month, day] = iso ? [iso[1]!, iso[2]!, iso[3]!] : local ? [local[3]!, local[2]!, local[1]!] : [];
  if (!year || !month || !day) return null;
  const day10 = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${day10}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day10 ? null : day10;
}

/** The first match of any pattern in the cells, top of the first page first, with the box of what it caught. */
function firstMatch<T>(
  cells: readonly Cell[],
  patterns: readonly RegExp[],
  value: (match: RegExpExecArray) => T | null,
): Read<T> | null {
  for (const { cell, split } of phrasesOf(cells)) {
    for (const pattern of patterns) {
      const match = pattern.exec(cell.text);
      const found = match && straddles(match, split) ? value(match) : null;
      if (match && found !== null) return { value: found, page: cell.page, box: boxOfGroup(cell, match) };
    }
  }
  return null;
}

/** A match in two joined cells must take in both (else one of them, alone, gives it). */
const straddles = (match: RegExpExecArray, split: number | null) =>
  split === null || (match.index < split && match.index + match[0].length > split);

/** The box of a match's first group (or the whole match) among a cell's words. */
function boxOfGroup(cell: Cell, match: RegExpExecArray): Box {
  const group = match[1] ?? match[0];
  const start = match.index + match[0].indexOf(group);
  const end = start + group.length;
  const boxes: Box[] = [];
  let offset = 0;
  for (const word of cell.words) {
    const wordEnd = offset + word.text.length;
    if (wordEnd > start && offset < end) boxes.push(word.box);
    offset = wordEnd + 1;
  }
  return boxes.length ? unionOf(boxes) : cell.box;
}

const LAT_LON =
  /(\d{1,2}[,.]\d+)\s*°?\s*([NS])\b\s*,?\s*(\d{1,3}[,.]\d+)\s*°?\s*([EOW])\b|lat(?:itude)?\.?\s*:?\s*(-?\d{1,2}[,.]\d+)\s*°?\s*,?\s*lon(?:gitude)?\.?\s*:?\s*(-?\d{1,3}[,.]\d+)/i;
const PROJECTED =
  /\b(?:X|E|Est)\s*[:=]?\s*(\d[\d\s\u00a0]*(?:[,.]\d+)?)\s*m?\s*[,;]?\s*(?:Y|N|Nord)\s*[:=]?\s*(\d[\d\s\u00a0]*(?:[,.]\d+)?)\s*m?\s*\(?\s*(EPSG\s*:\s*\d{4,5}|MTM\s*(?:zone\s*)?\d{1,2}|UTM\s*(?:zone\s*)?\d{1,2}\s*N?)/i;

/** The coordinates the header gives: a projected system's when it names one, else latitude and longitude. */
function coordinatesOf(cells: readonly Cell[]): Read<{ crs: string; x: number; y: number }> | null {
  const projected = firstMatch(cells, [PROJECTED], (match) => {
    const [x, y, crs] = [
      numberOf(match[1]!.replace(/,$/, '')),
      numberOf(match[2]!.replace(/,$/, '')),
      epsgOf(match[3]!),
    ];
    return x === null || y === null || !crs ? null : { crs, x, y };
  });
  if (projected) return projected;
  return firstMatch(cells, [LAT_LON], (match) => {
    if (match[5] && match[6]) {
      const [lat, lon] = [numberOf(match[5]), numberOf(match[6])];
      return lat === null || lon === null ? null : { crs: 'EPSG:4326', x: lon, y: lat };
    }
    const [lat, lon] = [numberOf(match[1]!), numberOf(match[3]!)];
    if (lat === null || lon === null) return null;
    const sign = (hemisphere: string, negative: string) => (hemisphere.toUpperCase() === negative ? -1 : 1);
    const west = match[4]!.toUpperCase() === 'E' ? 1 : -1;
    return { crs: 'EPSG:4326', x: west * lon, y: sign(match[2]!, 'S') * lat };
  });
}

/** MTM zones 3 to 10 of NAD83 are EPSG:32183–32190 (2945–2952 in CSRS); UTM 17–21 N of NAD83, 26917–26921. */
function epsgOf(text: string): string | null {
  const compact = text.replace(/\s+/g, ' ').trim().toUpperCase();
  const epsg = /^EPSG ?: ?(\d{4,5})$/.exec(compact);
  if (epsg) return `EPSG:${epsg[1]}`;
  const mtm = /^MTM (?:ZONE )?(\d{1,2})$/.exec(compact);
  if (mtm && Number(mtm[1]) >= 3 && Number(mtm[1]) <= 10) return `EPSG:${32180 + Number(mtm[1])}`;
  const utm = /^UTM (?:ZONE )?(\d{1,2}) ?N?$/.exec(compact);
  if (utm && Number(utm[1]) >= 17 && Number(utm[1]) <= 21) return `EPSG:${26900 + Number(utm[1])}`;
  return null;
}

// Depth scale --------------------------------------------------------------------------------------

/** Metres below ground at a height of a page: depth = intercept + slope × y (y a fraction of the page). */
interface DepthScale {
  intercept: number;
  slope: number;
  /** The ground's elevation when the scale was read from elevations (depth = ground − number). */
  ground: number | null;
  /** The scale's numbers, which are not data. */
  cells: Cell[];
}

const middleOf = (box: Box) => box.y + box.height / 2;
const centreOf = (box: Box) => box.x + box.width / 2;

/**
 * Each page's depth scale: among the columns of numbers (cells whose right edges line up), the
 * longest of three numbers or more growing evenly down the page; failing one, a column of
 * elevations falling evenly, turned into depths by the ground's elevation.
 */
function depthScales(cells: readonly Cell[], groundLevel: number | null): Map<number, DepthScale> {
  const scales = new Map<number, DepthScale>();
  for (const page of new Set(cells.map((cell) => cell.page))) {
    const numbers = cells.filter((cell) => cell.page === page && numberOf(cell.text) !== null);
    let best: DepthScale | null = null;
    let elevations: DepthScale | null = null;
    const onPage = cells.filter((cell) => cell.page === page);
    for (const found of columnsByRightEdge(numbers)) {
      if (found.length < 3 || labelledRows(found, onPage)) continue;
      const graduation = evenLine(found);
      if (!graduation) continue;
      const { fit, column } = graduation;
      const depths = fit.slope > 0 && (column.length >= 5 || onWholeSteps(column));
      if (depths && (!best || column.length > best.cells.length)) best = { ...fit, ground: null, cells: column };
      // Elevations fall down the page; with the ground's, they give depths (OCR often misses the
      // depth scale's lone digits, seldom the elevations' « 57,28 »).
      if (fit.slope < 0 && groundLevel !== null && (!elevations || column.length > elevations.cells.length)) {
        elevations = { intercept: groundLevel - fit.intercept, slope: -fit.slope, ground: groundLevel, cells: column };
      }
    }
    const scale = best ?? elevations ?? continued(scales.get(page - 1), numbers);
    if (scale) scales.set(page, scale);
  }
  return scales;
}

/**
 * True when most numbers of a column have a word on their left (« CF-3  3,75  12 »): the depths of a
 * table's rows, not a graduation, which stands at the edge of its log.
 */
function labelledRows(column: readonly Cell[], cells: readonly Cell[]): boolean {
  const labelled = column.filter((number) =>
    cells.some(
      (other) =>
        other.box.x + other.box.width <= number.box.x &&
        /\p{L}/u.test(other.text) &&
        Math.abs(middleOf(other.box) - middleOf(number.box)) < number.box.height / 2,
    ),
  );
  return labelled.length > column.length / 2;
}

/**
 * The scale of a page too short for a graduation of its own (the last metre of a log): the page
 * before's, at the same slope, through a number of this page in the same column.
 */
function continued(before: DepthScale | undefined, numbers: readonly Cell[]): DepthScale | null {
  if (!before || before.slope <= 0) return null;
  const edge = (cell: Cell) => cell.box.x + cell.box.width;
  const reference = before.cells[0]!;
  const mark = numbers.find((cell) => Math.abs(edge(cell) - edge(reference)) < 0.006);
  if (!mark) return null;
  const depth = before.ground === null ? numberOf(mark.text)! : before.ground - numberOf(mark.text)!;
  return { ...before, intercept: depth - before.slope * middleOf(mark.box), cells: [mark] };
}

/**
 * A column's graduation (evenEnough), once the numbers OCR misread in it are set aside: the one
 * furthest from the line, again and again, a quarter of the column at most, five numbers left at
 * least (« 12 » read « 121 »; three of a table's depths may fall at even steps by chance).
 */
function evenLine(column: readonly Cell[]) {
  const kept = [...column];
  for (let dropped = 0; kept.length >= (dropped ? 5 : 3) && dropped <= column.length / 4; dropped++) {
    const fit = straightLine(kept.map((cell) => [middleOf(cell.box), numberOf(cell.text)!]));
    if (!fit) return null;
    if (evenEnough(fit, kept)) return { fit, column: kept };
    const distance = (cell: Cell) => Math.abs(fit.intercept + fit.slope * middleOf(cell.box) - numberOf(cell.text)!);
    kept.splice(kept.indexOf(kept.reduce((far, cell) => (distance(cell) > distance(far) ? cell : far))), 1);
  }
  return null;
}

/**
 * True when a column's numbers are whole numbers of their step from 0 (1, 2, 3 or 2,5, 5, 7,5): a
 * short graduation of depths; the three depths of a table's rows (1,20, 4,63, 7,96) may lie evenly
 * by chance, not on whole steps.
 */
function onWholeSteps(column: readonly Cell[]): boolean {
  const values = column.map((cell) => numberOf(cell.text)!);
  const step = Math.min(...values.slice(1).map((value, i) => Math.abs(value - values[i]!)));
  return step > 0 && values.every((value) => Math.abs(value / step - Math.round(value / step)) < 0.05);
}

/**
 * A graduation: numbers a whole number of steps apart (OCR may miss some), on a line that misses
 * none by more than a tenth of a step (the boxes OCR draws move by a pixel or two). The depths
 * written at the layers' bases also lie on a line, but at uneven steps.
 */
function evenEnough(fit: { worst: number }, column: readonly Cell[]): boolean {
  const values = column.map((cell) => numberOf(cell.text)!);
  const steps = values
    .slice(1)
    .map((value, i) => Math.abs(value - values[i]!))
    .sort((a, b) => a - b);
  const step = steps[0] ?? 0;
  if (step <= 0 || fit.worst > 0.1 * step) return false;
  return steps.every((each) => Math.abs(each / step - Math.round(each / step)) < 0.05);
}

/** Cells grouped by the right edge they share (numbers are set flush right), within 0.6 % of the page. */
function columnsByRightEdge(cells: readonly Cell[]): Cell[][] {
  const columns: { edge: number; cells: Cell[] }[] = [];
  for (const cell of cells) {
    const edge = cell.box.x + cell.box.width;
    const column = columns.find((candidate) => Math.abs(candidate.edge - edge) < 0.006);
    if (column) column.cells.push(cell);
    else columns.push({ edge, cells: [cell] });
  }
  return columns.map((column) => column.cells.sort((a, b) => a.box.y - b.box.y));
}

/** The least-squares line through points (x, y), and the largest distance of a point from it. */
function straightLine(points: [number, number][]): { intercept: number; slope: number; worst: number } | null {
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const sxx = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  if (sxx === 0) return null;
  const slope = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0) / sxx;
  const intercept = meanY - slope * meanX;
  const worst = Math.max(...points.map(([x, y]) => Math.abs(intercept + slope * x - y)));
  return { intercept, slope, worst };
}

const depthAt = (scale: DepthScale, y: number) => scale.intercept + scale.slope * y;

// Columns and body --------------------------------------------------------------------------------

/** The heading of the descriptions' column, whose line holds the column headings. */
const DESCRIPTION_HEADING = /^(description|lithologie)\b/i;

/** The row of column headings of a page: the cell « Description » and those on its line. */
function headings(cells: readonly Cell[], page: number): Cell[] {
  const description = cells.find((cell) => cell.page === page && DESCRIPTION_HEADING.test(cell.text));
  if (!description) return [];
  return cells.filter(
    (cell) => cell.page === page && Math.abs(middleOf(cell.box) - middleOf(description.box)) < description.box.height,
  );
}

/** Between the headings and the legend (or the page's foot): where the log's data is. */
function inBody(cell: Cell, cells: readonly Cell[], scales: Map<number, DepthScale>): boolean {
  const heads = headings(cells, cell.page);
  // Without the headings (OCR may miss a row of small type on grey), from where the scale says
  // 0 m is (the page's first depth, on a page after the first), less a line.
  const scale = scales.get(cell.page);
  if (!heads.length && !scale) return false;
  const top = heads.length
    ? Math.max(...heads.map((head) => head.box.y + head.box.height))
    : Math.min(...scale!.cells.map((number) => number.box.y), -scale!.intercept / scale!.slope) - 0.012;
  const legend = cells.find((other) => other.page === cell.page && /^(légende|legend)\b/i.test(other.text));
  return cell.box.y > top && (!legend || cell.box.y < legend.box.y);
}

// Layers -------------------------------------------------------------------------------------------

const LETTERS = /\p{L}{3,}/u;
/** Lines further apart than this many times the usual spacing start a new description. */
const NEW_PARAGRAPH = 1.2;
/** A base label sits this close (in metres) to the depth the scale gives at its height. */
const LABEL_TOLERANCE = 0.3;
/** How far from its depth a base label moved aside (to clear the one above) may stand, in metres. */
const DISPLACED_LABEL = 3;

/**
 * The layers: their bases are the depths written beside the descriptions where the scale says they
 * are (not the scale's own numbers, nor the SPT's); each paragraph of the description column is
 * a layer's description, in order — « (suite) » carries a layer on from the page before.
 */
function layersOf(
  body: readonly Cell[],
  cells: readonly Cell[],
  scales: Map<number, DepthScale>,
  finalDepth: Read<number> | null,
): ReadLayer[] {
  const spt = sptColumns(cells);
  const scaleCells = new Set([...scales.values()].flatMap((scale) => scale.cells));
  const descriptionCells = descriptionColumn(body.filter((cell) => LETTERS.test(cell.text) && !scaleCells.has(cell)));
  const left = descriptionCells.length ? Math.min(...descriptionCells.map((cell) => cell.box.x)) : 0;

  // Without a scale (a log shorter than three of its graduations), the numbers that grow down the page.
  const labels: Read<number>[] = [];
  /** Cells beside the descriptions with digits and no words, that do not read as a depth there. */
  const misread: Cell[] = [];
  for (const cell of [...body].sort((a, b) => a.page - b.page || a.box.y - b.box.y)) {
    if (scaleCells.has(cell) || cell.box.x < left) continue;
    if (spt.some((column) => withinColumn(cell, column))) continue;
    const lead = leadingNumber(cell);
    const value = lead?.value ?? null;
    const scale = scales.get(cell.page);
    if (
      value === null ||
      (scale
        ? Math.abs(depthAt(scale, middleOf(cell.box)) - value) > LABEL_TOLERANCE
        : value <= (labels.at(-1)?.value ?? 0))
    ) {
      if (scale && /\d/.test(cell.text) && !LETTERS.test(cell.text)) misread.push(cell);
      continue;
    }
    labels.push({ value, page: cell.page, box: lead!.box });
  }
  const bases = baseLabels(labels, misread, scales);
  const paragraphs = paragraphsOf(descriptionCells);
  // More descriptions than bases: OCR missed a base; the paragraph that starts a layer says where.
  const boundaries: { value: number; label: Read<number> | null; page: number; box: Box }[] = bases.map((label) => ({
    ...label,
    label,
  }));
  if (paragraphs.length > bases.length) {
    for (const missed of missedBases(
      paragraphs,
      bases.map((base) => base.value),
      scales,
    )) {
      boundaries.push({ value: missed.depth, label: null, page: missed.paragraph.page, box: missed.paragraph.box });
    }
    boundaries.sort((a, b) => a.value - b.value);
  }
  // Still a description more than bases, and the header's final depth below the last base read:
  // OCR missed the last base, which is the borehole's final depth.
  const last = boundaries.at(-1)?.value ?? 0;
  if (paragraphs.length > boundaries.length && finalDepth && finalDepth.value > last + 0.05) {
    boundaries.push({ ...finalDepth, label: finalDepth });
  }
  const layers: ReadLayer[] = boundaries.map((boundary, i) => ({
    top: i === 0 ? 0 : boundaries[i - 1]!.value,
    base: boundary.value,
    description: { value: '', page: boundary.page, box: boundary.box },
    legend: '',
    soil: 'fill',
    baseLabel: boundary.label,
  }));
  // One paragraph a layer, in order, when they agree; else each paragraph to the layer at its depth.
  const assigned =
    paragraphs.length === layers.length
      ? paragraphs.map((paragraph, i) => [paragraph, i] as const)
      : paragraphs.map((paragraph) => {
          const scale = scales.get(paragraph.page);
          const depth = scale ? depthAt(scale, paragraph.box.y) : 0;
          const index = layers.findIndex((layer) => depth < layer.base - 0.01);
          return [paragraph, index === -1 ? layers.length - 1 : index] as const;
        });
  for (const [paragraph, index] of assigned) {
    const layer = layers[index];
    if (!layer) continue;
    const text = layer.description.value ? `${layer.description.value} ${paragraph.text}` : paragraph.text;
    layer.description = {
      value: text,
      page: layer.description.value ? layer.description.page : paragraph.page,
      box: layer.description.value ? layer.description.box : paragraph.box,
    };
  }
  for (const layer of layers) {
    const legend = /^\[([^\]]{1,12})\]\s*/.exec(layer.description.value);
    layer.legend = legend ? legend[1]! : '';
    layer.description.value = layer.description.value.slice(legend ? legend[0].length : 0).trim();
    layer.soil = layerSoil({ description: layer.description.value, legend: layer.legend });
  }
  return layers;
}

/**
 * The base labels, in depth order: those read, but for a whole number much taller than the others
 * (a sample's mark read as a « 1 »); and, where OCR misread a label (« 5:38 », « 116 ») in their column,
 * its depth — its digits with a decimal point put back where the scale agrees, else the scale's depth
 * at its height, set off as the labels read set theirs off.
 */
function baseLabels(read: readonly Read<number>[], misread: readonly Cell[], scales: Map<number, DepthScale>) {
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const height = median(read.map((label) => label.box.height));
  const mark = (label: Read<number>) => label.box.height > 1.8 * height && Number.isInteger(label.value);
  const labels = read.length >= 3 ? read.filter((label) => !mark(label)) : [...read];
  const withScale = labels.filter((label) => scales.has(label.page));
  if (withScale.length >= 3) {
    const rightEdge = median(withScale.map((label) => label.box.x + label.box.width));
    const offset = median(
      withScale.map((label) => label.value - depthAt(scales.get(label.page)!, middleOf(label.box))),
    );
    const byPlace = (a: Read<number>, b: Read<number>) => a.page - b.page || a.box.y - b.box.y;
    const placed = [...labels].sort(byPlace);
    for (const cell of misread) {
      const edge = cell.box.x + cell.box.width;
      if (Math.abs(edge - rightEdge) > 0.006 || cell.box.height > 1.8 * height) continue;
      const expected = depthAt(scales.get(cell.page)!, middleOf(cell.box)) + offset;
      // A label moved off its depth to make room (a leader joins it to its boundary): its number
      // reads whole, and falls between the labels above and below it.
      const written = numberOf(cell.text);
      const below = placed.findIndex((label) => byPlace(label, { value: 0, page: cell.page, box: cell.box }) > 0);
      const [above, under] = [placed[(below < 0 ? placed.length : below) - 1], below < 0 ? undefined : placed[below]];
      if (
        written !== null &&
        written > (above?.value ?? 0) &&
        written < (under?.value ?? Infinity) &&
        Math.abs(written - expected) <= DISPLACED_LABEL
      ) {
        labels.push({ value: written, page: cell.page, box: cell.box });
        continue;
      }
      if (expected <= 0 || labels.some((label) => Math.abs(label.value - expected) < LABEL_TOLERANCE)) continue;
      const digits = cell.text.replace(/\D/g, '');
      const repaired = Array.from({ length: digits.length - 1 }, (_, i) =>
        Number(`${digits.slice(0, i + 1)}.${digits.slice(i + 1)}`),
      ).find((value) => Math.abs(value - expected) <= 0.1);
      labels.push({ value: repaired ?? Math.round(expected * 100) / 100, page: cell.page, box: cell.box });
    }
  }
  labels.sort((a, b) => a.value - b.value);
  return labels.filter((label, i) => i === 0 || label.value - labels[i - 1]!.value > 0.005);
}

/**
 * The number a cell starts with, and its box: the whole cell, or its first word when what follows
 * is a mark and not words (a coarse scan runs a base's depth into the sample column's tick, « 2,58 I »).
 */
function leadingNumber(cell: Cell): { value: number; box: Box } | null {
  const whole = numberOf(cell.text);
  if (whole !== null) return { value: whole, box: cell.box };
  const [first, ...rest] = cell.words;
  const value = first ? numberOf(first.text) : null;
  if (value === null || LETTERS.test(rest.map((word) => word.text).join(''))) return null;
  return { value, box: first!.box };
}

/**
 * The tops of layers whose base above them was not read: each description paragraph but the first
 * starts a layer, as far below its top as the first paragraph stands below 0 m — unless it is set
 * right under the paragraph before (a description that ran on past its layer), or a base read lies
 * within 0.3 m of it.
 */
function missedBases(
  paragraphs: readonly Paragraph[],
  bases: readonly number[],
  scales: Map<number, DepthScale>,
): { depth: number; paragraph: Paragraph }[] {
  const first = paragraphs[0];
  const firstScale = first && scales.get(first.page);
  if (!first || !firstScale) return [];
  const offset = depthAt(firstScale, first.box.y);
  const missed: { depth: number; paragraph: Paragraph }[] = [];
  paragraphs.forEach((paragraph, k) => {
    const before = paragraphs[k - 1];
    const scale = scales.get(paragraph.page);
    if (!before || !scale) return;
    const gap = paragraph.box.y - (before.box.y + before.box.height);
    if (before.page === paragraph.page && gap < 2 * paragraph.lineHeight) return;
    const depth = Math.round((depthAt(scale, paragraph.box.y) - offset) * 100) / 100;
    if ([...bases, ...missed.map((found) => found.depth)].some((base) => Math.abs(base - depth) < 0.3)) return;
    missed.push({ depth, paragraph });
  });
  return missed;
}

/** The cells of the description column: those whose left edge is the most common among text cells. */
function descriptionColumn(text: readonly Cell[]): Cell[] {
  const edges: { x: number; count: number }[] = [];
  for (const cell of text) {
    const edge = edges.find((candidate) => Math.abs(candidate.x - cell.box.x) < 0.01);
    if (edge) edge.count++;
    else edges.push({ x: cell.box.x, count: 1 });
  }
  const main = edges.sort((a, b) => b.count - a.count)[0];
  if (!main) return [];
  const starts = text.filter((cell) => Math.abs(cell.box.x - main.x) < 0.01);
  // A line OCR cut at a wider space goes on in cells to the right of its start, on its line.
  return starts.map((start) => {
    const rest = text.filter(
      (cell) =>
        !starts.includes(cell) &&
        cell.page === start.page &&
        cell.box.x > start.box.x &&
        Math.abs(middleOf(cell.box) - middleOf(start.box)) < start.box.height / 2,
    );
    if (!rest.length) return start;
    const line = [start, ...rest].sort((a, b) => a.box.x - b.box.x);
    return {
      text: line.map((cell) => cell.text).join(' '),
      page: start.page,
      box: unionOf(line.map((cell) => cell.box)),
      words: line.flatMap((cell) => cell.words),
      line: start.line,
    };
  });
}

/** The description's lines gathered into paragraphs: a wider gap, or a new page, starts the next. */
interface Paragraph {
  text: string;
  page: number;
  box: Box;
  /** The height of its first line. */
  lineHeight: number;
}

function paragraphsOf(lines: readonly Cell[]): Paragraph[] {
  const sorted = [...lines].sort((a, b) => a.page - b.page || a.box.y - b.box.y);
  const steps = sorted
    .slice(1)
    .map((line, i) => (line.page === sorted[i]!.page ? line.box.y - sorted[i]!.box.y : Infinity))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  // The usual spacing of a paragraph's lines: the closest two lines, unless every paragraph has
  // one line only — then a little more than the text's height, as type is set.
  const heights = sorted.map((line) => line.box.height).sort((a, b) => a - b);
  const usual = Math.min(steps[0] ?? Infinity, 1.25 * (heights[Math.floor(heights.length / 2)] ?? Infinity));
  const paragraphs: Cell[][] = [];
  sorted.forEach((line, i) => {
    const previous = sorted[i - 1];
    const joined =
      previous &&
      previous.page === line.page &&
      line.box.y - previous.box.y <= NEW_PARAGRAPH * usual &&
      !/^\(suite\)/i.test(line.text);
    if (joined) paragraphs.at(-1)!.push(line);
    else paragraphs.push([line]);
  });
  const text = paragraphs.map((paragraph) => ({
    text: paragraph
      .map((line) => line.text)
      .join(' ')
      .replace(/^\(suite\)\s*/i, ''),
    page: paragraph[0]!.page,
    box: unionOf(paragraph.map((line) => line.box)),
    lineHeight: paragraph[0]!.box.height,
    continued: /^\(suite\)/i.test(paragraph[0]!.text),
  }));
  // A paragraph « (suite) » ends the one before it, on the page before.
  const merged: Paragraph[] = [];
  for (const { continued, ...paragraph } of text) {
    const last = merged.at(-1);
    // Our logs write the whole description again after « (suite) »; others write what is left.
    if (continued && last) {
      if (!last.text.startsWith(paragraph.text)) last.text = `${last.text} ${paragraph.text}`;
    } else merged.push(paragraph);
  }
  return merged;
}

// SPT ----------------------------------------------------------------------------------------------

/** The headings of SPT N columns (« SPT N », « N », « Coups »), not the plot's (« N (0 à 50) »). */
function sptColumns(cells: readonly Cell[]): Cell[] {
  const pages = new Set(cells.map((cell) => cell.page));
  return [...pages].flatMap((page) =>
    headings(cells, page).filter((head) => /^(spt.*|n|coups|blows)$/i.test(head.text.trim())),
  );
}

const withinColumn = (cell: Cell, head: Cell) =>
  cell.page === head.page && Math.abs(centreOf(cell.box) - centreOf(head.box)) < Math.max(head.box.width / 2, 0.02);

/** Each whole number under an SPT heading, at the depth the scale gives at its height. */
function sptOf(
  body: readonly Cell[],
  cells: readonly Cell[],
  scales: Map<number, DepthScale>,
): { depth: number; n: Read<number> }[] {
  const heads = sptColumns(cells);
  const tests: { depth: number; n: Read<number> }[] = [];
  for (const cell of body) {
    const value = numberOf(cell.text);
    const scale = scales.get(cell.page);
    if (value === null || !Number.isInteger(value) || !scale || !heads.some((head) => withinColumn(cell, head)))
      continue;
    const depth = Math.round(depthAt(scale, middleOf(cell.box)) * 100) / 100;
    tests.push({ depth, n: { value, page: cell.page, box: cell.box } });
  }
  return tests.sort((a, b) => a.depth - b.depth);
}

// Logs set as tables -------------------------------------------------------------------------------

/** Column headings of a layer table: where each layer's base, and maybe its top, is written. */
const BASE_HEADING = /^(?:à|a|to|base)(?:\s|\(|$)/i;
const TOP_HEADING = /^(?:de|from|sommet|top)(?:\s|\(|$)/i;
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
function tableOf(cells: readonly Cell[], deepest: number): TableReading | null {
  const layers: ReadLayer[] = [];
  let found = false;
  for (const page of [...new Set(cells.map((cell) => cell.page))].sort((a, b) => a - b)) {
    const heads = headings(cells, page);
    const base = heads.find((head) => BASE_HEADING.test(head.text));
    const description = heads.find((head) => DESCRIPTION_HEADING.test(head.text));
    if (!base || !description) continue;
    found = true;
    const top = heads.find((head) => TOP_HEADING.test(head.text));
    const below = cells.filter((cell) => cell.page === page && cell.box.y > base.box.y + base.box.height);
    const rows = below.filter((cell) => inColumnOf(cell, base) && numberOf(cell.text) !== null);
    layers.push(...tableRows(below, rows, { top, text: description.box.x, before: layers.at(-1)?.base ?? 0, deepest }));
  }
  return found ? { layers, ...testsTable(cells) } : null;
}

/**
 * A layer table whose headings were not read: the longest column of numbers growing down the
 * pages (most of them: OCR misreads a digit now and then), each with text just right of it on its
 * line — a depth, then its layer's description.
 */
function headlessTableOf(cells: readonly Cell[], deepest: number): TableReading | null {
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
  return { layers, ...testsTable(cells) };
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
 */
function tableRows(
  below: readonly Cell[],
  candidates: readonly Cell[],
  { top, text, before, deepest }: { top: Cell | undefined; text: number; before: number; deepest: number },
): ReadLayer[] {
  const first = candidates[0];
  const end =
    below.find((cell) => TABLE_END.test(cell.text) && cell.box.x < text && (!first || cell.box.y > first.box.y))?.box
      .y ?? 1;
  const rows = candidates.filter((cell) => cell.box.y < end).sort((a, b) => a.box.y - b.box.y);
  const bases = inOrder(
    rows.map((row) => row.text),
    before,
    deepest,
  );
  const layers: ReadLayer[] = [];
  rows.forEach((row, i) => {
    const next = rows[i + 1]?.box.y ?? end;
    const lines = below.filter(
      (cell) =>
        cell.box.x >= text - COLUMN_SLACK &&
        LETTERS.test(cell.text) &&
        middleOf(cell.box) > row.box.y - row.box.height / 2 &&
        cell.box.y < next - row.box.height / 4 &&
        cell.box.y < end,
    );
    const written = top ? below.find((cell) => inColumnOf(cell, top) && sameLine(cell, row)) : undefined;
    const value = bases[i]!;
    const layerTop = (written && numberOf(written.text)) ?? layers.at(-1)?.base ?? before;
    const joined = inReadingOrder(lines)
      .map((line) => line.text)
      .join(' ');
    const legend = /^\[([^\]]{1,12})\]\s*/.exec(joined);
    const plain = joined.slice(legend ? legend[0].length : 0).trim();
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
 * The table of tests and samples under a « Prof… » heading: each depth of its column, with the whole
 * number in the « N » column on its line (an SPT test), and the label left of it (a sample).
 */
function testsTable(cells: readonly Cell[]): Pick<LogReading, 'spt' | 'samples'> {
  const spt: LogReading['spt'] = [];
  const samples: LogReading['samples'] = [];
  for (const depthHead of cells.filter((cell) => /^prof/i.test(cell.text))) {
    const nHead = cells.find(
      (cell) => cell !== depthHead && /^(?:n|n \(.*\)|coups)$/i.test(cell.text.trim()) && sameLine(cell, depthHead),
    );
    for (const cell of cells) {
      if (cell.box.y <= depthHead.box.y + depthHead.box.height / 2 || !inColumnOf(cell, depthHead)) continue;
      const depth = numberOf(cell.text);
      if (depth === null) continue;
      const count =
        nHead &&
        cells.find((other) => sameLine(other, cell) && Math.abs(centreOf(other.box) - centreOf(nHead.box)) < 0.04);
      const n = count ? numberOf(count.text) : null;
      if (count && n !== null && Number.isInteger(n))
        spt.push({ depth, n: { value: n, page: count.page, box: count.box } });
      const labelled = cells.find(
        (other) => sameLine(other, cell) && other.box.x + other.box.width <= cell.box.x && sampleLabel(other.text),
      );
      if (labelled) {
        samples.push({ depth, label: { value: sampleLabel(labelled.text)!, page: labelled.page, box: labelled.box } });
      }
    }
  }
  return { spt: spt.sort((a, b) => a.depth - b.depth), samples: samples.sort((a, b) => a.depth - b.depth) };
}

// Samples ------------------------------------------------------------------------------------------

/** A sample's label as logs write it: its type's letters, then its number (« CF 3 », « CF-3 », « TM12 »). */
const SAMPLE = /^([A-Z]{1,4})[\s-]?(\d{1,3}[A-Z]?)$/;
const sampleLabel = (text: string) => {
  const match = SAMPLE.exec(text.trim());
  return match ? `${match[1]} ${match[2]}` : null;
};

/** On a log drawn to scale: each label in the samples' column (« Échant. »), at the depth of its top. */
function samplesOf(
  body: readonly Cell[],
  cells: readonly Cell[],
  scales: Map<number, DepthScale>,
): LogReading['samples'] {
  const pages = new Set(cells.map((cell) => cell.page));
  const heads = [...pages].flatMap((page) => headings(cells, page).filter((head) => /^[ée]chant/i.test(head.text)));
  const samples: LogReading['samples'] = [];
  for (const cell of body) {
    const label = sampleLabel(cell.text);
    const scale = scales.get(cell.page);
    const head = heads.find((candidate) => candidate.page === cell.page);
    if (!label || !scale || !head) continue;
    if (cell.box.x < head.box.x - 0.01 || cell.box.x > head.box.x + head.box.width + 0.01) continue;
    // A sample across a page's foot is labelled again at the top of the next: kept once.
    if (samples.some((sample) => sample.label.value === label && sample.label.page < cell.page)) continue;
    const depth = Math.round(depthAt(scale, cell.box.y) * 100) / 100;
    samples.push({ depth, label: { value: label, page: cell.page, box: cell.box } });
  }
  return samples.sort((a, b) => a.depth - b.depth);
}
