// The thirteenth firm's log layout, written for a later session's measure and never tuned on: drawn
// by this script alone, by a helper that has not read the reader nor its notes, apart from the
// layouts it was built and tuned on — `npm run bench:ocr` measures it with the others, and nothing
// in the reader is changed to suit it.
//
// « strate »: the Québec office of a consulting group of British descent, whose « JOURNAL DE
// FORAGE » is its head office's BS 5930 / AGS template translated into French, the numbers left
// as the software writes them: decimal POINTS, no thousands separators. A4 paper standing upright
// (210 × 297 mm) at 1:50, ten metres of the hole on every page (0–10 m, 10–20 m…), the whole
// header on every page. Labels, headings and titles in a serif type (DejaVu Serif), values and
// descriptions in a narrow sans-serif one (Liberation Sans Narrow).
//
// The header is a boxed band: a title row (the firm's name over its trades, « JOURNAL DE FORAGE »,
// and a box « Forage » with the hole's number in large type and « Feuillet 1 de 2 »), then a grid
// of cells, each a label in bold serif at the cell's left and its value at a fixed tab after it,
// no colon: the project, the place, the hole's other name; the drilling method, the first and the
// last day written with the month cut short (« 18 juil. 2019 »); the coordinates as the British
// write them, easting then northing with « mE » and « mN » after the metres (« 301234.5 mE
// 5034567.8 mN »), or latitude and longitude in decimal degrees with their hemisphere after them
// (« 45.52345° N  73.56789° O »), and only THEN, in the next cell, the system they are in
// (« SCOPQ MTM fuseau 8, NAD83 (EPSG:32188) »), and how the position was had; the ground's
// elevation (« 34.66 m (géodésique) », or « non nivelé »), the final depth, the scale; lines to
// sign.
//
// The columns, left to right, in the British order: « Eau » (an open ▽ where water came in while
// drilling, a filled ▼ at the level it stood at, each tip on its depth, no number); « ÉCHANTILLONS
// ET ESSAIS IN SITU » in four sub-columns — « Prof. (m) » (« 0.75-1.35 », with a thin bar over
// the length sampled), « Type » (« CF »), « N° » (« 1 ») and « Résultats », the standard
// penetration test in the European way: « N=12 (2,3/3,3,3,3) », the two seating increments of
// 75 mm before the slash and the four of the test drive after it, N their sum (a refusal as « N=50/
// 100 mm », « N>50 » when only that is known, « N=— » when no count was kept) —; « Cote (m) », each
// stratum's BASE as an elevation written over its line; « Prof. (m) (Épais.) », each stratum's
// base depth in bold over its line and its thickness in brackets at its middle (« (1.20) »), the
// top of the first being the ground; « Légende », black hatching; « Description des strates » in
// plain type, each starting under its stratum's top line (a description pushed down by a long one
// above it tied back to its line by a dotted rule in the column's gutter), the lines that run off
// a page going on at the top of the next; and at the far right a narrow scale ticked each half
// metre and numbered each metre. Boundaries run across the strata's columns only; the hole's end
// is a heavy rule with « Fin du forage à 7.62 m » under it.
//
// At the foot of every page, three boxes: « Remarques » (numbered sentences: the water while
// drilling, the level and its day, the well's screen, the cores' RQD, the end of the hole, « Suite
// au feuillet 2. »), « Observations de l'eau » (a small table Date / Prof. forage / Prof. eau /
// Observation, the days written « 18/07/2019 ») and « Légende » (the signs, the samplers, how the
// SPT is written); under them, the template's line (« Ce journal doit être lu avec le rapport… »).
import { createCanvas, GlobalFonts, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../api/digitise/raster.ts';
import { methodText } from '../src/domain/ags/hole-types.ts';
import type { DrillingMethod } from '../src/domain/borehole.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { layerSoil, SOIL_CLASSES, SOIL_PATTERN_PATHS } from '../src/domain/soil.ts';
import { pdfPages, rasterPages, type Sheets } from './layout-pages.ts';

const fontFile = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(fontFile('DejaVuSerif.ttf'), 'Strate Serif');
GlobalFonts.registerFromPath(fontFile('DejaVuSerif-Bold.ttf'), 'Strate Serif');
GlobalFonts.registerFromPath(fontFile('LiberationSansNarrow-Regular.ttf'), 'Strate Narrow');
GlobalFonts.registerFromPath(fontFile('LiberationSansNarrow-Bold.ttf'), 'Strate Narrow');
const SERIF = 'Strate Serif';
const NARROW = 'Strate Narrow';

/** A4 standing upright, in points. */
const PAPER = { width: 595.28, height: 841.89 };
const LEFT = 26;
const RIGHT = PAPER.width - 26;
/** 1:50: a metre of the hole is 2 cm of paper; ten metres on every page. */
const METRE = 72 / 2.54 / 0.5;
const METRES_PER_PAGE = 10;
const SPAN = METRES_PER_PAGE * METRE;

const HEADER_TOP = 22;
const TITLE_H = 36;
const CELL_H = 13;
const GRID_ROWS = 5;
const HEADER_BOTTOM = HEADER_TOP + TITLE_H + GRID_ROWS * CELL_H;
const HEADINGS_TOP = HEADER_BOTTOM + 5;
const HEADINGS_H = 30;
const BODY_TOP = HEADINGS_TOP + HEADINGS_H;
const BODY_BOTTOM = BODY_TOP + SPAN;
const FOOT_TOP = BODY_BOTTOM + 5;
const FOOT_BOTTOM = FOOT_TOP + 92;

/** The columns, left to right, and their widths in points (the description takes what is left). */
const WIDTHS = {
  water: 20,
  sampleDepth: 44,
  sampleType: 18,
  sampleNo: 14,
  results: 74,
  level: 34,
  depth: 38,
  legend: 30,
  description: 0,
  scale: 16,
} as const;
type Column = keyof typeof WIDTHS;
const COLUMNS = {} as Record<Column, { x0: number; x1: number }>;
{
  const fixed = Object.values(WIDTHS).reduce<number>((sum, width) => sum + width, 0);
  let x = LEFT;
  for (const name of Object.keys(WIDTHS) as Column[]) {
    const width = name === 'description' ? RIGHT - LEFT - fixed : WIDTHS[name];
    COLUMNS[name] = { x0: x, x1: x + width };
    x += width;
  }
}
/** The strata's columns, which the boundaries cross. */
const STRATA_X0 = COLUMNS.level.x0;
const STRATA_X1 = COLUMNS.description.x1;

const DESC_SIZE = 7.4;
const DESC_LEADING = 8.8;
/** A line of text at baseline s: how far it reaches above and below it. */
const ASCENT = 6.4;
const DESCENT = 2.2;
const GUTTER = 7;

// ——— Writing ———

interface Pen {
  family?: string;
  style?: string;
  align?: 'left' | 'right' | 'centre';
  colour?: string;
}
function write(
  c: SKRSContext2D,
  value: string,
  x: number,
  y: number,
  { family = NARROW, style = '7px', align = 'left', colour = '' }: Pen = {},
) {
  c.font = `${style} "${family}"`;
  const width = c.measureText(value).width;
  const at = align === 'left' ? x : align === 'right' ? x - width : x - width / 2;
  if (colour) {
    c.save();
    c.fillStyle = colour;
    c.fillText(value, at, y);
    c.restore();
  } else c.fillText(value, at, y);
  return width;
}
const ruler = createCanvas(8, 8).getContext('2d');
function measured(value: string, style: string, family = NARROW) {
  ruler.font = `${style} "${family}"`;
  return ruler.measureText(value).width;
}
/** `value` broken at spaces into lines no wider than `width`. */
function lines(value: string, width: number, style: string, family = NARROW): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of value.split(/\s+/).filter(Boolean)) {
    const tried = current ? `${current} ${word}` : word;
    if (current && measured(tried, style, family) > width) {
      out.push(current);
      current = word;
    } else current = tried;
  }
  if (current) out.push(current);
  return out.length ? out : ['—'];
}
function stroke(c: SKRSContext2D, points: [number, number][], width = 0.5, dash: number[] = []) {
  c.save();
  c.lineWidth = width;
  c.strokeStyle = '#151515';
  c.setLineDash(dash);
  c.beginPath();
  points.forEach(([x, y], i) => (i ? c.lineTo(x, y) : c.moveTo(x, y)));
  c.stroke();
  c.restore();
}
function box(c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, width = 0.6) {
  c.save();
  c.lineWidth = width;
  c.strokeStyle = '#151515';
  c.strokeRect(x0, y0, x1 - x0, y1 - y0);
  c.restore();
}

