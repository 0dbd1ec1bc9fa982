// The fourteenth firm's log layout, written for a later session's measure and never tuned on: drawn
// by this script alone, by a helper that has not read the reader nor its notes, apart from the
// layouts it was built and tuned on — `npm run bench:ocr` measures it with the others, and nothing
// in the reader is changed to suit it.
//
// « puits »: a Québec environmental and geotechnical firm's « RAPPORT DE FORAGE ET DE PUITS
// D'OBSERVATION », the form its technicians use on contaminated-site work (phase II assessments),
// where the same hole is logged for the soils, the tests, the vapours and the well. A4 paper
// turned landscape (297 × 210 mm) at 1:40, six metres of the hole on every page (0–6 m, 6–12 m…).
// The values and the descriptions are in a wide sans-serif type (DejaVu Sans), the labels and the
// column headings in a narrow bold one (Liberation Sans Narrow), the title and the hole's number in
// a bold serif (DejaVu Serif); decimal commas, thousands parted by spaces (« 5 034 567,8 m »).
//
// Across the top, only a band: the firm's name (its emblem as a diamond with its initials, if it
// has one) over its trades, the title in the middle, and at the right a box « FORAGE N° » with the
// hole's number in large type and « Feuille 1 de 2 ». Everything else about the hole is in a
// two-column table at the FOOT of every page, each row a label in a grey cell and its value in the
// white one after it: on the left the project, the place, the hole's other name, the drilling
// method, the day(s) of drilling in ISO form (« 2019-07-18 », « 2022-06-30 au 2022-07-02 ») and
// lines to sign; on the right the coordinate system (« MTM fuseau 8, NAD 83 (SCOPQ) — EPSG:32188 »),
// then « Coordonnée X (Est) » and « Coordonnée Y (Nord) » in metres, or « Latitude » and
// « Longitude » in decimal degrees with their hemisphere after them (« 73,56789° O »), how the
// position was had, the ground's elevation and the total depth with the scale. Beside the table, a
// box of numbered notes (the units, the samplers, how the SPT is written, the vapours' readings).
//
// The columns, left to right: « DESCRIPTION DES SOLS ET DU ROC » at the far left and widest, each
// layer's span written in bold at the head of its own text (« 0,00 – 1,23 m : Remblai, … ») and
// its boundary only a line across the description and the symbol, no depth at the line; a
// description pushed down by a long one above it is not tied back to its line (its span says
// where it belongs), and lines that run off a page go on at the top of the next; the hole's end a
// heavy line with « Fin du forage à 7,62 m » under it. Then « Symb. » (black hatching over a
// pale tint of the soil's colour); the depth scale in the MIDDLE of the sheet, a spine ticked each
// 0,2 m with the depth of each metre at its left and, at its right, the elevation of that metre in
// small grey type (none when the ground was not levelled); « Puits d'obs. », the well's
// construction drawn (concrete, bentonite seal, sand pack, the riser and its slotted screen), or
// the hole backfilled when no well was set; « Échantillon », a bar over the length sampled with
// « CF-1 » beside its top and « 0,75–1,35 » under that; « ENVIRONNEMENT »: « COV (ppm) », the
// photo-ionisation detector's reading of each sample (« < 1 » below its threshold), and « Odeur »
// (« aucune », « faible HP »); « ESSAI DE PÉNÉTRATION STANDARD »: the blows of each of the four
// 150 mm of the spoon's drive in four narrow columns headed « 1 » to « 4 » (a refusal written
// « 50/75 mm » across the columns it stopped in, « — » where no count was kept), then « Indice N »,
// a bar chart from 0 to 80 where each test's N (the 2nd and 3rd increments) is a grey bar with its
// value printed at the bar's end (inside it, in white, when the bar runs to the edge; « Refus » or
// « > 50 » for a refusal, « n.d. » when no count was kept); and last « REMARQUES », the only place
// the water is written: sentences at their depths, each with a tick on its exact depth at the
// column's edge (« Venue d'eau à 2,10 m en cours de forage. », « Niveau d'eau stabilisé à 3,42 m,
// mesuré le 2019-07-18. »), the well's screen, the cores' RQD, the backfilling.
import { GlobalFonts, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../api/digitise/raster.ts';
import { methodText } from '../src/domain/ags/hole-types.ts';
import type { DrillingMethod } from '../src/domain/borehole.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { layerSoil, SOIL_CLASSES, SOIL_PATTERN_PATHS } from '../src/domain/soil.ts';
import { type Ink, isoDay, numeral, pdfPages, rasterPages, type Sheets, writer } from './layout-pages.ts';

const fontPath = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(fontPath('DejaVuSans.ttf'), 'Puits Wide');
GlobalFonts.registerFromPath(fontPath('DejaVuSans-Bold.ttf'), 'Puits Wide');
GlobalFonts.registerFromPath(fontPath('LiberationSansNarrow-Regular.ttf'), 'Puits Narrow');
GlobalFonts.registerFromPath(fontPath('LiberationSansNarrow-Bold.ttf'), 'Puits Narrow');
GlobalFonts.registerFromPath(fontPath('DejaVuSerif-Bold.ttf'), 'Puits Title');
const WIDE = 'Puits Wide';
const NARROW = 'Puits Narrow';
const TITLE = 'Puits Title';

/** A4 turned landscape, in points. */
const PAPER = { width: 841.89, height: 595.28 };
const LEFT = 22;
const RIGHT = PAPER.width - 22;
/** 1:40: a metre of the hole is 2,5 cm of paper; six metres on every page. */
const METRE = 72 / 2.54 / 0.4;
const METRES_PER_PAGE = 6;
const SPAN = METRES_PER_PAGE * METRE;

const BAND_TOP = 14;
const BAND_BOTTOM = 50;
const HEAD_TOP = 54;
const HEAD_BOTTOM = 92;
const BODY_TOP = HEAD_BOTTOM;
const BODY_BOTTOM = BODY_TOP + SPAN;
const TABLE_TOP = BODY_BOTTOM + 5;
const ROW_H = 10.6;
const TABLE_ROWS = 6;
const TABLE_BOTTOM = TABLE_TOP + TABLE_ROWS * ROW_H;

const INK = '#111';
const GREY = '#6a6a6a';
const SHADE = '#e4e4e4';

/** The columns, left to right, with their widths in points (the remarks take what is left). */
const WIDTHS = {
  description: 262,
  symbol: 24,
  scale: 46,
  well: 36,
  sample: 48,
  vapour: 26,
  odour: 34,
  blows1: 17,
  blows2: 17,
  blows3: 17,
  blows4: 17,
  chart: 96,
  remarks: 0,
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
const BLOWS: Column[] = ['blows1', 'blows2', 'blows3', 'blows4'];
/** The chart's scale: N from 0 to 80 across its width. */
const N_MAX = 80;
const CHART_X0 = COL.chart.x0 + 5;
const CHART_X1 = COL.chart.x1 - 5;
const chartX = (n: number) => CHART_X0 + (Math.min(n, N_MAX) / N_MAX) * (CHART_X1 - CHART_X0);

const DESC_SIZE = 6.5;
const LEADING = 8.4;
/** How far a line of text reaches above and below its baseline. */
const ASC = 6;
const DESC = 2;

// ——— Writing ———

const { widthOf, put, fitted } = writer({ family: WIDE, size: 7, colour: INK });

/** Words broken into lines: the first `first` points wide, the others `rest`. */
function wrap(text: string, first: number, rest: number, ink: Ink): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const tried = line ? `${line} ${word}` : word;
    if (line && widthOf(tried, ink) > (out.length ? rest : first)) {
      out.push(line);
      line = word;
    } else line = tried;
  }
  out.push(line);
  return out;
}

