// The eighth firm's log layout, held out since 29 Nov 2026 beside « sondage »
// (bench/sondage-layout.ts): drawn by this script alone, apart from the reader and from the layouts
// it was built and tuned on, and never read while tuning — `npm run bench:ocr` measures it with the
// others, and nothing in the reader is changed to suit it.
//
// « coupe »: a Québec geotechnical laboratory's « COUPE STRATIGRAPHIQUE », drawn as its drafting
// software plots it on tabloid paper turned landscape (17 × 11 in), at 1:60, twelve metres of the
// hole on every page and the same sheet on each (no short header after the first). The body is in
// a narrow sans-serif type (Liberation Sans Narrow); the title block's values and the titles in a
// wide one (DejaVu Sans); decimal commas. There is no header across the top: everything about the
// hole is in a title block down the right-hand edge, as on a drawing — the firm's name (with its
// emblem, if it has one), the title and « FORAGE N° » with the hole's number in large type, then
// cells whose labels sit in small grey capitals in each cell's corner above the value, in bands
// headed white on black: the project, the place, the drilling method (and the hole's other name);
// « LOCALISATION »: the system on a line of its own (« SCOPQ (MTM), fuseau 8 — NAD 83 »), X (est)
// and Y (nord) side by side, or the latitude and longitude in unsigned decimal degrees with their
// hemisphere in the label (« LONGITUDE O (°) » 73,567890), the ground's elevation and the final
// depth; « FORAGE »: the first and last days in ISO form, in two cells even when they are the same,
// the scale and the sheet; « EAU SOUTERRAINE », in words (« Niveau d'eau mesuré le 2022-08-14 :
// 3,42 m (élév. 32,44 m) », « Venue d'eau en cours de forage : 2,10 m », the well's screen); a
// legend of the signs; the signatures. The columns run the other way from most logs: the N plot on
// the far left (points joined by a line, 0 to 50, a triangle at the edge past it), « Valeur N »
// (« R » for a refusal), the blows of each 150 mm in four columns headed by their depths in the
// spoon (« 0-150 » … « 450-600 »; a refusal as « 50/165 mm » across the drive it stopped, the rule
// between them cut), « RQD (%) » with a bracket over each core run, the sample's number (« CF-3 »)
// and its state (a bar over the length sampled, crossed when disturbed), « Piézomètre et eau » (a
// filled ▼ at a steady level, ≈ where water came in, the standpipe and its slotted screen), then
// the depth in the middle: a scale ticked each 0,2 m and numbered each metre, and each boundary as
// a tick with « élév. / prof. » over it (« 34,66 / 1,20 », the depth alone when the ground was not
// levelled; a label crowded off its tick is tied back to it); the symbol, and the description on
// the right in plain type, its boundary running across both. A description pushed down by the one
// above it is joined to its depth by a dog-leg at the description's left edge, and goes on at the
// top of the next page when it runs off its own; the hole's end is a double line with « Fin du
// forage à 7,62 m » under it (or over it, at the right, when the page ends under it). Under the
// body, a strip of numbered remarks (the depths, the SPT, the end or « Suite à la feuille 2 de 3 »,
// the well).
import { createCanvas, GlobalFonts, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../api/digitise/raster.ts';
import { methodText } from '../src/domain/ags/hole-types.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { layerSoil, type SoilClass } from '../src/domain/soil.ts';
import { decimals, pdfPages, rasterPages, typeset, type Sheets } from './layout-pages.ts';

const font = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(font('LiberationSansNarrow-Regular.ttf'), 'Coupe Narrow');
GlobalFonts.registerFromPath(font('LiberationSansNarrow-Bold.ttf'), 'Coupe Narrow');
GlobalFonts.registerFromPath(font('DejaVuSans.ttf'), 'Coupe Wide');
GlobalFonts.registerFromPath(font('DejaVuSans-Bold.ttf'), 'Coupe Wide');
const NARROW = 'Coupe Narrow';
const WIDE = 'Coupe Wide';
const narrow = typeset(NARROW);
const wide = typeset(WIDE);

/** Tabloid paper turned landscape (17 × 11 in), in points. */
const PAPER = { width: 1224, height: 792 };
const MARGIN = 24;
/** The title block down the right-hand edge, and the log at its left. */
const BLOCK = [PAPER.width - MARGIN - 216, PAPER.width - MARGIN] as const;
const LOG_LEFT = MARGIN;
const LOG_RIGHT = BLOCK[0] - 10;
/** 1:60: 1,667 cm of paper for each metre of the hole; twelve metres on every page. */
const METRE = 72 / 2.54 / 0.6;
const PAGE_METRES = 12;
const SPAN = PAGE_METRES * METRE;
/** The columns' headings, then the body, then the remarks. */
const HEAD_TOP = MARGIN;
const BODY_TOP = 106;
const BODY_BOTTOM = BODY_TOP + SPAN;
const PAGE_BOTTOM = PAPER.height - MARGIN;
/** The description's type, the distance between its lines, and its first baseline under its top. */
const DESC_STYLE = '8.4px';
const LEADING = 10;
const FIRST_BASELINE = 9.5;
/** The data's rows: a baseline this far under its depth, and at least this far from the one above. */
const ROW_BASELINE = 8;
const ROW_STEP = 8.5;

/** The columns, left to right, with their widths in points: the description at the right. */
const WIDTHS = {
  plot: 142,
  n: 28,
  b1: 26,
  b2: 26,
  b3: 26,
  b4: 26,
  rqd: 28,
  sample: 38,
  state: 16,
  water: 30,
  scale: 28,
  limits: 68,
  symbol: 30,
  description: 0,
} as const;
type Column = keyof typeof WIDTHS;
const COLUMNS = {} as Record<Column, readonly [number, number]>;
{
  let x = LOG_LEFT;
  for (const name of Object.keys(WIDTHS) as Column[]) {
    const width = name === 'description' ? LOG_RIGHT - x : WIDTHS[name];
    COLUMNS[name] = [x, x + width];
    x += width;
  }
}
const BLOWS = ['b1', 'b2', 'b3', 'b4'] as const;
/** The N plot: 0 to 50 blows across the column, less a margin each side. */
const PLOT_MAX = 50;
const plotX = (n: number) => COLUMNS.plot[0] + 10 + (Math.min(n, PLOT_MAX) / PLOT_MAX) * (WIDTHS.plot - 22);

// ——— The hole as one long strip, cut into pages ———

/** Where a depth is on the strip (points from the ground); the strip's page `p` holds [p·SPAN, (p+1)·SPAN]. */
const along = (depth: number) => depth * METRE;
const pageOf = (y: number) => Math.floor(y / SPAN + 1e-9);
/** A height on the strip as a height on the paper of `page`. */
const paperY = (y: number, page: number) => BODY_TOP + y - page * SPAN;
/** A baseline moved onto the page of the text's top, kept whole on it (from `up` above it to `down` under it). */
function keep(y: number, page: number, up = 7, down = 2.5) {
  return Math.min(Math.max(y, page * SPAN + up + 1), (page + 1) * SPAN - down - 0.5);
}
/** A baseline that flows on: moved to the next page's top when its line would run across the page's foot. */
function flow(y: number, up = 7, down = 2.5) {
  const page = pageOf(y - up);
  return y + down > (page + 1) * SPAN ? (page + 1) * SPAN + FIRST_BASELINE : y;
}

const metres = (value: number) => `${decimals(value, 2)} m`;
const measure = createCanvas(10, 10).getContext('2d');
const widthOf = (value: string, style: string, family = NARROW) => {
  measure.font = `${style} "${family}"`;
  return measure.measureText(value).width;
};
const rightAligned = (c: SKRSContext2D, value: string, right: number, y: number, style: string, family = NARROW) => {
  c.font = `${style} "${family}"`;
  c.fillText(value, right - c.measureText(value).width, y);
};
/** The largest size (down to 65 %) at which `value` fits in `width`. */
function sizeToFit(value: string, width: number, size: number, weight = '', family = NARROW) {
  let fitted = size;
  while (fitted > size * 0.65 && widthOf(value, `${weight} ${fitted}px`, family) > width) fitted -= 0.25;
  return fitted;
}
const line = (c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, width = 0.5, colour = '#222') => {
  c.save();
  c.lineWidth = width;
  c.strokeStyle = colour;
  c.beginPath();
  c.moveTo(x0, y0);
  c.lineTo(x1, y1);
  c.stroke();
  c.restore();
};
/** `text` cut into lines of at most `width` at `style`. */
function wrapLine(text: string, width: number, style: string, family = NARROW) {
  const lines: string[] = [];
  let current = '';
  // Cut at spaces, never at a no-break space (« 3,42 m » stays whole).
  for (const word of text.split(/[ \t\r\n]+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (current && widthOf(next, style, family) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

// ——— What the title block says ———

const isoDay = (value: string | null) => value?.slice(0, 10) ?? null;

/** The coordinates: the system on a line of its own, then the two values side by side. */
function coordinates(log: BoreholeLog): { system: string; cells: [string, string][] } {
  const geographic = (system: string, lat: number, lon: number) => ({
    system,
    cells: [
      [`Latitude ${lat < 0 ? 'S' : 'N'} (°)`, decimals(Math.abs(lat), 6)],
      [`Longitude ${lon < 0 ? 'O' : 'E'} (°)`, decimals(Math.abs(lon), 6)],
    ] as [string, string][],
  });
  if (log.original) {
    const { crs, x, y } = log.original;
    const code = Number(crs.replace(/^EPSG:/i, ''));
    const projected = (system: string) => ({
      system,
      cells: [
        ['X (est), m', decimals(x, 1)],
        ['Y (nord), m', decimals(y, 1)],
      ] as [string, string][],
    });
    if (code >= 32181 && code <= 32190) return projected(`SCOPQ (MTM), fuseau ${code - 32180} — NAD 83`);
    if (code >= 2945 && code <= 2952) return projected(`SCOPQ (MTM), fuseau ${code - 2942} — NAD 83 (SCRS)`);
    if (code >= 26917 && code <= 26922) return projected(`UTM, zone ${code - 26900} N — NAD 83`);
    if (code >= 2958 && code <= 2962) return projected(`UTM, zone ${code - 2941} N — NAD 83 (SCRS)`);
    if (code === 32198) return projected('Conique conforme de Lambert du Québec — NAD 83');
    if (code === 4326) return geographic('Géographiques — WGS 84', y, x);
    if (code === 4269 || code === 4617) return geographic('Géographiques — NAD 83', y, x);
    return projected(crs);
  }
  if (log.lat !== null && log.lon !== null) return geographic('Géographiques — NAD 83', log.lat, log.lon);
  return {
    system: 'Non levées',
    cells: [
      ['X (est), m', '—'],
      ['Y (nord), m', '—'],
    ],
  };
}

/** The water, in words, for the title block: each steady level, each strike, the screen. */
function waterNotes(log: BoreholeLog): string[] {
  const whole = (value: number) => `${decimals(value, 2)}\u00a0m`;
  const elevation = (depth: number) =>
    log.groundLevel === null ? '' : ` (élév.\u00a0${whole(log.groundLevel - depth)})`;
  const read = isoDay(log.endDate) ?? isoDay(log.date);
  const notes = [
    ...[...log.standingLevels]
      .sort((a, b) => a - b)
      .map((depth) =>
        read
          ? `Niveau d’eau mesuré le ${read} : ${whole(depth)}${elevation(depth)}`
          : `Niveau d’eau mesuré : ${whole(depth)}${elevation(depth)}`,
      ),
    ...[...log.waterStrikes]
      .sort((a, b) => a - b)
      .map((depth) => `Venue d’eau en cours de forage : ${whole(depth)}${elevation(depth)}`),
  ];
  if (notes.length === 0) notes.push('Aucune eau observée pendant le forage.');
  if (log.screen) notes.push(`Piézomètre installé; crépine de ${whole(log.screen.top)} à ${whole(log.screen.base)}.`);
  return notes;
}

// ——— The tests ———

type Test = BoreholeLog['spt'][number];
/** A test's cells: N, and the blows of each 150 mm (a refusal written across the drive it stopped). */
function testCells(test: Test): { n: string; blows: (string | null)[]; across: [number, number, string] | null } {
  if (test.refusal) {
    const { blows, mm, seating } = test.refusal;
    const driven = mm === null ? `> ${blows}` : `${blows}/${Math.round(mm)} mm`;
    return { n: 'R', blows: [null, null, null, null], across: seating ? [0, 1, driven] : [1, 2, driven] };
  }
  if (test.n === null) return { n: '—', blows: ['—', '—', '—', '—'], across: null };
  if (!Number.isInteger(test.n)) return { n: decimals(test.n, 1), blows: [null, null, null, null], across: null };
  const n = test.n;
  const second = Math.floor(n / 2);
  const third = n - second;
  const first = Math.max(1, Math.round(n * 0.4));
  const fourth = third + Math.max(1, Math.round(n / 6));
  return { n: String(n), blows: [first, second, third, fourth].map(String), across: null };
}

// ——— The descriptions, set on the strip before anything is drawn ———

interface Placed {
  /** Each layer's cell in the description column: its true top and where its words start. */
  cells: { depth: number; at: number }[];
  lines: { y: number; text: string }[];
  /** The hole's end in the description column, and where « Fin du forage » is written. */
  end: number;
  endText: { y: number; over: boolean } | null;
  pages: number;
}
function placeDescriptions(log: BoreholeLog): Placed {
  const [left, right] = COLUMNS.description;
  const cells: Placed['cells'] = [];
  const lines: Placed['lines'] = [];
  let last = -Infinity;
  for (const layer of log.layers) {
    const truth = along(layer.top);
    let at = Math.max(truth, last + 3.5);
    // No room for a line under it on its page: the words start at the top of the next.
    if (at + FIRST_BASELINE + 2.5 > (pageOf(at) + 1) * SPAN) at = (pageOf(at) + 1) * SPAN;
    cells.push({ depth: layer.top, at });
    let y = at + FIRST_BASELINE;
    for (const text of wrapLine(layer.description, right - left - 16, DESC_STYLE)) {
      y = flow(y);
      lines.push({ y, text });
      last = y;
      y += LEADING;
    }
  }
  const truth = along(log.depth);
  const end = Math.max(truth, last + 6.5); // its double line clear of the last words
  const endPage = pageOf(end - 0.01);
  let endText: Placed['endText'] = null;
  if (end + 12 + 2.5 <= (endPage + 1) * SPAN) endText = { y: end + 12, over: false };
  else if (last < end - 16) endText = { y: end - 5.5, over: true };
  const pages = Math.max(endPage, lines.length ? pageOf(last - 7) : 0) + 1;
  return { cells, lines, end, endText, pages };
}

/** Each boundary's « élév. / prof. », over its line, moved as little as keeps it clear of the others. */
interface Limit {
  depth: number;
  /** Its baseline, where it would be if nothing were in its way, and its page. */
  y: number;
  natural: number;
  page: number;
  text: string;
}
function placeLimits(log: BoreholeLog): Limit[] {
  const depths: number[] = [];
  for (const depth of [0, ...log.layers.flatMap((layer) => [layer.top, layer.base]), log.depth].sort((a, b) => a - b))
    if (!depths.some((known) => Math.abs(known - depth) < 0.005)) depths.push(depth);
  const limits: Limit[] = [];
  for (const depth of depths) {
    const truth = along(depth);
    // Over its line (clear of the end's double line), unless that is the top of a page: then under it.
    let y = truth - (Math.abs(depth - log.depth) < 0.005 ? 4.2 : 2);
    let page = pageOf(y - 7);
    const end = Math.abs(depth - log.depth) < 0.005;
    // A boundary on a page's foot is the top of the next page's layer: written there, under its line.
    const atFoot = !end && pageOf(truth) !== pageOf(truth - 0.01);
    if (atFoot || page !== pageOf(truth - 0.01) || y - 7 < 0) {
      page = pageOf(truth);
      y = truth + 8.5;
    }
    const natural = y;
    const previous = limits.at(-1);
    if (previous && previous.page === page) y = Math.max(y, previous.y + 8.5);
    y = keep(y, page);
    const text =
      log.groundLevel === null ? decimals(depth, 2) : `${decimals(log.groundLevel - depth, 2)} / ${decimals(depth, 2)}`;
    limits.push({ depth, y, natural, page, text });
  }
  // From the foot up: none under the one below it (moved up when the page's foot stopped it).
  for (let i = limits.length - 2; i >= 0; i--) {
    const [limit, next] = [limits[i]!, limits[i + 1]!];
    if (next.page === limit.page) limit.y = Math.min(limit.y, next.y - 8.5);
  }
  return limits;
}

/** Rows of one column, each at its depth, none closer than a row to the one above it. */
function rowsOf<T extends { top: number }>(items: T[]): (T & { y: number; page: number })[] {
  const rows: (T & { y: number; page: number })[] = [];
  for (const item of [...items].sort((a, b) => a.top - b.top)) {
    const page = pageOf(along(item.top));
    const previous = rows.at(-1);
    let y = along(item.top) + ROW_BASELINE;
    if (previous && previous.page === page) y = Math.max(y, previous.y + ROW_STEP);
    rows.push({ ...item, y: keep(y, page), page });
  }
  return rows;
}

// ——— Drawing ———

/** The graphics of the strip on `page`, clipped to the body (text is written apart, page by page). */
function onStrip(c: SKRSContext2D, page: number, [x0, x1]: readonly [number, number], draw: () => void) {
  c.save();
  c.beginPath();
  c.rect(x0, BODY_TOP, x1 - x0, SPAN);
  c.clip();
  c.translate(0, BODY_TOP - page * SPAN);
  draw();
  c.restore();
}

/** The symbol of each kind of ground, drawn on the strip so that it runs on across pages. */
function symbol(c: SKRSContext2D, soil: SoilClass, x0: number, y0: number, x1: number, y1: number) {
  c.save();
  c.beginPath();
  c.rect(x0, y0, x1 - x0, y1 - y0);
  c.clip();
  c.lineWidth = 0.45;
  c.strokeStyle = '#111';
  c.fillStyle = '#111';
  const rows = (step: number) => {
    const list: number[] = [];
    for (let k = Math.floor(y0 / step) - 1; k * step < y1 + step; k++) list.push(k);
    return list;
  };
  // The strokes' path, and the dots' (filled).
  const dots = new Path2D();
  c.beginPath();
  switch (soil) {
    case 'asphalt':
      c.fillStyle = '#2b2b2b';
      c.fillRect(x0, y0, x1 - x0, y1 - y0);
      break;
    case 'fill': // small crosses, staggered, over a pale tint
      c.save();
      c.fillStyle = '#e6e6e6';
      c.fillRect(x0, y0, x1 - x0, y1 - y0);
      c.restore();
      for (const k of rows(6))
        for (let x = x0 + (k % 2 ? 3 : 6); x < x1; x += 6) {
          c.moveTo(x - 1.5, k * 6 - 1.5);
          c.lineTo(x + 1.5, k * 6 + 1.5);
          c.moveTo(x - 1.5, k * 6 + 1.5);
          c.lineTo(x + 1.5, k * 6 - 1.5);
        }
      break;
    case 'clay': // short dashes in staggered rows
      for (const k of rows(3))
        for (let x = x0 + (k % 2 ? -2 : 1); x < x1; x += 7) {
          c.moveTo(x, k * 3);
          c.lineTo(x + 4.5, k * 3);
        }
      break;
    case 'silt': // a row of dots between dashed lines
      for (const k of rows(4)) {
        if (k % 2)
          for (let x = x0 + 1; x < x1; x += 5) {
            c.moveTo(x, k * 4);
            c.lineTo(x + 3, k * 4);
          }
        else for (let x = x0 + 2.5; x < x1; x += 3) dots.rect(x, k * 4 - 0.3, 0.6, 0.6);
      }
      break;
    case 'sand': // a close stipple
      for (const k of rows(2.4))
        for (let i = 0, x = x0 + 0.8; x < x1; i++, x += 2.6)
          dots.rect(x + ((k * 5 + i * 7) % 4) * 0.3, k * 2.4 + ((k * 3 + i) % 3) * 0.35, 0.55, 0.55);
      break;
    case 'gravel': // open rings of two sizes
      for (const k of rows(6))
        for (let i = 0, x = x0 + (k % 2 ? 4 : 1); x < x1 + 3; i++, x += 7) {
          const r = (k + i) % 3 ? 1.4 : 2.1;
          c.moveTo(x + r, k * 6);
          c.arc(x, k * 6, r, 0, 2 * Math.PI);
        }
      break;
    case 'till': // small triangles and dots
      for (const k of rows(7))
        for (let x = x0 + (k % 2 ? 5 : 1.5); x < x1 + 3; x += 9) {
          const y = k * 7;
          c.moveTo(x, y - 1.8);
          c.lineTo(x + 2, y + 1.4);
          c.lineTo(x - 2, y + 1.4);
          c.closePath();
          dots.rect(x + 4.2, y + 2.4, 0.7, 0.7);
          dots.rect(x - 3.6, y - 2.6, 0.7, 0.7);
        }
      break;
    case 'bedrock': // crossed diagonals
    case 'fractured_bedrock': // diagonals one way, broken by short strokes the other
      for (let k = Math.floor((y0 - (x1 - x0)) / 5); k * 5 < y1 + 5; k++) {
        c.moveTo(x0, k * 5 + (x1 - x0));
        c.lineTo(x1, k * 5);
        if (soil === 'bedrock') {
          c.moveTo(x0, k * 5);
          c.lineTo(x1, k * 5 + (x1 - x0));
        } else if (k % 2 === 0) {
          const x = x0 + ((k * 7) % 18) + 4;
          c.moveTo(x, k * 5 - 2);
          c.lineTo(x + 3, k * 5 + 1);
        }
      }
      break;
  }
  c.stroke();
  c.fill(dots);
  c.restore();
}

/** A steady level: a filled triangle, its tip on the level, over a short line. */
function steadyMark(c: SKRSContext2D, x: number, y: number) {
  c.save();
  c.fillStyle = '#111';
  c.beginPath();
  c.moveTo(x - 3.5, y - 6);
  c.lineTo(x + 3.5, y - 6);
  c.lineTo(x, y);
  c.closePath();
  c.fill();
  c.restore();
  line(c, x - 5, y + 1.2, x + 5, y + 1.2, 0.6);
}
/** Water met while drilling: two short waves on the level. */
function strikeMark(c: SKRSContext2D, x: number, y: number) {
  c.save();
  c.lineWidth = 0.7;
  c.strokeStyle = '#111';
  c.beginPath();
  for (const dy of [-1.4, 1.4]) {
    c.moveTo(x - 5, y + dy);
    c.bezierCurveTo(x - 3, y + dy - 2, x - 1, y + dy - 2, x, y + dy);
    c.bezierCurveTo(x + 1, y + dy + 2, x + 3, y + dy + 2, x + 5, y + dy);
  }
  c.stroke();
  c.restore();
}
/** A sample's bar over the length sampled, by its kind. */
function sampleBar(c: SKRSContext2D, type: string, x: number, y0: number, y1: number) {
  const height = Math.max(1.5, y1 - y0);
  c.save();
  c.lineWidth = 0.6;
  c.strokeStyle = '#111';
  c.fillStyle = '#111';
  const kind = type.toUpperCase();
  if (kind === 'TM') c.fillRect(x, y0, 7, height);
  else {
    c.strokeRect(x, y0, 7, height);
    c.beginPath();
    if (kind === 'CF') {
      c.moveTo(x, y0);
      c.lineTo(x + 7, y0 + height);
      c.moveTo(x + 7, y0);
      c.lineTo(x, y0 + height);
    } else if (kind === 'CR')
      for (let y = y0 + 2.5; y < y0 + height; y += 3) {
        c.moveTo(x, y);
        c.lineTo(x + 7, y);
      }
    c.stroke();
  }
  c.restore();
}

/** The columns' headings over the body: groups in a band, the narrow ones turned upright. */
function headings(c: SKRSContext2D) {
  const group = HEAD_TOP + 13;
  const sub = HEAD_TOP + 27;
  c.save();
  c.fillStyle = '#e4e4e4';
  c.fillRect(LOG_LEFT, HEAD_TOP, LOG_RIGHT - LOG_LEFT, BODY_TOP - HEAD_TOP);
  c.restore();
  const small = 'bold 6.6px';
  const span = (from: Column, to: Column): [number, number] => [COLUMNS[from][0], COLUMNS[to][1]];
  narrow.centred(c, 'ESSAI DE PÉNÉTRATION STANDARD', span('plot', 'b4'), HEAD_TOP + 9.5, 'bold 7.4px');
  narrow.centred(c, 'ÉCHANTILLONS', span('rqd', 'state'), HEAD_TOP + 9.5, 'bold 7.4px');
  narrow.centred(c, 'PROFONDEUR', span('scale', 'limits'), HEAD_TOP + 9.5, 'bold 7.4px');
  narrow.centred(c, 'STRATIGRAPHIE', span('symbol', 'description'), HEAD_TOP + 9.5, 'bold 7.4px');

  narrow.centred(c, 'Indice N', COLUMNS.plot, sub + 12, small);
  narrow.centred(c, '(coups / 300 mm)', COLUMNS.plot, sub + 22, '6.4px');
  for (let n = 0; n <= PLOT_MAX; n += 10) narrow.centred(c, String(n), [plotX(n), plotX(n)], BODY_TOP - 4, '6.4px');
  narrow.centred(c, 'Valeur', COLUMNS.n, sub + 20, small);
  narrow.centred(c, 'N', COLUMNS.n, sub + 29, small);
  narrow.centred(c, 'Coups par 150 mm', span('b1', 'b4'), sub + 7, small);
  const depthsInSpoon = ['0-150', '150-300', '300-450', '450-600'];
  BLOWS.forEach((column, i) => {
    narrow.centred(c, depthsInSpoon[i]!, COLUMNS[column], sub + 30, '6.2px');
    narrow.centred(c, 'mm', COLUMNS[column], sub + 38, '6.2px');
  });
  narrow.centred(c, 'RQD', COLUMNS.rqd, sub + 20, small);
  narrow.centred(c, '(%)', COLUMNS.rqd, sub + 29, '6.4px');
  narrow.centred(c, 'N° éch.', COLUMNS.sample, sub + 25, small);
  narrow.centred(c, 'Prof. (m)', COLUMNS.scale, sub + 25, small);
  narrow.centred(c, 'Élév. / Prof.', COLUMNS.limits, sub + 20, small);
  narrow.centred(c, '(m)', COLUMNS.limits, sub + 29, '6.4px');
  narrow.centred(c, 'DESCRIPTION DES SOLS ET DU ROC', COLUMNS.description, sub + 18, 'bold 8px');
  c.save();
  c.fillStyle = '#333';
  narrow.centred(c, '(classification visuelle et tactile)', COLUMNS.description, sub + 29, 'italic 6.8px');
  c.restore();
  // Upright, read from the foot: the narrow columns.
  const upright = (column: Column, texts: string[]) => {
    const [x0, x1] = COLUMNS[column];
    c.save();
    c.translate((x0 + x1) / 2, BODY_TOP - 4);
    c.rotate(-Math.PI / 2);
    texts.forEach((text, i) => narrow.text(c, text, 0, (i - (texts.length - 1) / 2) * 7.5 + 2.3, small));
    c.restore();
  };
  upright('state', ['État']);
  upright('water', ['Piézomètre', 'et eau']);
  upright('symbol', ['Symbole']);

  // The rules: the groups' band, the columns, the frame.
  c.save();
  c.lineWidth = 0.5;
  c.strokeStyle = '#222';
  c.beginPath();
  // The groups' band, but over the water's column, which is in none.
  c.moveTo(LOG_LEFT, group);
  c.lineTo(COLUMNS.water[0], group);
  c.moveTo(COLUMNS.water[1], group);
  c.lineTo(LOG_RIGHT, group);
  c.moveTo(COLUMNS.b1[0], sub + 10);
  c.lineTo(COLUMNS.b4[1], sub + 10);
  const fromGroup = new Set<Column>(['n', 'b1', 'sample', 'state', 'limits', 'description']);
  for (const name of Object.keys(COLUMNS) as Column[]) {
    if (name === 'plot') continue;
    const x = COLUMNS[name][0];
    const starts = new Set<Column>(['rqd', 'water', 'scale', 'symbol']).has(name)
      ? HEAD_TOP
      : fromGroup.has(name)
        ? group
        : sub + 10;
    c.moveTo(x, starts);
    c.lineTo(x, BODY_BOTTOM);
  }
  c.moveTo(LOG_LEFT, BODY_TOP);
  c.lineTo(LOG_RIGHT, BODY_TOP);
  c.stroke();
  c.lineWidth = 1.1;
  c.strokeRect(LOG_LEFT, HEAD_TOP, LOG_RIGHT - LOG_LEFT, BODY_BOTTOM - HEAD_TOP);
  c.restore();
}

/** The plot's grid, down to the hole's end: a line each ten blows, a dotted one each metre. */
function plotGrid(c: SKRSContext2D, page: number, depth: number) {
  onStrip(c, page, COLUMNS.plot, () => {
    const bottom = along(depth);
    c.save();
    c.strokeStyle = '#aaa';
    c.lineWidth = 0.3;
    c.beginPath();
    for (let n = 0; n <= PLOT_MAX; n += 10) {
      c.moveTo(plotX(n), page * SPAN);
      c.lineTo(plotX(n), bottom);
    }
    c.stroke();
    c.setLineDash([1, 2]);
    c.beginPath();
    for (let metre = 1; metre < depth; metre++) {
      c.moveTo(plotX(0), along(metre));
      c.lineTo(plotX(PLOT_MAX), along(metre));
    }
    c.stroke();
    c.restore();
  });
}

/** The depth scale: a tick each 0,2 m on the column's right edge, a number each metre. */
function depthScale(c: SKRSContext2D, page: number) {
  const [, right] = COLUMNS.scale;
  c.save();
  c.lineWidth = 0.45;
  c.beginPath();
  for (let fifth = page * PAGE_METRES * 5; fifth <= (page + 1) * PAGE_METRES * 5; fifth++) {
    const y = paperY(along(fifth / 5), page);
    c.moveTo(right, y);
    c.lineTo(right - (fifth % 5 === 0 ? 7 : 3), y);
  }
  c.stroke();
  c.restore();
  for (let metre = page * PAGE_METRES; metre <= (page + 1) * PAGE_METRES; metre++) {
    const y = paperY(along(metre), page);
    const baseline = metre === page * PAGE_METRES ? y + 8 : metre === (page + 1) * PAGE_METRES ? y - 2 : y + 2.5;
    rightAligned(c, String(metre), right - 9, baseline, '7.2px');
  }
}

/** The symbol, the boundaries across the stratigraphy (a dog-leg to a description pushed down), the end. */
function stratigraphy(c: SKRSContext2D, log: BoreholeLog, page: number, placed: Placed) {
  const [symbolLeft, symbolRight] = COLUMNS.symbol;
  const [descLeft, descRight] = COLUMNS.description;
  const knee = descLeft + 7;
  onStrip(c, page, [COLUMNS.scale[0], descRight], () => {
    for (const layer of log.layers)
      if (layer.base > layer.top)
        symbol(c, layerSoil(layer), symbolLeft, along(layer.top), symbolRight, along(layer.base));
    for (const cell of placed.cells) {
      if (cell.depth < 1e-9) continue; // the ground is the body's top line
      const truth = along(cell.depth);
      const width = 0.6;
      line(c, COLUMNS.limits[1] - 5, truth, symbolRight, truth, width);
      if (Math.abs(cell.at - truth) < 0.3) line(c, descLeft, truth, descRight, truth, width);
      else {
        line(c, descLeft, truth, knee, truth, width);
        line(c, knee, truth, knee, cell.at, width);
        line(c, knee, cell.at, descRight, cell.at, width);
      }
    }
    // The end: a double line (the second over the first), across the description where its words end.
    const truth = along(log.depth);
    for (const dy of [0, -2.2]) {
      line(c, COLUMNS.limits[1] - 5, truth + dy, symbolRight, truth + dy, 0.9);
      if (Math.abs(placed.end - truth) < 0.3) line(c, descLeft, truth + dy, descRight, truth + dy, 0.9);
      else {
        line(c, descLeft, truth + dy, knee - dy, truth + dy, 0.9);
        line(c, knee - dy, truth + dy, knee - dy, placed.end + dy, 0.9);
        line(c, knee - dy, placed.end + dy, descRight, placed.end + dy, 0.9);
      }
    }
  });
}

/** The boundaries' « élév. / prof. », right-aligned over their lines. */
function limitLabels(c: SKRSContext2D, page: number, limits: Limit[]) {
  const [left, right] = COLUMNS.limits;
  for (const limit of limits) {
    if (limit.page !== page) continue;
    const y = paperY(limit.y, page);
    const size = sizeToFit(limit.text, right - left - 10, 7.4);
    rightAligned(c, limit.text, right - 7, y, `${size}px`);
    // A label moved off its line is tied back to the line's tick.
    const truth = paperY(along(limit.depth), page);
    if (Math.abs(limit.y - limit.natural) > 1 && truth >= BODY_TOP && truth <= BODY_BOTTOM)
      line(c, right - 6.5, y - 2.5, right - 5, truth, 0.35);
  }
}

/** The tests: N plotted and joined, N and the blows in their columns; the cores' RQD. */
function tests(c: SKRSContext2D, log: BoreholeLog, page: number) {
  // The plot: each N at the middle of its test drive, joined to the next.
  const points = [...log.spt]
    .sort((a, b) => a.top - b.top)
    .flatMap((test) => {
      const y = along(test.top + 0.3);
      if (test.refusal) return [{ x: plotX(PLOT_MAX), y, off: true }];
      return test.n === null ? [] : [{ x: plotX(test.n), y, off: test.n > PLOT_MAX }];
    });
  onStrip(c, page, COLUMNS.plot, () => {
    c.save();
    c.lineWidth = 0.7;
    c.strokeStyle = '#111';
    c.fillStyle = '#111';
    c.beginPath();
    points.forEach((point, i) => (i ? c.lineTo(point.x, point.y) : c.moveTo(point.x, point.y)));
    c.stroke();
    for (const point of points) {
      c.beginPath();
      if (point.off) {
        c.moveTo(point.x + 1, point.y - 3);
        c.lineTo(point.x + 5, point.y);
        c.lineTo(point.x + 1, point.y + 3);
        c.closePath();
      } else c.arc(point.x, point.y, 1.8, 0, 2 * Math.PI);
      c.fill();
    }
    c.restore();
  });

  for (const row of rowsOf(log.spt)) {
    if (row.page !== page) continue;
    const y = paperY(row.y, page);
    const cells = testCells(row);
    narrow.centred(c, cells.n, COLUMNS.n, y, 'bold 7.6px');
    cells.blows.forEach((value, i) => {
      if (value !== null) narrow.centred(c, value, COLUMNS[BLOWS[i]!], y, '7.4px');
    });
    if (cells.across) {
      const [from, to, text] = cells.across;
      const span: [number, number] = [COLUMNS[BLOWS[from]!][0], COLUMNS[BLOWS[to]!][1]];
      const size = sizeToFit(text, span[1] - span[0] - 3, 7.4);
      // Written across the drive it stopped: the rule between the columns is cut for it.
      const width = widthOf(text, `${size}px`) + 4;
      c.save();
      c.fillStyle = '#fff';
      c.fillRect((span[0] + span[1]) / 2 - width / 2, y - size, width, size + 3);
      c.restore();
      narrow.centred(c, text, span, y, `${size}px`);
    }
  }

  // The cores: a bracket over each run, its RQD at its top.
  const [rqdLeft] = COLUMNS.rqd;
  onStrip(c, page, COLUMNS.rqd, () => {
    for (const core of log.cores) {
      const [y0, y1] = [along(core.top), along(core.base)];
      line(c, rqdLeft + 3, y0, rqdLeft + 3, y1, 0.6);
      line(c, rqdLeft + 3, y0, rqdLeft + 6, y0, 0.6);
      line(c, rqdLeft + 3, y1, rqdLeft + 6, y1, 0.6);
    }
  });
  for (const row of rowsOf(log.cores)) {
    if (row.page !== page) continue;
    const text = row.rqd === null ? '—' : String(Math.round(row.rqd));
    narrow.centred(c, text, [rqdLeft + 5, COLUMNS.rqd[1]], paperY(row.y, page), '7.4px');
  }
}

/** The samples: the number in its column, the bar over the length sampled in the next. */
function samples(c: SKRSContext2D, log: BoreholeLog, page: number) {
  const [stateLeft, stateRight] = COLUMNS.state;
  onStrip(c, page, COLUMNS.state, () => {
    for (const sample of log.samples) {
      const base = sample.base ?? sample.top + 0.05;
      sampleBar(c, sample.type, (stateLeft + stateRight) / 2 - 3.5, along(sample.top), along(base));
    }
  });
  for (const row of rowsOf(log.samples)) {
    if (row.page !== page) continue;
    const label = row.type ? `${row.type}-${row.ref}` : row.ref;
    const size = sizeToFit(label, WIDTHS.sample - 4, 7.4);
    narrow.centred(c, label, COLUMNS.sample, paperY(row.y, page), `${size}px`);
  }
}

/** The water in its column: the standpipe and its screen, the steady levels, the strikes. */
function water(c: SKRSContext2D, log: BoreholeLog, page: number) {
  const [left] = COLUMNS.water;
  onStrip(c, page, COLUMNS.water, () => {
    if (log.screen) {
      const [pipe0, pipe1] = [left + 4, left + 9];
      const [top, base] = [along(log.screen.top), along(log.screen.base)];
      line(c, pipe0, -2, pipe0, base, 0.6);
      line(c, pipe1, -2, pipe1, base, 0.6);
      line(c, pipe0, base, pipe1, base, 0.6);
      c.save();
      c.lineWidth = 0.5;
      c.beginPath();
      for (let y = top + 1.5; y < base; y += 2.2) {
        c.moveTo(pipe0, y);
        c.lineTo(pipe1, y);
      }
      c.stroke();
      c.restore();
    }
    // Each sign on its own page, whole (a level at the very top of a page is drawn just under it).
    for (const level of log.standingLevels)
      if (pageOf(along(level)) === page) steadyMark(c, left + 20, Math.max(along(level), page * SPAN + 6.5));
    for (const strike of log.waterStrikes)
      if (pageOf(along(strike)) === page) strikeMark(c, left + 20, Math.max(along(strike), page * SPAN + 4));
  });
}

// ——— The title block and the remarks ———

const BLOCK_PAD = 5;
/** A band headed white on black, as the title block's sections are. */
function band(c: SKRSContext2D, title: string, y: number) {
  c.save();
  c.fillStyle = '#1d1d1d';
  c.fillRect(BLOCK[0], y, BLOCK[1] - BLOCK[0], 12);
  c.fillStyle = '#fff';
  wide.text(c, title, BLOCK[0] + BLOCK_PAD, y + 8.8, 'bold 7px');
  c.restore();
  return y + 12;
}
/**
 * A row of cells, each with its label in small grey capitals in its corner and its value under it (on
 * two lines if it must); returns the row's foot.
 */
function cells(c: SKRSContext2D, y: number, row: [string, string][], valueSize = 8.2) {
  const width = (BLOCK[1] - BLOCK[0]) / row.length;
  const valueStyle = `${valueSize}px`;
  const lines = row.map(([, value]) => {
    const fitted = sizeToFit(value, width - 2 * BLOCK_PAD, valueSize, '', WIDE);
    if (widthOf(value, `${fitted}px`, WIDE) <= width - 2 * BLOCK_PAD) return { texts: [value], size: fitted };
    return { texts: wrapLine(value, width - 2 * BLOCK_PAD, valueStyle, WIDE).slice(0, 3), size: valueSize };
  });
  const height = 14 + Math.max(...lines.map((each) => each.texts.length)) * (valueSize + 2) + 2;
  row.forEach(([label], i) => {
    const x = BLOCK[0] + i * width;
    c.save();
    c.fillStyle = '#555';
    narrow.text(c, label.toUpperCase(), x + BLOCK_PAD - 1, y + 7.5, '5.9px');
    c.restore();
    lines[i]!.texts.forEach((text, k) =>
      wide.text(c, text, x + BLOCK_PAD, y + 16.5 + k * (valueSize + 2), `${lines[i]!.size}px`),
    );
    if (i) line(c, x, y, x, y + height, 0.5);
  });
  line(c, BLOCK[0], y + height, BLOCK[1], y + height, 0.5);
  return y + height;
}

function titleBlock(c: SKRSContext2D, log: BoreholeLog, page: number, pages: number) {
  const [x0, x1] = BLOCK;
  const inner = x1 - x0 - 2 * BLOCK_PAD;
  // The firm: its emblem, if it has one, and its name.
  let y = MARGIN;
  let nameLeft = x0 + BLOCK_PAD;
  if (log.emblem) {
    c.save();
    c.fillStyle = log.emblem.colour;
    c.fillRect(nameLeft, y + 8, 28, 28);
    c.fillStyle = '#fff';
    wide.centred(c, log.emblem.initials, [nameLeft, nameLeft + 28], y + 26.5, 'bold 11px');
    c.restore();
    nameLeft += 34;
  }
  // The whole name, on as many as three lines, at the largest size that lets it and the line under it fit.
  const nameWidth = x1 - BLOCK_PAD - nameLeft;
  let size = 11;
  let nameLines = wrapLine(log.organisation, nameWidth, `bold ${size}px`, WIDE);
  while (size > 6 && (nameLines.length > 3 || nameLines.length * size * 1.15 + 10 > 44)) {
    size -= 0.5;
    nameLines = wrapLine(log.organisation, nameWidth, `bold ${size}px`, WIDE);
  }
  const leading = size * 1.15;
  nameLines.forEach((text, i) =>
    wide.text(
      c,
      text,
      nameLeft,
      y + 5 + size + i * leading,
      `bold ${sizeToFit(text, nameWidth, size, 'bold', WIDE)}px`,
    ),
  );
  c.save();
  c.fillStyle = '#444';
  narrow.text(
    c,
    'Laboratoire de géotechnique et de matériaux',
    nameLeft,
    y + 5 + size + (nameLines.length - 1) * leading + 10,
    'italic 7.2px',
  );
  c.restore();
  y += 50;
  line(c, x0, y, x1, y, 0.8);
  // The title and the hole's number.
  wide.centred(c, 'COUPE STRATIGRAPHIQUE', [x0, x1], y + 17, 'bold 11.5px');
  c.save();
  c.fillStyle = '#555';
  narrow.centred(c, 'FORAGE N°', [x0, x1], y + 30, '6.4px');
  c.restore();
  wide.centred(c, log.id, [x0, x1], y + 50, `bold ${sizeToFit(log.id, inner, 19, 'bold', WIDE)}px`);
  y += 58;
  line(c, x0, y, x1, y, 0.8);

  y = cells(c, y, [['Projet', log.project || '—']]);
  y = cells(c, y, [['Endroit', log.site || '—']]);
  y = cells(c, y, [['Méthode de forage', methodText(log.method, log.holeType) || '—']]);
  if (log.locaId) y = cells(c, y, [['Autre désignation', log.locaId]]);

  y = band(c, 'LOCALISATION', y);
  const place = coordinates(log);
  y = cells(c, y, [['Système de coordonnées', place.system]], 7.4);
  y = cells(c, y, place.cells);
  y = cells(c, y, [
    ['Élévation du terrain (m)', log.groundLevel === null ? 'Non levée' : decimals(log.groundLevel, 2)],
    ['Profondeur finale (m)', decimals(log.depth, 2)],
  ]);

  y = band(c, 'FORAGE', y);
  y = cells(c, y, [
    ['Date de début', isoDay(log.date) ?? '—'],
    ['Date de fin', isoDay(log.endDate) ?? isoDay(log.date) ?? '—'],
  ]);
  y = cells(c, y, [
    ['Échelle verticale', '1:60'],
    ['Feuille', `${page + 1} de ${pages}`],
  ]);

  y = band(c, 'EAU SOUTERRAINE', y);
  y += 3;
  for (const note of waterNotes(log))
    for (const [i, text] of wrapLine(note, inner - 6, '7.2px', WIDE).entries()) {
      y += 9.5;
      if (i === 0) wide.text(c, '–', x0 + BLOCK_PAD, y, '7.2px');
      wide.text(c, text, x0 + BLOCK_PAD + 7, y, '7.2px');
    }
  y += 6;
  line(c, x0, y, x1, y, 0.5);

  // The legend and the signatures, from the foot of the block up.
  const signatures = PAGE_BOTTOM - 46;
  const legendTop = signatures - 12 - 84;
  if (legendTop >= y) {
    let ly = band(c, 'LÉGENDE', legendTop) + 11;
    const item = (draw: (x: number, y: number) => void, text: string) => {
      draw(x0 + BLOCK_PAD + 6, ly - 2.5);
      narrow.text(c, text, x0 + BLOCK_PAD + 17, ly, '7px');
      ly += 10;
    };
    item((x, at) => steadyMark(c, x, at + 3), 'Niveau d’eau stabilisé');
    item((x, at) => strikeMark(c, x, at), 'Venue d’eau en cours de forage');
    item((x, at) => sampleBar(c, 'CF', x - 3.5, at - 3.5, at + 3.5), 'CF : cuillère fendue (échantillon remanié)');
    item((x, at) => sampleBar(c, 'TM', x - 3.5, at - 3.5, at + 3.5), 'TM : tube à paroi mince (échantillon intact)');
    item((x, at) => sampleBar(c, 'CR', x - 3.5, at - 3.5, at + 3.5), 'CR : carottier (roc)');
    narrow.text(c, 'N : indice de pénétration standard; R : refus', x0 + BLOCK_PAD, ly, '7px');
    ly += 10;
    narrow.text(c, 'RQD : indice de qualité du roc (%)', x0 + BLOCK_PAD, ly, '7px');
  }
  line(c, x0, signatures, x1, signatures, 0.8);
  const signature = (label: string, at: number) => {
    narrow.text(c, label, x0 + BLOCK_PAD, at, '7.2px');
    line(c, x0 + 60, at + 1, x1 - BLOCK_PAD, at + 1, 0.4);
  };
  signature('Préparé par :', signatures + 14);
  signature('Vérifié par :', signatures + 28);
  signature('Approuvé par :', signatures + 42);

  c.save();
  c.lineWidth = 1.1;
  c.strokeRect(x0, MARGIN, x1 - x0, PAGE_BOTTOM - MARGIN);
  c.restore();
}

/** The numbered remarks under the body. */
function remarks(c: SKRSContext2D, log: BoreholeLog, page: number, pages: number) {
  const top = BODY_BOTTOM + 6;
  const list = [
    log.groundLevel === null
      ? 'Profondeurs en mètres sous la surface du terrain; élévation du terrain non levée.'
      : 'Profondeurs en mètres sous la surface du terrain; élévations géodésiques (m), écrites « élév. / prof. » à chaque changement de couche.',
    'Essai de pénétration standard (ASTM D1586) : marteau de 63,5 kg tombant de 760 mm; N = coups des 2e et 3e tranches de 150 mm; R : refus (coups / pénétration).',
    page === pages - 1 ? `Fin du forage à ${metres(log.depth)}.` : `Suite à la feuille ${page + 2} de ${pages}.`,
  ];
  if (log.screen)
    list.push(`Piézomètre : crépine de ${metres(log.screen.top)} à ${metres(log.screen.base)} de profondeur.`);
  narrow.text(c, 'REMARQUES', LOG_LEFT + 4, top + 9, 'bold 7.4px');
  const half = (LOG_RIGHT - LOG_LEFT - 70) / 2;
  let [x, y] = [LOG_LEFT + 64, top + 9];
  for (const [i, remark] of list.entries()) {
    const texts = wrapLine(remark, half - 16, '7.2px');
    if (i === 2) [x, y] = [LOG_LEFT + 64 + half + 6, top + 9];
    narrow.text(c, `${i + 1}.`, x, y, '7.2px');
    for (const text of texts) {
      narrow.text(c, text, x + 10, y, '7.2px');
      y += 9;
    }
    y += 2;
  }
  c.save();
  c.lineWidth = 0.8;
  c.strokeRect(LOG_LEFT, top, LOG_RIGHT - LOG_LEFT, PAGE_BOTTOM - top);
  c.restore();
}

function coupeLog(log: BoreholeLog, sheets: Sheets) {
  const placed = placeDescriptions(log);
  const limits = placeLimits(log);
  const pages = Math.max(placed.pages, ...limits.map((limit) => limit.page + 1));
  for (let page = 0; page < pages; page++) {
    const c = sheets.page();
    headings(c);
    plotGrid(c, page, log.depth);
    depthScale(c, page);
    stratigraphy(c, log, page, placed);
    limitLabels(c, page, limits);
    tests(c, log, page);
    samples(c, log, page);
    water(c, log, page);

    const [descLeft] = COLUMNS.description;
    for (const { y, text } of placed.lines)
      if (pageOf(y - 7) === page) narrow.text(c, text, descLeft + 12, paperY(y, page), DESC_STYLE);
    const { endText } = placed;
    if (endText && pageOf(endText.y - 7) === page) {
      const words = `Fin du forage à ${metres(log.depth)}`;
      if (endText.over) rightAligned(c, words, COLUMNS.description[1] - 6, paperY(endText.y, page), 'bold italic 8px');
      else narrow.text(c, words, descLeft + 12, paperY(endText.y, page), 'bold italic 8px');
    }

    titleBlock(c, log, page, pages);
    remarks(c, log, page, pages);
  }
}

/** The log drawn in the « coupe » layout as a vector PDF, its text kept as text (a firm's export). */
export function coupeLayoutPdf(log: BoreholeLog): Uint8Array {
  return pdfPages(coupeLog, log, PAPER);
}

/** The log drawn in the « coupe » layout, as page images at `dpi`. */
export async function coupeLayoutPages(log: BoreholeLog, dpi: number): Promise<PageImage[]> {
  return await rasterPages(coupeLog, log, PAPER, dpi);
}
