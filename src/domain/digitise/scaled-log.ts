import { layerSoil, SOIL_KEYWORDS } from '../soil.ts';
import { foldText } from '../text.ts';
import { columnsByLeftEdge, columnsByRightEdge, depthAt, type DepthScale } from './depth-scale.ts';
import {
  descriptionBounds,
  descriptionHeading,
  headed,
  headings,
  headingsBottom,
  SPT_HEADING,
  withinColumn,
} from './headings.ts';
import { numberOf, withWords, type Cell } from './lines.ts';
import {
  centreOf,
  describes,
  endsHole,
  inSentenceCase,
  isHatching,
  LETTERS,
  median,
  middleOf,
  ledTop,
  RANGE_LED,
  TOP_LED,
  withoutTopDepth,
  type Read,
  type ReadLayer,
} from './log-reading.ts';
import { unionOf, type Box, type Word } from './words.ts';

/** Between the headings and the legend (or the page's foot): where the log's data is. */
export function inBody(cell: Cell, cells: readonly Cell[], scales: Map<number, DepthScale>): boolean {
  const heads = headings(cells, cell.page);
  // Without the headings (OCR may miss a row of small type on grey), from where the scale says
  // 0 m is (the page's first depth, on a page after the first), less a line.
  const scale = scales.get(cell.page);
  if (!heads.length && !scale) return false;
  const top = heads.length
    ? headingsBottom(heads)
    : Math.min(...scale!.cells.map((number) => number.box.y), -scale!.intercept / scale!.slope) - 0.012;
  const onPage = cells.filter((other) => other.page === cell.page && other.box.y > top);
  const defines = (other: Cell) =>
    ABBREVIATION.test(other.text) &&
    onPage.some((next) => next !== other && next.line === other.line && ABBREVIATION.test(next.text));
  // Under the table, so under its graduation: not a title block's legend or signatures beside it.
  const graduated = Math.max(
    0,
    ...(scale?.cells ?? []).filter((number) => number.page === cell.page).map((number) => number.box.y),
  );
  const foot = Math.min(
    ...onPage
      .filter((other) => (FOOT.test(other.text) || defines(other)) && other.box.y > graduated)
      .map((other) => other.box.y),
  );
  // By its middle: OCR may box a line of the foot a little higher than the foot's label beside it,
  // and the body's first line a little higher than the foot of a rotated heading read as one tall cell.
  return (heads.length ? middleOf(cell.box) : cell.box.y) > top && middleOf(cell.box) < foot;
}

/**
 * Where a page's foot starts, under its table: a legend (« Légende », « Abréviations »), a box of
 * notes headed « NOTES » or « Remarques » alone, the signatures (« Préparé par », « Vérifié par », « Checked by »); or abbreviations defined side by
 * side (ABBREVIATION: « CF : cuillère fendue  TM : tube à paroi mince »).
 */
const FOOT =
  /^(?:l[ée]gende|legend|abr[ée]viations?|abbreviations?)\b|^(?:notes?|remarques|remarks|commentaires|comments)\s*:?$|\b(?:pr[ée]par[ée]|v[ée]rifi[ée]|r[ée]dig[ée]|dessin[ée]|approuv[ée]|prepared|checked|drawn|approved|reviewed)\s+(?:par|by)\b/i;
const ABBREVIATION = /^\p{Lu}{1,4}\.?\s*:\s*\p{Ll}/u;

/** A gap of more than this many characters ends a description's line: the next column begins. */
const WIDE_GAP = 4;
/** A word OCR is less sure of than this (out of 100) is one it could not read. */
const GARBLED = 30;
/** After such a word, a description's line goes on across a gap of this many characters. */
const GARBLED_GAP = 12;
/** Lines further apart than this many times the usual spacing start a new description. */
const NEW_PARAGRAPH = 1.2;
/** …unless the sentence goes on from one to the other, up to this many times. */
const SENTENCE_GOES_ON = 2.5;
/** A base label sits this close (in metres) to the depth the scale gives at its height. */
const LABEL_TOLERANCE = 0.3;
/** How far from its depth a base label moved aside (to clear the one above) may stand, in metres. */
const DISPLACED_LABEL = 3;

/**
 * The layers: their bases are the depths written beside the descriptions where the scale says they
 * are (not the scale's own numbers, nor the SPT's); each paragraph of the description column is
 * a layer's description, in order — « (suite) » carries a layer on from the page before.
 */
