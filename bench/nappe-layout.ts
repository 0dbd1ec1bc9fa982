// A held-out log layout, written for a later measure of the log reader and never tuned on: drawn by
// this script alone, by a helper that has not read the reader (its code, its notes, its benchmark's
// figures) nor the other layouts save « cote », read for its drawing pattern only.
//
// « nappe »: the « RAPPORT DE FORAGE » of a mid-size Québec engineering firm (made up: « Groupe
// Conseil Boréal inc. — Géotechnique et environnement »), whose software writes some things the
// English way, as many Québec firms' logs do: sample codes SS, ST and RC, an energy-corrected N60
// beside the field N, dates as DD/MM/YYYY. Letter paper standing upright (8,5 × 11 in) at 1:50, ten
// metres of the hole on each page (0–10 m, 10–20 m…), as many pages as needed (« Page 1 de 3 »).
// One type family, DejaVu Sans Condensed; decimal commas, thousands parted by spaces.
//
// On every page, the same header: the firm's mark and name, « RAPPORT DE FORAGE », a box « FORAGE »
// with the hole's id in large bold type; then two columns of « libellé : valeur » lines — « Projet »,
// « Client », « Endroit », « No de projet », the coordinates as the log holds them (« Coordonnées
// (MTM-8, NAD83) : 5 045 678,9 N   298 456,7 E », northing first, or « Lat. : 45,40118   Long. :
// -73,49904 »), « Élévation : 34,66 m (géodésique) » or « N/D »; « Date de forage » (« 27/07/2023 au
// 28/07/2023 »), « Méthode », « Foreuse », « Foreur », « Surveillant », « Profondeur finale ».
//
// The columns, left to right: « ÉLÉV. (m) / PROF. (m) », each boundary's elevation written above its
// line and its depth below it; a depth scale « m », ticked each 0,5 m and labelled each metre;
// « SYMBOLE », black hatching of the soil; « DESCRIPTION », each layer's text just under its top
// line, its first word in capitals; « ÉCHANTILLONS »: « Type/No » (« SS-3 », the sample drawn as a
// small box over its length) and « Récup. (%) »; « ESSAIS »: « N (coups/300 mm) » (a refusal as
// « 50/75 mm »), « N60 » (N × 1,2, rounded; « — » for a refusal) and « w (%) »; « EAU », ▽ where
// water came in while drilling and ▼ where it stood, each with its depth beside it. Each row of
// values on its sample's top; a core run's RQD in the N column (« RQD 45 % »). Where boundaries
// crowd, their labels are pushed down, each pair around a short rule led to its line. The hole's
// end a heavy line with « FIN DU FORAGE À 12,34 m » under it and « Refus sur roc » when the last
// layer is rock.
//
// At the foot of every page: a box of notes (on the last page, the water: « Nappe phréatique mesurée
// à 2,16 m le 28/07/2023 », « Venue d'eau à 3,40 m pendant le forage »; before it, where to find
// them), « Préparé par / Vérifié par », the legend of the codes and signs, and the firm's address.
import { createCanvas, GlobalFonts, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../api/digitise/raster.ts';
import { methodText } from '../src/domain/ags/hole-types.ts';
import type { DrillingMethod } from '../src/domain/borehole.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { layerSoil, SOIL_CLASSES, SOIL_PATTERN_PATHS, type SoilClass } from '../src/domain/soil.ts';
import { pdfPages, rasterPages, type Sheets } from './layout-pages.ts';

const fontFile = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(fontFile('DejaVuSansCondensed.ttf'), 'Nappe Condensed');
GlobalFonts.registerFromPath(fontFile('DejaVuSansCondensed-Bold.ttf'), 'Nappe Condensed');
const FAMILY = 'Nappe Condensed';

// ——— The sheet ———

/** US Letter standing upright, in points. */
const PAPER = { width: 612, height: 792 };
const LEFT = 30;
const RIGHT = PAPER.width - 30;
/** 1:50: a metre of the hole is 2 cm of paper; ten metres on each page. */
const METRE = (72 / 2.54) * 2;
const METRES_PER_PAGE = 10;
const SPAN = METRES_PER_PAGE * METRE;

const TOP = 18;
const TITLE_BOTTOM = TOP + 36;
const INFO_LEADING = 8.6;
const HEADER_BOTTOM = TITLE_BOTTOM + 55;
const HEAD_TOP = HEADER_BOTTOM + 3;
const HEAD_BOTTOM = HEAD_TOP + 30;
const GROUP_H = 10;
/** The body: a margin above the page's first metre and below its last, so their lines show whole. */
const PAD_TOP = 9;
const PAD_BOTTOM = 4;
const BODY_TOP = HEAD_BOTTOM;
const BODY_BOTTOM = BODY_TOP + PAD_TOP + SPAN + PAD_BOTTOM;
const FOOT_TOP = BODY_BOTTOM + 4;
const FOOT_BOX_BOTTOM = FOOT_TOP + 36;

const INK = '#111';
const GREY = '#555';
const SHADE = '#e6e6e6';

/** The columns, left to right, with their widths in points (the description takes what is left). */
const WIDTHS = {
  level: 36,
  scale: 20,
  symbol: 30,
  description: 0,
  sample: 44,
  recovery: 26,
  n: 40,
  n60: 22,
  w: 22,
  water: 42,
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
const centreOf = (name: Column) => (COL[name].x0 + COL[name].x1) / 2;

const TEXT_SIZE = 7;
const LEADING = 8.4;
/** How far a line of body text reaches above and below its baseline. */
const ASC = 5.4;
const DESC = 1.8;

// ——— Writing ———

interface Ink {
  size?: number;
  bold?: boolean;
  align?: 'left' | 'right' | 'centre';
  colour?: string;
}
const fontOf = ({ size = TEXT_SIZE, bold = false }: Ink) => `${bold ? 'bold ' : ''}${size}px "${FAMILY}"`;

/**
 * The type set without its ligatures: the firm's reporting software writes « fi » as two letters,
 * in print and in its PDFs' text.
 */
function setFont(c: SKRSContext2D, ink: Ink) {
  c.font = fontOf(ink);
  c.fontVariantLigatures = 'none';
}

const measurer = createCanvas(4, 4).getContext('2d');
function widthOf(text: string, ink: Ink = {}) {
  setFont(measurer, ink);
  return measurer.measureText(text).width;
}

/** Writes `text` at a baseline, aligned on `x`; gives back its width. */
function put(c: SKRSContext2D, text: string, x: number, y: number, ink: Ink = {}) {
  setFont(c, ink);
  const width = c.measureText(text).width;
  const left = ink.align === 'right' ? x - width : ink.align === 'centre' ? x - width / 2 : x;
  c.save();
  c.fillStyle = ink.colour ?? INK;
  c.fillText(text, left, y);
  c.restore();
  return width;
}

/** The ink shrunk until `text` holds in `room`, down to a floor. */
function fitted(text: string, room: number, ink: Ink, floor = 4.8): Ink {
  let size = ink.size ?? TEXT_SIZE;
  while (size > floor && widthOf(text, { ...ink, size }) > room) size -= 0.2;
  return { ...ink, size };
}

/** Words broken into lines `room` wide; a word too long for a line is cut. */
function wrap(text: string, room: number, ink: Ink): string[] {
  const out: string[] = [];
  let current = '';
  for (let word of text.split(/\s+/).filter(Boolean)) {
    while (widthOf(word, ink) > room && word.length > 1) {
      let cut = word.length - 1;
      while (cut > 1 && widthOf(word.slice(0, cut), ink) > room) cut--;
      if (current) out.push(current);
      out.push(word.slice(0, cut));
      current = '';
      word = word.slice(cut);
    }
    const tried = current ? `${current} ${word}` : word;
    if (current && widthOf(tried, ink) > room) {
      out.push(current);
      current = word;
    } else current = tried;
  }
  if (current || out.length === 0) out.push(current);
  return out;
}

function rule(c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, width = 0.5) {
  c.save();
  c.strokeStyle = INK;
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

/** A water sign with its tip on the level: open (▽) for water met while drilling, filled (▼) where it stood. */
function waterSign(c: SKRSContext2D, x: number, y: number, filled: boolean, size = 1) {
  c.save();
  c.strokeStyle = INK;
  c.fillStyle = INK;
  c.lineWidth = 0.7;
  c.beginPath();
  c.moveTo(x - 3.5 * size, y - 6 * size);
  c.lineTo(x + 3.5 * size, y - 6 * size);
  c.lineTo(x, y);
  c.closePath();
  if (filled) c.fill();
  c.stroke();
  c.restore();
  rule(c, x - 4.5 * size, y, x + 4.5 * size, y, 0.6);
}

// ——— The firm's ways of writing ———

/** A number with a decimal comma and its thousands parted by spaces. */
function numeral(value: number, digits: number) {
  const [whole, part] = Math.abs(value).toFixed(digits).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const negative = value < 0 && Number(value.toFixed(digits)) !== 0;
  return `${negative ? '-' : ''}${grouped}${part ? `,${part}` : ''}`;
}
const m2 = (value: number) => numeral(value, 2);
/** As many decimals as the value holds, between `least` and `most`. */
function digitsOf(value: number, least: number, most: number) {
  for (let digits = least; digits < most; digits++)
    if (Math.abs(Number(value.toFixed(digits)) - value) < 1e-9) return digits;
  return most;
}

const isoDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);
/** A day as the firm's software writes it: « 28/07/2023 ». */
const dayText = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
};
function drillingDays(log: BoreholeLog): string {
  const first = isoDay(log.date) ?? isoDay(log.endDate);
  const last = isoDay(log.endDate);
  if (!first) return 'N/D';
  if (last && last !== first) return `${dayText(first)} au ${dayText(last)}`;
  return dayText(first);
}
/** The day the water's level was read: the end of the drilling. */
const readingDay = (log: BoreholeLog) => isoDay(log.endDate) ?? isoDay(log.date);

/** The coordinates' line of the header: its label (with the system) and its value. */
function coordinatesOf(log: BoreholeLog): [string, string][] {
  const geographic = (lat: number, lon: number): [string, string][] => [
    ['Lat.', numeral(lat, digitsOf(lat, 5, 7))],
    ['Long.', numeral(lon, digitsOf(lon, 5, 7))],
  ];
  if (log.original) {
    const { crs, x, y } = log.original;
    const code = Number(crs.replace(/^EPSG:/i, ''));
    const projected = (system: string): [string, string][] => [
      [`Coordonnées (${system})`, `${numeral(y, digitsOf(y, 1, 3))} N   ${numeral(x, digitsOf(x, 1, 3))} E`],
    ];
    if (code >= 32181 && code <= 32190) return projected(`MTM-${code - 32180}, NAD83`);
    if (code >= 2945 && code <= 2952) return projected(`MTM-${code - 2942}, NAD83 SCRS`);
    if (code >= 26917 && code <= 26922) return projected(`UTM-${code - 26900}, NAD83`);
    if (code >= 2958 && code <= 2962) return projected(`UTM-${code - 2941}, NAD83 SCRS`);
    if (code === 32198) return projected('Lambert du Québec, NAD83');
    if (code === 4326 || code === 4269 || code === 4617) return geographic(y, x);
    return projected(crs);
  }
  if (log.lat !== null && log.lon !== null) return geographic(log.lat, log.lon);
  return [['Coordonnées', 'N/D']];
}

/** A small deterministic number from a text: the made-up values are the same at each drawing. */
function hashOf(text: string) {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619) >>> 0;
  return h;
}
const pickOf = <T>(list: readonly T[], h: number): T => list[h % list.length]!;

