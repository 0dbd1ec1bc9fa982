import { numberOf, withWords, type Cell } from './lines.ts';
import { headings, headingsBottom } from './headings.ts';
import { isHatching, LETTERS, median, middleOf } from './log-reading.ts';
import { FOOT } from './units.ts';

/** Metres below ground at a height of a page: depth = intercept + slope × y (y a fraction of the page). */
export interface DepthScale {
  intercept: number;
  slope: number;
  /** The ground's elevation when the scale was read from elevations (depth = ground − number). */
  ground: number | null;
  /** The scale's numbers, which are not data. */
  cells: Cell[];
}

/**
 * Each page's depth scale: among the columns of numbers (cells whose right edges line up), the
 * longest of three numbers or more growing evenly down the page; failing one, a column of
 * elevations falling evenly, turned into depths by the ground's elevation. Depths and the ground's
 * elevation are in the log's unit (`unit` metres: units.ts).
 */
export function depthScales(cells: readonly Cell[], groundLevel: number | null, unit = 1): Map<number, DepthScale> {
  const scales = new Map<number, DepthScale>();
  const firstPage = Math.min(...cells.map((cell) => cell.page));
  for (const page of new Set(cells.map((cell) => cell.page))) {
    // A number only a coarse scan's third reading saw is no graduation's: where the others lost the
    // graduation, a stray number of the margin would set the page's scale.
    const numbers = cells.flatMap((cell) =>
      cell.page !== page || cell.words.every((word) => word.alone)
        ? []
        : numberOf(cell.text) !== null
          ? [cell]
          : tickedFirst(cell),
    );
    let best: DepthScale | null = null;
    let inFeet: DepthScale | null = null;
    let elevations: DepthScale | null = null;
    const onPage = cells.filter((cell) => cell.page === page);
    // A graduation set flush right or flush left: a tick OCR read after some of its numbers (« 1,0— »)
    // moves their right edges, not their left.
    for (const found of [...columnsByRightEdge(numbers), ...columnsByLeftEdge(numbers)]) {
      if (found.length < 3 || labelledRows(found, onPage, LABEL_REACH) || numberedList(found, onPage)) continue;
      // A graduation in feet beside the one in metres (« Prof. (pi) », « Depth (ft) ») is set
      // aside; alone, its feet are turned into metres. A log in feet (depthUnitOf) is read in feet.
      if (unit === 1 && headedInFeet(found, onPage)) {
        const fit = evenLine(found, (cell) => numberOf(cell.text)! * FOOT);
        if (fit && fit.fit.slope > 0 && (!inFeet || fit.column.length > inFeet.cells.length))
          inFeet = { ...fit.fit, ground: null, cells: fit.column };
        continue;
      }
      // The numbers as read, or with the points a poor scan lost put back (pointsLost): whichever
      // makes the longer graduation — the points put back on a tie, when two numbers or more say so.
      const lost = pointsLost(found);
      const value = (cell: Cell) => numberOf(cell.text)!;
      const [asRead, restored] = [evenLine(found, value), lost && evenLine(found, lost.value)];
      const graduation =
        restored &&
        (!asRead ||
          restored.column.length > asRead.column.length ||
          (restored.column.length === asRead.column.length && lost!.evidence >= 2))
          ? { ...restored, value: lost!.value }
          : asRead && { ...asRead, value };
      if (!graduation) continue;
      const { fit, column } = graduation;
      const depths = fit.slope > 0 && (column.length >= 5 || onWholeSteps(column.map(graduation.value)));
      if (depths && (!best || column.length > best.cells.length)) best = { ...fit, ground: null, cells: column };
      // Elevations fall down the page; with the ground's, they give depths (OCR often misses the
      // depth scale's lone digits, seldom the elevations' « 57,28 »).
      if (fit.slope < 0 && groundLevel !== null && (!elevations || column.length > elevations.cells.length)) {
        elevations = { intercept: groundLevel - fit.intercept, slope: -fit.slope, ground: groundLevel, cells: column };
      }
    }
    if (best) best = steadied(best, onPage);
    // A graduation in elevations longer than a column of depths that lies evenly but not on round
    // steps (the few boundaries' depths of a log drawn to an elevation scale, « 0,00 », « 1,39 »,
    // « 5,62 ») is the scale.
    const graduated = (scale: DepthScale) =>
      scale.cells.every((cell) => Number.isInteger(Math.round(numberOf(cell.text)! * 1000) / 100));
    // So is one twice as long as three numbers of another column that fall evenly by chance (« 11 »,
    // « 12 », « 13 » in a column of tests).
    const chance = (scale: DepthScale) => scale.cells.length < 4;
    if (
      best &&
      elevations &&
      elevations.cells.length > best.cells.length &&
      (!graduated(best) || (chance(best) && elevations.cells.length >= 2 * best.cells.length))
    )
      best = null;
    const scale =
      best ??
      inFeet ??
      elevations ??
      continued(scales.get(page - 1), numbers) ??
      writtenDepths(numbers, onPage, groundLevel, page === firstPage ? surfaceOf(onPage) : null);
    if (scale) scales.set(page, scale);
  }
  // A log keeps its scale from page to page: a page where none was found takes the slope of a
  // graduation read on another, and where 0 m is from three depths written on it (or fewer lost
  // graduations than a line of its own needs).
  const graduated = [...scales.values()].find((scale) => scale.cells.length > 0);
  for (const page of graduated ? new Set(cells.map((cell) => cell.page)) : []) {
    // A page whose scale came from the depths written, where OCR kept a few numbers of the
    // graduation (Tesseract drops lone digits: « 2 » and « 10 » of 0 to 10): those numbers, at the
    // slope of the graduation read on another page, say where 0 m is better than the depths.
    const onPage = cells.filter((cell) => cell.page === page);
    const numbers = onPage.filter((cell) => numberOf(cell.text) !== null);
    const written = scales.get(page);
    if (!written || written.cells.length === 0) {
      // A lone number of it, where the depths written put it (the page's scale from them), or
      // with two depths written at their place on its line.
      const confirms = (scale: DepthScale, lone: Cell) =>
        written
          ? Math.abs(depthAt(written, middleOf(lone.box)) - numberOf(lone.text)!) < LONE_ANCHOR
          : numbers.filter(
              (cell) =>
                /\d[,.]\d/.test(cell.text) &&
                Math.abs(depthAt(scale, middleOf(cell.box)) - numberOf(cell.text)!) < LONE_ANCHOR,
            ).length >= 2;
      // A graduation's number OCR joined to the symbol's marks beside it (« 1 [<x »): its first word.
      const firsts = onPage.flatMap((cell) =>
        numberOf(cell.text) !== null
          ? [cell]
          : /^\d{1,3}$/.test(cell.words[0]?.text ?? '') && !LETTERS.test(cell.text)
            ? [withWords(cell, [cell.words[0]!])]
            : [],
      );
      const anchored = anchoredScale(firsts, graduated!, confirms);
      if (anchored) scales.set(page, anchored);
    }
    if (scales.has(page)) continue;
    const surface = page === firstPage ? surfaceOf(onPage) : null;
    const scale = writtenDepths(numbers, onPage, groundLevel, surface, graduated!.slope);
    if (scale) scales.set(page, { ...scale, cells: graduationsLeft(scale, numbers, graduated!.cells) });
  }
  return scales;
}

