// Issue #35's held-out log layout until 28 Nov 2026: drawn by this script alone, apart from the
// layouts the reader was built and tuned on, and measured without tuning until its figures had been
// looked at. It is tuned on since; « carnet » (bench/carnet-layout.ts) is held out in its place.
//
// « journal »: a bilingual firm's « BOREHOLE LOG / RAPPORT DE SONDAGE », portrait letter at 1:60 in
// a narrow Arial-like type (Liberation Sans Narrow), decimal points; the header as lines of
// « English / Français : value » pairs in two columns, unboxed (the date in English words, the
// easting and northing named one by one with the system after them, or signed decimal degrees, the
// groundwater « below ground on » its date); headings in two languages on two lines; columns Depth
// (a scale) / Elev. (at each boundary) / Graphic / Soil description (the boundary's depth in bold
// on its first line, the description under it) / Sample / Blows / N / w (%) / Water; notes and the
// end of hole under the last page's table.
import { GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../api/digitise/raster.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { layerSoil } from '../src/domain/soil.ts';
import { pdfPages, rasterPages, typeset, type Sheets } from './layout-pages.ts';
import { wrapped } from './other-layouts.ts';

const font = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(font('LiberationSansNarrow-Regular.ttf'), 'Test Narrow');
GlobalFonts.registerFromPath(font('LiberationSansNarrow-Bold.ttf'), 'Test Narrow');

const PAPER = { width: 612, height: 792 };
const MARGIN = 40;
/** 1:60: 47.2 points a metre. */
const METRE = 72 / 2.54 / 0.6;
const BODY_TOP = 214;
const BODY_BOTTOM = 716;
const METRES_PER_PAGE = Math.floor((BODY_BOTTOM - BODY_TOP) / METRE);

const fixed = (value: number, digits: number) => value.toFixed(digits);
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const englishDate = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number);
  return `${MONTHS[month! - 1]} ${day}, ${year}`;
};

function headerLines(log: BoreholeLog): string[] {
  const zone = log.original && Number(log.original.crs.replace('EPSG:', '')) - 32180;
  const position = log.original
    ? `Easting / Est : ${fixed(log.original.x, 1)} m   Northing / Nord : ${fixed(log.original.y, 1)} m (NAD83 / MTM zone ${zone})`
    : `Lat. / Long. : ${fixed(log.lat!, 5)}, ${fixed(log.lon!, 5)} (NAD83)`;
  return [
    `Project / Projet : ${log.project}`,
    `Location / Lieu : ${log.site}, Québec`,
    `Drilled / Foré le : ${englishDate(log.date!)}`,
    position,
    `Ground elev. / Élév. du terrain : ${log.groundLevel === null ? 'n/a' : `${fixed(log.groundLevel, 2)} m`}`,
    log.standingLevels.length
      ? `Groundwater / Eau souterraine : ${fixed(log.standingLevels[0]!, 2)} m below ground on ${log.date}`
      : 'Groundwater / Eau souterraine : not observed',
    `Drill rig / Foreuse : CME-55, ${log.method === 'coring' ? 'HQ core' : 'hollow stem auger'}`,
    'Logged by / Décrit par : K. O’Brien, P.Eng.',
  ];
}

const X = {
  depth: [MARGIN, MARGIN + 32],
  elevation: [MARGIN + 32, MARGIN + 72],
  graphic: [MARGIN + 72, MARGIN + 100],
  description: [MARGIN + 100, MARGIN + 322],
  sample: [MARGIN + 322, MARGIN + 366],
  blows: [MARGIN + 366, MARGIN + 420],
  n: [MARGIN + 420, MARGIN + 446],
  moisture: [MARGIN + 446, MARGIN + 480],
  water: [MARGIN + 480, PAPER.width - MARGIN],
} as const;
const HEADINGS: [keyof typeof X, [string, string]][] = [
  ['depth', ['DEPTH', 'PROF. (m)']],
  ['elevation', ['ELEV.', 'ÉLÉV. (m)']],
  ['graphic', ['GRAPHIC', 'SYMB.']],
  ['description', ['SOIL DESCRIPTION', 'DESCRIPTION DU SOL']],
  ['sample', ['SAMPLE', 'ÉCH.']],
  ['blows', ['BLOWS / 150 mm', 'COUPS']],
  ['n', ['SPT', 'N']],
  ['moisture', ['w', '(%)']],
  ['water', ['WATER', 'EAU']],
];
const GRAPHIC: Record<string, string> = {
  gravel: 'O o O',
  sand: ': : : :',
  clay: '≡ ≡ ≡',
  silt: '- - -',
  till: 'Δ o Δ',
  rock: '⊞ ⊞',
  fill: '× × ×',
  organic: '≈ ≈',
};

const { text, centred } = typeset('Test Narrow');
const write = (c: SKRSContext2D, value: string, x: number, y: number, style = '8px') => text(c, value, x, y, style);