const RIGS: Record<DrillingMethod, string> = {
  hollow_stem_auger: 'CME-55 sur chenilles',
  rotary: 'Diedrich D-50',
  coring: 'Boart Longyear LF-90',
  sonic: 'Boart Longyear LS-250',
};
const DRILLERS = [
  'Forages Laurentides inc. (R. Gagnon)',
  'Forage Nord-Sud ltée (D. Morin)',
  'Sondages Mauricie inc. (P. Bergeron)',
  'Forages Outaouais inc. (L. Roy)',
];
const INSPECTORS = ['A. Bouchard, tech.', 'S. Lavoie, tech.', 'É. Fortin, CPI', 'K. Nguyen, tech.'];
const CLIENTS = [
  'Ministère des Transports du Québec',
  'Centre de services scolaire des Mille-Îles',
  'Immeubles Richelieu inc.',
  'Hydro-Québec',
];

/** The file's made-up facts: the client, the firm's project number, the rig, the crew. */
function factsOf(log: BoreholeLog) {
  const h = hashOf(`${log.project}|${log.id}`);
  const year = (isoDay(log.date) ?? '2024').slice(2, 4);
  const client = h % 3 === 0 && log.site ? `Ville de ${log.site}` : pickOf(CLIENTS, h >>> 3);
  return {
    client,
    number: `B${year}-${String(1000 + ((h >>> 5) % 9000))}`,
    rig: log.method ? RIGS[log.method] : 'CME-75',
    driller: pickOf(DRILLERS, h >>> 9),
    inspector: pickOf(INSPECTORS, h >>> 13),
  };
}

