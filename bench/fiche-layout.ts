// « fiche »: a Québec soil laboratory's « FICHE DE SONDAGE », a second firm's layout for issue
// #35 (see bench/firm-layouts.ts). A portrait letter page at 1:75 in an Arial-like type (Liberation
// Sans); a title block with the hole's number in a box of its own; a header grid whose labels sit
// in small capitals above their values (the date written out in French, the coordinates northing
// first with N and E, or in degrees, minutes and seconds, the water level with its date); columns
// Prof. (a scale) / Élév.–Prof. (at each boundary, the elevation above its line and the depth
// under it) / Description / Symbole (after the description) / Échantillon and Récup. / Coups par
// 150 mm / N / Eau (a ▼ at the level); the hole's end as a shaded band; remarks at the foot.
import { GlobalFonts } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { layerSoil } from '../src/domain/soil.ts';
import { decimals, frenchDate, type Sheets, typeset } from './layout-pages.ts';
import { wrapped } from './other-layouts.ts';

const font = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(font('LiberationSans-Regular.ttf'), 'Lab Sans');
GlobalFonts.registerFromPath(font('LiberationSans-Bold.ttf'), 'Lab Sans');

/** A portrait letter page, in points. */
export const FICHE_PAPER = { width: 612, height: 792 };
const MARGIN = 32;
/** 1:75: 37.8 points a metre. */
const METRE = 72 / 2.54 / 0.75;
const BODY_TOP = 236;
const BODY_BOTTOM = 700;
const METRES_PER_PAGE = Math.floor((BODY_BOTTOM - BODY_TOP) / METRE);

/** 45.69087 → « 45° 41′ 27,13″ », to a hundredth of a second. */
const dms = (degrees: number) => {
  const hundredths = Math.round(Math.abs(degrees) * 360_000);
  const [d, m, s] = [Math.floor(hundredths / 360_000), Math.floor((hundredths % 360_000) / 6000), hundredths % 6000];
  return `${d}° ${String(m).padStart(2, '0')}′ ${decimals(s / 100, 2).padStart(5, '0')}″`;
};
const METHODS: Record<string, string> = {
  hollow_stem_auger: 'Tarière à tige creuse',
  rotary: 'Rotary, tubage NW',
  coring: 'Carottage HQ',
  sonic: 'Sonique',
};

/** The header grid's cells: a label in small capitals, the value under it. */
function headerCells(log: BoreholeLog): [string, string][] {
  const mtm = log.original && Number(log.original.crs.replace('EPSG:', '')) - 32180;
  return [
    ['PROJET', log.project],
    ['CLIENT', `Municipalité de ${log.site}`],
    ['DATE DU SONDAGE', frenchDate(log.date!)],
    log.original
      ? [`COORDONNÉES (MTM-${mtm}, NAD83)`, `N ${decimals(log.original.y, 1)}   E ${decimals(log.original.x, 1)}`]
      : ['COORDONNÉES GÉOGRAPHIQUES (NAD83)', `${dms(log.lat!)} N   ${dms(log.lon!)} O`],
    ['ÉLÉVATION DU TERRAIN (m)', log.groundLevel === null ? '—' : decimals(log.groundLevel, 2)],
    [
      'NIVEAU D’EAU',
      log.standingLevels.length
        ? log.standingLevels.map((depth) => `${decimals(depth, 2)} m (${frenchDate(log.date!)})`).join(', ')
        : 'Non observé',
    ],
    ['MÉTHODE', log.method ? METHODS[log.method]! : '—'],
    ['PROFONDEUR FINALE', `${decimals(log.depth, 2)} m`],
    ['FOREUR', 'Forages Rive-Sud'],
  ];
}

