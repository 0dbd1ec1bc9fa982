import { sptText } from '../ags/spt-result.ts';
import type { BoreholeLog } from './borehole-log.ts';
import { boreholeName, columnHeads, header } from './log-header.ts';
import { frameOf, HEADER, HEADS, LEGEND, MARGIN, PAGE_HEIGHT, upToTwo, WIDTH, COLUMNS } from './log-frame.ts';
import { legend } from './log-legend.ts';
import { depthScale, rqdMarks, sampleMarks, sptMarks, wellMarks } from './log-marks.ts';
import { descriptions, overlapMarks, overlapRanges, shownLayers, soilColumn, waterMarks } from './log-strata.ts';
import { svgOf, type Shape, type Sheet } from './sheet.ts';

export { boreholeName, LOCATION_CONFIDENCE_LABELS } from './log-header.ts';

/** The scales a log is drawn at: 1:50, 1:100, 1:200. */
export const LOG_SCALES = [50, 100, 200] as const;
export type LogScale = (typeof LOG_SCALES)[number];

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
  return Math.floor(((PAGE_HEIGHT - 2 * MARGIN - HEADER - HEADS - LEGEND) * scale) / 1000);
}

/**
 * The depth ranges of the pages of a log at a scale: each page carries on where the last stopped.
 * A page holds metresPerPage unless its words need more room than its depth gives them (thin
 * layers with long descriptions): it then stops at the top of a layer higher up, and that layer
 * starts the next page, so that every page fits A4.
 */
export function logPages(log: BoreholeLog, scale: LogScale): { from: number; to: number }[] {
  const total = logDepth(log);
  const step = metresPerPage(scale);
  const pages: { from: number; to: number }[] = [];
  for (let from = 0; from < total - 1e-9;) {
    let to = Math.min(from + step, total);
    const fits = (end: number) =>
      layoutLog(log, { scale, from, to: end, page: { number: 1, total: 1 } }).height <= PAGE_HEIGHT;
    if (!fits(to)) {
      // The tops of layers within the page, deepest first, then shorter ranges: the first that fits.
      const tops = [...new Set(log.layers.map((layer) => layer.top))].filter((top) => top > from + 1e-9 && top < to);
      const candidates = [
        ...tops.sort((a, b) => b - a),
        ...[0.5, 0.25, 0.1].map((share) => from + (to - from) * share),
      ];
      to = candidates.find(fits) ?? candidates.at(-1)!;
    }
    pages.push({ from, to });
    from = to;
  }
  return pages;
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
    `Forage ${boreholeName(log)}, profondeur ${upToTwo.format(log.depth)} m.`,
    layers.length ? `Couches : ${layers.join(' ; ')}.` : 'Aucune couche décrite.',
    overlaps.length ? `Couches qui se chevauchent : ${overlaps.join(' ; ')}.` : '',
    spt.length ? `Essais SPT : ${spt.join(' ; ')}.` : '',
    water.length ? `Eau : ${water.join(' ; ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * A borehole's log laid out on a sheet 210 mm wide, from depth `from` to `to` (the whole log by
 * default; a page of the PDF otherwise, see logPages): header, depth and elevation scales, soil
 * column with each class's colour and pattern, descriptions beside their layers, samples, SPT N
 * values and their plot, water strikes (▽) and standing levels (▼), RQD, and a legend of what the
 * sheet shows. No two labels overlap and none leaves its column: labels too close are moved apart
 * with a leader to their depth, and words longer than the depth they describe run on below it, the
 * columns drawn down to them. Each item carries its data (`data-top`, `data-base`, `data-n`…) for
 * those who read the SVG by program. The same layout is written as SVG (drawLog) and painted on PDF
 * pages.
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
  const frame = frameOf(scale, from, to);
  const layers = shownLayers(log, frame);
  const parts = [descriptions(layers, frame), sampleMarks(log, frame), sptMarks(log, frame), rqdMarks(log, frame)];
  // The columns reach down to the lowest text, past the body when words ran on.
  const bottom = Math.max(frame.bodyBottom, ...parts.map((part) => part.bottom + 0.5));
  const frames: Shape[] = Object.values(COLUMNS).map(([left, right]) => ({
    kind: 'rect',
    x: left,
    y: frame.bodyTop,
    width: right - left,
    height: bottom - frame.bodyTop,
    stroke: '#222',
  }));
  const key = legend([...new Set(layers.map((layer) => layer.soil))], bottom + 4, { screen: log.screen !== null });
  return {
    width: WIDTH,
    height: bottom + 4 + key.height + MARGIN,
    title: `Journal de forage ${boreholeName(log)}`,
    description: logSummary(log),
    shapes: [
      ...header(log, scale, page),
      ...columnHeads(),
      ...frames,
      depthScale(log, frame),
      ...wellMarks(log, frame),
      soilColumn(layers, frame),
      ...overlapMarks(log, frame),
      ...waterMarks(log, frame),
      ...parts.flatMap((part) => part.shapes),
      ...key.shapes,
    ],
  };
}

/** The log as an SVG document (see layoutLog). */
export const drawLog = (log: BoreholeLog, options: Parameters<typeof layoutLog>[1] = {}) =>
  svgOf(layoutLog(log, options));