/** A description as the firm writes it: its first word in capitals. */
const described = (text: string) => text.trim().replace(/^[\p{L}]+/u, (word) => word.toLocaleUpperCase('fr-CA'));

type Layer = BoreholeLog['layers'][number];
const rockLike = (layer: Layer) => {
  const soil = layerSoil(layer);
  return soil === 'bedrock' || soil === 'fractured_bedrock';
};

// ——— The samples and tests, as rows ———

/** The firm's software writes the sample types in English. */
const ENGLISH_CODES: Record<string, string> = { CF: 'SS', TM: 'ST', CR: 'RC', CAR: 'RC', TA: 'AS', MA: 'GS' };
const SPOON = /^(SS|SPT|S)$/;
const CORE = /^(RC|NQ|HQ|BQ|PQ|C)$/;

type Test = BoreholeLog['spt'][number];
/** A test's field N: its value, or a refusal as « 50/75 mm »; « — » when no count was kept. */
function fieldN(test: Test): string {
  if (test.refusal) {
    const { blows, mm } = test.refusal;
    return mm === null ? `>${blows}` : `${blows}/${numeral(mm, 0)} mm`;
  }
  if (test.n === null) return '—';
  return numeral(test.n, digitsOf(test.n, 0, 1));
}
/** The energy-corrected N60 (the rig's hammer at 72 % of the free fall: N × 1,2), « — » for a refusal. */
function n60Of(test: Test): string {
  if (test.refusal || test.n === null) return '—';
  return String(Math.round(test.n * 1.2));
}

/** A water content as the laboratory would give it for the soil (made up, steady); none in rock. */
function waterContent(soil: SoilClass, h: number): number | null {
  const within = (low: number, high: number) => low + (h % (high - low + 1));
  switch (soil) {
    case 'clay':
      return within(26, 58);
    case 'silt':
      return within(16, 34);
    case 'till':
      return within(6, 14);
    case 'sand':
      return within(5, 24);
    case 'gravel':
      return within(3, 10);
    case 'fill':
      return within(6, 19);
    default:
      return null;
  }
}

type SampleKind = 'spoon' | 'tube' | 'core' | 'other';
interface Row {
  top: number;
  base: number | null;
  label: string;
  kind: SampleKind | null;
  recovery: string;
  n: string;
  n60: string;
  w: string;
}

const near = (a: number, b: number) => Math.abs(a - b) < 0.005;

/** The sample's code and number as the log writes them: « SS-3 ». */
function sampleLabel(type: string, ref: string): { code: string; label: string } {
  const written = type.trim().toUpperCase();
  const code = ENGLISH_CODES[written] ?? (written || 'SS');
  const prefix = new RegExp(`^(${[written, code].filter(Boolean).join('|')})[-\\s]*`, 'i');
  const number = ref.trim().replace(prefix, '') || ref.trim();
  return { code, label: number ? `${code}-${number}` : code };
}

