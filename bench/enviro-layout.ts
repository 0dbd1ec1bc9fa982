// A held-out log layout, written for a later measure of the log reader and never tuned on: drawn by
// this script alone, by a helper that has not read the reader nor its notes (only the « cote » layout,
// for the drawing pattern). Nothing in the reader was changed to suit it.
//
// « enviro »: an environmental consulting firm's « JOURNAL DE FORAGE ET D'INSTALLATION DE PUITS », the
// log written for a Phase II site assessment (the firm, « Enviro-Sol Laurentides inc. », is made up).
// A4 standing upright at 1:100, twenty metres of the hole on every page. Text in Liberation Sans, the
// headings in Liberation Sans Narrow Bold; decimal commas, thousands parted by spaces.
//
// The firm's name, the title, the project and the site at the top left; at the top right a boxed table
// of bilingual captions and values: « Forage / Hole ID », « Date » (« 28-JUL-2023 », or « 27-JUL-2023
// au 28-JUL-2023 »), « Coordonnées / Coordinates » (« MTM-8 NAD83 : E 298 456,7 / N 5 043 210,2 » or
// « 45,40118° N / 73,49904° O »), « Élévation / Elevation » (« 34,66 m » or « ND »), « Profondeur /
// Depth », « Méthode / Method ». The columns, left to right: « Prof. (m) », a depth scale ticked and
// labelled every 0,5 m, with ▼ where the water stood and ▽ where it came in (their depths in a small
// box beside); « Log », the soil's hatching; « USCS », a group symbol per layer; « Description », each
// layer's top in bold, an em dash, then its words, its base written small at the right end of its
// line; « PID (ppm) », made-up readings at each sample; « Éch. », the environmental samples (E-1,
// E-2…) and the split spoons (CF-3…); « Essais », « N = 12 » or « R (50/75 mm) »; « Puits », the well
// (riser, slotted screen, sand pack, bentonite seal) or the hole sealed with bentonite. At the foot:
// the water notes, the abbreviations, « Préparé par / Vérifié par » and « Page 1 / 1 ».
import { GlobalFonts, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../api/digitise/raster.ts';
import { methodText } from '../src/domain/ags/hole-types.ts';
import type { DrillingMethod } from '../src/domain/borehole.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import {
  classifySoil,
  layerSoil,
  SOIL_CLASSES,
  SOIL_PATTERN_PATHS,
  soilOfLegend,
  type SoilClass,
} from '../src/domain/soil.ts';
import { digitsOf, type Ink, isoDay, numeral, pdfPages, rasterPages, type Sheets, writer } from './layout-pages.ts';

const fontFile = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(fontFile('LiberationSans-Regular.ttf'), 'Enviro Sans');
GlobalFonts.registerFromPath(fontFile('LiberationSans-Bold.ttf'), 'Enviro Sans');
GlobalFonts.registerFromPath(fontFile('LiberationSansNarrow-Bold.ttf'), 'Enviro Narrow');
const SANS = 'Enviro Sans';
const NARROW = 'Enviro Narrow';

/** A4 standing upright, in points. */
const PAPER = { width: 595, height: 842 };
const LEFT = 28;
const RIGHT = PAPER.width - 28;
/** 1:100: a metre of the hole is a centimetre of paper; twenty metres on every page. */
const METRE = 72 / 2.54;
const METRES_PER_PAGE = 20;
const SPAN = METRES_PER_PAGE * METRE;

const HEADER_TOP = 26;
const ROW_H = 15;
const HEADER_BOTTOM = HEADER_TOP + 6 * ROW_H;
const HEAD_TOP = HEADER_BOTTOM + 8;
const BODY_TOP = HEAD_TOP + 24;
const BODY_BOTTOM = BODY_TOP + SPAN;
const FOOT_TOP = BODY_BOTTOM + 8;

const INK = '#111';
const GREY = '#555';

/** The columns, left to right, with their widths in points (the description takes what is left). */
const WIDTHS = { scale: 40, log: 42, uscs: 26, description: 0, pid: 32, sample: 34, test: 50, well: 46 } as const;
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
const centreOf = (name: Column) => (COL[name].x0 + COL[name].x1) / 2;