const X = {
  scale: [MARGIN, MARGIN + 26],
  boundary: [MARGIN + 26, MARGIN + 70],
  description: [MARGIN + 70, MARGIN + 300],
  symbol: [MARGIN + 300, MARGIN + 330],
  sample: [MARGIN + 330, MARGIN + 380],
  recovery: [MARGIN + 380, MARGIN + 414],
  blows: [MARGIN + 414, MARGIN + 474],
  n: [MARGIN + 474, MARGIN + 502],
  water: [MARGIN + 502, 612 - MARGIN],
} as const;
const HEADINGS: [keyof typeof X, string[]][] = [
  ['scale', ['Prof.', '(m)']],
  ['boundary', ['Élév.', 'Prof. (m)']],
  ['description', ['DESCRIPTION']],
  ['symbol', ['Symb.']],
  ['sample', ['Échantillon']],
  ['recovery', ['Récup.', '(%)']],
  ['blows', ['Coups par', '150 mm']],
  ['n', ['N']],
  ['water', ['Eau']],
];
const PATTERN: Record<string, string> = {
  gravel: 'o o o',
  sand: '. . . .',
  clay: '= = =',
  silt: '- - - -',
  till: 'o . o .',
  rock: '# # #',
  fill: '/ / /',
  organic: '~ ~ ~',
};

const { text, centred } = typeset('Lab Sans');

/** Blows for each of the three 150 mm increments of a test whose N is `n`. */
const increments = (n: number) => {
  const second = Math.floor(n / 2);
  return [Math.max(1, Math.round(n * 0.6)), second, n - second];
};