function rowsOf(log: BoreholeLog, layers: Layer[]): Row[] {
  const salt = hashOf(log.id);
  const soilAt = (depth: number) => {
    const layer = layers.find((each) => depth >= each.top - 0.005 && depth < each.base - 0.005) ?? layers.at(-1);
    return layer ? layerSoil(layer) : 'fill';
  };
  const rows: Row[] = [...log.samples]
    .sort((a, b) => a.top - b.top)
    .map((sample) => {
      const { code, label } = sampleLabel(sample.type, sample.ref);
      const h = hashOf(`${salt}:${label}:${sample.top}`);
      const kind: SampleKind = SPOON.test(code) ? 'spoon' : code === 'ST' ? 'tube' : CORE.test(code) ? 'core' : 'other';
      const recovery = kind === 'core' ? 82 + (h % 19) : kind === 'tube' ? 65 + (h % 36) : 30 + (h % 71);
      const w = kind === 'core' ? null : waterContent(soilAt(sample.top), h >>> 4);
      return {
        top: sample.top,
        base: sample.base,
        label,
        kind,
        recovery: String(recovery),
        n: '',
        n60: '',
        w: w === null ? '' : String(w),
      };
    });
  const blank = (top: number): Row => ({ top, base: null, label: '', kind: null, recovery: '', n: '', n60: '', w: '' });
  for (const test of [...log.spt].sort((a, b) => a.top - b.top)) {
    const free = (row: Row) => near(row.top, test.top) && !row.n;
    let row =
      rows.find((each) => free(each) && each.kind === 'spoon') ??
      rows.find((each) => free(each) && each.kind !== 'core');
    if (!row) rows.push((row = blank(test.top)));
    row.n = fieldN(test);
    row.n60 = n60Of(test);
  }
  // Core runs: their RQD in the tests' column, on their run's row.
  [...log.cores]
    .sort((a, b) => a.top - b.top)
    .forEach((core, i) => {
      let row = rows.find((each) => near(each.top, core.top) && !each.n && each.kind === 'core');
      if (!row) {
        row = { ...blank(core.top), base: core.base, label: `RC-${i + 1}`, kind: 'core' };
        row.recovery = String(82 + (hashOf(`${salt}:core:${i}`) % 19));
        rows.push(row);
      }
      if (row.base === null) row.base = core.base;
      row.n = core.rqd === null ? 'RQD —' : `RQD ${Math.round(core.rqd)} %`;
    });
  return rows.sort((a, b) => a.top - b.top || (a.base ?? a.top) - (b.base ?? b.top));
}

// ——— The strip: the hole as one long strip at 1:50, cut into pages of ten metres ———

/** A depth's place on the strip, in points below the ground. */
const strip = (depth: number) => depth * METRE;
/** Where the strip's zero is on every page: the page shows [page × SPAN − PAD_TOP, (page + 1) × SPAN + PAD_BOTTOM]. */
const ZERO_Y = BODY_TOP + PAD_TOP;
const yOf = (s: number, page: number) => ZERO_Y + s - page * SPAN;
/** The page a line of text with its baseline at `s` is written on: the first whose body holds its foot. */
const pageOfText = (s: number) => Math.max(0, Math.ceil((s + DESC - PAD_BOTTOM) / SPAN - 1e-9) - 1);
/** The page a level's line is drawn on (a level on a page's last line stays on that page). */
const pageOfLevel = (s: number) => (s <= 0 ? 0 : Math.floor((s - 0.01) / SPAN));

interface Written {
  s: number;
  text: string;
  bold?: boolean;
}
interface Boundary {
  depth: number;
  elevation: Written | null;
  depthText: Written;
  /** Where the rule between the elevation and the depth is: the boundary's line, or a short one when pushed down. */
  ruleS: number;
}
interface WaterMark {
  depth: number;
  filled: boolean;
  /** The label's baseline on the strip, and the sign's shift to the right when it meets the one above. */
  s: number;
  shift: number;
}
interface Plan {
  descriptions: Written[];
  end: Written[];
  boundaries: Boundary[];
  rows: (Row & { s: number })[];
  water: WaterMark[];
  pages: number;
}

const LABEL_SIZE = 6.5;

/** Each boundary's elevation above its line and its depth below it, pushed down under the one above. */
function boundariesOf(log: BoreholeLog, layers: Layer[]): Boundary[] {
  const depths: number[] = [];
  for (const depth of [...layers.flatMap((layer) => [layer.top, layer.base]), log.depth].sort((a, b) => a - b))
    if (!depths.some((each) => near(each, depth))) depths.push(depth);
  const boundaries: Boundary[] = [];
  let free = -Infinity;
  for (const depth of depths) {
    const at = strip(depth);
    let elevation: Written | null = null;
    if (log.groundLevel !== null) {
      const s = Math.max(at - 1.8, free + ASC + 0.6);
      elevation = { s, text: m2(log.groundLevel - depth) };
      free = s + DESC;
    }
    const s = Math.max(at + ASC + 1.6, free + ASC + (elevation ? 2.4 : 0.6));
    const ruleS = elevation ? elevation.s + DESC + 1.2 : Math.max(at, s - ASC - 1.2);
    boundaries.push({ depth, elevation, depthText: { s, text: m2(depth), bold: true }, ruleS });
    free = s + DESC;
  }
  return boundaries;
}

/** True when a boundary's labels were pushed down under the ones above, away from its line. */
const pushed = (boundary: Boundary) => boundary.ruleS - strip(boundary.depth) > 1.5;

