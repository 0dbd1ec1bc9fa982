import { methodText } from '../ags/hole-types.ts';
import { layerOverlaps } from './layer-overlaps.ts';
import { sptText } from '../ags/spt-result.ts';
import { layerSoil, SOIL_CLASSES } from '../soil.ts';
import { shieldPath, type TenantEmblem } from '../tenants.ts';
import { at, svgOf, type Shape, type Sheet } from './sheet.ts';
import type { BoreholeLog } from './borehole-log.ts';

/** The scales a log is drawn at: 1:50, 1:100, 1:200. */
export const LOG_SCALES = [50, 100, 200] as const;
export type LogScale = (typeof LOG_SCALES)[number];

/** The sheet, in millimetres (the SVG's user unit): an A4 page's width. */
const WIDTH = 210;
const MARGIN = 10;
const HEADER = 38;
const HEADS = 8;
const LEGEND = 22;
/** Left and right edges of each column, in millimetres from the sheet's left. */
const COLUMNS = {
  depth: [MARGIN, 22],
  elevation: [22, 34],
  soil: [34, 50],
  description: [50, 130],
  samples: [130, 143],
  spt: [143, 153],
  plot: [153, 188],
  rqd: [188, WIDTH - MARGIN],
} as const;
/** The SPT plot's full width, in blows. */
const PLOT_MAX_N = 50;
const FONT = 2.4;
const LINE = 2.9;
/** Characters of description on one line of its column. */
const DESCRIPTION_CHARACTERS = 62;

export const LOCATION_CONFIDENCE_LABELS: Record<string, string> = {
  surveyed: 'levée',
  converted: 'convertie',
  approximate: 'approximative',
  unknown: 'inconnue',
};

