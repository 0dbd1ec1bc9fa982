import { labelOf } from '../borehole.ts';
import { classifySoil, SOIL_CLASSES, SOIL_PATTERN_PATHS, type SoilClass } from '../soil.ts';
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

/** Text made safe for SVG: the five XML characters escaped, control characters dropped. */
export function xmlText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- XML 1.0 has no place for them.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** A number as an SVG coordinate: two decimals at most (a hundredth of a millimetre). */
const at = (value: number) => String(Math.round(value * 100) / 100);

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

/** The sentence that stands for the drawing for those who cannot see it. */
export function logSummary(log: BoreholeLog): string {
  const layers = log.layers.map(
    (layer) => `${upToTwo.format(layer.top)} à ${upToTwo.format(layer.base)} m : ${layer.description || '—'}`,
  );
  const spt = log.spt.filter((test) => test.n !== null).map((test) => `N = ${test.n} à ${upToTwo.format(test.top)} m`);
  const water = [
    ...log.waterStrikes.map((depth) => `venue d’eau à ${upToTwo.format(depth)} m`),
    ...log.standingLevels.map((depth) => `niveau d’eau stabilisé à ${upToTwo.format(depth)} m`),
  ];
  return [
    `Forage ${log.id}, projet ${log.project}, profondeur ${upToTwo.format(log.depth)} m.`,
    layers.length ? `Couches : ${layers.join(' ; ')}.` : 'Aucune couche décrite.',
    spt.length ? `Essais SPT : ${spt.join(' ; ')}.` : '',
    water.length ? `Eau : ${water.join(' ; ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

function patterns(classes: Iterable<SoilClass>): string {
  return [...classes]
    .map((soil) => {
      const info = SOIL_CLASSES[soil];
      const path = SOIL_PATTERN_PATHS[info.pattern];
      return (
        `<pattern id="soil-${soil}" width="3" height="3" patternUnits="userSpaceOnUse">` +
        `<rect width="3" height="3" fill="${info.colour}"/>` +
        (path
          ? `<path d="${path}" transform="scale(0.375)" stroke="#1c1c1c" stroke-opacity="0.5" stroke-width="0.8" fill="none"/>`
          : '') +
        '</pattern>'
      );
    })
    .join('');
}

function header(log: BoreholeLog, scale: LogScale, page: { number: number; total: number } | null): string {
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
    `Début : ${log.date ?? 'inconnu'} — Fin : ${log.endDate ?? log.date ?? 'inconnue'} — Méthode : ${labelOf(log.method) || 'inconnue'}`,
  ];
  const top = MARGIN;
  return [
    `<rect x="${MARGIN}" y="${top}" width="${WIDTH - 2 * MARGIN}" height="${HEADER - 2}" fill="none" stroke="#222" stroke-width="0.3"/>`,
    `<text x="${MARGIN + 3}" y="${top + 7}" font-size="5" font-weight="700">Journal de forage ${xmlText(log.id)}</text>`,
    `<text x="${WIDTH - MARGIN - 3}" y="${top + 7}" font-size="3" text-anchor="end">${xmlText(log.organisation)}</text>`,
    `<text x="${WIDTH - MARGIN - 3}" y="${top + 11.5}" font-size="2.6" text-anchor="end">Échelle 1:${scale}` +
      `${page ? ` — page ${page.number} sur ${page.total}` : ''}</text>`,
    ...lines.map(
      (line, i) => `<text x="${MARGIN + 3}" y="${top + 14 + i * 5}" font-size="2.8">${xmlText(line)}</text>`,
    ),
  ].join('');
}

function columnHeads(hasElevation: boolean): string {
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
  return heads
    .map(([column, label]) => {
      const [left, right] = COLUMNS[column];
      return (
        `<rect x="${left}" y="${top}" width="${right - left}" height="${HEADS}" fill="#eef1f4" stroke="#222" stroke-width="0.25"/>` +
        `<text x="${at((left + right) / 2)}" y="${top + 5}" font-size="2.3" font-weight="700" text-anchor="middle">${label}</text>`
      );
    })
    .join('');
}

/**
 * A borehole's log as an SVG sheet, 210 mm wide, from depth `from` to `to` (the whole log by default;
 * a page of the PDF otherwise, see logPages): header, depth and elevation scales, soil column with
 * each class's colour and pattern, descriptions beside their layers, samples, SPT N values and their
 * plot, water strikes (▽) and standing levels (▼), RQD, and a legend of what the sheet shows. Each
 * drawn item carries its data (`data-top`, `data-base`, `data-n`…) for those who read it by program.
 */
export function drawLog(
  log: BoreholeLog,
  {
    scale = 100,
    from = 0,
    to = logDepth(log),
    page = null,
  }: { scale?: LogScale; from?: number; to?: number; page?: { number: number; total: number } | null } = {},
): string {
  const mm = 1000 / scale;
  const bodyTop = MARGIN + HEADER + HEADS;
  const bodyHeight = (to - from) * mm;
  const height = bodyTop + bodyHeight + LEGEND + MARGIN;
  const y = (depth: number) => bodyTop + (depth - from) * mm;
  const within = (top: number, base: number) => base > from && top < to;
  const clip = (depth: number) => Math.min(to, Math.max(from, depth));
  const hasElevation = log.groundLevel !== null;
  const out: string[] = [];

  const layers = log.layers
    .map((layer) => ({ ...layer, soil: classifySoil(`${layer.description} ${layer.geology}`) }))
    .filter((layer) => within(layer.top, layer.base));
  const classes = new Set(layers.map((layer) => layer.soil));

  // Columns' frames.
  for (const [left, right] of Object.values(COLUMNS)) {
    out.push(
      `<rect x="${left}" y="${at(bodyTop)}" width="${right - left}" height="${at(bodyHeight)}" fill="none" stroke="#222" stroke-width="0.25"/>`,
    );
  }

  // Depth and elevation scales: a tick each metre (each 0.5 m at 1:50), a label each labelStep.
  const depthRight = COLUMNS.depth[1];
  const elevationRight = COLUMNS.elevation[1];
  const tick = scale === 50 ? 0.5 : 1;
  out.push('<g class="log-scale">');
  for (let depth = Math.ceil(from / tick) * tick; depth <= to + 1e-9; depth += tick) {
    const yy = at(y(depth));
    const labelled = Math.abs(depth / labelStep(scale) - Math.round(depth / labelStep(scale))) < 1e-9;
    out.push(
      `<line x1="${depthRight - (labelled ? 2.5 : 1.2)}" x2="${depthRight}" y1="${yy}" y2="${yy}" stroke="#222" stroke-width="0.2"/>`,
    );
    if (!labelled) continue;
    out.push(
      `<text class="log-depth-label" data-depth="${depth}" x="${depthRight - 3}" y="${at(y(depth) + 0.9)}" font-size="${FONT}" text-anchor="end">${upToTwo.format(depth)}</text>`,
    );
    if (hasElevation) {
      out.push(
        `<text class="log-elevation-label" x="${elevationRight - 1.5}" y="${at(y(depth) + 0.9)}" font-size="${FONT}" text-anchor="end">${twoDecimals.format(log.groundLevel! - depth)}</text>`,
      );
    }
  }
  out.push('</g>');

  // Soil column and descriptions: each description starts at its layer's top, or below the one
  // before when that one ran longer than its layer.
  const [soilLeft, soilRight] = COLUMNS.soil;
  const [descriptionLeft, descriptionRight] = COLUMNS.description;
  let textBottom = bodyTop;
  out.push('<g class="log-layers">');
  for (const layer of layers) {
    const top = y(clip(layer.top));
    const base = y(clip(layer.base));
    out.push(
      `<rect class="log-layer" data-top="${layer.top}" data-base="${layer.base}" data-soil="${layer.soil}" ` +
        `x="${soilLeft}" y="${at(top)}" width="${soilRight - soilLeft}" height="${at(base - top)}" ` +
        `fill="url(#soil-${layer.soil})" stroke="#222" stroke-width="0.25"><title>${xmlText(
          `${upToTwo.format(layer.top)}–${upToTwo.format(layer.base)} m : ${SOIL_CLASSES[layer.soil].shortName}`,
        )}</title></rect>`,
    );
    if (layer.base <= to) {
      out.push(
        `<line x1="${soilRight}" x2="${descriptionRight}" y1="${at(base)}" y2="${at(base)}" stroke="#222" stroke-width="0.2"/>` +
          `<text x="${descriptionRight - 1}" y="${at(base - 0.6)}" font-size="2" text-anchor="end" fill="#444">${upToTwo.format(layer.base)}</text>`,
      );
    }
    const continued = layer.top < from;
    const words = [continued ? '(suite)' : '', layer.legend ? `[${layer.legend}]` : '', layer.description]
      .filter(Boolean)
      .join(' ');
    const lines = wrapWords(words, DESCRIPTION_CHARACTERS);
    const start = Math.max(top + LINE, textBottom + LINE);
    out.push(
      `<text class="log-description" data-top="${layer.top}" x="${descriptionLeft + 1.5}" y="${at(start)}" font-size="${FONT}">` +
        lines
          .map((line, i) => `<tspan x="${descriptionLeft + 1.5}" dy="${i === 0 ? 0 : LINE}">${xmlText(line)}</tspan>`)
          .join('') +
        '</text>',
    );
    textBottom = start + (lines.length - 1) * LINE + 0.8;
  }
  out.push('</g>');

  // Water: a strike as an open triangle, a standing level as a filled one, with a line across the soil.
  const water = (depths: number[], kind: 'strike' | 'level') =>
    depths
      .filter((depth) => depth >= from && depth <= to)
      .map((depth) => {
        const yy = y(depth);
        // Inside the soil column, at its right edge: the description beside it stays clear.
        const x = soilRight - 4.5;
        const fill = kind === 'level' ? '#0b63c5' : '#fff';
        const label = kind === 'level' ? 'Niveau d’eau stabilisé' : 'Venue d’eau';
        return (
          `<g class="log-water-${kind}" data-depth="${depth}"><title>${label} : ${upToTwo.format(depth)} m</title>` +
          `<line x1="${soilLeft}" x2="${soilRight}" y1="${at(yy)}" y2="${at(yy)}" stroke="#0b63c5" stroke-width="0.5"/>` +
          `<path d="M${at(x)} ${at(yy - 2.2)}h3l-1.5 2.2z" fill="${fill}" stroke="#0b63c5" stroke-width="0.35"/></g>`
        );
      })
      .join('');
  out.push(water(log.waterStrikes, 'strike'), water(log.standingLevels, 'level'));

  // Samples: a bar over the sampled length (or a mark), its reference and type beside it.
  const [samplesLeft] = COLUMNS.samples;
  for (const sample of log.samples) {
    const base = sample.base ?? sample.top;
    if (!within(sample.top, Math.max(base, sample.top + 1e-6))) continue;
    const top = y(clip(sample.top));
    const length = Math.max(0.8, y(clip(base)) - top);
    out.push(
      `<g class="log-sample" data-top="${sample.top}" data-type="${xmlText(sample.type)}">` +
        `<rect x="${samplesLeft + 1}" y="${at(top)}" width="2" height="${at(length)}" fill="#333"/>` +
        `<text x="${samplesLeft + 4}" y="${at(top + 1.8)}" font-size="2">${xmlText(
          [sample.type, sample.ref].filter(Boolean).join(' '),
        ).slice(0, 12)}</text></g>`,
    );
  }

  // SPT: the N value as a number, and its point on the plot (beyond the plot's end: at its edge, ">").
  const [sptLeft, sptRight] = COLUMNS.spt;
  const [plotLeft, plotRight] = COLUMNS.plot;
  const plotX = (n: number) => plotLeft + 2 + (Math.min(n, PLOT_MAX_N) / PLOT_MAX_N) * (plotRight - plotLeft - 4);
  for (let n = 10; n < PLOT_MAX_N; n += 10) {
    out.push(
      `<line x1="${at(plotX(n))}" x2="${at(plotX(n))}" y1="${at(bodyTop)}" y2="${at(bodyTop + bodyHeight)}" stroke="#ccc" stroke-width="0.15"/>`,
    );
  }
  const tests = log.spt.filter((test) => test.top >= from && test.top <= to);
  const points = tests.filter((test) => test.n !== null).map((test) => `${at(plotX(test.n!))},${at(y(test.top))}`);
  if (points.length > 1) {
    out.push(`<polyline points="${points.join(' ')}" fill="none" stroke="#b3261e" stroke-width="0.3"/>`);
  }
  for (const test of tests) {
    const yy = y(test.top);
    out.push(
      `<g class="log-spt" data-top="${test.top}" data-n="${test.n ?? ''}">` +
        `<text x="${at((sptLeft + sptRight) / 2)}" y="${at(yy + 0.9)}" font-size="${FONT}" text-anchor="middle">${
          test.n === null ? '—' : test.n
        }</text>` +
        (test.n === null
          ? ''
          : `<circle cx="${at(plotX(test.n))}" cy="${at(yy)}" r="0.7" fill="#b3261e"/>` +
            (test.n > PLOT_MAX_N
              ? `<text x="${at(plotRight - 1)}" y="${at(yy - 1)}" font-size="2" text-anchor="end">&gt;</text>`
              : '')) +
        '</g>',
    );
  }

  // RQD of each core run, at the run's middle.
  const [rqdLeft, rqdRight] = COLUMNS.rqd;
  for (const core of log.cores.filter((run) => run.rqd !== null && within(run.top, run.base))) {
    const middle = y(clip((core.top + core.base) / 2));
    out.push(
      `<text class="log-rqd" data-top="${core.top}" data-rqd="${core.rqd}" x="${at((rqdLeft + rqdRight) / 2)}" y="${at(middle + 0.9)}" font-size="2.2" text-anchor="middle">${Math.round(core.rqd!)}</text>`,
    );
  }

  // Legend: the soil classes of this sheet, then the symbols.
  const legendTop = bodyTop + bodyHeight + 4;
  out.push(
    `<g class="log-legend"><text x="${MARGIN}" y="${at(legendTop + 2)}" font-size="2.6" font-weight="700">Légende</text>`,
  );
  [...classes].forEach((soil, i) => {
    const x = MARGIN + (i % 4) * 47;
    const yy = legendTop + 4 + Math.floor(i / 4) * 5;
    out.push(
      `<rect x="${x}" y="${at(yy)}" width="6" height="3.5" fill="url(#soil-${soil})" stroke="#222" stroke-width="0.2"/>` +
        `<text x="${x + 7.5}" y="${at(yy + 2.7)}" font-size="2.4">${xmlText(SOIL_CLASSES[soil].shortName)}</text>`,
    );
  });
  const symbolsY = legendTop + 4 + Math.ceil(Math.max(classes.size, 1) / 4) * 5 + 1;
  out.push(
    `<text x="${MARGIN}" y="${at(symbolsY + 2)}" font-size="2.4">▽ venue d’eau   ▼ niveau d’eau stabilisé   ` +
      `● N de l’essai SPT (coups / 300 mm)   ▮ échantillon</text></g>`,
  );

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${at(height)}" width="${WIDTH}mm" height="${at(height)}mm" ` +
    `role="img" aria-labelledby="log-title log-desc" font-family="Helvetica, Arial, sans-serif" fill="#111">` +
    `<title id="log-title">Journal de forage ${xmlText(log.id)}</title>` +
    `<desc id="log-desc">${xmlText(logSummary(log))}</desc>` +
    `<defs>${patterns(classes)}</defs>` +
    `<rect width="${WIDTH}" height="${at(height)}" fill="#fff"/>` +
    header(log, scale, page) +
    columnHeads(hasElevation) +
    out.join('') +
    '</svg>'
  );
}
