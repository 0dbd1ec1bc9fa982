// The sixteenth firm's log layout, written for a later session's measure and never tuned on: drawn
// by this script alone, by a helper that has not read the reader nor its notes, apart from the
// layouts it was built and tuned on — `npm run bench:ocr` measures it with the others, and nothing
// in the reader is changed to suit it.
//
// « cote »: a Québec road authority's « RAPPORT DE SONDAGE », the form its geotechnical branch
// uses for highway and bridge foundations (the ministry's name is made up: « Ministère des Routes
// et des Ouvrages d'art — Direction de la géotechnique et des structures »). Legal paper standing
// upright (8,5 × 14 in) at 1:75, fifteen metres of the hole on every page (0–15 m, 15–30 m…). The
// values and the descriptions in a narrow sans-serif type (Liberation Sans Narrow), the title and
// the hole's number in a serif one (DejaVu Serif); decimal commas, thousands parted by spaces.
//
// On every page, the same framed header: the ministry's mark and names, « RAPPORT DE SONDAGE »,
// a box « Sondage n° » with the hole's number in large type and « Feuille 1 de 3 » in the top
// right corner; then cells, each a small caption over its value: « Projet n° » (a file number),
// « Route / Ouvrage » (the project), « Municipalité », « Chaînage » (« 1+250 »), « Décalage »
// (« 12,5 m D »), « Date » written with slashes (« 2019/07/18 », « 2019/07/18 – 2019/07/20 »);
// « Coordonnées (SCOPQ, MTM fuseau 8) » over « X : 298 456,7 » and « Y : 5 045 678,9 », or, when
// only latitude and longitude are known, « Latitude : 45° 41′ 27,14″ N » and « Longitude : 73° 34′
// 04,62″ O » in degrees, minutes and seconds (to the hundredth of a second, so the decimal degrees
// come back whole); « Élévation du terrain : 34,66 m » (or « non levé »), « Type de forage »,
// « Tubage », « Profondeur du sondage », « Réalisé par ».
//
// The columns, left to right: the scale in ELEVATION, « Élévation (m) », ticked each 0,2 m of
// elevation and labelled at each whole metre of elevation (« 35,00 », « 34,00 »…, so the labels do
// not fall on whole depths), with a ▽ on the scale where water came in while drilling and a ▼ where
// it stood — the scale in depths headed « Profondeur (m) » when the ground was not levelled;
// « Prof. (m) », each boundary's depth written on its line, its elevation beside it in small italic
// type (none when not levelled); « Strati- graphie », hatching of the soil; « Description des sols
// et du roc », each layer's text just under its top line, its soil's first word in capitals
// (« SABLE silteux, gris, compact »), a text pushed down by a long one above it written on over
// the line under it (the line broken around it); « ÉCHANTILLONS »: « Type » (CF, TM, CR), « N° »
// and « État » (a box over the length sampled: crossed when remolded, grey when intact, black for
// a core); « ESSAIS »: ONE column « N ou RQD » where a split spoon shows its SPT N (« R » for a
// refusal, « — » when no count was kept) and a core run its RQD with « % »; « Récup. (%) »;
// « ESSAIS DE LABORATOIRE »: « w (%) », « wL », « wP » (made up, the same at each drawing) and a
// small plot of them. Each row of values on its sample's top. The hole's end a heavy line with
// « FIN DU SONDAGE À 12,34 m » under it and, when the last layer is rock, « Refus sur roc
// présumé ».
//
// At the foot of the LAST page, the only place the water's depths are written: « RELEVÉS DU
// NIVEAU D'EAU », a table of « Date », « Heure », « Profondeur (m) », « Élévation (m) », « Remarque »
// (« en cours de forage », « stabilisé »), and a box of remarks (the well's screen, the
// backfilling); the pages before it say where to find them. At the foot of every page, a legend
// of the abbreviations and signs, and the scale's note.
import { GlobalFonts, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../api/digitise/raster.ts';
import { methodText } from '../src/domain/ags/hole-types.ts';
import type { DrillingMethod } from '../src/domain/borehole.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { layerSoil, SOIL_CLASSES, SOIL_PATTERN_PATHS, type SoilClass } from '../src/domain/soil.ts';
import {
  digitsOf,
  type Ink,
  isoDay,
  numeral,
  pdfPages,
  rasterPages,
  type Sheets,
  wrapped,
  writer,
} from './layout-pages.ts';

const fontFile = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(fontFile('LiberationSansNarrow-Regular.ttf'), 'Cote Narrow');
GlobalFonts.registerFromPath(fontFile('LiberationSansNarrow-Bold.ttf'), 'Cote Narrow');
GlobalFonts.registerFromPath(fontFile('DejaVuSerif.ttf'), 'Cote Serif');
GlobalFonts.registerFromPath(fontFile('DejaVuSerif-Bold.ttf'), 'Cote Serif');
const NARROW = 'Cote Narrow';
const SERIF = 'Cote Serif';

/** US Legal standing upright, in points. */
const PAPER = { width: 612, height: 1008 };
const LEFT = 30;
const RIGHT = PAPER.width - 30;
/** 1:75: a metre of the hole is 1,33 cm of paper; fifteen metres on every page. */
const METRE = 72 / 2.54 / 0.75;
const METRES_PER_PAGE = 15;
const SPAN = METRES_PER_PAGE * METRE;

const TOP = 24;
const TITLE_H = 42;
const CELL_H = 20;
const HEADER_BOTTOM = TOP + TITLE_H + 4 * CELL_H;
const HEAD_TOP = HEADER_BOTTOM + 6;
const HEAD_BOTTOM = HEAD_TOP + 46;
const BODY_TOP = HEAD_BOTTOM;
const BODY_BOTTOM = BODY_TOP + SPAN;
const WATER_TOP = BODY_BOTTOM + 8;
const LEGEND_TOP = 868;
const LEGEND_BOTTOM = 928;
const COLOPHON = 942;

const INK = '#111';
const GREY = '#5c5c5c';
const SHADE = '#ececec';

/** The columns, left to right, with their widths in points (the description takes what is left). */
const WIDTHS = {
  scale: 44,
  depth: 44,
  strata: 30,
  description: 0,
  type: 20,
  number: 16,
  state: 14,
  value: 26,
  recovery: 24,
  w: 20,
  wl: 18,
  wp: 18,
  plot: 76,
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
/** The scale's spine: the labels and ticks at its left, the water's signs at its right. */
const SPINE = COL.scale.x1 - 15;
/** The plot's axis: water contents and limits from 0 to 80 %. */
const PLOT_MAX = 80;
const PLOT_X0 = COL.plot.x0 + 6;
const PLOT_X1 = COL.plot.x1 - 6;
const plotX = (value: number) => PLOT_X0 + (Math.min(value, PLOT_MAX) / PLOT_MAX) * (PLOT_X1 - PLOT_X0);

const TEXT_SIZE = 7.2;
const LEADING = 8.8;
/** How far a line of text reaches above and below its baseline. */
const ASC = 5.8;
const DESC = 2;

// ——— Writing ———

const { widthOf, put, fitted } = writer({ family: NARROW, size: TEXT_SIZE, colour: INK });

/** Words broken into lines `room` wide; a word too long for a line is cut. */
const wrap = (text: string, room: number, ink: Ink) => wrapped(text, room, (part) => widthOf(part, ink));

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

function frame(c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, width = 0.6, fill = '') {
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

/** A water sign, its tip on the level: open (▽) for water met while drilling, filled (▼) where it stood. */
function waterSign(c: SKRSContext2D, x: number, y: number, filled: boolean, size = 1) {
  c.save();
  c.strokeStyle = INK;
  c.fillStyle = INK;
  c.lineWidth = 0.7;
  c.beginPath();
  c.moveTo(x - 4 * size, y - 6.5 * size);
  c.lineTo(x + 4 * size, y - 6.5 * size);
  c.lineTo(x, y);
  c.closePath();
  if (filled) c.fill();
  c.stroke();
  c.restore();
  line(c, x - 4 * size, y + 1.6 * size, x + 4 * size, y + 1.6 * size, 0.5);
  line(c, x - 2.4 * size, y + 3.2 * size, x + 2.4 * size, y + 3.2 * size, 0.5);
}

type SampleState = 'remolded' | 'intact' | 'core';
/** The sample's state as a box over the length sampled. */
function stateBox(c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, state: SampleState) {
  if (state === 'core') {
    frame(c, x0, y0, x1, y1, 0.6, '#222');
    return;
  }
  frame(c, x0, y0, x1, y1, 0.6, state === 'intact' ? '#bdbdbd' : '#fff');
  if (state === 'remolded') {
    line(c, x0, y0, x1, y1, 0.45);
    line(c, x1, y0, x0, y1, 0.45);
  }
}

// ——— The ministry's ways of writing ———

const m2 = (value: number) => numeral(value, 2);

const slashed = (iso: string) => iso.replaceAll('-', '/');
function drillingDays(log: BoreholeLog): string {
  const first = isoDay(log.date) ?? isoDay(log.endDate);
  const last = isoDay(log.endDate) ?? first;
  if (!first) return 'non consignée';
  if (last && last !== first) return `${slashed(first)} – ${slashed(last)}`;
  return slashed(first);
}

const METHOD_WORDS: Record<DrillingMethod, string> = {
  hollow_stem_auger: 'Tarière à tiges creuses',
  rotary: 'Rotatif au lavage',
  coring: 'Carottage au diamant',
  sonic: 'Sonique',
};
const methodWords = (log: BoreholeLog) =>
  log.holeType ? methodText(log.method, log.holeType) : log.method ? METHOD_WORDS[log.method] : 'non précisé';
const CASING: Record<DrillingMethod, string> = {
  hollow_stem_auger: 'aucun (tarière de 108 mm)',
  rotary: 'NW (89 mm)',
  coring: 'HW (114 mm), carottier NQ',
  sonic: 'Sonique, 152 mm',
};

/** Degrees, minutes and seconds to the hundredth of a second, the hemisphere after them. */
function dms(value: number, positive: string, negative: string) {
  const hundredths = Math.round(Math.abs(value) * 360_000);
  const degrees = Math.floor(hundredths / 360_000);
  const minutes = Math.floor((hundredths % 360_000) / 6_000);
  const seconds = (hundredths % 6_000) / 100;
  const [whole, part] = seconds.toFixed(2).split('.');
  return `${degrees}° ${String(minutes).padStart(2, '0')}′ ${whole!.padStart(2, '0')},${part}″ ${value < 0 ? negative : positive}`;
}

interface Place {
  caption: string;
  values: [string, string][];
}
/** The coordinates as the header gives them: the system in the caption, then two values. */
function placeOf(log: BoreholeLog): Place {
  const geographic = (lat: number, lon: number, datum: string): Place => ({
    caption: `Coordonnées géographiques (${datum})`,
    values: [
      ['Latitude', dms(lat, 'N', 'S')],
      ['Longitude', dms(lon, 'E', 'O')],
    ],
  });
  if (log.original) {
    const { crs, x, y } = log.original;
    const code = Number(crs.replace(/^EPSG:/i, ''));
    const projected = (system: string): Place => ({
      caption: `Coordonnées (${system})`,
      values: [
        ['X', numeral(x, digitsOf(x, 1, 3))],
        ['Y', numeral(y, digitsOf(y, 1, 3))],
      ],
    });
    if (code >= 32181 && code <= 32190) return projected(`SCOPQ, MTM fuseau ${code - 32180}`);
    if (code >= 2945 && code <= 2952) return projected(`SCOPQ, NAD 83 SCRS, MTM fuseau ${code - 2942}`);
    if (code >= 26917 && code <= 26922) return projected(`NAD 83, UTM fuseau ${code - 26900}`);
    if (code >= 2958 && code <= 2962) return projected(`NAD 83 SCRS, UTM fuseau ${code - 2941}`);
    if (code === 32198) return projected('NAD 83, Lambert conique du Québec');
    if (code === 4326) return geographic(y, x, 'WGS 84');
    if (code === 4269) return geographic(y, x, 'NAD 83');
    if (code === 4617) return geographic(y, x, 'NAD 83 SCRS');
    return projected(crs);
  }
  if (log.lat !== null && log.lon !== null) return geographic(log.lat, log.lon, 'NAD 83');
  return {
    caption: 'Coordonnées',
    values: [
      ['X', 'non levées'],
      ['Y', '—'],
    ],
  };
}

/** A small deterministic number from a text: the made-up values are the same at each drawing. */
function hashOf(text: string) {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** The file's made-up references: project number, chainage and offset of the hole along its road. */
function siteOf(log: BoreholeLog) {
  const h = hashOf(`${log.project}:${log.id}`);
  const project = `${154 + (h % 40)}-${String((h >>> 6) % 100).padStart(2, '0')}-${String((h >>> 12) % 10_000).padStart(4, '0')}`;
  const chainage = `${(h >>> 3) % 5}+${String((h >>> 9) % 1000).padStart(3, '0')}`;
  const offset = `${numeral(((h >>> 14) % 250) / 10, 1)} m ${h & 1 ? 'D' : 'G'}`;
  return { project, chainage, offset };
}

/** A description as the form writes it: its first word, the soil's name, in capitals. */
const described = (text: string) => text.trim().replace(/^[\p{L}]+/u, (word) => word.toLocaleUpperCase('fr-CA'));

type Layer = BoreholeLog['layers'][number];
const rockLike = (layer: Layer) => {
  const soil = layerSoil(layer);
  return soil === 'bedrock' || soil === 'fractured_bedrock';
};

type Test = BoreholeLog['spt'][number];
/** A test's value in the shared column: N, « R » for a refusal, « — » when no count was kept. */
function sptText(test: Test): string {
  if (test.refusal) return 'R';
  if (test.n === null) return '—';
  return Number.isInteger(test.n) ? String(test.n) : numeral(test.n, 1);
}

/** Water content and limits as the laboratory would give them for the soil (made up, steady). */
function labOf(soil: SoilClass, h: number): { w: number | null; wl: number | null; wp: number | null } {
  const pick = (low: number, high: number, salt: number) => low + ((h >>> salt) % (high - low + 1));
  switch (soil) {
    case 'clay':
      return { w: pick(28, 58, 1), wl: pick(34, 62, 7), wp: pick(17, 26, 13) };
    case 'silt':
      return h % 2
        ? { w: pick(18, 32, 1), wl: pick(22, 30, 7), wp: pick(15, 20, 13) }
        : { w: pick(18, 32, 1), wl: null, wp: null };
    case 'till':
      return h % 3 === 0
        ? { w: pick(7, 13, 1), wl: pick(15, 20, 7), wp: pick(10, 13, 13) }
        : { w: pick(7, 13, 1), wl: null, wp: null };
    case 'sand':
      return { w: pick(5, 24, 1), wl: null, wp: null };
    case 'gravel':
      return { w: pick(3, 9, 1), wl: null, wp: null };
    case 'fill':
    case 'asphalt':
      return { w: pick(6, 18, 1), wl: null, wp: null };
    default:
      return { w: null, wl: null, wp: null };
  }
}

// ——— The strip: the hole as one long strip at 1:75, cut into pages of fifteen metres ———

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
  text: string;
  bold?: boolean;
}
interface Boundary {
  depth: number;
  /** The line's page and the label's baseline on the strip. */
  page: number;
  s: number;
}
interface Row {
  top: number;
  base: number | null;
  s: number;
  type: string;
  number: string;
  state: SampleState | null;
  value: string;
  /** An SPT N in bold, an RQD plain. */
  isN: boolean;
  recovery: string;
  w: number | null;
  wl: number | null;
  wp: number | null;
}
interface Plan {
  descriptions: Written[];
  end: Written[];
  boundaries: Boundary[];
  rows: Row[];
  pages: number;
}

const DESC_INK: Ink = { size: TEXT_SIZE };
const near = (a: number, b: number) => Math.abs(a - b) < 0.005;
const SPOON = /^(CF|SS|SPT|S)$/;
const CORE = /^(CR|C|CAR|RC|NQ|HQ|BQ|PQ)$/;

function rowsOf(log: BoreholeLog, layers: Layer[]): Omit<Row, 's'>[] {
  const salt = hashOf(log.id);
  const soilAt = (depth: number) => {
    const layer = layers.find((each) => depth >= each.top - 0.005 && depth < each.base - 0.005) ?? layers.at(-1);
    return layer ? layerSoil(layer) : 'fill';
  };
  const rows: Omit<Row, 's'>[] = [...log.samples]
    .sort((a, b) => a.top - b.top)
    .map((sample) => {
      const type = sample.type.trim().toUpperCase() || 'CF';
      const ref = sample.ref.trim();
      const prefix = new RegExp(`^${type.replace(/[^\w]/g, '')}[-\\s]+`, 'i');
      const number = type && prefix.test(ref) ? ref.replace(prefix, '') : ref;
      const h = hashOf(`${salt}:${type}:${ref}:${sample.top}`);
      const core = CORE.test(type);
      const soil = soilAt(sample.top);
      const lab = core ? { w: null, wl: null, wp: null } : labOf(soil, h);
      return {
        top: sample.top,
        base: sample.base,
        type,
        number,
        state: core ? 'core' : type === 'TM' ? 'intact' : 'remolded',
        value: '',
        isN: false,
        recovery: String(core ? 85 + (h % 16) : type === 'TM' ? 70 + (h % 31) : 35 + (h % 61)),
        ...lab,
      };
    });
  for (const test of [...log.spt].sort((a, b) => a.top - b.top)) {
    const free = (row: Omit<Row, 's'>) => near(row.top, test.top) && !row.value;
    let row =
      rows.find((each) => free(each) && SPOON.test(each.type)) ??
      rows.find((each) => free(each) && !CORE.test(each.type));
    if (!row) {
      row = {
        top: test.top,
        base: null,
        type: '',
        number: '',
        state: null,
        value: '',
        isN: false,
        recovery: '',
        w: null,
        wl: null,
        wp: null,
      };
      rows.push(row);
    }
    row.value = sptText(test);
    row.isN = true;
  }
  [...log.cores]
    .sort((a, b) => a.top - b.top)
    .forEach((core, i) => {
      let row = rows.find((each) => near(each.top, core.top) && !each.value && CORE.test(each.type));
      if (!row) {
        row = {
          top: core.top,
          base: core.base,
          type: 'CR',
          number: String(i + 1),
          state: 'core',
          value: '',
          isN: false,
          recovery: '',
          w: null,
          wl: null,
          wp: null,
        };
        rows.push(row);
      }
      if (row.base === null) row.base = core.base;
      const rqd = core.rqd === null ? null : Math.round(core.rqd);
      row.value = rqd === null ? '—' : `${rqd} %`;
      row.recovery = String(Math.min(100, Math.max(rqd ?? 0, 80) + (hashOf(`${salt}:core:${i}`) % 21)));
    });
  return rows.sort((a, b) => a.top - b.top || (a.base ?? a.top) - (b.base ?? b.top));
}

function plan(log: BoreholeLog): Plan {
  const layers = [...log.layers].sort((a, b) => a.top - b.top);
  const room = COL.description.x1 - COL.description.x0 - 8;

  // The descriptions, each just under its top line, pushed down under the one above it.
  const descriptions: Written[] = [];
  let free = -Infinity;
  for (const layer of layers) {
    let s = settle(Math.max(strip(layer.top) + ASC + 2.2, free + ASC + 1.4));
    for (const text of wrap(described(layer.description), room, DESC_INK)) {
      descriptions.push({ s, text });
      free = s + DESC;
      s = settle(s + LEADING);
    }
  }
  const end: Written[] = [];
  const last = layers.at(-1);
  const s = settle(Math.max(strip(log.depth) + ASC + 3, free + ASC + 2));
  end.push({ s, text: `FIN DU SONDAGE À ${m2(log.depth)} m`, bold: true });
  if (last && rockLike(last)) end.push({ s: settle(s + LEADING), text: 'Refus sur roc présumé' });

  // The boundaries' depths, each on its line, pushed down under the one above when too close.
  const depths: number[] = [];
  for (const depth of [...layers.flatMap((layer) => [layer.top, layer.base]), log.depth].sort((a, b) => a - b))
    if (!depths.some((each) => near(each, depth))) depths.push(depth);
  const boundaries: Boundary[] = [];
  let below = -Infinity;
  for (const depth of depths) {
    const page = depth <= 0 ? 0 : Math.floor((strip(depth) - 0.01) / SPAN);
    const lowest = page * SPAN + ASC + 1.5;
    const highest = (page + 1) * SPAN - DESC - 1.5;
    let at = Math.max(strip(depth) + 2.4, lowest, below + 8);
    if (at > highest) at = Math.max(highest, below + 8);
    if (at + DESC > (page + 1) * SPAN) at = settle(at);
    boundaries.push({ depth, page, s: at });
    below = at;
  }

  // The samples' rows, each on its top, pushed down under the one above it.
  let under = -Infinity;
  const rows = rowsOf(log, layers).map((row) => {
    const at = settle(Math.max(strip(row.top) + ASC + 1.6, under + ASC + 1.4));
    under = at + DESC;
    return { ...row, s: at };
  });

  const lastLine = Math.max(
    ...end.map((each) => each.s),
    ...descriptions.map((each) => each.s),
    ...boundaries.map((each) => each.s),
    ...rows.map((each) => each.s),
  );
  const pages = Math.max(1, Math.ceil(strip(log.depth) / SPAN - 1e-9), pageOfLine(lastLine) + 1);
  return { descriptions, end, boundaries, rows, pages };
}

// ——— The header, on every page ———

function mark(c: SKRSContext2D, log: BoreholeLog, x: number, y: number) {
  if (log.emblem) {
    frame(c, x, y, x + 30, y + 30, 0.6, log.emblem.colour);
    put(c, log.emblem.initials, x + 15, y + 19.5, {
      family: SERIF,
      size: 10,
      bold: true,
      align: 'centre',
      colour: '#fff',
    });
    return;
  }
  // The ministry's mark: a road running to a bridge's arch, in a square.
  frame(c, x, y, x + 30, y + 30, 0.9);
  c.save();
  c.strokeStyle = INK;
  c.lineWidth = 1.4;
  c.beginPath();
  c.arc(x + 15, y + 24, 10, Math.PI, 0);
  c.stroke();
  c.restore();
  line(c, x + 3, y + 14, x + 27, y + 14, 1.2);
  line(c, x + 15, y + 24, x + 15, y + 29, 0.8);
  line(c, x + 5, y + 24, x + 25, y + 24, 0.6);
}

/** A cell of the header: its caption small at the top, its value under it. */
function cell(c: SKRSContext2D, x0: number, y0: number, x1: number, caption: string, value: string, ink: Ink = {}) {
  frame(c, x0, y0, x1, y0 + CELL_H, 0.5);
  put(c, caption, x0 + 3, y0 + 6.8, { size: 5.8, bold: true, colour: GREY });
  if (value) put(c, value, x0 + 4, y0 + 16, fitted(value, x1 - x0 - 7, { size: 8, ...ink }));
}

function header(c: SKRSContext2D, log: BoreholeLog, page: number, pages: number) {
  const { project, chainage, offset } = siteOf(log);
  const y0 = TOP;
  const y1 = TOP + TITLE_H;
  frame(c, LEFT, y0, RIGHT, y1, 0.6);
  mark(c, log, LEFT + 6, y0 + 6);
  put(c, "Ministère des Routes et des Ouvrages d'art", LEFT + 42, y0 + 14, { size: 8.4, bold: true });
  put(c, 'Direction de la géotechnique et des structures', LEFT + 42, y0 + 24, { size: 7.2 });
  put(c, 'Service des sondages et de la géologie', LEFT + 42, y0 + 33, { size: 6.6, colour: GREY });
  const middle = LEFT + 290;
  put(c, 'RAPPORT DE SONDAGE', middle, y0 + 21, { family: SERIF, size: 14, bold: true, align: 'centre' });
  put(c, 'Échelle 1:75', middle, y0 + 33, { family: SERIF, size: 7, align: 'centre', colour: GREY });
  // The hole's box, at the right, and the sheet's number in its corner.
  const bx = RIGHT - 122;
  frame(c, bx, y0, RIGHT, y1, 1);
  put(c, 'Sondage n°', bx + 4, y0 + 8.5, { size: 6.4, bold: true, colour: GREY });
  put(c, `Feuille ${page + 1} de ${pages}`, RIGHT - 4, y0 + 8.5, { size: 7, bold: true, align: 'right' });
  put(c, log.id, (bx + RIGHT) / 2, y0 + 28, {
    ...fitted(log.id, RIGHT - bx - 10, { family: SERIF, size: 16, bold: true }, 8),
    align: 'centre',
  });
  if (log.locaId && log.locaId !== log.id) {
    const other = `(autre désignation : ${log.locaId})`;
    put(c, other, (bx + RIGHT) / 2, y0 + 37.5, { ...fitted(other, RIGHT - bx - 8, { size: 6 }), align: 'centre' });
  }

  // The cells, four rows.
  const place = placeOf(log);
  const r = (i: number) => y1 + i * CELL_H;
  const x = [LEFT, LEFT + 92, LEFT + 300, LEFT + 420, RIGHT];
  cell(c, x[0]!, r(0), x[1]!, 'Projet n°', project);
  cell(c, x[1]!, r(0), x[2]!, 'Route / Ouvrage', log.project || '—');
  cell(c, x[2]!, r(0), x[4]!, 'Municipalité', log.site || '—');
  cell(c, x[0]!, r(1), x[1]!, 'Chaînage', chainage);
  cell(c, x[1]!, r(1), x[2]! - 92, 'Décalage', offset);
  cell(c, x[2]! - 92, r(1), x[3]!, 'Date', drillingDays(log));
  cell(c, x[3]!, r(1), x[4]!, 'Profondeur du sondage', `${m2(log.depth)} m`);
  // The coordinates: the caption across both values.
  frame(c, x[0]!, r(2), x[3]!, r(3), 0.5);
  put(c, place.caption, x[0]! + 3, r(2) + 6.8, { size: 5.8, bold: true, colour: GREY });
  const half = (x[0]! + x[3]!) / 2 - 10;
  place.values.forEach(([label, value], i) => {
    const text = `${label} : ${value}`;
    put(c, text, (i ? half : x[0]!) + 4, r(2) + 16, fitted(text, half - x[0]! - 8, { size: 8 }));
  });
  cell(
    c,
    x[3]!,
    r(2),
    x[4]!,
    'Élévation du terrain',
    log.groundLevel === null ? 'non levé' : `${m2(log.groundLevel)} m`,
  );
  cell(c, x[0]!, r(3), x[1]! + 80, 'Type de forage', methodWords(log));
  cell(c, x[1]! + 80, r(3), x[3]! - 60, 'Tubage', log.method ? CASING[log.method] : '—');
  cell(c, x[3]! - 60, r(3), x[4]!, 'Réalisé par', log.organisation || '—');
  frame(c, LEFT, y0, RIGHT, HEADER_BOTTOM, 1.2);
}

// ——— The columns' headings ———

function subscripted(c: SKRSContext2D, base: string, sub: string, x: number, y: number, ink: Ink) {
  const a = widthOf(base, ink);
  const b = widthOf(sub, { ...ink, size: (ink.size ?? TEXT_SIZE) * 0.7 });
  put(c, base, x - (a + b) / 2, y, { ...ink, align: 'left' });
  put(c, sub, x - (a + b) / 2 + a, y + 1.8, { ...ink, size: (ink.size ?? TEXT_SIZE) * 0.7, align: 'left' });
}

function headings(c: SKRSContext2D, log: BoreholeLog) {
  const y0 = HEAD_TOP;
  const y1 = HEAD_BOTTOM;
  const mid = y0 + 13;
  frame(c, LEFT, y0, RIGHT, y1, 0.9, SHADE);
  const H: Ink = { size: 6.6, bold: true, align: 'centre' };
  const stacked = (words: string[], x: number, top: number, bottom: number, ink: Ink = H) => {
    const centre = (top + bottom) / 2 + 2.3;
    words.forEach((word, i) => put(c, word, x, centre + (i - (words.length - 1) / 2) * 7.8, ink));
  };
  const groups: [Column, Column, string][] = [
    ['type', 'state', 'ÉCHANTILLONS'],
    ['value', 'recovery', 'ESSAIS'],
    ['w', 'plot', 'ESSAIS DE LABORATOIRE'],
  ];
  for (const [from, to, title] of groups) {
    line(c, COL[from].x0, mid, COL[to].x1, mid, 0.5);
    put(c, title, (COL[from].x0 + COL[to].x1) / 2, y0 + 9, H);
  }
  const grouped = (name: Column) =>
    groups.some(([from, to]) => COL[name].x0 > COL[from].x0 + 0.1 && COL[name].x1 <= COL[to].x1 + 0.1);
  for (const name of Object.keys(COL) as Column[])
    if (COL[name].x0 > LEFT) line(c, COL[name].x0, grouped(name) ? mid : y0, COL[name].x0, y1, 0.5);
  stacked(log.groundLevel === null ? ['Profondeur', '(m)'] : ['Élévation', '(m)'], centreOf('scale'), y0, y1);
  stacked(['Prof.', '(m)'], centreOf('depth'), y0, y1);
  stacked(['Strati-', 'graphie'], centreOf('strata'), y0, y1, { ...H, size: 6.2 });
  stacked(['DESCRIPTION DES SOLS ET DU ROC'], centreOf('description'), y0, y1 - 8, { ...H, size: 7.4 });
  put(c, 'profondeurs en mètres sous la surface du terrain', centreOf('description'), y1 - 6, {
    size: 6,
    italic: true,
    align: 'centre',
    colour: GREY,
  });
  stacked(['Type'], centreOf('type'), mid, y1);
  stacked(['N°'], centreOf('number'), mid, y1);
  stacked(['État'], centreOf('state'), mid, y1, { ...H, size: 5.6 });
  stacked(['N ou', 'RQD'], centreOf('value'), mid, y1);
  stacked(['Récup.', '(%)'], centreOf('recovery'), mid, y1);
  stacked(['w', '(%)'], centreOf('w'), mid, y1);
  subscripted(c, 'w', 'L', centreOf('wl'), (mid + y1) / 2 + 2.3, { size: 6.6, bold: true });
  subscripted(c, 'w', 'P', centreOf('wp'), (mid + y1) / 2 + 2.3, { size: 6.6, bold: true });
  put(c, 'w, wL, wP (%)', centreOf('plot'), mid + 9, H);
  for (let value = 0; value <= PLOT_MAX; value += 20) {
    const px = plotX(value);
    line(c, px, y1 - 3, px, y1, 0.5);
    put(c, String(value), px, y1 - 4.5, { size: 6, align: 'centre' });
  }
}

// ——— The body ———

/** The stretch of the strip a page shows: patterns are drawn there only, not along the whole hole. */
interface View {
  lo: number;
  hi: number;
}
/** Drawing on the page's body only: what the strip holds there, clipped to a stretch of columns. */
function onBody(c: SKRSContext2D, page: number, x0: number, x1: number, draw: (view: View) => void) {
  c.save();
  c.beginPath();
  c.rect(x0, BODY_TOP, x1 - x0, SPAN);
  c.clip();
  c.translate(0, BODY_TOP - page * SPAN);
  draw({ lo: page * SPAN - 2, hi: (page + 1) * SPAN + 2 });
  c.restore();
}

/** Black hatching of the soil on tiles of seven points over a pale tint of its colour. */
function hatching(c: SKRSContext2D, layer: Layer, x0: number, s0: number, x1: number, s1: number, view: View) {
  [s0, s1] = [Math.max(s0, view.lo), Math.min(s1, view.hi)];
  if (s1 <= s0) return;
  const soil = SOIL_CLASSES[layerSoil(layer)];
  c.save();
  c.beginPath();
  c.rect(x0, s0, x1 - x0, s1 - s0);
  c.clip();
  c.globalAlpha = soil.pattern === 'solid' ? 0.8 : 0.25;
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

/** The scale: ticks each 0,2 m and a label each metre, of elevation when levelled, else of depth. */
function scale(c: SKRSContext2D, log: BoreholeLog, page: number) {
  line(c, SPINE, BODY_TOP, SPINE, BODY_BOTTOM, 0.7);
  const ground = log.groundLevel;
  const from = page * METRES_PER_PAGE;
  const to = from + METRES_PER_PAGE;
  // The scale's value v is at depth (ground - v) when levelled, at depth v otherwise; in fifths.
  const [lo, hi] = ground === null ? [from, to] : [ground - to, ground - from];
  for (let k = Math.ceil(lo * 5 - 1e-6); k <= Math.floor(hi * 5 + 1e-6); k++) {
    const value = k / 5;
    const depth = ground === null ? value : ground - value;
    const y = yOf(strip(depth), page);
    const whole = k % 5 === 0;
    line(c, SPINE - (whole ? 6 : 3), y, SPINE, y, whole ? 0.7 : 0.4);
    if (!whole) continue;
    const at = y - ASC < BODY_TOP + 1 ? y + 7.6 : y + DESC > BODY_BOTTOM - 1 ? y - 2 : y + 2.4;
    put(c, m2(value), SPINE - 8, at, { size: 7, bold: ground !== null, align: 'right' });
  }
  // The ground's surface on the first page.
  if (page === 0) line(c, SPINE - 10, BODY_TOP + 0.6, COL.scale.x1, BODY_TOP + 0.6, 1.4);
  // The water's signs at their levels, side by side when they meet.
  const signs = [
    ...log.waterStrikes.map((depth) => ({ depth, filled: false })),
    ...log.standingLevels.map((depth) => ({ depth, filled: true })),
  ].sort((a, b) => a.depth - b.depth);
  let previous = -Infinity;
  let shift = 0;
  for (const sign of signs) {
    const s = strip(sign.depth);
    shift = s - previous < 9 ? (shift + 1) % 2 : 0;
    previous = s;
    if (Math.floor((s - 0.01) / SPAN) !== page && !(page === 0 && s <= 0)) continue;
    waterSign(c, SPINE + 5 + shift * 8.5, yOf(s, page), sign.filled);
  }
}

function body(c: SKRSContext2D, log: BoreholeLog, page: number, planned: Plan) {
  const layers = [...log.layers].sort((a, b) => a.top - b.top);
  const bottom = strip(log.depth);

  // The plot's gridlines.
  onBody(c, page, COL.plot.x0, COL.plot.x1, (view) => {
    for (let value = 20; value < PLOT_MAX; value += 20)
      line(c, plotX(value), view.lo, plotX(value), Math.min(view.hi, bottom), 0.3, [1, 2]);
  });
  // The hatching, the boundaries across the strata and the descriptions, the hole's end.
  onBody(c, page, COL.strata.x0, COL.strata.x1, (view) => {
    for (const layer of layers)
      hatching(c, layer, COL.strata.x0, strip(layer.top), COL.strata.x1, strip(layer.base), view);
  });
  onBody(c, page, COL.depth.x0, COL.description.x1, () => {
    for (const layer of layers)
      if (layer.base < log.depth - 0.005)
        line(c, COL.strata.x0, strip(layer.base), COL.description.x1, strip(layer.base), 0.6);
    for (const boundary of planned.boundaries)
      line(c, COL.depth.x0, strip(boundary.depth), COL.depth.x0 + 4, strip(boundary.depth), 0.8);
    line(c, COL.depth.x0, bottom, COL.depth.x0 + 4, bottom, 1.8);
  });
  onBody(c, page, COL.strata.x0, RIGHT, () => line(c, COL.strata.x0, bottom, RIGHT, bottom, 1.8));
  // The samples' boxes over the length sampled.
  onBody(c, page, COL.state.x0, COL.state.x1, () => {
    for (const row of planned.rows) {
      if (!row.state) continue;
      const s0 = strip(row.top);
      const s1 = row.base === null ? s0 + strip(0.3) : Math.max(s0 + 3, strip(row.base));
      stateBox(c, COL.state.x0 + 3, s0, COL.state.x1 - 3, s1, row.state);
    }
  });

  // The boundaries' depths on their lines, their elevations beside them in small italic type.
  for (const boundary of planned.boundaries) {
    const page_ = pageOfLine(boundary.s);
    if (page_ !== page) continue;
    const y = yOf(boundary.s, page);
    const lineY = yOf(strip(boundary.depth), page);
    if (Math.abs(y - 2.4 - lineY) > 2 && boundary.page === page)
      line(c, COL.depth.x0 + 4, lineY, COL.depth.x0 + 5.5, y - 2.4, 0.4);
    put(c, m2(boundary.depth), COL.depth.x0 + 6, y, { size: 7, bold: true });
    if (log.groundLevel !== null)
      put(c, m2(log.groundLevel - boundary.depth), COL.depth.x1 - 2, y, {
        size: 5.8,
        italic: true,
        align: 'right',
        colour: '#333',
      });
  }

  // The descriptions, on a white ground where a line would run through them.
  const dx = COL.description.x0 + 4;
  const written = (each: Written) => {
    if (pageOfLine(each.s) !== page) return;
    const y = yOf(each.s, page);
    const ink: Ink = { ...DESC_INK, bold: each.bold ?? false };
    c.save();
    c.fillStyle = '#fff';
    c.fillRect(dx - 1, y - ASC - 0.6, widthOf(each.text, ink) + 2, ASC + DESC + 0.8);
    c.restore();
    put(c, each.text, dx, y, ink);
  };
  planned.descriptions.forEach(written);
  planned.end.forEach(written);

  // The samples' rows: type, number, N or RQD, recovery, the laboratory's values and their plot.
  for (const row of planned.rows) {
    if (pageOfLine(row.s) !== page) continue;
    const y = yOf(row.s, page);
    const at = (name: Column, text: string, ink: Ink = {}) => {
      if (!text) return;
      const room = COL[name].x1 - COL[name].x0 - 3;
      put(c, text, centreOf(name), y, { ...fitted(text, room, { size: 7, ...ink }), align: 'centre' });
    };
    at('type', row.type);
    at('number', row.number);
    at('value', row.value, { bold: row.isN });
    at('recovery', row.recovery);
    if (row.w !== null) at('w', String(row.w));
    if (row.wl !== null) at('wl', String(row.wl));
    if (row.wp !== null) at('wp', String(row.wp));
    const py = y - 2.4;
    if (row.wl !== null && row.wp !== null) {
      line(c, plotX(row.wp), py, plotX(row.wl), py, 0.6);
      line(c, plotX(row.wp), py - 2.5, plotX(row.wp), py + 2.5, 0.7);
      line(c, plotX(row.wl), py - 2.5, plotX(row.wl), py + 2.5, 0.7);
    }
    if (row.w !== null) {
      c.save();
      c.fillStyle = INK;
      c.beginPath();
      c.arc(plotX(row.w), py, 1.7, 0, 2 * Math.PI);
      c.fill();
      c.restore();
    }
  }

  scale(c, log, page);

  // The columns' rules and the frame.
  for (const name of Object.keys(COL) as Column[])
    if (COL[name].x0 > LEFT) line(c, COL[name].x0, BODY_TOP, COL[name].x0, BODY_BOTTOM, 0.5);
  frame(c, LEFT, BODY_TOP, RIGHT, BODY_BOTTOM, 1);
}

// ——— The water's table, on the last page ———

/** A steady time of day for a reading, as the technician noted it. */
function timeOf(log: BoreholeLog, salt: string, from: number, to: number) {
  const minutes = from * 60 + (hashOf(`${log.id}:${salt}`) % ((to - from) * 60));
  const rounded = Math.floor(minutes / 5) * 5;
  return `${String(Math.floor(rounded / 60)).padStart(2, '0')} h ${String(rounded % 60).padStart(2, '0')}`;
}

function waterTable(c: SKRSContext2D, log: BoreholeLog, page: number, pages: number) {
  const x1 = LEFT + 372;
  const bottom = LEGEND_TOP - 8;
  if (page < pages - 1) {
    frame(c, LEFT, WATER_TOP, RIGHT, WATER_TOP + 12, 0.6, SHADE);
    put(c, 'REMARQUES', (LEFT + RIGHT) / 2, WATER_TOP + 8.6, { size: 7.4, bold: true, align: 'centre' });
    frame(c, LEFT, WATER_TOP, RIGHT, WATER_TOP + 34, 1);
    put(c, `Relevés du niveau d'eau et remarques : voir la feuille ${pages} de ${pages}.`, LEFT + 5, WATER_TOP + 25, {
      size: 7,
      italic: true,
      colour: GREY,
    });
    put(c, `Suite à la feuille ${page + 2}`, RIGHT - 5, WATER_TOP + 25, { size: 7, bold: true, align: 'right' });
    return;
  }
  const first = isoDay(log.date) ?? isoDay(log.endDate);
  const last = isoDay(log.endDate) ?? first;
  const rows = [
    ...log.waterStrikes.map((depth, i) => ({
      day: first,
      time: timeOf(log, `strike:${i}`, 8, 15),
      depth,
      remark: 'en cours de forage',
    })),
    ...log.standingLevels.map((depth, i) => ({
      day: last,
      time: timeOf(log, `level:${i}`, 15, 17),
      depth,
      remark: 'stabilisé',
    })),
  ];
  const columns: [string, number][] = [
    ['Date', 62],
    ['Heure', 44],
    ['Profondeur (m)', 66],
    ['Élévation (m)', 64],
    ['Remarque', 0],
  ];
  const xs: number[] = [LEFT];
  for (const [, width] of columns) xs.push(width ? xs.at(-1)! + width : x1);
  const titleH = 12;
  const headH = 11;
  const rowH = Math.min(11, (bottom - WATER_TOP - titleH - headH) / Math.max(1, rows.length));
  frame(c, LEFT, WATER_TOP, x1, WATER_TOP + titleH, 0.6, SHADE);
  put(c, "RELEVÉS DU NIVEAU D'EAU", (LEFT + x1) / 2, WATER_TOP + 8.6, { size: 7.4, bold: true, align: 'centre' });
  const headY = WATER_TOP + titleH;
  columns.forEach(([name], i) => {
    frame(c, xs[i]!, headY, xs[i + 1]!, headY + headH, 0.5);
    put(c, name, (xs[i]! + xs[i + 1]!) / 2, headY + 7.8, { size: 6.6, bold: true, align: 'centre' });
  });
  const cells = rows.length
    ? rows.map((row) => [
        row.day ? slashed(row.day) : '—',
        row.time,
        m2(row.depth),
        log.groundLevel === null ? '—' : m2(log.groundLevel - row.depth),
        row.remark,
      ])
    : [['—', '—', '—', '—', 'aucune eau observée']];
  cells.forEach((values, r) => {
    const y0 = headY + headH + r * rowH;
    values.forEach((value, i) => {
      frame(c, xs[i]!, y0, xs[i + 1]!, y0 + rowH, 0.4);
      const ink = fitted(value, xs[i + 1]! - xs[i]! - 4, { size: Math.min(7.2, rowH - 2.5) });
      if (i === 4) put(c, value, xs[i]! + 3, y0 + rowH / 2 + 2.5, ink);
      else put(c, value, (xs[i]! + xs[i + 1]!) / 2, y0 + rowH / 2 + 2.5, { ...ink, align: 'centre' });
    });
  });
  frame(c, LEFT, WATER_TOP, x1, headY + headH + cells.length * rowH, 1);

  // The remarks beside it.
  const rx = x1 + 8;
  const notes: string[] = [];
  if (log.screen)
    notes.push(`Piézomètre installé, crépine de ${m2(log.screen.top)} à ${m2(log.screen.base)} m de profondeur.`);
  else notes.push('Sondage remblayé avec les déblais, scellé à la bentonite en surface.');
  if (log.cores.length) notes.push('RQD et récupération des carottes en % de la longueur de la course.');
  notes.push("Niveaux d'eau mesurés sous la surface du terrain.");
  frame(c, rx, WATER_TOP, RIGHT, WATER_TOP + titleH, 0.6, SHADE);
  put(c, 'REMARQUES', (rx + RIGHT) / 2, WATER_TOP + 8.6, { size: 7.4, bold: true, align: 'centre' });
  let y = WATER_TOP + titleH + 9;
  const ink: Ink = { size: 6.6 };
  for (const note of notes)
    for (const [i, text] of wrap(note, RIGHT - rx - 12, ink).entries()) {
      if (y > bottom - 2) break;
      if (i === 0) put(c, '–', rx + 3, y, ink);
      put(c, text, rx + 9, y, ink);
      y += 8;
    }
  frame(c, rx, WATER_TOP, RIGHT, Math.max(y - 4, WATER_TOP + titleH + headH + cells.length * rowH), 1);
}

// ——— The legend, on every page ———

function legend(c: SKRSContext2D, log: BoreholeLog) {
  frame(c, LEFT, LEGEND_TOP, RIGHT, LEGEND_BOTTOM, 0.8);
  frame(c, LEFT, LEGEND_TOP, RIGHT, LEGEND_TOP + 11, 0.6, SHADE);
  put(c, 'LÉGENDE ET ABRÉVIATIONS', (LEFT + RIGHT) / 2, LEGEND_TOP + 8, { size: 7, bold: true, align: 'centre' });
  const ink: Ink = { size: 6.4 };
  const width = (RIGHT - LEFT) / 3;
  const columns: string[][] = [
    [
      'CF : cuillère fendue (essai de pénétration standard)',
      'TM : tube à paroi mince',
      'CR : carottier, calibre NQ',
      'État',
    ],
    [
      'N : indice de pénétration standard (coups / 300 mm)',
      'R : refus (50 coups pour moins de 300 mm)',
      'RQD : indice de qualité du roc (%) — suivi de « % »',
      'Récup. : récupération de l’échantillon (%)',
    ],
    [
      'w : teneur en eau (%) ;  wL, wP : limites de liquidité et de plasticité',
      "▽ : niveau d'eau en cours de forage",
      "▼ : niveau d'eau stabilisé",
      log.groundLevel === null ? 'Terrain non levé : échelle en profondeurs' : 'Élévations géodésiques, en mètres',
    ],
  ];
  columns.forEach((texts, i) => {
    const x = LEFT + i * width + 5;
    texts.forEach((text, j) => {
      const y = LEGEND_TOP + 22 + j * 10.5;
      if (text.startsWith('▽') || text.startsWith('▼')) {
        waterSign(c, x + 4, y - 2.2, text.startsWith('▼'), 0.75);
        put(c, text.slice(1), x + 9, y, ink);
        return;
      }
      if (text.startsWith('État')) {
        // The states' boxes drawn between the words.
        let at = x + put(c, 'État :', x, y, ink) + 3;
        for (const [state, word] of [
          ['remolded', 'remanié ;'],
          ['intact', 'intact ;'],
          ['core', 'carotte'],
        ] as const) {
          stateBox(c, at, y - 6, at + 5, y + 0.5, state);
          at += 7.5;
          at += put(c, word, at, y, ink) + 4;
        }
        return;
      }
      put(c, text, x, y, fitted(text, width - 8, ink));
    });
  });
  put(
    c,
    "Profondeurs en mètres sous la surface du terrain. Ce rapport doit être lu avec l'étude géotechnique du projet.",
    LEFT,
    COLOPHON,
    { size: 6, italic: true, colour: GREY },
  );
  put(c, 'Formulaire DGS-0412 (rév. 2018)', RIGHT, COLOPHON, { size: 6, colour: GREY, align: 'right' });
}

// ——— The log ———

function coteLog(log: BoreholeLog, sheets: Sheets) {
  const planned = plan(log);
  for (let page = 0; page < planned.pages; page++) {
    const c = sheets.page();
    header(c, log, page, planned.pages);
    headings(c, log);
    body(c, log, page, planned);
    waterTable(c, log, page, planned.pages);
    legend(c, log);
  }
}

/** The log drawn in the « cote » layout as a vector PDF, its text kept as text (a form printed to PDF). */
export function coteLayoutPdf(log: BoreholeLog): Uint8Array {
  return pdfPages(coteLog, log, PAPER);
}

/** The log drawn in the « cote » layout, as page images at `dpi`. */
export async function coteLayoutPages(log: BoreholeLog, dpi: number): Promise<PageImage[]> {
  return await rasterPages(coteLog, log, PAPER, dpi);
}