const twoDecimals = new Intl.NumberFormat('fr-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const upToTwo = new Intl.NumberFormat('fr-CA', { maximumFractionDigits: 2 });
const degrees = new Intl.NumberFormat('fr-CA', { minimumFractionDigits: 5, maximumFractionDigits: 5 });
const oneDecimal = new Intl.NumberFormat('fr-CA', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Words in lines of at most `width` characters (a longer word gets a line of its own). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Metres between two labelled ticks of the depth scale, so that labels stay readable. */
const labelStep = (scale: LogScale) => (scale === 200 ? 2 : 1);

/** The deepest point the log draws: the final depth, or the deepest layer, sample or test. */
export function logDepth(log: BoreholeLog): number {
  return Math.max(
    log.depth,
    ...log.layers.map((layer) => layer.base),
    ...log.spt.map((test) => test.top),
    ...log.samples.map((sample) => sample.base ?? sample.top),
    ...log.cores.map((core) => core.base),
    0.5,
  );
}

/** Metres of log one A4 page holds at a scale (297 mm less margins, header, heads and legend). */
export function metresPerPage(scale: LogScale): number {
  return Math.floor(((297 - 2 * MARGIN - HEADER - HEADS - LEGEND) * scale) / 1000);
}

/** The depth ranges of the pages of a log at a scale: each page carries on where the last stopped. */
export function logPages(log: BoreholeLog, scale: LogScale): { from: number; to: number }[] {
  const total = logDepth(log);
  const step = metresPerPage(scale);
  const pages: { from: number; to: number }[] = [];
  for (let from = 0; from < total; from += step) pages.push({ from, to: Math.min(from + step, total) });
  return pages;
}

/**
 * The depths described by two layers: from a layer's top to the base above it (layer-overlaps.ts),
 * ranges that touch merged into one.
 */
function overlapRanges(log: BoreholeLog): { top: number; base: number }[] {
  const ranges: { top: number; base: number }[] = [];
  for (const { layer, previousBase } of layerOverlaps(log.layers)) {
    const range = { top: layer.top, base: Math.min(previousBase, layer.base) };
    const last = ranges.at(-1);
    if (last && range.top <= last.base) last.base = Math.max(last.base, range.base);
    else ranges.push(range);
  }
  return ranges;
}

/** The sentence that stands for the drawing for those who cannot see it. */
export function logSummary(log: BoreholeLog): string {
  const layers = log.layers.map(
    (layer) => `${upToTwo.format(layer.top)} à ${upToTwo.format(layer.base)} m : ${layer.description || '—'}`,
  );
  const spt = log.spt
    .filter((test) => test.n !== null || test.refusal)
    .map((test) => `${test.refusal ? 'refus' : 'N ='} ${sptText(test)} à ${upToTwo.format(test.top)} m`);
  const overlaps = overlapRanges(log).map(({ top, base }) => `${upToTwo.format(top)} à ${upToTwo.format(base)} m`);
  const water = [
    ...log.waterStrikes.map((depth) => `venue d’eau à ${upToTwo.format(depth)} m`),
    ...log.standingLevels.map((depth) => `niveau d’eau stabilisé à ${upToTwo.format(depth)} m`),
  ];
  return [
    `Forage ${log.id}, projet ${log.project}, profondeur ${upToTwo.format(log.depth)} m.`,
    layers.length ? `Couches : ${layers.join(' ; ')}.` : 'Aucune couche décrite.',
    overlaps.length ? `Couches qui se chevauchent : ${overlaps.join(' ; ')}.` : '',
    spt.length ? `Essais SPT : ${spt.join(' ; ')}.` : '',
    water.length ? `Eau : ${water.join(' ; ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The width of the tenant's emblem in the header, in millimetres. */
const EMBLEM = 9;

/** A tenant's emblem on the sheet: the shield and its initials, `EMBLEM` wide from (x, y). */
function emblemShapes(emblem: TenantEmblem | null, x: number, y: number): Shape[] {
  if (!emblem) return [];
  return [
    {
      kind: 'group',
      className: 'log-emblem',
      title: 'Emblème de l’organisation',
      shapes: [
        { kind: 'path', d: shieldPath(x, y, EMBLEM), fill: '#fff', stroke: emblem.colour, strokeWidth: 0.3 },
        { kind: 'path', d: shieldPath(x, y, EMBLEM, true), fill: emblem.colour, stroke: 'none', strokeWidth: 0 },
        {
          kind: 'text',
          x: x + EMBLEM / 2,
          y: y + EMBLEM * (20.5 / 30),
          size: emblem.initials.length > 1 ? 2.8 : 3.6,
          anchor: 'middle',
          bold: true,
          fill: '#fff',
          lines: [emblem.initials],
        },
      ],
    },
  ];
}

/** The water the log shows, in words as well as by its symbols: what a reader (and OCR) can read. */
function waterLine(log: BoreholeLog): string {
  const seen = [
    ...log.waterStrikes.map((depth) => `venue d’eau à ${twoDecimals.format(depth)} m`),
    ...log.standingLevels.map((depth) => `niveau stabilisé à ${twoDecimals.format(depth)} m`),
  ];
  return `Eau : ${seen.length ? seen.join(' — ') : 'aucune observation'}`;
}

function header(log: BoreholeLog, scale: LogScale, page: { number: number; total: number } | null): Shape[] {
  const lines = [
    `Projet : ${log.project}${log.site && log.site !== log.project ? ` — ${log.site}` : ''}`,
    log.lat !== null && log.lon !== null
      ? `Coordonnées : ${degrees.format(Math.abs(log.lat))} ${log.lat >= 0 ? 'N' : 'S'}, ` +
        `${degrees.format(Math.abs(log.lon))} ${log.lon >= 0 ? 'E' : 'O'} (WGS 84)` +
        (log.original && log.original.crs !== 'EPSG:4326'
          ? ` — X ${oneDecimal.format(log.original.x)}, Y ${oneDecimal.format(log.original.y)} (${log.original.crs})`
          : '')
      : 'Coordonnées : inconnues',
    `Position : ${LOCATION_CONFIDENCE_LABELS[log.locationConfidence] ?? log.locationConfidence}` +
      ` — Élévation du terrain : ${log.groundLevel === null ? 'inconnue' : `${twoDecimals.format(log.groundLevel)} m`}` +
      ` — Profondeur finale : ${twoDecimals.format(log.depth)} m`,
    `Début : ${log.date ?? 'inconnu'} — Fin : ${log.endDate ?? 'inconnue'} — Méthode : ${methodText(log.method, log.holeType) || 'inconnue'}`,
    waterLine(log),
  ];
  const top = MARGIN;
  const right = WIDTH - MARGIN - 3;
  // The organisation signs beside its emblem.
  const signature = log.emblem ? right - EMBLEM - 2 : right;
  return [
    {
      kind: 'rect',
      x: MARGIN,
      y: top,
      width: WIDTH - 2 * MARGIN,
      height: HEADER - 2,
      stroke: '#222',
      strokeWidth: 0.3,
    },
    { kind: 'text', x: MARGIN + 3, y: top + 7, size: 5, bold: true, lines: [`Journal de forage ${log.id}`] },
    ...emblemShapes(log.emblem ?? null, right - EMBLEM, top + 2.5),
    { kind: 'text', x: signature, y: top + 7, size: 3, anchor: 'end', lines: [log.organisation] },
    {
      kind: 'text',
      x: signature,
      y: top + 11.5,
      size: 2.6,
      anchor: 'end',
      lines: [`Échelle 1:${scale}${page ? ` — page ${page.number} sur ${page.total}` : ''}`],
    },
    ...lines.map((line, i): Shape => ({ kind: 'text', x: MARGIN + 3, y: top + 14 + i * 5, size: 2.8, lines: [line] })),
  ];
}

function columnHeads(hasElevation: boolean): Shape[] {
  const top = MARGIN + HEADER;
  const heads: [keyof typeof COLUMNS, string][] = [
    ['depth', 'Prof. (m)'],
    ['elevation', hasElevation ? 'Élév. (m)' : ''],
    ['soil', 'Sol'],
    ['description', 'Description'],
    ['samples', 'Échant.'],
    ['spt', 'SPT N'],
    ['plot', `N (0 à ${PLOT_MAX_N})`],
    ['rqd', 'RQD %'],
  ];
  return heads.flatMap(([column, label]): Shape[] => {
    const [left, right] = COLUMNS[column];
    return [
      { kind: 'rect', x: left, y: top, width: right - left, height: HEADS, fill: '#eef1f4', stroke: '#222' },
      { kind: 'text', x: (left + right) / 2, y: top + 5, size: 2.3, bold: true, anchor: 'middle', lines: [label] },
    ];
  });
}

/**
 * A borehole's log laid out on a sheet 210 mm wide, from depth `from` to `to` (the whole log by
 * default; a page of the PDF otherwise, see logPages): header, depth and elevation scales, soil
 * column with each class's colour and pattern, descriptions beside their layers, samples, SPT N
 * values and their plot, water strikes (▽) and standing levels (▼), RQD, and a legend of what the
 * sheet shows. Each item carries its data (`data-top`, `data-base`, `data-n`…) for those who read
 * the SVG by program. The same layout is written as SVG (drawLog) and painted on PDF pages.
 */
export function layoutLog(
  log: BoreholeLog,
  {
    scale = 100,
    from = 0,
    to = logDepth(log),
    page = null,
  }: { scale?: LogScale; from?: number; to?: number; page?: { number: number; total: number } | null } = {},
): Sheet {
  const mm = 1000 / scale;
  const bodyTop = MARGIN + HEADER + HEADS;
  const bodyHeight = (to - from) * mm;
  const bodyBottom = bodyTop + bodyHeight;
  const y = (depth: number) => bodyTop + (depth - from) * mm;
  const within = (top: number, base: number) => base > from && top < to;
  const clip = (depth: number) => Math.min(to, Math.max(from, depth));
  const hasElevation = log.groundLevel !== null;
  const shapes: Shape[] = [...header(log, scale, page), ...columnHeads(hasElevation)];

  // Columns' frames.
  for (const [left, right] of Object.values(COLUMNS)) {
    shapes.push({ kind: 'rect', x: left, y: bodyTop, width: right - left, height: bodyHeight, stroke: '#222' });
  }

  // Depth and elevation scales: a tick each metre (each 0.5 m at 1:50), a label each labelStep.
  const depthRight = COLUMNS.depth[1];
  const elevationRight = COLUMNS.elevation[1];
  const tick = scale === 50 ? 0.5 : 1;
  const scaleShapes: Shape[] = [];
  for (let depth = Math.ceil(from / tick) * tick; depth <= to + 1e-9; depth += tick) {
    const labelled = Math.abs(depth / labelStep(scale) - Math.round(depth / labelStep(scale))) < 1e-9;
    const yy = y(depth);
    const length = labelled ? 2.5 : 1.2;
    scaleShapes.push({
      kind: 'line',
      x1: depthRight - length,
      x2: depthRight,
      y1: yy,
      y2: yy,
      stroke: '#222',
      strokeWidth: 0.2,
    });
    if (!labelled) continue;
    scaleShapes.push({
      kind: 'text',
      className: 'log-depth-label',
      data: { depth },
      x: depthRight - 3,
      y: yy + 0.9,
      size: FONT,
      anchor: 'end',
      lines: [upToTwo.format(depth)],
    });
    if (hasElevation) {
      scaleShapes.push({
        kind: 'text',
        className: 'log-elevation-label',
        x: elevationRight - 1.5,
        y: yy + 0.9,
        size: FONT,
        anchor: 'end',
        lines: [twoDecimals.format(log.groundLevel! - depth)],
      });
    }
  }
  shapes.push({ kind: 'group', className: 'log-scale', shapes: scaleShapes });

  // Soil column and descriptions: each description starts at its layer's top, or below the one
  // before when that one ran longer than its layer.
  const layers = log.layers
    .map((layer) => ({ ...layer, soil: layerSoil(layer) }))
    .filter((layer) => within(layer.top, layer.base));
  const [soilLeft, soilRight] = COLUMNS.soil;
  const [descriptionLeft, descriptionRight] = COLUMNS.description;
  let textBottom = bodyTop;
  const layerShapes: Shape[] = [];
  for (const layer of layers) {
    const top = y(clip(layer.top));
    const base = y(clip(layer.base));
    layerShapes.push({
      kind: 'rect',
      className: 'log-layer',
      data: { top: layer.top, base: layer.base, soil: layer.soil },
      x: soilLeft,
      y: top,
      width: soilRight - soilLeft,
      height: base - top,
      fill: { soil: layer.soil },
      stroke: '#222',
      title: `${upToTwo.format(layer.top)}–${upToTwo.format(layer.base)} m : ${SOIL_CLASSES[layer.soil].shortName}`,
    });
    if (layer.base <= to) {
      layerShapes.push(
        { kind: 'line', x1: soilRight, x2: descriptionRight, y1: base, y2: base, stroke: '#222', strokeWidth: 0.2 },
        {
          kind: 'text',
          x: descriptionRight - 1,
          y: base - 0.6,
          size: 2,
          anchor: 'end',
          fill: '#444',
          lines: [upToTwo.format(layer.base)],
        },
      );
    }
    const words = [layer.top < from ? '(suite)' : '', layer.legend ? `[${layer.legend}]` : '', layer.description]
      .filter(Boolean)
      .join(' ');
    const lines = wrapWords(words, DESCRIPTION_CHARACTERS);
    const start = Math.max(top + LINE, textBottom + LINE);
    layerShapes.push({
      kind: 'text',
      className: 'log-description',
      data: { top: layer.top },
      x: descriptionLeft + 1.5,
      y: start,
      size: FONT,
      lineHeight: LINE,
      lines,
    });
    textBottom = start + (lines.length - 1) * LINE + 0.8;
  }
  shapes.push({ kind: 'group', className: 'log-layers', shapes: layerShapes });

  // Layers that overlap (AGS allows it, the import warns): the metres described twice, marked in
  // red along the soil column's left edge.
  for (const { top, base } of overlapRanges(log)) {
    if (!within(top, base)) continue;
    shapes.push({
      kind: 'rect',
      className: 'log-overlap',
      data: { top, base },
      x: soilLeft,
      y: y(clip(top)),
      width: 1.2,
      height: y(clip(base)) - y(clip(top)),
      fill: '#b3261e',
      title: `Couches qui se chevauchent : ${upToTwo.format(top)}–${upToTwo.format(base)} m`,
    });
  }

  // Water: a strike as an open triangle, a standing level as a filled one, with a line across the
  // soil; inside the soil column, at its right edge, so that the description beside it stays clear.
  const water = (depths: number[], kind: 'strike' | 'level') =>
    depths
      .filter((depth) => depth >= from && depth <= to)
      .map((depth): Shape => ({
        kind: 'group',
        className: `log-water-${kind}`,
        data: { depth },
        title: `${kind === 'level' ? 'Niveau d’eau stabilisé' : 'Venue d’eau'} : ${upToTwo.format(depth)} m`,
        shapes: [
          {
            kind: 'line',
            x1: soilLeft,
            x2: soilRight,
            y1: y(depth),
            y2: y(depth),
            stroke: '#0b63c5',
            strokeWidth: 0.5,
          },
          {
            kind: 'path',
            d: `M${at(soilRight - 4.5)} ${at(y(depth) - 2.2)}h3l-1.5 2.2z`,
            fill: kind === 'level' ? '#0b63c5' : '#fff',
            stroke: '#0b63c5',
            strokeWidth: 0.35,
          },
        ],
      }));
  shapes.push(...water(log.waterStrikes, 'strike'), ...water(log.standingLevels, 'level'));

  // Samples: a bar over the sampled length (or a mark), its type and reference beside it.
  const samplesLeft = COLUMNS.samples[0];
  for (const sample of log.samples) {
    const base = sample.base ?? sample.top;
    if (!within(sample.top, Math.max(base, sample.top + 1e-6))) continue;
    const top = y(clip(sample.top));
    shapes.push({
      kind: 'group',
      className: 'log-sample',
      data: { top: sample.top, type: sample.type },
      shapes: [
        {
          kind: 'rect',
          x: samplesLeft + 1,
          y: top,
          width: 2,
          height: Math.max(0.8, y(clip(base)) - top),
          fill: '#333',
        },
        {
          kind: 'text',
          x: samplesLeft + 4,
          y: top + 1.8,
          size: 2,
          lines: [[sample.type, sample.ref].filter(Boolean).join(' ').slice(0, 12)],
        },
      ],
    });
  }

  // SPT: the N value as a number, and its point on the plot (beyond the plot's end: at its edge, ">").
  const [sptLeft, sptRight] = COLUMNS.spt;
  const [plotLeft, plotRight] = COLUMNS.plot;
  const plotX = (n: number) => plotLeft + 2 + (Math.min(n, PLOT_MAX_N) / PLOT_MAX_N) * (plotRight - plotLeft - 4);
  for (let n = 10; n < PLOT_MAX_N; n += 10) {
    shapes.push({
      kind: 'line',
      x1: plotX(n),
      x2: plotX(n),
      y1: bodyTop,
      y2: bodyBottom,
      stroke: '#ccc',
      strokeWidth: 0.15,
    });
  }
  const tests = log.spt.filter((test) => test.top >= from && test.top <= to);
  // A refusal stands beyond the plot's end: at its edge, with ">".
  const plotted = (test: (typeof tests)[number]) => (test.refusal ? PLOT_MAX_N + 1 : test.n);
  const points = tests
    .filter((test) => plotted(test) !== null)
    .map((test): [number, number] => [plotX(plotted(test)!), y(test.top)]);
  if (points.length > 1) shapes.push({ kind: 'polyline', points, stroke: '#b3261e', strokeWidth: 0.3 });
  for (const test of tests) {
    const yy = y(test.top);
    const value = plotted(test);
    // A refusal's « 50/165 mm » on two lines (three at seating), to stay within its column.
    const text = sptText(test);
    const { refusal } = test;
    const lines =
      refusal?.mm != null
        ? [`${refusal.blows}/${upToTwo.format(refusal.mm)}`, 'mm', ...(refusal.seating ? ['(amorç.)'] : [])]
        : [text];
    const marks: Shape[] = [
      {
        kind: 'text',
        x: (sptLeft + sptRight) / 2,
        y: yy + 0.9 - (lines.length - 1) * 1.1,
        size: lines.length > 1 ? 2 : FONT,
        anchor: 'middle',
        lines,
      },
    ];
    if (value !== null) marks.push({ kind: 'circle', cx: plotX(value), cy: yy, r: 0.7, fill: '#b3261e' });
    if (value !== null && value > PLOT_MAX_N) {
      marks.push({ kind: 'text', x: plotRight - 1, y: yy - 1, size: 2, anchor: 'end', lines: ['>'] });
    }
    const data = { top: test.top, n: test.n ?? '', ...(test.refusal ? { refusal: text } : {}) };
    shapes.push({ kind: 'group', className: 'log-spt', data, shapes: marks });
  }

  // RQD of each core run, at the run's middle.
  const [rqdLeft, rqdRight] = COLUMNS.rqd;
  for (const core of log.cores.filter((run) => run.rqd !== null && within(run.top, run.base))) {
    shapes.push({
      kind: 'text',
      className: 'log-rqd',
      data: { top: core.top, rqd: core.rqd! },
      x: (rqdLeft + rqdRight) / 2,
      y: y(clip((core.top + core.base) / 2)) + 0.9,
      size: 2.2,
      anchor: 'middle',
      lines: [String(Math.round(core.rqd!))],
    });
  }

  // Legend: the soil classes of this sheet, then the symbols.
  const legendTop = bodyBottom + 4;
  const classes = [...new Set(layers.map((layer) => layer.soil))];
  const legend: Shape[] = [{ kind: 'text', x: MARGIN, y: legendTop + 2, size: 2.6, bold: true, lines: ['Légende'] }];
  classes.forEach((soil, i) => {
    const x = MARGIN + (i % 4) * 47;
    const yy = legendTop + 4 + Math.floor(i / 4) * 5;
    legend.push(
      { kind: 'rect', x, y: yy, width: 6, height: 3.5, fill: { soil }, stroke: '#222', strokeWidth: 0.2 },
      { kind: 'text', x: x + 7.5, y: yy + 2.7, size: 2.4, lines: [SOIL_CLASSES[soil].shortName] },
    );
  });
  legend.push({
    kind: 'text',
    x: MARGIN,
    y: legendTop + 4 + Math.ceil(Math.max(classes.length, 1) / 4) * 5 + 3,
    size: 2.4,
    lines: ['▽ venue d’eau   ▼ niveau d’eau stabilisé   ● N de l’essai SPT (coups / 300 mm)   ▮ échantillon'],
  });
  shapes.push({ kind: 'group', className: 'log-legend', shapes: legend });

  return {
    width: WIDTH,
    height: bodyBottom + LEGEND + MARGIN,
    title: `Journal de forage ${log.id}`,
    description: logSummary(log),
    shapes,
  };
}

/** The log as an SVG document (see layoutLog). */
export const drawLog = (log: BoreholeLog, options: Parameters<typeof layoutLog>[1] = {}) =>
  svgOf(layoutLog(log, options));