export function layersOf(
  read: readonly Cell[],
  cells: readonly Cell[],
  scales: Map<number, DepthScale>,
  finalDepth: Read<number> | null,
): ReadLayer[] {
  const lefts = new Map(
    [...new Set(read.map((cell) => cell.page))].map((page) => [page, descriptionBounds(cells, page).left]),
  );
  const body = read.map((cell) => withinDescriptions(withoutLeadingMarks(cell), lefts.get(cell.page)!));
  // Columns whose numbers are no layer's base: SPT N and blows, the water's levels, the samples' recovery.
  const other = headed(cells, SPT_HEADING).concat(headed(cells, OTHER_NUMBERS));
  const scaleCells = new Set([...scales.values()].flatMap((scale) => scale.cells));
  // The phrase that ends the hole (OCR may cut it in cells, a word with a descender a little lower:
  // « Fin du » · « sondage »), and under it,
  // on its page, remarks and signatures: no layer's words.
  const level = (a: Cell, b: Cell) =>
    a.page === b.page && Math.abs(middleOf(a.box) - middleOf(b.box)) < Math.max(a.box.height, b.box.height) / 2;
  const restOfLine = (cell: Cell) =>
    body
      .filter((other) => level(other, cell) && other.box.x >= cell.box.x)
      .sort((a, b) => a.box.x - b.box.x)
      .map((other) => other.text)
      .join(' ');
  const end = body.find((cell) => endsHole(restOfLine(cell)));
  const pastEnd = (cell: Cell) =>
    !!end &&
    (cell.page > end.page ||
      (cell.page === end.page && (cell.box.y > end.box.y || (level(cell, end) && cell.box.x >= end.box.x))));
  const descriptionCells = descriptionColumn(
    body.filter((cell) => describes(cell.text) && !scaleCells.has(cell) && !pastEnd(cell)),
    // A line OCR cut goes on with any words, short ones too (« 0-20 » · « mm, »), but no number alone
    // and no marks (a symbol's « / / / »).
    body.filter(
      (cell) =>
        !scaleCells.has(cell) &&
        !pastEnd(cell) &&
        /[\p{L}\d]/u.test(cell.text) &&
        !isHatching(cell.text) &&
        numberOf(cell.text) === null,
    ),
    (page) => descriptionBounds(cells, page),
    (page) => descriptionHeading(cells, page)?.box.x ?? descriptionBounds(cells, page).left,
  );

  const graduations = graduationsOf(body, scales);
  const hatching = hatchingMarks(body);
  // A figure under a narrow column of boundaries (« Limite ») beside a symbol's or a test's: kept when
  // the heading whose centre is nearest is the boundaries'.
  const offCentre = (cell: Cell, head: Cell) => Math.abs(centreOf(cell.box) - centreOf(head.box));
  const nearerOwn = (cell: Cell) => {
    const heads = headings(cells, cell.page);
    const nearest = Math.min(...heads.map((head) => offCentre(cell, head)));
    return heads.some((head) => offCentre(cell, head) === nearest && BOUNDARY_HEADING.test(head.text.trim()));
  };
  // Without a scale (a log shorter than three of its graduations), the numbers that grow down the page.
  const found: { label: Read<number>; cell: Cell }[] = [];
  /** Cells beside the descriptions with digits and no words, that do not read as a depth there. */
  const misread: Cell[] = [];
  for (const whole of [...body].sort((a, b) => a.page - b.page || a.box.y - b.box.y)) {
    if (scaleCells.has(whole) || descriptionCells.includes(whole) || graduations.has(whole)) continue;
    // A symbol's hatching read as a figure is no label, nor a label misread.
    if (inHatching(whole, hatching)) continue;
    // A label OCR joined to the graduation beside it, or to its tick (« 81 8.15 m », « + 137m »):
    // its words right of the scale's column.
    const cell = clearOfScale(whole, scales);
    if (!cell) continue;
    if (other.some((column) => withinColumn(cell, column)) && !nearerOwn(cell)) continue;
    const scale = scales.get(cell.page);
    const lead = scale ? labelDepth(cell, scale) : leadingNumber(cell);
    const value = lead?.value ?? null;
    if (
      value === null ||
      (scale
        ? Math.abs(depthAt(scale, middleOf(cell.box)) - value) > LABEL_TOLERANCE
        : value <= (found.at(-1)?.label.value ?? 0))
    ) {
      // Not a figure in brackets: an elevation under its boundary (« 0,00 » over « (35,86) »), a
      // symbol's mark OCR joined after it (« (35,86) { »).
      const bracketed = /^\(.*\)$/.test(cell.text.trim().replace(/\s+[^\p{L}\d()]{1,2}$/u, ''));
      if (scale && /\d/.test(cell.text) && !LETTERS.test(cell.text) && !bracketed) misread.push(cell);
      continue;
    }
    // A base lies below the ground: a lone « 0 » is the scale's first graduation. And above the
    // hole's end: not an elevation whose comma a scan lost (« 3867 » for « 38,67 »).
    if (value <= 0 || (finalDepth && value > finalDepth.value + SAME_DEPTH)) continue;
    found.push({ label: { value, page: cell.page, box: lead!.box }, cell });
  }
  // Not a sample's number at its depth by chance.
  const labels = found.filter(({ cell }) => !counted(cell, misread));
  const bases = belowNoEnd(lastAtEnd(baseLabels(aligned(labels), misread, scales), finalDepth), finalDepth);
  // A boundary between a paragraph's first line and a line that starts a description there.
  // Without a scale, a base's label standing between the two.
  const boundaryAbove = (first: Cell, line: Cell) => {
    const scale = scales.get(line.page);
    if (first.page !== line.page) return false;
    if (!scale) {
      return bases.some(
        (base) =>
          base.page === line.page && middleOf(base.box) > first.box.y && middleOf(base.box) < middleOf(line.box),
      );
    }
    const [from, to] = [depthAt(scale, first.box.y), depthAt(scale, middleOf(line.box))];
    return bases.some((base) => base.page === line.page && base.value > from && base.value < to);
  };
  const paragraphs = paragraphsOf(descriptionCells, boundaryAbove);
  const ranged = rangedLayers(paragraphs);
  if (ranged) return ranged;
  // More descriptions than bases: OCR missed a base; the paragraph that starts a layer says where.
  const boundaries: { value: number; label: Read<number> | null; page: number; box: Box }[] = bases.map((label) => ({
    ...label,
    label,
  }));
  // A description that opens with its top (« 0,34 m — CALCAIRE ») says where the layer above ends.
  for (const paragraph of paragraphs.slice(1)) {
    const led = TOP_LED.exec(paragraph.text);
    const top = led ? ledTop(led[1]!) : null;
    if (top === null || top <= 0 || boundaries.some((boundary) => Math.abs(boundary.value - top) <= SAME_DEPTH))
      continue;
    if (finalDepth && top > finalDepth.value + SAME_DEPTH) continue;
    boundaries.push({ value: top, label: null, page: paragraph.page, box: paragraph.box });
  }
  boundaries.sort((a, b) => a.value - b.value);
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
  // More bases than descriptions: a layer left without one is the one above it, cut by a figure
  // read as a base (a thickness whose brackets a scan lost, « 0.67 »).
  if (paragraphs.length < layers.length) {
    for (let i = layers.length - 1; i > 0; i--) {
      if (layers[i]!.description.value || !layers[i - 1]!.description.value) continue;
      layers[i - 1]!.base = layers[i]!.base;
      layers[i - 1]!.baseLabel = layers[i]!.baseLabel;
      layers.splice(i, 1);
    }
  }
  for (const layer of layers) {
    layer.description.value = withoutTopDepth(layer.description.value);
    const legend = /^\[([^\]]{1,12})\]\s*/.exec(layer.description.value);
    layer.legend = legend ? legend[1]! : '';
    layer.description.value = inSentenceCase(layer.description.value.slice(legend ? legend[0].length : 0).trim());
    layer.soil = layerSoil({ description: layer.description.value, legend: layer.legend });
  }
  return layers;
}

