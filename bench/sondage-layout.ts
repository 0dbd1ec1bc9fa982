// The third held-out log layout, since the evening of 28 Nov 2026, when « relevé »
// (bench/releve-layout.ts) was given to tuning: drawn by this script alone, apart from the reader
// and from the layouts it was built and tuned on, and never read while tuning — `npm run
// bench:ocr` measures it with the others, and nothing in the reader is changed to suit it.
//
// « sondage »: a Québec geotechnical and environmental firm's « PROFIL STRATIGRAPHIQUE », on
// portrait letter paper (8,5 × 11 in) at 1:100, the body in an Arial-like type (Liberation Sans),
// the firm's name and the titles in a bold serif (DejaVu Serif), decimal commas. At the top left,
// the firm's name over a rule, the title and « Forage F-101 », then unboxed rows for the project,
// the place and the drilling method; at the right, a box « RENSEIGNEMENTS SUR LE FORAGE » of
// rows, each label in small grey italics before its value: the hole's number, the day written out
// (« 18 juillet 2019 », or « Du 30 juin au 2 juillet 2022 » when it took several), the coordinate
// system on a row of its own and then X (est) and Y (nord) in metres, or latitude and longitude in
// degrees, minutes and seconds (« 45°24'04,25" N », « 73°29'56,54" O »), the ground's geodetic
// elevation, the total depth, the scale and the sheet. The columns run from a wide description on
// the left (the soil's name in bold, every other layer's cell shaded grey; a cell pushed down by a
// long description above it is joined to its true depth by a slanting line across a narrow
// gutter), to a hatched symbol, the samples (a bar over the length sampled, « CF-01 »), the blows
// of each 150 mm (« Coups/0,15 m », « 3-4-4-5 »), a gridded plot of N where each test is a bar
// with « N = 12 » written after it (an arrowhead past 50, « Refus » for a refusal), the water (an
// open triangle over two short lines at a steady level, a filled arrowhead where water came in
// while drilling), and the depth at the right-hand edge of the page: a scale numbered each metre,
// then each boundary written on its line with its elevation in brackets, « 1,20 m (34,66 m) ».
// Boundaries are solid across the symbol and dashed across the data; the hole's end is a heavy
// line with « Fin du forage à 7,62 m » under it. Each page holds a fixed stretch of the hole (15 m
// on the first, 18 m on the next ones, under a short header); a description too long for its page
// goes on at the top of the next. At the foot of every page, numbered notes (the abbreviations,
// the water's signs) and lines to sign; on the last, a table « OBSERVATIONS DU NIVEAU D'EAU »
// (Date, Heure, Prof., Élév., Observation) with a row for each water strike and each steady level.
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../api/digitise/raster.ts';
import { methodText } from '../src/domain/ags/hole-types.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { classifySoil, type SoilClass } from '../src/domain/soil.ts';
import { decimals, frenchDate, pdfPages, rasterPages, typeset, type Sheets } from './layout-pages.ts';

const font = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(font('LiberationSans-Regular.ttf'), 'Sondage Sans');
GlobalFonts.registerFromPath(font('LiberationSans-Bold.ttf'), 'Sondage Sans');
GlobalFonts.registerFromPath(font('DejaVuSerif.ttf'), 'Sondage Serif');
GlobalFonts.registerFromPath(font('DejaVuSerif-Bold.ttf'), 'Sondage Serif');
const SANS = 'Sondage Sans';
const SERIF = 'Sondage Serif';
const sans = typeset(SANS);
const serif = typeset(SERIF);

/** Portrait letter paper (8,5 × 11 in), in points. */
const PAPER = { width: 612, height: 792 };
const LEFT = 30;
const RIGHT = PAPER.width - 30;
/** 1:100: a centimetre of paper for each metre of the hole. */
const METRE = 72 / 2.54;
/** The stretch of the hole on the first page, under the full header, and on each page after it. */
const FIRST_METRES = 15;
const NEXT_METRES = 18;
/** Where the body ends on every page; the water table, the notes and the signatures are under it. */
const BODY_BOTTOM = 640;
/** The height of the columns' headings over the body. */
const HEADINGS = 38;
/** The description's type, the distance between its lines, and its first baseline under a boundary. */
const DESC_SIZE = 7.5;
const LEADING = 9;
const FIRST_BASELINE = 9;
/** The strip at the right of the description where a boundary pushed down is joined to its depth. */
const GUTTER = 9;

/** The columns, left to right, with their widths in points: the depth is at the right of the page. */
const WIDTHS = {
  description: 196,
  symbol: 24,
  sample: 44,
  blows: 50,
  plot: 112,
  water: 26,
  scale: 26,
  limits: 74,
} as const;
type Column = keyof typeof WIDTHS;
const COLUMNS = {} as Record<Column, readonly [number, number]>;
{
  let x = LEFT;
  for (const name of Object.keys(WIDTHS) as Column[]) {
    COLUMNS[name] = [x, x + WIDTHS[name]];
    x += WIDTHS[name];
  }
}
/** The N plot: 0 to 50 blows over its first 70 points, the value written after the bar. */
const PLOT_MAX = 50;
const PLOT_WIDTH = 70;
const plotX = (n: number) => COLUMNS.plot[0] + 5 + (Math.min(n, PLOT_MAX) / PLOT_MAX) * PLOT_WIDTH;

/** A page's stretch of the hole and the height where it starts. */
interface Frame {
  start: number;
  end: number;
  top: number;
}
const frameOf = (page: number): Frame => {
  if (page === 0) return { start: 0, end: FIRST_METRES, top: BODY_BOTTOM - FIRST_METRES * METRE };
  const start = FIRST_METRES + (page - 1) * NEXT_METRES;
  return { start, end: start + NEXT_METRES, top: BODY_BOTTOM - NEXT_METRES * METRE };
};
const yAt = (frame: Frame, depth: number) => frame.top + (depth - frame.start) * METRE;