// ——— How the firm writes things ———

/** A number as the template prints it: a decimal point, no separators. */
const fixed = (value: number, digits: number) => {
  const text = value.toFixed(digits);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
};
const metres = (value: number) => fixed(value, 2);

const SHORT_MONTHS = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
];
const isoParts = (value: string | null) => {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? { year: match[1]!, month: Number(match[2]), day: Number(match[3]) } : null;
};
/** « 2019-07-18 » in the header: « 18 juil. 2019 ». */
const shortDate = (value: string | null) => {
  const parts = isoParts(value);
  return parts ? `${parts.day} ${SHORT_MONTHS[parts.month - 1]} ${parts.year}` : '—';
};
/** « 2019-07-18 » in the water's table: « 18/07/2019 ». */
const slashDate = (value: string | null) => {
  const parts = isoParts(value);
  return parts ? `${String(parts.day).padStart(2, '0')}/${String(parts.month).padStart(2, '0')}/${parts.year}` : '—';
};
const firstDay = (log: BoreholeLog) => log.date ?? log.endDate;
const lastDay = (log: BoreholeLog) => log.endDate ?? log.date;

const METHODS: Record<DrillingMethod, string> = {
  hollow_stem_auger: 'Tarière à tige creuse',
  rotary: 'Rotatif au lavage',
  coring: 'Carottage au diamant',
  sonic: 'Sonique',
};
const methodOf = (log: BoreholeLog) =>
  log.holeType ? methodText(log.method, log.holeType) : log.method ? METHODS[log.method] : '—';