function line(c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, width = 0.5, dash: number[] = []) {
  c.save();
  c.strokeStyle = INK;
  c.lineWidth = width;
  c.setLineDash(dash);
  c.beginPath();
  c.moveTo(x0, y0);
  c.lineTo(x1, y1);
  c.stroke();
  c.restore();
}

function frame(c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, width = 0.7, fill = '') {
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

// ——— The firm's ways of writing ———

const m2 = (value: number) => numeral(value, 2);

function drillingDays(log: BoreholeLog): { label: string; value: string } {
  const first = isoDay(log.date) ?? isoDay(log.endDate);
  const last = isoDay(log.endDate) ?? first;
  if (!first) return { label: 'Date du forage', value: 'non consignée' };
  if (last && last !== first) return { label: 'Dates du forage', value: `${first} au ${last}` };
  return { label: 'Date du forage', value: first };
}
const measuredOn = (log: BoreholeLog) => isoDay(log.endDate) ?? isoDay(log.date);

const METHOD_WORDS: Record<DrillingMethod, string> = {
  hollow_stem_auger: 'Tarière à tiges creuses',
  rotary: 'Forage rotatif avec lavage',
  coring: 'Carottage au diamant',
  sonic: 'Forage sonique',
};
const methodWords = (log: BoreholeLog) =>
  log.holeType ? methodText(log.method, log.holeType) : log.method ? METHOD_WORDS[log.method] : 'non précisée';

const POSITION: Record<string, string> = {
  surveyed: "Levée par l'arpenteur",
  approximate: 'Approximative',
  converted: 'Convertie',
  unknown: 'Inconnue',
};

interface Place {
  system: string;
  rows: [string, string][];
}
/** The coordinates as the table gives them: the system on its row, then its two values. */
function placeOf(log: BoreholeLog): Place {
  const geographic = (lat: number, lon: number, datum: string, code: string): Place => ({
    system: `Géographiques, ${datum}${code}`,
    rows: [
      ['Latitude', `${numeral(Math.abs(lat), 5)}° ${lat < 0 ? 'S' : 'N'}`],
      ['Longitude', `${numeral(Math.abs(lon), 5)}° ${lon < 0 ? 'O' : 'E'}`],
    ],
  });
  if (log.original) {
    const { crs, x, y } = log.original;
    const code = Number(crs.replace(/^EPSG:/i, ''));
    const tag = Number.isFinite(code) && code > 0 ? ` — EPSG:${code}` : '';
    const projected = (system: string): Place => ({
      system: `${system}${tag}`,
      rows: [
        ['Coordonnée X (Est)', `${numeral(x, 1)} m`],
        ['Coordonnée Y (Nord)', `${numeral(y, 1)} m`],
      ],
    });
    if (code >= 32181 && code <= 32190) return projected(`MTM fuseau ${code - 32180}, NAD 83 (SCOPQ)`);
    if (code >= 2945 && code <= 2952) return projected(`MTM fuseau ${code - 2942}, NAD 83 (SCRS)`);
    if (code >= 26917 && code <= 26922) return projected(`UTM fuseau ${code - 26900} N, NAD 83`);
    if (code >= 2958 && code <= 2962) return projected(`UTM fuseau ${code - 2941} N, NAD 83 (SCRS)`);
    if (code === 32198) return projected('Lambert conique conforme du Québec, NAD 83');
    if (code === 4326) return geographic(y, x, 'WGS 84', tag);
    if (code === 4269) return geographic(y, x, 'NAD 83', tag);
    if (code === 4617) return geographic(y, x, 'NAD 83 (SCRS)', tag);
    return projected(crs);
  }
  if (log.lat !== null && log.lon !== null) return geographic(log.lat, log.lon, 'NAD 83', '');
  return {
    system: 'Non levées',
    rows: [
      ['Coordonnée X (Est)', '—'],
      ['Coordonnée Y (Nord)', '—'],
    ],
  };
}

type Test = BoreholeLog['spt'][number];
interface Blows {
  /** What each of the four columns holds; a refusal spans from its column to the last. */
  cells: string[];
  span: { from: number; text: string } | null;
  /** N at the bar's end, and the bar's length in blows (null: no bar). */
  label: string;
  bar: number | null;
}
/** A test as the firm's form writes it: the blows of each 150 mm, N the 2nd and 3rd. */
function blowsOf(test: Test): Blows {
  if (test.refusal) {
    const { blows, mm, seating } = test.refusal;
    if (mm === null) return { cells: ['—', '—', '—', '—'], span: null, label: `> ${blows}`, bar: N_MAX };
    const text = `${blows}/${Math.round(mm)} mm`;
    return seating
      ? { cells: [], span: { from: 0, text }, label: 'Refus', bar: N_MAX }
      : { cells: ['—'], span: { from: 1, text }, label: 'Refus', bar: N_MAX };
  }
  if (test.n === null) return { cells: ['—', '—', '—', '—'], span: null, label: 'n.d.', bar: null };
  const n = test.n;
  if (!Number.isInteger(n)) return { cells: ['—', '—', '—', '—'], span: null, label: numeral(n, 1), bar: n };
  const second = Math.floor(n / 2);
  const third = n - second;
  const first = n === 0 ? 0 : Math.max(1, Math.round(n * 0.4));
  const fourth = n === 0 ? 0 : Math.max(1, Math.round(n * 0.55) + 1);
  return { cells: [first, second, third, fourth].map(String), span: null, label: String(n), bar: n };
}

/** A small deterministic number from a text: the vapours' readings are the same at each drawing. */
function hashOf(text: string) {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619) >>> 0;
  return h;
}