const TEXT_SIZE = 7;
const LEADING = 8.6;
/** How far a line of text reaches above and below its baseline. */
const ASC = 5.4;
const DESC = 1.8;
/** Room kept at the right end of the description column for each layer's base. */
const BASE_ROOM = 26;

// ——— Writing ———

const { widthOf, put, fitted } = writer({ family: SANS, size: TEXT_SIZE, colour: INK });

/** Words broken into lines: the first `first` wide, the others `room` wide; a word too long is cut. */
function wrap(text: string, first: number, room: number, ink: Ink): string[] {
  const out: string[] = [];
  const roomOf = () => (out.length === 0 ? first : room);
  let line = '';
  for (let word of text.split(/\s+/).filter(Boolean)) {
    while (!line && widthOf(word, ink) > roomOf() && word.length > 1) {
      let cut = word.length - 1;
      while (cut > 1 && widthOf(word.slice(0, cut), ink) > roomOf()) cut--;
      out.push(word.slice(0, cut));
      word = word.slice(cut);
    }
    const tried = line ? `${line} ${word}` : word;
    if (line && widthOf(tried, ink) > roomOf()) {
      out.push(line);
      line = word;
    } else line = tried;
  }
  if (line || out.length === 0) out.push(line);
  return out;
}

function line(c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, width = 0.5, colour = INK) {
  c.save();
  c.strokeStyle = colour;
  c.lineWidth = width;
  c.beginPath();
  c.moveTo(x0, y0);
  c.lineTo(x1, y1);
  c.stroke();
  c.restore();
}

function box(c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, width = 0.6, fill = '') {
  c.save();
  if (fill) {
    c.fillStyle = fill;
    c.fillRect(x0, y0, x1 - x0, y1 - y0);
  }
  c.strokeStyle = INK;
  c.lineWidth = width;
  c.strokeRect(x0, y0, x1 - x0, y1 - y0);
  c.restore();
}

/** A water sign, its tip on the level: filled (▼) where the water stood, open (▽) where it came in. */
function waterSign(c: SKRSContext2D, x: number, y: number, filled: boolean) {
  c.save();
  c.strokeStyle = '#0b3d91';
  c.fillStyle = '#0b3d91';
  c.lineWidth = 0.8;
  c.beginPath();
  c.moveTo(x - 4, y - 6.5);
  c.lineTo(x + 4, y - 6.5);
  c.lineTo(x, y);
  c.closePath();
  if (filled) c.fill();
  c.stroke();
  c.restore();
}

// ——— The firm's ways of writing ———

const metres = (value: number) => numeral(value, 2);

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** A day as the firm's software writes it: « 28-JUL-2023 ». */
function dayText(iso: string) {
  const [year, month, day] = iso.split('-');
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
}

function drillingDays(log: BoreholeLog): string {
  const first = isoDay(log.date) ?? isoDay(log.endDate);
  const last = isoDay(log.endDate) ?? first;
  if (!first) return 'ND';
  if (last && last !== first) return `${dayText(first)} au ${dayText(last)}`;
  return dayText(first);
}
/** The day the water was read: the last day of drilling. */
function readingDay(log: BoreholeLog): string | null {
  const day = isoDay(log.endDate) ?? isoDay(log.date);
  return day ? dayText(day) : null;
}

const METHOD_WORDS: Record<DrillingMethod, string> = {
  hollow_stem_auger: 'Tarière à tiges creuses / HSA',
  rotary: 'Forage rotatif / Rotary',
  coring: 'Carottage / Diamond coring',
  sonic: 'Sonique / Sonic',
};
const methodWords = (log: BoreholeLog) =>
  log.holeType ? methodText(log.method, log.holeType) : log.method ? METHOD_WORDS[log.method] : 'ND';

const degrees = (value: number) => numeral(Math.abs(value), digitsOf(Math.abs(value), 5, 7));
const latLon = (lat: number, lon: number) =>
  `${degrees(lat)}° ${lat < 0 ? 'S' : 'N'} / ${degrees(lon)}° ${lon < 0 ? 'O' : 'E'}`;