/**
 * The bases, none below the hole's end once a base there confirms the final depth the header or the
 * end's phrase gives (« Forage terminé à 6,98 m »): a figure OCR read lower (a graduation's « 7 » level
 * with the end's phrase) is no layer's. Without that base, the final depth may be the one misread.
 */
function belowNoEnd(bases: Read<number>[], finalDepth: Read<number> | null): Read<number>[] {
  const end = finalDepth?.value;
  if (end === undefined || !bases.some((base) => Math.abs(base.value - end) <= SAME_DEPTH)) return bases;
  return bases.filter((base) => base.value < end + 0.005);
}

/**
 * The deepest base read as the whole metres of the final depth (« 15 » for « 15,15 », its decimals lost
 * by OCR on the heavy line that ends the hole) is the final depth.
 */
function lastAtEnd(bases: Read<number>[], finalDepth: Read<number> | null): Read<number>[] {
  const end = finalDepth?.value;
  const last = bases.at(-1);
  if (end === undefined || !last || Number.isInteger(end) || last.value !== Math.trunc(end)) return bases;
  return [...bases.slice(0, -1), { ...last, value: end }];
}

/** Two depths written to the centimetre within this are the same. */
const SAME_DEPTH = 0.02;

/** The heading of a column of boundaries: « Limite (m) », « Boundary », « Contact », « Base », its unit row « prof. (élév.) ». */
const BOUNDARY_HEADING = /^(?:limites?|boundary|contact|base|prof(?:ondeur)?\b|depth|[ée]l[ée]v|elev)/i;