/** A place on the paper: the page and the height on it. */
interface Spot {
  page: number;
  y: number;
}
/** Where `depth` is drawn: on the page that starts there, or (`atFoot`) at the foot of the one before. */
function spotAt(depth: number, atFoot = false): Spot {
  let page = depth < FIRST_METRES - 1e-9 ? 0 : 1 + Math.floor((depth - FIRST_METRES) / NEXT_METRES + 1e-9);
  if (atFoot && page > 0 && Math.abs(depth - frameOf(page).start) < 1e-9) page -= 1;
  return { page, y: yAt(frameOf(page), depth) };
}
const isBelow = (a: Spot, b: Spot) => (a.page === b.page ? a.y > b.y : a.page > b.page);
const nextPageTop = (page: number): Spot => ({ page: page + 1, y: frameOf(page + 1).top });

const metres = (value: number) => `${decimals(value, 2)} m`;
const measure = createCanvas(10, 10).getContext('2d');
const widthOf = (value: string, style: string, family = SANS) => {
  measure.font = `${style} "${family}"`;
  return measure.measureText(value).width;
};
const rightAligned = (c: SKRSContext2D, value: string, right: number, y: number, style: string, family = SANS) => {
  c.font = `${style} "${family}"`;
  c.fillText(value, right - c.measureText(value).width, y);
};
/** The largest size (down to 70 %) at which `value` fits in `width`. */
function sizeToFit(value: string, width: number, size: number, weight = '', family = SANS) {
  let fitted = size;
  while (fitted > size * 0.7 && widthOf(value, `${weight} ${fitted}px`, family) > width) fitted -= 0.25;
  return fitted;
}
const line = (c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, width = 0.6, colour = '#222') => {
  c.save();
  c.lineWidth = width;
  c.strokeStyle = colour;
  c.beginPath();
  c.moveTo(x0, y0);
  c.lineTo(x1, y1);
  c.stroke();
  c.restore();
};

// ——— Dates, coordinates, tests ———