const PRECISION: Record<string, string> = {
  surveyed: 'Levée',
  approximate: 'Approximative',
  converted: 'Convertie',
  unknown: 'Inconnue',
};

/** The coordinates, then the system they are in (named after the numbers, in a cell of its own). */
function coordinates(log: BoreholeLog): { values: string; system: string } {
  const degrees = (lat: number, lon: number, datum: string) => ({
    values: `${fixed(Math.abs(lat), 5)}° ${lat < 0 ? 'S' : 'N'}   ${fixed(Math.abs(lon), 5)}° ${lon < 0 ? 'O' : 'E'}`,
    system: `Géographiques, ${datum}`,
  });
  if (log.original) {
    const { crs, x, y } = log.original;
    const code = Number(crs.replace(/^EPSG:/i, ''));
    const grid = (system: string) => ({
      values: `${fixed(x, 1)} mE   ${fixed(y, 1)} mN`,
      system: Number.isFinite(code) && code > 0 ? `${system} (EPSG:${code})` : system,
    });
    if (code >= 32181 && code <= 32190) return grid(`SCOPQ MTM fuseau ${code - 32180}, NAD83`);
    if (code >= 2945 && code <= 2952) return grid(`SCOPQ MTM fuseau ${code - 2942}, NAD83 (SCRS)`);
    if (code >= 26917 && code <= 26922) return grid(`UTM fuseau ${code - 26900}N, NAD83`);
    if (code >= 2958 && code <= 2962) return grid(`UTM fuseau ${code - 2941}N, NAD83 (SCRS)`);
    if (code === 32198) return grid('Lambert du Québec, NAD83');
    if (code === 4326) return degrees(y, x, 'WGS84');
    if (code === 4269) return degrees(y, x, 'NAD83');
    if (code === 4617) return degrees(y, x, 'NAD83 (SCRS)');
    return grid(crs);
  }
  if (log.lat !== null && log.lon !== null) return degrees(log.lat, log.lon, 'NAD83');
  return { values: 'Non levées', system: '—' };
}

type Test = BoreholeLog['spt'][number];
/** The test as the European standard reports it: N, then the seating and test increments of 75 mm. */
function sptText(test: Test): string {
  if (test.refusal) {
    const { blows, mm, seating } = test.refusal;
    if (mm === null) return `N>${blows}`;
    return seating ? `Refus à l'amorce ${blows}/${Math.round(mm)} mm` : `N=${blows}/${Math.round(mm)} mm`;
  }
  if (test.n === null) return 'N=—';
  if (!Number.isInteger(test.n)) return `N=${fixed(test.n, 1)}`;
  const n = test.n;
  const seat = [Math.max(1, Math.round(n * 0.15)), Math.max(1, Math.round(n * 0.2))];
  const quarter = Math.floor(n / 4);
  const drive = [0, 1, 2, 3].map((i) => quarter + (i >= 4 - (n % 4) ? 1 : 0));
  return `N=${n} (${seat.join(',')}/${drive.join(',')})`;
}

const SAMPLERS: Record<string, string> = {
  CF: 'cuillère fendue',
  TM: 'tube à paroi mince',
  CR: 'carottier',
};

// ——— The strip: the hole as one long strip at 1:50, cut into pages of ten metres ———

const strip = (depth: number) => depth * METRE;
const pageOf = (s: number) => Math.max(0, Math.floor(s / SPAN + 1e-9));
/** A baseline moved to the next page's top when its line would straddle a page's foot. */
function settle(s: number) {
  const page = pageOf(s - ASCENT);
  return s + DESCENT > (page + 1) * SPAN ? (page + 1) * SPAN + ASCENT + 2 : s;
}
const linePage = (s: number) => pageOf(s - ASCENT);

interface Line {
  s: number;
  text: string;
  style: string;
}
interface Boundary {
  s: number;
  depth: string;
  level: string | null;
  /** The page whose body holds its labels. */
  page: number;
  /** Whether its labels sit under the line (a page's first few points) rather than over it. */
  under: boolean;
}
interface Row {
  s: number;
  top: number;
  base: number | null;
  depth: string;
  type: string;
  no: string;
  result: string;
}
interface Plan {
  boundaries: Boundary[];
  thicknesses: { s: number; text: string }[];
  descriptions: Line[];
  leaders: { from: number; to: number }[];
  rows: Row[];
  end: { s: number; text: string };
  pages: number;
}