// ——— The strip: the hole as one long strip at 1:40, cut into pages of six metres ———

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
  head: string;
  text: string;
}
interface Remark {
  depth: number;
  lines: { s: number; text: string }[];
}
interface Row {
  s: number;
  blows: Blows;
}
interface Sampled {
  top: number;
  base: number | null;
  s: number;
  label: string;
  span: string;
  vapour: string;
  odour: string;
}
interface Plan {
  descriptions: Written[];
  end: number;
  remarks: Remark[];
  rows: Row[];
  samples: Sampled[];
  pages: number;
}

const DESC_INK: Ink = { size: DESC_SIZE };
const HEAD_INK: Ink = { size: DESC_SIZE, bold: true };
const REMARK_INK: Ink = { family: NARROW, size: 6.8 };

function plan(log: BoreholeLog): Plan {
  const layers = [...log.layers].sort((a, b) => a.top - b.top);
  const room = COL.description.x1 - COL.description.x0 - 8;
  const descriptions: Written[] = [];
  let free = -Infinity;
  for (const layer of layers) {
    const head = `${m2(layer.top)} – ${m2(layer.base)} m :`;
    const indent = widthOf(`${head} `, HEAD_INK);
    let s = settle(Math.max(strip(layer.top) + ASC + 2.5, free + ASC + 1.4));
    wrap(layer.description, room - indent, room, DESC_INK).forEach((text, i) => {
      descriptions.push({ s, head: i === 0 ? head : '', text });
      free = s + DESC;
      s = settle(s + LEADING);
    });
  }
  const end = settle(Math.max(strip(log.depth) + ASC + 3.5, free + ASC + 3));

  // The remarks, at their depths, each pushed down under the one above it.
  const notes: { depth: number; text: string }[] = [
    ...log.waterStrikes.map((depth) => ({ depth, text: `Venue d'eau à ${m2(depth)} m en cours de forage.` })),
    ...log.standingLevels.map((depth) => {
      const day = measuredOn(log);
      return { depth, text: `Niveau d'eau stabilisé à ${m2(depth)} m${day ? `, mesuré le ${day}` : ''}.` };
    }),
    ...log.cores.map((core) => ({
      depth: core.top,
      text: `Carottage de ${m2(core.top)} à ${m2(core.base)} m : ${core.rqd === null ? 'RQD non mesuré' : `RQD = ${Math.round(core.rqd)} %`}.`,
    })),
  ];
  if (log.screen)
    notes.push({
      depth: log.screen.top,
      text: `Puits d'observation : crépine de ${m2(log.screen.top)} à ${m2(log.screen.base)} m.`,
    });
  else notes.push({ depth: log.depth, text: 'Aucun puits installé ; forage remblayé de bentonite et de déblais.' });
  if (log.waterStrikes.length === 0 && log.standingLevels.length === 0)
    notes.push({ depth: log.depth, text: "Aucune eau observée en cours de forage ni à la fin de l'ouvrage." });
  notes.sort((a, b) => a.depth - b.depth);
  const remarks: Remark[] = [];
  const width = COL.remarks.x1 - COL.remarks.x0 - 12;
  let below = -Infinity;
  for (const note of notes) {
    const wrapped = wrap(note.text, width, width, REMARK_INK);
    let s = settle(Math.max(strip(note.depth) + 2.4, below + ASC + 1.6));
    const lines: Remark['lines'] = [];
    for (const text of wrapped) {
      lines.push({ s, text });
      below = s + DESC;
      s = settle(s + 7.8);
    }
    remarks.push({ depth: note.depth, lines });
  }

  const rows = [...log.spt]
    .sort((a, b) => a.top - b.top)
    .map((test) => ({ s: settle(strip(test.top) + ASC + 1.5), blows: blowsOf(test) }));

  const salt = hashOf(log.id);
  const samples = [...log.samples]
    .sort((a, b) => a.top - b.top)
    .map((sample, i) => {
      const h = hashOf(`${salt}:${i}:${sample.ref}`);
      const reading = h % 5 === 0 ? 10 + (h % 90) / 3 : (h % 40) / 10;
      const layer = layers.find((each) => sample.top >= each.top && sample.top < each.base);
      const fill = layer ? /^remblai/i.test(layer.description) : false;
      return {
        top: sample.top,
        base: sample.base,
        s: settle(strip(sample.top) + ASC + 1.5),
        label: `${sample.type.trim().toUpperCase() || 'CF'}-${sample.ref}`,
        span: sample.base === null ? m2(sample.top) : `${m2(sample.top)}–${m2(sample.base)}`,
        vapour: reading < 1 ? '< 1' : numeral(reading, 1),
        odour: fill && h % 3 === 0 ? 'faible HP' : 'aucune',
      };
    });

  const lastLine = Math.max(
    end,
    ...remarks.flatMap((remark) => remark.lines.map((each) => each.s)),
    ...samples.map((sample) => settle(sample.s + 7.4)),
  );
  const pages = Math.max(Math.ceil(strip(log.depth) / SPAN - 1e-9), pageOfLine(lastLine) + 1, 1);
  return { descriptions, end, remarks, rows, samples, pages };
}