function plan(log: BoreholeLog): Plan {
  const layers = [...log.layers].sort((a, b) => a.top - b.top);
  const room = COL.description.x1 - COL.description.x0 - 8;

  // The descriptions, each just under its top line, pushed down under the one above it.
  const descriptions: Written[] = [];
  let free = -Infinity;
  for (const layer of layers) {
    let s = Math.max(strip(layer.top) + ASC + 2.4, free + ASC + 1.2);
    for (const text of wrap(described(layer.description), room, {})) {
      descriptions.push({ s, text });
      free = s + DESC;
      s += LEADING;
    }
  }
  const end: Written[] = [];
  const s = Math.max(strip(log.depth) + ASC + 4, free + ASC + 2);
  end.push({ s, text: `FIN DU FORAGE À ${m2(log.depth)} m`, bold: true });
  const last = layers.at(-1);
  if (last && rockLike(last)) end.push({ s: s + LEADING, text: 'Refus sur roc' });

  // The samples' rows, each on its top, pushed down under the one above it.
  let under = -Infinity;
  const rows = rowsOf(log, layers).map((row) => {
    const at = Math.max(strip(row.top) + ASC + 1.5, under + ASC + 1.2);
    under = at + DESC;
    return { ...row, s: at };
  });

  // The water's signs, their depths beside them, pushed down under the one above.
  const levels = [
    ...log.waterStrikes.map((depth) => ({ depth, filled: false })),
    ...log.standingLevels.map((depth) => ({ depth, filled: true })),
  ].sort((a, b) => a.depth - b.depth);
  const water: WaterMark[] = [];
  let below = -Infinity;
  let previous = -Infinity;
  let shift = 0;
  for (const level of levels) {
    const at = strip(level.depth);
    shift = at - previous < 9 ? (shift + 1) % 2 : 0;
    previous = at;
    const labelAt = Math.max(at - 1, below + ASC + 0.8);
    below = labelAt + DESC;
    water.push({ ...level, s: labelAt, shift });
  }

  const boundaries = boundariesOf(log, layers);
  const lastLine = Math.max(
    ...end.map((each) => each.s),
    ...descriptions.map((each) => each.s),
    ...boundaries.map((each) => each.depthText.s),
    ...rows.map((each) => each.s),
    ...water.map((each) => each.s),
  );
  const pages = Math.max(1, Math.ceil(strip(log.depth) / SPAN - 1e-9), pageOfText(lastLine) + 1);
  return { descriptions, end, boundaries, rows, water, pages };
}

// ——— The header, on every page ———

/** The firm's mark: a spruce under the northern lights, in a circle. */
function mark(c: SKRSContext2D, x: number, y: number) {
  c.save();
  c.strokeStyle = INK;
  c.fillStyle = INK;
  c.lineWidth = 1.1;
  c.beginPath();
  c.arc(x + 14, y + 14, 13, 0, 2 * Math.PI);
  c.stroke();
  c.lineWidth = 0.8;
  for (const r of [8, 10.5]) {
    c.beginPath();
    c.arc(x + 14, y + 20, r, 1.15 * Math.PI, 1.6 * Math.PI);
    c.stroke();
  }
  c.beginPath();
  c.moveTo(x + 18, y + 7);
  c.lineTo(x + 23, y + 16);
  c.lineTo(x + 20.5, y + 16);
  c.lineTo(x + 24, y + 22);
  c.lineTo(x + 12, y + 22);
  c.lineTo(x + 15.5, y + 16);
  c.lineTo(x + 13, y + 16);
  c.closePath();
  c.fill();
  c.restore();
  rule(c, x + 3, y + 22.5, x + 25, y + 22.5, 0.9);
}

/** A line of « libellé : valeur » pairs, the labels in bold, the whole shrunk to hold in `room`. */
function entries(c: SKRSContext2D, x: number, y: number, pairs: [string, string][], room: number) {
  const texts = pairs.map(([label, value]) => [`${label} : `, value] as const);
  const gap = 10;
  let size = 7.2;
  const total = (at: number) =>
    texts.reduce(
      (sum, [label, value]) => sum + widthOf(label, { size: at, bold: true }) + widthOf(value, { size: at }),
      0,
    ) +
    gap * (texts.length - 1);
  while (size > 5 && total(size) > room) size -= 0.2;
  let at = x;
  for (const [label, value] of texts) {
    at += put(c, label, at, y, { size, bold: true });
    at += put(c, value, at, y, { size }) + gap;
  }
}

function header(c: SKRSContext2D, log: BoreholeLog, page: number, pages: number) {
  const facts = factsOf(log);
  // The title band: the firm, the report's title, the hole's box.
  box(c, LEFT, TOP, RIGHT, TITLE_BOTTOM, 0.6);
  mark(c, LEFT + 5, TOP + 4);
  put(c, 'GROUPE CONSEIL BORÉAL inc.', LEFT + 38, TOP + 15, { size: 10, bold: true });
  put(c, 'Géotechnique et environnement', LEFT + 38, TOP + 25, { size: 7.4 });
  const bx = RIGHT - 104;
  const middle = (LEFT + 200 + bx) / 2;
  put(c, 'RAPPORT DE FORAGE', middle, TOP + 18, { size: 14, bold: true, align: 'centre' });
  put(c, `Échelle 1:50   ·   Page ${page + 1} de ${pages}`, middle, TOP + 29, { size: 7, align: 'centre' });
  box(c, bx, TOP, RIGHT, TITLE_BOTTOM, 1.2, SHADE);
  put(c, 'FORAGE', (bx + RIGHT) / 2, TOP + 9, { size: 6.6, bold: true, align: 'centre' });
  const other = log.locaId && log.locaId !== log.id ? `(aussi : ${log.locaId})` : '';
  put(c, log.id, (bx + RIGHT) / 2, TOP + (other ? 25 : 28), {
    ...fitted(log.id, RIGHT - bx - 10, { size: 17, bold: true }, 8),
    align: 'centre',
  });
  if (other)
    put(c, other, (bx + RIGHT) / 2, TOP + 33, { ...fitted(other, RIGHT - bx - 8, { size: 5.8 }), align: 'centre' });

  // Two columns of « libellé : valeur » lines.
  const mid = LEFT + 300;
  const leftLines: [string, string][][] = [
    [['Projet', log.project || 'N/D']],
    [['Client', facts.client]],
    [['Endroit', log.site ? `${log.site} (Québec)` : 'N/D']],
    [['No de projet', facts.number]],
    coordinatesOf(log),
    [['Élévation', log.groundLevel === null ? 'N/D' : `${m2(log.groundLevel)} m (géodésique)`]],
  ];
  const rightLines: [string, string][][] = [
    [['Date de forage', drillingDays(log)]],
    [['Méthode', methodText(log.method, log.holeType) || 'N/D']],
    [['Foreuse', facts.rig]],
    [['Foreur', facts.driller]],
    [['Surveillant', facts.inspector]],
    [['Profondeur finale', `${m2(log.depth)} m`]],
  ];
  const first = TITLE_BOTTOM + 9.5;
  leftLines.forEach((pairs, i) => entries(c, LEFT + 5, first + i * INFO_LEADING, pairs, mid - LEFT - 12));
  rightLines.forEach((pairs, i) => entries(c, mid + 6, first + i * INFO_LEADING, pairs, RIGHT - mid - 12));
  rule(c, mid, TITLE_BOTTOM, mid, HEADER_BOTTOM, 0.5);
  box(c, LEFT, TOP, RIGHT, HEADER_BOTTOM, 1.2);
}