function plan(log: BoreholeLog): Plan {
  const layers = [...log.layers].sort((a, b) => a.top - b.top);
  const boundaries: Boundary[] = layers.map((layer) => {
    const s = strip(layer.base);
    const page = pageOf(s - 0.01);
    return {
      s,
      page,
      depth: metres(layer.base),
      level: log.groundLevel === null ? null : metres(log.groundLevel - layer.base),
      under: s - page * SPAN < 10,
    };
  });
  const thicknesses = layers
    .filter((layer) => strip(layer.base - layer.top) >= 26)
    .map((layer) => ({ s: strip((layer.top + layer.base) / 2) + 2.5, text: `(${metres(layer.base - layer.top)})` }))
    .map((item) => ({ ...item, s: settle(item.s) }));

  const width = COLUMNS.description.x1 - COLUMNS.description.x0 - GUTTER - 4;
  const style = `${DESC_SIZE}px`;
  const descriptions: Line[] = [];
  const leaders: Plan['leaders'] = [];
  let free = 0;
  for (const layer of layers) {
    const wanted = strip(layer.top) + ASCENT + 2.2;
    let s = settle(Math.max(wanted, free + ASCENT + 1.5));
    if (s > wanted + 1.5) leaders.push({ from: strip(layer.top), to: s - ASCENT });
    for (const text of lines(layer.description, width, style)) {
      descriptions.push({ s, text, style });
      free = s + DESCENT;
      s = settle(s + DESC_LEADING);
    }
  }
  const endWanted = strip(log.depth) + ASCENT + 4;
  const end = { s: settle(Math.max(endWanted, free + ASCENT + 2)), text: `Fin du forage à ${metres(log.depth)} m` };

  const rows: Row[] = [];
  const tests = [...log.spt].sort((a, b) => a.top - b.top);
  const used = new Set<Test>();
  for (const sample of [...log.samples].sort((a, b) => a.top - b.top)) {
    const test = tests.find((each) => !used.has(each) && Math.abs(each.top - sample.top) < 0.01);
    if (test) used.add(test);
    rows.push({
      s: 0,
      top: sample.top,
      base: sample.base,
      depth: sample.base === null ? metres(sample.top) : `${metres(sample.top)}-${metres(sample.base)}`,
      type: sample.type.trim().toUpperCase() || '—',
      no: sample.ref.trim(),
      result: test ? sptText(test) : '',
    });
  }
  for (const test of tests.filter((each) => !used.has(each)))
    rows.push({ s: 0, top: test.top, base: null, depth: metres(test.top), type: 'SPT', no: '', result: sptText(test) });
  rows.sort((a, b) => a.top - b.top);
  let rowFree = 0;
  for (const row of rows) {
    row.s = settle(Math.max(strip(row.top) + ASCENT + 1.5, rowFree + ASCENT + 1));
    rowFree = row.s + DESCENT;
  }

  const extent = Math.max(strip(log.depth), end.s + DESCENT, rowFree, ...log.standingLevels.map(strip));
  return { boundaries, thicknesses, descriptions, leaders, rows, end, pages: pageOf(extent - 0.5) + 1 };
}

/** Draws on `page`'s body, clipped to `x0`–`x1`, in strip coordinates. */
function onBody(c: SKRSContext2D, page: number, x0: number, x1: number, draw: () => void) {
  c.save();
  c.beginPath();
  c.rect(x0, BODY_TOP, x1 - x0, SPAN);
  c.clip();
  c.translate(0, BODY_TOP - page * SPAN);
  draw();
  c.restore();
}
const bodyY = (s: number, page: number) => BODY_TOP + s - page * SPAN;

// ——— The header ———