/**
 * A cell less the marks OCR joined before its words (a symbol's hatching beside a description, « 00000
 * - Sable moyen… », which moves the line's start into the symbol's column), or a boundary's elevation
 * in brackets (« (54,50) |. > Argile silteuse, »).
 */
function withoutLeadingMarks(cell: Cell): Cell {
  // A depth (« 0,00 » opening « 0,00 – 1,23 m : Remblai… ») is no mark, though its characters are a
  // hatching's; figures a fraction of the words' height (a hatching read « "727-7270 ») are.
  const height = median(cell.words.map((word) => word.box.height));
  const mark = (word: Word) =>
    (isHatching(word.text) && !/^\d{1,3}[,.]\d{1,2}$/.test(word.text)) ||
    /^[^\p{L}\d]+$/u.test(word.text) ||
    /^\(\d{1,4}(?:[,.]\d{1,3})?\)$/.test(word.text) ||
    (!/\p{L}/u.test(word.text) && word.box.height < SPECK_HEIGHT * height);
  const first = cell.words.findIndex((word) => !mark(word));
  if (first <= 0) return cell;
  const words = cell.words.slice(first);
  if (!LETTERS.test(words.map((word) => word.text).join(' '))) return cell;
  return withWords(cell, words);
}

/** A word under this share of its line's height is a speck or a hatching's mark, not type. */
const SPECK_HEIGHT = 0.4;

/**
 * A cell less the short words OCR read in the column left of the descriptions and joined to a line
 * of it (a symbol's hatching read « Ha » before « Calcaire, », « 2 > q » before « Remblai, »): the
 * words of three characters at most that start by the column's left edge `left` (descriptionBounds),
 * before one that starts past it.
 */
function withinDescriptions(cell: Cell, left: number): Cell {
  const first = cell.words.findIndex((word) => word.box.x >= left + EDGE_SLACK);
  const before = cell.words.slice(0, Math.max(first, 0));
  if (first <= 0 || before.some((word) => word.text.length > 3)) return cell;
  const words = cell.words.slice(first);
  if (!LETTERS.test(words.map((word) => word.text).join(' '))) return cell;
  return withWords(cell, words);
}

/** How far past a column's edge (a share of the page) a word's box may reach, a speck or a slant. */
const EDGE_SLACK = 0.003;

/**
 * The graduations the scale was not read from (it came from the elevations, or the depths
 * written): whole numbers written without decimals or with one zero (« 13 », « 14 — », « 3,0 + »),
 * two or more in a column (by either edge). A boundary's depth is written with its decimals (« 13,00 »).
 */
function graduationsOf(body: readonly Cell[], scales: Map<number, DepthScale>): Set<Cell> {
  // At their depth on the scale, when the page has one: « 258 », a base's « 2,58 » read without its
  // comma, is none.
  const whole = body.filter((cell) => {
    const lead = /^\d{1,3}(?:[,.]0)?[—–_|+-]*$/.test(cell.words[0]?.text ?? '') ? leadingNumber(cell) : null;
    const scale = scales.get(cell.page);
    return lead && (!scale || Math.abs(depthAt(scale, middleOf(cell.box)) - lead.value) <= LABEL_TOLERANCE);
  });
  return new Set(
    [...columnsByRightEdge(whole), ...columnsByLeftEdge(whole)].filter((column) => column.length >= 2).flat(),
  );
}

/**
 * A cell less its words in the depth scale's column (a graduation the scale was not read from, a
 * tick): null when all are.
 */
function clearOfScale(cell: Cell, scales: Map<number, DepthScale>): Cell | null {
  const numbers = scales.get(cell.page)?.cells ?? [];
  if (numbers.length === 0) return cell;
  const left = Math.min(...numbers.map((number) => number.box.x));
  const right = Math.max(...numbers.map((number) => number.box.x + number.box.width));
  const inColumn = (box: Box) => box.x < right && box.x + box.width > left;
  if (!inColumn(cell.box)) return cell;
  const words = cell.words.filter((word) => word.box.x >= right - 0.002);
  if (words.length === 0 || words.length === cell.words.length) return words.length ? cell : null;
  return withWords(cell, words);
}

