// The fifteenth firm's log layout, written for a later session's measure and never tuned on: drawn
// by this script alone, by a helper that has not read the reader nor its notes, apart from the
// layouts it was built and tuned on — `npm run bench:ocr` measures it with the others, and nothing
// in the reader is changed to suit it.
//
// « roc »: a small Québec engineering firm's « RAPPORT DE FORAGE ET DE CAROTTAGE », kept as a
// SPREADSHEET (a workbook of one sheet per hole) and printed from it: Letter paper standing upright
// (8,5 × 11 in), everything in Liberation Sans, small (7 to 7,5 pt for the values), thin grey
// gridlines around every cell, the labels' cells shaded light grey; decimal commas and thousands
// parted by spaces (« 5 045 678,9 m »). There is NO depth scale: the log is a table of rows in
// depth order, each row as tall as its content needs (the sheet's rows fitted to their text), not
// as the depth it covers.
//
// Across the top, a block of merged cells: the firm's name, the title and « Forage : F-101 » on a
// first row, then four rows of label / value pairs, four pairs a row: « Client », « Projet »,
// « Endroit », « Forage n° »; « Date » (« 18 juillet 2019 », or « 2019-07-18 au 2019-07-20 » over
// several days), « Méthode », « Élévation du terrain » (« 34,66 m (géodésique) » or « non
// nivelé »), « Profondeur totale »; « Coordonnées » with « Est : 298 456,7 m », « Nord : 5 045
// 678,9 m » and « Système : MTM-8 NAD83 » each in its own cell (or « Lat. : 45,69087 » and
// « Long. : -73,56794 » in signed decimal degrees when only those are known); « Foreur »,
// « Inspecteur » (left blank, signed by hand), the position's source and the hole's other name.
// The pages after the first repeat a smaller block (the title row and one row: project, place,
// hole, date) and, on every page, the row of the columns' headings.
//
// The columns, left to right: « De (m) », « À (m) », « Élév. (m) » (the elevation of the row's
// top; blank when the ground was not levelled), « Éch. » (« CF-3 », a core run « CR-1 »), « Coups /
// 150 mm » (« 3-5-7-9 », a refusal « 12-50/100 » or « 50/75 » at the seating), « N » (the 2nd and
// 3rd increments; « Refus », « > 50 » when only that is known, « n.d. » when no count was kept),
// « Récup. (%) », « RQD (%) » (core runs only), « Description stratigraphique » and « Eau ».
// One row per sample, test or core run, at its top. The rule for the strata: a layer whose top is a
// row's top has its description in that row, under a bold first line giving its span (« 0,00 à
// 1,20 m »); any other layer gets a row of its own, its top and base in « De » and « À » (in
// bold) and its description beside them, no span written again. So each layer's top and base, and
// each test's depth, are written once. Water in the « Eau » cell of the last row at or above its
// depth: « ▼ 2,16 » for the level it stood at, « ▽ 1,80 (venue) » where it came in while
// drilling. The hole's end is a last bold row across the table, « Fin du forage à 12,34 m », or
// « Refus sur le roc à 12,34 m » when the last layer is rock. Rows are never cut across pages
// (one taller than a page goes on in a row under the headings of the next).
//
// At the foot of every page, two cells: « Observations de l'eau » (« Niveau d'eau mesuré le
// 2019-07-20 : 2,16 m. », « Venue d'eau en cours de forage : 1,80 m. », the well's screen) and
// « Abréviations » (CF, TM, CR, N, Récup., RQD, the water's signs); under them the sheet's printed
// footer: the workbook's name at the left, « Page 1 de 3 » in the middle.
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../api/digitise/raster.ts';
import type { DrillingMethod } from '../src/domain/borehole.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { layerSoil } from '../src/domain/soil.ts';
import { digitsOf, frenchDate, isoDay, numeral, pdfPages, rasterPages, type Sheets, wrapped } from './layout-pages.ts';

const fontFile = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(fontFile('LiberationSans-Regular.ttf'), 'Roc Sans');
GlobalFonts.registerFromPath(fontFile('LiberationSans-Bold.ttf'), 'Roc Sans');
// The sheet's font has the filled triangle but not the open one: the spreadsheet falls back on
// another font for it, as Excel does.
GlobalFonts.registerFromPath(fontFile('DejaVuSans.ttf'), 'Roc Symbol');
const SANS = 'Roc Sans';
const SYMBOL = 'Roc Symbol';