function journalLog(log: BoreholeLog, sheets: Sheets) {
  const pageCount = Math.max(1, Math.ceil(log.depth / METRES_PER_PAGE));
  for (let number = 0; number < pageCount; number++) {
    const c = sheets.page();
    c.lineWidth = 0.5;
    const from = number * METRES_PER_PAGE;
    const to = Math.min(log.depth, from + METRES_PER_PAGE);
    const y = (depth: number) => BODY_TOP + (depth - from) * METRE;

    write(c, 'BOREHOLE LOG / RAPPORT DE SONDAGE', MARGIN, 50, 'bold 14px');
    write(c, `Borehole No. / Sondage no : ${log.id}`, MARGIN, 68, 'bold 10px');
    write(c, `Sheet ${number + 1} of ${pageCount}`, PAPER.width - MARGIN - 52, 50, '8px');
    const lines = headerLines(log);
    lines.forEach((line, i) => write(c, line, i < 4 ? MARGIN : MARGIN + 280, 88 + (i % 4) * 13, '8.5px'));
    c.beginPath();
    c.moveTo(MARGIN, 146);
    c.lineTo(PAPER.width - MARGIN, 146);
    c.stroke();

    for (const [column, [english, french]] of HEADINGS) {
      centred(c, english, X[column], BODY_TOP - 30, 'bold 7px');
      centred(c, french, X[column], BODY_TOP - 20, '7px');
      c.beginPath();
      c.moveTo(X[column][0], BODY_TOP - 40);
      c.lineTo(X[column][0], y(to));
      c.stroke();
    }
    c.strokeRect(MARGIN, BODY_TOP - 40, PAPER.width - 2 * MARGIN, y(to) - BODY_TOP + 40);
    c.beginPath();
    c.moveTo(MARGIN, BODY_TOP - 12);
    c.lineTo(PAPER.width - MARGIN, BODY_TOP - 12);
    c.stroke();

    for (let metre = Math.ceil(from); metre <= to + 1e-9; metre++) {
      write(c, fixed(metre, 1), X.depth[0] + 4, y(metre) + 3, '7.5px');
      c.beginPath();
      c.moveTo(X.depth[1] - 5, y(metre));
      c.lineTo(X.depth[1], y(metre));
      c.stroke();
    }

    // A description starts under the one before when that one ran past its layer.
    let written = -Infinity;
    for (const layer of log.layers) {
      if (layer.base <= from || layer.top >= to) continue;
      const [top, base] = [Math.max(layer.top, from), Math.min(layer.base, to)];
      if (layer.base <= to) {
        c.beginPath();
        c.moveTo(X.elevation[0], y(base));
        c.lineTo(X.description[1], y(base));
        c.stroke();
        if (log.groundLevel !== null)
          write(c, fixed(log.groundLevel - layer.base, 2), X.elevation[0] + 4, y(base) - 2, '7.5px');
      }
      const graphic = GRAPHIC[layerSoil({ description: layer.description, legend: '' })] ?? GRAPHIC.fill!;
      for (let at = y(top) + 8; at < y(base) - 1; at += 8) write(c, graphic, X.graphic[0] + 2, at, '6.5px');
      if (layer.top >= from) {
        // The layer's top, then its description.
        const first = Math.max(y(top) + 9, written + 11);
        if (layer.top > 0) write(c, fixed(layer.top, 2), X.description[0] + 4, first, 'bold 7.5px');
        c.font = '8px "Test Narrow"';
        const start = first + (layer.top > 0 ? 10 : 1);
        const lines = wrapped(c, layer.description, X.description[1] - X.description[0] - 10);
        lines.forEach((line, i) => c.fillText(line, X.description[0] + 4, start + i * 9.5));
        written = start + (lines.length - 1) * 9.5;
      }
    }

    for (const [i, sample] of log.samples.entries()) {
      if (sample.top < from || sample.top >= to) continue;
      const [top, base] = [y(sample.top), y(Math.min(sample.base ?? sample.top + 0.6, to))];
      c.strokeRect(X.sample[0] + 3, top, 6, base - top);
      write(c, `${sample.type}${sample.ref}`, X.sample[0] + 12, top + 8, '7.5px');
      write(c, String(14 + ((i * 23) % 21)), X.moisture[0] + 8, top + 8, '7.5px');
    }
    for (const test of log.spt) {
      if (test.n === null || test.top < from || test.top >= to) continue;
      const second = Math.floor(test.n / 2);
      centred(
        c,
        `${Math.max(1, Math.round(test.n / 3))}/${second}/${test.n - second}`,
        X.blows,
        y(test.top) + 8,
        '7.5px',
      );
      centred(c, String(test.n), X.n, y(test.top) + 8, '7.5px');
    }
    for (const depth of log.standingLevels) {
      if (depth < from || depth >= to) continue;
      write(c, `▽ ${fixed(depth, 2)} m`, X.water[0] + 4, y(depth) + 3, '7.5px');
    }

    if (to >= log.depth) {
      const at = y(log.depth);
      write(
        c,
        `End of borehole / Fin du sondage : ${fixed(log.depth, 2)} m`,
        X.description[0] + 4,
        at + 12,
        'bold 8px',
      );
      const notes = [
        'NOTES :',
        ...log.waterStrikes.map((depth) => `Water encountered at ${fixed(depth, 2)} m while drilling.`),
        'Borehole backfilled with cuttings and bentonite.',
      ];
      notes.forEach((line, i) => write(c, line, MARGIN, Math.max(at + 32, 700) + i * 10, '7.5px'));
    }
  }
}

/** A log in the held-out layout, each page an image at `dpi`. */
export const testLayoutPages = (log: BoreholeLog, dpi: number): Promise<PageImage[]> =>
  rasterPages(journalLog, log, PAPER, dpi);

/** A log in the held-out layout as a PDF with its text. */
export const testLayoutPdf = (log: BoreholeLog): Buffer => pdfPages(journalLog, log, PAPER);