/**
 * A graduation's slope steadied by the depths written on the page: a short graduation (OCR read
 * « 10 » to « 15 », and lost the lone digits above) gives a slope a few hundredths off, which
 * puts the top of the page a fifth of a metre wrong. The boundaries' depths written with their
 * decimals (« 1,23 m (34,63 m) », or the depth of « 34,63 / 1,23 », elevation and depth) lie on lines
 * of the same slope, each column off its line by its own amount (over or under the boundary): the
 * slope is the one all share, each column about its own mean, once those off their column's line by
 * more than a few centimetres are set aside one by one, the worst first (a label moved aside to make
 * room). A depth is taken when the graduation puts it within WRITTEN_TOLERANCE, and 6 % of the
 * metres between them further away (its slope's error, carried). Where 0 m is stays the graduation's.
 */
function steadied(scale: DepthScale, onPage: readonly Cell[]): DepthScale {
  const left = Math.min(...scale.cells.map((cell) => cell.box.x));
  const right = Math.max(...scale.cells.map((cell) => cell.box.x + cell.box.width));
  // How far a written depth may be from the graduation's: a short graduation's slope, carried over
  // the metres between it and the depth, misplaces it by up to 6 % of them.
  const marks = scale.cells.map((cell) => middleOf(cell.box));
  const [top, bottom] = [Math.min(...marks), Math.max(...marks)];
  const tolerance = (y: number) => WRITTEN_TOLERANCE + 0.06 * scale.slope * Math.max(0, top - y, y - bottom);
  const written = onPage.flatMap((cell) => {
    if (cell.box.x < right && cell.box.x + cell.box.width > left) return [];
    if (/\p{L}{3}/u.test(cell.text)) return [];
    // The depth, or either number of « 34,63 / 1,23 » (elevation and depth, in either order).
    const pair = /^(\d{1,3}[,.]\d{1,3})(?:\s*\/\s*(\d{1,3}[,.]\d{1,3}))?(?:\s|$)/.exec(cell.text.trim());
    const y = middleOf(cell.box);
    const [value] = (pair ? [pair[1], pair[2]] : [])
      .map((text) => (text ? numberOf(text) : null))
      .filter((depth): depth is number => depth !== null && Math.abs(depthAt(scale, y) - depth) <= tolerance(y))
      .sort((a, b) => Math.abs(depthAt(scale, y) - a) - Math.abs(depthAt(scale, y) - b));
    return value === undefined ? [] : [{ y, depth: value, kind: Math.round(cell.box.x / 0.03) }];
  });
  const graduation = scale.cells.map((cell) => ({
    y: middleOf(cell.box),
    depth: numberOf(cell.text) ?? NaN,
    kind: -1,
  }));
  if (written.length < 3 || graduation.some((point) => Number.isNaN(point.depth))) return scale;
  const fitOf = (points: typeof written) => {
    const kinds = new Map<number, typeof written>();
    for (const point of points) kinds.set(point.kind, [...(kinds.get(point.kind) ?? []), point]);
    let [sxy, sxx] = [0, 0];
    const means = new Map<number, { y: number; depth: number }>();
    for (const [kind, group] of kinds) {
      const y = group.reduce((sum, point) => sum + point.y, 0) / group.length;
      const depth = group.reduce((sum, point) => sum + point.depth, 0) / group.length;
      means.set(kind, { y, depth });
      for (const point of group) {
        sxy += (point.y - y) * (point.depth - depth);
        sxx += (point.y - y) ** 2;
      }
    }
    const slope = sxx > 0 ? sxy / sxx : scale.slope;
    const off = (point: (typeof written)[number]) => {
      const mean = means.get(point.kind)!;
      return Math.abs(mean.depth + slope * (point.y - mean.y) - point.depth);
    };
    return { slope, off };
  };
  // The worst point set aside, and the line fitted again, until every one left is on it: one
  // label moved aside would otherwise pull its column's mean, and put the others off it too.
  let kept = written;
  for (;;) {
    const { off } = fitOf([...graduation, ...kept]);
    const worst = kept.reduce((a, b) => (off(b) > off(a) ? b : a));
    if (off(worst) <= 0.05) break;
    kept = kept.filter((point) => point !== worst);
    if (kept.length < 3) return scale;
  }
  const { slope } = fitOf([...graduation, ...kept]);
  if (Math.abs(slope - scale.slope) > 0.1 * scale.slope) return scale;
  const intercept = graduation.reduce((sum, point) => sum + point.depth - slope * point.y, 0) / graduation.length;
  return { ...scale, slope, intercept };
}