/** US Letter standing upright, in points. */
const PAPER = { width: 612, height: 792 };
const LEFT = 32;
const RIGHT = PAPER.width - 32;
const TOP = 30;

const GRID = '#a8a8a8';
const BORDER = '#404040';
const SHADE = '#e7e7e7';
const HEADING_SHADE = '#d9d9d9';
const INK = '#000';
const GREY = '#595959';

/** The columns, left to right, with their widths in points (the description takes what is left). */
const WIDTHS = {
  from: 32,
  to: 32,
  elevation: 36,
  sample: 30,
  blows: 50,
  n: 25,
  recovery: 28,
  rqd: 26,
  description: 0,
  water: 66,
} as const;
type Column = keyof typeof WIDTHS;
const COL = {} as Record<Column, { x0: number; x1: number }>;
{
  const taken = Object.values(WIDTHS).reduce<number>((sum, width) => sum + width, 0);
  let x = LEFT;
  for (const name of Object.keys(WIDTHS) as Column[]) {
    const width = WIDTHS[name] || RIGHT - LEFT - taken;
    COL[name] = { x0: x, x1: x + width };
    x += width;
  }
}

const VALUE_SIZE = 7.5;
const LEADING = 9;
const PAD = 3;
const FOOT_SIZE = 6.5;
const FOOT_LEADING = 8;

// ——— Writing ———

interface Ink {
  size?: number;
  bold?: boolean;
  italic?: boolean;
  family?: string;
  align?: 'left' | 'right' | 'centre';
  colour?: string;
}
const fontOf = ({ size = VALUE_SIZE, bold = false, italic = false, family = SANS }: Ink) =>
  `${italic ? 'italic ' : ''}${bold ? 'bold ' : ''}${size}px "${family}"`;

const measurer = createCanvas(4, 4).getContext('2d');
function widthOf(text: string, ink: Ink = {}) {
  measurer.font = fontOf(ink);
  return measurer.measureText(text).width;
}

function put(c: SKRSContext2D, text: string, x: number, y: number, ink: Ink = {}) {
  c.font = fontOf(ink);
  const width = c.measureText(text).width;
  const left = ink.align === 'right' ? x - width : ink.align === 'centre' ? x - width / 2 : x;
  c.fillStyle = ink.colour ?? INK;
  c.fillText(text, left, y);
  return width;
}

/** Text shrunk until it holds in `room` (the cell's « shrink to fit »), down to a floor. */
function fitted(text: string, room: number, ink: Ink, floor = 5): Ink {
  let size = ink.size ?? VALUE_SIZE;
  while (size > floor && widthOf(text, { ...ink, size }) > room) size -= 0.25;
  return { ...ink, size };
}

/** Words broken into lines `room` wide, as a cell wraps its text; a word too long is cut. */
const wrap = (text: string, room: number, ink: Ink) => wrapped(text, room, (part) => widthOf(part, ink));

function rule(c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, width = 0.4, colour = GRID) {
  c.save();
  c.strokeStyle = colour;
  c.lineWidth = width;
  c.beginPath();
  c.moveTo(x0, y0);
  c.lineTo(x1, y1);
  c.stroke();
  c.restore();
}

/** A cell: its fill, then its four thin grid lines. */
function cell(c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, fill = '') {
  c.save();
  if (fill) {
    c.fillStyle = fill;
    c.fillRect(x0, y0, x1 - x0, y1 - y0);
  }
  c.strokeStyle = GRID;
  c.lineWidth = 0.4;
  c.strokeRect(x0, y0, x1 - x0, y1 - y0);
  c.restore();
}

function outline(c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, width = 0.8) {
  c.save();
  c.strokeStyle = BORDER;
  c.lineWidth = width;
  c.strokeRect(x0, y0, x1 - x0, y1 - y0);
  c.restore();
}

/** The baseline that centres a line of type of `size` in a band from y0 to y1. */
const middle = (y0: number, y1: number, size: number) => (y0 + y1) / 2 + size * 0.35;

// ——— The firm's ways of writing ———

const m2 = (value: number) => numeral(value, 2);