// ——— The band across the top ———

function band(c: SKRSContext2D, log: BoreholeLog, page: number, pages: number) {
  let x = LEFT;
  if (log.emblem) {
    const cx = LEFT + 15;
    const cy = (BAND_TOP + BAND_BOTTOM) / 2;
    c.save();
    c.fillStyle = log.emblem.colour;
    c.beginPath();
    c.moveTo(cx, cy - 15);
    c.lineTo(cx + 15, cy);
    c.lineTo(cx, cy + 15);
    c.lineTo(cx - 15, cy);
    c.closePath();
    c.fill();
    c.restore();
    put(c, log.emblem.initials, cx, cy + 3.6, { family: TITLE, size: 10, align: 'centre', colour: '#fff' });
    x += 36;
  }
  put(c, log.organisation, x, BAND_TOP + 15, fitted(log.organisation, 230, { family: WIDE, size: 11, bold: true }));
  put(c, 'Géotechnique · Environnement · Hydrogéologie', x, BAND_TOP + 27, {
    family: NARROW,
    size: 7.5,
    colour: GREY,
  });
  const middle = (LEFT + RIGHT) / 2 + 10;
  put(c, 'RAPPORT DE FORAGE', middle, BAND_TOP + 15, { family: TITLE, size: 13, align: 'centre' });
  put(c, "ET DE PUITS D'OBSERVATION", middle, BAND_TOP + 29, { family: TITLE, size: 9, align: 'centre' });

  const x0 = RIGHT - 150;
  frame(c, x0, BAND_TOP, RIGHT, BAND_BOTTOM, 1);
  line(c, x0 + 52, BAND_TOP, x0 + 52, BAND_BOTTOM, 0.5);
  put(c, 'FORAGE N°', x0 + 26, BAND_TOP + 15, { family: NARROW, size: 7.5, bold: true, align: 'centre' });
  put(c, `Feuille ${page + 1}`, x0 + 26, BAND_TOP + 25.5, { family: NARROW, size: 6.8, align: 'centre' });
  put(c, `de ${pages}`, x0 + 26, BAND_TOP + 33, { family: NARROW, size: 6.8, align: 'centre' });
  put(c, log.id, (x0 + 52 + RIGHT) / 2, BAND_TOP + 24, {
    ...fitted(log.id, 90, { family: TITLE, size: 17 }, 9),
    align: 'centre',
  });
  line(c, LEFT, BAND_BOTTOM + 1.5, x0 - 8, BAND_BOTTOM + 1.5, 1.2);
}

// ——— The columns' headings ———

