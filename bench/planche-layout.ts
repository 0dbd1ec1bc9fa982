// The eleventh firm's log layout, written on 28 Nov 2026 (evening) for the next session's measure,
// never tuned on: drawn by this script alone, by someone who has not read the reader, apart from the
// layouts it was built and tuned on — `npm run bench:ocr` measures it with the others, and nothing
// in the reader is changed to suit it.
//
// « planche »: the Montréal office of an international engineering firm working for a federal
// client in Québec, whose logs are plates (« planches ») of a drawing set, plotted by its drafting
// software on A3 paper turned landscape (420 × 297 mm) at 1:25 — a large scale, as for a detailed
// log —, and so with the hole cut into columns like a newspaper's: each plate holds two panels side
// by side, five metres of the hole in each, the left one then the right one (0–5 m and 5–10 m on the
// first plate, 10–15 m and 15–20 m on the second…), each panel with all its columns and its own
// headings. The whole header is repeated on every plate, as on a drawing set. The values, the
// descriptions and the scales are in an oblique monospaced type (DejaVu Sans Mono Oblique, as CAD
// text often is), the labels, headings and notes in a serif one (DejaVu Serif); decimal commas, and
// days written the European way with dots (« 18.07.2019 », « 30.06.2022 au 02.07.2022 »).
// Everything is bilingual in the federal way: each label in French in bold with its English under it
// in small grey type (« Profondeur finale » over « Final depth »).
//
// The header is one boxed band across the top: at the left, the firm's name (its emblem as a
// hexagon with its initials, if it has one) over its trades and the title « RAPPORT DE FORAGE »
// over « BOREHOLE LOG »; in the middle a table of four rows and three pairs of columns, each label
// in a shaded first cell and its value spanning the cell after it: the project, the site, the
// hole's other name, the drilling method; the coordinate system (« NAD 83 / MTM-8 (EPSG:32188) »)
// with « Est (X) » and « Nord (Y) » in metres, or the latitude and longitude in decimal degrees
// with their hemisphere BEFORE the number (« N 45,52345° », « O 73,56789° »), and how the position
// was had; the ground's elevation, the day(s) of drilling, the final depth in metres and in feet
// (« 7,62 m (25,0 pi) »), the scale; at the right, « FORAGE N° / Borehole No. » over the hole's
// number in large type and « Planche 1 de 2 / Sheet 1 of 2 ».
//
// The columns run unlike most logs, the sampling before the strata: first the depth as a double
// scale — metres on the left of its spine (ticked each 0,1 m, numbered each half metre, the whole
// metres in bold) and feet on the right (ticked each foot, numbered each five) —, then
// « Échantillon » (a bar over the length sampled, crossed for a split spoon, black for a tube, ruled
// for a core, with « CF-3 » beside its top and « 0,75–1,35 » under it), « Coups/150 mm » (the three
// drives of the spoon in one cell, « 2/5/6 », at the test's depth, a tick at its top; a refusal as
// « 50/75 mm ») and « N » in bold (the sum of the last two drives; « Refus », « > 50 »); then the
// strata: « Limite » where each boundary is a tick with its depth written over it (« 2,45 ») and
// the elevation in brackets under it (« (32,21) »; both under it at a panel's top), the symbol
// drawn in black hatching only (no colour: a plotter's pen), the description (the soil's name, up
// to its first comma, in bold, the rest in plain type, the lines wrapping) under its boundary's
// rule, and « Ép. (m) », each layer's thickness written at its middle; last, « Eau et
// remarques »: an open triangle over a line at a steady level with « Niv. stab. 3,42 m » and
// « le 18.07.2019 » beside it, a filled triangle where water came in while drilling (« Venue d'eau
// 2,10 m »), the screen of a well as a slotted bar at the column's right edge with its depths in
// words, each core run's RQD, each remark with a tick at its depth. A description pushed
// down by a long one above it starts under its own rule, joined to its depth by a dotted jog; a
// line that would run off a panel's foot goes on at the top of the next panel. The hole's end is a
// double line across the strata with « FOND DU FORAGE : 7,62 m (25,0 pi) » and its elevation under
// it; a panel the hole does not reach is left empty and struck through. At the foot of every plate,
// three boxes: a legend (this log's hatchings, the water's signs, the samplers), numbered notes
// (the units and the feet, how N is counted, the water and the well in sentences), and the lines to
// sign with « Suite à la planche 2 » or « Dernière planche ».
import { createCanvas, GlobalFonts, Path2D, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../api/digitise/raster.ts';
import { methodText } from '../src/domain/ags/hole-types.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { layerSoil, SOIL_CLASSES, SOIL_PATTERN_PATHS, type SoilClass } from '../src/domain/soil.ts';
import { decimals, pdfPages, rasterPages, typeset, type Sheets } from './layout-pages.ts';

const font = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(font('DejaVuSansMono-Oblique.ttf'), 'Planche Mono');
GlobalFonts.registerFromPath(font('DejaVuSerif.ttf'), 'Planche Serif');
GlobalFonts.registerFromPath(font('DejaVuSerif-Bold.ttf'), 'Planche Serif');
const MONO = 'Planche Mono';
const SERIF = 'Planche Serif';
const mono = typeset(MONO);
const serif = typeset(SERIF);

/** A3 paper turned landscape (420 × 297 mm), in points. */
const PAPER = { width: 1191, height: 842 };
const MARGIN = 22;
const LEFT = MARGIN;
const RIGHT = PAPER.width - MARGIN;
/** 1:25: 113,4 points a metre; five metres of the hole in each panel, two panels on a plate. */
const METRE = 72 / 2.54 / 0.25;
const PANEL_METRES = 5;
const PANEL_H = PANEL_METRES * METRE;
const FOOT_PER_METRE = 1 / 0.3048;
/** The header's band, the panels' headings, the body, the foot. */
const HEADER_TOP = MARGIN;
const ROW_H = 21;
const HEADER_H = 4 * ROW_H;
const HEAD_TOP = HEADER_TOP + HEADER_H + 8;
const HEAD_H = 34;
const BODY_TOP = HEAD_TOP + HEAD_H;
const BODY_BOTTOM = BODY_TOP + PANEL_H;
const FOOT_TOP = BODY_BOTTOM + 7;
const FOOT_BOTTOM = PAPER.height - MARGIN;
/** The two panels' left edges. */
const GUTTER = 14;
const PANEL_W = (RIGHT - LEFT - GUTTER) / 2;
const PANEL_LEFT = [LEFT, LEFT + PANEL_W + GUTTER] as const;

const GREY = '#555';
const SHADE = '#ececec';
const DESC_SIZE = 7.2;
const LEADING = 9.4;
const FIRST_BASELINE = 10;
const DESC_INDENT = 4;
const SMALL = '6.4px';

/** A panel's columns, left to right, with their widths in points (the description takes the rest). */
const WIDTHS = {
  scale: 46,
  sample: 58,
  blows: 44,
  n: 24,
  limit: 42,
  symbol: 24,
  description: 0,
  thickness: 30,
  water: 96,
} as const;
type Column = keyof typeof WIDTHS;
/** Each column's abscissas within a panel, from the panel's left edge. */
const OFFSETS = {} as Record<Column, readonly [number, number]>;
{
  const fixed = Object.values(WIDTHS).reduce<number>((total, width) => total + width, 0);
  let x = 0;
  for (const name of Object.keys(WIDTHS) as Column[]) {
    const width = name === 'description' ? PANEL_W - fixed : WIDTHS[name];
    OFFSETS[name] = [x, x + width];
    x += width;
  }
}
/** A column's abscissas on the paper, in the panel at `side` (0 left, 1 right). */
const col = (name: Column, side: number) =>
  [PANEL_LEFT[side]! + OFFSETS[name][0], PANEL_LEFT[side]! + OFFSETS[name][1]] as const;

/** The headings: French in bold, English under it in grey, then the unit. */
const HEADINGS: Record<Column, [string, string, string?]> = {
  scale: ['Prof.', 'Depth'],
  sample: ['Échantillon', 'Sample', 'n° / prof. (m)'],
  blows: ['Coups', 'Blows', '/150 mm'],
  n: ['N', 'N', '/0,3 m'],
  limit: ['Limite', 'Boundary', 'prof. (élév.)'],
  symbol: ['Symb.', 'Log'],
  description: ['Description des matériaux', 'Material description'],
  thickness: ['Ép.', 'Thick.', '(m)'],
  water: ['Eau et remarques', 'Water and remarks'],
};

// ——— Type and lines ———

const measure = createCanvas(10, 10).getContext('2d');
const widthOf = (value: string, style: string, family = MONO) => {
  measure.font = `${style} "${family}"`;
  return measure.measureText(value).width;
};
const rightAligned = (c: SKRSContext2D, value: string, right: number, y: number, style: string, family = MONO) => {
  c.font = `${style} "${family}"`;
  c.fillText(value, right - c.measureText(value).width, y);
};
/** The largest size (down to 65 %) at which `value` fits in `width`. */
function sizeToFit(value: string, width: number, size: number, weight = '', family = MONO) {
  let fitted = size;
  while (fitted > size * 0.65 && widthOf(value, `${weight} ${fitted}px`, family) > width) fitted -= 0.2;
  return fitted;
}
/** `text` cut into lines of at most `width` at `style`, at spaces (never at a no-break space). */
function wrapLine(text: string, width: number, style: string, family = MONO) {
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
  c.setLineDash([1.2, 1.6]);
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
const feet = (value: number) => `${decimals(value * FOOT_PER_METRE, 1)}${NBSP}pi`;
/** « 2019-07-18 » as the firm writes it: « 18.07.2019 ». */
const dayText = (value: string | null) => {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? `${match[3]}.${match[2]}.${match[1]}` : null;
};
function drillingDays(log: BoreholeLog) {
  const [first, last] = [dayText(log.date), dayText(log.endDate)];
  if (first && last && first !== last) return `${first} au ${last}`;
  return first ?? last ?? '—';
}
/** The day the steady levels were read: the last day of drilling. */
const readDay = (log: BoreholeLog) => dayText(log.endDate) ?? dayText(log.date);

/** The coordinate rows of the header: the system, then the two values. */
function coordinates(log: BoreholeLog): [string, string, string][] {
  const geographic = (datum: string, lat: number, lon: number): [string, string, string][] => [
    ['Système de coord.', 'Coordinate system', `Géographiques, ${datum}`],
    ['Latitude', 'Latitude', `${lat < 0 ? 'S' : 'N'}${NBSP}${decimals(Math.abs(lat), 5)}°`],
    ['Longitude', 'Longitude', `${lon < 0 ? 'O' : 'E'}${NBSP}${decimals(Math.abs(lon), 5)}°`],
  ];
  if (log.original) {
    const { crs, x, y } = log.original;
    const code = Number(crs.replace(/^EPSG:/i, ''));
    const projected = (system: string): [string, string, string][] => [
      [
        'Système de coord.',
        'Coordinate system',
        Number.isFinite(code) && code > 0 ? `${system} (EPSG:${code})` : system,
      ],
      ['Est (X)', 'Easting', `${decimals(x, 1)}${NBSP}m`],
      ['Nord (Y)', 'Northing', `${decimals(y, 1)}${NBSP}m`],
    ];
    if (code >= 32181 && code <= 32190) return projected(`NAD 83 / MTM-${code - 32180}`);
    if (code >= 2945 && code <= 2952) return projected(`NAD 83 (SCRS) / MTM-${code - 2942}`);
    if (code >= 26917 && code <= 26922) return projected(`NAD 83 / UTM ${code - 26900}N`);
    if (code >= 2958 && code <= 2962) return projected(`NAD 83 (SCRS) / UTM ${code - 2941}N`);
    if (code === 32198) return projected('NAD 83 / Lambert Québec');
    if (code === 4326) return geographic('WGS 84', y, x);
    if (code === 4269) return geographic('NAD 83', y, x);
    if (code === 4617) return geographic('NAD 83 (SCRS)', y, x);
    return projected(crs);
  }
  if (log.lat !== null && log.lon !== null) return geographic('NAD 83', log.lat, log.lon);
  return [
    ['Système de coord.', 'Coordinate system', 'non levé'],
    ['Est (X)', 'Easting', '—'],
    ['Nord (Y)', 'Northing', '—'],
  ];
}
const POSITIONS: Record<string, string> = {
  surveyed: 'levée par arpenteur',
  approximate: 'approximative',
  converted: 'convertie',
  unknown: 'inconnue',
};

/** The water and the well, in sentences, for the notes. */
function waterSentence(log: BoreholeLog) {
  const read = readDay(log);
  const at = (depth: number) =>
    log.groundLevel === null ? metres(depth) : `${metres(depth)} (élév.${NBSP}${metres(log.groundLevel - depth)})`;
  const sorted = (depths: number[]) => [...depths].sort((a, b) => a - b).map(at);
  const parts: string[] = [];
  if (log.standingLevels.length)
    parts.push(`niveau stabilisé à ${sorted(log.standingLevels).join(' et à ')}${read ? ` le ${read}` : ''}`);
  if (log.waterStrikes.length)
    parts.push(`venue d’eau en cours de forage à ${sorted(log.waterStrikes).join(' et à ')}`);
  return `Eau souterraine : ${parts.length ? parts.join(' ; ') : 'aucune eau observée en cours de forage'}.`;
}
const wellSentence = (log: BoreholeLog) =>
  log.screen
    ? `Puits d’observation : crépine de ${decimals(log.screen.top, 2)} à ${metres(log.screen.base)} de profondeur.`
    : 'Aucun puits d’observation installé dans ce forage.';

// ——— The strip: the hole as one long strip at 1:25, cut into panels of five metres ———

/** The panel (counted over the whole log) where a height `s` of the strip (points from the ground) falls. */
const panelOf = (s: number) => Math.max(0, Math.floor(s / PANEL_H + 1e-9));
const panelStart = (panel: number) => panel * PANEL_H;
const panelEnd = (panel: number) => (panel + 1) * PANEL_H;
/** A height on the strip as a height on the paper, in `panel`. */
const paperY = (s: number, panel: number) => BODY_TOP + s - panelStart(panel);
/** A baseline that flows on: moved to the next panel's top when its line would run across a panel's foot. */
function flow(s: number, up = 7, down = 2.5) {
  const panel = panelOf(Math.max(0, s - up));
  return s + down > panelEnd(panel) ? panelEnd(panel) + up + 2 : s;
}
/** A label's middle kept whole on `panel`. */
const keep = (s: number, panel: number, above: number, below: number) =>
  Math.min(Math.max(s, panelStart(panel) + above + 0.5), panelEnd(panel) - below - 0.5);
/** Draws on the strip, clipped to `x0`–`x1` of `panel`'s body. */
function onStrip(c: SKRSContext2D, panel: number, x0: number, x1: number, draw: () => void) {
  c.save();
  c.beginPath();
  c.rect(x0, BODY_TOP, x1 - x0, PANEL_H);
  c.clip();
  c.translate(0, BODY_TOP - panelStart(panel));
  draw();
  c.restore();
}

// ——— What goes on the strip, set before anything is drawn ———

interface Placed {
  /** The description's lines: baseline, text, and how many of its first characters are the soil's name. */
  lines: { s: number; text: string; name: number }[];
  /** Each layer's rule across the description: its true depth and where it is drawn. */
  rules: { s: number; at: number }[];
  end: { s: number; at: number; text: number[] };
  limits: { s: number; at: number; below: boolean; depth: string; elevation: string | null }[];
  thickness: { s: number; text: string }[];
  samples: { top: number; base: number; type: string; label: { s: number; text: string }[] }[];
  tests: { tick: number; s: number; blows: string; n: string }[];
  remarks: { s: number; text: string; indent: number }[];
  /** Where each remark is: the water's signs, or a plain tick. */
  marks: { kind: 'steady' | 'strike' | 'tick'; s: number }[];
  /** The strip's lowest point drawn on. */
  extent: number;
}

type Test = BoreholeLog['spt'][number];
/** The blows of the three 150 mm drives in one cell (the last two make N), or the refusal; and N. */
function testCell(test: Test): { blows: string; n: string } {
  if (test.refusal) {
    const { blows, mm } = test.refusal;
    if (mm === null) return { blows: '', n: `>${NBSP}${blows}` };
    return { blows: `${blows}/${Math.round(mm)}${NBSP}mm`, n: 'Refus' };
  }
  if (test.n === null) return { blows: '', n: '—' };
  if (!Number.isInteger(test.n)) return { blows: '', n: decimals(test.n, 1) };
  const n = test.n;
  const second = Math.floor(n / 2);
  const first = Math.max(1, Math.round(n * 0.4));
  return { blows: `${first}/${second}/${n - second}`, n: String(n) };
}

/** The remarks, each at its depth, with the water's sign when it has one. */
function remarksOf(log: BoreholeLog): { depth: number; lines: string[]; mark: 'steady' | 'strike' | null }[] {
  const read = readDay(log);
  return [
    ...log.standingLevels.map((depth) => ({
      depth,
      lines: [`Niv. stab. ${metres(depth)}`, ...(read ? [`le ${read}`] : [])],
      mark: 'steady' as const,
    })),
    ...log.waterStrikes.map((depth) => ({ depth, lines: [`Venue d’eau ${metres(depth)}`], mark: 'strike' as const })),
    ...(log.screen
      ? [
          {
            depth: log.screen.top,
            lines: [`Crépine du puits de ${decimals(log.screen.top, 2)} à ${metres(log.screen.base)}`],
            mark: null,
          },
        ]
      : []),
    ...log.cores.map((core) => ({
      depth: core.top,
      lines: [
        `Carottage ${decimals(core.top, 2)}–${metres(core.base)} : ${
          core.rqd === null ? 'RQD non mesuré' : `RQD${NBSP}${Math.round(core.rqd)}${NBSP}%`
        }`,
      ],
      mark: null,
    })),
  ].sort((a, b) => a.depth - b.depth);
}

const descStyle = (bold: boolean) => `${bold ? 'bold ' : ''}${DESC_SIZE}px`;

function place(log: BoreholeLog): Placed {
  const layers = [...log.layers].sort((a, b) => a.top - b.top);
  const [descLeft, descRight] = OFFSETS.description;
  const textWidth = descRight - descLeft - 2 * DESC_INDENT;

  // The descriptions, each under its rule; a rule pushed down under the lines above it when it must.
  const lines: Placed['lines'] = [];
  const rules: Placed['rules'] = [];
  let low = -Infinity;
  const ruleAt = (s: number) => {
    let at = Math.max(s, low + 4);
    const panel = panelOf(at);
    if (at > panelEnd(panel) - 14 && at - s > 0.01) at = panelEnd(panel);
    return at;
  };
  for (const layer of layers) {
    const at = ruleAt(layer.top * METRE);
    rules.push({ s: layer.top * METRE, at });
    const description = layer.description.trim() || '—';
    const name = description.split(',')[0]!.length;
    const wrapped = wrapLine(description, textWidth, descStyle(false));
    let offset = 0;
    let s = at + FIRST_BASELINE;
    for (const text of wrapped) {
      s = flow(s);
      lines.push({ s, text, name: Math.max(0, Math.min(text.length, name - offset)) });
      offset += text.length + 1;
      low = s + 3;
      s += LEADING;
    }
  }
  const endAt = ruleAt(log.depth * METRE);
  const endFirst = flow(endAt + 12);
  const end = {
    s: log.depth * METRE,
    at: endAt,
    text: log.groundLevel === null ? [endFirst] : [endFirst, flow(endFirst + 9.5)],
  };

  // The boundaries: each depth over its tick, the elevation under it.
  const depths = [...new Set(layers.flatMap((layer) => [layer.top, layer.base]).concat(log.depth))]
    .filter((depth) => depth <= log.depth + 1e-6)
    .sort((a, b) => a - b);
  const limits: Placed['limits'] = [];
  let previous = -Infinity;
  for (const depth of depths) {
    const s = depth * METRE;
    const wanted = Math.max(s, previous + 8.5);
    const panel = panelOf(wanted);
    // At a panel's top, a boundary's labels go under its tick; elsewhere the depth over it, the elevation under.
    const below = wanted === s && s - panelStart(panel) < 8.5;
    const at = below ? s : keep(wanted, panel, 8.5, 10);
    limits.push({
      s,
      at,
      below,
      depth: decimals(depth, 2),
      elevation: log.groundLevel === null ? null : `(${decimals(log.groundLevel - depth, 2)})`,
    });
    previous = at + (below ? 18.5 : 10);
  }

  // Each layer's thickness, at the middle of its longest part on a panel.
  const thickness: Placed['thickness'] = [];
  for (const layer of layers) {
    const [top, base] = [layer.top * METRE, layer.base * METRE];
    if (base - top < 0.001) continue;
    let best: [number, number] | null = null;
    for (let panel = panelOf(top); panelStart(panel) < base - 0.001; panel++) {
      const part: [number, number] = [Math.max(top, panelStart(panel)), Math.min(base, panelEnd(panel))];
      if (!best || part[1] - part[0] > best[1] - best[0]) best = part;
    }
    if (!best) continue;
    const s = Math.min(Math.max((best[0] + best[1]) / 2 + 2.5, best[0] + 8), best[1] - 1.5);
    thickness.push({ s, text: decimals(layer.base - layer.top, 2) });
  }

  // The samples: the bar to scale, « CF-3 » and its depths beside its top.
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
    const first = flow(Math.max(sample.top * METRE + 8, sampleLow + 8.5));
    const second = flow(first + 8.5);
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

  // The tests: one cell at each test's depth.
  const tests: Placed['tests'] = [];
  let testLow = -Infinity;
  for (const test of [...log.spt].sort((a, b) => a.top - b.top)) {
    const tick = test.top * METRE;
    const s = flow(Math.max(tick + 9, testLow + 9.5));
    testLow = s;
    tests.push({ tick, s, ...testCell(test) });
  }

  // The remarks, wrapped, each line after the one above it; the water's signs at their true depths.
  const remarks: Placed['remarks'] = [];
  const marks: Placed['marks'] = [];
  const [waterLeft, waterRight] = OFFSETS.water;
  let remarkLow = -Infinity;
  for (const remark of remarksOf(log)) {
    const tick = remark.depth * METRE;
    marks.push({ kind: remark.mark ?? 'tick', s: tick });
    const wrapped = remark.lines.flatMap((each) => wrapLine(each, waterRight - waterLeft - 26, SMALL));
    wrapped.forEach((text, i) => {
      const s = flow(Math.max(i ? remarkLow + 8.2 : tick + 2.4, remarkLow + 8.2));
      remarks.push({ s, text, indent: i && !remark.mark ? 4 : 0 });
      remarkLow = s;
    });
  }

  const extent = Math.max(
    log.depth * METRE,
    ...end.text.map((s) => s + 3),
    ...lines.map((each) => each.s + 3),
    ...samples.flatMap((each) => [each.base, each.label[1]!.s + 3]),
    ...tests.map((each) => each.s + 3),
    ...remarks.map((each) => each.s + 3),
    ...limits.map((each) => each.at + (each.below ? 18.5 : 10)),
  );
  return { lines, rules, end, limits, thickness, samples, tests, remarks, marks, extent };
}

// ——— The signs ———

/** The soil's symbol over a rectangle, in black hatching on white (asphalt solid dark grey). */
function symbol(c: SKRSContext2D, soil: SoilClass, x0: number, y0: number, x1: number, y1: number) {
  const info = SOIL_CLASSES[soil];
  c.save();
  c.beginPath();
  c.rect(x0, y0, x1 - x0, y1 - y0);
  c.clip();
  c.fillStyle = info.pattern === 'solid' ? '#3a3a3a' : '#fff';
  c.fillRect(x0, y0, x1 - x0, y1 - y0);
  const path = SOIL_PATTERN_PATHS[info.pattern];
  if (path) {
    const tile = new Path2D(path);
    c.strokeStyle = '#111';
    c.lineWidth = info.pattern === 'stipple' || info.pattern === 'coarse-dots' ? 1.1 : 0.5;
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
/** A steady level: an open triangle, its tip on the level, over the water's line. */
function steadyMark(c: SKRSContext2D, x: number, y: number) {
  c.save();
  c.fillStyle = '#fff';
  c.strokeStyle = '#111';
  c.lineWidth = 0.8;
  c.beginPath();
  c.moveTo(x - 4, y - 6.5);
  c.lineTo(x + 4, y - 6.5);
  c.lineTo(x, y);
  c.closePath();
  c.fill();
  c.stroke();
  c.restore();
  line(c, x - 6, y, x + 6, y, 0.8);
  line(c, x - 3.5, y + 2, x + 3.5, y + 2, 0.6);
}
/** Water met while drilling: a filled triangle, its tip on the level. */
function strikeMark(c: SKRSContext2D, x: number, y: number) {
  c.save();
  c.fillStyle = '#111';
  c.beginPath();
  c.moveTo(x - 4, y - 6.5);
  c.lineTo(x + 4, y - 6.5);
  c.lineTo(x, y);
  c.closePath();
  c.fill();
  c.restore();
}
/** A sample's bar over the length sampled: crossed for a split spoon, black for a tube, ruled for a core. */
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
      c.moveTo(x + 7, y0);
      c.lineTo(x, y0 + height);
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

/** A label cell: French in bold, English under it in grey. */
function labelCell(c: SKRSContext2D, x: number, y: number, french: string, english: string, width: number) {
  serif.text(c, french, x + 4, y + 8.6, `bold ${sizeToFit(french, width - 7, 6.8, 'bold', SERIF)}px`);
  tinted(c, GREY, () => serif.text(c, english, x + 4, y + 16.8, `${sizeToFit(english, width - 7, 5.8, '', SERIF)}px`));
}
/** A value spanning its cell: on one line, smaller if it must, or on two. */
function valueCell(c: SKRSContext2D, x: number, y: number, value: string, width: number) {
  const room = width - 8;
  let size = 7.8;
  while (size > 6.6 && widthOf(value, `${size}px`) > room) size -= 0.2;
  if (widthOf(value, `${size}px`) <= room) {
    mono.text(c, value, x + 4, y + 13.6, `${size}px`);
    return;
  }
  const lines = wrapLine(value, room, '6.6px').slice(0, 2);
  lines.forEach((text, i) => mono.text(c, text, x + 4, y + 9 + i * 8, `${sizeToFit(text, room, 6.6)}px`));
}

function header(c: SKRSContext2D, log: BoreholeLog, page: number, pages: number) {
  const top = HEADER_TOP;
  const bottom = top + HEADER_H;
  const titleRight = LEFT + 236;
  const numberLeft = RIGHT - 150;

  // The firm and the title.
  let left = LEFT + 6;
  if (log.emblem) {
    const [cx, cy, r] = [LEFT + 22, top + 24, 16];
    c.save();
    c.fillStyle = log.emblem.colour;
    c.beginPath();
    for (let k = 0; k < 6; k++) {
      const angle = Math.PI / 6 + (k * Math.PI) / 3;
      const [x, y] = [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
      if (k) c.lineTo(x, y);
      else c.moveTo(x, y);
    }
    c.closePath();
    c.fill();
    c.fillStyle = '#fff';
    serif.centred(c, log.emblem.initials, [cx - r, cx + r], cy + 4.5, 'bold 12px');
    c.restore();
    left += 38;
  }
  const firm = log.organisation || '—';
  serif.text(c, firm, left, top + 21, `bold ${sizeToFit(firm, titleRight - left - 6, 12.5, 'bold', SERIF)}px`);
  tinted(c, GREY, () =>
    serif.text(
      c,
      'Géotechnique · Matériaux · Environnement',
      left,
      top + 32,
      `${sizeToFit('Géotechnique · Matériaux · Environnement', titleRight - left - 6, 6.6, '', SERIF)}px`,
    ),
  );
  line(c, LEFT + 6, top + 42, titleRight - 6, top + 42, 0.5);
  const title = log.screen ? 'RAPPORT DE FORAGE ET DE PUITS' : 'RAPPORT DE FORAGE';
  serif.text(c, title, LEFT + 6, top + 60, `bold ${sizeToFit(title, titleRight - LEFT - 12, 14, 'bold', SERIF)}px`);
  tinted(c, GREY, () =>
    serif.text(c, log.screen ? 'BOREHOLE AND WELL LOG' : 'BOREHOLE LOG', LEFT + 6, top + 74, '8.4px'),
  );

  // The table: three pairs of label and value cells, four rows.
  const rows: [string, string, string][][] = [
    [
      ['Projet', 'Project', log.project || '—'],
      ['Endroit', 'Site', log.site || '—'],
      ['Autre désignation', 'Other ID', log.locaId ?? '—'],
      ['Méthode de forage', 'Drilling method', methodText(log.method, log.holeType) || '—'],
    ],
    [
      ...coordinates(log),
      ['Position', 'Location accuracy', POSITIONS[log.locationConfidence] ?? (log.locationConfidence || '—')],
    ],
    [
      [
        'Élévation du terrain',
        'Ground elevation',
        log.groundLevel === null ? 'non nivelé' : `${metres(log.groundLevel)} (géodésique)`,
      ],
      ['Date du forage', 'Date drilled', drillingDays(log)],
      ['Profondeur finale', 'Final depth', `${metres(log.depth)} (${feet(log.depth)})`],
      ['Échelle', 'Scale', `1:25 (${PANEL_METRES} m par colonne)`],
    ],
  ];
  const pairWidth = (numberLeft - titleRight) / 3;
  const labelWidth = 92;
  rows.forEach((pair, i) => {
    const x = titleRight + i * pairWidth;
    tinted(c, SHADE, () => c.fillRect(x, top, labelWidth, HEADER_H));
    pair.forEach(([french, english, value], k) => {
      const y = top + k * ROW_H;
      labelCell(c, x, y, french, english, labelWidth);
      valueCell(c, x + labelWidth, y, value, pairWidth - labelWidth);
      if (k) line(c, x, y, x + pairWidth, y, 0.4);
    });
    line(c, x, top, x, bottom, 0.8);
    line(c, x + labelWidth, top, x + labelWidth, bottom, 0.4);
  });
  line(c, numberLeft, top, numberLeft, bottom, 0.8);

  // The hole's number and the sheet.
  serif.centred(c, 'FORAGE N°', [numberLeft, RIGHT], top + 12, 'bold 7.4px');
  tinted(c, GREY, () => serif.centred(c, 'Borehole No.', [numberLeft, RIGHT], top + 21, '6px'));
  const id = log.id || '—';
  serif.centred(c, id, [numberLeft, RIGHT], top + 48, `bold ${sizeToFit(id, 136, 22, 'bold', SERIF)}px`);
  line(c, numberLeft, top + 3 * ROW_H, RIGHT, top + 3 * ROW_H, 0.4);
  serif.centred(c, `Planche ${page + 1} de ${pages}`, [numberLeft, RIGHT], top + 3 * ROW_H + 9, 'bold 7px');
  tinted(c, GREY, () =>
    serif.centred(c, `Sheet ${page + 1} of ${pages}`, [numberLeft, RIGHT], top + 3 * ROW_H + 17, '6px'),
  );

  c.save();
  c.lineWidth = 1.2;
  c.strokeRect(LEFT, top, RIGHT - LEFT, HEADER_H);
  c.restore();
}

// ——— A panel ———

function headings(c: SKRSContext2D, side: number) {
  const [x0, x1] = [PANEL_LEFT[side]!, PANEL_LEFT[side]! + PANEL_W];
  tinted(c, SHADE, () => c.fillRect(x0, HEAD_TOP, x1 - x0, HEAD_H));
  for (const name of Object.keys(WIDTHS) as Column[]) {
    const [french, english, unit] = HEADINGS[name];
    const span = col(name, side);
    const room = span[1] - span[0] - 4;
    const lift = unit || name === 'scale' ? 0 : 4;
    serif.centred(c, french, span, HEAD_TOP + 11 + lift, `bold ${sizeToFit(french, room, 7, 'bold', SERIF)}px`);
    tinted(c, GREY, () =>
      serif.centred(c, english, span, HEAD_TOP + 19.5 + lift, `${sizeToFit(english, room, 6, '', SERIF)}px`),
    );
    if (unit) serif.centred(c, unit, span, HEAD_TOP + 29, `${sizeToFit(unit, room, 6, '', SERIF)}px`);
    if (name === 'scale') {
      const middle = (span[0] + span[1]) / 2;
      serif.centred(c, 'm', [span[0], middle], HEAD_TOP + 29, '6.4px');
      serif.centred(c, 'pi', [middle, span[1]], HEAD_TOP + 29, '6.4px');
    }
  }
  line(c, x0, BODY_TOP, x1, BODY_TOP, 0.9);
}

function frame(c: SKRSContext2D, side: number) {
  const columns = Object.keys(WIDTHS) as Column[];
  for (const name of columns.slice(1)) {
    const x = col(name, side)[0];
    // The strata's group is ruled more heavily off the sampling's.
    line(c, x, HEAD_TOP, x, BODY_BOTTOM, name === 'limit' || name === 'water' ? 0.9 : 0.5);
  }
  c.save();
  c.lineWidth = 1.1;
  c.strokeRect(PANEL_LEFT[side]!, HEAD_TOP, PANEL_W, BODY_BOTTOM - HEAD_TOP);
  c.restore();
}

/** The double scale: metres on the left of the spine, feet on the right. */
function scale(c: SKRSContext2D, side: number, panel: number) {
  const [x0, x1] = col('scale', side);
  const spine = (x0 + x1) / 2;
  line(c, spine, BODY_TOP, spine, BODY_BOTTOM, 0.6);
  const from = panelStart(panel) / METRE;
  const to = panelEnd(panel) / METRE;
  const y = (depth: number) => paperY(depth * METRE, panel);
  for (let k = Math.ceil(from * 10 - 1e-6); k <= Math.floor(to * 10 + 1e-6); k++) {
    const at = y(k / 10);
    const whole = k % 10 === 0;
    const half = k % 5 === 0;
    line(c, spine - (whole ? 8 : half ? 5 : 2.5), at, spine, at, whole ? 0.7 : 0.45);
    if (half) {
      const label = whole ? String(k / 10) : decimals(k / 10, 1);
      const baseline = Math.min(Math.max(at + 2.4, BODY_TOP + 7), BODY_BOTTOM - 2);
      rightAligned(c, label, spine - 9.5, baseline, whole ? 'bold 7px' : '6.2px');
    }
  }
  const fromFeet = from * FOOT_PER_METRE;
  const toFeet = to * FOOT_PER_METRE;
  for (let k = Math.ceil(fromFeet - 1e-6); k <= Math.floor(toFeet + 1e-6); k++) {
    const at = y(k / FOOT_PER_METRE);
    const five = k % 5 === 0;
    line(c, spine, at, spine + (five ? 7 : 3.5), at, five ? 0.7 : 0.45);
    if (five) {
      const baseline = Math.min(Math.max(at + 2.4, BODY_TOP + 7), BODY_BOTTOM - 2);
      tinted(c, '#333', () => mono.text(c, String(k), spine + 9, baseline, '6.2px'));
    }
  }
}

function sampling(c: SKRSContext2D, side: number, panel: number, placed: Placed) {
  const [sampleLeft, sampleRight] = col('sample', side);
  onStrip(c, panel, sampleLeft, sampleRight, () => {
    for (const sample of placed.samples) sampleBar(c, sample.type, sampleLeft + 4, sample.top, sample.base);
  });
  for (const sample of placed.samples)
    sample.label.forEach(({ s, text }, i) => {
      if (panelOf(s - 7) !== panel) return;
      const [weight, size] = i ? ['', 6.2] : ['bold', 7];
      const fitted = sizeToFit(text, sampleRight - sampleLeft - 16, size, weight);
      mono.text(c, text, sampleLeft + 14, paperY(s, panel), `${weight} ${fitted}px`);
    });

  const [blowsLeft, blowsRight] = col('blows', side);
  const nSpan = col('n', side);
  for (const { tick, s, blows, n } of placed.tests) {
    if (panelOf(tick) === panel) {
      const at = paperY(tick, panel);
      line(c, blowsLeft, at, blowsLeft + 4, at, 0.7);
    }
    if (panelOf(s - 7) !== panel) continue;
    const y = paperY(s, panel);
    if (blows)
      mono.centred(c, blows, [blowsLeft + 2, blowsRight], y, `${sizeToFit(blows, blowsRight - blowsLeft - 6, 7)}px`);
    mono.centred(c, n, nSpan, y, `bold ${sizeToFit(n, nSpan[1] - nSpan[0] - 3, 7.4, 'bold')}px`);
  }
}

function strata(c: SKRSContext2D, log: BoreholeLog, side: number, panel: number, placed: Placed) {
  const [limitLeft, limitRight] = col('limit', side);
  const [symbolLeft, symbolRight] = col('symbol', side);
  const [descLeft, descRight] = col('description', side);
  const thicknessSpan = col('thickness', side);
  const onPanel = (s: number) => s >= panelStart(panel) - 0.01 && s <= panelEnd(panel) + 0.01;
  const isEnd = (s: number) => Math.abs(s - placed.end.s) < 0.01;

  onStrip(c, panel, symbolLeft, symbolRight, () => {
    for (const layer of log.layers)
      symbol(c, layerSoil(layer), symbolLeft, layer.top * METRE, symbolRight, layer.base * METRE);
  });

  // Each boundary: a tick across « Limite » and the symbol at its true depth, its depth over it, its elevation under.
  for (const limit of placed.limits) {
    if (onPanel(limit.s) && !isEnd(limit.s)) {
      const at = paperY(limit.s, panel);
      line(c, symbolLeft, at, symbolRight, at, 0.8);
      if (Math.abs(limit.at - limit.s) < 0.5) line(c, limitLeft + 3, at, limitRight, at, 0.8);
      else line(c, limitRight - 6, at, limitRight, at, 0.8);
    }
    if (panelOf(limit.below ? limit.at : limit.at - 9) !== panel) continue;
    const label = paperY(limit.at, panel);
    if (Math.abs(limit.at - limit.s) >= 0.5) {
      // A label crowded off its tick by the one above: underlined, and tied back to the tick.
      dotted(c, limitLeft + 3, label, limitRight - 6, label, 0.6);
      if (onPanel(limit.s)) dotted(c, limitRight - 6, label, limitRight - 6, paperY(limit.s, panel), 0.6);
    }
    const [depthLine, elevationLine] = limit.below ? [label + 8.4, label + 16.4] : [label - 2.2, label + 7.6];
    const room = limitRight - limitLeft - 6;
    rightAligned(c, limit.depth, limitRight - 3, depthLine, `bold ${sizeToFit(limit.depth, room, 7.2, 'bold')}px`);
    const { elevation } = limit;
    if (elevation)
      tinted(c, '#333', () =>
        rightAligned(c, elevation, limitRight - 3, elevationLine, `${sizeToFit(elevation, room, 6.2)}px`),
      );
  }

  // The rules across the description and the thickness, a dotted jog when a rule was pushed down.
  onStrip(c, panel, descLeft, thicknessSpan[1], () => {
    for (const { s, at } of placed.rules) {
      if (s < 0.01) continue;
      if (at - s < 0.5) line(c, descLeft, s, thicknessSpan[1], s, 0.8);
      else {
        dotted(c, descLeft, s, descLeft + 3, s, 0.6);
        dotted(c, descLeft + 3, s, descLeft + 3, at, 0.6);
        line(c, descLeft + 3, at, thicknessSpan[1], at, 0.8);
      }
    }
  });
  // The hole's end: a double line across the strata.
  onStrip(c, panel, limitLeft, thicknessSpan[1], () => {
    const { s, at } = placed.end;
    line(c, limitLeft, s, descLeft, s, 0.9);
    line(c, limitLeft, s + 2, descLeft, s + 2, 0.9);
    if (at - s >= 0.5) {
      dotted(c, descLeft, s, descLeft + 3, s, 0.6);
      dotted(c, descLeft + 3, s, descLeft + 3, at, 0.6);
    }
    line(c, at - s >= 0.5 ? descLeft + 3 : descLeft, at, thicknessSpan[1], at, 0.9);
    line(c, at - s >= 0.5 ? descLeft + 3 : descLeft, at + 2, thicknessSpan[1], at + 2, 0.9);
  });

  for (const { s, text, name } of placed.lines) {
    if (panelOf(s - 7) !== panel) continue;
    const y = paperY(s, panel);
    const x = descLeft + DESC_INDENT;
    if (name) mono.text(c, text.slice(0, name), x, y, descStyle(true));
    if (name < text.length)
      mono.text(c, text.slice(name), x + widthOf(text.slice(0, name), descStyle(true)), y, descStyle(false));
  }
  const endWords = [
    `FOND DU FORAGE : ${metres(log.depth)} (${feet(log.depth)})`,
    ...(log.groundLevel === null ? [] : [`Élévation : ${metres(log.groundLevel - log.depth)}`]),
  ];
  placed.end.text.forEach((s, i) => {
    if (panelOf(s - 7) !== panel) return;
    const words = endWords[i]!;
    const style = `${i ? '' : 'bold '}${sizeToFit(words, descRight - descLeft - 2 * DESC_INDENT, 7.4, i ? '' : 'bold')}px`;
    mono.text(c, words, descLeft + DESC_INDENT, paperY(s, panel), style);
  });

  for (const { s, text } of placed.thickness) {
    if (panelOf(s - 7) !== panel) continue;
    mono.centred(
      c,
      text,
      thicknessSpan,
      paperY(s, panel),
      `${sizeToFit(text, thicknessSpan[1] - thicknessSpan[0] - 3, 6.8)}px`,
    );
  }
}

function waterAndRemarks(c: SKRSContext2D, log: BoreholeLog, side: number, panel: number, placed: Placed) {
  const [waterLeft, waterRight] = col('water', side);
  onStrip(c, panel, waterLeft, waterRight, () => {
    for (const { kind, s } of placed.marks) {
      if (kind === 'steady') steadyMark(c, waterLeft + 9, s);
      else if (kind === 'strike') strikeMark(c, waterLeft + 9, s);
      else line(c, waterLeft, s, waterLeft + 6, s, 0.7);
    }
    if (log.screen) {
      const [top, base] = [log.screen.top * METRE, log.screen.base * METRE];
      const x = waterRight - 8;
      c.save();
      c.lineWidth = 0.6;
      c.strokeRect(x, top, 5, base - top);
      c.restore();
      for (let y = top + 2; y < base - 0.5; y += 2.4) line(c, x, y, x + 5, y, 0.4);
      line(c, x + 1, 0, x + 1, top, 0.5);
      line(c, x + 4, 0, x + 4, top, 0.5);
    }
  });
  for (const { s, text, indent } of placed.remarks) {
    if (panelOf(s - 7) !== panel) continue;
    mono.text(c, text, waterLeft + 17 + indent, paperY(s, panel), SMALL);
  }
}

// ——— The foot ———

function foot(c: SKRSContext2D, log: BoreholeLog, page: number, pages: number) {
  const height = FOOT_BOTTOM - FOOT_TOP;
  const legendRight = LEFT + 360;
  const notesRight = RIGHT - 270;
  c.save();
  c.lineWidth = 1.1;
  c.strokeRect(LEFT, FOOT_TOP, RIGHT - LEFT, height);
  c.restore();
  line(c, legendRight, FOOT_TOP, legendRight, FOOT_BOTTOM, 0.8);
  line(c, notesRight, FOOT_TOP, notesRight, FOOT_BOTTOM, 0.8);

  // The legend.
  serif.text(c, 'LÉGENDE', LEFT + 6, FOOT_TOP + 11, 'bold 7px');
  tinted(c, GREY, () =>
    serif.text(c, 'Legend', LEFT + 10 + widthOf('LÉGENDE', 'bold 7px', SERIF), FOOT_TOP + 11, '6px'),
  );
  let x = LEFT + 6;
  let y = FOOT_TOP + 26;
  for (const soil of [...new Set(log.layers.map((layer) => layerSoil(layer)))]) {
    const name = SOIL_CLASSES[soil].shortName;
    const width = 20 + widthOf(name, '6.6px', SERIF);
    if (x + width > legendRight - 6) {
      if (y > FOOT_TOP + 28) break;
      x = LEFT + 6;
      y += 15;
    }
    symbol(c, soil, x, y - 9, x + 15, y + 2);
    c.save();
    c.lineWidth = 0.5;
    c.strokeRect(x, y - 9, 15, 11);
    c.restore();
    serif.text(c, name, x + 19, y, '6.6px');
    x += width + 10;
  }
  y = FOOT_TOP + 60;
  x = LEFT + 12;
  steadyMark(c, x, y - 2);
  serif.text(c, 'Niveau d’eau stabilisé', x + 10, y, '6.6px');
  x += 12 + widthOf('Niveau d’eau stabilisé', '6.6px', SERIF) + 14;
  strikeMark(c, x, y - 2);
  serif.text(c, 'Venue d’eau en cours de forage', x + 10, y, '6.6px');
  y += 18;
  x = LEFT + 6;
  for (const [type, words] of [
    ['CF', 'CF : cuillère fendue'],
    ['TM', 'TM : tube à paroi mince'],
    ['CR', 'CR : carottier'],
  ] as const) {
    sampleBar(c, type, x, y - 9, y + 2);
    serif.text(c, words, x + 11, y, '6.6px');
    x += 11 + widthOf(words, '6.6px', SERIF) + 14;
  }

  // The notes.
  const notesLeft = legendRight + 6;
  serif.text(c, 'NOTES', notesLeft, FOOT_TOP + 11, 'bold 7px');
  tinted(c, GREY, () =>
    serif.text(c, 'Notes', notesLeft + 4 + widthOf('NOTES', 'bold 7px', SERIF), FOOT_TOP + 11, '6px'),
  );
  const notes = [
    'Profondeurs en mètres sous la surface du terrain ; échelle auxiliaire en pieds (1 pi = 0,3048 m). Élévations géodésiques en mètres.',
    'SPT : coups pour chacun des trois enfoncements de 150 mm de la cuillère (a/b/c) ; N = b + c, en coups par 300 mm. Refus : coups / pénétration (mm).',
    waterSentence(log),
    wellSentence(log),
  ];
  let row = FOOT_TOP + 22;
  notes.forEach((note, i) => {
    const wrapped = wrapLine(note, notesRight - notesLeft - 20, '6.6px', SERIF);
    serif.text(c, `${i + 1}.`, notesLeft, row, '6.6px');
    for (const text of wrapped) {
      if (row > FOOT_BOTTOM - 3) break;
      serif.text(c, text, notesLeft + 10, row, '6.6px');
      row += 8.4;
    }
    row += 1.5;
  });

  // The signatures and the sheet.
  const signLeft = notesRight + 6;
  const sign = (french: string, english: string, at: number) => {
    serif.text(c, french, signLeft, at, 'bold 6.8px');
    tinted(c, GREY, () => serif.text(c, english, signLeft, at + 7.5, '5.8px'));
    line(c, signLeft + 62, at + 3, RIGHT - 8, at + 3, 0.4);
  };
  sign('Dessiné par', 'Drawn by', FOOT_TOP + 16);
  sign('Vérifié par', 'Checked by', FOOT_TOP + 38);
  line(c, notesRight, FOOT_TOP + 58, RIGHT, FOOT_TOP + 58, 0.6);
  const last = page + 1 >= pages;
  const [french, english] = last
    ? [`Dernière planche (${page + 1} de ${pages})`, 'Last sheet']
    : [`Suite à la planche ${page + 2}`, `Continued on sheet ${page + 2}`];
  serif.centred(c, french, [notesRight, RIGHT], FOOT_TOP + 74, 'bold 8.4px');
  tinted(c, GREY, () => serif.centred(c, english, [notesRight, RIGHT], FOOT_TOP + 84, '6.4px'));
}

// ——— The log ———

function plancheLog(log: BoreholeLog, sheets: Sheets) {
  const placed = place(log);
  const panels = panelOf(Math.max(0, placed.extent - 0.5)) + 1;
  const pages = Math.ceil(panels / 2);
  for (let page = 0; page < pages; page++) {
    const c = sheets.page();
    header(c, log, page, pages);
    for (const side of [0, 1]) {
      const panel = page * 2 + side;
      headings(c, side);
      if (panel < panels) {
        scale(c, side, panel);
        sampling(c, side, panel, placed);
        strata(c, log, side, panel, placed);
        waterAndRemarks(c, log, side, panel, placed);
      } else {
        // A panel the hole does not reach: struck through.
        line(c, PANEL_LEFT[side]!, BODY_TOP, PANEL_LEFT[side]! + PANEL_W, BODY_BOTTOM, 0.5);
      }
      frame(c, side);
    }
    foot(c, log, page, pages);
  }
}

/** The log drawn in the « planche » layout as a vector PDF, its text kept as text (a firm's export). */
export function plancheLayoutPdf(log: BoreholeLog): Uint8Array {
  return pdfPages(plancheLog, log, PAPER);
}

/** The log drawn in the « planche » layout, as page images at `dpi`. */
export async function plancheLayoutPages(log: BoreholeLog, dpi: number): Promise<PageImage[]> {
  return await rasterPages(plancheLog, log, PAPER, dpi);
}