function drillingDays(log: BoreholeLog): { label: string; value: string } {
  const first = isoDay(log.date) ?? isoDay(log.endDate);
  const last = isoDay(log.endDate) ?? first;
  if (!first) return { label: 'Date', value: 'non consignée' };
  if (last && last !== first) return { label: 'Dates', value: `${first} au ${last}` };
  return { label: 'Date', value: frenchDate(first) };
}
const measuredOn = (log: BoreholeLog) => isoDay(log.endDate) ?? isoDay(log.date);

const METHOD_WORDS: Record<DrillingMethod, string> = {
  hollow_stem_auger: 'Tarière évidée',
  rotary: 'Rotatif, tubage NW',
  coring: 'Carottage NQ',
  sonic: 'Sonique',
};
function methodWords(log: BoreholeLog) {
  if (log.holeType) return log.holeType.label ? `${log.holeType.label} (${log.holeType.code})` : log.holeType.code;
  return log.method ? METHOD_WORDS[log.method] : '—';
}

const POSITION: Record<string, string> = {
  surveyed: 'Levé arpenteur',
  approximate: 'Approximative',
  converted: 'Convertie',
  unknown: 'Inconnue',
};

/** The coordinates as the sheet gives them: two cells of values and one of the system. */
function placeOf(log: BoreholeLog): [string, string, string] {
  const degrees = (value: number) => numeral(value, digitsOf(value, 5, 7));
  const geographic = (lat: number, lon: number, system: string): [string, string, string] => [
    `Lat. : ${degrees(lat)}`,
    `Long. : ${degrees(lon)}`,
    `Système : ${system} (degrés déc.)`,
  ];
  if (log.original) {
    const { crs, x, y } = log.original;
    const code = Number(crs.replace(/^EPSG:/i, ''));
    const metres = (value: number) => `${numeral(value, digitsOf(value, 1, 3))} m`;
    const projected = (system: string): [string, string, string] => [
      `Est : ${metres(x)}`,
      `Nord : ${metres(y)}`,
      `Système : ${system}`,
    ];
    if (code >= 32181 && code <= 32190) return projected(`MTM-${code - 32180} NAD83`);
    if (code >= 2945 && code <= 2952) return projected(`MTM-${code - 2942} NAD83 (SCRS)`);
    if (code >= 26917 && code <= 26922) return projected(`UTM-${code - 26900} NAD83`);
    if (code >= 2958 && code <= 2962) return projected(`UTM-${code - 2941} NAD83 (SCRS)`);
    if (code === 32198) return projected('Lambert Québec NAD83');
    if (code === 4326) return geographic(y, x, 'WGS84');
    if (code === 4269) return geographic(y, x, 'NAD83');
    if (code === 4617) return geographic(y, x, 'NAD83 (SCRS)');
    return projected(crs);
  }
  if (log.lat !== null && log.lon !== null) return geographic(log.lat, log.lon, 'NAD83');
  return ['Est : —', 'Nord : —', 'Système : non levées'];
}

type Test = BoreholeLog['spt'][number];
/** A test as the sheet writes it: the blows of each 150 mm, and N (the 2nd and 3rd). */
function blowsOf(test: Test): { blows: string; n: string } {
  if (test.refusal) {
    const { blows, mm, seating } = test.refusal;
    if (mm === null) return { blows: '—', n: `> ${blows}` };
    const stop = `${blows}/${Math.round(mm)}`;
    if (seating) return { blows: stop, n: 'Refus' };
    return { blows: `${8 + (blows % 9)}-${stop}`, n: 'Refus' };
  }
  if (test.n === null) return { blows: '—', n: 'n.d.' };
  const n = test.n;
  if (!Number.isInteger(n)) return { blows: '—', n: numeral(n, 1) };
  const second = Math.floor(n / 2);
  const third = n - second;
  const first = n === 0 ? 0 : Math.max(1, Math.round(second * 0.7) - (n % 2));
  const fourth = n === 0 ? 0 : third + 1 + (n % 4);
  return { blows: `${first}-${second}-${third}-${fourth}`, n: String(n) };
}

/** A small deterministic number from a text: the recoveries are the same at each drawing. */
function hashOf(text: string) {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619) >>> 0;
  return h;
}

