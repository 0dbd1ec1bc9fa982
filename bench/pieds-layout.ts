// The twelfth firm's log layout, written on 28 Nov 2026 (night) for the next session's measure,
// never tuned on: drawn by this script alone, by someone who has not read the reader, apart from the
// layouts it was built and tuned on — `npm run bench:ocr` measures it with the others, and nothing
// in the reader is changed to suit it.
//
// « pieds »: the Gatineau office of an Ontario engineering firm, whose « LOG OF BORING » is still
// the older North American form its logging software was set up with decades ago: English labels
// only, decimal POINTS and commas between thousands (« 5,034,567.8 m »), and the hole measured in
// FEET, not metres — depths, boundaries, the scale, the samples' depths, the water, all in feet
// with one decimal (1 ft = 0.3048 m; 1.20 m is written « 3.9 »), elevations in feet too; the metres
// appear nowhere but in the header's « Surface Elev. » and « Total Depth », in brackets after the
// feet (« 25.0 ft (7.62 m) »). The technicians write the descriptions in French as they always
// have, into the English form. Letter paper standing upright (8,5 × 11 in), at « 1 in. = 5 ft »
// (1:60), thirty feet of the hole on every page, and the whole header on every page as the software
// prints it. Values and descriptions in an Arial-like type (Liberation Sans), labels and headings in
// its narrow bold cut, the title in a wide bold one (DejaVu Sans).
//
// The title block is not across the top but a strip standing up along the page's LEFT edge, read
// from the bottom: the firm's emblem as a disc with its initials (if it has one), its name and
// trades, and at the strip's top end « LOG OF BORING F-101 » over « Sheet 1 of 3 ». The header is
// a boxed form: a title row (« LOG OF BORING » and a box « BORING NO. » with the hole's number in
// large type), then two columns of
// form lines, each a label in narrow bold capitals and its value typed on the line after it:
// « PROJECT », « LOCATION », « OTHER ID » (the hole's other name), « DRILLING METHOD » (in English),
// « DATE STARTED » and « DATE COMPLETED » side by side, both always, written « 18-Jul-2019 »,
// « LOGGED BY » and « CHECKED BY » left blank to sign; on the right « COORD. SYSTEM » (« NAD 83 /
// MTM Zone 8 (EPSG:32188) »), then « NORTHING » BEFORE « EASTING » in metres, or « LATITUDE » and
// « LONGITUDE » in decimal degrees with the hemisphere after them in English (« 73.56789° W »),
// « LOCATION ACCURACY », « SURFACE ELEV. » in feet with the metres after it, « TOTAL DEPTH » the
// same way and the scale. Last, a row « GROUNDWATER » in the North American signs: a filled ▼ and
// « During drilling (ATD): 6.9 ft », an open ▽ and « Stabilized: 11.2 ft on 18-Jul-2019 ».
//
// The column headings are mostly written standing up, read from the bottom, as on such forms. The
// columns, left to right: « DEPTH (ft) », a scale ticked each foot at the column's right edge and
// numbered each five feet (each ten in bold), with the water drawn INSIDE it at its left — an open
// ▽ at a stabilized level with the day it was read under it, a filled ▼ with « ATD » under it where
// water came in while drilling (the words over the sign when the next sign is in the way), each tip
// on its exact depth, the depth itself written nowhere in the body; « SAMPLE » (« SS-3 » for a split spoon, « ST-2 » for a Shelby tube, « C-4 » for a rock
// core — the firm's codes for the file's CF, TM, CR, the number kept — with its depths in feet
// under it, « 2.5-4.5 », and a bar over the length sampled at the column's right: half black for
// the spoon, grey for the tube, ruled for the core); « BLOWS PER 6 in. » (« 4-6-7 »; a refusal as
// « 50/3" », the blows over the inches driven); « N » in bold, the raw blows a foot (« REF » for a
// refusal, « >50 » when the file gives only that); « N60 », the same corrected to 60 % of the
// hammer's energy (automatic hammer, ER = 80 %: N60 = N × 80/60, rounded); « USCS », a group
// symbol (CL, ML, SP, SM, GP…; FILL, AC for a pavement, ROCK) at the middle of each layer, the
// firm's reading of the soil; « GRAPHIC LOG », black hatching; « ELEV. / DEPTH (ft) », at each
// boundary a short rule with the boundary's elevation over it and its depth in bold under it
// (« 113.2 » over « 3.9 »; both under it at a page's top, both over it at a page's foot, the depth
// alone when the ground was not levelled), a label crowded off its rule by the one above it
// underlined with dots and tied back to its rule; last and widest, on the far right, « MATERIAL
// DESCRIPTION », the soil's name (up to the first comma) in bold, each description under its
// boundary's rule — a description pushed down by a long one above it starts under a rule of its
// own, joined to its boundary by a slanting dotted leader —, and a line that would run off the page
// goes on at the top of the next. The hole's end is a double rule with « Bottom of boring at 25.0
// ft. » under it. At the foot of every page, two boxes: « NOTES AND ABBREVIATIONS » (the feet, the
// samplers, the SPT's hammer and what N and N60 are, refusal, the water's signs) and « REMARKS »,
// numbered sentences in feet (water during drilling, the stabilized level and its day, the well's
// screen, each core run's RQD, the end of the boring, « Continued on Sheet 2. » or « End of log. »).
import { createCanvas, GlobalFonts, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../api/digitise/raster.ts';
import type { DrillingMethod } from '../src/domain/borehole.ts';
import { methodText } from '../src/domain/ags/hole-types.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { layerSoil, SOIL_CLASSES, SOIL_PATTERN_PATHS, type SoilClass } from '../src/domain/soil.ts';
import { foldText } from '../src/domain/text.ts';
import { pdfPages, rasterPages, typeset, type Sheets } from './layout-pages.ts';

const font = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(font('LiberationSans-Regular.ttf'), 'Pieds Sans');
GlobalFonts.registerFromPath(font('LiberationSans-Bold.ttf'), 'Pieds Sans');
GlobalFonts.registerFromPath(font('LiberationSansNarrow-Regular.ttf'), 'Pieds Narrow');
GlobalFonts.registerFromPath(font('LiberationSansNarrow-Bold.ttf'), 'Pieds Narrow');
GlobalFonts.registerFromPath(font('DejaVuSans-Bold.ttf'), 'Pieds Title');
const SANS = 'Pieds Sans';
const NARROW = 'Pieds Narrow';
const TITLE = 'Pieds Title';
const sans = typeset(SANS);
const narrow = typeset(NARROW);
const title = typeset(TITLE);

/** Letter paper standing upright (8,5 × 11 in), in points. */
const PAPER = { width: 612, height: 792 };
const TOP = 28;
const BOTTOM = PAPER.height - 28;
/** The title strip standing up along the left edge, then the log's frame. */
const STRIP = [22, 50] as const;
const LEFT = 56;
const RIGHT = 590;
/** « 1 in. = 5 ft »: 14,4 points a foot; thirty feet of the hole on every page. */
const METRES_PER_FOOT = 0.3048;
const FOOT = 72 / 5;
const FEET_PER_PAGE = 30;
const PAGE_H = FEET_PER_PAGE * FOOT;
/** The header, the columns' headings, the body, the foot. */
const HEADER_TOP = TOP;
const TITLE_H = 30;
const ROW_H = 14;
const FORM_ROWS = 6;
const WATER_H = 22;
const HEADER_H = TITLE_H + FORM_ROWS * ROW_H + WATER_H;
const HEAD_TOP = HEADER_TOP + HEADER_H + 6;
const HEAD_H = 60;
const BODY_TOP = HEAD_TOP + HEAD_H;
const BODY_BOTTOM = BODY_TOP + PAGE_H;
const FOOT_TOP = BODY_BOTTOM + 6;
const FOOT_BOTTOM = BOTTOM;

/** The hammer's energy ratio the firm's N60 is corrected with (an automatic hammer). */
const ENERGY_RATIO = 80;

const GREY = '#666';
const RULE_GREY = '#9a9a9a';
const DESC_SIZE = 7.2;
const LEADING = 8.7;
const FIRST_BASELINE = 9;
/** The descriptions' left margin: a gutter for the leaders of the rules pushed down. */
const DESC_INDENT = 12;
const LEADER = 9;

/** The columns, left to right, with their widths in points (the description takes the rest). */
const WIDTHS = {
  depth: 50,
  sample: 46,
  blows: 40,
  n: 20,
  n60: 22,
  uscs: 24,
  graphic: 26,
  level: 40,
  description: 0,
} as const;
type Column = keyof typeof WIDTHS;
const COLUMNS = {} as Record<Column, readonly [number, number]>;
{
  const fixed = Object.values(WIDTHS).reduce<number>((total, width) => total + width, 0);
  let x = LEFT;
  for (const name of Object.keys(WIDTHS) as Column[]) {
    const width = name === 'description' ? RIGHT - LEFT - fixed : WIDTHS[name];
    COLUMNS[name] = [x, x + width];
    x += width;
  }
}
const col = (name: Column) => COLUMNS[name];

/** The headings written standing up, one or two lines each (the level and the description are written flat). */
const STANDING: Partial<Record<Column, string[]>> = {
  depth: ['DEPTH (ft)'],
  sample: ['SAMPLE', 'TYPE-NO. / DEPTH'],
  blows: ['BLOWS', 'PER 6 in.'],
  n: ['N (blows/ft)'],
  n60: ['N60'],
  uscs: ['USCS'],
  graphic: ['GRAPHIC LOG'],
};

// ——— Type and lines ———

const measure = createCanvas(10, 10).getContext('2d');
const widthOf = (value: string, style: string, family = SANS) => {
  measure.font = `${style} "${family}"`;
  return measure.measureText(value).width;
};
const rightAligned = (c: SKRSContext2D, value: string, right: number, y: number, style: string, family = SANS) => {
  c.font = `${style} "${family}"`;
  c.fillText(value, right - c.measureText(value).width, y);
};
/** The largest size (down to 65 %) at which `value` fits in `width`. */
function sizeToFit(value: string, width: number, size: number, weight = '', family = SANS) {
  let fitted = size;
  while (fitted > size * 0.65 && widthOf(value, `${weight} ${fitted}px`, family) > width) fitted -= 0.2;
  return fitted;
}
/** `text` cut into lines of at most `width` at `style`, at spaces. */
function wrapLine(text: string, width: number, style: string, family = SANS) {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/[ \t\r\n]+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (current && widthOf(next, style, family) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines.length ? lines : ['—'];
}
const line = (c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, width = 0.5, colour = '#111') => {
  c.save();
  c.lineWidth = width;
  c.strokeStyle = colour;
  c.beginPath();
  c.moveTo(x0, y0);
  c.lineTo(x1, y1);
  c.stroke();
  c.restore();
};
const dotted = (c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, width = 0.5) => {
  c.save();
  c.setLineDash([1, 1.8]);
  line(c, x0, y0, x1, y1, width);
  c.restore();
};
const tinted = (c: SKRSContext2D, colour: string, draw: () => void) => {
  c.save();
  c.fillStyle = colour;
  draw();
  c.restore();
};
/** Text standing up, read from the bottom, its baseline at `x` and its middle at `y`. */
function standing(c: SKRSContext2D, value: string, x: number, y: number, style: string, family = NARROW) {
  c.save();
  c.font = `${style} "${family}"`;
  c.translate(x, y);
  c.rotate(-Math.PI / 2);
  c.fillText(value, -c.measureText(value).width / 2, 0);
  c.restore();
}

// ——— How the firm writes things ———

const NBSP = '\u00a0';
/** A number the English way: a decimal point, commas between thousands. */
const english = (value: number, digits: number) => {
  const text = value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: true,
  });
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
};
/** Metres as the firm writes them: feet with one decimal (1.20 m is « 3.9 »). */
const feet = (metres: number) => english(metres / METRES_PER_FOOT, 1);
const feetText = (metres: number) => `${feet(metres)}${NBSP}ft`;
/** A height on the strip (points from the ground) of a depth in metres. */
const strip = (metres: number) => (metres / METRES_PER_FOOT) * FOOT;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** « 2019-07-18 » as the firm writes it: « 18-Jul-2019 ». */
const dayText = (value: string | null) => {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? `${match[3]}-${MONTHS[Number(match[2]) - 1]}-${match[1]}` : null;
};
const started = (log: BoreholeLog) => dayText(log.date) ?? dayText(log.endDate);
const completed = (log: BoreholeLog) => dayText(log.endDate) ?? dayText(log.date);