// ——— The columns' headings ———

function headings(c: SKRSContext2D) {
  const y0 = HEAD_TOP;
  const y1 = HEAD_BOTTOM;
  const band = y0 + GROUP_H;
  box(c, LEFT, y0, RIGHT, y1, 0.9, SHADE);
  const H: Ink = { size: 6.2, bold: true, align: 'centre' };
  const stacked = (words: string[], x: number, top: number, bottom: number, ink: Ink = H) => {
    const centre = (top + bottom) / 2 + 2.2;
    words.forEach((word, i) => put(c, word, x, centre + (i - (words.length - 1) / 2) * 7, ink));
  };
  const groups: [Column, Column, string][] = [
    ['sample', 'recovery', 'ÉCHANTILLONS'],
    ['n', 'w', 'ESSAIS'],
  ];
  for (const [from, to, title] of groups) {
    rule(c, COL[from].x0, band, COL[to].x1, band, 0.5);
    put(c, title, (COL[from].x0 + COL[to].x1) / 2, y0 + 7.4, H);
  }
  const grouped = (name: Column) =>
    groups.some(([from, to]) => COL[name].x0 > COL[from].x0 + 0.1 && COL[name].x1 <= COL[to].x1 + 0.1);
  for (const name of Object.keys(COL) as Column[])
    if (COL[name].x0 > LEFT) rule(c, COL[name].x0, grouped(name) ? band : y0, COL[name].x0, y1, 0.5);

  // « ÉLÉV. (m) » over a rule over « PROF. (m) », as the column writes its values.
  const lx = centreOf('level');
  const ly = (y0 + y1) / 2;
  stacked(['ÉLÉV. (m)'], lx, y0, ly + 1, { ...H, size: 5.6 });
  rule(c, COL.level.x0 + 4, ly, COL.level.x1 - 4, ly, 0.5);
  stacked(['PROF. (m)'], lx, ly - 1, y1, { ...H, size: 5.6 });
  stacked(['m'], centreOf('scale'), y0, y1);
  stacked(['SYMBOLE'], centreOf('symbol'), y0, y1, { ...H, size: 5.6 });
  stacked(['DESCRIPTION'], centreOf('description'), y0, y1 - 6, { ...H, size: 8 });
  put(c, 'Profondeurs et élévations en mètres', centreOf('description'), y1 - 4.5, {
    size: 5.6,
    align: 'centre',
    colour: GREY,
  });
  stacked(['Type/No'], centreOf('sample'), band, y1);
  stacked(['Récup.', '(%)'], centreOf('recovery'), band, y1);
  stacked(['N'], centreOf('n'), band, y1 - 6);
  put(c, '(coups/300 mm)', centreOf('n'), y1 - 3, {
    ...fitted('(coups/300 mm)', WIDTHS.n - 3, { size: 5.4 }),
    align: 'centre',
  });
  // N60 with its energy as a subscript.
  const n60y = (band + y1) / 2 + 2.2;
  const nw = widthOf('N', { size: 6.6, bold: true });
  const sw = widthOf('60', { size: 4.8, bold: true });
  put(c, 'N', centreOf('n60') - (nw + sw) / 2, n60y, { size: 6.6, bold: true });
  put(c, '60', centreOf('n60') - (nw + sw) / 2 + nw, n60y + 1.8, { size: 4.8, bold: true });
  stacked(['w', '(%)'], centreOf('w'), band, y1);
  stacked(['EAU'], centreOf('water'), y0, y1, { ...H, size: 7 });
}

// ——— The body ———

/** Drawing on one page's body only, clipped to a stretch of columns, in the strip's coordinates. */
function onBody(c: SKRSContext2D, page: number, x0: number, x1: number, draw: () => void) {
  c.save();
  c.beginPath();
  c.rect(x0, BODY_TOP, x1 - x0, BODY_BOTTOM - BODY_TOP);
  c.clip();
  c.translate(0, ZERO_Y - page * SPAN);
  draw();
  c.restore();
}

/** The page's stretch of the strip, with its margins. */
const windowOf = (page: number) => ({ lo: page * SPAN - PAD_TOP, hi: (page + 1) * SPAN + PAD_BOTTOM });