function headings(c: SKRSContext2D) {
  const y0 = HEAD_TOP;
  const y1 = HEAD_BOTTOM;
  const mid = y0 + 12;
  frame(c, LEFT, y0, RIGHT, y1, 0.9, '#f2f2f2');
  const H: Ink = { family: NARROW, size: 6.6, bold: true, align: 'centre' };
  const centreOf = (name: Column) => (COL[name].x0 + COL[name].x1) / 2;
  const stacked = (words: string[], x: number, top: number, bottom: number, ink: Ink = H) => {
    const centre = (top + bottom) / 2 + 2.3;
    words.forEach((word, i) => put(c, word, x, centre + (i - (words.length - 1) / 2) * 7.6, ink));
  };
  // The groups' titles over their columns.
  const groups: [Column, Column, string][] = [
    ['vapour', 'odour', 'ENVIRONNEMENT'],
    ['blows1', 'chart', 'ESSAI DE PÉNÉTRATION STANDARD'],
  ];
  for (const [from, to, title] of groups) {
    line(c, COL[from].x0, mid, COL[to].x1, mid, 0.5);
    put(c, title, (COL[from].x0 + COL[to].x1) / 2, y0 + 8.6, H);
  }
  const grouped = (name: Column) =>
    groups.some(([from, to]) => COL[name].x0 >= COL[from].x0 && COL[name].x1 <= COL[to].x1);
  const firstOfGroup = (name: Column) => groups.some(([from]) => from === name);
  // The rules between the blows' columns start under « Coups / 150 mm ».
  const under = mid + 11;
  for (const name of Object.keys(COL) as Column[]) {
    const from = BLOWS.includes(name) && name !== 'blows1' ? under : grouped(name) && !firstOfGroup(name) ? mid : y0;
    if (COL[name].x0 > LEFT) line(c, COL[name].x0, from, COL[name].x0, y1, 0.5);
  }
  stacked(['DESCRIPTION DES SOLS ET DU ROC'], centreOf('description'), y0, y1 - 8, { ...H, size: 7.6 });
  put(c, 'profondeurs en mètres sous la surface', centreOf('description'), y1 - 6, {
    family: NARROW,
    size: 6,
    italic: true,
    align: 'centre',
    colour: GREY,
  });
  stacked(['Symb.'], centreOf('symbol'), y0, y1);
  const spine = COL.scale.x0 + 22;
  put(c, 'Prof.', (COL.scale.x0 + spine) / 2, (y0 + y1) / 2 - 1, H);
  put(c, 'Élév.', (spine + COL.scale.x1) / 2, (y0 + y1) / 2 - 1, H);
  put(c, '(m)', centreOf('scale'), (y0 + y1) / 2 + 8, { ...H, bold: false });
  stacked(['Puits', "d'obs."], centreOf('well'), y0, y1);
  stacked(['Échantillon', 'n° / prof. (m)'], centreOf('sample'), y0, y1);
  stacked(['COV', '(ppm)'], centreOf('vapour'), mid, y1);
  stacked(['Odeur'], centreOf('odour'), mid, y1);
  // The blows: « Coups / 150 mm » over the four columns, numbered 1 to 4.
  line(c, COL.blows1.x0, under, COL.blows4.x1, under, 0.4);
  put(c, 'Coups / 150 mm', (COL.blows1.x0 + COL.blows4.x1) / 2, mid + 8.4, H);
  BLOWS.forEach((name, i) => stacked([String(i + 1)], centreOf(name), under, y1));
  // The chart: its title and its axis.
  put(c, 'Indice N (coups / 300 mm)', centreOf('chart'), mid + 8.4, H);
  for (let n = 0; n <= N_MAX; n += 20) {
    const x = chartX(n);
    line(c, x, y1 - 3, x, y1, 0.5);
    put(c, String(n), x, y1 - 4.5, { family: NARROW, size: 6, align: 'centre' });
  }
  stacked(['REMARQUES'], centreOf('remarks'), y0, y1, { ...H, size: 7.4 });
}

// ——— The body ———

/** Drawing on the page's body only: what the strip holds there, clipped to a column's span. */
function onBody(c: SKRSContext2D, page: number, x0: number, x1: number, draw: (view: View) => void) {
  c.save();
  c.beginPath();
  c.rect(x0, BODY_TOP, x1 - x0, SPAN);
  c.clip();
  c.translate(0, BODY_TOP - page * SPAN);
  draw({ lo: page * SPAN - 2, hi: (page + 1) * SPAN + 2 });
  c.restore();
}
/** The stretch of the strip a page shows: patterns are drawn there only, not along the whole hole. */
interface View {
  lo: number;
  hi: number;
}

/** Hatching of the soil on tiles of seven points, in black over a pale tint of its colour. */
function hatching(
  c: SKRSContext2D,
  layer: BoreholeLog['layers'][number],
  x0: number,
  s0: number,
  x1: number,
  s1: number,
  view: View,
) {
  [s0, s1] = [Math.max(s0, view.lo), Math.min(s1, view.hi)];
  if (s1 <= s0) return;
  const soil = SOIL_CLASSES[layerSoil(layer)];
  c.save();
  c.beginPath();
  c.rect(x0, s0, x1 - x0, s1 - s0);
  c.clip();
  c.globalAlpha = soil.pattern === 'solid' ? 0.85 : 0.3;
  c.fillStyle = soil.colour;
  c.fillRect(x0, s0, x1 - x0, s1 - s0);
  c.globalAlpha = 1;
  const path = SOIL_PATTERN_PATHS[soil.pattern];
  if (path) {
    const tile = new Path2D(path);
    c.strokeStyle = INK;
    c.lineWidth = soil.pattern === 'stipple' || soil.pattern === 'coarse-dots' ? 1.2 : 0.5;
    c.lineCap = 'round';
    const step = 7;
    for (let y = Math.floor(s0 / step) * step; y < s1; y += step)
      for (let x = x0; x < x1; x += step) {
        c.save();
        c.translate(x, y);
        c.scale(step / 8, step / 8);
        c.stroke(tile);
        c.restore();
      }
  }
  c.restore();
}