const rockLike = (layer: BoreholeLog['layers'][number]) => {
  const soil = layerSoil(layer);
  return soil === 'bedrock' || soil === 'fractured_bedrock';
};

// ——— The rows ———

type Layer = BoreholeLog['layers'][number];
interface Row {
  top: number;
  base: number | null;
  /** A row of a layer alone: its top and base in bold, its description beside them. */
  own: Layer | null;
  /** A layer whose top is this sample's, its span over its description. */
  shared: Layer | null;
  label: string;
  blows: string;
  n: string;
  recovery: string;
  rqd: string;
  water: { depth: number; strike: boolean }[];
}
/** A row as it is drawn: the lines of its description and of its water cell, its height. */
interface Laid {
  row: Row;
  head: string;
  lines: string[];
  water: { sign: string; text: string }[];
  /** When a row is cut across pages, the share of its description on this page. */
  from: number;
  to: number;
  height: number;
}

const DESC_INK: Ink = { size: VALUE_SIZE };
const HEAD_INK: Ink = { size: VALUE_SIZE, bold: true };
const near = (a: number, b: number) => Math.abs(a - b) < 0.005;
const blank = (top: number, base: number | null): Row => ({
  top,
  base,
  own: null,
  shared: null,
  label: '',
  blows: '',
  n: '',
  recovery: '',
  rqd: '',
  water: [],
});

function rowsOf(log: BoreholeLog): Row[] {
  const rows: Row[] = [];
  const salt = hashOf(log.id);
  for (const sample of [...log.samples].sort((a, b) => a.top - b.top)) {
    const row = blank(sample.top, sample.base);
    const type = sample.type.trim().toUpperCase() || 'CF';
    row.label = sample.ref.toUpperCase().startsWith(`${type}-`) ? sample.ref : `${type}-${sample.ref}`;
    const h = hashOf(`${salt}:${row.label}`);
    row.recovery = String(type === 'CF' || type === 'TM' ? 40 + (h % 61) : 85 + (h % 16));
    rows.push(row);
  }
  for (const test of [...log.spt].sort((a, b) => a.top - b.top)) {
    let row = rows.find((each) => near(each.top, test.top) && !each.blows && !each.n && !each.rqd);
    if (!row) {
      row = blank(test.top, null);
      rows.push(row);
    }
    const { blows, n } = blowsOf(test);
    row.blows = blows;
    row.n = n;
  }
  [...log.cores]
    .sort((a, b) => a.top - b.top)
    .forEach((core, i) => {
      let row = rows.find(
        (each) => near(each.top, core.top) && !each.blows && !each.n && /^(C|CR|CAR|NQ|HQ|BQ|PQ)-/.test(each.label),
      );
      if (!row) {
        row = blank(core.top, core.base);
        row.label = `CR-${i + 1}`;
        rows.push(row);
      }
      if (row.base === null) row.base = core.base;
      const h = hashOf(`${salt}:core:${i}`);
      const rqd = core.rqd === null ? null : Math.round(core.rqd);
      row.rqd = rqd === null ? 'n.m.' : String(rqd);
      row.recovery = String(Math.min(100, Math.max(rqd ?? 0, 80) + (h % 21)));
    });
  rows.sort((a, b) => a.top - b.top || (a.base ?? a.top) - (b.base ?? b.top));

  // The layers: in the row that starts at their top, or in their own row.
  for (const layer of [...log.layers].sort((a, b) => a.top - b.top)) {
    const row = rows.find((each) => !each.own && !each.shared && near(each.top, layer.top));
    if (row) row.shared = layer;
    else {
      const own = blank(layer.top, layer.base);
      own.own = layer;
      const at = rows.findIndex((each) => each.top > layer.top + 0.005);
      rows.splice(at < 0 ? rows.length : at, 0, own);
    }
  }

  // The water, in the last row at or above its depth.
  const waters = [
    ...log.waterStrikes.map((depth) => ({ depth, strike: true })),
    ...log.standingLevels.map((depth) => ({ depth, strike: false })),
  ].sort((a, b) => a.depth - b.depth);
  for (const water of waters) {
    if (rows.length === 0) rows.push(blank(0, null));
    let at = 0;
    rows.forEach((each, i) => {
      if (each.top <= water.depth + 0.005) at = i;
    });
    rows[at]!.water.push(water);
  }
  return rows;
}