const METHODS: Record<DrillingMethod, string> = {
  rotary: 'Rotary (wash boring)',
  hollow_stem_auger: 'Hollow-stem auger',
  sonic: 'Sonic',
  coring: 'Rock coring',
};
const methodOf = (log: BoreholeLog) =>
  log.holeType ? methodText(log.method, log.holeType) : log.method ? METHODS[log.method] : '—';

const ACCURACY: Record<string, string> = {
  surveyed: 'Surveyed',
  approximate: 'Approximate',
  converted: 'Converted',
  unknown: 'Unknown',
};

/** The coordinate rows of the header: the system, then northing before easting (or latitude before longitude). */
function coordinates(log: BoreholeLog): [string, string][] {
  const geographic = (datum: string, lat: number, lon: number): [string, string][] => [
    ['COORD. SYSTEM', `Geographic, ${datum}`],
    ['LATITUDE', `${english(Math.abs(lat), 5)}°${NBSP}${lat < 0 ? 'S' : 'N'}`],
    ['LONGITUDE', `${english(Math.abs(lon), 5)}°${NBSP}${lon < 0 ? 'W' : 'E'}`],
  ];
  if (log.original) {
    const { crs, x, y } = log.original;
    const code = Number(crs.replace(/^EPSG:/i, ''));
    const projected = (system: string): [string, string][] => [
      ['COORD. SYSTEM', Number.isFinite(code) && code > 0 ? `${system} (EPSG:${code})` : system],
      ['NORTHING', `${english(y, 1)}${NBSP}m`],
      ['EASTING', `${english(x, 1)}${NBSP}m`],
    ];
    if (code >= 32181 && code <= 32190) return projected(`NAD 83 / MTM Zone ${code - 32180}`);
    if (code >= 2945 && code <= 2952) return projected(`NAD 83 (CSRS) / MTM Zone ${code - 2942}`);
    if (code >= 26917 && code <= 26922) return projected(`NAD 83 / UTM Zone ${code - 26900}N`);
    if (code >= 2958 && code <= 2962) return projected(`NAD 83 (CSRS) / UTM Zone ${code - 2941}N`);
    if (code === 32198) return projected('NAD 83 / Quebec Lambert');
    if (code === 4326) return geographic('WGS 84', y, x);
    if (code === 4269) return geographic('NAD 83', y, x);
    if (code === 4617) return geographic('NAD 83 (CSRS)', y, x);
    return projected(crs);
  }
  if (log.lat !== null && log.lon !== null) return geographic('NAD 83', log.lat, log.lon);
  return [
    ['COORD. SYSTEM', 'Not surveyed'],
    ['NORTHING', '—'],
    ['EASTING', '—'],
  ];
}