/** The coordinates as the log holds them: MTM eastings and northings, or latitude and longitude. */
function coordinates(log: BoreholeLog): string {
  if (log.original) {
    const { crs, x, y } = log.original;
    const code = Number(crs.replace(/^EPSG:/i, ''));
    const plane = `E ${numeral(x, digitsOf(x, 1, 3))} / N ${numeral(y, digitsOf(y, 1, 3))}`;
    if (code >= 32181 && code <= 32190) return `MTM-${code - 32180} NAD83 : ${plane}`;
    if (code >= 2945 && code <= 2952) return `MTM-${code - 2942} NAD83 (SCRS) : ${plane}`;
    if (code >= 26917 && code <= 26922) return `UTM-${code - 26900} NAD83 : ${plane}`;
    if (code === 4326 || code === 4269 || code === 4617) return latLon(y, x);
    return `${crs} : ${plane}`;
  }
  if (log.lat !== null && log.lon !== null) return latLon(log.lat, log.lon);
  return 'ND';
}

/** A small deterministic number from a text: the made-up values are the same at each drawing. */
function hashOf(text: string) {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619) >>> 0;
  return h;
}

type Layer = BoreholeLog['layers'][number];

/**
 * The soil the firm draws and classes a layer as: its legend code's, else its main word's (the first,
 * « Argile » in « Argile silteuse »), else the project's rule on all its words.
 */
function soilOf(layer: Layer): SoilClass {
  const main = layer.description.trim().split(/[\s,]+/)[0] ?? '';
  const byWord = classifySoil(main);
  const named = byWord !== 'fill' || /remblai|fill/i.test(main);
  return soilOfLegend(layer.legend) ?? (named ? byWord : layerSoil(layer));
}

/** The USCS group symbol the firm gives a layer, from its soil class and its words. */
function uscsOf(layer: Layer): string {
  const words = layer.description.toLocaleLowerCase('fr-CA');
  const has = (...keys: string[]) => keys.some((key) => words.includes(key));
  switch (soilOf(layer)) {
    case 'asphalt':
      return 'ASP';
    case 'fill':
      return has('gravier', 'pierre', 'concass') ? 'GW' : has('sable', 'silt') ? 'SM' : 'REM';
    case 'clay':
      if (has('silteuse')) return 'CL-ML';
      return has('très plastique') ? 'CH' : 'CL';
    case 'silt':
      return has('argileux') ? 'CL-ML' : 'ML';
    case 'sand':
      if (has('silteux')) return 'SM';
      return has('graveleux') ? 'SW' : 'SP';
    case 'gravel':
      return has('sableux') ? 'GW' : 'GP';
    case 'till':
      return has('sable silteux') ? 'SM' : 'GM';
    case 'bedrock':
    case 'fractured_bedrock':
      return 'ROC';
  }
}

/** A description as the firm writes it: the soil's first word in capitals. */
const described = (text: string) => text.trim().replace(/^[\p{L}]+/u, (word) => word.toLocaleUpperCase('fr-CA'));

type Test = BoreholeLog['spt'][number];
/** An SPT as the « Essais » column writes it: « N = 12 », a refusal « R (50/75 mm) ». */
function testText(test: Test): string {
  const { refusal, n } = test;
  if (refusal) return refusal.mm === null ? `R (> ${refusal.blows})` : `R (${refusal.blows}/${refusal.mm} mm)`;
  if (n === null) return 'N = —';
  return `N = ${Number.isInteger(n) ? String(n) : numeral(n, 1)}`;
}

interface Sample {
  top: number;
  base: number | null;
  label: string;
  environmental: boolean;
}
const rockLike = (layer: Layer) => ['bedrock', 'fractured_bedrock'].includes(soilOf(layer));

/** The log's own samples, with the firm's environmental grab samples (one near each soil layer's top). */
function samplesOf(log: BoreholeLog): Sample[] {
  const grabs = log.layers
    .filter((layer) => !rockLike(layer) && layer.top + 0.1 < log.depth)
    .map((layer) => ({ top: Number((layer.top + 0.1).toFixed(2)), base: null }))
    .map((grab, i) => ({ ...grab, label: `E-${i + 1}`, environmental: true }));
  const spoons = log.samples.map((sample) => ({
    top: sample.top,
    base: sample.base,
    label: `${sample.type}-${sample.ref}`,
    environmental: false,
  }));
  return [...grabs, ...spoons].sort((a, b) => a.top - b.top);
}

