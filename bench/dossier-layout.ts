// Drawn by this script alone, apart from the reader: the held-out log layout from the morning of
// 28 Nov 2026, after « carnet » (bench/carnet-layout.ts) was looked at, to that afternoon, when its
// figures had been read and « relevé » (bench/releve-layout.ts) took its place. Tuned on since.
//
// « dossier »: a Québec consulting firm's « REGISTRE DE SONDAGE », portrait A4 at 1:80 in a wide
// sans-serif type (DejaVu Sans), decimal commas. At the top of each page, two tables of site data,
// each row a label in a grey cell and its value in a white one (the date with the month cut short,
// northing and easting on rows of their own under their system, or latitude and longitude in
// decimal degrees with their hemispheres, the ground's elevation). The sheet's name and the hole's
// number are in a title block at the foot of the page, as on an engineering drawing, with a notes
// box over it (where the water table is written with the day it was read). Columns: a depth scale
// numbered each half metre, a symbol drawn as shapes, each layer's top and base (« De » / « À ») on
// the first line of its description, the description (the soil's name in capitals), the samples
// (type and number apart), the water (an open triangle at the level, its day beside it), then the
// tests and remarks (« N = » at each test's depth, water met while drilling at its depth). A
// description too long for its page goes on at the top of the next; the header and the title
// block are repeated on each page.
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../api/digitise/raster.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { classifySoil, type SoilClass } from '../src/domain/soil.ts';
import { decimals, pdfPages, rasterPages, typeset, type Sheets } from './layout-pages.ts';
import { wrapped } from './other-layouts.ts';

const font = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(font('DejaVuSans.ttf'), 'Dossier Sans');
GlobalFonts.registerFromPath(font('DejaVuSans-Bold.ttf'), 'Dossier Sans');
const FAMILY = 'Dossier Sans';

/** A portrait A4 page (210 × 297 mm), in points. */
const PAPER = { width: 595, height: 842 };
const MARGIN = 28;
const RIGHT = PAPER.width - MARGIN;
/** 1:80: 35.4 points a metre. */
const METRE = 72 / 2.54 / 0.8;
const METRES_PER_PAGE = 15;
/** The site tables, the columns' headings, the body drawn to scale. */
const TABLE_TOP = 28;
const TABLE_ROW = 14;
const HEAD_TOP = 108;
const GROUP_LINE = 126;
const BODY_TOP = 146;
const BODY_BOTTOM = BODY_TOP + METRES_PER_PAGE * METRE;
/** The notes box and the title block, at the foot of every page. */
const NOTES_TOP = 704;
const TITLE_TOP = 752;
const TITLE_BOTTOM = PAPER.height - MARGIN;
/** The lowest baseline of a description on the page where the hole ends (or after it). */
const LAST_LIMIT = NOTES_TOP - 12;
/** The description's type and the distance between its lines. */
const BODY_SIZE = 7.6;
const LEADING = 9.6;