/** The firm's group symbol for a layer: its reading of the soil's name (up to the first comma), else of its class. */
function uscs(layer: BoreholeLog['layers'][number]): string {
  const name = foldText(layer.description.split(',')[0]);
  const words = foldText(layer.description);
  if (/remblai|fill/.test(name)) return 'FILL';
  if (/asphalt|enrobe|bitum|pavement/.test(name)) return 'AC';
  if (/^(argile|clay)/.test(name)) return /tres plastique|high plasticity/.test(words) ? 'CH' : 'CL';
  if (/^(silt|limon)/.test(name)) return /argil|clay/.test(name) ? 'CL-ML' : 'ML';
  if (/^(sable|sand)/.test(name)) return /silt|limon/.test(words) ? 'SM' : 'SP';
  if (/^(gravier|gravel)/.test(name)) return /sabl|sand/.test(words) ? 'GW' : 'GP';
  if (/^till/.test(name)) return /gravier|gravel/.test(words) ? 'SM-GM' : 'SM';
  const symbols: Record<SoilClass, string> = {
    fill: 'FILL',
    asphalt: 'AC',
    clay: 'CL',
    silt: 'ML',
    sand: 'SP',
    gravel: 'GP',
    till: 'SM',
    bedrock: 'ROCK',
    fractured_bedrock: 'ROCK',
  };
  return symbols[layerSoil(layer)];
}

/** The firm's samplers for the file's codes: split spoon, Shelby tube, rock core. */
const SAMPLERS: Record<string, string> = { CF: 'SS', SS: 'SS', TM: 'ST', ST: 'ST', CR: 'C', C: 'C' };
function sampleName(sample: BoreholeLog['samples'][number]) {
  const type = sample.type.trim().toUpperCase();
  const ref = sample.ref.trim();
  const code = SAMPLERS[type] ?? type;
  const number = type && ref.toUpperCase().startsWith(type) ? ref.slice(type.length).replace(/^[\s\-–_.]+/, '') : ref;
  if (!code) return number || '—';
  return number ? `${code}-${number}` : code;
}

type Test = BoreholeLog['spt'][number];
/** The blows of the three 6 in. drives (the last two make N), N, and N60; a refusal as blows over inches. */
function testCells(test: Test): { blows: string; n: string; n60: string } {
  if (test.refusal) {
    const { blows, mm } = test.refusal;
    if (mm === null) return { blows: '', n: `>${blows}`, n60: '—' };
    const inches = Math.round((mm / 25.4) * 2) / 2;
    return { blows: `${blows}/${english(inches, Number.isInteger(inches) ? 0 : 1)}"`, n: 'REF', n60: '—' };
  }
  if (test.n === null) return { blows: '', n: '—', n60: '—' };
  const n60 = String(Math.round((test.n * ENERGY_RATIO) / 60));
  if (!Number.isInteger(test.n)) return { blows: '', n: english(test.n, 1), n60 };
  const n = test.n;
  const second = Math.floor(n / 2);
  const first = Math.max(1, Math.round(n * 0.4));
  return { blows: `${first}-${second}-${n - second}`, n: String(n), n60 };
}

/** The day the stabilized levels were read: the last day of drilling. */
const readDay = (log: BoreholeLog) => completed(log);

const sortedFeet = (depths: number[]) => [...depths].sort((a, b) => a - b).map(feetText);

/** The remarks at the foot, in sentences, in feet. */
function remarks(log: BoreholeLog, page: number, pages: number): string[] {
  const read = readDay(log);
  const notes: string[] = [];
  notes.push(
    log.waterStrikes.length
      ? `Groundwater encountered at ${sortedFeet(log.waterStrikes).join(' and ')} at time of drilling (ATD).`
      : 'No groundwater encountered at time of drilling.',
  );
  if (log.standingLevels.length)
    notes.push(
      `Stabilized water level ${sortedFeet(log.standingLevels).join(' and ')} below ground surface${read ? ` on ${read}` : ''}.`,
    );
  if (log.screen)
    notes.push(`Observation well installed: screen from ${feet(log.screen.top)} to ${feetText(log.screen.base)}.`);
  for (const core of log.cores)
    notes.push(
      `Core run ${feet(core.top)}-${feetText(core.base)}: ${
        core.rqd === null ? 'RQD not measured' : `RQD${NBSP}${Math.round(core.rqd)}${NBSP}%`
      }.`,
    );
  notes.push(`Boring terminated at ${feetText(log.depth)}.`);
  notes.push(page + 1 < pages ? `Continued on Sheet ${page + 2}.` : 'End of log.');
  return notes;
}