/** A made-up photo-ionisation reading (ppm), higher in fill than in the native soil. */
function pidOf(log: BoreholeLog, sample: Sample): string {
  const h = hashOf(`${log.id}:${sample.label}`);
  const layer = log.layers.find((each) => sample.top >= each.top && sample.top < each.base);
  const fill = layer ? soilOf(layer) === 'fill' : false;
  const tenths = fill ? h % 250 : h % 40;
  return numeral(tenths / 10, 1);
}

// ——— The strip: the hole as one long strip at 1:100, cut into pages of twenty metres ———

const strip = (depth: number) => depth * METRE;
const pageOfLine = (s: number) => Math.max(0, Math.floor((s - ASC) / SPAN + 1e-9));
/** A baseline moved to the top of the next page when its line would straddle a page's foot. */
function settle(s: number) {
  const page = pageOfLine(s);
  return s + DESC > (page + 1) * SPAN ? (page + 1) * SPAN + ASC + 2 : s;
}
const yOf = (s: number, page: number) => BODY_TOP + s - page * SPAN;

interface Written {
  s: number;
  parts: { text: string; bold?: boolean }[];
}
interface Row {
  s: number;
  text: string;
}

/** Rows of a column at their depths, each pushed down under the one above when they would touch. */
function rowsAt(items: { depth: number; text: string }[]): Row[] {
  const rows: Row[] = [];
  let last = -Infinity;
  for (const item of items) {
    const s = settle(Math.max(strip(item.depth) + ASC + 1.5, last + LEADING));
    rows.push({ s, text: item.text });
    last = s;
  }
  return rows;
}

interface Plan {
  lines: Written[];
  end: number;
  samples: Row[];
  pids: Row[];
  tests: Row[];
  pages: number;
}

/** Where every line of text falls on the strip, and how many pages the log takes. */
function plan(log: BoreholeLog): Plan {
  const room = COL.description.x1 - COL.description.x0 - 6 - BASE_ROOM;
  const lines: Written[] = [];
  let last = -Infinity;
  for (const layer of log.layers) {
    const head = `${metres(layer.top)} m — `;
    const headWidth = widthOf(head, { bold: true });
    const words = wrap(described(layer.description), room - headWidth, room, {});
    let s = Math.max(strip(layer.top) + ASC + 2, last + LEADING);
    words.forEach((text, i) => {
      s = settle(s);
      lines.push({ s, parts: i === 0 ? [{ text: head, bold: true }, { text }] : [{ text }] });
      last = s;
      s += LEADING;
    });
  }
  const end = settle(Math.max(strip(log.depth) + ASC + 3, last + LEADING));
  const samples = samplesOf(log);
  const sampleRows = rowsAt(samples.map((sample) => ({ depth: sample.top, text: sample.label })));
  const pids = rowsAt(samples.map((sample) => ({ depth: sample.top, text: pidOf(log, sample) })));
  const tests = rowsAt([...log.spt].sort((a, b) => a.top - b.top).map((t) => ({ depth: t.top, text: testText(t) })));
  const deepest = Math.max(end, ...[...sampleRows, ...tests].map((row) => row.s));
  return { lines, end, samples: sampleRows, pids, tests, pages: pageOfLine(deepest) + 1 };
}

// ——— The header ———