/** Black hatching of the soil on a white ground, on tiles of six points. */
function hatching(c: SKRSContext2D, layer: Layer, s0: number, s1: number, page: number) {
  const view = windowOf(page);
  [s0, s1] = [Math.max(s0, view.lo), Math.min(s1, view.hi)];
  if (s1 <= s0) return;
  const { x0, x1 } = COL.symbol;
  const soil = SOIL_CLASSES[layerSoil(layer)];
  c.save();
  c.beginPath();
  c.rect(x0, s0, x1 - x0, s1 - s0);
  c.clip();
  if (soil.pattern === 'solid') {
    c.fillStyle = '#3a3a3a';
    c.fillRect(x0, s0, x1 - x0, s1 - s0);
  }
  const path = SOIL_PATTERN_PATHS[soil.pattern];
  if (path) {
    const tile = new Path2D(path);
    c.strokeStyle = INK;
    c.lineWidth = soil.pattern === 'stipple' || soil.pattern === 'coarse-dots' ? 1.1 : 0.45;
    c.lineCap = 'round';
    const step = 6;
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

/** The depth scale: a tick each 0,5 m, a label each metre, over the whole page. */
function scale(c: SKRSContext2D, page: number) {
  const { x0, x1 } = COL.scale;
  for (let k = page * METRES_PER_PAGE * 2; k <= (page + 1) * METRES_PER_PAGE * 2; k++) {
    const y = yOf(strip(k / 2), page);
    const whole = k % 2 === 0;
    rule(c, x0, y, x0 + (whole ? 6 : 3.5), y, whole ? 0.7 : 0.45);
    if (whole) put(c, String(k / 2), x1 - 2.5, y + 2.4, { size: 6.4, align: 'right' });
  }
}

/** The sample drawn as a small box over its length: open for a spoon, grey for a tube, black for a core. */
function sampleBox(c: SKRSContext2D, row: Row, page: number) {
  if (!row.kind) return;
  const s0 = strip(row.top);
  const s1 = Math.max(s0 + 3, strip(row.base ?? row.top + 0.45));
  const x0 = COL.sample.x1 - 10;
  const x1 = COL.sample.x1 - 4;
  onBody(c, page, COL.sample.x0, COL.sample.x1, () => {
    const fill = row.kind === 'core' ? '#222' : row.kind === 'tube' ? '#b5b5b5' : '#fff';
    box(c, x0, s0, x1, s1, 0.6, fill);
    if (row.kind === 'other') rule(c, x0, s0, x1, s1, 0.45);
  });
}

/** A line of text on its page, on a white ground where a rule would run through it. */
function written(c: SKRSContext2D, each: Written, x: number, page: number, ink: Ink) {
  if (pageOfText(each.s) !== page) return;
  const y = yOf(each.s, page);
  const full: Ink = { ...ink, bold: each.bold ?? ink.bold ?? false };
  const width = widthOf(each.text, full);
  const left = full.align === 'right' ? x - width : full.align === 'centre' ? x - width / 2 : x;
  c.save();
  c.fillStyle = '#fff';
  c.fillRect(left - 1, y - ASC - 0.4, width + 2, ASC + DESC + 0.6);
  c.restore();
  put(c, each.text, x, y, full);
}

function body(c: SKRSContext2D, log: BoreholeLog, page: number, planned: Plan) {
  const layers = [...log.layers].sort((a, b) => a.top - b.top);
  const bottom = strip(log.depth);

  // The hatching, each boundary's line across the level, scale, symbol and description columns.
  onBody(c, page, COL.symbol.x0, COL.symbol.x1, () => {
    for (const layer of layers) hatching(c, layer, strip(layer.top), strip(layer.base), page);
  });
  onBody(c, page, COL.level.x0, COL.description.x1, () => {
    for (const boundary of planned.boundaries) {
      if (boundary.depth >= log.depth - 0.005) continue;
      const at = strip(boundary.depth);
      const width = boundary.depth <= 0 ? 1 : 0.6;
      // In the level column, a tick only when the labels were pushed down (led to them below).
      rule(c, COL.level.x0, at, pushed(boundary) ? COL.level.x0 + 4 : COL.level.x1, at, width);
      rule(c, COL.symbol.x0, at, COL.description.x1, at, width);
    }
  });
  // The hole's end: a heavy line across every column.
  onBody(c, page, LEFT, RIGHT, () => rule(c, LEFT, bottom, RIGHT, bottom, 2));
  for (const row of planned.rows) sampleBox(c, row, page);
  scale(c, page);

  // The boundaries' elevations above their lines, their depths below; when pushed down under the
  // one above, above and below a short rule led to the line.
  for (const boundary of planned.boundaries) {
    const at = strip(boundary.depth);
    if (pushed(boundary) && pageOfText(boundary.depthText.s) === page) {
      const y = yOf(boundary.ruleS, page);
      rule(c, COL.level.x0 + 7, y, COL.level.x1 - 4, y, 0.5);
      if (pageOfLevel(at) === page) rule(c, COL.level.x0 + 4, yOf(at, page), COL.level.x0 + 7, y, 0.4);
    }
    if (boundary.elevation)
      written(c, boundary.elevation, centreOf('level'), page, { size: LABEL_SIZE, align: 'centre' });
    written(c, boundary.depthText, centreOf('level'), page, { size: LABEL_SIZE, align: 'centre' });
  }

  // The descriptions and the hole's end.
  const dx = COL.description.x0 + 4;
  for (const each of planned.descriptions) written(c, each, dx, page, {});
  for (const each of planned.end) written(c, each, dx, page, {});

  // The samples' and tests' rows.
  for (const row of planned.rows) {
    if (pageOfText(row.s) !== page) continue;
    const y = yOf(row.s, page);
    const at = (name: Column, text: string, ink: Ink = {}) => {
      if (!text) return;
      const room = COL[name].x1 - COL[name].x0 - 4;
      put(c, text, centreOf(name), y, { ...fitted(text, room, { size: 6.8, ...ink }), align: 'centre' });
    };
    if (row.label) {
      const room = COL.sample.x1 - COL.sample.x0 - 15;
      put(c, row.label, COL.sample.x0 + 3, y, fitted(row.label, room, { size: 6.8 }));
    }
    at('recovery', row.recovery);
    at('n', row.n, { bold: true });
    at('n60', row.n60);
    at('w', row.w);
  }

  // The water's signs at their levels, their depths beside them.
  for (const sign of planned.water) {
    const at = strip(sign.depth);
    const x = COL.water.x0 + 7 + sign.shift * 8;
    if (pageOfLevel(at) === page) waterSign(c, x, yOf(at, page), sign.filled);
    if (pageOfText(sign.s) === page) {
      const text = m2(sign.depth);
      const left = x + 6;
      put(c, text, left, yOf(sign.s, page), fitted(text, COL.water.x1 - left - 2, { size: 6.6 }));
    }
  }

  // The columns' rules and the frame.
  for (const name of Object.keys(COL) as Column[])
    if (COL[name].x0 > LEFT) rule(c, COL[name].x0, BODY_TOP, COL[name].x0, BODY_BOTTOM, 0.5);
  box(c, LEFT, BODY_TOP, RIGHT, BODY_BOTTOM, 1);
}

// ——— The foot, on every page ———

/** The notes: on the last page, the water's readings and the hole's backfilling. */
function notesOf(log: BoreholeLog): string[] {
  const notes: string[] = [];
  for (const depth of [...log.waterStrikes].sort((a, b) => a - b))
    notes.push(`Venue d'eau à ${m2(depth)} m pendant le forage`);
  const day = readingDay(log);
  for (const depth of [...log.standingLevels].sort((a, b) => a - b))
    notes.push(`Nappe phréatique mesurée à ${m2(depth)} m${day ? ` le ${dayText(day)}` : ''}`);
  if (notes.length === 0) notes.push("Aucune venue d'eau observée pendant le forage");
  if (log.screen) notes.push(`Piézomètre installé, crépine de ${m2(log.screen.top)} à ${m2(log.screen.base)} m`);
  else notes.push('Forage remblayé avec les déblais et scellé à la bentonite');
  return notes;
}

function notesBox(c: SKRSContext2D, log: BoreholeLog, page: number, pages: number) {
  const x1 = LEFT + 340;
  box(c, LEFT, FOOT_TOP, x1, FOOT_BOX_BOTTOM, 0.8);
  put(c, 'NOTES', LEFT + 4, FOOT_TOP + 7.5, { size: 6.4, bold: true });
  if (page < pages - 1) {
    put(c, `Suite à la page ${page + 2}.`, LEFT + 10, FOOT_TOP + 17, { size: 6.6 });
    put(c, `Niveaux d'eau et notes : voir la page ${pages} de ${pages}.`, LEFT + 10, FOOT_TOP + 26, { size: 6.6 });
    return;
  }
  // Three lines to a column; a second column when there are more.
  const notes = notesOf(log);
  const columns = Math.ceil(notes.length / 3);
  const width = (x1 - LEFT - 10) / columns;
  notes.forEach((note, i) => {
    const x = LEFT + 6 + Math.floor(i / 3) * width;
    const y = FOOT_TOP + 16 + (i % 3) * 8;
    const text = `– ${note}`;
    put(c, text, x, y, fitted(text, width - 6, { size: 6.6 }));
  });
}

function signatures(c: SKRSContext2D) {
  const x0 = LEFT + 346;
  box(c, x0, FOOT_TOP, RIGHT, FOOT_BOX_BOTTOM, 0.8);
  const rows: [string, string][] = [
    ['Préparé par', 'M.-È. Côté, ing. jr'],
    ['Vérifié par', 'J.-F. Pelletier, ing.'],
  ];
  rows.forEach(([label, name], i) => {
    const y = FOOT_TOP + 12 + i * 14;
    const w = put(c, `${label} : `, x0 + 5, y, { size: 6.6, bold: true });
    put(c, name, x0 + 5 + w, y, { size: 6.6 });
    rule(c, RIGHT - 62, y + 1, RIGHT - 6, y + 1, 0.4);
  });
  put(c, 'signature', RIGHT - 34, FOOT_BOX_BOTTOM - 2.5, { size: 4.8, colour: GREY, align: 'centre' });
}

/** The legend of the codes and signs, then the firm's address. */
function legend(c: SKRSContext2D) {
  const y = FOOT_BOX_BOTTOM + 9;
  const ink: Ink = { size: 6 };
  let x = LEFT;
  x += put(c, 'SS : cuillère fendue ; ST : tube à paroi mince ; RC : carottier', x, y, { ...ink, bold: true }) + 10;
  x += put(c, 'N : coups/300 mm (essai SPT) ; N60 : N corrigé à 60 % de l’énergie ;', x, y, ink) + 8;
  waterSign(c, x + 3.5, y - 0.5, false, 0.8);
  x += put(c, "venue d'eau ;", x + 9, y, ink) + 15;
  waterSign(c, x + 3.5, y - 0.5, true, 0.8);
  put(c, 'niveau stabilisé', x + 9, y, ink);
  put(
    c,
    'Groupe Conseil Boréal inc.  ·  2750, boulevard Laurier, bureau 400, Québec (Québec)  G1V 4M1  ·  Tél. : 418 555-0182  ·  www.gcboreal.ca',
    (LEFT + RIGHT) / 2,
    y + 9,
    { size: 5.8, colour: GREY, align: 'centre' },
  );
}

// ——— The log ———

function nappeLog(log: BoreholeLog, sheets: Sheets) {
  const planned = plan(log);
  for (let page = 0; page < planned.pages; page++) {
    const c = sheets.page();
    header(c, log, page, planned.pages);
    headings(c);
    body(c, log, page, planned);
    notesBox(c, log, page, planned.pages);
    signatures(c);
    legend(c);
  }
}

/** The log drawn in the « nappe » layout as a vector PDF, its text kept as text (a report printed to PDF). */
export function nappeLayoutPdf(log: BoreholeLog): Uint8Array {
  return pdfPages(nappeLog, log, PAPER);
}

/** The log drawn in the « nappe » layout, as page images at `dpi`. */
export async function nappeLayoutPages(log: BoreholeLog, dpi: number): Promise<PageImage[]> {
  return await rasterPages(nappeLog, log, PAPER, dpi);
}