// ——— The strip: the hole as one long strip at 1 in. = 5 ft, cut into pages of thirty feet ———

const pageOf = (s: number) => Math.max(0, Math.floor(s / PAGE_H + 1e-9));
const pageStart = (page: number) => page * PAGE_H;
const pageEnd = (page: number) => (page + 1) * PAGE_H;
const paperY = (s: number, page: number) => BODY_TOP + s - pageStart(page);
/** A baseline moved to the next page's top when its line would run across a page's foot. */
function flow(s: number, up = 7, down = 2.5) {
  const page = pageOf(Math.max(0, s - up));
  return s + down > pageEnd(page) ? pageEnd(page) + up + 2 : s;
}
/** Whether a line of text at baseline `s` is drawn on `page`. */
const onPage = (s: number, page: number) => pageOf(s - 7) === page;
/** Draws on the strip, clipped to `x0`–`x1` of `page`'s body. */
function onStrip(c: SKRSContext2D, page: number, x0: number, x1: number, draw: () => void) {
  c.save();
  c.beginPath();
  c.rect(x0, BODY_TOP, x1 - x0, PAGE_H);
  c.clip();
  c.translate(0, BODY_TOP - pageStart(page));
  draw();
  c.restore();
}

// ——— What goes on the strip, set before anything is drawn ———

type Mode = 'split' | 'below' | 'above';
interface Placed {
  /** The description's lines: baseline, text, and how many of its first characters are the soil's name. */
  lines: { s: number; text: string; name: number }[];
  /** Each layer's rule across the description: its true height and where it is drawn. */
  rules: { s: number; at: number }[];
  end: { s: number; at: number; text: number };
  /** Each boundary's labels: its true height, the label's rule, where the labels go around it. */
  levels: { s: number; at: number; mode: Mode; elevation: string | null; depth: string }[];
  symbols: { s: number; text: string }[];
  samples: {
    top: number;
    base: number;
    type: string;
    name: { s: number; text: string };
    span: { s: number; text: string };
  }[];
  tests: { tick: number; s: number; blows: string; n: string; n60: string }[];
  water: { kind: 'steady' | 'strike'; s: number; text: string; textAt: number }[];
  extent: number;
}

const descStyle = (bold: boolean) => `${bold ? 'bold ' : ''}${DESC_SIZE}px`;

/** How far a boundary's labels reach over and under their rule, in each way of setting them. */
function reach(mode: Mode, elevation: boolean): [number, number] {
  if (!elevation) return mode === 'above' ? [9, 0] : [0, 10.5];
  return mode === 'split' ? [8.5, 10.5] : mode === 'below' ? [0, 19] : [17, 0];
}

function place(log: BoreholeLog): Placed {
  const layers = [...log.layers].sort((a, b) => a.top - b.top);
  const [descLeft, descRight] = col('description');
  const textWidth = descRight - descLeft - DESC_INDENT - 5;

  // The descriptions, each under its rule; a rule pushed down under the lines above it when it must.
  const lines: Placed['lines'] = [];
  const rules: Placed['rules'] = [];
  let low = -Infinity;
  const ruleAt = (s: number) => {
    let at = Math.max(s, low + 3.5);
    const page = pageOf(at);
    if (at > pageEnd(page) - 12 && at - s > 0.01) at = pageEnd(page);
    return at;
  };
  for (const layer of layers) {
    const s = strip(layer.top);
    const at = ruleAt(s);
    rules.push({ s, at });
    const description = layer.description.trim() || '—';
    const name = description.split(',')[0]!.length;
    let offset = 0;
    let baseline = at + FIRST_BASELINE;
    for (const text of wrapLine(description, textWidth, descStyle(false))) {
      baseline = flow(baseline);
      lines.push({ s: baseline, text, name: Math.max(0, Math.min(text.length, name - offset)) });
      offset += text.length + 1;
      low = baseline + 2.5;
      baseline += LEADING;
    }
  }
  const endAt = ruleAt(strip(log.depth));
  const end = { s: strip(log.depth), at: endAt, text: flow(endAt + 11) };

  // The boundaries' labels: the elevation over the rule, the depth under it; at a page's top both
  // under it, at its foot both over it; pushed down, and on, when the one above is in the way.
  const depths = [...new Set(layers.flatMap((layer) => [layer.top, layer.base]).concat(log.depth))]
    .filter((depth) => depth <= log.depth + 1e-6)
    .sort((a, b) => a - b);
  const levels: Placed['levels'] = [];
  let labelLow = -Infinity;
  const levelled = log.groundLevel !== null;
  for (const depth of depths) {
    const s = strip(depth);
    let mode: Mode = levelled ? 'split' : 'below';
    let at = Math.max(s, labelLow + 1 + reach(mode, levelled)[0]);
    let page = pageOf(at);
    if (at - pageStart(page) < reach('split', levelled)[0]) {
      mode = 'below';
      at = Math.max(s, labelLow + 1);
      page = pageOf(at);
    }
    if (at + reach(mode, levelled)[1] > pageEnd(page)) {
      if (at - s < 0.01 && s - reach('above', levelled)[0] >= Math.max(labelLow + 1, pageStart(page))) mode = 'above';
      else {
        at = pageEnd(page);
        mode = 'below';
      }
    }
    levels.push({
      s,
      at,
      mode,
      elevation: levelled ? english((log.groundLevel! - depth) / METRES_PER_FOOT, 1) : null,
      depth: feet(depth),
    });
    labelLow = at + reach(mode, levelled)[1];
  }

  // Each layer's group symbol, at the middle of its longest part on a page.
  const symbols: Placed['symbols'] = [];
  for (const layer of layers) {
    const [top, base] = [strip(layer.top), strip(layer.base)];
    if (base - top < 7) continue;
    let best: [number, number] | null = null;
    for (let page = pageOf(top); pageStart(page) < base - 0.001; page++) {
      const part: [number, number] = [Math.max(top, pageStart(page)), Math.min(base, pageEnd(page))];
      if (!best || part[1] - part[0] > best[1] - best[0]) best = part;
    }
    if (!best || best[1] - best[0] < 7) continue;
    symbols.push({ s: Math.min(Math.max((best[0] + best[1]) / 2 + 2.5, best[0] + 7), best[1] - 1), text: uscs(layer) });
  }

  // The samples: the bar to scale, « SS-3 » by its top and its depths under it.
  const samples: Placed['samples'] = [];
  let sampleLow = -Infinity;
  for (const sample of [...log.samples].sort((a, b) => a.top - b.top)) {
    const first = flow(Math.max(strip(sample.top) + 7.5, sampleLow + 8));
    const second = flow(first + 7.2);
    sampleLow = second;
    samples.push({
      top: strip(sample.top),
      base: strip(sample.base ?? sample.top),
      type: SAMPLERS[sample.type.trim().toUpperCase()] ?? sample.type.trim().toUpperCase(),
      name: { s: first, text: sampleName(sample) },
      span: { s: second, text: sample.base === null ? feet(sample.top) : `${feet(sample.top)}-${feet(sample.base)}` },
    });
  }

  // The tests: one row at each test's depth, pushed down under the one above when they crowd.
  const tests: Placed['tests'] = [];
  let testLow = -Infinity;
  for (const test of [...log.spt].sort((a, b) => a.top - b.top)) {
    const tick = strip(test.top);
    const s = flow(Math.max(tick + 7.5, testLow + 8.5));
    testLow = s;
    tests.push({ tick, s, ...testCells(test) });
  }

  // The water: each sign's tip on its depth, its words under it.
  const read = readDay(log);
  const water: Placed['water'] = [
    ...log.standingLevels.map((depth) => ({ kind: 'steady' as const, s: strip(depth), text: read ?? '' })),
    ...log.waterStrikes.map((depth) => ({ kind: 'strike' as const, s: strip(depth), text: 'ATD' })),
  ]
    .sort((a, b) => a.s - b.s)
    .map((mark) => ({ ...mark, textAt: 0 }));
  // The words under their sign, or over it when the next sign is in the way, or pushed down.
  const taken: [number, number][] = water.map((mark) => [mark.s - 6.5, mark.s + 1]);
  let waterLow = -Infinity;
  for (const mark of water) {
    const free = (at: number) =>
      at - 5 >= 0 &&
      pageOf(at - 5.5) === pageOf(at + 2) &&
      taken.every(([top, bottom]) => at + 1.5 < top || at - 5 > bottom);
    const at = [mark.s + 8, mark.s - 9].find(free) ?? flow(Math.max(mark.s + 8, waterLow + 7.5), 6, 2);
    mark.textAt = at;
    taken.push([at - 5, at + 1.5]);
    waterLow = Math.max(waterLow, at);
  }

  const extent = Math.max(
    strip(log.depth),
    end.text + 3,
    ...lines.map((each) => each.s + 3),
    ...samples.flatMap((each) => [each.base, each.span.s + 3]),
    ...tests.map((each) => each.s + 3),
    ...water.map((each) => each.textAt + 3),
    ...levels.map((each) => each.at + reach(each.mode, levelled)[1]),
  );
  return { lines, rules, end, levels, symbols, samples, tests, water, extent };
}