function header(c: SKRSContext2D, log: BoreholeLog, page: number, pages: number) {
  const top = HEADER_TOP;
  box(c, LEFT, top, RIGHT, HEADER_BOTTOM, 0.9);
  stroke(c, [
    [LEFT, top + TITLE_H],
    [RIGHT, top + TITLE_H],
  ]);
  // The firm, its trades.
  let nameX = LEFT + 6;
  if (log.emblem) {
    const cx = LEFT + 18;
    const cy = top + TITLE_H / 2;
    c.save();
    c.fillStyle = log.emblem.colour;
    c.beginPath();
    c.moveTo(cx, cy - 12);
    c.lineTo(cx + 12, cy);
    c.lineTo(cx, cy + 12);
    c.lineTo(cx - 12, cy);
    c.closePath();
    c.fill();
    c.restore();
    write(c, log.emblem.initials, cx, cy + 3, { family: SERIF, style: 'bold 8px', align: 'centre', colour: '#fff' });
    nameX = LEFT + 36;
  }
  write(c, log.organisation, nameX, top + 15, { family: SERIF, style: 'bold 10px' });
  write(c, 'Géotechnique · Environnement · Matériaux', nameX, top + 27, {
    family: SERIF,
    style: '6.5px',
    colour: '#444',
  });
  const titleX0 = LEFT + 200;
  const numberX0 = RIGHT - 118;
  stroke(c, [
    [titleX0, top],
    [titleX0, top + TITLE_H],
  ]);
  stroke(c, [
    [numberX0, top],
    [numberX0, top + TITLE_H],
  ]);
  write(c, 'JOURNAL DE FORAGE', (titleX0 + numberX0) / 2, top + 17, {
    family: SERIF,
    style: 'bold 14px',
    align: 'centre',
  });
  write(c, 'Selon BS 5930 et AGS 4 — version française', (titleX0 + numberX0) / 2, top + 29, {
    family: SERIF,
    style: 'italic 6px',
    align: 'centre',
    colour: '#444',
  });
  write(c, 'Forage', numberX0 + 6, top + 11, { family: SERIF, style: 'bold 7px' });
  write(c, log.id, numberX0 + 40, top + 17, { family: NARROW, style: 'bold 16px' });
  write(c, `Feuillet ${page + 1} de ${pages}`, RIGHT - 6, top + 31, { family: SERIF, style: '6.5px', align: 'right' });

  const place = coordinates(log);
  const third = (RIGHT - LEFT) / 3;
  const cells: { label: string; value: string; x0: number; x1: number; tab: number }[][] = [
    [
      { label: 'Projet', value: log.project || '—', x0: LEFT, x1: LEFT + 2 * third, tab: 58 },
      { label: 'Autre n°', value: log.locaId ?? '—', x0: LEFT + 2 * third, x1: RIGHT, tab: 50 },
    ],
    [
      { label: 'Lieu', value: log.site || '—', x0: LEFT, x1: LEFT + third, tab: 58 },
      { label: 'Méthode', value: methodOf(log), x0: LEFT + third, x1: LEFT + 2 * third, tab: 46 },
      {
        label: 'Précision',
        value: PRECISION[log.locationConfidence] ?? log.locationConfidence,
        x0: LEFT + 2 * third,
        x1: RIGHT,
        tab: 50,
      },
    ],
    [
      { label: 'Coordonnées', value: place.values, x0: LEFT, x1: LEFT + third + 40, tab: 58 },
      { label: 'Système', value: place.system, x0: LEFT + third + 40, x1: RIGHT, tab: 46 },
    ],
    [
      {
        label: 'Cote du sol',
        value: log.groundLevel === null ? 'non nivelé' : `${metres(log.groundLevel)} m (géodésique)`,
        x0: LEFT,
        x1: LEFT + third,
        tab: 58,
      },
      { label: 'Début', value: shortDate(firstDay(log)), x0: LEFT + third, x1: LEFT + 2 * third, tab: 46 },
      { label: 'Fin', value: shortDate(lastDay(log)), x0: LEFT + 2 * third, x1: RIGHT, tab: 50 },
    ],
    [
      { label: 'Prof. finale', value: `${metres(log.depth)} m`, x0: LEFT, x1: LEFT + third, tab: 58 },
      { label: 'Échelle', value: '1:50', x0: LEFT + third, x1: LEFT + 2 * third, tab: 46 },
      { label: 'Consigné par', value: '', x0: LEFT + 2 * third, x1: LEFT + 2.5 * third, tab: 52 },
      { label: 'Vérifié par', value: '', x0: LEFT + 2.5 * third, x1: RIGHT, tab: 46 },
    ],
  ];
  cells.forEach((row, i) => {
    const y0 = top + TITLE_H + i * CELL_H;
    if (i)
      stroke(
        c,
        [
          [LEFT, y0],
          [RIGHT, y0],
        ],
        0.4,
      );
    for (const cell of row) {
      if (cell.x0 > LEFT)
        stroke(
          c,
          [
            [cell.x0, y0],
            [cell.x0, y0 + CELL_H],
          ],
          0.4,
        );
      write(c, cell.label, cell.x0 + 4, y0 + 9, { family: SERIF, style: 'bold 6.3px' });
      let size = 7.6;
      const room = cell.x1 - cell.x0 - cell.tab - 6;
      while (size > 5.5 && measured(cell.value, `${size}px`) > room) size -= 0.2;
      write(c, cell.value, cell.x0 + cell.tab, y0 + 9.4, { style: `${size.toFixed(1)}px` });
    }
  });
}

// ——— The columns' headings ———

function headings(c: SKRSContext2D) {
  const y0 = HEADINGS_TOP;
  const y1 = BODY_TOP;
  const mid = y0 + 12;
  box(c, LEFT, y0, RIGHT, y1, 0.8);
  const sampling = { x0: COLUMNS.sampleDepth.x0, x1: COLUMNS.results.x1 };
  stroke(
    c,
    [
      [sampling.x0, mid],
      [sampling.x1, mid],
    ],
    0.4,
  );
  write(c, 'ÉCHANTILLONS ET ESSAIS IN SITU', (sampling.x0 + sampling.x1) / 2, y0 + 8.6, {
    family: SERIF,
    style: 'bold 6.4px',
    align: 'centre',
  });
  const titles: Record<Column, string[]> = {
    water: ['Eau'],
    sampleDepth: ['Prof. (m)'],
    sampleType: ['Type'],
    sampleNo: ['N°'],
    results: ['Résultats'],
    level: ['Cote', '(m)'],
    depth: ['Prof. (m)', '(Épais.)'],
    legend: ['Légende'],
    description: ['Description des strates'],
    scale: ['m'],
  };
  for (const name of Object.keys(COLUMNS) as Column[]) {
    const { x0, x1 } = COLUMNS[name];
    const sub = x0 >= sampling.x0 && x1 <= sampling.x1;
    if (x0 > LEFT)
      stroke(
        c,
        [
          [x0, sub && x0 > sampling.x0 ? mid : y0],
          [x0, y1],
        ],
        0.5,
      );
    const words = titles[name];
    const centreY = sub ? (mid + y1) / 2 : (y0 + y1) / 2;
    words.forEach((word, i) => {
      const y = centreY + 2.4 + (i - (words.length - 1) / 2) * 8;
      write(c, word, (x0 + x1) / 2, y, {
        family: SERIF,
        style: name === 'description' ? 'bold 7.4px' : 'bold 6.2px',
        align: 'centre',
      });
    });
  }
}