/** A heading in feet: « (pi) », « (pieds) », « (ft) », « (') », « Depth, ft », « feet », or the unit alone (« pi » under « Prof. »). */
const FEET = /^\s*(?:pi|pieds?|ft|feet)\.?\s*$|\((?:pi|pieds?|ft|feet|')\)|(?:,\s*|\b)(?:pieds|feet|ft)\b/i;

/** True when a column of numbers stands under a heading in feet, its columns overlapping. */
function headedInFeet(column: readonly Cell[], onPage: readonly Cell[]): boolean {
  const page = column[0]!.page;
  const left = Math.min(...column.map((cell) => cell.box.x));
  const right = Math.max(...column.map((cell) => cell.box.x + cell.box.width));
  const top = Math.min(...column.map((cell) => cell.box.y));
  return headings(onPage, page).some(
    (head) => head.box.y < top && head.box.x < right && head.box.x + head.box.width > left && FEET.test(head.text),
  );
}

/** A depth written at a boundary stands within this many metres of the graduation's depth at its height. */
const WRITTEN_TOLERANCE = 0.3;

/**
 * The graduations a page's scale found from its written depths still holds, too few for a line of
 * their own (« 12,0— », « 13,07 », « 14,0 — »): the numbers in the column of another page's
 * graduation that stand at their depth — the scale's, not the layers' bases.
 */
function graduationsLeft(scale: DepthScale, numbers: readonly Cell[], reference: readonly Cell[]): Cell[] {
  const left = Math.min(...reference.map((cell) => cell.box.x));
  const right = Math.max(...reference.map((cell) => cell.box.x + cell.box.width));
  return numbers.filter(
    (cell) =>
      cell.box.x < right &&
      cell.box.x + cell.box.width > left &&
      Math.abs(depthAt(scale, middleOf(cell.box)) - numberOf(cell.text)!) <= ON_LINE * scale.slope,
  );
}

/**
 * A page's scale from the whole numbers OCR kept in the column of a graduation read on another page
 * (`reference`), at its slope: each giving where 0 m stands, all within 0.1 m; two at least, or one
 * that what the page writes `confirms`.
 */
function anchoredScale(
  numbers: readonly Cell[],
  reference: DepthScale,
  confirms: (scale: DepthScale, lone: Cell) => boolean,
): DepthScale | null {
  // The column's usual edges: a tick OCR read with one of its numbers (« 10 —— ») moves that one's.
  const left = median(reference.cells.map((cell) => cell.box.x));
  const right = median(reference.cells.map((cell) => cell.box.x + cell.box.width));
  const inColumn = numbers.filter(
    (cell) =>
      /^\d{1,3}$/.test(cell.text.trim()) &&
      (Math.abs(cell.box.x + cell.box.width - right) < COLUMN_EDGE || Math.abs(cell.box.x - left) < COLUMN_EDGE),
  );
  const intercepts = inColumn.map((cell) => numberOf(cell.text)! - reference.slope * middleOf(cell.box));
  if (inColumn.length === 0 || Math.max(...intercepts) - Math.min(...intercepts) > ANCHORS_AGREE) return null;
  const intercept = intercepts.reduce((sum, value) => sum + value, 0) / intercepts.length;
  const scale = { intercept, slope: reference.slope, ground: reference.ground, cells: inColumn };
  return inColumn.length >= 2 || confirms(scale, inColumn[0]!) ? scale : null;
}

/** A graduation's numbers share an edge within this share of the page's width. */
const COLUMN_EDGE = 0.006;
/** The graduation's numbers kept on a page agree on where 0 m is within this, in metres. */
const ANCHORS_AGREE = 0.1;
/** A lone number of the graduation, or a depth written, stands this close to its depth, in metres. */
const LONE_ANCHOR = 0.25;

/** A scale between 1:10 and 1:1000 on a page about 0.28 m high: metres a page. */
const SLOPES = [2.5, 300];
/** A number lies on a scale when it stands within a line's height of its depth: this share of the page. */
const ON_LINE = 0.012;
/** Beyond this many numbers on a page, no scale is looked for among them (writtenDepths). */
const MOST_POINTS = 240;

/**
 * The scale of a page whose graduation OCR missed (lone digits beside a table's rule): the line
 * through the most numbers that say their depth where they stand — the depths written at the
 * layers' boundaries, a few graduations, elevations turned into depths by the ground's — four at
 * least, one a row, of two kinds. The scale is theirs; the numbers stay data (a base's depth is one).
 */
function writtenDepths(
  numbers: readonly Cell[],
  cells: readonly Cell[],
  groundLevel: number | null,
  surface: number | null,
  known: number | null = null,
): DepthScale | null {
  // Each number as a depth, and as an elevation when the ground's is known; its kind: which of
  // the two, in which column. Not a number a word precedes on its row (« CF-3  3,75  12 »): a
  // table of tests, whose depths go evenly down the page as a scale's do.
  let points = numbers.flatMap((cell) => {
    if (labelledRows([cell], cells)) return [];
    const value = numberOf(cell.text)!;
    const [y, column] = [middleOf(cell.box), Math.round(cell.box.x / 0.03)];
    // A graduation: a whole number written without decimals (« 10 », « 11 — »).
    const graduation = /^\d{1,3}[—–_|-]*$/.test(cell.text.trim());
    return [
      { y, depth: value, kind: `profondeur ${column}`, graduation },
      ...(groundLevel !== null
        ? [{ y, depth: groundLevel - value, kind: `élévation ${column}`, graduation: false }]
        : []),
    ];
  });
  // A description that opens with its layer's depths (« 1,23 – 1,90 m : Silt… ») starts at its top.
  // So does a sample's span beside its label (« 0.75-1.35 »), by an offset of its own kind.
  for (const cell of cells) {
    const range = RANGE_START.exec(cell.text);
    if (range) points.push({ y: cell.box.y, depth: numberOf(range[1]!)!, kind: 'tranche', graduation: false });
    const span = SAMPLE_SPAN.exec(cell.text.trim());
    if (span) points.push({ y: cell.box.y, depth: numberOf(span[1]!)!, kind: 'échantillon', graduation: false });
  }
  // A number a column writes again and again (a symbol's hatching read « 0 », « 11 ») states no
  // depth: a scale's, a boundary's or an elevation's numbers differ, each once in its column.
  const times = new Map<string, number>();
  for (const point of points)
    times.set(`${point.kind} ${point.depth}`, (times.get(`${point.kind} ${point.depth}`) ?? 0) + 1);
  points = points.filter((point) => times.get(`${point.kind} ${point.depth}`) === 1);
  // On the log's first page, 0 m where the body starts, under the headings.
  if (surface !== null) points.push({ y: surface, depth: 0, kind: 'surface', graduation: false });
  // Each pair of points is tried against all: a page of thousands of numbers (a table of results,
  // a hostile file) is no log drawn to scale, and would hold the reading for minutes.
  if (points.length > MOST_POINTS) return null;
  type Point = (typeof points)[number];
  // A table's depths, a row each, may fall near a line by chance: a scale's numbers are of two kinds
  // at least (a boundary's depth and its elevation, or a graduation).
  const kinds = (inliers: Point[]) => new Set(inliers.map((point) => point.kind)).size;
  let best: { inliers: Point[] } | null = null;
  const tryLine = (slope: number, intercept: number, least: number, fewestKinds: number, fewestRows = 3) => {
    const inliers = points.filter((point) => Math.abs(intercept + slope * point.y - point.depth) <= ON_LINE * slope);
    const rows = new Set(inliers.map((point) => Math.round(point.y / ON_LINE)));
    if (
      rows.size >= fewestRows &&
      inliers.length >= least &&
      kinds(inliers) >= fewestKinds &&
      inliers.length > (best?.inliers.length ?? 0)
    )
      best = { inliers };
  };
  if (known !== null) {
    // The slope the log's other pages have: each point gives a line; three points on it will do,
    // of one kind too (a table's depths, a row each, do not fall at a log's scale by chance).
    // On the first page, 0 m where the body starts and one depth written that agrees will do.
    for (const point of points) tryLine(known, point.depth - known * point.y, 3, 1);
    const start = points.find((point) => point.kind === 'surface');
    if (!best && start) tryLine(known, -known * start.y, 2, 2, 2);
  } else {
    for (const [i, one] of points.entries()) {
      for (const other of points.slice(i + 1)) {
        if (Math.abs(other.y - one.y) < 0.02) continue;
        const slope = (other.depth - one.depth) / (other.y - one.y);
        if (slope < SLOPES[0]! || slope > SLOPES[1]!) continue;
        tryLine(slope, one.depth - slope * one.y, 4, 2);
      }
    }
  }
  if (!best) return null;
  const chosen: { inliers: Point[] } = best;
  // A depth written at a boundary stands over or under its line, an elevation often on the other
  // side, a graduation on its tick: each kind is off its depth by its own amount. The slope is the
  // one all kinds share, each about its own mean; where 0 m is, the graduations read say, else the
  // kinds' offsets averaged — with, on the log's first page, 0 m where the body starts under the
  // headings, a kind of its own.
  const kindOf = (point: Point) => (point.graduation ? 'graduation' : point.kind);
  const groups = new Map<string, Point[]>();
  for (const point of chosen.inliers) groups.set(kindOf(point), [...(groups.get(kindOf(point)) ?? []), point]);
  let [sxy, sxx] = [0, 0];
  for (const group of groups.values()) {
    const meanY = group.reduce((sum, point) => sum + point.y, 0) / group.length;
    const meanDepth = group.reduce((sum, point) => sum + point.depth, 0) / group.length;
    for (const point of group) {
      sxy += (point.y - meanY) * (point.depth - meanDepth);
      sxx += (point.y - meanY) ** 2;
    }
  }
  const slope = known ?? (sxx > 0 ? sxy / sxx : 0);
  if (slope <= 0) return null;
  const offset = (group: readonly { y: number; depth: number }[]) =>
    group.reduce((sum, point) => sum + point.depth - slope * point.y, 0) / group.length;
  // Two graduations at least: a lone whole number on the line may be any figure of the page.
  const graduations = groups.get('graduation');
  const offsets = graduations && graduations.length >= 2 ? [offset(graduations)] : [...groups.values()].map(offset);
  const intercept = offsets.reduce((sum, value) => sum + value, 0) / offsets.length;
  return { intercept, slope, ground: null, cells: [] };
}

/** A sample's depths written as a span, alone in their cell: « 0.75-1.35 », « 2,25 – 2,85 ». */
const SAMPLE_SPAN = /^(\d{1,3}[,.]\d{1,2})\s*[-–]\s*\d{1,3}[,.]\d{1,2}$/;

/** A layer's depths opening its description: « 1,23 – 1,90 m », « 1,37 - 4,87 m Sable ». */
const RANGE_START = /^\s*(\d{1,3}[,.]\d{1,2})\s*[-–—]\s*\d{1,3}[,.]\d{1,2}\s*m\b/;

/**
 * A graduation's number OCR joined, with its tick, to the next column's words (« 2—- 36,67 »,
 * « 10 —-25,86 »): its first word, as a cell of its own — or the front of a word that holds the three (« 8—-27,86 »,
 * « 8-27,86 »), its box the share of the word its characters take. A plain hyphen ties a number
 * to an elevation written with its decimals only: « 225-285 » is a sample's span.
 */
function tickedFirst(cell: Cell): Cell[] {
  const first = cell.words[0];
  if (!first) return [];
  const tick =
    /^\d{1,3}[—–_-]+$/.test(first.text) || (/^\d{1,3}$/.test(first.text) && /^[—–_]/.test(cell.words[1]?.text ?? ''));
  if (cell.words.length > 1 && tick) return [withWords(cell, [first])];
  const glued = GLUED_TICK.exec(first.text) ?? CROSSED_TICK.exec(first.text);
  if (!glued) return [];
  const share = glued[1]!.length / first.text.length;
  const box = { ...first.box, width: first.box.width * share };
  return [withWords(cell, [{ ...first, text: glued[1]!, box }])];
}

/**
 * A graduation's number with the tick that crosses the scale's spine after it, read as « + » or a
 * dash, and whatever OCR made of the rest (« 3+ », « 5—| »); not a hyphen before a figure
 * (« 2-13 »: a range, or blows).
 */
const CROSSED_TICK = /^(\d{1,2})(?=\+|[—–_]|-(?!\d))/;

/** A graduation's number, its tick and the elevation beside it read as one word (« 8—-27,86 », « 8-27,86 »). */
const GLUED_TICK = /^(\d{1,3})(?:[—–_]+-?|-)(?=\d{1,4}[,.]\d{1,2}$)/;

/** Where the first page's body starts: under its column headings (headings.ts), if read. */
function surfaceOf(cells: readonly Cell[]): number | null {
  const heads = cells.length ? headings(cells, cells[0]!.page) : [];
  return heads.length ? headingsBottom(heads) : null;
}

/**
 * True when most numbers of a column have a word on their left (« CF-3  3,75  12 »), within `reach`
 * of the page: the depths of a table's rows, not a graduation, which stands at the edge of its log
 * — a graduation is looked for within a few columns only, as it may stand across the page from the
 * descriptions; a symbol's hatching read as letters (« x x x », « TT », « Cc ») is no word.
 */
function labelledRows(column: readonly Cell[], cells: readonly Cell[], reach = Infinity): boolean {
  const labelled = column.filter((number) =>
    cells.some(
      (other) =>
        other.box.x + other.box.width <= number.box.x &&
        number.box.x - (other.box.x + other.box.width) < reach &&
        /\p{L}{2}/u.test(other.text) &&
        !isHatching(other.text) &&
        Math.abs(middleOf(other.box) - middleOf(number.box)) < number.box.height / 2,
    ),
  );
  return labelled.length > column.length / 2;
}

/**
 * True when most numbers of a column open a phrase just right of them (« 1 Venue d'eau à 9,98 m… »,
 * « 2 Niveau d'eau stabilisé… »): the remarks' numbered list, not a graduation, which has its ticks
 * and a rule before the next column.
 */
function numberedList(column: readonly Cell[], cells: readonly Cell[]): boolean {
  const opening = column.filter((number) =>
    cells.some(
      (other) =>
        other.box.x >= number.box.x + number.box.width &&
        other.box.x - (number.box.x + number.box.width) < LIST_GAP &&
        /\p{L}{3}/u.test(other.text) &&
        Math.abs(middleOf(other.box) - middleOf(number.box)) < number.box.height / 2,
    ),
  );
  return opening.length > column.length / 2;
}

/** A list's phrase starts within this share of the page's width after its number (3 mm on Letter paper). */
const LIST_GAP = 0.015;

/** How far left of a graduation's number a row's label is looked for: a table's columns, a fifth of the page. */
const LABEL_REACH = 0.2;

/**
 * The scale of a page too short for a graduation of its own (the last metre of a log): the page
 * before's, at the same slope, through a number of this page in the same column.
 */
function continued(before: DepthScale | undefined, numbers: readonly Cell[]): DepthScale | null {
  if (!before || before.slope <= 0) return null;
  const edge = (cell: Cell) => cell.box.x + cell.box.width;
  // A scale read from the depths written (writtenDepths) has no column of its own to go on in.
  const reference = before.cells[0];
  if (!reference) return null;
  // The numbers of its column (by either edge: a tick read after a number moves its right one),
  // each giving where the page's 0 stands; only those that carry on from the page before, no
  // further than a page's height of the scale — not a speck read with a graduation (« 5 9,0 » as 59).
  const intercepts = numbers.flatMap((cell) => {
    const inColumn = Math.abs(edge(cell) - edge(reference)) < 0.006 || Math.abs(cell.box.x - reference.box.x) < 0.006;
    const depth = before.ground === null ? numberOf(cell.text)! : before.ground - numberOf(cell.text)!;
    const intercept = depth - before.slope * middleOf(cell.box);
    return inColumn && intercept > before.intercept && intercept <= before.intercept + before.slope
      ? [{ cell, intercept }]
      : [];
  });
  if (intercepts.length === 0) return null;
  const sorted = intercepts.sort((a, b) => a.intercept - b.intercept);
  const middle = sorted[Math.floor(sorted.length / 2)]!;
  return { ...before, intercept: middle.intercept, cells: [middle.cell] };
}

/**
 * A column's graduation (evenEnough), once the numbers OCR misread in it are set aside: the one
 * furthest from the line, again and again, a quarter of the column at most, five numbers left at
 * least (« 12 » read « 121 »; three of a table's depths may fall at even steps by chance).
 */
function evenLine(column: readonly Cell[], value: (cell: Cell) => number) {
  const kept = [...column];
  for (let dropped = 0; kept.length >= (dropped ? 5 : 3) && dropped <= column.length / 4; dropped++) {
    const fit = straightLine(kept.map((cell) => [middleOf(cell.box), value(cell)]));
    if (!fit) return null;
    if (evenEnough(fit, kept.map(value))) return { fit, column: kept };
    const distance = (cell: Cell) => Math.abs(fit.intercept + fit.slope * middleOf(cell.box) - value(cell));
    kept.splice(kept.indexOf(kept.reduce((far, cell) => (distance(cell) > distance(far) ? cell : far))), 1);
  }
  return null;
}

/**
 * The numbers of a column as its graduation writes them. A scale writes all its numbers alike
 * (« 1.0 », « 2.0 »); the small point of narrow type is what a poor scan loses first (« 10 » for
 * « 1.0 », « 140 » for « 14.0 », « 00 » for « 0.0 »). Each number written with k decimals says
 * the column has k, and a whole number with a leading zero (« 00 », « 05 »: no one writes a
 * graduation so) says it twice as surely; a number read without a point, of more than k digits, then gets its point back k
 * digits from its end. Null when no number says so.
 */
function pointsLost(column: readonly Cell[]): { value: (cell: Cell) => number; evidence: number } | null {
  // A leading zero says it as surely as two numbers with their decimals.
  // A number as written, less the tick OCR may read after it (« 15— »).
  const written = (cell: Cell) => cell.text.trim().replace(/\s*[—–_|-]+$/, '');
  const said = column.flatMap((cell) => {
    const text = written(cell);
    const decimals = /^\d+[,.](\d+)$/.exec(text)?.[1]?.length;
    return decimals ? [[decimals, 1]] : /^0\d+$/.test(text) ? [[text.length - 1, 2]] : [];
  });
  const counts = new Map<number, number>();
  for (const [decimals, weight] of said) counts.set(decimals!, (counts.get(decimals!) ?? 0) + weight!);
  const [k, evidence] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  if (!evidence) return null;
  return {
    evidence,
    value: (cell) => {
      const text = written(cell);
      return /^\d+$/.test(text) && text.length > k ? Number(text) / 10 ** k : numberOf(text)!;
    },
  };
}

/**
 * True when a column's numbers are whole numbers of their step from 0 (1, 2, 3 or 2,5, 5, 7,5): a
 * short graduation of depths; the three depths of a table's rows (1,20, 4,63, 7,96) may lie evenly
 * by chance, not on whole steps.
 */
function onWholeSteps(values: readonly number[]): boolean {
  const step = Math.min(...values.slice(1).map((value, i) => Math.abs(value - values[i]!)));
  return step > 0 && values.every((value) => Math.abs(value / step - Math.round(value / step)) < 0.05);
}

/**
 * A graduation: numbers a whole number of steps apart (OCR may miss some), on a line that misses
 * none by more than a tenth of a step (the boxes OCR draws move by a pixel or two). The depths
 * written at the layers' bases also lie on a line, but at uneven steps.
 */
function evenEnough(fit: { worst: number }, values: readonly number[]): boolean {
  const steps = values
    .slice(1)
    .map((value, i) => Math.abs(value - values[i]!))
    .sort((a, b) => a - b);
  // The step is one of the steps read: the smallest that all are whole numbers of — not always the
  // smallest read, which a misread number between two makes short (« 5,04 » between 4 and 6).
  const step = steps.find(
    (unit) => unit > 0 && steps.every((each) => Math.abs(each / unit - Math.round(each / unit)) < 0.05),
  );
  return !!step && fit.worst <= 0.1 * step;
}

/** Cells grouped by the right edge they share (numbers are set flush right), within 0.6 % of the page. */
export const columnsByRightEdge = (cells: readonly Cell[]) =>
  columnsByEdge(cells, (cell) => cell.box.x + cell.box.width);

/** Cells grouped by the left edge they share (numbers set flush left, or a tick read after some). */
export const columnsByLeftEdge = (cells: readonly Cell[]) => columnsByEdge(cells, (cell) => cell.box.x);

/** Cells grouped by an edge they share, within 0.6 % of the page, each column top to bottom. */
function columnsByEdge(cells: readonly Cell[], edgeOf: (cell: Cell) => number): Cell[][] {
  const columns: { edge: number; cells: Cell[] }[] = [];
  for (const cell of cells) {
    const edge = edgeOf(cell);
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

export const depthAt = (scale: DepthScale, y: number) => scale.intercept + scale.slope * y;

/**
 * How many depths written with their decimals (« 4.0 », « 1,20 ») stand where a log's scales put
 * them, read as `factor` times the scales' unit: which unit the written depths are in.
 */
export function writtenOnScales(cells: readonly Cell[], scales: Map<number, DepthScale>, factor: number): number {
  let count = 0;
  for (const cell of cells) {
    const scale = scales.get(cell.page);
    if (!scale || scale.cells.includes(cell) || !/^\d{1,3}[,.]\d{1,2}$/.test(cell.text.trim())) continue;
    const depth = depthAt(scale, middleOf(cell.box));
    if (Math.abs(depth * factor - numberOf(cell.text)!) <= ON_LINE * scale.slope * factor) count++;
  }
  return count;
}