function firmBlock(c: SKRSContext2D, log: BoreholeLog, tableLeft: number) {
  const h = hashOf(`${log.project}:${log.site}`);
  const file = `ESL-${20 + (h % 6)}-${String((h >>> 5) % 1000).padStart(3, '0')}`;
  c.save();
  c.fillStyle = '#2e7d32';
  c.fillRect(LEFT, HEADER_TOP, 5, 30);
  c.restore();
  put(c, 'ENVIRO-SOL LAURENTIDES INC.', LEFT + 10, HEADER_TOP + 13, { family: NARROW, size: 15 });
  put(c, 'Services-conseils en environnement — Saint-Jérôme (Québec)', LEFT + 10, HEADER_TOP + 24, {
    size: 6.5,
    colour: GREY,
  });
  const room = tableLeft - LEFT - 10;
  put(
    c,
    'JOURNAL DE FORAGE ET',
    LEFT,
    HEADER_TOP + 46,
    fitted('JOURNAL DE FORAGE ET', room, { family: NARROW, size: 12 }),
  );
  put(c, "D'INSTALLATION DE PUITS", LEFT, HEADER_TOP + 59, { family: NARROW, size: 12 });
  put(c, 'Évaluation environnementale de site — Phase II', LEFT, HEADER_TOP + 69, { size: 6.5, colour: GREY });
  const project = `Projet : ${log.project} (dossier ${file})`;
  put(c, project, LEFT, HEADER_TOP + 80, fitted(project, room, { size: 7.5 }));
  const site = `Site : ${log.site}`;
  put(c, site, LEFT, HEADER_TOP + 90, fitted(site, room, { size: 7.5 }));
}

/** The boxed table of bilingual captions and values, in the top right corner. */
function holeTable(c: SKRSContext2D, log: BoreholeLog) {
  const x0 = RIGHT - 272;
  const split = x0 + 92;
  const rows: [string, string][] = [
    ['Forage / Hole ID', log.id],
    ['Date', drillingDays(log)],
    ['Coordonnées / Coordinates', coordinates(log)],
    ['Élévation / Elevation', log.groundLevel === null ? 'ND' : `${metres(log.groundLevel)} m`],
    ['Profondeur / Depth', `${metres(log.depth)} m`],
    ['Méthode / Method', methodWords(log)],
  ];
  box(c, x0, HEADER_TOP, split, HEADER_BOTTOM, 0.8, '#e8f0e8');
  box(c, split, HEADER_TOP, RIGHT, HEADER_BOTTOM, 0.8);
  rows.forEach(([caption, value], i) => {
    const y = HEADER_TOP + i * ROW_H;
    if (i > 0) line(c, x0, y, RIGHT, y, 0.4);
    put(c, caption, x0 + 3, y + 10.5, fitted(caption, split - x0 - 6, { family: NARROW, size: 7.5 }));
    const ink = fitted(value, RIGHT - split - 6, { size: 7.5, bold: i === 0 });
    put(c, value, split + 3, y + 10.5, ink);
  });
  return x0;
}

const HEADINGS: Record<Column, string[]> = {
  scale: ['Prof.', '(m)'],
  log: ['Log'],
  uscs: ['USCS'],
  description: ['Description'],
  pid: ['PID', '(ppm)'],
  sample: ['Éch.'],
  test: ['Essais'],
  well: ['Puits'],
};

/** The columns' headings and their frame down the body. */
function headings(c: SKRSContext2D) {
  box(c, LEFT, HEAD_TOP, RIGHT, BODY_TOP, 0.8, '#dfe9df');
  box(c, LEFT, BODY_TOP, RIGHT, BODY_BOTTOM, 0.8);
  for (const name of Object.keys(COL) as Column[]) {
    if (COL[name].x0 > LEFT) line(c, COL[name].x0, HEAD_TOP, COL[name].x0, BODY_BOTTOM, 0.5);
    const words = HEADINGS[name];
    const first = HEAD_TOP + (words.length === 1 ? 15 : 10.5);
    words.forEach((word, i) =>
      put(c, word, centreOf(name), first + i * 8.5, { family: NARROW, size: 8, align: 'centre' }),
    );
  }
}

// ——— The body ———

/** Drawing clipped to the page's body and a stretch of columns, in the strip's ordinates. */
function onBody(c: SKRSContext2D, page: number, x0: number, x1: number, draw: () => void) {
  c.save();
  c.beginPath();
  c.rect(x0, BODY_TOP, x1 - x0, SPAN);
  c.clip();
  c.translate(0, BODY_TOP - page * SPAN);
  draw();
  c.restore();
}