// ——— The signs ———

/** The soil's hatching over a rectangle, in black on white (a pavement solid dark grey). */
function hatch(c: SKRSContext2D, soil: SoilClass, x0: number, y0: number, x1: number, y1: number) {
  const info = SOIL_CLASSES[soil];
  c.save();
  c.beginPath();
  c.rect(x0, y0, x1 - x0, y1 - y0);
  c.clip();
  c.fillStyle = info.pattern === 'solid' ? '#404040' : '#fff';
  c.fillRect(x0, y0, x1 - x0, y1 - y0);
  const path = SOIL_PATTERN_PATHS[info.pattern];
  if (path) {
    const tile = new Path2D(path);
    c.strokeStyle = '#222';
    c.lineWidth = info.pattern === 'stipple' || info.pattern === 'coarse-dots' ? 1 : 0.45;
    c.lineCap = 'round';
    for (let y = Math.floor(y0 / 8) * 8; y < y1; y += 8)
      for (let x = x0; x < x1; x += 8) {
        c.save();
        c.translate(x, y);
        c.stroke(tile);
        c.restore();
      }
  }
  c.restore();
}
/** A water sign, its tip on the level: open (▽) for a stabilized level, filled (▼) for water at time of drilling. */
function waterSign(c: SKRSContext2D, kind: 'steady' | 'strike', x: number, y: number) {
  c.save();
  c.fillStyle = kind === 'steady' ? '#fff' : '#111';
  c.strokeStyle = '#111';
  c.lineWidth = 0.7;
  c.beginPath();
  c.moveTo(x - 3.6, y - 6);
  c.lineTo(x + 3.6, y - 6);
  c.lineTo(x, y);
  c.closePath();
  c.fill();
  c.stroke();
  c.restore();
  line(c, x - 6, y, x + 6, y, 0.6);
}
/** A sample's bar over the length sampled: half black for a split spoon, grey for a tube, ruled for a core. */
function sampleBar(c: SKRSContext2D, type: string, x: number, y0: number, y1: number) {
  const height = Math.max(2, y1 - y0);
  c.save();
  c.lineWidth = 0.6;
  c.strokeStyle = '#111';
  c.fillStyle = '#111';
  if (type === 'SS') {
    c.beginPath();
    c.moveTo(x, y0);
    c.lineTo(x + 6, y0 + height);
    c.lineTo(x, y0 + height);
    c.closePath();
    c.fill();
  } else if (type === 'ST') {
    c.fillStyle = '#9c9c9c';
    c.fillRect(x, y0, 6, height);
  } else if (type === 'C') {
    c.beginPath();
    for (let y = y0 + 2.5; y < y0 + height; y += 2.5) {
      c.moveTo(x, y);
      c.lineTo(x + 6, y);
    }
    c.stroke();
  }
  c.strokeRect(x, y0, 6, height);
  c.restore();
}

// ——— The title strip and the header ———