/** Dots or slants filling a stretch of the well's annulus. */
function fillStretch(
  c: SKRSContext2D,
  [x0, x1]: [number, number],
  [s0, s1]: [number, number],
  kind: 'sand' | 'seal' | 'fill',
  view: View,
) {
  [s0, s1] = [Math.max(s0, view.lo), Math.min(s1, view.hi)];
  if (s1 <= s0) return;
  c.save();
  c.beginPath();
  c.rect(x0, s0, x1 - x0, s1 - s0);
  c.clip();
  if (kind === 'sand') {
    c.fillStyle = '#444';
    for (let y = Math.floor(s0 / 3) * 3; y < s1; y += 3)
      for (let x = x0 + ((y / 3) % 2) * 1.5; x < x1; x += 3) c.fillRect(x, y, 0.8, 0.8);
  } else if (kind === 'seal') {
    c.strokeStyle = '#333';
    c.lineWidth = 0.45;
    for (let k = Math.floor(s0 / 4) * 4 - (x1 - x0); k < s1; k += 4) {
      c.beginPath();
      c.moveTo(x0, k + (x1 - x0));
      c.lineTo(x1, k);
      c.stroke();
    }
  } else {
    c.fillStyle = '#d9d9d9';
    c.fillRect(x0, s0, x1 - x0, s1 - s0);
    c.fillStyle = '#666';
    for (let y = Math.floor(s0 / 6) * 6; y < s1; y += 6) c.fillRect(x0 + 3 + ((y / 6) % 3) * 5, y + 2, 1.4, 1.2);
  }
  c.restore();
}

/** The well as it was built, or the hole as it was backfilled. */
function well(c: SKRSContext2D, log: BoreholeLog, view: View) {
  const { x0, x1 } = COL.well;
  const hole0 = x0 + 6;
  const hole1 = x1 - 6;
  const pipe0 = (x0 + x1) / 2 - 3.5;
  const pipe1 = (x0 + x1) / 2 + 3.5;
  const bottom = strip(log.depth);
  if (!log.screen) {
    fillStretch(c, [hole0, hole1], [0, bottom], 'fill', view);
    line(c, hole0, 0, hole0, bottom, 0.5);
    line(c, hole1, 0, hole1, bottom, 0.5);
    return;
  }
  const top = strip(log.screen.top);
  const base = strip(log.screen.base);
  const sand = Math.max(strip(0.6), top - strip(0.3));
  const cap = Math.min(strip(0.3), sand);
  c.save();
  c.fillStyle = '#9a9a9a';
  c.fillRect(hole0, 0, hole1 - hole0, cap);
  c.restore();
  fillStretch(c, [hole0, hole1], [cap, sand], 'seal', view);
  fillStretch(c, [hole0, hole1], [sand, Math.min(bottom, base + strip(0.3))], 'sand', view);
  fillStretch(c, [hole0, hole1], [base + strip(0.3), bottom], 'fill', view);
  line(c, hole0, 0, hole0, bottom, 0.5);
  line(c, hole1, 0, hole1, bottom, 0.5);
  // The riser down to the screen, the slotted screen, the cap at its foot.
  c.save();
  c.fillStyle = '#fff';
  c.fillRect(pipe0, 0, pipe1 - pipe0, base);
  c.restore();
  line(c, pipe0, 0, pipe0, base, 0.7);
  line(c, pipe1, 0, pipe1, base, 0.7);
  for (let s = top + 1.5; s < base; s += 2.5)
    if (s > view.lo && s < view.hi) line(c, pipe0 + 0.8, s, pipe1 - 0.8, s, 0.45);
  line(c, pipe0, base, pipe1, base, 1.2);
}