/** The soil's hatching on tiles of six points over a tint of its colour. */
function hatching(c: SKRSContext2D, layer: Layer, x0: number, x1: number) {
  const [s0, s1] = [strip(layer.top), strip(layer.base)];
  const soil = SOIL_CLASSES[soilOf(layer)];
  c.save();
  c.beginPath();
  c.rect(x0, s0, x1 - x0, s1 - s0);
  c.clip();
  c.globalAlpha = soil.pattern === 'solid' ? 0.85 : 0.35;
  c.fillStyle = soil.colour;
  c.fillRect(x0, s0, x1 - x0, s1 - s0);
  c.globalAlpha = 1;
  pattern(c, SOIL_PATTERN_PATHS[soil.pattern], x0, s0, x1, s1, soil.pattern === 'stipple' ? 1.1 : 0.45);
  c.restore();
}

/** A tile's path stroked over a rectangle (already clipped by the caller). */
function pattern(c: SKRSContext2D, path: string, x0: number, s0: number, x1: number, s1: number, width: number) {
  if (!path) return;
  const tile = new Path2D(path);
  const step = 6;
  c.save();
  c.strokeStyle = INK;
  c.lineWidth = width;
  c.lineCap = 'round';
  for (let y = Math.floor(s0 / step) * step; y < s1; y += step)
    for (let x = x0; x < x1; x += step) {
      c.save();
      c.translate(x, y);
      c.scale(step / 8, step / 8);
      c.stroke(tile);
      c.restore();
    }
  c.restore();
}

/** The depth scale: a tick and a label every 0,5 m, the water's signs beside. */
function scale(c: SKRSContext2D, page: number) {
  const { x0, x1 } = COL.scale;
  const from = page * METRES_PER_PAGE;
  for (let i = 0; i <= METRES_PER_PAGE * 2; i++) {
    const depth = from + i / 2;
    const y = yOf(strip(depth), page);
    line(c, x1 - (i % 2 ? 4 : 7), y, x1, y, 0.5);
    const baseline = i === 0 ? y + 7 : i === METRES_PER_PAGE * 2 ? y - 2 : y + 2.4;
    put(c, numeral(depth, 1), x0 + 3, baseline, { size: 6.5 });
  }
}

/** A small box beside a water sign, over the log column: two lines of what the sign says. */
function waterNote(c: SKRSContext2D, y: number, lines: string[]) {
  const { x0, x1 } = COL.log;
  const top = Math.min(y + 1.5, BODY_BOTTOM - 2 - lines.length * 7);
  box(c, x0 + 1.5, top, x1 - 1.5, top + lines.length * 7 + 2, 0.4, '#fff');
  lines.forEach((text, i) =>
    put(c, text, (x0 + x1) / 2, top + 6.5 + i * 7, fitted(text, x1 - x0 - 5, { size: 5.6, align: 'centre' })),
  );
}

function water(c: SKRSContext2D, log: BoreholeLog, page: number) {
  const onPage = (depth: number) => pageOfLine(strip(depth) + ASC) === page;
  const day = readingDay(log);
  const sign = COL.scale.x0 + 26;
  for (const depth of log.waterStrikes.filter(onPage)) {
    const y = yOf(strip(depth), page);
    waterSign(c, sign, y, false);
    waterNote(c, y, ["Venue d'eau", `${metres(depth)} m`]);
  }
  for (const depth of log.standingLevels.filter(onPage)) {
    const y = yOf(strip(depth), page);
    waterSign(c, sign, y, true);
    waterNote(c, y, [`NE ${metres(depth)} m`, ...(day ? [`(${day})`] : [])]);
  }
}

/** The hatching, the boundaries with each base, the USCS symbols and the hole's end. */
function strata(c: SKRSContext2D, log: BoreholeLog, page: number, planned: Plan) {
  onBody(c, page, COL.log.x0, COL.log.x1, () =>
    log.layers.forEach((layer) => hatching(c, layer, COL.log.x0, COL.log.x1)),
  );
  const pageTop = page * METRES_PER_PAGE;
  const pageBase = pageTop + METRES_PER_PAGE;
  for (const layer of log.layers) {
    const [top, base] = [Math.max(layer.top, pageTop), Math.min(layer.base, pageBase)];
    if (base <= top) continue;
    const symbol = uscsOf(layer);
    const mid = yOf(strip((top + base) / 2), page);
    put(c, symbol, centreOf('uscs'), mid + 2.5, fitted(symbol, WIDTHS.uscs - 4, { bold: true, size: 7 }));
  }
  log.layers.forEach((layer, i) => {
    const last = i === log.layers.length - 1;
    if (layer.base < pageTop || layer.base > pageBase) return;
    const y = yOf(strip(layer.base), page);
    line(c, COL.log.x0, y, COL.description.x1, y, last ? 1.4 : 0.6, last ? INK : '#444');
    put(c, metres(layer.base), COL.description.x1 - 3, y - 1.5, { size: 6, align: 'right', colour: GREY });
  });
  if (pageOfLine(planned.end) === page)
    put(c, `Fin du forage à ${metres(log.depth)} m`, COL.description.x0 + 4, yOf(planned.end, page), { bold: true });
}

