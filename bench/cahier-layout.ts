// The tenth firm's log layout, held out since the night of 28 Nov 2026, after « sommaire »
// (bench/sommaire-layout.ts): drawn by this script alone, apart from the reader and from the layouts
// it was built and tuned on, written for the next session's measure and never read while tuning —
// `npm run bench:ocr` measures it with the others, and nothing in the reader is changed to suit it.
//
// « cahier »: a Québec environmental and geotechnical consulting firm's « LOG DE FORAGE » (the
// word the trade uses), as its logging software prints it on tabloid paper standing upright
// (11 × 17 in), at 1:50, as many whole or half metres on a page as its height holds (fifteen or so
// on the first, more on the next ones, under a shorter header). The body is in an Arial-like type
// (Liberation Sans), the column headings in its narrow cut, the firm's name in a wide bold one
// (DejaVu Sans); decimal commas. The header is a banner: the firm's name (its emblem as a rounded
// square, if it has one) over its trades at the left, a dark green box at the right with
// « LOG DE FORAGE » and the hole's number in large white type. Under it, three columns of rows
// headed « PROJET », « LOCALISATION » and « FORAGE », each row a label and its value set flush
// right at the end of a dotted leader: the project, the place, the hole's other name, the method;
// the coordinate system with its EPSG code (« MTM fuseau 8, NAD 83 (EPSG 32188) ») then
// « Coord. X (est) » and « Coord. Y (nord) » in metres, or the latitude and longitude in decimal
// degrees with their hemisphere after them (« 45,52345° N », « 73,56789° O »), and how the position
// was had; the ground's elevation, the days written « 18/07/2019 » (« 30/06/2022 au 02/07/2022 »),
// the final depth and the scale. Then a band « EAU SOUTERRAINE ET PUITS » in sentences. The
// columns: two scales first, the elevation (each whole metre numbered, the ground's elevation in
// bold at the top) then the depth (ticked each 0,1 m, numbered each metre); « Puits et eau » (the
// standpipe, its slotted screen in a stippled sand pack, an open triangle over three lines at a
// steady level, an arrow where water came in); under « STRATIGRAPHIE » a coloured and patterned
// symbol, a narrow « Limite (m) » column where each boundary's depth is written in bold ON its
// line (the line broken around it), and the description, the soil's name (up to the first comma)
// underlined. A description pushed down by a long one above it starts under its own rule, joined
// to its boundary by a dotted jog at the column's left edge; the hole's end is a heavy line with
// « Forage terminé à 7,62 m (élév. 27,04 m) » under it. Then « ÉCHANTILLONS » (a bar over the
// length sampled, crossed for a split spoon, with « CF-3 » and « 0,75–1,35 » beside it), « ESSAI
// SPT » (the blows of each 150 mm written one under the other, each at its own depth, a bracket
// over the two that make N and N in bold beside it; a refusal as « 50/75 mm » at the drive it
// stopped and « Refus » for N) and « Remarques » in words at their depths, each with a tick (the
// water, the screen, the cores' RQD). Boundaries run across the stratigraphy only. At the foot of
// every page, a legend (the soils of this log, the water's signs, the samplers, the SPT's words),
// lines to sign and « Log de forage F-101 — feuillet 1 de 2 ».
import { createCanvas, GlobalFonts, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../api/digitise/raster.ts';
import { methodText } from '../src/domain/ags/hole-types.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { layerSoil, SOIL_CLASSES, SOIL_PATTERN_PATHS, type SoilClass } from '../src/domain/soil.ts';
import { decimals, pdfPages, rasterPages, typeset, type Sheets } from './layout-pages.ts';

const font = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(font('LiberationSans-Regular.ttf'), 'Cahier Sans');
GlobalFonts.registerFromPath(font('LiberationSans-Bold.ttf'), 'Cahier Sans');
GlobalFonts.registerFromPath(font('LiberationSansNarrow-Regular.ttf'), 'Cahier Narrow');
GlobalFonts.registerFromPath(font('LiberationSansNarrow-Bold.ttf'), 'Cahier Narrow');
GlobalFonts.registerFromPath(font('DejaVuSans-Bold.ttf'), 'Cahier Wide');
const SANS = 'Cahier Sans';
const NARROW = 'Cahier Narrow';
const WIDE = 'Cahier Wide';
const sans = typeset(SANS);
const narrow = typeset(NARROW);
const wide = typeset(WIDE);

/** Tabloid paper standing upright (11 × 17 in), in points. */
const PAPER = { width: 792, height: 1224 };
const MARGIN = 30;
const LEFT = MARGIN;
const RIGHT = PAPER.width - MARGIN;
/** The firm's colour: the banner's box, the rules under the section titles. */
const GREEN = '#1f4a34';
const PALE = '#e4ede5';
/** 1:50: 56,7 points a metre. */
const METRE = 72 / 2.54 / 0.5;
/** The foot of every page, and the body's lowest line above it. */
const FOOT_H = 58;
const FOOT_TOP = PAPER.height - MARGIN - FOOT_H;
const BODY_BOTTOM = FOOT_TOP - 8;
/** The columns' headings over the body: a band for the groups, then the columns' names. */
const HEAD_H = 34;
const GROUP_H = 12;
/** The descriptions' type, the distance between their lines, their first baseline under their rule. */
const DESC_STYLE = '8px';
const LEADING = 9.6;
const FIRST_BASELINE = 9.5;
const DESC_INDENT = 11;
const SMALL = '6.6px';

/** The columns, left to right, with their widths in points (the description takes the rest). */
const WIDTHS = {
  elevation: 28,
  depth: 28,
  well: 30,
  symbol: 30,
  limit: 34,
  description: 0,
  sample: 62,
  blows: 36,
  n: 24,
  remarks: 164,
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
const GROUPS: [string, Column, Column][] = [
  ['STRATIGRAPHIE', 'symbol', 'description'],
  ['ÉCHANTILLONS', 'sample', 'sample'],
  ['ESSAI SPT', 'blows', 'n'],
];
const HEADINGS: Record<Column, string[]> = {
  elevation: ['Élév.', '(m)'],
  depth: ['Prof.', '(m)'],
  well: ['Puits', 'et eau'],
  symbol: ['Symb.'],
  limit: ['Limite', '(m)'],
  description: ['Description des sols et du roc'],
  sample: ['N° et', 'intervalle (m)'],
  blows: ['Coups /', '150 mm'],
  n: ['N'],
  remarks: ['Remarques', '(eau, puits, roc)'],
};

// ——— Type ———

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
  while (fitted > size * 0.65 && widthOf(value, `${weight} ${fitted}px`, family) > width) fitted -= 0.25;
  return fitted;
}
/** `text` cut into lines of at most `width` at `style`, at spaces (never at a no-break space). */
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
const dotted = (c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, width = 0.5) => {
  c.save();
  c.setLineDash([1, 1.6]);
  line(c, x0, y0, x1, y1, width);
  c.restore();
};
const tinted = (c: SKRSContext2D, colour: string, draw: () => void) => {
  c.save();
  c.fillStyle = colour;
  draw();
  c.restore();
};

// ——— How the firm writes things ———

const NBSP = '\u00a0';
const metres = (value: number) => `${decimals(value, 2)}${NBSP}m`;
/** « 2019-07-18 » as the firm writes it: « 18/07/2019 ». */
const dayText = (value: string | null) => {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : null;
};
function drillingDays(log: BoreholeLog) {
  const [first, last] = [dayText(log.date), dayText(log.endDate)];
  if (first && last && first !== last) return `${first} au ${last}`;
  return first ?? last ?? '—';
}
/** The day the steady levels were read: the last day of drilling. */
const readDay = (log: BoreholeLog) => dayText(log.endDate) ?? dayText(log.date);
const elevationAt = (log: BoreholeLog, depth: number) =>
  log.groundLevel === null ? '' : ` (élév.${NBSP}${metres(log.groundLevel - depth)})`;

/** The coordinate system (with its EPSG code) and the two values, as rows of the « LOCALISATION » column. */
function coordinates(log: BoreholeLog): [string, string][] {
  const geographic = (datum: string, lat: number, lon: number): [string, string][] => [
    ['Système', `Géographiques, ${datum}`],
    ['Latitude', `${decimals(Math.abs(lat), 5)}°${NBSP}${lat < 0 ? 'S' : 'N'}`],
    ['Longitude', `${decimals(Math.abs(lon), 5)}°${NBSP}${lon < 0 ? 'O' : 'E'}`],
  ];
  if (log.original) {
    const { crs, x, y } = log.original;
    const code = Number(crs.replace(/^EPSG:/i, ''));
    const projected = (system: string): [string, string][] => [
      ['Système', Number.isFinite(code) && code > 0 ? `${system} (EPSG ${code})` : system],
      ['Coord. X (est)', `${decimals(x, 1)}${NBSP}m`],
      ['Coord. Y (nord)', `${decimals(y, 1)}${NBSP}m`],
    ];
    if (code >= 32181 && code <= 32190) return projected(`MTM fuseau ${code - 32180}, NAD 83`);
    if (code >= 2945 && code <= 2952) return projected(`MTM fuseau ${code - 2942}, NAD 83 (SCRS)`);
    if (code >= 26917 && code <= 26922) return projected(`UTM zone ${code - 26900}N, NAD 83`);
    if (code >= 2958 && code <= 2962) return projected(`UTM zone ${code - 2941}N, NAD 83 (SCRS)`);
    if (code === 32198) return projected('Lambert conique conforme du Québec, NAD 83');
    if (code === 4326) return geographic('WGS 84 (EPSG 4326)', y, x);
    if (code === 4269) return geographic('NAD 83 (EPSG 4269)', y, x);
    if (code === 4617) return geographic('NAD 83 (SCRS) (EPSG 4617)', y, x);
    return projected(crs);
  }
  if (log.lat !== null && log.lon !== null) return geographic('NAD 83', log.lat, log.lon);
  return [
    ['Système', 'non levé'],
    ['Coord. X (est)', '—'],
    ['Coord. Y (nord)', '—'],
  ];
}
const POSITIONS: Record<string, string> = {
  surveyed: 'levée (arpentage)',
  approximate: 'approximative',
  converted: 'convertie',
  unknown: 'inconnue',
};

/** The water, in sentences, for the header's band. */
function waterSentence(log: BoreholeLog) {
  const read = readDay(log);
  const listed = (depths: number[]) =>
    [...depths]
      .sort((a, b) => a - b)
      .map((depth) => `${metres(depth)}${elevationAt(log, depth)}`)
      .join(' et à ');
  const parts: string[] = [];
  if (log.standingLevels.length)
    parts.push(`niveau d’eau stabilisé à ${listed(log.standingLevels)}${read ? `, mesuré le ${read}` : ''}`);
  if (log.waterStrikes.length) parts.push(`venue d’eau en cours de forage à ${listed(log.waterStrikes)}`);
  const text = parts.length ? parts.join(' ; ') : 'aucune eau observée pendant le forage';
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
function wellSentence(log: BoreholeLog) {
  return log.screen
    ? `Puits d’observation installé, crépine de ${decimals(log.screen.top, 2)} à ${metres(log.screen.base)} de profondeur.`
    : 'Aucun puits d’observation installé.';
}

// ——— The pages: the hole as one long strip of paper at 1:50, cut into pages ———

interface Geometry {
  /** Metres of the hole (whole or half) on the first page, and on each of the next ones. */
  first: number;
  later: number;
  /** The body's top on the first page, and on the next ones. */
  firstTop: number;
  laterTop: number;
}
/** Where a page's stretch of the strip starts (points from the ground). */
const pageStart = (g: Geometry, page: number) => (page === 0 ? 0 : (g.first + (page - 1) * g.later) * METRE);
const pageEnd = (g: Geometry, page: number) => pageStart(g, page + 1);
const bodyTop = (g: Geometry, page: number) => (page === 0 ? g.firstTop : g.laterTop);
function pageOf(g: Geometry, s: number) {
  const first = g.first * METRE;
  if (s < first - 1e-6) return 0;
  return 1 + Math.floor((s - first) / (g.later * METRE) + 1e-9);
}
/** A height on the strip as a height on the paper of `page`. */
const paperY = (g: Geometry, s: number, page: number) => bodyTop(g, page) + s - pageStart(g, page);
/** A baseline that flows on: moved to the next page's top when its line would run across the page's foot. */
function flow(g: Geometry, s: number, up = 7, down = 2.5) {
  const page = pageOf(g, Math.max(0, s - up));
  return s + down > pageEnd(g, page) ? pageEnd(g, page) + up + 2 : s;
}
/** A line's middle kept whole on the page where `s` falls. */
function keep(g: Geometry, s: number, page: number, half = 4.5) {
  return Math.min(Math.max(s, pageStart(g, page) + half + 0.5), pageEnd(g, page) - half - 0.5);
}
/** Draws on the strip, clipped to the columns `x0`–`x1` of `page`. */
function onStrip(c: SKRSContext2D, g: Geometry, page: number, x0: number, x1: number, draw: () => void) {
  const top = bodyTop(g, page);
  c.save();
  c.beginPath();
  c.rect(x0, top, x1 - x0, BODY_BOTTOM - top);
  c.clip();
  c.translate(0, top - pageStart(g, page));
  draw();
  c.restore();
}

// ——— What goes on the strip, set before anything is drawn ———

interface Placed {
  /** The description's lines: their baseline, text and the width of the soil's name underlined on them. */
  lines: { s: number; text: string; underline: number }[];
  /** Each layer's rule in the description column: its true depth and where it is drawn. */
  rules: { s: number; at: number }[];
  /** The hole's end in the description column, and the baseline of « Forage terminé ». */
  end: { s: number; at: number; text: number };
  limits: { s: number; at: number; text: string }[];
  samples: { top: number; base: number; type: string; label: { s: number; text: string }[] }[];
  blows: { s: number; text: string }[];
  n: { s: number; text: string; bracket: [number, number] | null }[];
  remarks: { s: number; tick: number; text: string; indent: number }[];
  /** The strip's lowest point drawn on. */
  extent: number;
}

type Test = BoreholeLog['spt'][number];
/** The blows of each 150 mm (the 2nd and 3rd make N), or a refusal at the drive it stopped, and N. */
function testCells(test: Test, fourth: boolean): { blows: (string | null)[]; n: string; bracket: boolean } {
  if (test.refusal) {
    const { blows, mm, seating } = test.refusal;
    if (mm === null) return { blows: [], n: `>${NBSP}${blows}`, bracket: false };
    const driven = `${blows}/${Math.round(mm)}${NBSP}mm`;
    return { blows: seating ? [driven] : [null, driven], n: 'Refus', bracket: false };
  }
  if (test.n === null) return { blows: [], n: '—', bracket: false };
  if (!Number.isInteger(test.n)) return { blows: [], n: decimals(test.n, 1), bracket: false };
  const n = test.n;
  const second = Math.floor(n / 2);
  const third = n - second;
  const first = Math.max(1, Math.round(n * 0.35));
  const last = third + Math.max(1, Math.round(n / 5));
  return {
    blows: (fourth ? [first, second, third, last] : [first, second, third]).map(String),
    n: String(n),
    bracket: true,
  };
}

/** The remarks, each at its depth. */
function remarksOf(log: BoreholeLog): { depth: number; text: string }[] {
  const read = readDay(log);
  return [
    ...log.standingLevels.map((depth) => ({
      depth,
      text: `Niveau d’eau stabilisé à ${metres(depth)}${read ? ` (mesuré le ${read})` : ''}`,
    })),
    ...log.waterStrikes.map((depth) => ({ depth, text: `Venue d’eau en cours de forage à ${metres(depth)}` })),
    ...(log.screen
      ? [
          {
            depth: log.screen.top,
            text: `Crépine du puits de ${decimals(log.screen.top, 2)} à ${metres(log.screen.base)}, dans un massif filtrant de sable`,
          },
        ]
      : []),
    ...log.cores.map((core) => ({
      depth: core.top,
      text: `Carottage de ${decimals(core.top, 2)} à ${metres(core.base)} : ${
        core.rqd === null ? 'RQD non mesuré' : `RQD${NBSP}=${NBSP}${Math.round(core.rqd)}${NBSP}%`
      }`,
    })),
  ].sort((a, b) => a.depth - b.depth);
}

function place(log: BoreholeLog, g: Geometry): Placed {
  const layers = [...log.layers].sort((a, b) => a.top - b.top);
  const [descLeft, descRight] = COLUMNS.description;
  const textWidth = descRight - descLeft - DESC_INDENT - 5;

  // The descriptions: each under its rule, the rule pushed down under the one above when it must.
  const lines: Placed['lines'] = [];
  const rules: Placed['rules'] = [];
  let low = -Infinity;
  const ruleAt = (s: number) => {
    let at = Math.max(s, low + 4.5);
    // A rule with no room under it for a line goes to the next page's top.
    const page = pageOf(g, at);
    if (at > pageEnd(g, page) - 14 && at - s > 0.01) at = pageEnd(g, page);
    return at;
  };
  for (const layer of layers) {
    const at = ruleAt(layer.top * METRE);
    rules.push({ s: layer.top * METRE, at });
    const description = layer.description.trim() || '—';
    const wrapped = wrapLine(description, textWidth, DESC_STYLE);
    const name = wrapped.join(' ').split(',')[0]!.length;
    let offset = 0;
    let s = at + FIRST_BASELINE;
    for (const text of wrapped) {
      s = flow(g, s);
      const underlined = Math.max(0, Math.min(text.length, name - offset));
      lines.push({ s, text, underline: underlined ? widthOf(text.slice(0, underlined), DESC_STYLE) : 0 });
      offset += text.length + 1;
      low = s + 2.5;
      s += LEADING;
    }
  }
  const endAt = ruleAt(log.depth * METRE);
  const end = { s: log.depth * METRE, at: endAt, text: flow(g, endAt + 11) };

  // The boundaries' depths, on their lines in the « Limite » column.
  const depths = [...new Set(layers.flatMap((layer) => [layer.top, layer.base]).concat(log.depth))]
    .filter((depth) => depth <= log.depth + 1e-6)
    .sort((a, b) => a - b);
  const limits: Placed['limits'] = [];
  let previous = -Infinity;
  for (const depth of depths) {
    const s = depth * METRE;
    const wanted = Math.max(s, previous + 9);
    const at = keep(g, wanted, pageOf(g, wanted));
    limits.push({ s, at, text: decimals(depth, 2) });
    previous = at;
  }

  // The samples: the bar to scale, « CF-3 » and its depths beside it.
  const samples: Placed['samples'] = [];
  let sampleLow = -Infinity;
  for (const sample of [...log.samples].sort((a, b) => a.top - b.top)) {
    const type = sample.type.trim();
    const ref = sample.ref.trim();
    const name = !type
      ? ref || '—'
      : !ref
        ? type
        : ref.toUpperCase().startsWith(type.toUpperCase())
          ? ref
          : `${type}-${ref}`;
    const span =
      sample.base === null ? decimals(sample.top, 2) : `${decimals(sample.top, 2)}–${decimals(sample.base, 2)}`;
    const first = flow(g, Math.max(sample.top * METRE + 7, sampleLow + 8.5));
    const second = flow(g, first + 8);
    sampleLow = second;
    samples.push({
      top: sample.top * METRE,
      base: (sample.base ?? sample.top) * METRE,
      type: type.toUpperCase(),
      label: [
        { s: first, text: name },
        { s: second, text: span },
      ],
    });
  }

  // The tests: each 150 mm's blows at its own depth, N beside the two that make it.
  const blows: Placed['blows'] = [];
  const n: Placed['n'] = [];
  let blowLow = -Infinity;
  let nLow = -Infinity;
  for (const test of [...log.spt].sort((a, b) => a.top - b.top)) {
    const fourth = test.top + 0.6 <= log.depth + 1e-6;
    const cells = testCells(test, fourth);
    let pushed = false;
    cells.blows.forEach((text, i) => {
      const wanted = (test.top + 0.075 + 0.15 * i) * METRE + 2.4;
      const s = flow(g, Math.max(wanted, blowLow + 7.5), 5.5, 2);
      if (Math.abs(s - wanted) > 0.01) pushed = true;
      if (text !== null) blows.push({ s, text });
      blowLow = s;
    });
    // N beside the two drives that make it; « Refus » beside the drive that stopped.
    const beside = cells.bracket ? 0.3 : 0.075 + 0.15 * Math.max(0, cells.blows.length - 1);
    const wanted = (test.top + beside) * METRE + 2.6;
    const s = flow(g, Math.max(wanted, nLow + 9));
    nLow = s;
    const bracket: [number, number] | null =
      cells.bracket && !pushed && Math.abs(s - wanted) < 0.01
        ? [(test.top + 0.15) * METRE, (test.top + 0.45) * METRE]
        : null;
    n.push({ s, text: cells.n, bracket: bracket && pageOf(g, bracket[0]) === pageOf(g, bracket[1]) ? bracket : null });
  }

  // The remarks, wrapped, each line after the one above it.
  const remarks: Placed['remarks'] = [];
  const [remarksLeft, remarksRight] = COLUMNS.remarks;
  let remarkLow = -Infinity;
  for (const remark of remarksOf(log)) {
    const tick = remark.depth * METRE;
    wrapLine(remark.text, remarksRight - remarksLeft - 14, SMALL).forEach((text, i) => {
      const s = flow(g, Math.max(i ? remarkLow + 8.4 : tick + 2.4, remarkLow + 8.4));
      remarks.push({ s, tick, text, indent: i ? 5 : 0 });
      remarkLow = s;
    });
  }

  const extent = Math.max(
    log.depth * METRE,
    end.text + 3,
    ...lines.map((each) => each.s + 3),
    ...samples.flatMap((each) => [each.base, each.label[1]!.s + 3]),
    ...blows.map((each) => each.s + 2),
    ...n.map((each) => each.s + 2),
    ...remarks.map((each) => each.s + 3),
  );
  return { lines, rules, end, limits, samples, blows, n, remarks, extent };
}

// ——— The symbols ———

/** A colour mixed with white: `share` of the colour. */
function pale(colour: string, share: number) {
  const value = Number.parseInt(colour.replace('#', ''), 16);
  const mix = (shift: number) => Math.round(255 - (255 - ((value >> shift) & 0xff)) * share);
  return `rgb(${mix(16)}, ${mix(8)}, ${mix(0)})`;
}
/** The soil's symbol over a rectangle: its colour, paled, and its pattern tiled every 8 points. */
function symbol(c: SKRSContext2D, soil: SoilClass, x0: number, y0: number, x1: number, y1: number) {
  const info = SOIL_CLASSES[soil];
  c.save();
  c.beginPath();
  c.rect(x0, y0, x1 - x0, y1 - y0);
  c.clip();
  c.fillStyle = info.pattern === 'solid' ? info.colour : pale(info.colour, 0.45);
  c.fillRect(x0, y0, x1 - x0, y1 - y0);
  const path = SOIL_PATTERN_PATHS[info.pattern];
  if (path) {
    const tile = new Path2D(path);
    c.strokeStyle = '#1d1d1d';
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

/** A steady level: an open triangle, its tip on the level, over three shortening lines. */
function steadyMark(c: SKRSContext2D, x: number, y: number) {
  c.save();
  c.fillStyle = '#fff';
  c.strokeStyle = '#0b3d91';
  c.lineWidth = 0.8;
  c.beginPath();
  c.moveTo(x - 4.5, y - 7);
  c.lineTo(x + 4.5, y - 7);
  c.lineTo(x, y);
  c.closePath();
  c.fill();
  c.stroke();
  c.restore();
  line(c, x - 6, y + 0.3, x + 6, y + 0.3, 0.8, '#0b3d91');
  line(c, x - 4, y + 2.3, x + 4, y + 2.3, 0.7, '#0b3d91');
  line(c, x - 2, y + 4.2, x + 2, y + 4.2, 0.6, '#0b3d91');
}
/** Water met while drilling: an arrow pointing into the hole at the level. */
function strikeMark(c: SKRSContext2D, x0: number, x1: number, y: number) {
  line(c, x0, y, x1 - 4, y, 0.8, '#0b3d91');
  c.save();
  c.fillStyle = '#0b3d91';
  c.beginPath();
  c.moveTo(x1, y);
  c.lineTo(x1 - 5, y - 2.6);
  c.lineTo(x1 - 5, y + 2.6);
  c.closePath();
  c.fill();
  c.restore();
}
/** A sample's bar over the length sampled: crossed for a split spoon, black for a thin-walled tube, ruled for a core. */
function sampleBar(c: SKRSContext2D, type: string, x: number, y0: number, y1: number) {
  const height = Math.max(2, y1 - y0);
  c.save();
  c.lineWidth = 0.6;
  c.strokeStyle = '#111';
  c.fillStyle = '#111';
  if (type === 'TM') c.fillRect(x, y0, 7, height);
  else {
    c.strokeRect(x, y0, 7, height);
    c.beginPath();
    if (type === 'CF') {
      c.moveTo(x, y0);
      c.lineTo(x + 7, y0 + height);
    } else if (type === 'CR')
      for (let y = y0 + 3; y < y0 + height; y += 3) {
        c.moveTo(x, y);
        c.lineTo(x + 7, y);
      }
    c.stroke();
  }
  c.restore();
}

// ——— The header ———

const BANNER_H = 50;
function banner(c: SKRSContext2D, log: BoreholeLog) {
  const top = MARGIN;
  tinted(c, GREEN, () => c.fillRect(LEFT, top, RIGHT - LEFT, 2.5));
  const box = [RIGHT - 200, RIGHT] as const;
  let left = LEFT;
  if (log.emblem) {
    c.save();
    c.fillStyle = log.emblem.colour;
    c.beginPath();
    c.roundRect(LEFT, top + 9, 34, 34, 6);
    c.fill();
    c.fillStyle = '#fff';
    wide.centred(c, log.emblem.initials, [LEFT, LEFT + 34], top + 31, 'bold 13px');
    c.restore();
    left += 42;
  }
  const name = log.organisation || '—';
  const width = box[0] - left - 16;
  wide.text(c, name, left, top + 26, `bold ${sizeToFit(name, width, 14, 'bold', WIDE)}px`);
  tinted(c, '#444', () =>
    sans.text(
      c,
      'Environnement · Géotechnique · Hydrogéologie · Contrôle des matériaux',
      left,
      top + 40,
      'italic 7.4px',
    ),
  );
  tinted(c, GREEN, () => c.fillRect(box[0], top + 6, box[1] - box[0], BANNER_H - 6));
  c.save();
  c.fillStyle = '#fff';
  const title = log.screen ? 'LOG DE FORAGE ET DE PUITS' : 'LOG DE FORAGE';
  sans.centred(c, title, box, top + 18, `bold ${sizeToFit(title, box[1] - box[0] - 12, 8.6, 'bold')}px`);
  const id = log.id || '—';
  wide.centred(c, id, box, top + 42, `bold ${sizeToFit(id, box[1] - box[0] - 16, 19, 'bold', WIDE)}px`);
  c.restore();
  line(c, LEFT, top + BANNER_H + 3, RIGHT, top + BANNER_H + 3, 0.8);
  return top + BANNER_H + 3;
}

/** A row: the label, a dotted leader, the value flush right; a value too long goes on under it. */
function leaderRow(c: SKRSContext2D, [x0, x1]: readonly [number, number], y: number, label: string, value: string) {
  const labelStyle = '7.4px';
  sans.text(c, label, x0, y, labelStyle);
  const room = x1 - x0 - widthOf(label, labelStyle) - 10;
  // Set a little smaller when it must, else run onto the next lines at the usual size.
  let size = 8.2;
  while (size > 7.2 && widthOf(value, `bold ${size}px`) > room) size -= 0.2;
  const style = `bold ${size}px`;
  const lines = widthOf(value, style) <= room ? [value] : wrapLine(value, room, style);
  lines.forEach((text, i) => rightAligned(c, text, x1, y + i * 10, style));
  const dotsEnd = x1 - widthOf(lines[0]!, style) - 3;
  c.save();
  c.fillStyle = '#555';
  for (let x = x0 + widthOf(label, labelStyle) + 3; x < dotsEnd - 0.7; x += 2.6) c.fillRect(x, y - 0.7, 0.7, 0.7);
  c.restore();
  return y + lines.length * 10 + 3.5;
}

/** The first page's header: the banner, the three columns of rows, the water's band; returns its foot. */
function header(c: SKRSContext2D, log: BoreholeLog) {
  let y = banner(c, log) + 6;
  const gap = 16;
  const width = (RIGHT - LEFT - 2 * gap) / 3;
  const columns: [string, [string, string][]][] = [
    [
      'PROJET',
      [
        ['Projet', log.project || '—'],
        ['Endroit', log.site || '—'],
        ['Autre désignation', log.locaId ?? '—'],
        ['Méthode de forage', methodText(log.method, log.holeType) || '—'],
      ],
    ],
    [
      'LOCALISATION',
      [...coordinates(log), ['Position', POSITIONS[log.locationConfidence] ?? (log.locationConfidence || '—')]],
    ],
    [
      'FORAGE',
      [
        ['Élévation du terrain', log.groundLevel === null ? 'non levée' : `${metres(log.groundLevel)} (géodésique)`],
        ['Date du forage', drillingDays(log)],
        ['Profondeur finale', metres(log.depth)],
        ['Échelle verticale', '1:50'],
      ],
    ],
  ];
  let bottom = y;
  columns.forEach(([title, rows], i) => {
    const span = [LEFT + i * (width + gap), LEFT + i * (width + gap) + width] as const;
    tinted(c, GREEN, () => sans.text(c, title, span[0], y + 8, 'bold 7.6px'));
    line(c, span[0], y + 11, span[1], y + 11, 0.8, GREEN);
    let row = y + 23;
    for (const [label, value] of rows) row = leaderRow(c, span, row, label, value);
    bottom = Math.max(bottom, row);
  });
  y = bottom + 2;

  // The water and the well, in sentences, in a band.
  const bandTop = y;
  tinted(c, GREEN, () => sans.text(c, 'EAU SOUTERRAINE ET PUITS', LEFT + 6, y + 10, 'bold 7.6px'));
  let text = y + 10;
  const textLeft = LEFT + 128;
  for (const sentence of [waterSentence(log), wellSentence(log)])
    for (const each of wrapLine(sentence, RIGHT - textLeft - 6, '8px')) {
      sans.text(c, each, textLeft, text, '8px');
      text += 10.5;
    }
  tinted(c, '#444', () =>
    sans.text(
      c,
      'Profondeurs en mètres sous la surface du terrain ; élévations géodésiques en mètres.',
      textLeft,
      text,
      'italic 7px',
    ),
  );
  y = text + 5;
  c.save();
  c.lineWidth = 0.6;
  c.strokeStyle = GREEN;
  c.strokeRect(LEFT, bandTop, RIGHT - LEFT, y - bandTop);
  c.restore();
  return y;
}

/** The next pages' header: the banner and one line of the project. */
function shortHeader(c: SKRSContext2D, log: BoreholeLog) {
  const y = banner(c, log) + 14;
  const text = `Projet : ${log.project || '—'} — Endroit : ${log.site || '—'} — (suite)`;
  sans.text(c, text, LEFT, y, `${sizeToFit(text, RIGHT - LEFT, 8.2)}px`);
  return y + 6;
}

// ——— The body ———

function headings(c: SKRSContext2D, top: number) {
  tinted(c, PALE, () => c.fillRect(LEFT, top, RIGHT - LEFT, HEAD_H));
  const columns = Object.keys(WIDTHS) as Column[];
  const grouped = new Set<Column>();
  for (const [title, first, last] of GROUPS) {
    const span = [COLUMNS[first][0], COLUMNS[last][1]] as const;
    narrow.centred(c, title, span, top + 9, `bold ${sizeToFit(title, span[1] - span[0] - 4, 7.4, 'bold', NARROW)}px`);
    line(c, span[0], top + GROUP_H, span[1], top + GROUP_H, 0.5);
    for (const name of columns.slice(columns.indexOf(first), columns.indexOf(last) + 1)) grouped.add(name);
  }
  for (const name of columns) {
    const texts = HEADINGS[name];
    const [x0, x1] = COLUMNS[name];
    const middle = grouped.has(name) ? top + GROUP_H + (HEAD_H - GROUP_H) / 2 : top + HEAD_H / 2;
    const first = middle + 2.6 - ((texts.length - 1) * 8) / 2;
    texts.forEach((text, i) =>
      narrow.centred(c, text, [x0, x1], first + i * 8, `bold ${sizeToFit(text, x1 - x0 - 3, 7.2, 'bold', NARROW)}px`),
    );
  }
  line(c, LEFT, top + HEAD_H, RIGHT, top + HEAD_H, 0.9);
}

/** The columns' rules and the frame, from the headings to the body's foot. */
function frame(c: SKRSContext2D, top: number) {
  const columns = Object.keys(WIDTHS) as Column[];
  for (const name of columns.slice(1)) {
    const x = COLUMNS[name][0];
    const inGroup = GROUPS.some(([, first, last]) => {
      const k = columns.indexOf(name);
      return k > columns.indexOf(first) && k <= columns.indexOf(last);
    });
    line(c, x, top + (inGroup ? GROUP_H : 0), x, BODY_BOTTOM, 0.5);
  }
  c.save();
  c.lineWidth = 1;
  c.strokeRect(LEFT, top, RIGHT - LEFT, BODY_BOTTOM - top);
  c.restore();
}

/** The two scales: the elevation, each whole metre numbered, and the depth, ticked each 0,1 m. */
function scales(c: SKRSContext2D, log: BoreholeLog, g: Geometry, page: number) {
  const top = bodyTop(g, page);
  const from = pageStart(g, page) / METRE;
  const to = pageEnd(g, page) / METRE;
  const y = (depth: number) => paperY(g, depth * METRE, page);

  const [depthLeft, depthRight] = COLUMNS.depth;
  for (let k = Math.ceil(from * 10 - 1e-6); k <= Math.floor(to * 10 + 1e-6); k++) {
    const at = y(k / 10);
    const length = k % 10 === 0 ? 7 : k % 5 === 0 ? 4.5 : 2.2;
    line(c, depthRight - length, at, depthRight, at, 0.5);
    if (k % 10 === 0) {
      const label = String(k / 10);
      const baseline = Math.min(Math.max(at + 2.4, top + 7), BODY_BOTTOM - 2);
      rightAligned(c, label, depthRight - 9, baseline, SMALL);
    }
  }
  line(c, depthLeft + 4, top, depthLeft + 4, BODY_BOTTOM, 0.3, '#888');

  const [elevLeft, elevRight] = COLUMNS.elevation;
  if (log.groundLevel === null) {
    if (page === 0) {
      c.save();
      c.translate((elevLeft + elevRight) / 2 + 2.5, top + 70);
      c.rotate(-Math.PI / 2);
      tinted(c, '#444', () => sans.centred(c, 'non levée', [-30, 30], 0, 'italic 7px'));
      c.restore();
    }
    return;
  }
  const ground = log.groundLevel;
  let groundLabel = -Infinity;
  if (page === 0) {
    groundLabel = top + 8;
    sans.centred(c, decimals(ground, 2), [elevLeft, elevRight], groundLabel, 'bold 6.4px');
  }
  for (let k = Math.ceil((ground - to) * 2 - 1e-6); k <= Math.floor((ground - from) * 2 + 1e-6); k++) {
    const elevation = k / 2;
    const at = y(ground - elevation);
    const whole = k % 2 === 0;
    line(c, elevRight - (whole ? 6 : 3), at, elevRight, at, 0.5);
    if (whole && Math.abs(at + 2.4 - groundLabel) > 9 && at > top + 4 && at < BODY_BOTTOM - 3)
      rightAligned(c, String(elevation), elevRight - 8, at + 2.4, SMALL);
  }
}

function stratigraphy(c: SKRSContext2D, log: BoreholeLog, g: Geometry, page: number, placed: Placed) {
  const [symbolLeft, symbolRight] = COLUMNS.symbol;
  const [limitLeft, limitRight] = COLUMNS.limit;
  const [descLeft, descRight] = COLUMNS.description;
  const from = pageStart(g, page);
  const to = pageEnd(g, page);
  const onPage = (s: number) => s >= from - 0.01 && s <= to + 0.01;

  onStrip(c, g, page, symbolLeft, symbolRight, () => {
    for (const layer of log.layers)
      symbol(c, layerSoil(layer), symbolLeft, layer.top * METRE, symbolRight, layer.base * METRE);
  });

  // Each boundary: across the symbol and the « Limite » column, its depth on it; then its rule in the description column.
  const style = 'bold 7.2px';
  const middle = (limitLeft + limitRight) / 2;
  for (const limit of placed.limits) {
    const half = widthOf(limit.text, style) / 2 + 2;
    const labelHere = pageOf(g, limit.at) === page;
    if (onPage(limit.s)) {
      const at = paperY(g, limit.s, page);
      const weight = Math.abs(limit.s - placed.end.s) < 0.01 ? 1.6 : 0.7;
      line(c, symbolLeft, at, symbolRight, at, weight);
      if (labelHere && Math.abs(limit.at - limit.s) < 0.5) {
        line(c, limitLeft, at, middle - half, at, weight);
        line(c, middle + half, at, limitRight, at, weight);
      } else if (labelHere) {
        // A label pushed off its line by the one above: the line is cut short each side, a dotted tie to the label.
        const label = paperY(g, limit.at, page);
        line(c, limitLeft, at, limitLeft + 3, at, weight);
        line(c, limitRight - 3, at, limitRight, at, weight);
        if (Math.abs(label - at) > 7) dotted(c, limitLeft + 3, at, middle - half, label, 0.5);
      } else line(c, limitLeft, at, limitRight, at, weight);
    }
    if (labelHere) sans.centred(c, limit.text, [limitLeft, limitRight], paperY(g, limit.at, page) + 2.6, style);
  }
  onStrip(c, g, page, descLeft, descRight, () => {
    const rule = ({ s, at }: { s: number; at: number }, weight: number) => {
      if (at - s < 0.5) line(c, descLeft, s, descRight, s, weight);
      else {
        dotted(c, descLeft, s, descLeft + 5, s, 0.6);
        dotted(c, descLeft + 5, s, descLeft + 5, at, 0.6);
        line(c, descLeft + 5, at, descRight, at, weight);
      }
    };
    for (const each of placed.rules) rule(each, 0.7);
    rule(placed.end, 1.6);
  });

  for (const { s, text, underline } of placed.lines) {
    if (pageOf(g, s - 7) !== page) continue;
    const y = paperY(g, s, page);
    sans.text(c, text, descLeft + DESC_INDENT, y, DESC_STYLE);
    if (underline) line(c, descLeft + DESC_INDENT, y + 1.6, descLeft + DESC_INDENT + underline, y + 1.6, 0.5);
  }
  if (pageOf(g, placed.end.text - 7) === page) {
    const words = `Forage terminé à ${metres(log.depth)}${elevationAt(log, log.depth)}`;
    sans.text(c, words, descLeft + DESC_INDENT, paperY(g, placed.end.text, page), 'bold 8px');
  }
}

function samplesAndTests(c: SKRSContext2D, g: Geometry, page: number, placed: Placed) {
  const [sampleLeft, sampleRight] = COLUMNS.sample;
  onStrip(c, g, page, sampleLeft, sampleRight, () => {
    for (const sample of placed.samples) sampleBar(c, sample.type, sampleLeft + 4, sample.top, sample.base);
  });
  for (const sample of placed.samples)
    sample.label.forEach(({ s, text }, i) => {
      if (pageOf(g, s - 7) !== page) return;
      const [weight, size] = i ? ['', 6.6] : ['bold', 7];
      const fitted = sizeToFit(text, sampleRight - sampleLeft - 16, size, weight);
      sans.text(c, text, sampleLeft + 14, paperY(g, s, page), `${weight} ${fitted}px`);
    });

  const [blowsLeft, blowsRight] = COLUMNS.blows;
  for (const { s, text } of placed.blows) {
    if (pageOf(g, s - 5.5) !== page) continue;
    // A refusal has no bracket beside it: it takes the column's whole width.
    const right = text.includes('mm') ? blowsRight : blowsRight - 5;
    const size = sizeToFit(text, right - blowsLeft - 3, 6.6);
    sans.centred(c, text, [blowsLeft, right], paperY(g, s, page), `${size}px`);
  }
  for (const { s, text, bracket } of placed.n) {
    if (pageOf(g, s - 7) !== page) continue;
    sans.centred(c, text, COLUMNS.n, paperY(g, s, page), `bold ${sizeToFit(text, WIDTHS.n - 3, 7.6, 'bold')}px`);
    if (bracket && pageOf(g, bracket[0]) === page) {
      const [y0, y1] = [paperY(g, bracket[0], page) + 0.8, paperY(g, bracket[1], page) - 0.8];
      const x = blowsRight - 3.5;
      line(c, x - 2, y0, x, y0, 0.5);
      line(c, x, y0, x, y1, 0.5);
      line(c, x - 2, y1, x, y1, 0.5);
    }
  }
}

function wellAndWater(c: SKRSContext2D, log: BoreholeLog, g: Geometry, page: number) {
  const [wellLeft, wellRight] = COLUMNS.well;
  const middle = (wellLeft + wellRight) / 2 + 2;
  onStrip(c, g, page, wellLeft, wellRight, () => {
    const { screen } = log;
    if (screen) {
      const [top, base] = [screen.top * METRE, screen.base * METRE];
      const packTop = Math.max(0, top - 0.3 * METRE);
      const packBase = Math.min(log.depth * METRE, base + 0.3 * METRE);
      c.save();
      c.fillStyle = '#f1e6c8';
      c.fillRect(middle - 9, packTop, 18, packBase - packTop);
      c.fillStyle = '#6b5a2e';
      for (let y = packTop + 1.5, k = 0; y < packBase; y += 2.4, k++)
        for (let x = middle - 8.5 + (k % 2) * 1.3; x < middle + 9; x += 2.6) c.fillRect(x, y, 0.6, 0.6);
      c.fillStyle = '#fff';
      c.fillRect(middle - 3, 0, 6, base);
      c.restore();
      line(c, middle - 3, 0, middle - 3, base, 0.7);
      line(c, middle + 3, 0, middle + 3, base, 0.7);
      for (let y = top + 1.5; y < base - 0.5; y += 2.2) line(c, middle - 3, y, middle + 3, y, 0.45);
      line(c, middle - 3.5, base, middle + 3.5, base, 1.2);
    }
    for (const depth of log.waterStrikes) strikeMark(c, wellLeft + 1.5, middle - 3.5, depth * METRE);
    for (const depth of log.standingLevels) steadyMark(c, middle, depth * METRE);
  });
}

function remarks(c: SKRSContext2D, g: Geometry, page: number, placed: Placed) {
  const [remarksLeft] = COLUMNS.remarks;
  for (const { s, tick, text, indent } of placed.remarks) {
    if (pageOf(g, s - 7) !== page) continue;
    const y = paperY(g, s, page);
    if (!indent && pageOf(g, tick) === page) {
      const at = paperY(g, tick, page);
      line(c, remarksLeft, at, remarksLeft + 4, at, 0.6);
      if (Math.abs(y - 2.4 - at) > 0.5) dotted(c, remarksLeft + 4, at, remarksLeft + 6, y - 2.4, 0.5);
    }
    sans.text(c, text, remarksLeft + 8 + indent, y, SMALL);
  }
}

// ——— The foot ———

function foot(c: SKRSContext2D, log: BoreholeLog, page: number, pages: number) {
  const split = RIGHT - 200;
  c.save();
  c.lineWidth = 0.8;
  c.strokeRect(LEFT, FOOT_TOP, RIGHT - LEFT, FOOT_H);
  c.restore();
  line(c, split, FOOT_TOP, split, FOOT_TOP + FOOT_H, 0.8);

  // The legend: this log's soils, the water's signs, the samplers; then the SPT's words.
  let y = FOOT_TOP + 13;
  tinted(c, GREEN, () => sans.text(c, 'LÉGENDE', LEFT + 5, y, 'bold 7px'));
  let x = LEFT + 48;
  const soils = [...new Set(log.layers.map((layer) => layerSoil(layer)))];
  for (const soil of soils) {
    const name = SOIL_CLASSES[soil].shortName;
    const width = 18 + widthOf(name, SMALL);
    if (x + width > split - 6) break;
    symbol(c, soil, x, y - 7, x + 14, y + 1);
    c.save();
    c.lineWidth = 0.4;
    c.strokeRect(x, y - 7, 14, 8);
    c.restore();
    sans.text(c, name, x + 17, y, SMALL);
    x += width + 10;
  }
  y += 13;
  x = LEFT + 48;
  steadyMark(c, x + 6, y - 4);
  sans.text(c, 'Niveau d’eau stabilisé', x + 14, y, SMALL);
  x += 20 + widthOf('Niveau d’eau stabilisé', SMALL) + 8;
  strikeMark(c, x, x + 11, y - 2.5);
  sans.text(c, 'Venue d’eau en forage', x + 15, y, SMALL);
  x += 15 + widthOf('Venue d’eau en forage', SMALL) + 12;
  for (const [type, words] of [
    ['CF', 'CF : cuillère fendue'],
    ['TM', 'TM : tube à paroi mince'],
    ['CR', 'CR : carottier'],
  ] as const) {
    sampleBar(c, type, x, y - 8, y + 1);
    sans.text(c, words, x + 10, y, SMALL);
    x += 10 + widthOf(words, SMALL) + 10;
  }
  y += 12;
  const words =
    'SPT : coups par 150 mm d’enfoncement de la cuillère ; N : somme des 2e et 3e tranches ; Refus : coups / pénétration (mm).';
  sans.text(c, words, LEFT + 48, y, `${sizeToFit(words, split - LEFT - 54, 6.6)}px`);

  const sign = (label: string, at: number) => {
    sans.text(c, label, split + 6, at, '7px');
    line(c, split + 54, at + 1, RIGHT - 8, at + 1, 0.4);
  };
  sign('Préparé par :', FOOT_TOP + 14);
  sign('Vérifié par :', FOOT_TOP + 30);
  const sheet = `Log de forage ${log.id || '—'} — feuillet ${page + 1} de ${pages}`;
  sans.text(c, sheet, split + 6, FOOT_TOP + 49, `bold ${sizeToFit(sheet, RIGHT - split - 12, 7.6, 'bold')}px`);
}

// ——— The log ———

function geometry(log: BoreholeLog): Geometry {
  const scratch = () => createCanvas(10, 10).getContext('2d');
  const room = (headerBottom: number) =>
    Math.max(1, Math.floor(((BODY_BOTTOM - headerBottom - 6 - HEAD_H) / METRE) * 2) / 2);
  const first = room(header(scratch(), log));
  const later = room(shortHeader(scratch(), log));
  return { first, later, firstTop: BODY_BOTTOM - first * METRE, laterTop: BODY_BOTTOM - later * METRE };
}

function cahierLog(log: BoreholeLog, sheets: Sheets) {
  const g = geometry(log);
  const placed = place(log, g);
  const pages = pageOf(g, placed.extent - 0.5) + 1;
  for (let page = 0; page < pages; page++) {
    const c = sheets.page();
    if (page === 0) header(c, log);
    else shortHeader(c, log);
    const top = bodyTop(g, page);
    headings(c, top - HEAD_H);
    scales(c, log, g, page);
    wellAndWater(c, log, g, page);
    stratigraphy(c, log, g, page, placed);
    samplesAndTests(c, g, page, placed);
    remarks(c, g, page, placed);
    frame(c, top - HEAD_H);
    foot(c, log, page, pages);
  }
}

/** The log drawn in the « cahier » layout as a vector PDF, its text kept as text (a firm's export). */
export function cahierLayoutPdf(log: BoreholeLog): Uint8Array {
  return pdfPages(cahierLog, log, PAPER);
}

/** The log drawn in the « cahier » layout, as page images at `dpi`. */
export async function cahierLayoutPages(log: BoreholeLog, dpi: number): Promise<PageImage[]> {
  return await rasterPages(cahierLog, log, PAPER, dpi);
}