function lay(row: Row): Laid {
  const room = COL.description.x1 - COL.description.x0 - 2 * PAD;
  const layer = row.own ?? row.shared;
  const head = row.shared ? `${m2(row.shared.top)} à ${m2(row.shared.base)} m` : '';
  const lines = layer ? wrap(layer.description, room, DESC_INK) : [];
  const waterRoom = COL.water.x1 - COL.water.x0 - 2 * PAD - 9;
  const water = row.water.flatMap(({ depth, strike }) =>
    wrap(strike ? `${m2(depth)} (venue)` : m2(depth), waterRoom, DESC_INK).map((text, i) => ({
      sign: i === 0 ? (strike ? '▽' : '▼') : '',
      text,
    })),
  );
  const count = Math.max(1, lines.length + (head ? 1 : 0), water.length);
  return { row, head, lines, water, from: 0, to: lines.length, height: count * LEADING + 2 * PAD };
}

// ——— The pages ———

interface Notes {
  water: string[];
  legend: string[];
  height: number;
}
const FOOT_SPLIT = LEFT + 232;

function notesOf(log: BoreholeLog): Notes {
  const said: string[] = [];
  for (const depth of log.waterStrikes) said.push(`Venue d'eau en cours de forage : ${m2(depth)} m.`);
  const day = measuredOn(log);
  for (const depth of log.standingLevels) said.push(`Niveau d'eau mesuré${day ? ` le ${day}` : ''} : ${m2(depth)} m.`);
  if (said.length === 0) said.push("Aucune venue d'eau observée ; aucun niveau d'eau mesuré.");
  if (log.screen) said.push(`Piézomètre : crépine de ${m2(log.screen.top)} à ${m2(log.screen.base)} m.`);
  const ink: Ink = { size: FOOT_SIZE };
  const water = said.flatMap((text) => wrap(text, FOOT_SPLIT - LEFT - 8, ink));
  const legend = [
    'CF : cuillère fendue ; TM : tube à paroi mince ; CR : carottier (calibre NQ).',
    'N : indice de pénétration standard, coups pour 300 mm (2e + 3e tranches de 150 mm).',
    '12-50/100 : 50 coups pour 100 mm de pénétration (refus) ; n.d. : non déterminé.',
    'Récup. : récupération ; RQD : indice de qualité du roc (Rock Quality Designation).',
    "▼ : niveau d'eau mesuré ; ▽ : venue d'eau en cours de forage. Profondeurs sous le terrain.",
  ].flatMap((text) => wrap(text, RIGHT - FOOT_SPLIT - 8, ink));
  const height = 13 + Math.max(water.length, legend.length) * FOOT_LEADING + 3;
  return { water, legend, height };
}

const FIRST_HEADER = { title: 22, row: 13, rows: 4 };
const NEXT_HEADER = { title: 16, row: 12, rows: 1 };
const HEADINGS_H = 24;
const GAP = 6;
const headerBottom = (page: number) => {
  const header = page === 0 ? FIRST_HEADER : NEXT_HEADER;
  return TOP + header.title + header.rows * header.row;
};
const bodyTop = (page: number) => headerBottom(page) + GAP + HEADINGS_H;
const PAGE_FOOT = PAPER.height - 22;
const END_H = 15;

interface Plan {
  pages: Laid[][];
  /** The page the hole's end is on, and its top there. */
  end: { page: number; y: number };
  notes: Notes;
}