function descriptions(c: SKRSContext2D, planned: Plan, page: number) {
  for (const written of planned.lines) {
    if (pageOfLine(written.s) !== page) continue;
    let x = COL.description.x0 + 4;
    for (const part of written.parts) x += put(c, part.text, x, yOf(written.s, page), { bold: part.bold });
  }
}

function rows(c: SKRSContext2D, list: Row[], page: number, column: Column, ink: Ink = {}) {
  for (const row of list) {
    if (pageOfLine(row.s) !== page) continue;
    const room = WIDTHS[column] - 6;
    put(c, row.text, centreOf(column), yOf(row.s, page), fitted(row.text, room, { ...ink, align: 'centre' }));
  }
}

/** The length each split spoon took, a bar at the left of the samples' column. */
function sampleBars(c: SKRSContext2D, log: BoreholeLog, page: number) {
  onBody(c, page, COL.sample.x0, COL.sample.x1, () => {
    for (const sample of samplesOf(log)) {
      const x = COL.sample.x0 + 3;
      if (sample.base === null) {
        c.save();
        c.fillStyle = '#2e7d32';
        c.fillRect(x - 1.5, strip(sample.top) - 1.5, 3, 3);
        c.restore();
      } else line(c, x, strip(sample.top), x, strip(sample.base), 2, '#444');
    }
  });
}

/** The well as installed: concrete, grout, bentonite seal, sand pack, riser and slotted screen. */
function well(c: SKRSContext2D, log: BoreholeLog, page: number) {
  const centre = centreOf('well');
  const [hole0, hole1] = [centre - 13, centre + 13];
  const [pipe0, pipe1] = [centre - 4, centre + 4];
  const end = strip(log.depth);
  const fill = (s0: number, s1: number, colour: string, path: string) => {
    if (s1 <= s0) return;
    c.save();
    c.fillStyle = colour;
    c.fillRect(hole0, s0, hole1 - hole0, s1 - s0);
    c.beginPath();
    c.rect(hole0, s0, hole1 - hole0, s1 - s0);
    c.clip();
    pattern(c, path, hole0, s0, hole1, s1, 0.45);
    c.restore();
  };
  onBody(c, page, COL.well.x0, COL.well.x1, () => {
    const screen = log.screen;
    if (!screen) {
      fill(0, end, '#e6ddc8', 'M0 8L8 0M4 8L8 4');
      return;
    }
    const sandTop = strip(Math.max(0.6, screen.top - 0.3));
    const sealTop = Math.max(strip(0.3), sandTop - strip(0.6));
    fill(0, strip(0.3), '#c8c8c8', '');
    fill(strip(0.3), sealTop, '#eeeeee', 'M0 0L8 8');
    fill(sealTop, sandTop, '#e6ddc8', 'M0 8L8 0M4 8L8 4');
    const sandBase = Math.min(end, strip(screen.base + 0.3));
    fill(sandTop, sandBase, '#f6e7b8', SOIL_PATTERN_PATHS.stipple);
    fill(sandBase, end, '#e6ddc8', 'M0 8L8 0M4 8L8 4');
    c.save();
    c.fillStyle = '#fff';
    c.fillRect(pipe0, 0, pipe1 - pipe0, strip(screen.base));
    c.restore();
    line(c, pipe0, 0, pipe0, strip(screen.base), 0.8);
    line(c, pipe1, 0, pipe1, strip(screen.base), 0.8);
    for (let s = strip(screen.top) + 1.5; s < strip(screen.base) - 1; s += 2.2)
      line(c, pipe0 + 1.5, s, pipe1 - 1.5, s, 0.5);
    line(c, pipe0, strip(screen.base), pipe1, strip(screen.base), 1.2);
  });
}