/**
 * The boxes of a symbol's hatching, by page: marks OCR read as the same short number again and again,
 * one over the other (a sand's dots read « 4 », « “4 », « .- 4 » a dozen times). A column of labels,
 * graduations or tests holds each number once or twice; the same one three times or more is a pattern.
 */
function hatchingMarks(cells: readonly Cell[]): (Box & { page: number })[] {
  const groups = new Map<string, Word[]>();
  for (const word of cells.flatMap((cell) => cell.words)) {
    const mark = word.text.replace(/[^\p{L}\d]/gu, '');
    if (!/^\d{1,3}$/.test(mark)) continue;
    const key = `${word.page} ${mark}`;
    groups.set(key, [...(groups.get(key) ?? []), word]);
  }
  return [...groups.values()].flatMap((words) =>
    words
      .filter(
        (word) =>
          words.filter((other) => Math.abs(centreOf(other.box) - centreOf(word.box)) < HATCHING_STACK).length >= 3,
      )
      .map((word) => ({ ...word.box, page: word.page })),
  );
}

/** Marks whose centres lie closer than this share of the page's width are stacked in one column. */
const HATCHING_STACK = 0.006;

/** True when a cell is a symbol's hatching (hatchingMarks): each of its words among the marks, or across their column. */
function inHatching(cell: Cell, marks: readonly (Box & { page: number })[]): boolean {
  const column = marks.filter((mark) => mark.page === cell.page);
  return cell.words.every(
    (word) =>
      // A depth written with its decimals is no mark, wherever it stands.
      !/\d[,.]\d/.test(word.text) &&
      column.some((mark) => word.box.x < mark.x + mark.width && word.box.x + word.box.width > mark.x),
  );
}

/**
 * True when a whole number stands in a column of whole numbers that are no depths where they stand
 * (misread), two or more: the samples' numbers « 1 », « 2 », « 3 »…, one at its depth by chance.
 */
function counted(cell: Cell, misread: readonly Cell[]): boolean {
  const whole = (one: Cell) => /^\d{1,2}$/.test(one.text.trim());
  if (!whole(cell)) return false;
  const inline = (other: Cell) =>
    other.page === cell.page &&
    (Math.abs(other.box.x - cell.box.x) < ALIGNED ||
      Math.abs(other.box.x + other.box.width - (cell.box.x + cell.box.width)) < ALIGNED);
  return misread.filter((other) => whole(other) && inline(other)).length >= 2;
}

/**
 * The base labels are set in one column, left- or right-aligned (« 1,90 » under its boundary, or
 * « 1,90 (33,96) » at the description's right): of the numbers that read as a depth where they
 * stand, those aligned with the most others — not a lone figure in another column that happens to
 * agree with the scale (a water level's « 4,48 » beside its mark).
 */
function aligned(all: readonly { label: Read<number>; cell: Cell }[]): Read<number>[] {
  type Found = (typeof all)[number];
  // The cell's edges and its number's (« 2,58 I »: a tick read after the number moves the cell's).
  const edges = ({ cell, label }: Found) => [
    cell.box.x,
    cell.box.x + cell.box.width,
    label.box.x,
    label.box.x + label.box.width,
  ];
  // A log that writes its boundaries with their decimals (« 1,51 », « 7,50 »), two at least, writes
  // them all so: a whole number elsewhere (a sample's « 1 », a water content's « 7 ») is none.
  const decimal = (one: Found) => /\d[,.]\d/.test(one.cell.text);
  const written = all.filter(decimal);
  const inline = (one: Found, other: Found) =>
    edges(one).some((edge, side) => Math.abs(edges(other)[side]! - edge) < ALIGNED);
  const found =
    written.length >= 2 ? all.filter((one) => decimal(one) || written.some((other) => inline(one, other))) : all;
  if (found.length < 3) return found.map(({ label }) => label);
  const partners = (one: Found) =>
    Math.max(
      ...edges(one).map((edge, side) => found.filter((other) => Math.abs(edges(other)[side]! - edge) < ALIGNED).length),
    );
  const best = Math.max(...found.map(partners));
  if (best < 3) return found.map(({ label }) => label);
  return found.filter((one) => partners(one) >= Math.min(3, best / 2)).map(({ label }) => label);
}

/** Edges closer than this share of the page are aligned. */
const ALIGNED = 0.006;

/**
 * The base labels, in depth order: those read, but for a whole number much taller than the others
 * (a sample's mark read as a « 1 »); and, where OCR misread a label (« 5:38 », « 116 ») in their column,
 * its depth — its digits with a decimal point put back where the scale agrees, else the scale's depth
 * at its height, set off as the labels read set theirs off.
 */