const MONTHS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juill.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];
/** « 2023-07-05 » → « 5 juil. 2023 ». */
const shortDate = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} ${MONTHS[month! - 1]} ${year}`;
};
/** The ISO day `days` after `iso`. */
const later = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const metres = (value: number) => `${decimals(value, 2)} m`;
const METHODS: Record<string, string> = {
  hollow_stem_auger: 'Tarière à tiges creuses',
  rotary: 'Rotatif au tricône, tubage NW',
  coring: 'Carottier double HQ',
  sonic: 'Vibrosonique',
};

/** The two site tables, row by row: a label and its value. */
function siteTables(log: BoreholeLog): [[string, string][], [string, string][]] {
  const zone = log.original && Number(log.original.crs.replace('EPSG:', '')) - 32180;
  const position: [string, string][] = log.original
    ? [
        ['Système de référence', `NAD 83, MTM fuseau ${zone}`],
        ['Nord (Y)', `${decimals(log.original.y, 1)} m`],
        ['Est (X)', `${decimals(log.original.x, 1)} m`],
      ]
    : [
        ['Système de référence', 'NAD 83, géographique'],
        ['Latitude', `${decimals(Math.abs(log.lat!), 5)}° ${log.lat! < 0 ? 'S' : 'N'}`],
        ['Longitude', `${decimals(Math.abs(log.lon!), 5)}° ${log.lon! < 0 ? 'O' : 'E'}`],
      ];
  return [
    [
      ['Projet', log.project],
      ['Lieu', `${log.site} (Québec)`],
      ['Date du forage', shortDate(log.date!)],
      ['Méthode', log.method ? METHODS[log.method]! : 'non précisée'],
      ['Foreur', 'Forages Appalaches inc.'],
    ],
    [
      ...position,
      ['Élévation du terrain', log.groundLevel === null ? 'non levée' : metres(log.groundLevel)],
      ['Profondeur atteinte', metres(log.depth)],
    ],
  ];
}

const X = {
  scale: [MARGIN, MARGIN + 30],
  symbol: [MARGIN + 30, MARGIN + 54],
  top: [MARGIN + 54, MARGIN + 84],
  base: [MARGIN + 84, MARGIN + 114],
  description: [MARGIN + 114, MARGIN + 316],
  type: [MARGIN + 316, MARGIN + 338],
  number: [MARGIN + 338, MARGIN + 358],
  water: [MARGIN + 358, MARGIN + 424],
  remarks: [MARGIN + 424, RIGHT],
} as const;
type Column = keyof typeof X;
/** Each column's heading: its lines, set upright or turned a quarter (the narrow ones). */
const HEADINGS: [Column, string[], 'upright' | 'turned'][] = [
  ['scale', ['Prof. (m)'], 'turned'],
  ['symbol', ['Symbole'], 'turned'],
  ['top', ['De'], 'upright'],
  ['base', ['À'], 'upright'],
  ['description', ['DESCRIPTION DES MATÉRIAUX'], 'upright'],
  ['type', ['Type'], 'upright'],
  ['number', ['N°'], 'upright'],
  ['water', ['Eau', 'souterraine'], 'upright'],
  ['remarks', ['Essais in situ', 'et remarques'], 'upright'],
];
/** The headings over pairs of columns. */
const GROUPS: [Column, Column, string][] = [
  ['top', 'base', 'COUCHE (m)'],
  ['type', 'number', 'ÉCHANT.'],
];
const grouped = (column: Column) =>
  GROUPS.some(([first, end]) => X[first][0] <= X[column][0] && X[column][1] <= X[end][1]);

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
/** Text on a white ground, so that a line it runs over does not cross it. */
const onWhite = (c: SKRSContext2D, value: string, x: number, y: number, style: string) => {
  c.font = `${style} "${FAMILY}"`;
  c.fillStyle = '#fff';
  c.fillRect(x - 1, y - 7, c.measureText(value).width + 2, 9);
  c.fillStyle = '#111';
  c.fillText(value, x, y);
};

/** A description as the firm writes it: the soil's name (up to the first comma) in capitals. */
const styled = (description: string) => {
  const comma = description.indexOf(',');
  return comma === -1
    ? description.toUpperCase()
    : `${description.slice(0, comma).toUpperCase()}${description.slice(comma)}`;
};

/** The class of a layer by the soil's name, its first word (« Argile silteuse » is a clay). */
function soilOf(description: string): SoilClass {
  const soil = classifySoil(description.split(/[ ,]/)[0]);
  return soil === 'bedrock' && /fractur/i.test(description) ? 'fractured_bedrock' : soil;
}

/** A repeatable scatter in [0, 1) for the n-th mark of a pattern. */
const scatter = (n: number) => {
  const value = Math.sin(n * 127.1 + 311.7) * 43_758.5453;
  return value - Math.floor(value);
};

/** A soil's symbol drawn as shapes in a box: dots, dashes, rings, triangles, blocks. */
function symbol(c: SKRSContext2D, soil: SoilClass, left: number, top: number, width: number, height: number) {
  if (height <= 0.5) return;
  c.save();
  c.beginPath();
  c.rect(left, top, width, height);
  c.clip();
  c.lineWidth = 0.45;
  const [bottom, end] = [top + height, left + width];
  // Marks are placed on the page's grid, so that a layer cut by a page or a boundary goes on alike.
  const rows = (step: number, draw: (y: number, row: number) => void) => {
    for (let row = Math.floor(top / step); row * step < bottom + step; row++) draw(row * step, row);
  };
  switch (soil) {
    case 'asphalt':
      c.fillStyle = '#444';
      c.fillRect(left, top, width, height);
      break;
    case 'fill':
      // Debris: small squares and triangles, scattered.
      rows(6, (y, row) => {
        for (let k = 0; k < 3; k++) {
          const x = left + 2 + ((k + scatter(row * 3 + k)) * (width - 4)) / 3;
          const at = y + scatter(row * 7 + k) * 4;
          if ((row + k) % 2) c.strokeRect(x, at, 2.2, 2.2);
          else {
            c.beginPath();
            c.moveTo(x, at + 2.6);
            c.lineTo(x + 1.5, at);
            c.lineTo(x + 3, at + 2.6);
            c.closePath();
            c.stroke();
          }
        }
      });
      break;
    case 'clay':
      c.setLineDash([7, 2]);
      rows(3, (y, row) => {
        c.lineDashOffset = (row % 2) * 4;
        line(c, left, y, end, y);
      });
      c.setLineDash([]);
      break;
    case 'silt':
      // Short dashes with dots between.
      rows(4, (y, row) => {
        for (let x = left + (row % 2) * 3; x < end; x += 6) {
          line(c, x, y, x + 2.5, y);
          c.fillRect(x + 4, y - 0.35, 0.7, 0.7);
        }
      });
      break;
    case 'sand':
      rows(2.5, (y, row) => {
        for (let k = 0; k * 3 < width; k++) c.fillRect(left + k * 3 + scatter(row * 11 + k) * 2.4, y, 0.65, 0.65);
      });
      break;
    case 'gravel':
      rows(5.5, (y, row) => {
        for (let k = 0; k * 7 < width; k++) {
          const r = 1.1 + scatter(row * 5 + k) * 1.1;
          c.beginPath();
          c.ellipse(left + 3 + k * 7 + (row % 2) * 3, y + 2.5, r * 1.2, r, 0, 0, 2 * Math.PI);
          c.stroke();
        }
      });
      break;
    case 'till':
      // Stones (small triangles) in a fine matrix (dots).
      rows(6, (y, row) => {
        for (let k = 0; k * 8 < width; k++) {
          const x = left + 2 + k * 8 + (row % 2) * 4;
          c.beginPath();
          c.moveTo(x, y + 3);
          c.lineTo(x + 1.6, y);
          c.lineTo(x + 3.2, y + 3);
          c.closePath();
          c.stroke();
          c.fillRect(x + 5, y + 4.2, 0.7, 0.7);
        }
      });
      break;
    case 'bedrock':
    case 'fractured_bedrock':
      // Blocks: courses of slanted joints between bedding lines.
      rows(6, (y, row) => {
        line(c, left, y, end, y);
        for (let x = left + (row % 2) * 4; x < end; x += 8) line(c, x, y, x + 2, y + 6);
      });
      if (soil === 'fractured_bedrock') {
        c.setLineDash([2, 1.5]);
        for (let x = left - height; x < end; x += 9) line(c, x, bottom, x + height, top);
        c.setLineDash([]);
      }
      break;
  }
  c.restore();
}

/** The water table's mark: an open triangle whose point is at the level, two short lines under it. */
function waterMark(c: SKRSContext2D, x: number, at: number) {
  c.beginPath();
  c.moveTo(x, at - 6);
  c.lineTo(x + 8, at - 6);
  c.lineTo(x + 4, at);
  c.closePath();
  c.stroke();
  line(c, x + 0.5, at + 1.5, x + 7.5, at + 1.5);
  line(c, x + 2, at + 3.2, x + 6, at + 3.2);
}

/** A line of a description on a page: its text, and on its first line the layer's top and base. */
interface Placed {
  page: number;
  y: number;
  text: string;
  limits?: [number, number];
}

// A canvas of its own to measure the descriptions before any page is drawn.
const measure = createCanvas(8, 8).getContext('2d');

/**
 * Where each description's lines go: from its layer's top (under the one before when that one
 * ran past its layer), the lines past a page's foot at the top of the next; then the hole's end.
 * The pages are those the depth needs, and more when the words run past the last one.
 */
function flow(log: BoreholeLog) {
  const depthPages = Math.max(1, Math.ceil(log.depth / METRES_PER_PAGE - 1e-9));
  const y = (page: number, depth: number) => BODY_TOP + (depth - page * METRES_PER_PAGE) * METRE;
  const limit = (page: number) => (page < depthPages - 1 ? BODY_BOTTOM - 4 : LAST_LIMIT);
  measure.font = `${BODY_SIZE}px "${FAMILY}"`;
  const width = X.description[1] - X.description[0] - 10;
  const placed: Placed[] = [];
  let [page, cursor] = [0, -Infinity];
  for (const layer of log.layers) {
    const own = Math.min(Math.floor(layer.top / METRES_PER_PAGE + 1e-9), depthPages - 1);
    if (own > page) [page, cursor] = [own, -Infinity];
    let at = own === page ? Math.max(y(page, layer.top) + 10, cursor + LEADING + 2) : cursor + LEADING + 2;
    wrapped(measure, styled(layer.description), width).forEach((text, i) => {
      if (at > limit(page)) [page, at] = [page + 1, BODY_TOP + 11];
      placed.push({ page, y: at, text, ...(i === 0 ? { limits: [layer.top, layer.base] as [number, number] } : {}) });
      cursor = at;
      at += LEADING;
    });
  }
  const endPage = Math.max(0, depthPages - 1);
  if (endPage > page) [page, cursor] = [endPage, -Infinity];
  let end = Math.max(y(page, log.depth) + 12, cursor + LEADING + 3);
  if (page > endPage) end = cursor + LEADING + 3;
  if (end > limit(page)) [page, end] = [page + 1, BODY_TOP + 12];
  return { placed, end: { page, y: end }, pageCount: Math.max(depthPages, page + 1) };
}

/** « dossier »: see the file's head. */
function dossierLog(log: BoreholeLog, sheets: Sheets) {
  const { placed, end, pageCount } = flow(log);
  const [left, rightTable] = siteTables(log);
  const readOn = later(log.date!, 3);
  for (let number = 0; number < pageCount; number++) {
    const c = sheets.page();
    c.lineWidth = 0.5;
    const from = number * METRES_PER_PAGE;
    const to = Math.min(log.depth, from + METRES_PER_PAGE);
    const drawn = from < log.depth;
    const within = (depth: number) => drawn && depth >= from && depth < to;
    const y = (depth: number) => BODY_TOP + (depth - from) * METRE;
    const lines = placed.filter((each) => each.page === number);
    const last = number === pageCount - 1;
    const endsHere = end.page === number;
    const frameBottom = last
      ? Math.max(drawn ? y(to) : BODY_TOP, endsHere ? end.y + 5 : 0, ...lines.map((each) => each.y + 4))
      : Math.max(drawn ? y(to) : BODY_TOP, ...lines.map((each) => each.y + 4));

    // The site tables: a label in a grey cell, its value beside it.
    const tableWidth = (RIGHT - MARGIN - 10) / 2;
    [left, rightTable].forEach((rows, t) => {
      const x = MARGIN + t * (tableWidth + 10);
      const labelWidth = 92;
      rows.forEach(([label, value], r) => {
        const top = TABLE_TOP + r * TABLE_ROW;
        c.fillStyle = '#d6d6d6';
        c.fillRect(x, top, labelWidth, TABLE_ROW);
        c.fillStyle = '#111';
        c.strokeRect(x, top, labelWidth, TABLE_ROW);
        c.strokeRect(x + labelWidth, top, tableWidth - labelWidth, TABLE_ROW);
        text(c, label, x + 4, top + 9.8, 'bold 6.8px');
        text(c, value, x + labelWidth + 5, top + 10, '7.8px');
      });
    });

    // The headings, grey: groups over their pairs, then each column's name, upright or turned.
    c.fillStyle = '#ececec';
    c.fillRect(MARGIN, HEAD_TOP, RIGHT - MARGIN, BODY_TOP - HEAD_TOP);
    c.fillStyle = '#111';
    for (const [first, final, name] of GROUPS) {
      centred(c, name, [X[first][0], X[final][1]], GROUP_LINE - 6, 'bold 6.5px');
      line(c, X[first][0], GROUP_LINE, X[final][1], GROUP_LINE);
    }
    for (const [column, words, way] of HEADINGS) {
      const top = grouped(column) ? GROUP_LINE : HEAD_TOP;
      const middle = (top + BODY_TOP) / 2;
      const style = column === 'description' ? 'bold 7.5px' : 'bold 6.8px';
      if (way === 'turned') {
        c.save();
        c.translate((X[column][0] + X[column][1]) / 2 + 2.5, middle);
        c.rotate(-Math.PI / 2);
        centred(c, words[0]!, [-20, 20], 0, style);
        c.restore();
      } else
        words.forEach((word, i) => centred(c, word, X[column], middle + 2.5 + (i - (words.length - 1) / 2) * 9, style));
    }
    c.strokeRect(MARGIN, HEAD_TOP, RIGHT - MARGIN, BODY_TOP - HEAD_TOP);

    // The boundaries, across the symbol, the limits and the description, under the text.
    const boundaries = log.layers.map((layer) => layer.base).filter((base) => drawn && base > from && base <= to);
    for (const base of boundaries) line(c, X.symbol[0], y(base), X.description[1], y(base));

    // The frame and the columns' rules.
    c.strokeRect(MARGIN, BODY_TOP, RIGHT - MARGIN, frameBottom - BODY_TOP);
    for (const [column] of HEADINGS)
      if (column !== 'scale') line(c, X[column][0], grouped(column) ? GROUP_LINE : HEAD_TOP, X[column][0], frameBottom);

    // The depth scale: a tick each 0,1 m, longer each half metre with its number.
    if (drawn)
      for (let tenth = Math.round(from * 10); tenth <= to * 10 + 1e-9; tenth++) {
        const at = y(tenth / 10);
        const half = tenth % 5 === 0;
        line(c, X.scale[1] - (half ? 5 : 2.5), at, X.scale[1], at);
        if (!half) continue;
        // The numbers at the frame's top and foot are set inside it.
        const shift = at - BODY_TOP < 4 ? 8 : BODY_BOTTOM - at < 4 ? -2 : 2.5;
        right(c, decimals(tenth / 10, 1), X.scale[1] - 7, at + shift, '6.5px');
      }

    // The symbols, layer by layer.
    for (const layer of log.layers) {
      if (!drawn || layer.base <= from || layer.top >= to) continue;
      const [top, base] = [y(Math.max(layer.top, from)), y(Math.min(layer.base, to))];
      symbol(c, soilOf(layer.description), X.symbol[0], top, X.symbol[1] - X.symbol[0], base - top);
    }

    // The descriptions, each first line with its layer's top and base.
    for (const each of lines) {
      if (each.limits) {
        const [top, base] = each.limits.map((depth) => decimals(depth, 2));
        c.font = `7.2px "${FAMILY}"`;
        onWhite(c, top!, X.top[1] - 4 - c.measureText(top!).width, each.y, '7.2px');
        onWhite(c, base!, X.base[1] - 4 - c.measureText(base!).width, each.y, '7.2px');
      }
      onWhite(c, each.text, X.description[0] + 5, each.y, `${BODY_SIZE}px`);
    }

    // The hole's end: a heavy line across the scale, the symbol and the limits, and its depth.
    if (drawn && log.depth <= to + 1e-9 && log.depth > from) {
      c.lineWidth = 1.6;
      line(c, X.scale[0], y(log.depth), X.base[1], y(log.depth));
      c.lineWidth = 0.5;
    }
    if (endsHere)
      onWhite(c, `Fond du sondage à ${metres(log.depth)}`, X.description[0] + 5, end.y, `bold ${BODY_SIZE}px`);

    // Samples: a bar from top to base, the type, the number.
    for (const sample of log.samples) {
      if (!within(sample.top)) continue;
      const [top, base] = [y(sample.top), y(Math.min(sample.base ?? sample.top + 0.6, to))];
      c.strokeRect(X.type[0] + 2.5, top, 3, base - top);
      text(c, sample.type, X.type[0] + 8, top + 7, '6.8px');
      centred(c, sample.ref, X.number, top + 7, '6.8px');
    }

    // The water table: its mark at the level, the day it was read beside it.
    for (const depth of log.standingLevels) {
      if (!within(depth)) continue;
      waterMark(c, X.water[0] + 4, y(depth));
      text(c, shortDate(readOn), X.water[0] + 15, y(depth) - 0.5, '6.2px');
    }

    // Tests and remarks: N at each test's depth (the water content under it in the fine soils),
    // then water met while drilling, at its depth or under the tests it would run over.
    const taken: [number, number][] = [];
    const remarkWidth = X.remarks[1] - X.remarks[0] - 8;
    for (const [i, test] of log.spt.entries()) {
      if (test.n === null || !within(test.top)) continue;
      const at = y(test.top) + 7;
      const notes = [`N = ${test.n}`];
      const layer = log.layers.find((each) => each.top <= test.top && test.top < each.base);
      const soil = layer && soilOf(layer.description);
      if (soil === 'clay' || soil === 'silt') notes.push(`w = ${24 + ((i * 19) % 37)} %`);
      notes.forEach((note, k) => text(c, note, X.remarks[0] + 5, at + k * 8.5, '7.2px'));
      taken.push([at - 7, at + (notes.length - 1) * 8.5 + 2]);
    }
    for (const depth of log.waterStrikes) {
      if (!within(depth)) continue;
      c.font = `6.8px "${FAMILY}"`;
      const words = wrapped(c, `Eau rencontrée à ${metres(depth)} pendant le forage`, remarkWidth);
      const height = (words.length - 1) * 8 + 9;
      const clash = (at: number) => taken.find(([a, b]) => at - 7 < b && a < at - 7 + height);
      // At its depth; else just over the remark it would run into, when there is room; else under.
      let at = y(depth) + 7;
      const first = clash(at);
      if (first) {
        const over = first[0] - height + 4;
        if (over - 7 >= BODY_TOP + 1 && !clash(over)) at = over;
        else for (let next: [number, number] | undefined = first; next; next = clash(at)) at = next[1] + 9;
      }
      if (at - 7 + height > frameBottom) at = frameBottom - height + 5;
      words.forEach((word, k) => text(c, word, X.remarks[0] + 5, at + k * 8, '6.8px'));
      taken.push([at - 7, at - 7 + height]);
    }

    // The notes box.
    const water = log.standingLevels.length
      ? `Nappe phréatique : ${log.standingLevels.map((depth) => metres(depth)).join(' ; ')} sous la surface du terrain, mesurée le ${shortDate(readOn)}.`
      : 'Nappe phréatique : non observée.';
    const notes = [
      water,
      'CF : cuillère fendue ; TM : tube à paroi mince ; N : coups pour 300 mm de pénétration ; w : teneur en eau.',
      'Descriptions établies par examen visuel des échantillons ; trou remblayé avec les déblais de forage.',
    ];
    c.strokeRect(MARGIN, NOTES_TOP, RIGHT - MARGIN, TITLE_TOP - 6 - NOTES_TOP);
    text(c, 'NOTES', MARGIN + 4, NOTES_TOP + 9, 'bold 6.5px');
    notes.forEach((note, i) => text(c, note, MARGIN + 38, NOTES_TOP + 10 + i * 10, '6.8px'));

    // The title block: the firm, the sheet's name, the hole's number, the scale and the sheet.
    const [firm, title, hole, sheet] = [MARGIN + 172, MARGIN + 352, MARGIN + 452, RIGHT];
    const strip = TITLE_BOTTOM - 18;
    c.lineWidth = 1;
    c.strokeRect(MARGIN, TITLE_TOP, RIGHT - MARGIN, TITLE_BOTTOM - TITLE_TOP);
    c.lineWidth = 0.5;
    for (const x of [firm, title, hole]) line(c, x, TITLE_TOP, x, TITLE_BOTTOM);
    line(c, MARGIN, strip, RIGHT, strip);
    line(c, hole, TITLE_TOP + (strip - TITLE_TOP) / 2, sheet, TITLE_TOP + (strip - TITLE_TOP) / 2);
    text(c, 'Géophare experts-conseils inc.', MARGIN + 6, TITLE_TOP + 15, 'bold 9.5px');
    text(c, 'Géotechnique · Hydrogéologie', MARGIN + 6, TITLE_TOP + 26, '6.5px');
    text(c, 'Sherbrooke (Québec)', MARGIN + 6, TITLE_TOP + 35, '6.5px');
    centred(c, 'REGISTRE DE SONDAGE', [firm, title], TITLE_TOP + 19, 'bold 12px');
    centred(c, 'Dossier GX-2291-04', [firm, title], TITLE_TOP + 32, '7px');
    text(c, 'SONDAGE N°', title + 4, TITLE_TOP + 8, '5.5px');
    centred(c, log.id, [title, hole], TITLE_TOP + 27, 'bold 14px');
    text(c, 'ÉCHELLE', hole + 4, TITLE_TOP + 8, '5.5px');
    right(c, '1:80', sheet - 6, TITLE_TOP + 16, '8px');
    text(c, 'FEUILLE', hole + 4, TITLE_TOP + 29, '5.5px');
    right(c, `${number + 1} de ${pageCount}`, sheet - 6, TITLE_TOP + 37, '8px');
    text(c, 'Dessiné par : C. Poirier, tech.', MARGIN + 6, strip + 12, '6.8px');
    text(c, 'Vérifié par : É. Gauthier, ing.', firm + 6, strip + 12, '6.8px');
    text(c, 'Approuvé : D. Roy, ing.', title + 6, strip + 12, '6.8px');
    text(c, 'Révision 0', hole + 6, strip + 12, '6.8px');
  }
}

/** A log in the held-out « dossier » layout, each page an image at `dpi`. */
export const dossierLayoutPages = (log: BoreholeLog, dpi: number): Promise<PageImage[]> =>
  rasterPages(dossierLog, log, PAPER, dpi);

/** A log in the held-out « dossier » layout as a PDF with its text. */
export const dossierLayoutPdf = (log: BoreholeLog): Buffer => pdfPages(dossierLog, log, PAPER);