function body(c: SKRSContext2D, log: BoreholeLog, page: number, planned: Plan) {
  const layers = [...log.layers].sort((a, b) => a.top - b.top);
  const bottom = strip(log.depth);
  // The chart's gridlines, each ten blows (dotted) and twenty (solid).
  onBody(c, page, COL.chart.x0, COL.chart.x1, (view) => {
    for (let n = 10; n < N_MAX; n += 10) line(c, chartX(n), view.lo, chartX(n), view.hi, 0.3, n % 20 ? [1, 2] : []);
  });
  onBody(c, page, COL.symbol.x0, COL.symbol.x1, (view) => {
    for (const layer of layers)
      hatching(c, layer, COL.symbol.x0, strip(layer.top), COL.symbol.x1, strip(layer.base), view);
  });
  onBody(c, page, COL.well.x0, COL.well.x1, (view) => well(c, log, view));
  // Boundaries across the description and the symbol; the hole's end as a heavy line.
  onBody(c, page, COL.description.x0, COL.symbol.x1, () => {
    for (const layer of layers)
      if (Math.abs(layer.base - log.depth) > 0.005)
        line(c, COL.description.x0, strip(layer.base), COL.symbol.x1, strip(layer.base), 0.6);
    line(c, COL.description.x0, bottom, COL.symbol.x1, bottom, 2);
  });
  // Under the hole's end, the columns of the hole struck through lightly.
  onBody(c, page, COL.symbol.x0, COL.symbol.x1, () => {
    c.save();
    c.strokeStyle = '#bdbdbd';
    c.lineWidth = 0.4;
    for (let k = Math.floor(bottom / 8) * 8; k < (page + 1) * SPAN + 30; k += 8) {
      if (k < bottom) continue;
      c.beginPath();
      c.moveTo(COL.symbol.x0, k + 24);
      c.lineTo(COL.symbol.x1, k);
      c.stroke();
    }
    c.restore();
  });

  // The descriptions, each with its span in bold ahead of it.
  const dx = COL.description.x0 + 4;
  for (const written of planned.descriptions) {
    if (pageOfLine(written.s) !== page) continue;
    const y = yOf(written.s, page);
    let x = dx;
    if (written.head) x += put(c, `${written.head} `, dx, y, HEAD_INK);
    put(c, written.text, x, y, DESC_INK);
  }
  if (pageOfLine(planned.end) === page)
    put(c, `Fin du forage à ${m2(log.depth)} m`, dx, yOf(planned.end, page), { ...HEAD_INK, size: 7 });

  // The scale in the middle: the depth at the spine's left, the elevation at its right.
  const spine = COL.scale.x0 + 22;
  line(c, spine, BODY_TOP, spine, BODY_BOTTOM, 0.6);
  for (let k = page * METRES_PER_PAGE * 5; k <= (page + 1) * METRES_PER_PAGE * 5; k++) {
    const y = yOf(strip(k / 5), page);
    const whole = k % 5 === 0;
    line(c, spine - (whole ? 5 : 2.5), y, spine + (whole ? 4 : 0), y, whole ? 0.7 : 0.4);
    if (!whole || y > BODY_BOTTOM - 1) continue;
    const at = y < BODY_TOP + 4 ? y + 7.5 : y + 2.4;
    put(c, String(k / 5), spine - 6.5, at, { size: 7, bold: true, align: 'right' });
    if (log.groundLevel !== null)
      put(c, m2(log.groundLevel - k / 5), spine + 5.5, at, { family: NARROW, size: 6, colour: GREY });
  }

  // The samples: a bar over the length sampled, the label and the span beside it.
  onBody(c, page, COL.sample.x0, COL.sample.x1, () => {
    for (const sample of planned.samples) {
      const s0 = strip(sample.top);
      const s1 = sample.base === null ? s0 + 4 : Math.max(s0 + 3, strip(sample.base));
      frame(c, COL.sample.x0 + 2.5, s0, COL.sample.x0 + 6, s1, 0.6, '#222');
    }
  });
  for (const sample of planned.samples) {
    if (pageOfLine(sample.s) !== page) continue;
    const y = yOf(sample.s, page);
    put(c, sample.label, COL.sample.x0 + 9, y, { size: 6.6, bold: true });
    put(
      c,
      sample.span,
      COL.sample.x0 + 9,
      y + 7.4,
      fitted(sample.span, COL.sample.x1 - COL.sample.x0 - 10, { family: NARROW, size: 6.2 }),
    );
    put(c, sample.vapour, (COL.vapour.x0 + COL.vapour.x1) / 2, y, { size: 6.4, align: 'centre' });
    put(c, sample.odour, (COL.odour.x0 + COL.odour.x1) / 2, y, { family: NARROW, size: 6.4, align: 'centre' });
  }

  // The tests: the four increments, then the bar of N with its value at its end.
  for (const row of planned.rows) {
    if (pageOfLine(row.s) !== page) continue;
    const y = yOf(row.s, page);
    row.blows.cells.forEach((cell, i) => {
      const column = COL[BLOWS[i]!];
      put(c, cell, (column.x0 + column.x1) / 2, y, { size: 6.6, align: 'centre' });
    });
    if (row.blows.span) {
      const from = COL[BLOWS[row.blows.span.from]!].x0;
      c.save();
      c.fillStyle = '#fff';
      c.fillRect(from + 0.6, y - ASC - 0.5, COL.blows4.x1 - from - 1.2, ASC + DESC + 1);
      c.restore();
      put(c, row.blows.span.text, (from + COL.blows4.x1) / 2, y, {
        ...fitted(row.blows.span.text, COL.blows4.x1 - from - 3, { family: NARROW, size: 6.6 }),
        align: 'centre',
      });
    }
    const label: Ink = { size: 6.6, bold: true };
    if (row.blows.bar === null) {
      put(c, row.blows.label, CHART_X0 + 1, y, { ...label, bold: false, colour: GREY });
      continue;
    }
    const end = chartX(row.blows.bar);
    c.save();
    c.fillStyle = '#7d7d7d';
    c.fillRect(CHART_X0, y - 6, Math.max(0.8, end - CHART_X0), 7);
    c.restore();
    const width = widthOf(row.blows.label, label);
    if (end + 2 + width <= COL.chart.x1 - 1) put(c, row.blows.label, end + 2, y, label);
    else put(c, row.blows.label, end - 2, y, { ...label, align: 'right', colour: '#fff' });
  }

  // The remarks at their depths: a tick on the depth, the sentence beside it.
  for (const remark of planned.remarks) {
    const tick = strip(remark.depth);
    const first = remark.lines[0]!.s;
    if (Math.floor(tick / SPAN + 1e-9) === page) {
      const y = yOf(tick, page);
      line(c, COL.remarks.x0, y, COL.remarks.x0 + 6, y, 0.8);
      const top = yOf(first, page) - ASC + 1;
      if (pageOfLine(first) === page && top - y > 4)
        line(c, COL.remarks.x0 + 3, y, COL.remarks.x0 + 3, top, 0.5, [1, 1.5]);
    }
    for (const each of remark.lines)
      if (pageOfLine(each.s) === page) put(c, each.text, COL.remarks.x0 + 9, yOf(each.s, page), REMARK_INK);
  }

  // The columns' rules and the frame.
  for (const name of Object.keys(COL) as Column[])
    if (COL[name].x0 > LEFT)
      line(c, COL[name].x0, BODY_TOP, COL[name].x0, BODY_BOTTOM, BLOWS.includes(name) && name !== 'blows1' ? 0.3 : 0.5);
  frame(c, LEFT, BODY_TOP, RIGHT, BODY_BOTTOM, 0.9);
}