function baseLabels(read: readonly Read<number>[], misread: readonly Cell[], scales: Map<number, DepthScale>) {
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
    for (const read of misread) {
      // From its first figure: a tall mark OCR read before it (« F 13,64 ») is no part of the label.
      const cell = fromFirstFigure(read);
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

/** A cell from its first word that holds a figure (its words before it dropped), or the cell. */
function fromFirstFigure(cell: Cell): Cell {
  const first = cell.words.findIndex((word) => /\d/.test(word.text));
  if (first <= 0) return cell;
  const words = cell.words.slice(first);
  return withWords(cell, words);
}

/**
 * A label's depth where the scale is known: its first number, or the second when the first is no
 * depth there (a graduation OCR read into the label: « 81 8.15 m (30,52 m) »), marks before it set
 * aside (« + 1,37 m »), a unit glued to it (« 1,37m »); read as written or, when a poor scan lost
 * its point (« 117 » for « 1.17 »: the point of small type goes first), with the point put back
 * two digits from its end where that depth is the scale's at the label's height, and the number as
 * read is not. The first number when none is at its depth (a misread label, baseLabels); null
 * when the cell holds words.
 */
function labelDepth(cell: Cell, scale: DepthScale): { value: number; box: Box } | null {
  const whole = numberOf(cell.text);
  if (whole !== null) {
    const restored = pointPutBack(whole, cell.text.trim(), depthAt(scale, middleOf(cell.box)));
    return { value: restored, box: cell.box };
  }
  if (LETTERS.test(cell.text)) return null;
  const depth = depthAt(scale, middleOf(cell.box));
  // Its first two numbers, marks before them set aside, up to the first word that is neither.
  const numbers: { value: number; box: Box }[] = [];
  // A slash between an elevation and a depth may hold them in one word (« 34,63/1,23 »).
  const parts = cell.words.flatMap((word) => word.text.split('/').map((text) => ({ text, box: word.box })));
  for (const part of parts) {
    if (!/[\p{L}\d]/u.test(part.text)) continue;
    const text = part.text.replace(/m$/, '');
    const value = numberOf(text);
    if (value === null || numbers.length === 2) break;
    numbers.push({ value: pointPutBack(value, text, depth), box: part.box });
  }
  return numbers.find((number) => Math.abs(number.value - depth) <= LABEL_TOLERANCE) ?? numbers[0] ?? null;
}

/** A number as read, or with its point put back two digits from its end when that puts it at `depth`. */
function pointPutBack(value: number, digits: string, depth: number): number {
  if (Math.abs(depth - value) <= LABEL_TOLERANCE || !/^\d{3,4}$/.test(digits)) return value;
  const restored = Number(digits) / 100;
  return Math.abs(depth - restored) <= LABEL_TOLERANCE ? restored : value;
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
  // How far under its boundary a description starts: as far as under the bases read above the
  // others (a log may write the boundary's depth on a line of its own first), else as the first
  // stands under 0 m.
  const under = paragraphs.slice(1).flatMap((paragraph) => {
    const scale = scales.get(paragraph.page);
    const top = scale ? depthAt(scale, paragraph.box.y) : null;
    const base = top === null ? undefined : bases.filter((value) => value <= top + 0.05 && value > top - 0.6).at(-1);
    return top !== null && base !== undefined ? [top - base] : [];
  });
  const offset = under.length ? median(under) : depthAt(firstScale, first.box.y);
  const missed: { depth: number; paragraph: Paragraph }[] = [];
  paragraphs.forEach((paragraph, k) => {
    const before = paragraphs[k - 1];
    const scale = scales.get(paragraph.page);
    if (!before || !scale) return;
    // Apart from the one before by twice a line's height; or by a line's when it opens as a layer's
    // description does (a capital, the one before not going on: a thin layer's box closes under its
    // last line).
    const gap = paragraph.box.y - (before.box.y + before.box.height);
    const opens = /^\p{Lu}/u.test(paragraph.text) && !GOES_ON.test(before.text.trim());
    if (before.page === paragraph.page && gap < (opens ? 1.5 : 2) * paragraph.lineHeight) return;
    const depth = Math.round((depthAt(scale, paragraph.box.y) - offset) * 100) / 100;
    if ([...bases, ...missed.map((found) => found.depth)].some((base) => Math.abs(base - depth) < 0.3)) return;
    missed.push({ depth, paragraph });
  });
  return missed;
}

/** Words that describe a soil: its names (SOIL_KEYWORDS) and the states engineers give it. */
const SOIL_WORDS = [
  ...SOIL_KEYWORDS.flatMap(([, keywords]) => keywords),
  'humide',
  'sature',
  'dense',
  'lache',
  'compact',
  'ferme',
  'raide',
  'plastique',
  'graveleu',
  'sableu',
  'silteu',
  'argileu',
  'cailloux',
  'blocs',
];
const namesSoil = (text: string) => {
  const folded = foldText(text);
  return SOIL_WORDS.some((word) => folded.includes(word));
};

/** How many words of four letters or more with two vowels or more a text holds: words, not marks. */
function wordsOf(text: string): number {
  return text
    .split(/[\s,;:.()]+/)
    .filter((word) => /^\p{L}{4,}$/u.test(word) && (word.match(/[aeiouyàâäéèêëîïôöùûü]/giu)?.length ?? 0) >= 2).length;
}

/**
 * The cells of the description column: those whose left edge is the most common among the text
 * cells within its bounds (its headings say where; a remarks column beside it stays out).
 */
function descriptionColumn(
  all: readonly Cell[],
  rests: readonly Cell[],
  boundsOf: (page: number) => { left: number; right: number },
  originOf: (page: number) => number,
): Cell[] {
  // Not a symbol's hatching read as tiny words (« MPV », « NOAA » a fifth as high as the text):
  // the text's height is that of lines of two words or more.
  const height = median(all.filter((cell) => wordsOf(cell.text) >= 2).map((cell) => cell.box.height));
  const text = all.filter((cell) => {
    const { left, right } = boundsOf(cell.page);
    return cell.box.x >= left && cell.box.x < right && cell.box.height >= 0.4 * height;
  });
  // Each left edge weighs the words its cells hold: a symbol's hatching read as letters (« FTL LITT
  // PITH ») makes many lines at one edge, but few words of two vowels or more, which descriptions
  // are full of (« Argile silteuse, grise »).
  // First of all, the edge with the most lines that name a soil or its state: a title block's
  // labels and values beside the table (« Projet », « Endroit », « Système de coordonnées ») may
  // be more lines, of more words.
  // An edge is measured from the column's heading on its page (or its bounds' left, with none):
  // panels side by side (panels.ts) put the same column at other places of one page.
  const edgeOf = (cell: Cell) => cell.box.x - originOf(cell.page);
  const edges: { x: number; count: number; soils: number }[] = [];
  for (const cell of text) {
    const weight = 1 + 4 * wordsOf(cell.text);
    const soil = namesSoil(cell.text) ? 1 : 0;
    const edge = edges.find((candidate) => Math.abs(candidate.x - edgeOf(cell)) < 0.01);
    if (edge) [edge.count, edge.soils] = [edge.count + weight, edge.soils + soil];
    else edges.push({ x: edgeOf(cell), count: weight, soils: soil });
  }
  const main = edges.sort((a, b) => b.soils - a.soils || b.count - a.count)[0];
  if (!main) return [];
  // A line's first cell may hold no word of its own (« 0-20 mm, » · « lâche, humide » cut apart by
  // OCR): a cell of any words at the edge starts a line too, when the line it starts describes.
  const atEdge = (cell: Cell) => Math.abs(edgeOf(cell) - main.x) < 0.01;
  const inBounds = (cell: Cell) => {
    const { left, right } = boundsOf(cell.page);
    return cell.box.x >= left && cell.box.x < right && cell.box.height >= 0.4 * height;
  };
  const starts = [
    ...text.filter(atEdge),
    ...rests.filter((cell) => !all.includes(cell) && inBounds(cell) && atEdge(cell)),
  ];
  // A line OCR cut at a wider space goes on in cells to the right of its start, on its line, a few
  // characters apart at most: further away, it is the next column's (remarks, « Cu = 37 kPa »).
  const lines = starts.map((start) => {
    const character = start.box.width / Math.max(1, start.text.length);
    const beside = rests
      .filter(
        (cell) =>
          !starts.includes(cell) &&
          cell.page === start.page &&
          cell.box.x > start.box.x &&
          Math.abs(middleOf(cell.box) - middleOf(start.box)) < start.box.height / 2,
      )
      .sort((a, b) => a.box.x - b.box.x);
    const rest: Cell[] = [];
    for (const cell of beside) {
      const before = rest.at(-1) ?? start;
      const end = before.box;
      // After a word OCR could not read (« argileux, » boxed small as « os », 4 % sure), the line
      // goes on further, with words that describe a soil.
      const garbled = (before.words.at(-1)?.confidence ?? 100) < GARBLED && namesSoil(cell.text);
      if (cell.box.x - (end.x + end.width) > (garbled ? GARBLED_GAP : WIDE_GAP) * character) break;
      rest.push(cell);
    }
    if (!rest.length) return start;
    const line = [start, ...rest];
    return {
      text: line.map((cell) => cell.text).join(' '),
      page: start.page,
      box: unionOf(line.map((cell) => cell.box)),
      words: line.flatMap((cell) => cell.words),
      line: start.line,
    };
  });
  const worded = new Set(text);
  return lines
    .filter((line, i) => worded.has(starts[i]!) || describes(line.text))
    .sort((a, b) => a.page - b.page || a.box.y - b.box.y);
}

interface Paragraph {
  text: string;
  page: number;
  box: Box;
  /** The height of its first line. */
  lineHeight: number;
}

/**
 * The layers of a log whose descriptions open with their depths (RANGE_LED), when most of them do,
 * the ranges following one another down the log: each layer its range, its description what follows;
 * a paragraph without a range goes on with the one before (a line OCR set apart). Null otherwise.
 */
function rangedLayers(paragraphs: readonly Paragraph[]): ReadLayer[] | null {
  const ranges = paragraphs.map((paragraph) => RANGE_LED.exec(paragraph.text));
  const count = ranges.filter(Boolean).length;
  if (count < 2 || count < 0.6 * paragraphs.length) return null;
  const layers: ReadLayer[] = [];
  for (const [i, paragraph] of paragraphs.entries()) {
    const range = ranges[i];
    const [top, base] = range ? [numberOf(range[1]!), numberOf(range[2]!)] : [null, null];
    const last = layers.at(-1);
    if (top === null || base === null || base <= top || (last && top < last.base - 0.01)) {
      if (last) last.description.value = `${last.description.value} ${paragraph.text}`;
      continue;
    }
    layers.push({
      top,
      base,
      description: { value: paragraph.text.slice(range![0].length), page: paragraph.page, box: paragraph.box },
      legend: '',
      soil: 'fill',
      baseLabel: null,
    });
  }
  for (const layer of layers) {
    layer.description.value = inSentenceCase(layer.description.value.trim());
    layer.soil = layerSoil({ description: layer.description.value, legend: '' });
  }
  return layers.length >= 2 ? layers : null;
}

/** A line that ends mid-phrase (« …, ferme, », « … de la mer de »): the next one goes on with it. */
const GOES_ON = /(?:[,;:(\-–]|\b(?:de|du|des|d['’]|à|au|aux|et|avec|ou|la|le|les|en|sur|sous|par|of|and|with|to))$/i;

/**
 * The description's lines gathered into paragraphs: a wider gap, or a new page, starts the next;
 * so does, below a layer's boundary, a line that starts with a capital after one that ended its
 * phrase (a thin layer's description that ran on to the next one's, set right under it).
 */
function paragraphsOf(lines: readonly Cell[], boundaryAbove: (first: Cell, line: Cell) => boolean): Paragraph[] {
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
    const startsLayer = () =>
      /^\p{Lu}/u.test(line.text) && !GOES_ON.test(previous!.text.trim()) && boundaryAbove(paragraphs.at(-1)![0]!, line);
    // A sentence that goes on (a line ending in a comma, the next in lower case) stays one paragraph
    // across a wider gap: a thin layer's last line set under its boundary.
    const goesOn = () => /^\p{Ll}/u.test(line.text) && GOES_ON.test(previous!.text.trim());
    const joined =
      previous &&
      previous.page === line.page &&
      (line.box.y - previous.box.y <= NEW_PARAGRAPH * usual ||
        (line.box.y - previous.box.y <= SENTENCE_GOES_ON * usual && goesOn())) &&
      !/^\(suite\)/i.test(line.text) &&
      // A line that opens with its layer's top (« 0,34 m — CALCAIRE ») starts a description.
      !TOP_LED.test(line.text) &&
      !startsLayer();
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

/**
 * The headings of columns whose numbers are not depths: water (« Eau », « Niveau d'eau », « Water »),
 * recovery (« Récup. », « RQD »), the symbol (« Symb. », « Graphique »: its hatching read « 111 »), a
 * layer's thickness (« Ép. », « Épaisseur », « Thick. »: « 2,44 » at the middle of a layer from 1,34 m
 * to 3,78 m is no boundary).
 */
const OTHER_NUMBERS =
  /^(?:eau|niveau\s+d['’]eau|nappe|water(?:\s+level)?|r[ée]cup(?:[ée]ration|\.)?|recovery|rec\.?|rqd|tcr|scr|symb(?:ole)?\.?|graphi(?:que|c)|log|[ée]p(?:aisseur|\.)|thick(?:ness|\.)?)(?:\s*\(.*\))?$/i;