/** The drilling's day, or its days when it took more than one: « Du 12 au 13 mai 2022 ». */
function drillingDays(log: BoreholeLog): [string, string] {
  if (!log.date) return ['Date du forage', 'non précisée'];
  const first = log.date.slice(0, 10);
  const last = log.endDate?.slice(0, 10);
  if (!last || last === first) return ['Date du forage', frenchDate(first)];
  const [from, to] = [frenchDate(first), frenchDate(last)];
  const [day, month] = from.split(' ');
  if (first.slice(0, 7) === last.slice(0, 7)) return ['Dates du forage', `Du ${day} au ${to}`];
  if (first.slice(0, 4) === last.slice(0, 4)) return ['Dates du forage', `Du ${day} ${month} au ${to}`];
  return ['Dates du forage', `Du ${from} au ${to}`];
}
/** The ISO day `days` after `iso`. */
const dayAfter = (iso: string, days = 1) =>
  new Date(Date.parse(`${iso.slice(0, 10)}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Degrees, minutes and seconds with two decimals: « 45°24'04,23" N ». */
function sexagesimal(value: number, positive: string, negative: string) {
  const hundredths = Math.round(Math.abs(value) * 360_000);
  const degrees = Math.floor(hundredths / 360_000);
  const minutes = Math.floor((hundredths - degrees * 360_000) / 6000);
  const seconds = (hundredths - degrees * 360_000 - minutes * 6000) / 100;
  const secondsText = seconds.toFixed(2).replace('.', ',').padStart(5, '0');
  return `${degrees}°${String(minutes).padStart(2, '0')}'${secondsText}" ${value < 0 ? negative : positive}`;
}

/** The coordinates' rows of the header box: the system, then each coordinate on a row of its own. */
function coordinateRows(log: BoreholeLog): [string, string][] {
  if (log.original) {
    const { crs, x, y } = log.original;
    const code = Number(crs.replace(/^EPSG:/i, ''));
    const eastNorth = (system: string): [string, string][] => [
      ['Système de coordonnées', system],
      ['Coordonnée X (est)', `${decimals(x, 1)} m`],
      ['Coordonnée Y (nord)', `${decimals(y, 1)} m`],
    ];
    if (code >= 32181 && code <= 32190) return eastNorth(`NAD 83, MTM fuseau ${code - 32180}`);
    if (code >= 2945 && code <= 2952) return eastNorth(`NAD 83 (SCRS), MTM fuseau ${code - 2942}`);
    if (code >= 26917 && code <= 26922) return eastNorth(`NAD 83, UTM zone ${code - 26900}N`);
    if (code >= 2958 && code <= 2962) return eastNorth(`NAD 83 (SCRS), UTM zone ${code - 2941}N`);
    if (code === 32198) return eastNorth('NAD 83, Lambert conique du Québec');
    if (code === 4326 || code === 4269 || code === 4617)
      return [
        ['Système de coordonnées', code === 4326 ? 'WGS 84, géographiques' : 'NAD 83, géographiques'],
        ['Latitude', sexagesimal(y, 'N', 'S')],
        ['Longitude', sexagesimal(x, 'E', 'O')],
      ];
    return eastNorth(crs);
  }
  if (log.lat !== null && log.lon !== null)
    return [
      ['Système de coordonnées', 'NAD 83, géographiques'],
      ['Latitude', sexagesimal(log.lat, 'N', 'S')],
      ['Longitude', sexagesimal(log.lon, 'E', 'O')],
    ];
  return [['Coordonnées', 'non levées']];
}

/** A small number of the hole’s own, the same each time it is drawn (the minutes of an hour). */
function stable(seed: string, modulo: number) {
  let hash = 17;
  for (const char of seed) hash = (hash * 131 + char.charCodeAt(0)) % 100_003;
  return hash % modulo;
}

/** The blows of each 150 mm of a test whose N (the second and third) is `n`: « 3-5-7-9 ». */
function blowsOf(n: number) {
  const second = Math.max(0, Math.round(n * 0.45));
  const third = n - second;
  const first = Math.max(1, Math.round(second * 0.7));
  return `${first}-${second}-${third}-${third + Math.max(1, Math.ceil(n / 8))}`;
}

type Test = BoreholeLog['spt'][number];
/** A test's cells: the blows column, and the words written after its bar. */
function testCells(test: Test): { blows: string; value: string; bar: number | null } {
  if (test.refusal) {
    const { blows, mm } = test.refusal;
    const driven = mm === null ? `${blows}+` : `${blows}/${Math.round(mm)} mm`;
    return { blows: driven, value: 'Refus', bar: PLOT_MAX };
  }
  if (test.n === null) return { blows: '—', value: 'N = n.d.', bar: null };
  const n = Math.round(test.n);
  return { blows: blowsOf(n), value: `N = ${n}`, bar: n };
}

/** A sample's label: its type and its number in two digits, « CF-01 ». */
const sampleLabel = (sample: BoreholeLog['samples'][number]) =>
  `${sample.type}-${/^\d+$/.test(sample.ref) ? sample.ref.padStart(2, '0') : sample.ref}`;

// ——— The descriptions, set before anything is drawn ———

interface Word {
  text: string;
  bold: boolean;
}
/** The description's words, its first part (the soil's name, to the first comma) in bold. */
function wordsOf(description: string): Word[] {
  const words = description.split(/\s+/).filter(Boolean);
  const comma = words.findIndex((word) => word.endsWith(','));
  return words.map((text, i) => ({ text, bold: comma >= 0 && i <= comma }));
}
/** Consecutive words of one weight, as one piece of text. */
function runsOf(words: Word[]) {
  const runs: Word[] = [];
  for (const word of words) {
    const last = runs.at(-1);
    if (last && last.bold === word.bold) last.text += ` ${word.text}`;
    else runs.push({ ...word });
  }
  return runs;
}
const runStyle = (bold: boolean) => `${bold ? 'bold ' : ''}${DESC_SIZE}px`;
const runsWidth = (runs: Word[]) =>
  runs.reduce((width, run) => width + widthOf(run.text, runStyle(run.bold)), 0) +
  (runs.length - 1) * widthOf(' ', runStyle(false));
function wrapWords(description: string, width: number): Word[][] {
  const lines: Word[][] = [];
  let current: Word[] = [];
  for (const word of wordsOf(description)) {
    if (current.length && runsWidth(runsOf([...current, word])) > width) {
      lines.push(current);
      current = [word];
    } else current.push(word);
  }
  if (current.length) lines.push(current);
  return lines;
}

interface Placed {
  /** Each layer's cell in the description column: its top, maybe pushed down by the layer above. */
  cells: Spot[];
  lines: (Spot & { words: Word[] })[];
  /** The hole's end in the description column, and its words (under it, or over it at the right). */
  end: Spot;
  endText: Spot & { over: boolean };
  pages: number;
}
function placeDescriptions(log: BoreholeLog): Placed {
  const [left, right] = COLUMNS.description;
  const cells: Spot[] = [];
  const lines: Placed['lines'] = [];
  let last: Spot | null = null;
  for (const layer of log.layers) {
    let top = spotAt(layer.top);
    if (last && !isBelow(top, { page: last.page, y: last.y + 4 })) top = { page: last.page, y: last.y + 4 };
    if (top.y > BODY_BOTTOM - 12) top = nextPageTop(top.page);
    cells.push(top);
    let spot: Spot = { page: top.page, y: top.y + FIRST_BASELINE };
    for (const words of wrapWords(layer.description, right - left - GUTTER - 8)) {
      if (spot.y > BODY_BOTTOM - 3)
        spot = { ...nextPageTop(spot.page), y: frameOf(spot.page + 1).top + FIRST_BASELINE };
      lines.push({ ...spot, words });
      last = spot;
      spot = { page: spot.page, y: spot.y + LEADING };
    }
  }
  let end = spotAt(log.depth, true);
  if (last && !isBelow(end, { page: last.page, y: last.y + 4 })) end = { page: last.page, y: last.y + 4 };
  let endText = { page: end.page, y: end.y + FIRST_BASELINE + 1, over: false };
  if (endText.y > BODY_BOTTOM - 3) {
    // No room under the end on its page: over its line at the right, when the last words leave room.
    endText =
      last && (last.page < end.page || last.y < end.y - 12)
        ? { page: end.page, y: end.y - 3, over: true }
        : { ...nextPageTop(end.page), y: frameOf(end.page + 1).top + FIRST_BASELINE + 1, over: false };
  }
  const pages = Math.max(endText.page, spotAt(log.depth, true).page) + 1;
  return { cells, lines, end, endText, pages };
}

/**
 * Each boundary's depth and elevation, « 1,20 m (34,66 m) », on its line in the right-hand column:
 * moved down (or up, at a page's foot) by as little as keeps it clear of its neighbours.
 */
interface Limit {
  depth: number;
  line: Spot;
  at: Spot;
  text: string;
}
const LIMIT_STEP = 8.5;
function placeLimits(log: BoreholeLog): Limit[] {
  const depths: number[] = [];
  for (const depth of [0, ...log.layers.flatMap((layer) => [layer.top, layer.base]), log.depth].sort((a, b) => a - b))
    if (!depths.some((known) => Math.abs(known - depth) < 0.005)) depths.push(depth);
  const limits: Limit[] = [];
  for (const [i, depth] of depths.entries()) {
    const lineSpot = spotAt(depth, i === depths.length - 1);
    const at: Spot = { page: lineSpot.page, y: Math.max(lineSpot.y + 2.5, frameOf(lineSpot.page).top + 7.5) };
    const previous = limits.at(-1)?.at;
    if (previous && previous.page === at.page) at.y = Math.max(at.y, previous.y + LIMIT_STEP);
    const elevation = log.groundLevel === null ? '' : ` (${metres(log.groundLevel - depth)})`;
    limits.push({ depth, line: lineSpot, at, text: `${metres(depth)}${elevation}` });
  }
  // From the foot up: none below the body, none on the one under it.
  for (let i = limits.length - 1; i >= 0; i--) {
    const at = limits[i]!.at;
    const next = limits[i + 1]?.at;
    at.y = Math.min(at.y, BODY_BOTTOM - 2, next && next.page === at.page ? next.y - LIMIT_STEP : Infinity);
  }
  return limits;
}

// ——— Drawing ———

/** The hatching of each kind of ground, in the page's own grid so that it runs on from layer to layer. */
function hatch(c: SKRSContext2D, soil: SoilClass, x0: number, y0: number, x1: number, y1: number) {
  c.save();
  c.beginPath();
  c.rect(x0, y0, x1 - x0, y1 - y0);
  c.clip();
  c.lineWidth = 0.4;
  c.strokeStyle = '#1a1a1a';
  c.fillStyle = '#1a1a1a';
  const width = x1 - x0;
  const rows = (step: number) => {
    const list: number[] = [];
    for (let k = Math.floor(y0 / step) - 1; k * step < y1 + step; k++) list.push(k);
    return list;
  };
  c.beginPath();
  switch (soil) {
    case 'asphalt':
      c.fillRect(x0, y0, x1 - x0, y1 - y0);
      break;
    case 'fill': // a loose lattice of diagonals
      for (const k of rows(7)) {
        c.moveTo(x0, k * 7);
        c.lineTo(x1, k * 7 + width);
        c.moveTo(x0, k * 7 + width);
        c.lineTo(x1, k * 7);
      }
      break;
    case 'clay': // close horizontal lines
      for (const k of rows(2.6)) {
        c.moveTo(x0, k * 2.6);
        c.lineTo(x1, k * 2.6);
      }
      break;
    case 'silt': // lines with short upright ticks between them
      for (const k of rows(4.4)) {
        const y = k * 4.4;
        c.moveTo(x0, y);
        c.lineTo(x1, y);
        for (let x = x0 + (k % 2 ? 2 : 5); x < x1; x += 6) {
          c.moveTo(x, y + 1.4);
          c.lineTo(x, y + 3);
        }
      }
      break;
    case 'sand': // scattered dots
      for (const k of rows(2.8))
        for (let i = 0, x = x0 + 1; x < x1; i++, x += 3.1)
          c.rect(x + ((k * 7 + i * 3) % 5) * 0.35, k * 2.8 + ((k + i) % 3) * 0.3, 0.65, 0.65);
      c.fill();
      c.beginPath();
      break;
    case 'gravel': // small rings in staggered rows
      for (const k of rows(5.5))
        for (let x = x0 + (k % 2 ? 5 : 2.2); x < x1 + 2; x += 6) {
          c.moveTo(x + 1.6, k * 5.5);
          c.arc(x, k * 5.5, 1.6, 0, 2 * Math.PI);
        }
      break;
    case 'till': // rings, dots and short strokes mixed
      for (const k of rows(6))
        for (let i = 0, x = x0 + (k % 2 ? 4 : 1.5); x < x1 + 2; i++, x += 8) {
          const y = k * 6;
          if ((k + i) % 2) {
            c.moveTo(x + 1.3, y);
            c.arc(x, y, 1.3, 0, 2 * Math.PI);
          } else {
            c.moveTo(x - 1.5, y + 1);
            c.lineTo(x + 1.5, y - 1);
          }
          c.rect(x + 3.5, y + 2.5, 0.7, 0.7);
        }
      break;
    case 'bedrock':
    case 'fractured_bedrock': // courses of blocks; cut by zigzags when broken
      for (const k of rows(5)) {
        const y = k * 5;
        c.moveTo(x0, y);
        c.lineTo(x1, y);
        for (let x = x0 + (k % 2 ? 0 : 5); x < x1; x += 10) {
          c.moveTo(x, y);
          c.lineTo(x, y + 5);
        }
        if (soil === 'fractured_bedrock' && k % 3 === 0) {
          c.moveTo(x0, y + 1);
          for (let x = x0, up = true; x <= x1 + 3; x += 3, up = !up) c.lineTo(x, y + (up ? 1 : 4));
        }
      }
      break;
  }
  c.stroke();
  c.restore();
}

/** The steady water level: an open triangle with its tip on the level and two short lines under it. */
function steadyMark(c: SKRSContext2D, x: number, y: number, scale = 1) {
  c.save();
  c.translate(x, y);
  c.scale(scale, scale);
  [x, y] = [0, 0];
  c.lineWidth = 0.7;
  c.strokeStyle = '#111';
  c.beginPath();
  c.moveTo(x - 3.5, y - 6);
  c.lineTo(x + 3.5, y - 6);
  c.lineTo(x, y);
  c.closePath();
  c.moveTo(x - 3, y + 1.8);
  c.lineTo(x + 3, y + 1.8);
  c.moveTo(x - 1.6, y + 3.6);
  c.lineTo(x + 1.6, y + 3.6);
  c.stroke();
  c.restore();
}
/** Water met while drilling: a filled arrowhead pointing into the hole, its tip on the level. */
function strikeMark(c: SKRSContext2D, x: number, y: number, scale = 1) {
  c.save();
  c.translate(x, y);
  c.scale(scale, scale);
  [x, y] = [0, 0];
  c.fillStyle = '#111';
  c.beginPath();
  c.moveTo(x, y);
  c.lineTo(x + 7, y - 3.2);
  c.lineTo(x + 7, y + 3.2);
  c.closePath();
  c.fill();
  c.restore();
}

/** A label in small italics and its value after it, as the header's rows are written. */
function labelled(c: SKRSContext2D, label: string, value: string, x: number, valueX: number, y: number, width: number) {
  c.save();
  c.fillStyle = '#444';
  sans.text(c, label, x, y, 'italic 6.8px');
  c.restore();
  const size = sizeToFit(value, width, 8.3);
  sans.text(c, value, valueX, y, `${size}px`);
}

/** The header box at the right of the title: its heading in a grey band, then a row a pair. */
function headerBox(c: SKRSContext2D, top: number, heading: string, rows: [string, string][], boldFirst: boolean) {
  const [x0, x1] = [322, RIGHT];
  const band = 12;
  const step = 11.5;
  const height = band + rows.length * step + 2;
  c.save();
  c.fillStyle = '#d8d8d8';
  c.fillRect(x0, top, x1 - x0, band);
  c.restore();
  sans.centred(c, heading, [x0, x1], top + 8.6, 'bold 7px');
  for (const [i, [label, value]] of rows.entries()) {
    const y = top + band + (i + 1) * step - 3;
    if (i === 0 && boldFirst) {
      c.save();
      c.fillStyle = '#444';
      sans.text(c, label, x0 + 5, y, 'italic 6.8px');
      c.restore();
      sans.text(c, value, x0 + 98, y, 'bold 9px');
    } else labelled(c, label, value, x0 + 5, x0 + 98, y, x1 - x0 - 102);
    if (i < rows.length - 1) line(c, x0 + 3, y + 3.2, x1 - 3, y + 3.2, 0.3, '#999');
  }
  c.save();
  c.lineWidth = 0.9;
  c.strokeRect(x0, top, x1 - x0, height);
  c.restore();
  return top + height;
}

/** The firm's name over the header's rule: on one line, smaller if need be, else on two ending at `baseline`. */
function firmName(c: SKRSContext2D, name: string, baseline: number, size: number) {
  const width = 280;
  const one = sizeToFit(name, width, size, 'bold', SERIF);
  if (widthOf(name, `bold ${one}px`, SERIF) <= width) {
    serif.text(c, name, LEFT, baseline, `bold ${one}px`);
    return;
  }
  const smaller = size * 0.75;
  const lines = wrapLine(name, width, `bold ${smaller}px`, SERIF).slice(0, 2);
  lines.forEach((text, i) => {
    const fitted = sizeToFit(text, width, smaller, 'bold', SERIF);
    serif.text(c, text, LEFT, baseline - (lines.length - 1 - i) * smaller * 1.15, `bold ${fitted}px`);
  });
}

function firstHeader(c: SKRSContext2D, log: BoreholeLog, pages: number) {
  firmName(c, log.organisation, 46, 13);
  c.save();
  c.fillStyle = '#444';
  sans.text(c, 'Ingénierie des sols, hydrogéologie et environnement', LEFT, 57, 'italic 7.2px');
  c.restore();
  line(c, LEFT, 63, 310, 63, 0.8);
  serif.text(c, 'PROFIL STRATIGRAPHIQUE', LEFT, 86, 'bold 15px');
  serif.text(c, `Forage ${log.id}`, LEFT, 104, 'bold 12px');
  const rows: [string, string][] = [
    ['Projet', log.project || '—'],
    ['Endroit', log.site || '—'],
    ['Méthode de forage', methodText(log.method, log.holeType) || '—'],
  ];
  if (log.locaId) rows.push(['Autre désignation', log.locaId]);
  for (const [i, [label, value]] of rows.entries()) labelled(c, label, value, LEFT, LEFT + 74, 122 + i * 11.5, 206);

  const [daysLabel, days] = drillingDays(log);
  headerBox(
    c,
    34,
    'RENSEIGNEMENTS SUR LE FORAGE',
    [
      ['Forage n°', log.id],
      [daysLabel, days],
      ...coordinateRows(log),
      ['Élévation du terrain', log.groundLevel === null ? 'non levée' : `${metres(log.groundLevel)} (géodésique)`],
      ['Profondeur totale', metres(log.depth)],
      ['Échelle verticale', '1:100'],
      ['Feuille', `1 de ${pages}`],
    ],
    true,
  );
}

function shortHeader(c: SKRSContext2D, log: BoreholeLog, page: number, pages: number) {
  firmName(c, log.organisation, 44, 10);
  line(c, LEFT, 50, 310, 50, 0.8);
  serif.text(c, 'PROFIL STRATIGRAPHIQUE (suite)', LEFT, 68, 'bold 12px');
  headerBox(
    c,
    30,
    'RENSEIGNEMENTS SUR LE FORAGE',
    [
      ['Forage n°', log.id],
      ['Projet', [log.project, log.site].filter(Boolean).join(' — ') || '—'],
      ['Feuille', `${page + 1} de ${pages}`],
    ],
    true,
  );
}

/** The columns' headings over the body, the frame and the columns' rules. */
function headings(c: SKRSContext2D, frame: Frame) {
  const top = frame.top - HEADINGS;
  const split = top + 13;
  const small = 'bold 6.2px';
  const stacked = (column: Column, texts: string[], from: number, style = small) => {
    const middle = (from + frame.top) / 2 + 2.2 - ((texts.length - 1) * 7.2) / 2;
    texts.forEach((value, i) => sans.centred(c, value, COLUMNS[column], middle + i * 7.2, style));
  };
  sans.centred(c, 'DESCRIPTION DES SOLS ET DU ROC', COLUMNS.description, top + 17, 'bold 7.5px');
  c.save();
  c.fillStyle = '#444';
  sans.centred(c, '(classification visuelle et tactile)', COLUMNS.description, top + 27, 'italic 6.3px');
  c.restore();
  stacked('symbol', ['Sym-', 'bole'], top);
  sans.centred(c, 'ÉCHANTILLONS', [COLUMNS.sample[0], COLUMNS.blows[1]], top + 9, small);
  stacked('sample', ['Type-n°'], split);
  stacked('blows', ['Coups/0,15 m'], split);
  sans.centred(c, 'INDICE DE PÉNÉTRATION', COLUMNS.plot, top + 9, small);
  sans.centred(c, 'N (coups/0,30 m)', COLUMNS.plot, top + 20, '6.2px');
  for (let n = 0; n <= PLOT_MAX; n += 10) sans.centred(c, String(n), [plotX(n), plotX(n)], frame.top - 3, '6px');
  stacked('water', ['Eau'], top);
  sans.centred(c, 'PROFONDEUR', [COLUMNS.scale[0], COLUMNS.limits[1]], top + 9, small);
  stacked('scale', ['(m)'], split);
  stacked('limits', ['Prof. (élév.)'], split);

  c.save();
  c.lineWidth = 0.5;
  c.strokeStyle = '#222';
  c.beginPath();
  for (const name of Object.keys(COLUMNS) as Column[]) {
    if (name === 'description') continue;
    const x = COLUMNS[name][0];
    const from = name === 'blows' || name === 'limits' ? split : top;
    c.moveTo(x, from);
    c.lineTo(x, BODY_BOTTOM);
  }
  c.moveTo(COLUMNS.sample[0], split);
  c.lineTo(COLUMNS.blows[1], split);
  c.moveTo(COLUMNS.scale[0], split);
  c.lineTo(COLUMNS.limits[1], split);
  c.moveTo(LEFT, frame.top);
  c.lineTo(RIGHT, frame.top);
  c.stroke();
  c.lineWidth = 1;
  c.strokeRect(LEFT, top, RIGHT - LEFT, BODY_BOTTOM - top);
  c.restore();
}

/** The plot's thin grid, down to the hole's end: a line each ten blows and each metre. */
function plotGrid(c: SKRSContext2D, frame: Frame, depth: number) {
  if (depth <= frame.start) return;
  const bottom = Math.min(BODY_BOTTOM, yAt(frame, depth));
  c.save();
  c.strokeStyle = '#bbb';
  c.lineWidth = 0.3;
  c.beginPath();
  for (let n = 0; n <= PLOT_MAX; n += 10) {
    c.moveTo(plotX(n), frame.top);
    c.lineTo(plotX(n), bottom);
  }
  for (let metre = Math.floor(frame.start) + 1; metre < Math.min(frame.end, depth); metre++) {
    c.moveTo(plotX(0), yAt(frame, metre));
    c.lineTo(plotX(PLOT_MAX), yAt(frame, metre));
  }
  c.stroke();
  c.restore();
}

/** The depth scale, ticks on the right edge of its column each half metre, a number each metre. */
function depthScale(c: SKRSContext2D, frame: Frame) {
  const [, right] = COLUMNS.scale;
  c.save();
  c.lineWidth = 0.5;
  c.beginPath();
  for (let half = Math.ceil(frame.start * 2); half <= frame.end * 2; half++) {
    const y = yAt(frame, half / 2);
    c.moveTo(right, y);
    c.lineTo(right - (half % 2 ? 3 : 6), y);
  }
  c.stroke();
  c.fillStyle = '#333';
  for (let metre = Math.ceil(frame.start); metre <= frame.end; metre++) {
    const y = yAt(frame, metre);
    const baseline = metre === frame.start ? y + 7 : metre === frame.end ? y - 2 : y + 2.3;
    rightAligned(c, String(metre), right - 8, baseline, '6.5px');
  }
  c.restore();
}

/** Each layer's cell in the description column, shaded every other one, and the boundaries across the page. */
function boundaries(c: SKRSContext2D, log: BoreholeLog, page: number, frame: Frame, placed: Placed, limits: Limit[]) {
  const [descLeft, descRight] = COLUMNS.description;
  const gutter = descRight - GUTTER;
  const within = (spot: Spot) => spot.page === page;
  // Every other layer's cell shaded, from its top to the next one's (or to the hole's end).
  for (const [i, cell] of placed.cells.entries()) {
    if (i % 2 === 0) continue;
    const next = placed.cells[i + 1] ?? placed.end;
    if (page < cell.page || page > next.page) continue;
    const y0 = cell.page === page ? cell.y : frame.top;
    const y1 = next.page === page ? next.y : BODY_BOTTOM;
    c.save();
    c.fillStyle = '#ececec';
    c.fillRect(descLeft + 0.5, y0, gutter - descLeft - 0.5, y1 - y0);
    c.restore();
  }
  // The line of each layer's top in the description, joined across the gutter to its depth.
  const joins = [
    ...log.layers.map((layer, i) => ({ cell: placed.cells[i]!, depth: layer.top, width: 0.6 })),
    { cell: placed.end, depth: log.depth, width: 1.3 },
  ];
  for (const { cell, depth, width } of joins) {
    if (depth < 1e-9) continue; // the ground is the body's top line
    const truth = spotAt(depth, cell.page < spotAt(depth).page);
    if (within(cell)) line(c, descLeft, cell.y, gutter, cell.y, width);
    if (cell.page === truth.page && within(cell)) line(c, gutter, cell.y, descRight, truth.y, width);
    else if (within(truth)) line(c, descRight, truth.y, descRight - GUTTER / 2, truth.y, width);
    if (cell.page !== truth.page) {
      // The words pushed onto the next page: the join runs down the gutter to the foot, and on from the top.
      const middle = descRight - GUTTER / 2;
      if (page === truth.page) line(c, middle, truth.y, middle, BODY_BOTTOM, width);
      if (page === cell.page) {
        line(c, middle, frame.top, middle, cell.y, width);
        line(c, gutter, cell.y, middle, cell.y, width);
      }
    }
  }
  // Across the symbol, solid; across the data columns, dashed and light.
  for (const limit of limits) {
    const spots = [limit.line];
    // A boundary at the foot of a page is drawn again at the top of the next.
    const foot = spotAt(limit.depth, true);
    const head = spotAt(limit.depth);
    if (foot.page !== head.page) spots.splice(0, 1, foot, head);
    for (const spot of spots) {
      if (spot.page !== page) continue;
      const heavy = Math.abs(limit.depth - log.depth) < 0.005 ? 1.3 : 0.6;
      line(c, COLUMNS.symbol[0], spot.y, COLUMNS.symbol[1], spot.y, heavy);
      c.save();
      c.setLineDash([2, 2]);
      line(c, COLUMNS.sample[0], spot.y, COLUMNS.water[1], spot.y, 0.35, '#888');
      c.restore();
    }
  }
}

/** The boundaries' depths and elevations in the right-hand column, each after a tick at its depth. */
function limitLabels(c: SKRSContext2D, log: BoreholeLog, page: number, limits: Limit[]) {
  const [left, right] = COLUMNS.limits;
  for (const limit of limits) {
    if (limit.at.page !== page) continue;
    const heavy = Math.abs(limit.depth - log.depth) < 0.005 ? 1.3 : 0.6;
    line(c, left, limit.line.y, left + 5, limit.line.y, heavy);
    if (Math.abs(limit.at.y - 2.5 - limit.line.y) > 0.5)
      line(c, left + 5, limit.line.y, left + 7.5, limit.at.y - 2.5, 0.4);
    const size = sizeToFit(limit.text, right - left - 12, 7);
    sans.text(c, limit.text, left + 9, limit.at.y, `${size}px`);
  }
}

/** The samples: a bar over the length sampled, by kind, and the label at its top. */
function samples(c: SKRSContext2D, log: BoreholeLog, page: number, frame: Frame) {
  const [left] = COLUMNS.sample;
  let lowest = -Infinity;
  for (const sample of [...log.samples].sort((a, b) => a.top - b.top)) {
    const base = sample.base ?? sample.top + 0.05;
    const top = Math.max(sample.top, frame.start);
    const bottom = Math.min(base, frame.end);
    const starts = spotAt(sample.top).page === page;
    if (bottom <= top && !starts) continue;
    const y0 = yAt(frame, top);
    const height = Math.max(1.2, yAt(frame, bottom) - y0);
    c.save();
    c.lineWidth = 0.6;
    if (sample.type.toUpperCase() === 'CF') c.fillRect(left + 4, y0, 5, height);
    else {
      c.strokeRect(left + 4, y0, 5, height);
      c.beginPath();
      if (sample.type.toUpperCase() === 'CR')
        for (let y = y0 + 2; y < y0 + height; y += 2.5) {
          c.moveTo(left + 4, y);
          c.lineTo(left + 9, y);
        }
      else if (sample.type.toUpperCase() === 'TM') {
        c.moveTo(left + 4, y0);
        c.lineTo(left + 9, y0 + height);
      }
      c.stroke();
    }
    c.restore();
    if (!starts) continue;
    const baseline = Math.min(Math.max(yAt(frame, sample.top) + 6.5, lowest + 8), BODY_BOTTOM - 2);
    lowest = baseline;
    const label = sampleLabel(sample);
    sans.text(c, label, left + 12, baseline, `${sizeToFit(label, WIDTHS.sample - 14, 7)}px`);
  }
}

/** The tests: the blows of each 150 mm, and N as a bar with its value written after it; the cores' RQD. */
function tests(c: SKRSContext2D, log: BoreholeLog, page: number, frame: Frame) {
  const rows = [
    ...log.spt.map((test) => ({ top: test.top, test, rqd: null })),
    ...log.cores.flatMap((core) => (core.rqd === null ? [] : [{ top: core.top, test: null, rqd: core.rqd }])),
  ].sort((a, b) => a.top - b.top);
  let lowest = -Infinity;
  for (const { top, test, rqd } of rows) {
    if (spotAt(top).page !== page) continue;
    const baseline = Math.min(Math.max(yAt(frame, top) + 6.5, lowest + 8.5), BODY_BOTTOM - 2);
    lowest = baseline;
    if (!test) {
      if (rqd !== null) sans.text(c, `RQD = ${Math.round(rqd)} %`, plotX(0) + 3, baseline, '7px');
      continue;
    }
    const cells = testCells(test);
    sans.centred(c, cells.blows, COLUMNS.blows, baseline, `${sizeToFit(cells.blows, WIDTHS.blows - 4, 7)}px`);
    let after = plotX(0) + 3;
    if (cells.bar !== null) {
      const end = plotX(cells.bar);
      const off = test.refusal !== null || cells.bar > PLOT_MAX;
      c.save();
      c.fillStyle = '#555';
      c.fillRect(plotX(0), baseline - 5.5, Math.max(0.8, end - plotX(0)), 4.5);
      if (off) {
        // Off the scale: an arrowhead at the bar's end.
        c.beginPath();
        c.moveTo(end, baseline - 6.5);
        c.lineTo(end + 3.5, baseline - 3.25);
        c.lineTo(end, baseline);
        c.closePath();
        c.fill();
      }
      c.restore();
      after = end + (off ? 6 : 3);
    }
    sans.text(c, cells.value, after, baseline, 'bold 7px');
  }
}

/** The water in its column: the steady levels and the water met while drilling; the well's screen. */
function water(c: SKRSContext2D, log: BoreholeLog, page: number, frame: Frame) {
  const [left] = COLUMNS.water;
  for (const level of log.standingLevels)
    if (spotAt(level).page === page) steadyMark(c, left + 9, Math.max(yAt(frame, level), frame.top + 6.5));
  for (const strike of log.waterStrikes)
    if (spotAt(strike).page === page) strikeMark(c, left + 15, Math.max(yAt(frame, strike), frame.top + 3.5));
  if (log.screen) {
    const top = Math.max(log.screen.top, frame.start);
    const base = Math.min(log.screen.base, frame.end);
    if (base > top) {
      const [y0, y1] = [yAt(frame, top), yAt(frame, base)];
      c.save();
      c.lineWidth = 0.4;
      c.strokeRect(left + 1.5, y0, 3, y1 - y0);
      c.beginPath();
      for (let y = y0 + 1.5; y < y1; y += 2) {
        c.moveTo(left + 1.5, y);
        c.lineTo(left + 4.5, y);
      }
      c.stroke();
      c.restore();
    }
  }
}

/** The observations of the water, one row each, for the table at the foot of the last page. */
function waterRows(log: BoreholeLog): string[][] {
  const elevation = (depth: number) => (log.groundLevel === null ? '—' : decimals(log.groundLevel - depth, 2));
  const hour = (seed: string, from: number, span: number) => {
    const minutes = from * 60 + stable(seed, span * 12) * 5;
    return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
  };
  const drilled = log.date?.slice(0, 10) ?? null;
  const finished = log.endDate?.slice(0, 10) ?? drilled;
  const rows = [
    ...[...log.waterStrikes]
      .sort((a, b) => a - b)
      .map((depth) => [
        drilled ?? '—',
        drilled ? hour(`${log.id}/${depth}`, 8, 7) : '—',
        decimals(depth, 2),
        elevation(depth),
        'Venue d’eau en cours de forage',
      ]),
    ...[...log.standingLevels]
      .sort((a, b) => a - b)
      .map((depth, i) => [
        finished ? dayAfter(finished, i + 1) : '—',
        finished ? hour(`${log.id}:${depth}`, 7, 3) : '—',
        decimals(depth, 2),
        elevation(depth),
        log.screen ? 'Niveau stabilisé (puits d’observation)' : 'Niveau stabilisé dans le forage',
      ]),
  ];
  return rows.length ? rows : [['—', '—', '—', '—', 'Aucune eau observée; forage sec']];
}

/** Notes at the foot of every page: what the columns' signs mean, and the well. */
function notes(log: BoreholeLog): (string | { steady: string; strike: string })[] {
  const list: (string | { steady: string; strike: string })[] = [
    log.groundLevel === null
      ? 'Profondeurs mesurées à partir de la surface du terrain; élévation du terrain non levée.'
      : 'Profondeurs mesurées à partir de la surface du terrain; élévations géodésiques entre parenthèses.',
    'Échantillons — CF : cuillère fendue; TM : tube à paroi mince; CR : carottier.',
    'N : coups requis pour enfoncer la cuillère de 300\u00a0mm (marteau de 63,5\u00a0kg tombant de 760\u00a0mm).',
    { steady: 'niveau d’eau stabilisé;', strike: 'venue d’eau en cours de forage.' },
  ];
  if (log.screen)
    list.push(`Puits d’observation installé, crépine de ${metres(log.screen.top)} à ${metres(log.screen.base)}.`);
  return list;
}

function footer(c: SKRSContext2D, log: BoreholeLog, page: number, pages: number) {
  const top = BODY_BOTTOM + 18;
  const last = page === pages - 1;
  if (last) {
    sans.text(c, 'OBSERVATIONS DU NIVEAU D’EAU', LEFT, top, 'bold 7px');
    const widths = [54, 36, 40, 40, 150];
    const headers = ['Date', 'Heure', 'Prof. (m)', 'Élév. (m)', 'Observation'];
    const rows = waterRows(log);
    const tableTop = top + 4;
    const room = 760 - tableTop - 11;
    const step = Math.min(10, room / rows.length);
    const xs = widths.reduce<number[]>((list, width) => [...list, list.at(-1)! + width], [LEFT]);
    const bottom = tableTop + 11 + rows.length * step;
    c.save();
    c.fillStyle = '#e4e4e4';
    c.fillRect(LEFT, tableTop, xs.at(-1)! - LEFT, 11);
    c.restore();
    headers.forEach((header, i) => sans.centred(c, header, [xs[i]!, xs[i + 1]!], tableTop + 8, 'bold 6.5px'));
    rows.forEach((row, r) =>
      row.forEach((cell, i) => {
        const y = tableTop + 11 + (r + 1) * step - 2.6;
        if (i === 4) sans.text(c, cell, xs[i]! + 3, y, `${sizeToFit(cell, widths[i]! - 6, 7)}px`);
        else sans.centred(c, cell, [xs[i]!, xs[i + 1]!], y, '7px');
      }),
    );
    c.save();
    c.lineWidth = 0.4;
    c.beginPath();
    for (let r = 0; r <= rows.length; r++) {
      c.moveTo(LEFT, tableTop + 11 + r * step);
      c.lineTo(xs.at(-1)!, tableTop + 11 + r * step);
    }
    for (const x of xs.slice(1, -1)) {
      c.moveTo(x, tableTop);
      c.lineTo(x, bottom);
    }
    c.stroke();
    c.lineWidth = 0.8;
    c.strokeRect(LEFT, tableTop, xs.at(-1)! - LEFT, bottom - tableTop);
    c.restore();
  } else sans.text(c, 'Suite du profil à la feuille suivante.', LEFT, top, 'italic 7.5px');

  // The notes, at the right.
  const x0 = 364;
  sans.text(c, 'NOTES', x0, top, 'bold 7px');
  let y = top + 10;
  const size = '6.6px';
  for (const [i, note] of notes(log).entries()) {
    if (typeof note !== 'string') y += 1.5;
    sans.text(c, `${i + 1}.`, x0, y, size);
    const indent = x0 + 9;
    if (typeof note === 'string') {
      for (const text of wrapLine(note, RIGHT - indent, size)) {
        sans.text(c, text, indent, y, size);
        y += 8.2;
      }
    } else {
      steadyMark(c, indent + 3, y - 2.2, 0.8);
      sans.text(c, note.steady, indent + 9, y, size);
      const x = indent + 13 + widthOf(note.steady, size);
      strikeMark(c, x, y - 2.3, 0.8);
      sans.text(c, note.strike, x + 8, y, size);
      y += 9.5;
    }
  }

  // Signatures and the sheet's number.
  const base = 777;
  const signature = (label: string, x: number) => {
    sans.text(c, label, x, base, '7px');
    const from = x + widthOf(label, '7px') + 4;
    line(c, from, base + 1, from + 90, base + 1, 0.5);
  };
  signature('Préparé par :', LEFT);
  signature('Vérifié par :', LEFT + 160);
  rightAligned(c, `Feuille ${page + 1} de ${pages}`, RIGHT, base, 'bold 7px');
}

/** `text` cut into lines of at most `width` at `style`. */
function wrapLine(text: string, width: number, style: string, family = SANS) {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (current && widthOf(next, style, family) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

function sondageLog(log: BoreholeLog, sheets: Sheets) {
  const placed = placeDescriptions(log);
  const limits = placeLimits(log);
  const pages = Math.max(placed.pages, ...limits.map((limit) => limit.at.page + 1));
  for (let page = 0; page < pages; page++) {
    const c = sheets.page();
    const frame = frameOf(page);
    if (page === 0) firstHeader(c, log, pages);
    else shortHeader(c, log, page, pages);

    for (const layer of log.layers) {
      const top = Math.max(layer.top, frame.start);
      const base = Math.min(layer.base, frame.end);
      if (base > top)
        hatch(
          c,
          classifySoil(layer.description),
          COLUMNS.symbol[0],
          yAt(frame, top),
          COLUMNS.symbol[1],
          yAt(frame, base),
        );
    }
    boundaries(c, log, page, frame, placed, limits);
    plotGrid(c, frame, log.depth);
    headings(c, frame);
    depthScale(c, frame);
    limitLabels(c, log, page, limits);

    for (const { page: on, y, words } of placed.lines) {
      if (on !== page) continue;
      let x = COLUMNS.description[0] + 4;
      for (const run of runsOf(words)) {
        sans.text(c, run.text, x, y, runStyle(run.bold));
        x += widthOf(`${run.text} `, runStyle(run.bold));
      }
    }
    if (placed.endText.page === page) {
      const words = `Fin du forage à ${metres(log.depth)}`;
      if (placed.endText.over)
        rightAligned(c, words, COLUMNS.description[1] - GUTTER - 3, placed.endText.y, 'bold 7.5px');
      else sans.text(c, words, COLUMNS.description[0] + 4, placed.endText.y, 'bold 7.5px');
    }

    samples(c, log, page, frame);
    tests(c, log, page, frame);
    water(c, log, page, frame);
    footer(c, log, page, pages);
  }
}

/** The log drawn in the « sondage » layout, as page images at `dpi`. */
export const sondageLayoutPages = (log: BoreholeLog, dpi: number): Promise<PageImage[]> =>
  rasterPages(sondageLog, log, PAPER, dpi);

/** The log drawn in the « sondage » layout as a vector PDF, its text kept as text (a firm's export). */
export const sondageLayoutPdf = (log: BoreholeLog): Buffer => pdfPages(sondageLog, log, PAPER);
