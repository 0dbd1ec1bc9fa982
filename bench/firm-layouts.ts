// Log layouts of other firms (issue #35's evaluation), generated apart from the layouts the reader
// was built and tuned on (bench/other-layouts.ts), so that they measure what it makes of a layout
// it has never seen. « rapport »: a Québec consulting firm's « RAPPORT DE FORAGE » on a landscape
// letter page, drawn to scale at 1:50, in a narrow sans-serif type; a header grid of « libellé :
// valeur » cells in the firm's order (the system named before the coordinates, the water level
// with its date, the drilling date last); columns Élév. / Prof. / Symbole (hatching) /
// Stratigraphie / Éch. / Indice N / Remarques; each layer's base written with its elevation; the
// hole's end under the last layer. « fiche »: bench/fiche-layout.ts.
import { GlobalFonts } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../api/digitise/raster.ts';
import { decimals, pdfPages, rasterPages, type Drawing, type Paper, type Sheets } from './layout-pages.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { layerSoil } from '../src/domain/soil.ts';
import { FICHE_PAPER, ficheLog } from './fiche-layout.ts';
import { wrapped } from './other-layouts.ts';

// The narrow face the log's PDF embeds, kept with the server's files.
const font = (name: string) => fileURLToPath(new URL(`../api/files/fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(font('DejaVuSansCondensed.ttf'), 'Firm Narrow');
GlobalFonts.registerFromPath(font('DejaVuSansCondensed-Bold.ttf'), 'Firm Narrow');

export type FirmLayout = 'rapport' | 'fiche';
export const FIRM_LAYOUTS: readonly FirmLayout[] = ['rapport', 'fiche'];

/** A landscape letter page, in points. */
const PAGE = { width: 792, height: 612 };
const MARGIN = 36;
/** The body of each page: from its top, this many metres at 1:50 (56.7 points a metre). */
const METRE = 72 / 2.54 / 0.5;
const BODY_TOP = 200;
const METRES_PER_PAGE = Math.floor((PAGE.height - MARGIN - 24 - BODY_TOP) / METRE);

const mtmZone = (crs: string) => Number(crs.replace('EPSG:', '')) - 32180;

/** The header's cells, as this firm writes them. */
function headerCells(log: BoreholeLog): string[] {
  const coordinates = log.original
    ? `Coordonnées (NAD83, MTM zone ${mtmZone(log.original.crs)}) : X = ${decimals(log.original.x, 1)} m Y = ${decimals(log.original.y, 1)} m`
    : `Coordonnées : latitude ${decimals(Math.abs(log.lat!), 5)}° N longitude ${decimals(Math.abs(log.lon!), 5)}° O`;
  const water = [
    ...log.standingLevels.map((depth) => `Niveau d’eau : ${decimals(depth, 2)} m (le ${log.date})`),
    ...log.waterStrikes.map((depth) => `Venue d’eau à ${decimals(depth, 2)} m`),
  ];
  return [
    `Client : Ville de ${log.site}`,
    `Projet : ${log.project}`,
    coordinates,
    `Élévation du terrain : ${log.groundLevel === null ? 'non relevée' : `${decimals(log.groundLevel, 2)} m`}`,
    ...(water.length ? water : ['Niveau d’eau : non mesuré']),
    `Date du forage : ${log.date}`,
  ];
}

/** The hatching of a soil's symbol, as letters a scan reads in it. */
const HATCHING: Record<string, string> = {
  gravel: 'o O o O o',
  sand: '· · · · · ·',
  clay: '— — — —',
  silt: '| | | | |',
  till: 'o · O · o ·',
  rock: '+ + + + +',
  fill: 'x x x x x',
  organic: '~ ~ ~ ~',
};

const COLUMNS = {
  elevation: [MARGIN, MARGIN + 44],
  depth: [MARGIN + 44, MARGIN + 84],
  symbol: [MARGIN + 84, MARGIN + 124],
  description: [MARGIN + 124, MARGIN + 444],
  samples: [MARGIN + 444, MARGIN + 500],
  spt: [MARGIN + 500, MARGIN + 560],
  remarks: [MARGIN + 560, PAGE.width - MARGIN],
} as const;
const HEADINGS: [keyof typeof COLUMNS, string][] = [
  ['elevation', 'Élév. (m)'],
  ['depth', 'Prof. (m)'],
  ['symbol', 'Symbole'],
  ['description', 'Stratigraphie'],
  ['samples', 'Éch.'],
  ['spt', 'Indice N'],
  ['remarks', 'Remarques'],
];

/** « rapport »: see the file's head. */
function reportLog(log: BoreholeLog, sheets: Sheets) {
  const pageCount = Math.max(1, Math.ceil(log.depth / METRES_PER_PAGE));
  for (let number = 0; number < pageCount; number++) {
    const c = sheets.page();
    c.lineWidth = 0.6;
    const from = number * METRES_PER_PAGE;
    const to = Math.min(log.depth, from + METRES_PER_PAGE);
    const y = (depth: number) => BODY_TOP + (depth - from) * METRE;
    c.font = 'bold 14px "Firm Narrow"';
    c.fillText(`RAPPORT DE FORAGE  ${log.id}`, MARGIN, 44);
    c.font = '8px "Firm Narrow"';
    c.fillText(`Page ${number + 1} de ${pageCount}`, PAGE.width - MARGIN - 50, 44);
    // The header grid: two columns of cells, each « libellé : valeur » in its box.
    const cells = headerCells(log);
    const half = Math.ceil(cells.length / 2);
    cells.forEach((text, i) => {
      const [x, row] = [i < half ? MARGIN : PAGE.width / 2, i % half];
      c.strokeRect(x, 56 + row * 22, PAGE.width / 2 - MARGIN, 22);
      c.font = '9px "Firm Narrow"';
      c.fillText(text, x + 5, 56 + row * 22 + 15);
    });
    // The headings, centred over their columns.
    c.font = 'bold 8.5px "Firm Narrow"';
    for (const [column, heading] of HEADINGS) {
      const [left, right] = COLUMNS[column];
      c.strokeRect(left, BODY_TOP - 22, right - left, 22);
      c.fillText(heading, (left + right) / 2 - c.measureText(heading).width / 2, BODY_TOP - 8);
    }
    c.strokeRect(MARGIN, BODY_TOP, PAGE.width - 2 * MARGIN, y(to) - BODY_TOP);
    // The depth scale, each metre; elevations beside it, each metre, when the ground's is known.
    c.font = '8px "Firm Narrow"';
    for (let metre = Math.ceil(from); metre <= to + 1e-9; metre++) {
      const label = String(metre);
      c.fillText(label, COLUMNS.depth[1] - 6 - c.measureText(label).width, y(metre) + 3);
      c.beginPath();
      c.moveTo(COLUMNS.depth[1] - 4, y(metre));
      c.lineTo(COLUMNS.depth[1], y(metre));
      c.stroke();
      if (log.groundLevel !== null) {
        const elevation = decimals(log.groundLevel - metre, 2);
        c.fillText(elevation, COLUMNS.elevation[1] - 4 - c.measureText(elevation).width, y(metre) + 3);
      }
    }
    // Layers: the symbol's hatching, the description from the layer's top (on the page where it
    // starts; under the one before when that one ran past its layer, as drafting software sets
    // them), its base's depth written with its elevation at the column's right.
    let written = -Infinity;
    for (const layer of log.layers) {
      if (layer.base <= from || layer.top >= to) continue;
      const [top, base] = [Math.max(layer.top, from), Math.min(layer.base, to)];
      c.beginPath();
      c.moveTo(COLUMNS.symbol[0], y(base));
      c.lineTo(COLUMNS.description[1], y(base));
      c.stroke();
      c.font = '7px "Firm Narrow"';
      const hatching = HATCHING[layerSoil({ description: layer.description, legend: '' })] ?? HATCHING.fill!;
      for (let at = y(top) + 9; at < y(base) - 2; at += 9) c.fillText(hatching, COLUMNS.symbol[0] + 3, at);
      if (layer.top >= from) {
        c.font = '9px "Firm Narrow"';
        const start = Math.max(y(top) + 11, written + 13);
        const lines = wrapped(c, layer.description, COLUMNS.description[1] - COLUMNS.description[0] - 70);
        lines.forEach((text, i) => c.fillText(text, COLUMNS.description[0] + 5, start + i * 11));
        written = start + (lines.length - 1) * 11;
      }
      if (layer.base <= to) {
        c.font = '8px "Firm Narrow"';
        const label =
          log.groundLevel === null
            ? decimals(layer.base, 2)
            : `${decimals(layer.base, 2)} (${decimals(log.groundLevel - layer.base, 2)})`;
        c.fillText(label, COLUMNS.description[1] - 4 - c.measureText(label).width, y(base) - 3);
      }
    }
    // Samples, SPT N and a remark on the clays, at their depths.
    c.font = '8px "Firm Narrow"';
    for (const sample of log.samples) {
      if (sample.top < from || sample.top >= to) continue;
      c.fillText(`${sample.type}-${sample.ref}`, COLUMNS.samples[0] + 6, y(sample.top) + 8);
    }
    for (const test of log.spt) {
      if (test.n === null || test.top < from || test.top >= to) continue;
      c.fillText(String(test.n), COLUMNS.spt[0] + 22, y(test.top) + 3);
    }
    for (const layer of log.layers) {
      if (layer.top < from || layer.top >= to || !/argile/i.test(layer.description)) continue;
      c.fillText(`Cu = ${20 + Math.round(layer.top * 7)} kPa`, COLUMNS.remarks[0] + 6, y(layer.top) + 11);
    }
    if (to >= log.depth) {
      c.font = 'bold 8.5px "Firm Narrow"';
      c.fillText(`FIN DU FORAGE À ${decimals(log.depth, 2)} m`, COLUMNS.description[0] + 5, y(log.depth) + 14);
    }
  }
}

const DRAWINGS: Record<FirmLayout, { drawing: Drawing<BoreholeLog>; paper: Paper }> = {
  rapport: { drawing: reportLog, paper: PAGE },
  fiche: { drawing: ficheLog, paper: FICHE_PAPER },
};

/** A log drawn in one of the firms' layouts, each page an image at `dpi`. */
export function firmLayoutPages(layout: FirmLayout, log: BoreholeLog, dpi: number): Promise<PageImage[]> {
  return rasterPages(DRAWINGS[layout].drawing, log, DRAWINGS[layout].paper, dpi);
}

/** A log drawn in one of the firms' layouts as the firm's software exports it: a PDF with its text. */
export function firmLayoutPdf(layout: FirmLayout, log: BoreholeLog): Buffer {
  return pdfPages(DRAWINGS[layout].drawing, log, DRAWINGS[layout].paper);
}