function titleStrip(c: SKRSContext2D, log: BoreholeLog, page: number, pages: number) {
  const [x0, x1] = STRIP;
  const length = BOTTOM - TOP;
  c.save();
  c.lineWidth = 1;
  c.strokeRect(x0, TOP, x1 - x0, length);
  c.restore();
  // Drawn in the strip's own frame: along it from the bottom, across it from the left edge.
  c.save();
  c.translate(x0, BOTTOM);
  c.rotate(-Math.PI / 2);
  let along = 8;
  if (log.emblem) {
    c.save();
    c.fillStyle = log.emblem.colour;
    c.beginPath();
    c.arc(along + 10, 14, 10, 0, 2 * Math.PI);
    c.fill();
    c.fillStyle = '#fff';
    title.centred(
      c,
      log.emblem.initials,
      [along, along + 20],
      17.5,
      `${sizeToFit(log.emblem.initials, 15, 9, 'bold', TITLE)}px`,
    );
    c.restore();
    along += 26;
  }
  const firm = log.organisation || '—';
  title.text(c, firm, along, 12, `${sizeToFit(firm, 300, 10, 'bold', TITLE)}px`);
  tinted(c, GREY, () =>
    narrow.text(c, 'Geotechnical · Environmental · Materials Testing — Gatineau, Que.', along, 23, '6.4px'),
  );
  const heading = `LOG OF BORING ${log.id || '—'}`;
  c.font = `bold 9px "${NARROW}"`;
  c.fillText(heading, length - 10 - c.measureText(heading).width, 12);
  const sheet = `Sheet ${page + 1} of ${pages}`;
  c.font = `7px "${NARROW}"`;
  c.fillText(sheet, length - 10 - c.measureText(sheet).width, 23);
  c.restore();
}

/** A form line: the label in narrow bold capitals, the value typed on the line after it. */
function formLine(
  c: SKRSContext2D,
  x0: number,
  x1: number,
  y: number,
  label: string,
  value: string,
  labelWidth: number,
) {
  narrow.text(c, `${label}:`, x0 + 5, y + 10, 'bold 6.6px');
  const left = x0 + 5 + labelWidth;
  line(c, left, y + 11.8, x1 - 6, y + 11.8, 0.4, RULE_GREY);
  if (value) sans.text(c, value, left + 2, y + 10, `${sizeToFit(value, x1 - left - 10, 7.6)}px`);
}

function header(c: SKRSContext2D, log: BoreholeLog) {
  const top = HEADER_TOP;
  const bottom = top + HEADER_H;
  const numberLeft = RIGHT - 150;

  // The title row.
  title.text(c, 'LOG OF BORING', LEFT + 6, top + 20, 'bold 15px');
  line(c, numberLeft, top, numberLeft, top + TITLE_H, 0.8);
  narrow.text(c, 'BORING NO.', numberLeft + 5, top + 10, 'bold 6.4px');
  const id = log.id || '—';
  sans.centred(c, id, [numberLeft + 40, RIGHT], top + 23, `bold ${sizeToFit(id, 104, 16, 'bold')}px`);
  line(c, LEFT, top + TITLE_H, RIGHT, top + TITLE_H, 0.8);

  // The form: two columns of lines.
  const middle = LEFT + 270;
  const formTop = top + TITLE_H;
  const half = (x0: number, x1: number) => (x0 + x1) / 2;
  const leftRows: [string, string][] = [
    ['PROJECT', log.project || '—'],
    ['LOCATION', log.site || '—'],
    ['OTHER ID', log.locaId ?? '—'],
    ['DRILLING METHOD', methodOf(log)],
  ];
  leftRows.forEach(([label, value], i) => formLine(c, LEFT, middle, formTop + i * ROW_H, label, value, 62));
  const split = half(LEFT, middle);
  formLine(c, LEFT, split, formTop + 4 * ROW_H, 'DATE STARTED', started(log) ?? '—', 62);
  formLine(c, split - 4, middle, formTop + 4 * ROW_H, 'DATE COMPLETED', completed(log) ?? '—', 58);
  formLine(c, LEFT, split, formTop + 5 * ROW_H, 'LOGGED BY', '', 62);
  formLine(c, split - 4, middle, formTop + 5 * ROW_H, 'CHECKED BY', '', 58);

  const ground =
    log.groundLevel === null
      ? 'Not surveyed'
      : `${english(log.groundLevel / METRES_PER_FOOT, 1)}${NBSP}ft (${english(log.groundLevel, 2)}${NBSP}m)`;
  const rightRows: [string, string][] = [
    ...coordinates(log),
    ['LOCATION ACCURACY', ACCURACY[log.locationConfidence] ?? (log.locationConfidence || '—')],
    ['SURFACE ELEV.', ground],
  ];
  rightRows.forEach(([label, value], i) => formLine(c, middle, RIGHT, formTop + i * ROW_H, label, value, 70));
  const rightSplit = half(middle, RIGHT) + 22;
  formLine(
    c,
    middle,
    rightSplit,
    formTop + 5 * ROW_H,
    'TOTAL DEPTH',
    `${feetText(log.depth)} (${english(log.depth, 2)}${NBSP}m)`,
    70,
  );
  formLine(c, rightSplit - 4, RIGHT, formTop + 5 * ROW_H, 'SCALE', '1 in. = 5 ft', 30);
  line(c, middle, formTop, middle, formTop + FORM_ROWS * ROW_H, 0.6);

  // The groundwater row.
  const waterTop = formTop + FORM_ROWS * ROW_H;
  line(c, LEFT, waterTop, RIGHT, waterTop, 0.8);
  const baseline = waterTop + 14;
  narrow.text(c, 'GROUNDWATER:', LEFT + 5, baseline, 'bold 7px');
  let x = LEFT + 62;
  const read = readDay(log);
  const parts: ['steady' | 'strike', string][] = [
    [
      'strike',
      log.waterStrikes.length
        ? `During drilling (ATD): ${sortedFeet(log.waterStrikes).join(', ')}`
        : 'During drilling (ATD): not encountered',
    ],
    ...(log.standingLevels.length
      ? [
          ['steady', `Stabilized: ${sortedFeet(log.standingLevels).join(', ')}${read ? ` on ${read}` : ''}`] as [
            'steady',
            string,
          ],
        ]
      : []),
  ];
  for (const [kind, words] of parts) {
    waterSign(c, kind, x + 5, baseline - 1);
    const size = sizeToFit(words, (RIGHT - LEFT - 80) / parts.length - 24, 7.6);
    sans.text(c, words, x + 14, baseline, `${size}px`);
    x += 14 + widthOf(words, `${size}px`) + 22;
  }

  c.save();
  c.lineWidth = 1.1;
  c.strokeRect(LEFT, top, RIGHT - LEFT, bottom - top);
  c.restore();
}

// ——— The columns ———