/** « fiche »: see the file's head. */
export function ficheLog(log: BoreholeLog, sheets: Sheets) {
  const pageCount = Math.max(1, Math.ceil(log.depth / METRES_PER_PAGE));
  for (let number = 0; number < pageCount; number++) {
    const c = sheets.page();
    const from = number * METRES_PER_PAGE;
    const to = Math.min(log.depth, from + METRES_PER_PAGE);
    const y = (depth: number) => BODY_TOP + (depth - from) * METRE;
    const last = to >= log.depth;

    // The title block: the firm, the sheet's name, the hole's number in its own box.
    text(c, 'Laboratoire Géo-Sol inc.', MARGIN, 48, 'bold 11px');
    text(c, 'Sols, matériaux et environnement', MARGIN, 60, '7.5px');
    centred(c, 'FICHE DE SONDAGE', [MARGIN, 612 - MARGIN], 56, 'bold 15px');
    c.strokeRect(612 - MARGIN - 110, 32, 110, 36);
    text(c, 'SONDAGE N°', 612 - MARGIN - 104, 42, '6.5px');
    text(c, log.id, 612 - MARGIN - 104, 60, 'bold 13px');
    text(c, `Feuillet ${number + 1} / ${pageCount}`, 612 - MARGIN - 104, 78, '7px');

    // The header grid: three cells a row, the label above its value.
    const cellWidth = (612 - 2 * MARGIN) / 3;
    headerCells(log).forEach(([label, value], i) => {
      const [x, top] = [MARGIN + (i % 3) * cellWidth, 86 + Math.floor(i / 3) * 32];
      c.strokeRect(x, top, cellWidth, 32);
      text(c, label, x + 4, top + 10, '6.5px');
      text(c, value, x + 4, top + 25, '9px');
    });

    // The headings, one or two lines, centred in their boxes.
    for (const [column, lines] of HEADINGS) {
      c.strokeRect(X[column][0], BODY_TOP - 28, X[column][1] - X[column][0], 28);
      lines.forEach((line, i) =>
        centred(c, line, X[column], BODY_TOP - (lines.length === 2 ? 16 : 11) + i * 10, 'bold 7.5px'),
      );
    }
    c.strokeRect(MARGIN, BODY_TOP, 612 - 2 * MARGIN, y(to) - BODY_TOP);

    // The scale: a tick every half metre, a number every metre.
    for (let half = Math.ceil(from * 2); half <= to * 2 + 1e-9; half++) {
      const at = y(half / 2);
      c.beginPath();
      c.moveTo(X.scale[1] - (half % 2 ? 3 : 6), at);
      c.lineTo(X.scale[1], at);
      c.stroke();
      if (half % 2 === 0) text(c, String(half / 2), X.scale[0] + 3, at + 3, '7.5px');
    }

    // Layers: the boundary across the boundary, description and symbol columns, the elevation
    // above it and the depth under it; the description from the layer's top (under the one before
    // when that one ran past its layer); the symbol's pattern.
    let written = -Infinity;
    for (const layer of log.layers) {
      if (layer.base <= from || layer.top >= to) continue;
      const [top, base] = [Math.max(layer.top, from), Math.min(layer.base, to)];
      if (layer.base <= to) {
        c.beginPath();
        c.moveTo(X.boundary[0], y(base));
        c.lineTo(X.symbol[1], y(base));
        c.stroke();
        if (log.groundLevel !== null)
          text(c, decimals(log.groundLevel - layer.base, 2), X.boundary[0] + 4, y(base) - 2.5, '7px');
        text(c, decimals(layer.base, 2), X.boundary[0] + 4, y(base) + 8, '7px');
      }
      const pattern = PATTERN[layerSoil({ description: layer.description, legend: '' })] ?? PATTERN.fill!;
      c.font = '7px "Lab Sans"';
      for (let at = y(top) + 8; at < y(base) - 1; at += 7) c.fillText(pattern, X.symbol[0] + 3, at);
      if (layer.top >= from) {
        c.font = '8.5px "Lab Sans"';
        const start = Math.max(y(top) + 10, written + 12);
        const lines = wrapped(c, layer.description, X.description[1] - X.description[0] - 10);
        lines.forEach((line, i) => c.fillText(line, X.description[0] + 5, start + i * 10));
        written = start + (lines.length - 1) * 10;
      }
    }

    // Samples from their top to their base, their number and recovery on the row of their top; the
    // blows of each increment and N on that row too.
    for (const [i, sample] of log.samples.entries()) {
      if (sample.top < from || sample.top >= to) continue;
      const [top, base] = [y(sample.top), y(Math.min(sample.base ?? sample.top + 0.6, to))];
      c.strokeRect(X.sample[0] + 4, top, 8, base - top);
      text(c, `${sample.type}-${sample.ref}`, X.sample[0] + 15, top + 7, '7.5px');
      text(c, String(45 + ((i * 37) % 50)), X.recovery[0] + 9, top + 7, '7.5px');
    }
    for (const test of log.spt) {
      if (test.n === null || test.top < from || test.top >= to) continue;
      const at = y(test.top) + 7;
      centred(c, increments(test.n).join('-'), X.blows, at, '7.5px');
      centred(c, String(test.n), X.n, at, 'bold 7.5px');
    }
    // The steady level: a triangle pointing down on its line, the depth beside it.
    for (const depth of log.standingLevels) {
      if (depth < from || depth >= to) continue;
      const at = y(depth);
      c.beginPath();
      c.moveTo(X.water[0] + 6, at - 6);
      c.lineTo(X.water[0] + 14, at - 6);
      c.lineTo(X.water[0] + 10, at);
      c.closePath();
      c.fill();
      text(c, decimals(depth, 2), X.water[0] + 17, at - 0.5, '7px');
    }

    if (last) {
      // The hole's end: a shaded band across the columns.
      const at = y(log.depth);
      c.fillStyle = '#ddd';
      c.fillRect(X.boundary[1], at + 2, X.symbol[1] - X.boundary[1], 13);
      c.fillStyle = '#111';
      text(c, `Fin du sondage à ${decimals(log.depth, 2)} m`, X.description[0] + 5, at + 11.5, 'bold 8px');
      const remarks = [
        ...log.waterStrikes.map((depth) => `Venue d’eau à ${decimals(depth, 2)} m en cours de forage.`),
        'Trou remblayé avec les déblais de forage.',
      ];
      c.strokeRect(MARGIN, 712, 612 - 2 * MARGIN, 48);
      text(c, 'REMARQUES', MARGIN + 4, 722, '6.5px');
      remarks.forEach((line, i) => text(c, line, MARGIN + 4, 734 + i * 10, '8px'));
    }
    text(c, 'Rédigé par : M.-È. Gagnon, tech.    Vérifié par : J. Tremblay, ing.', MARGIN, 776, '7px');
  }
}