// ——— The foot ———

function footer(c: SKRSContext2D, log: BoreholeLog, page: number, pages: number) {
  const notes: string[] = [
    ...log.standingLevels.map((depth) => `Niveau d'eau statique : ${metres(depth)} m`),
    ...log.waterStrikes.map((depth) => `Venue d'eau en cours de forage : ${metres(depth)} m`),
    log.screen
      ? `Puits : tubage PVC 50 mm, crépine à fentes de ${metres(log.screen.top)} à ${metres(log.screen.base)} m, massif filtrant de sable siliceux, bouchon de bentonite.`
      : 'Aucun puits installé : forage obturé au coulis de bentonite.',
  ];
  const bottom = PAPER.height - 30;
  box(c, LEFT, FOOT_TOP, RIGHT, bottom, 0.8);
  put(c, 'Notes', LEFT + 4, FOOT_TOP + 10, { family: NARROW, size: 8 });
  const legendX = LEFT + (RIGHT - LEFT) / 2 + 34;
  const room = legendX - LEFT - 16;
  const lines = notes.flatMap((note) =>
    wrap(note, room, room - 8, { size: 6.8 }).map((text, i) => (i ? `  ${text}` : text)),
  );
  lines.forEach((text, i) => put(c, text, LEFT + 4, FOOT_TOP + 20 + i * 8.5, fitted(text, room, { size: 6.8 })));
  put(c, 'Abréviations', legendX, FOOT_TOP + 10, { family: NARROW, size: 8 });
  const legend = [
    'CF : cuillère fendue ;',
    'E : échantillon environnemental ;',
    'PID : détecteur à photo-ionisation ;',
    "NE : niveau d'eau ;",
    "▼ niveau d'eau statique ; ▽ venue d'eau.",
  ];
  legend.forEach((text, i) => put(c, text, legendX, FOOT_TOP + 20 + i * 8, { size: 6.5 }));
  const signY = bottom - 8;
  line(c, LEFT, signY - 10, RIGHT, signY - 10, 0.4);
  put(c, 'Préparé par : M.-È. Gagnon, géo.', LEFT + 4, signY, { size: 7 });
  put(c, 'Vérifié par : J. Tremblay, ing.', LEFT + 200, signY, { size: 7 });
  put(c, `Page ${page + 1} / ${pages}`, RIGHT - 4, signY, { bold: true, size: 7.5, align: 'right' });
  put(c, 'Échelle 1:100 — Profondeurs en mètres sous la surface du terrain', LEFT, PAPER.height - 16, {
    size: 5.8,
    colour: GREY,
  });
  put(c, 'Formulaire ESL-F-07 (rév. 2021)', RIGHT, PAPER.height - 16, { size: 5.8, colour: GREY, align: 'right' });
}

// ——— The log ———

function enviroLog(log: BoreholeLog, sheets: Sheets) {
  const planned = plan(log);
  for (let page = 0; page < planned.pages; page++) {
    const c = sheets.page();
    const tableLeft = holeTable(c, log);
    firmBlock(c, log, tableLeft);
    headings(c);
    scale(c, page);
    strata(c, log, page, planned);
    descriptions(c, planned, page);
    sampleBars(c, log, page);
    rows(c, planned.samples, page, 'sample');
    rows(c, planned.pids, page, 'pid');
    rows(c, planned.tests, page, 'test');
    well(c, log, page);
    water(c, log, page);
    footer(c, log, page, planned.pages);
  }
}

/** The log drawn in the « enviro » layout as a vector PDF, its text kept as text. */
export function enviroLayoutPdf(log: BoreholeLog): Uint8Array {
  return pdfPages(enviroLog, log, PAPER);
}

/** The log drawn in the « enviro » layout, as page images at `dpi`. */
export async function enviroLayoutPages(log: BoreholeLog, dpi: number): Promise<PageImage[]> {
  return await rasterPages(enviroLog, log, PAPER, dpi);
}