function headings(c: SKRSContext2D) {
  tinted(c, '#efefef', () => c.fillRect(LEFT, HEAD_TOP, RIGHT - LEFT, HEAD_H));
  const middleY = HEAD_TOP + HEAD_H / 2;
  for (const [name, lines] of Object.entries(STANDING) as [Column, string[]][]) {
    const [x0, x1] = col(name);
    const centre = (x0 + x1) / 2;
    lines.forEach((text, i) => {
      const baseline = centre + 2.4 + (i - (lines.length - 1) / 2) * 8;
      standing(c, text, baseline, middleY, `bold ${sizeToFit(text, HEAD_H - 6, 7, 'bold', NARROW)}px`);
    });
  }
  const level = col('level');
  narrow.centred(c, 'ELEV.', level, HEAD_TOP + 17, 'bold 7px');
  narrow.centred(c, '(ft)', level, HEAD_TOP + 25, '6.4px');
  line(c, level[0] + 6, HEAD_TOP + 30, level[1] - 6, HEAD_TOP + 30, 0.5);
  narrow.centred(c, 'DEPTH', level, HEAD_TOP + 40, 'bold 7px');
  narrow.centred(c, '(ft)', level, HEAD_TOP + 48, '6.4px');
  const description = col('description');
  narrow.centred(c, 'MATERIAL DESCRIPTION', description, HEAD_TOP + 27, 'bold 9px');
  tinted(c, GREY, () =>
    narrow.centred(
      c,
      'Soil name, colour, constituents, density or consistency, moisture',
      description,
      HEAD_TOP + 39,
      '6.4px',
    ),
  );
  line(c, LEFT, BODY_TOP, RIGHT, BODY_TOP, 0.9);
}

function frame(c: SKRSContext2D) {
  for (const name of (Object.keys(WIDTHS) as Column[]).slice(1))
    line(c, col(name)[0], HEAD_TOP, col(name)[0], BODY_BOTTOM, name === 'description' ? 0.8 : 0.5);
  c.save();
  c.lineWidth = 1.1;
  c.strokeRect(LEFT, HEAD_TOP, RIGHT - LEFT, BODY_BOTTOM - HEAD_TOP);
  c.restore();
}

/** The depth scale in feet, ticked at the column's right edge; the water's signs at its left. */
function depthColumn(c: SKRSContext2D, page: number, placed: Placed) {
  const [x0, x1] = col('depth');
  for (let k = page * FEET_PER_PAGE; k <= (page + 1) * FEET_PER_PAGE; k++) {
    const at = BODY_TOP + (k - page * FEET_PER_PAGE) * FOOT;
    const five = k % 5 === 0;
    line(c, x1 - (five ? 7 : 3.5), at, x1, at, five ? 0.7 : 0.45);
    if (five) {
      const baseline = Math.min(Math.max(at + 2.5, BODY_TOP + 7.5), BODY_BOTTOM - 2);
      rightAligned(c, String(k), x1 - 9, baseline, k % 10 === 0 ? 'bold 7.4px' : '6.8px');
    }
  }
  onStrip(c, page, x0, x1, () => {
    for (const mark of placed.water) waterSign(c, mark.kind, x0 + 9, mark.s);
  });
  for (const mark of placed.water) {
    if (!mark.text || !onPage(mark.textAt, page)) continue;
    narrow.text(c, mark.text, x0 + 2.5, paperY(mark.textAt, page), `${sizeToFit(mark.text, 29, 5.8, '', NARROW)}px`);
  }
}

function sampling(c: SKRSContext2D, page: number, placed: Placed) {
  const [x0, x1] = col('sample');
  onStrip(c, page, x0, x1, () => {
    for (const sample of placed.samples) sampleBar(c, sample.type, x1 - 9, sample.top, sample.base);
  });
  const room = x1 - 11 - (x0 + 2.5);
  for (const sample of placed.samples) {
    if (onPage(sample.name.s, page))
      sans.text(
        c,
        sample.name.text,
        x0 + 2.5,
        paperY(sample.name.s, page),
        `bold ${sizeToFit(sample.name.text, room, 6.8, 'bold')}px`,
      );
    if (onPage(sample.span.s, page))
      narrow.text(
        c,
        sample.span.text,
        x0 + 2.5,
        paperY(sample.span.s, page),
        `${sizeToFit(sample.span.text, room, 6.2, '', NARROW)}px`,
      );
  }

  const blows = col('blows');
  const n = col('n');
  const n60 = col('n60');
  for (const test of placed.tests) {
    if (pageOf(test.tick) === page && test.tick - pageStart(page) > 0.01) {
      const at = paperY(test.tick, page);
      line(c, blows[0], at, blows[0] + 3.5, at, 0.6);
    }
    if (!onPage(test.s, page)) continue;
    const y = paperY(test.s, page);
    if (test.blows) sans.centred(c, test.blows, blows, y, `${sizeToFit(test.blows, blows[1] - blows[0] - 5, 7)}px`);
    sans.centred(c, test.n, n, y, `bold ${sizeToFit(test.n, n[1] - n[0] - 3, 7.4, 'bold')}px`);
    sans.centred(c, test.n60, n60, y, `${sizeToFit(test.n60, n60[1] - n60[0] - 3, 7)}px`);
  }
}