// ——— The table at the foot ———

function table(c: SKRSContext2D, log: BoreholeLog) {
  const days = drillingDays(log);
  const place = placeOf(log);
  const left: [string, string][] = [
    ['Projet', log.project || '—'],
    ['Lieu', log.site || '—'],
    ['Autre désignation', log.locaId && log.locaId !== log.id ? log.locaId : '—'],
    ['Méthode de forage', methodWords(log)],
    [days.label, days.value],
    ['Consigné / vérifié par', ''],
  ];
  const right: [string, string][] = [
    ['Système de coordonnées', place.system],
    ...place.rows,
    ['Position', POSITION[log.locationConfidence] ?? log.locationConfidence],
    ['Élévation du terrain', log.groundLevel === null ? 'non relevée' : `${m2(log.groundLevel)} m (géodésique)`],
    ['Profondeur totale', `${m2(log.depth)} m        Échelle : 1:40`],
  ];
  const halves: [number, number, number, [string, string][]][] = [
    [LEFT, LEFT + 82, LEFT + 268, left],
    [LEFT + 268, LEFT + 268 + 92, LEFT + 546, right],
  ];
  for (const [x0, split, x1, rows] of halves) {
    rows.forEach(([label, value], i) => {
      const y0 = TABLE_TOP + i * ROW_H;
      frame(c, x0, y0, split, y0 + ROW_H, 0.5, SHADE);
      frame(c, split, y0, x1, y0 + ROW_H, 0.5);
      put(c, label, x0 + 3, y0 + 7.6, { family: NARROW, size: 6.6, bold: true });
      put(c, value, split + 3, y0 + 7.8, fitted(value, x1 - split - 6, { size: 6.8 }));
    });
  }
  frame(c, LEFT, TABLE_TOP, LEFT + 546, TABLE_BOTTOM, 1);

  // The notes beside the table.
  const x0 = LEFT + 552;
  frame(c, x0, TABLE_TOP, RIGHT, TABLE_BOTTOM, 1);
  put(c, 'NOTES', x0 + 4, TABLE_TOP + 7.8, { family: NARROW, size: 6.8, bold: true });
  const ink: Ink = { family: NARROW, size: 5.7 };
  const notes = [
    'Profondeurs en mètres sous la surface du terrain ; élévations géodésiques en mètres.',
    'CF : cuillère fendue ; TM : tube à paroi mince ; CR : carottier.',
    'SPT : coups par tranche de 150 mm ; N = 2e + 3e tranches. La barre trace N, sa valeur inscrite au bout.',
    "COV : lecture au photo-ionisateur (PID), en ppm. HP : odeur d'hydrocarbures pétroliers.",
    'Eau souterraine et puits : voir la colonne Remarques.',
  ];
  let y = TABLE_TOP + 15.4;
  notes.forEach((note, i) => {
    const wrapped = wrap(note, RIGHT - x0 - 16, RIGHT - x0 - 16, ink);
    put(c, `${i + 1}.`, x0 + 4, y, ink);
    for (const text of wrapped) {
      if (y > TABLE_BOTTOM - 2) return;
      put(c, text, x0 + 11, y, ink);
      y += 6.6;
    }
  });
}

// ——— The log ———

function puitsLog(log: BoreholeLog, sheets: Sheets) {
  const planned = plan(log);
  for (let page = 0; page < planned.pages; page++) {
    const c = sheets.page();
    band(c, log, page, planned.pages);
    headings(c);
    body(c, log, page, planned);
    table(c, log);
  }
}

/** The log drawn in the « puits » layout as a vector PDF, its text kept as text (a firm's export). */
export function puitsLayoutPdf(log: BoreholeLog): Uint8Array {
  return pdfPages(puitsLog, log, PAPER);
}

/** The log drawn in the « puits » layout, as page images at `dpi`. */
export async function puitsLayoutPages(log: BoreholeLog, dpi: number): Promise<PageImage[]> {
  return await rasterPages(puitsLog, log, PAPER, dpi);
}