function plan(log: BoreholeLog): Plan {
  const notes = notesOf(log);
  const bodyBottom = PAGE_FOOT - 10 - notes.height - GAP;
  const pages: Laid[][] = [[]];
  let y = bodyTop(0);
  const nextPage = () => {
    pages.push([]);
    y = bodyTop(pages.length - 1);
  };
  for (const row of rowsOf(log)) {
    const laid = lay(row);
    if (y + laid.height > bodyBottom && pages.at(-1)!.length > 0) {
      const full = bodyBottom - bodyTop(pages.length);
      if (laid.height <= full) nextPage();
    }
    // A row taller than what is left of an empty page: its description goes on in the next.
    let rest = laid;
    while (y + rest.height > bodyBottom) {
      const room = Math.floor((bodyBottom - y - 2 * PAD) / LEADING) - (rest.head ? 1 : 0);
      if (room < 1 && pages.at(-1)!.length > 0) {
        nextPage();
        continue;
      }
      const cut = rest.from + Math.max(1, room);
      // Only its water cell runs over: the row is left whole, as the sheet would print it.
      if (cut >= rest.to) break;
      pages.at(-1)!.push({ ...rest, to: cut, height: (cut - rest.from + (rest.head ? 1 : 0)) * LEADING + 2 * PAD });
      nextPage();
      const left = rest.to - cut;
      rest = {
        ...rest,
        row: { ...blank(rest.row.top, null), own: rest.row.own ?? rest.row.shared },
        head: '',
        water: [],
        from: cut,
        height: left * LEADING + 2 * PAD,
      };
    }
    pages.at(-1)!.push(rest);
    y += rest.height;
  }
  if (y + END_H > bodyBottom) nextPage();
  return { pages, end: { page: pages.length - 1, y }, notes };
}

// ——— The header block ———

interface Pair {
  label: string;
  value: string;
  /** Widths of the label and the value cells. */
  widths: [number, number];
}
const pair = (label: string, value: string, labelWidth: number, valueWidth: number): Pair => ({
  label,
  value,
  widths: [labelWidth, valueWidth],
});

function titleRow(c: SKRSContext2D, log: BoreholeLog, y0: number, height: number, small: boolean) {
  cell(c, LEFT, y0, RIGHT, y0 + height);
  const base = middle(y0, y0 + height, small ? 8 : 10);
  put(c, log.organisation, LEFT + 4, base, fitted(log.organisation, 150, { size: small ? 7.5 : 9, bold: true }));
  const title = small ? 'RAPPORT DE FORAGE ET DE CAROTTAGE (suite)' : 'RAPPORT DE FORAGE ET DE CAROTTAGE';
  put(c, title, (LEFT + RIGHT) / 2 + 10, base, { size: small ? 8 : 11, bold: true, align: 'centre' });
  const hole = `Forage : ${log.id}`;
  put(c, hole, RIGHT - 4, base, { ...fitted(hole, 110, { size: small ? 8 : 10, bold: true }), align: 'right' });
}

function pairsRow(c: SKRSContext2D, pairs: Pair[], y0: number, height: number) {
  let x = LEFT;
  for (const { label, value, widths } of pairs) {
    const [lw, vw] = widths;
    if (lw > 0) {
      cell(c, x, y0, x + lw, y0 + height, SHADE);
      put(c, label, x + 3, middle(y0, y0 + height, 6.8), fitted(label, lw - 5, { size: 6.8, bold: true }));
    }
    cell(c, x + lw, y0, x + lw + vw, y0 + height);
    if (value)
      put(c, value, x + lw + 3, middle(y0, y0 + height, VALUE_SIZE), fitted(value, vw - 6, { size: VALUE_SIZE }));
    x += lw + vw;
  }
}

function header(c: SKRSContext2D, log: BoreholeLog, page: number) {
  const days = drillingDays(log);
  if (page === 0) {
    const { title, row, rows } = FIRST_HEADER;
    titleRow(c, log, TOP, title, false);
    const place = placeOf(log);
    // The sheet's columns under the block: eight, a label's then a value's, four times.
    const [g1, g2, g3, g4, g5, g6, g7, g8] = [48, 96, 40, 112, 70, 80, 62, 40];
    const lines: Pair[][] = [
      [
        pair('Client', '—', g1, g2),
        pair('Projet', log.project || '—', g3, g4),
        pair('Endroit', log.site || '—', g5, g6),
        pair('Forage n°', log.id, g7, g8),
      ],
      [
        pair(days.label, days.value, g1, g2),
        pair('Méthode', methodWords(log), g3, g4),
        pair(
          'Élévation du terrain',
          log.groundLevel === null ? 'non nivelé' : `${m2(log.groundLevel)} m (géodésique)`,
          g5,
          g6,
        ),
        pair('Profondeur totale', `${m2(log.depth)} m`, g7, g8),
      ],
      [pair('Coordonnées', place[0], g1, g2), pair('', place[1], 0, g3 + g4), pair('', place[2], 0, g5 + g6 + g7 + g8)],
      [
        pair('Foreur', '', g1, g2),
        pair('Inspecteur', '', g3, g4),
        pair('Position', POSITION[log.locationConfidence] ?? log.locationConfidence, g5, g6),
        pair('Autre n°', log.locaId && log.locaId !== log.id ? log.locaId : '—', g7, g8),
      ],
    ];
    lines.forEach((pairs, i) => pairsRow(c, pairs, TOP + title + i * row, row));
    outline(c, LEFT, TOP, RIGHT, TOP + title + rows * row);
    return;
  }
  const { title, row } = NEXT_HEADER;
  titleRow(c, log, TOP, title, true);
  pairsRow(
    c,
    [
      pair('Projet', log.project || '—', 40, 170),
      pair('Endroit', log.site || '—', 36, 54),
      pair('Forage n°', log.id, 44, 60),
      pair(days.label, days.value, 34, 110),
    ],
    TOP + title,
    row,
  );
  outline(c, LEFT, TOP, RIGHT, TOP + title + row);
}