// ——— The body ———

/** The soil's hatching on tiles of six points, black on white (a pavement solid grey). */
function hatch(c: SKRSContext2D, layer: BoreholeLog['layers'][number], x0: number, s0: number, x1: number, s1: number) {
  const pattern = SOIL_CLASSES[layerSoil(layer)].pattern;
  c.save();
  c.beginPath();
  c.rect(x0, s0, x1 - x0, s1 - s0);
  c.clip();
  if (pattern === 'solid') {
    c.fillStyle = '#555';
    c.fillRect(x0, s0, x1 - x0, s1 - s0);
  }
  const path = SOIL_PATTERN_PATHS[pattern];
  if (path) {
    const tile = new Path2D(path);
    c.strokeStyle = '#1a1a1a';
    c.lineWidth = pattern === 'stipple' || pattern === 'coarse-dots' ? 1.3 : 0.55;
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

/** A water sign, its tip on the level: open (▽) where water came in, filled (▼) at a standing level. */
function waterSign(c: SKRSContext2D, filled: boolean, x: number, y: number) {
  c.save();
  c.lineWidth = 0.7;
  c.strokeStyle = '#111';
  c.fillStyle = filled ? '#111' : '#fff';
  c.beginPath();
  c.moveTo(x - 4, y - 6.5);
  c.lineTo(x + 4, y - 6.5);
  c.lineTo(x, y);
  c.closePath();
  c.fill();
  c.stroke();
  c.restore();
  stroke(
    c,
    [
      [x - 7, y],
      [x + 7, y],
    ],
    0.7,
  );
  if (filled)
    for (const [dy, half] of [
      [2.2, 4.5],
      [4.2, 2.5],
    ] as const)
      stroke(
        c,
        [
          [x - half, y + dy],
          [x + half, y + dy],
        ],
        0.5,
      );
}

function body(c: SKRSContext2D, log: BoreholeLog, page: number, planned: Plan) {
  const layers = [...log.layers].sort((a, b) => a.top - b.top);
  const holeEnd = strip(log.depth);
  // Under the hole's end, the narrow strata columns are struck through with a light hatch.
  onBody(c, page, COLUMNS.level.x0, COLUMNS.legend.x1, () => {
    c.save();
    c.beginPath();
    c.rect(COLUMNS.level.x0, holeEnd, COLUMNS.legend.x1 - COLUMNS.level.x0, 1e5);
    c.clip();
    c.strokeStyle = '#c4c4c4';
    c.lineWidth = 0.4;
    const width = COLUMNS.legend.x1 - COLUMNS.level.x0;
    for (let k = Math.floor(holeEnd / 9) * 9 - width; k < (page + 1) * SPAN; k += 9) {
      c.beginPath();
      c.moveTo(COLUMNS.level.x0, k + width);
      c.lineTo(COLUMNS.legend.x1, k);
      c.stroke();
    }
    c.restore();
  });
  // The legend.
  onBody(c, page, COLUMNS.legend.x0, COLUMNS.legend.x1, () => {
    for (const layer of layers)
      hatch(c, layer, COLUMNS.legend.x0, strip(layer.top), COLUMNS.legend.x1, strip(layer.base));
  });
  // Boundaries across the strata's columns, the hole's end as a heavy rule, the leaders of the
  // descriptions pushed down.
  onBody(c, page, STRATA_X0, STRATA_X1, () => {
    for (const boundary of planned.boundaries)
      if (Math.abs(boundary.s - holeEnd) > 0.01)
        stroke(
          c,
          [
            [STRATA_X0, boundary.s],
            [STRATA_X1, boundary.s],
          ],
          0.55,
        );
    stroke(
      c,
      [
        [STRATA_X0, holeEnd],
        [STRATA_X1, holeEnd],
      ],
      1.8,
    );
    for (const leader of planned.leaders) {
      const x = COLUMNS.description.x0 + 3;
      stroke(
        c,
        [
          [x, leader.from],
          [x, leader.to + 1],
          [COLUMNS.description.x0 + GUTTER - 1, leader.to + 1],
        ],
        0.5,
        [1, 1.6],
      );
    }
  });

  // Each boundary's elevation and depth, over its line (under it at a page's top).
  for (const boundary of planned.boundaries) {
    if (boundary.page !== page) continue;
    const y = bodyY(boundary.s, page) + (boundary.under ? 8.2 : -2.2);
    if (boundary.level !== null) write(c, boundary.level, COLUMNS.level.x1 - 3, y, { style: '7.2px', align: 'right' });
    write(c, boundary.depth, COLUMNS.depth.x1 - 3, y, { style: 'bold 7.6px', align: 'right' });
  }
  for (const item of planned.thicknesses)
    if (linePage(item.s) === page)
      write(c, item.text, COLUMNS.depth.x1 - 3, bodyY(item.s, page), { style: '7px', align: 'right' });

  // The descriptions and the hole's end.
  const descX = COLUMNS.description.x0 + GUTTER;
  for (const text of planned.descriptions)
    if (linePage(text.s) === page) write(c, text.text, descX, bodyY(text.s, page), { style: text.style });
  if (linePage(planned.end.s) === page)
    write(c, planned.end.text, descX, bodyY(planned.end.s, page), { style: `bold ${DESC_SIZE}px` });

  // The samples and tests.
  onBody(c, page, COLUMNS.sampleDepth.x0, COLUMNS.results.x1, () => {
    for (const row of planned.rows) {
      const s0 = strip(row.top);
      stroke(
        c,
        [
          [COLUMNS.sampleDepth.x0, s0],
          [COLUMNS.sampleDepth.x0 + 6, s0],
        ],
        0.6,
      );
      if (row.base !== null) {
        c.save();
        c.lineWidth = 0.6;
        c.strokeStyle = '#111';
        c.strokeRect(COLUMNS.sampleDepth.x0 + 1.5, s0, 3, Math.max(2, strip(row.base) - s0));
        c.restore();
      }
    }
  });
  for (const row of planned.rows) {
    if (linePage(row.s) !== page) continue;
    const y = bodyY(row.s, page);
    write(c, row.depth, COLUMNS.sampleDepth.x0 + 7, y, { style: '6.8px' });
    write(c, row.type, (COLUMNS.sampleType.x0 + COLUMNS.sampleType.x1) / 2, y, { style: '7px', align: 'centre' });
    write(c, row.no, (COLUMNS.sampleNo.x0 + COLUMNS.sampleNo.x1) / 2, y, { style: '7px', align: 'centre' });
    write(c, row.result, COLUMNS.results.x0 + 3, y, { style: '7px' });
  }

  // The water.
  const waterX = (COLUMNS.water.x0 + COLUMNS.water.x1) / 2;
  onBody(c, page, COLUMNS.water.x0, COLUMNS.water.x1, () => {
    for (const depth of log.waterStrikes) waterSign(c, false, waterX, strip(depth));
    for (const depth of log.standingLevels) waterSign(c, true, waterX, strip(depth));
  });

  // The scale at the far right: ticks each half metre, numbers each metre.
  const scale = COLUMNS.scale;
  for (let k = page * METRES_PER_PAGE * 2; k <= (page + 1) * METRES_PER_PAGE * 2; k++) {
    const y = bodyY(strip(k / 2), page);
    const whole = k % 2 === 0;
    stroke(
      c,
      [
        [scale.x0, y],
        [scale.x0 + (whole ? 5 : 3), y],
      ],
      0.5,
    );
    // The page's first metre is written under its tick, the last one not at all (the next page has it).
    if (whole && y < BODY_BOTTOM - 1)
      write(c, String(k / 2), scale.x1 - 2, y + (y < BODY_TOP + 4 ? 7 : 2.4), {
        style: '6.2px',
        align: 'right',
        colour: '#333',
      });
  }

  // The columns' rules and the frame.
  for (const name of Object.keys(COLUMNS) as Column[]) {
    const { x0 } = COLUMNS[name];
    if (x0 > LEFT)
      stroke(
        c,
        [
          [x0, BODY_TOP],
          [x0, BODY_BOTTOM],
        ],
        name === 'sampleType' || name === 'sampleNo' || name === 'results' ? 0.3 : 0.5,
      );
  }
  box(c, LEFT, BODY_TOP, RIGHT, BODY_BOTTOM, 0.8);
}

// ——— The foot ———

function remarks(log: BoreholeLog, page: number, pages: number): string[] {
  const out: string[] = [];
  const sorted = (depths: number[]) => [...depths].sort((a, b) => a - b).map((depth) => `${metres(depth)} m`);
  out.push(
    log.waterStrikes.length
      ? `Venue d'eau à ${sorted(log.waterStrikes).join(' et ')} en cours de forage.`
      : "Aucune venue d'eau notée en cours de forage.",
  );
  out.push(
    log.standingLevels.length
      ? `Niveau d'eau stabilisé à ${sorted(log.standingLevels).join(' et ')} sous le terrain, mesuré le ${shortDate(lastDay(log))}.`
      : "Niveau d'eau stabilisé non mesuré.",
  );
  if (log.screen) out.push(`Piézomètre installé, crépine de ${metres(log.screen.top)} à ${metres(log.screen.base)} m.`);
  for (const core of log.cores)
    out.push(
      `Carottage de ${metres(core.top)} à ${metres(core.base)} m : ${core.rqd === null ? 'RQD non mesuré' : `RQD ${Math.round(core.rqd)} %`}.`,
    );
  out.push(`Forage terminé à ${metres(log.depth)} m.`);
  out.push(page + 1 < pages ? `Suite au feuillet ${page + 2}.` : 'Fin du journal.');
  return out;
}

function foot(c: SKRSContext2D, log: BoreholeLog, page: number, pages: number) {
  const y0 = FOOT_TOP;
  const y1 = FOOT_BOTTOM;
  box(c, LEFT, y0, RIGHT, y1, 0.8);
  const split1 = LEFT + 196;
  const split2 = LEFT + 390;
  for (const x of [split1, split2])
    stroke(
      c,
      [
        [x, y0],
        [x, y1],
      ],
      0.5,
    );
  const heading = (text: string, x: number) => write(c, text, x + 4, y0 + 9, { family: SERIF, style: 'bold 6.8px' });
  heading('Remarques', LEFT);
  heading("Observations de l'eau", split1);
  heading('Légende', split2);

  let y = y0 + 19;
  remarks(log, page, pages).forEach((remark, i) => {
    const wrapped = lines(remark, split1 - LEFT - 18, '6.6px');
    write(c, `${i + 1}.`, LEFT + 4, y, { style: '6.6px' });
    for (const text of wrapped) {
      if (y > y1 - 3) return;
      write(c, text, LEFT + 13, y, { style: '6.6px' });
      y += 7.8;
    }
  });

  // The water's table.
  const cols = [split1 + 4, split1 + 48, split1 + 88, split1 + 124];
  const titles = ['Date', 'Prof. forage', 'Prof. eau', 'Observation'];
  titles.forEach((title, i) => write(c, title, cols[i]!, y0 + 19, { family: SERIF, style: 'bold 5.6px' }));
  stroke(
    c,
    [
      [split1 + 3, y0 + 21.5],
      [split2 - 3, y0 + 21.5],
    ],
    0.4,
  );
  const rows: string[][] = [
    ...[...log.waterStrikes]
      .sort((a, b) => a - b)
      .map((depth) => [slashDate(firstDay(log)), metres(depth), metres(depth), "Venue d'eau"]),
    ...[...log.standingLevels]
      .sort((a, b) => a - b)
      .map((depth) => [slashDate(lastDay(log)), metres(log.depth), metres(depth), 'Niveau stabilisé']),
  ];
  if (rows.length === 0) rows.push(['—', '—', '—', 'Aucune eau observée']);
  rows.forEach((row, r) => row.forEach((cell, i) => write(c, cell, cols[i]!, y0 + 30 + r * 8, { style: '6.6px' })));

  // The key.
  const kx = split2 + 4;
  let ky = y0 + 19;
  waterSign(c, false, kx + 5, ky + 1);
  write(c, "Venue d'eau en cours de forage", kx + 15, ky, { style: '6.4px' });
  ky += 11;
  waterSign(c, true, kx + 5, ky - 1);
  write(c, "Niveau d'eau stabilisé", kx + 15, ky, { style: '6.4px' });
  ky += 9.5;
  const types = [...new Set(log.samples.map((sample) => sample.type.trim().toUpperCase()).filter(Boolean))];
  for (const type of types.length ? types : ['CF']) {
    write(c, `${type} : ${SAMPLERS[type] ?? 'échantillon'}`, kx, ky, { style: '6.4px' });
    ky += 7.6;
  }
  for (const text of lines(
    "SPT : N = coups pour 300 mm ; entre parenthèses, coups d'amorce / coups d'essai par 75 mm ; N=coups/mm : refus.",
    RIGHT - kx - 4,
    '6px',
  )) {
    if (ky > y1 - 3) break;
    write(c, text, kx, ky, { style: '6px' });
    ky += 7;
  }
}

// ——— The log ———

/** The template's line under the foot. */
function colophon(c: SKRSContext2D) {
  const y = FOOT_BOTTOM + 10;
  write(c, 'Ce journal doit être lu avec le rapport géotechnique auquel il est joint.', LEFT, y, {
    family: SERIF,
    style: 'italic 6px',
    colour: '#555',
  });
  write(c, 'Gabarit JF-AGS4 (FR), rév. 3', RIGHT, y, { family: SERIF, style: '6px', align: 'right', colour: '#555' });
}

function strateLog(log: BoreholeLog, sheets: Sheets) {
  const planned = plan(log);
  for (let page = 0; page < planned.pages; page++) {
    const c = sheets.page();
    header(c, log, page, planned.pages);
    headings(c);
    body(c, log, page, planned);
    foot(c, log, page, planned.pages);
    colophon(c);
  }
}

/** The log drawn in the « strate » layout as a vector PDF, its text kept as text (a firm's export). */
export function strateLayoutPdf(log: BoreholeLog): Uint8Array {
  return pdfPages(strateLog, log, PAPER);
}

/** The log drawn in the « strate » layout, as page images at `dpi`. */
export async function strateLayoutPages(log: BoreholeLog, dpi: number): Promise<PageImage[]> {
  return await rasterPages(strateLog, log, PAPER, dpi);
}
