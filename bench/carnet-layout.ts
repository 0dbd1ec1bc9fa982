// The held-out log layout until 28 Nov 2026, after « journal » (bench/test-layout.ts): drawn by
// this script alone, apart from the reader and the layouts it was built and tuned on, and measured
// without tuning until its figures had been looked at. It is looked at since; « dossier »
// (bench/dossier-layout.ts) is held out in its place.
//
// « carnet »: a Québec engineering firm's « RELEVÉ DE SONDAGE », portrait legal paper at 1:40 in a
// serif type (DejaVu Serif), decimal commas. The header is a boxed grid of « Libellé : valeur »
// cells, each on one line (the date written out in French, MTM coordinates as « E … / N … » after
// their zone, or latitude and longitude in degrees, minutes and seconds with hemispheres, the
// geodetic elevation, the steady water level with the day it was read). The columns run from the
// description on the left (the soil's name in bold, each boundary a line across that column alone
// with its depth at the line's right end) to a symbol drawn as hatching, the depth scale, the
// elevation at each boundary, then the samples (Type / No, Récup. %), the SPT (four 150 mm
// increments, Indice N) and w (%) and RQD (%). A description too long for its page goes on at the
// top of the next; the header is repeated on each page; the hole's end is written as « Arrêt du
// forage », with numbered remarks (water met while drilling among them) in a box under it.
import { GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../api/digitise/raster.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { classifySoil, type SoilClass } from '../src/domain/soil.ts';
import { decimals, frenchDate, pdfPages, rasterPages, type Sheets, typeset } from './layout-pages.ts';

const font = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(font('DejaVuSerif.ttf'), 'Carnet Serif');
GlobalFonts.registerFromPath(font('DejaVuSerif-Bold.ttf'), 'Carnet Serif');
const FAMILY = 'Carnet Serif';

/** A portrait legal page (8½ × 14 in), in points. */
const PAPER = { width: 612, height: 1008 };
const MARGIN = 36;
const RIGHT = PAPER.width - MARGIN;
/** 1:40: 70.9 points a metre. */
const METRE = 72 / 2.54 / 0.4;
const BODY_TOP = 252;
const METRES_PER_PAGE = Math.floor((890 - BODY_TOP) / METRE);
const BODY_BOTTOM = BODY_TOP + METRES_PER_PAGE * METRE;
/** The description's type and the distance between its lines. */
const BODY_SIZE = 8.5;
const LEADING = 10.5;

/** The ISO day `days` after `iso`. */
const later = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** 45.690869 → « 45°41'27,13" », to the hundredth of a second. */
const dms = (degrees: number) => {
  const hundredths = Math.round(Math.abs(degrees) * 360_000);
  const [d, m, s] = [Math.floor(hundredths / 360_000), Math.floor((hundredths % 360_000) / 6000), hundredths % 6000];
  return `${d}°${String(m).padStart(2, '0')}'${decimals(s / 100, 2).padStart(5, '0')}"`;
};
const metres = (value: number) => `${decimals(value, 2)} m`;
const METHODS: Record<string, string> = {
  hollow_stem_auger: 'Tarière évidée de 200 mm',
  rotary: 'Forage rotatif, tubage NW',
  coring: 'Carottage au calibre HQ',
  sonic: 'Forage sonique',
};

/** The header grid, row by row: each cell « Libellé : valeur », its share of the row's width. */
function headerRows(log: BoreholeLog, page: number, pageCount: number): [string, number][][] {
  const zone = log.original && Number(log.original.crs.replace('EPSG:', '')) - 32180;
  const position = log.original
    ? `Coordonnées MTM (NAD83) zone ${zone} : E ${decimals(log.original.x, 1)} / N ${decimals(log.original.y, 1)}`
    : `Coordonnées géographiques (NAD83) : ${dms(log.lat!)} ${log.lat! < 0 ? 'S' : 'N'}, ${dms(log.lon!)} ${log.lon! < 0 ? 'O' : 'E'}`;
  const water = log.standingLevels.length
    ? log.standingLevels.map((depth) => `${metres(depth)} (${later(log.date!, 7)})`).join(' ; ')
    : 'non mesuré';
  return [
    [
      [`Sondage no : ${log.id}`, 0.36],
      ['Dossier no : LGC-4417-G', 0.38],
      [`Feuille ${page} de ${pageCount}`, 0.26],
    ],
    [
      [`Projet : ${log.project}`, 0.62],
      [`Endroit : ${log.site} (Québec)`, 0.38],
    ],
    [
      [`Date de forage : ${frenchDate(log.date!)}`, 0.5],
      [`Méthode : ${log.method ? METHODS[log.method]! : 'non précisée'}`, 0.5],
    ],
    [[position, 1]],
    [
      [`Élévation (géodésique) : ${log.groundLevel === null ? 'non levée' : metres(log.groundLevel)}`, 0.5],
      [`Profondeur du sondage : ${metres(log.depth)}`, 0.5],
    ],
    [
      [`Niveau d'eau stabilisé : ${water}`, 0.5],
      ['Foreuse : CME-75 sur chenilles', 0.5],
    ],
  ];
}

const X = {
  description: [MARGIN, MARGIN + 232],
  symbol: [MARGIN + 232, MARGIN + 258],
  depth: [MARGIN + 258, MARGIN + 286],
  elevation: [MARGIN + 286, MARGIN + 324],
  sample: [MARGIN + 324, MARGIN + 366],
  recovery: [MARGIN + 366, MARGIN + 396],
  blows: [MARGIN + 396, MARGIN + 450],
  n: [MARGIN + 450, MARGIN + 478],
  moisture: [MARGIN + 478, MARGIN + 506],
  rqd: [MARGIN + 506, RIGHT],
} as const;
type Column = keyof typeof X;
const HEADINGS: [Column, string[]][] = [
  ['description', ['DESCRIPTION DES SOLS', 'ET DU ROC']],
  ['symbol', ['Sym-', 'bole']],
  ['depth', ['Prof.', '(m)']],
  ['elevation', ['Élév.', '(m)']],
  ['sample', ['Type / No']],
  ['recovery', ['Récup.', '(%)']],
  ['blows', ['Coups/', '150 mm']],
  ['n', ['Indice', 'N']],
  ['moisture', ['w', '(%)']],
  ['rqd', ['RQD', '(%)']],
];
/** The headings over groups of columns. */
const GROUPS: [Column, Column, string][] = [
  ['sample', 'recovery', 'ÉCHANTILLONS'],
  ['blows', 'n', 'ESSAI SPT'],
  ['moisture', 'rqd', 'ESSAIS'],
];
const HEADING_TOP = BODY_TOP - 46;
const GROUP_LINE = BODY_TOP - 32;

const { text, centred } = typeset(FAMILY);
const right = (c: SKRSContext2D, value: string, x: number, y: number, style: string) => {
  c.font = `${style} "${FAMILY}"`;
  c.fillText(value, x - c.measureText(value).width, y);
};
const line = (c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number) => {
  c.beginPath();
  c.moveTo(x0, y0);
  c.lineTo(x1, y1);
  c.stroke();
};

/** A piece of a description's line, in bold or not. */
interface Run {
  text: string;
  bold: boolean;
}
/**
 * A description in lines no wider than `width`: the soil's name (up to the first comma) in bold,
 * the rest in the regular weight.
 */
function descriptionLines(c: SKRSContext2D, description: string, width: number): Run[][] {
  const words = description.split(' ');
  const named = words.findIndex((word) => word.endsWith(','));
  const measure = (value: string, bold: boolean) => {
    c.font = `${bold ? 'bold ' : ''}${BODY_SIZE}px "${FAMILY}"`;
    return c.measureText(value).width;
  };
  const space = measure(' ', false);
  const lines: Run[][] = [];
  let current: Run[] = [];
  let used = 0;
  words.forEach((word, i) => {
    const bold = i <= named;
    const size = measure(word, bold);
    if (current.length && used + space + size > width) {
      lines.push(current);
      current = [];
      used = 0;
    }
    const previous = current[current.length - 1];
    if (previous && previous.bold === bold) previous.text += ` ${word}`;
    else current.push({ text: previous ? ` ${word}` : word, bold });
    used += (used ? space : 0) + size;
  });
  if (current.length) lines.push(current);
  return lines;
}
/** A description's line at (x, y), on white so that a boundary it runs over does not cross it. */
function writeLine(c: SKRSContext2D, runs: Run[], x: number, y: number) {
  let at = x;
  const widths = runs.map((run) => {
    c.font = `${run.bold ? 'bold ' : ''}${BODY_SIZE}px "${FAMILY}"`;
    return c.measureText(run.text).width;
  });
  c.fillStyle = '#fff';
  c.fillRect(
    X.description[0] + 0.5,
    y - 7.5,
    x - X.description[0] + widths.reduce((sum, width) => sum + width, 0) + 1,
    10,
  );
  c.fillStyle = '#111';
  runs.forEach((run, i) => {
    c.font = `${run.bold ? 'bold ' : ''}${BODY_SIZE}px "${FAMILY}"`;
    c.fillText(run.text, at, y);
    at += widths[i]!;
  });
}

/** The symbol of a soil class drawn as hatching in a box (lines, dots and rings, no letters). */
function hatch(c: SKRSContext2D, soil: SoilClass, left: number, top: number, width: number, height: number) {
  if (height <= 0) return;
  c.save();
  c.beginPath();
  c.rect(left, top, width, height);
  c.clip();
  c.lineWidth = 0.4;
  const [bottom, end] = [top + height, left + width];
  const ring = (x: number, y: number, r: number, filled: boolean) => {
    c.beginPath();
    c.arc(x, y, r, 0, 2 * Math.PI);
    if (filled) c.fill();
    else c.stroke();
  };
  switch (soil) {
    case 'fill':
    case 'asphalt':
      for (let x = left - height; x < end; x += 5) {
        line(c, x, bottom, x + height, top);
        line(c, x, top, x + height, bottom);
      }
      break;
    case 'clay':
      for (let y = top + 2; y < bottom; y += 3) line(c, left, y, end, y);
      break;
    case 'silt':
      c.setLineDash([3, 2]);
      for (let y = top + 2; y < bottom; y += 4) line(c, left, y, end, y);
      c.setLineDash([]);
      break;
    case 'sand':
      for (let y = top + 2, row = 0; y < bottom; y += 3.5, row++)
        for (let x = left + 2 + (row % 2) * 2; x < end; x += 4) ring(x, y, 0.45, true);
      break;
    case 'gravel':
      for (let y = top + 3, row = 0; y < bottom; y += 6, row++)
        for (let x = left + 3 + (row % 2) * 3.5; x < end; x += 7) ring(x, y, 1.8, false);
      break;
    case 'till':
      for (let x = left - height; x < end; x += 8) line(c, x, bottom, x + height, top);
      for (let y = top + 4, row = 0; y < bottom; y += 6, row++)
        for (let x = left + 2 + (row % 2) * 4; x < end; x += 8) ring(x, y, 1.2, false);
      break;
    case 'bedrock':
    case 'fractured_bedrock':
      for (let y = top, row = 0; y < bottom; y += 5, row++) {
        line(c, left, y, end, y);
        for (let x = left + (row % 2) * 5; x < end; x += 10) line(c, x, y, x, y + 5);
      }
      if (soil === 'fractured_bedrock')
        for (let x = left - height; x < end; x += 12) line(c, x, bottom, x + height, top);
      break;
  }
  c.restore();
}

/** The class a description's first word (the soil's name) gives: « Argile silteuse » is a clay. */
const soilOf = (description: string) => classifySoil(description.split(/[ ,]/)[0]);

/** Blows for each of the four 150 mm increments of a test whose N (the 2nd and 3rd) is `n`. */
const increments = (n: number) => {
  const second = Math.floor(n / 2);
  const third = n - second;
  return [Math.max(1, second - 1 - (n % 3)), second, third, third + 1 + (n % 4)];
};

/** « carnet »: see the file's head. */
function carnetLog(log: BoreholeLog, sheets: Sheets) {
  const pageCount = Math.max(1, Math.ceil(log.depth / METRES_PER_PAGE - 1e-9));
  // Lines of a description that did not fit on its page, for the top of the next.
  let carried: Run[][] = [];
  for (let number = 0; number < pageCount; number++) {
    const c = sheets.page();
    c.lineWidth = 0.5;
    const from = number * METRES_PER_PAGE;
    const last = number === pageCount - 1;
    const to = last ? log.depth : from + METRES_PER_PAGE;
    const y = (depth: number) => BODY_TOP + (depth - from) * METRE;

    // The title block: the firm on the left, the sheet's name on the right.
    text(c, 'Laurentides Géo-Conseil inc.', MARGIN, 50, 'bold 12px');
    text(c, 'Géotechnique · Matériaux · Environnement', MARGIN, 62, '7.5px');
    right(c, 'RELEVÉ DE SONDAGE', RIGHT, 52, 'bold 15px');
    right(c, 'Échelle 1:40', RIGHT, 64, '7.5px');
    c.lineWidth = 1.2;
    line(c, MARGIN, 72, RIGHT, 72);
    c.lineWidth = 0.5;

    // The header grid, one line in each box.
    headerRows(log, number + 1, pageCount).forEach((row, r) => {
      const top = 80 + r * 19;
      let left = MARGIN;
      for (const [cell, share] of row) {
        const width = (RIGHT - MARGIN) * share;
        c.strokeRect(left, top, width, 19);
        const [label, ...value] = cell.split(' : ');
        text(c, value.length ? `${label} :` : label!, left + 4, top + 13, '7.5px');
        if (value.length) {
          const after = left + 4 + c.measureText(`${label} : `).width;
          text(c, value.join(' : '), after, top + 13, r === 0 && left === MARGIN ? 'bold 9px' : '8.5px');
        }
        left += width;
      }
    });

    // The headings: groups over their columns, then each column's name, centred in its box.
    for (const [first, end, name] of GROUPS) {
      centred(c, name, [X[first][0], X[end][1]], GROUP_LINE - 4, 'bold 6.5px');
      line(c, X[first][0], GROUP_LINE, X[end][1], GROUP_LINE);
    }
    for (const [column, lines] of HEADINGS) {
      const grouped = GROUPS.some(([first, end]) => X[first][0] <= X[column][0] && X[column][1] <= X[end][1]);
      const top = grouped ? GROUP_LINE : HEADING_TOP;
      const middle = (top + BODY_TOP) / 2;
      lines.forEach((heading, i) =>
        centred(
          c,
          heading,
          X[column],
          middle + 2.5 + (i - (lines.length - 1) / 2) * 9,
          column === 'description' ? 'bold 8px' : 'bold 7px',
        ),
      );
    }
    c.strokeRect(MARGIN, HEADING_TOP, RIGHT - MARGIN, BODY_TOP - HEADING_TOP);

    // Descriptions first, to know where the last page's frame must end: each from its layer's
    // top (under the one before when that one ran past its layer), lines past the page's foot
    // kept for the next page.
    const bottom = last ? Infinity : BODY_BOTTOM - 4;
    let written = -Infinity;
    const writeLines = (lines: Run[][], start: number) => {
      for (const [i, runs] of lines.entries()) {
        const at = start + i * LEADING;
        if (at > bottom) return lines.slice(i);
        writeLine(c, runs, X.description[0] + 5, at);
        written = at;
      }
      return [];
    };
    const boundaries: number[] = [];
    for (const layer of log.layers) if (layer.base > from && layer.base <= to + 1e-9) boundaries.push(layer.base);
    // The boundaries across the description column, drawn under the text.
    for (const base of boundaries) line(c, X.description[0], y(base), X.description[1], y(base));
    const overflow = carried;
    carried = [];
    if (overflow.length) carried = writeLines(overflow, BODY_TOP + 11);
    const textWidth = X.description[1] - X.description[0] - 46;
    for (const layer of log.layers) {
      if (layer.top < from || layer.top >= to) continue;
      const lines = descriptionLines(c, layer.description, textWidth);
      carried.push(...writeLines(lines, Math.max(y(layer.top) + 12, written + LEADING + 2)));
    }
    const endLine = `Arrêt du forage : ${metres(log.depth)}`;
    const endAt = last ? Math.max(y(log.depth) + 13, written + LEADING + 4) : 0;
    const frameBottom = last ? endAt + 7 : y(to);

    // The frame and the columns' rules.
    c.strokeRect(MARGIN, BODY_TOP, RIGHT - MARGIN, frameBottom - BODY_TOP);
    for (const [column] of HEADINGS) {
      if (column === 'description') continue;
      const grouped = GROUPS.some(([first, end]) => X[first][0] < X[column][0] && X[column][0] < X[end][1]);
      line(c, X[column][0], grouped ? GROUP_LINE : HEADING_TOP, X[column][0], frameBottom);
    }

    // Each boundary's depth at the right end of its line.
    for (const base of boundaries) right(c, decimals(base, 2), X.description[1] - 3, y(base) - 2.5, '7.5px');

    // The symbol: each layer's hatching, boxed.
    for (const layer of log.layers) {
      if (layer.base <= from || layer.top >= to) continue;
      const [top, base] = [y(Math.max(layer.top, from)), y(Math.min(layer.base, to))];
      hatch(c, soilOf(layer.description), X.symbol[0], top, X.symbol[1] - X.symbol[0], base - top);
      line(c, X.symbol[0], base, X.symbol[1], base);
    }

    // The depth scale: a tick every 0,2 m, longer each metre, the metre's number beside it.
    for (let fifth = Math.round(from * 5); fifth <= to * 5 + 1e-9; fifth++) {
      const at = y(fifth / 5);
      const whole = fifth % 5 === 0;
      line(c, X.depth[1] - (whole ? 6 : 3), at, X.depth[1], at);
      // The numbers at the frame's top and foot are set inside it.
      const shift = at - BODY_TOP < 5 ? 9 : y(to) - at < 5 && !last ? -2 : 3;
      if (whole) right(c, decimals(fifth / 5, 1), X.depth[1] - 8, at + shift, '7.5px');
    }

    // The elevation at the ground (under the frame's top) and at each boundary (above its tick).
    if (log.groundLevel !== null) {
      if (from === 0) right(c, decimals(log.groundLevel, 2), X.elevation[1] - 3, y(0) + 9, '7.5px');
      for (const base of boundaries) {
        line(c, X.elevation[0], y(base), X.elevation[0] + 4, y(base));
        right(c, decimals(log.groundLevel - base, 2), X.elevation[1] - 3, y(base) - 2.5, '7.5px');
      }
    }

    // Samples: a bar from top to base, the type and number, the recovery and water content on the
    // row of the top; the four increments and N of the test at the same depth.
    for (const [i, sample] of log.samples.entries()) {
      if (sample.top < from || sample.top >= to) continue;
      const [top, base] = [y(sample.top), y(Math.min(sample.base ?? sample.top + 0.6, to))];
      c.strokeRect(X.sample[0] + 3, top, 5, base - top);
      text(c, `${sample.type}-${sample.ref}`, X.sample[0] + 11, top + 8, '7.5px');
      centred(c, String(35 + ((i * 29) % 63)), X.recovery, top + 8, '7.5px');
      const soil = log.layers.find((layer) => layer.top <= sample.top && sample.top < layer.base);
      const kind = soil && soilOf(soil.description);
      if (kind !== 'bedrock' && kind !== 'fractured_bedrock') {
        const water = kind === 'clay' || kind === 'silt' ? 28 + ((i * 17) % 41) : 6 + ((i * 13) % 19);
        centred(c, String(water), X.moisture, top + 8, '7.5px');
      }
    }
    for (const test of log.spt) {
      if (test.n === null || test.top < from || test.top >= to) continue;
      const at = y(test.top) + 8;
      centred(c, increments(test.n).join('-'), X.blows, at, '7.5px');
      centred(c, String(test.n), X.n, at, 'bold 7.5px');
    }
    for (const core of log.cores) {
      if (core.rqd === null || core.top < from || core.top >= to) continue;
      centred(c, String(core.rqd), X.rqd, y(core.top) + 8, '7.5px');
    }

    if (last) {
      // The hole's end under the last description, then the remarks in their box.
      text(c, endLine, X.description[0] + 5, endAt, 'bold 8px');
      const remarks = [
        ...log.waterStrikes.map((depth) => `Infiltration d'eau à ${metres(depth)} en cours de forage.`),
        ...(log.standingLevels.length ? [`Niveau d'eau mesuré dans le tubage le ${later(log.date!, 7)}.`] : []),
        'Sondage remblayé avec les déblais et scellé à la bentonite en surface.',
      ];
      const top = Math.min(frameBottom + 10, PAPER.height - 66 - remarks.length * 10);
      c.strokeRect(MARGIN, top, RIGHT - MARGIN, 18 + remarks.length * 10);
      text(c, 'REMARQUES', MARGIN + 4, top + 10, 'bold 7px');
      remarks.forEach((remark, i) => text(c, `${i + 1}. ${remark}`, MARGIN + 10, top + 21 + i * 10, '8px'));
    }

    // The foot: the abbreviations, then who drew and checked the log.
    text(
      c,
      'CF : cuillère fendue   TM : tube à paroi mince   CR : carottier   Récup. : récupération   w : teneur en eau   RQD : indice de qualité du roc',
      MARGIN,
      PAPER.height - 40,
      '6.5px',
    );
    line(c, MARGIN, PAPER.height - 34, RIGHT, PAPER.height - 34);
    text(c, 'Préparé par : S. Bélanger, tech.', MARGIN, PAPER.height - 24, '7px');
    text(c, 'Vérifié par : A. Lévesque, ing.', MARGIN + 200, PAPER.height - 24, '7px');
    right(c, `Sondage ${log.id} — feuille ${number + 1}/${pageCount}`, RIGHT, PAPER.height - 24, '7px');
  }
}

/** A log in the « carnet » layout, each page an image at `dpi`. */
export const carnetLayoutPages = (log: BoreholeLog, dpi: number): Promise<PageImage[]> =>
  rasterPages(carnetLog, log, PAPER, dpi);

/** A log in the « carnet » layout as a PDF with its text. */
export const carnetLayoutPdf = (log: BoreholeLog): Buffer => pdfPages(carnetLog, log, PAPER);