const HEADINGS: Record<Column, string[]> = {
  from: ['De', '(m)'],
  to: ['À', '(m)'],
  elevation: ['Élév.', '(m)'],
  sample: ['Éch.'],
  blows: ['Coups /', '150 mm'],
  n: ['N'],
  recovery: ['Récup.', '(%)'],
  rqd: ['RQD', '(%)'],
  description: ['Description stratigraphique'],
  water: ['Eau', '(m)'],
};

function headings(c: SKRSContext2D, page: number) {
  const y0 = headerBottom(page) + GAP;
  const y1 = y0 + HEADINGS_H;
  for (const name of Object.keys(COL) as Column[]) {
    const { x0, x1 } = COL[name];
    cell(c, x0, y0, x1, y1, HEADING_SHADE);
    const words = HEADINGS[name];
    const centre = (y0 + y1) / 2 + 2.4;
    words.forEach((word, i) =>
      put(c, word, (x0 + x1) / 2, centre + (i - (words.length - 1) / 2) * 8.2, {
        size: 7,
        bold: true,
        align: 'centre',
      }),
    );
  }
  outline(c, LEFT, y0, RIGHT, y1);
}

// ——— The table's rows ———

function drawRow(c: SKRSContext2D, log: BoreholeLog, laid: Laid, y0: number) {
  const y1 = y0 + laid.height;
  const { row } = laid;
  for (const name of Object.keys(COL) as Column[]) cell(c, COL[name].x0, y0, COL[name].x1, y1);
  const centred = middle(y0, y1, VALUE_SIZE);
  const continued = laid.from > 0;
  const bold = row.own !== null;
  const right = (name: Column, text: string, ink: Ink = {}) =>
    text && put(c, text, COL[name].x1 - PAD, centred, { ...ink, align: 'right' });
  const centre = (name: Column, text: string, ink: Ink = {}) =>
    text &&
    put(c, text, (COL[name].x0 + COL[name].x1) / 2, centred, {
      ...fitted(text, COL[name].x1 - COL[name].x0 - 3, { size: VALUE_SIZE, ...ink }),
      align: 'centre',
    });
  if (!continued) {
    right('from', m2(row.top), { bold });
    if (row.base !== null) right('to', m2(row.base), { bold });
    if (log.groundLevel !== null) right('elevation', m2(log.groundLevel - row.top), { colour: bold ? INK : GREY });
    centre('sample', row.label);
    centre('blows', row.blows);
    centre('n', row.n, { bold: true });
    centre('recovery', row.recovery);
    centre('rqd', row.rqd);
  }
  // The description, from the top of its cell.
  let y = y0 + PAD + 6.6;
  const x = COL.description.x0 + PAD;
  if (laid.head) {
    put(c, laid.head, x, y, HEAD_INK);
    y += LEADING;
  }
  for (const text of laid.lines.slice(laid.from, laid.to)) {
    put(c, text, x, y, DESC_INK);
    y += LEADING;
  }
  // The water, from the top of its cell, each sign before its depth.
  let w = y0 + PAD + 6.6;
  for (const { sign, text } of laid.water) {
    if (sign) put(c, sign, COL.water.x0 + PAD, w, { size: 7, family: sign === '▽' ? SYMBOL : SANS });
    put(c, text, COL.water.x0 + PAD + 9, w, DESC_INK);
    w += LEADING;
  }
}