function strata(c: SKRSContext2D, log: BoreholeLog, page: number, placed: Placed) {
  const [graphicLeft, graphicRight] = col('graphic');
  const [levelLeft, levelRight] = col('level');
  const [descLeft, descRight] = col('description');
  const uscsSpan = col('uscs');
  const levelled = log.groundLevel !== null;

  onStrip(c, page, graphicLeft, graphicRight, () => {
    for (const layer of log.layers)
      hatch(c, layerSoil(layer), graphicLeft, strip(layer.top), graphicRight, strip(layer.base));
    for (const layer of log.layers)
      if (layer.top > 0) line(c, graphicLeft, strip(layer.top), graphicRight, strip(layer.top), 0.8);
  });
  for (const symbol of placed.symbols)
    if (onPage(symbol.s, page))
      narrow.centred(
        c,
        symbol.text,
        uscsSpan,
        paperY(symbol.s, page),
        `bold ${sizeToFit(symbol.text, 21, 7, 'bold', NARROW)}px`,
      );

  // The boundaries' labels, each on its short rule; a label crowded off its rule tied back to it.
  for (const level of placed.levels) {
    const isEnd = Math.abs(level.s - placed.end.s) < 0.01;
    if (pageOf(level.s) === page || (level.s === pageStart(page) && page > 0)) {
      const at = paperY(level.s, page);
      if (level.s > 0.01 && !isEnd)
        line(c, levelLeft, at, Math.abs(level.at - level.s) < 0.5 ? levelRight : levelLeft + 6, at, 0.8);
    }
    const labelPage = level.mode === 'above' ? pageOf(level.at - 0.01) : pageOf(level.at);
    if (labelPage !== page) continue;
    const y = paperY(level.at, page);
    if (Math.abs(level.at - level.s) >= 0.5) {
      dotted(c, levelLeft + 3, y, levelRight - 2, y, 0.6);
      if (pageOf(level.s) === page) dotted(c, levelLeft + 3, y, levelLeft + 3, paperY(level.s, page), 0.6);
    }
    const room = levelRight - levelLeft - 6;
    const [elevationLine, depthLine] =
      level.mode === 'split' ? [y - 2.5, y + 8.5] : level.mode === 'below' ? [y + 8, y + 16.5] : [y - 10.5, y - 2.5];
    const depthAt = levelled ? depthLine : level.mode === 'above' ? y - 2.5 : y + 8.5;
    if (level.elevation !== null)
      rightAligned(c, level.elevation, levelRight - 3, elevationLine, `${sizeToFit(level.elevation, room, 6.6)}px`);
    rightAligned(c, level.depth, levelRight - 3, depthAt, `bold ${sizeToFit(level.depth, room, 7.2, 'bold')}px`);
  }

  // The rules across the description; a rule pushed down joined to its boundary by a slanting dotted leader.
  onStrip(c, page, descLeft, descRight, () => {
    for (const { s, at } of placed.rules) {
      if (s < 0.01) continue;
      if (at - s < 0.5) line(c, descLeft, s, descRight, s, 0.7);
      else {
        dotted(c, descLeft, s, descLeft + LEADER, at, 0.6);
        line(c, descLeft + LEADER, at, descRight, at, 0.7);
      }
    }
    const { s, at } = placed.end;
    const from = at - s < 0.5 ? descLeft : descLeft + LEADER;
    if (at - s >= 0.5) dotted(c, descLeft, s, descLeft + LEADER, at, 0.6);
    line(c, from, at, descRight, at, 0.9);
    line(c, from, at + 2, descRight, at + 2, 0.9);
  });
  // The hole's end: a double rule across the graphic log and the levels too.
  onStrip(c, page, graphicLeft, levelRight, () => {
    const { s } = placed.end;
    line(c, graphicLeft, s, levelRight, s, 0.9);
    line(c, graphicLeft, s + 2, levelRight, s + 2, 0.9);
  });

  for (const { s, text, name } of placed.lines) {
    if (!onPage(s, page)) continue;
    const y = paperY(s, page);
    const x = descLeft + DESC_INDENT;
    if (name) sans.text(c, text.slice(0, name), x, y, descStyle(true));
    if (name < text.length)
      sans.text(c, text.slice(name), x + widthOf(text.slice(0, name), descStyle(true)), y, descStyle(false));
  }
  if (onPage(placed.end.text, page))
    sans.text(
      c,
      `Bottom of boring at ${feetText(log.depth)}.`,
      descLeft + DESC_INDENT,
      paperY(placed.end.text, page),
      'bold 7.4px',
    );
}

// ——— The foot ———

function foot(c: SKRSContext2D, log: BoreholeLog, page: number, pages: number) {
  const split = LEFT + 286;
  c.save();
  c.lineWidth = 1;
  c.strokeRect(LEFT, FOOT_TOP, RIGHT - LEFT, FOOT_BOTTOM - FOOT_TOP);
  c.restore();
  line(c, split, FOOT_TOP, split, FOOT_BOTTOM, 0.8);

  narrow.text(c, 'NOTES AND ABBREVIATIONS', LEFT + 5, FOOT_TOP + 10, 'bold 7px');
  const notes = [
    'Depths in feet below ground surface; elevations in feet (1 ft = 0.3048 m).',
    'SS: split-spoon sample (2 in. O.D.); ST: Shelby tube; C: rock core.',
    'Blows per 6 in.: 140 lb hammer, 30 in. drop. N: blows for the last 12 in. (blows/ft).',
    `N60: N corrected to 60 % energy, automatic hammer, ER = ${ENERGY_RATIO} % (N60 = N × ${ENERGY_RATIO}/60).`,
    'REF: refusal, 50 blows for less than 6 in. (blows/inches driven).',
  ];
  let y = FOOT_TOP + 20;
  for (const note of notes) {
    narrow.text(c, note, LEFT + 5, y, `${sizeToFit(note, split - LEFT - 10, 6.4, '', NARROW)}px`);
    y += 8.2;
  }
  y += 3;
  waterSign(c, 'steady', LEFT + 11, y - 1);
  narrow.text(c, 'Stabilized water level (date read)', LEFT + 20, y, '6.4px');
  const next = LEFT + 24 + widthOf('Stabilized water level (date read)', '6.4px', NARROW) + 12;
  waterSign(c, 'strike', next, y - 1);
  narrow.text(c, 'ATD: water at time of drilling', next + 9, y, '6.4px');

  narrow.text(c, 'REMARKS', split + 5, FOOT_TOP + 10, 'bold 7px');
  y = FOOT_TOP + 20;
  remarks(log, page, pages).forEach((remark, i) => {
    const wrapped = wrapLine(remark, RIGHT - split - 22, '6.6px');
    sans.text(c, `${i + 1}.`, split + 5, y, '6.6px');
    for (const text of wrapped) {
      if (y > FOOT_BOTTOM - 3) return;
      sans.text(c, text, split + 14, y, '6.6px');
      y += 8;
    }
  });
}

// ——— The log ———

function piedsLog(log: BoreholeLog, sheets: Sheets) {
  const placed = place(log);
  const pages = pageOf(Math.max(0, placed.extent - 0.5)) + 1;
  for (let page = 0; page < pages; page++) {
    const c = sheets.page();
    titleStrip(c, log, page, pages);
    header(c, log);
    headings(c);
    depthColumn(c, page, placed);
    sampling(c, page, placed);
    strata(c, log, page, placed);
    frame(c);
    foot(c, log, page, pages);
  }
}

/** The log drawn in the « pieds » layout as a vector PDF, its text kept as text (a firm's export). */
export function piedsLayoutPdf(log: BoreholeLog): Uint8Array {
  return pdfPages(piedsLog, log, PAPER);
}

/** The log drawn in the « pieds » layout, as page images at `dpi`. */
export async function piedsLayoutPages(log: BoreholeLog, dpi: number): Promise<PageImage[]> {
  return await rasterPages(piedsLog, log, PAPER, dpi);
}