function endRow(c: SKRSContext2D, log: BoreholeLog, y0: number) {
  const layers = [...log.layers].sort((a, b) => a.top - b.top);
  const last = layers.at(-1);
  const text = last && rockLike(last) ? `Refus sur le roc à ${m2(log.depth)} m` : `Fin du forage à ${m2(log.depth)} m`;
  cell(c, LEFT, y0, RIGHT, y0 + END_H, '#f2f2f2');
  put(c, text, COL.description.x0 + PAD, middle(y0, y0 + END_H, 8), { size: 8, bold: true });
  rule(c, LEFT, y0 + END_H, RIGHT, y0 + END_H, 0.9, BORDER);
  return y0 + END_H;
}

/** Empty rows of the sheet down to the foot, as the printed range shows them. */
function emptyRows(c: SKRSContext2D, from: number, to: number) {
  const height = 12.75;
  for (let y = from; y + height <= to; y += height)
    for (const name of Object.keys(COL) as Column[]) cell(c, COL[name].x0, y, COL[name].x1, y + height);
}

// ——— The foot ———

function foot(c: SKRSContext2D, log: BoreholeLog, notes: Notes, page: number, pages: number) {
  const y1 = PAGE_FOOT - 10;
  const y0 = y1 - notes.height;
  cell(c, LEFT, y0, FOOT_SPLIT, y0 + 11, SHADE);
  cell(c, FOOT_SPLIT, y0, RIGHT, y0 + 11, SHADE);
  cell(c, LEFT, y0 + 11, FOOT_SPLIT, y1);
  cell(c, FOOT_SPLIT, y0 + 11, RIGHT, y1);
  put(c, "Observations de l'eau", LEFT + 3, y0 + 8, { size: 6.8, bold: true });
  put(c, 'Abréviations', FOOT_SPLIT + 3, y0 + 8, { size: 6.8, bold: true });
  notes.water.forEach((text, i) => put(c, text, LEFT + 4, y0 + 11 + 8 + i * FOOT_LEADING, { size: FOOT_SIZE }));
  notes.legend.forEach((text, i) => {
    const y = y0 + 11 + 8 + i * FOOT_LEADING;
    // The open triangle is not in the sheet's font: it falls back on another.
    let x = FOOT_SPLIT + 4;
    for (const part of text.split(/(▽)/)) {
      if (!part) continue;
      x += put(c, part, x, y, { size: FOOT_SIZE, family: part === '▽' ? SYMBOL : SANS });
    }
  });
  outline(c, LEFT, y0, RIGHT, y1);
  // The sheet's printed footer.
  const book = `RF_${log.id.replace(/[^\w-]+/g, '_')}.xlsx`;
  put(c, book, LEFT, PAGE_FOOT, { size: 6.5, colour: GREY });
  put(c, `Page ${page + 1} de ${pages}`, (LEFT + RIGHT) / 2, PAGE_FOOT, { size: 7.5, align: 'centre' });
}

// ——— The log ———

function rocLog(log: BoreholeLog, sheets: Sheets) {
  const planned = plan(log);
  const pages = planned.pages.length;
  const bodyBottom = PAGE_FOOT - 10 - planned.notes.height - GAP;
  planned.pages.forEach((rows, page) => {
    const c = sheets.page();
    header(c, log, page);
    headings(c, page);
    const top = bodyTop(page);
    let y = top;
    for (const laid of rows) {
      drawRow(c, log, laid, y);
      y += laid.height;
    }
    if (planned.end.page === page) {
      y = endRow(c, log, y);
      emptyRows(c, y, bodyBottom);
    }
    outline(c, LEFT, top, RIGHT, y);
    foot(c, log, planned.notes, page, pages);
  });
}

/** The log drawn in the « roc » layout as a vector PDF, its text kept as text (a sheet printed to PDF). */
export function rocLayoutPdf(log: BoreholeLog): Uint8Array {
  return pdfPages(rocLog, log, PAPER);
}

/** The log drawn in the « roc » layout, as page images at `dpi`. */
export async function rocLayoutPages(log: BoreholeLog, dpi: number): Promise<PageImage[]> {
  return await rasterPages(rocLog, log, PAPER, dpi);
}
