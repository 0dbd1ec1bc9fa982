// The second held-out log layout, since 28 Nov 2026, beside « dossier » (bench/dossier-layout.ts):
// drawn by this script alone, apart from the reader and the layouts it was built and tuned on, and
// never read while tuning — `npm run bench:ocr` measures it with the others, and nothing in the
// reader is changed to suit it.
//
// « relevé »: a Québec consulting firm's « RELEVÉ DE FORAGE », on letter paper turned landscape
// (11 × 8,5 in) at 1:50, in a narrow sans-serif type (Liberation Sans Narrow) with its headings in
// Liberation Sans Bold, decimal commas. The header is no grid but free lines of text under the
// firm's name and the title: « Projet : … », « Endroit : … », the coordinates on one line as the
// surveyor gave them (« Coord. MTM-8 (NAD 83) : N 5 034 567,8 m ; E 301 234,5 m », or latitude
// and longitude in degrees and decimal minutes, « 45° 30,123′ N ; 73° 34,567′ O »), the day
// written day first (« Foré le : 05-07-2023 »), « Élév. terrain : 23,45 m (géodésique) », the
// depth reached. The columns run from the elevation of each boundary on the far left, then the
// depth (a scale numbered each metre, each layer's base written in bold at its boundary line), the
// description in plain type, a hatched symbol, the samples (a bar over the length sampled with
// « CF-3 » beside it, then « Récup. (%) »), the standard penetration test (the blows of its four
// 150 mm drives written « 4-6-7-9 », N in a narrow column of its own, N plotted on a graph), and
// the water: a filled triangle at the steady level with its depth and day, an open one where water
// came in while drilling. The hole's end is written « FIN DE L’EXPLORATION À 7,62 m » under its
// last boundary. Each page holds a fixed stretch of the hole (6 m on the first, 7 m on the next
// ones, under a short header); a description too long for its page goes on at the top of the
// next. A legend of abbreviations is at the foot of every page, and the remarks (the water again,
// the well's screen) at the foot of the last.
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../api/digitise/raster.ts';
import { methodText } from '../src/domain/ags/hole-types.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { classifySoil, type SoilClass } from '../src/domain/soil.ts';
import { decimals, pdfPages, rasterPages, typeset, type Sheets } from './layout-pages.ts';
import { wrapped } from './other-layouts.ts';

const font = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(font('LiberationSansNarrow-Regular.ttf'), 'Releve Narrow');
GlobalFonts.registerFromPath(font('LiberationSansNarrow-Bold.ttf'), 'Releve Narrow');
GlobalFonts.registerFromPath(font('LiberationSans-Bold.ttf'), 'Releve Heading');
const BODY = 'Releve Narrow';
const HEADING = 'Releve Heading';

/** Letter paper turned landscape (11 × 8,5 in), in points. */
const PAPER = { width: 792, height: 612 };
const LEFT = 30;
const RIGHT = PAPER.width - 30;
/** 1:50: 2 cm, 56.7 points, a metre. */
const METRE = (72 / 2.54) * 2;
/** The stretch of the hole on the first page, under the full header, and on each page after it. */
const FIRST_METRES = 6;
const NEXT_METRES = 7;
/** The body ends at the same height on every page; the legend and remarks are under it. */
const BODY_BOTTOM = 524;
const HEADINGS = 40;
/** The description's type and the distance between its lines. */
const BODY_SIZE = 8;
const LEADING = 9.6;
/** From a line (a boundary, the top of the body) to the baseline of the text under it. */
const UNDER = 9.5;

/** The columns, left to right, with their widths in points. */
const WIDTHS = {
  elevation: 40,
  depth: 42,
  description: 244,
  symbol: 38,
  sample: 46,
  recovery: 30,
  blows: 60,
  n: 26,
  graph: 118,
  water: 88,
} as const;
type Column = keyof typeof WIDTHS;
const COLUMNS = (() => {
  let x = LEFT;
  const columns = {} as Record<Column, readonly [number, number]>;
  for (const [name, width] of Object.entries(WIDTHS) as [Column, number][]) {
    columns[name] = [x, x + width];
    x += width;
  }
  return columns;
})();
/** The N graph's scale: 0 to 50 blows across the column, within its margins. */
const GRAPH_MAX = 50;
const graphX = (n: number) => {
  const [left, right] = COLUMNS.graph;
  return left + 8 + (Math.min(n, GRAPH_MAX) / GRAPH_MAX) * (right - left - 16);
};

/** A page's stretch of the hole and where its body starts. */
interface Frame {
  start: number;
  end: number;
  top: number;
}
const frameOf = (page: number): Frame =>
  page === 0
    ? { start: 0, end: FIRST_METRES, top: BODY_BOTTOM - FIRST_METRES * METRE }
    : {
        start: FIRST_METRES + (page - 1) * NEXT_METRES,
        end: FIRST_METRES + page * NEXT_METRES,
        top: BODY_BOTTOM - NEXT_METRES * METRE,
      };
/** The page whose stretch holds `depth`; a depth at the foot of a page is on it when `atFoot`. */
const pageOf = (depth: number, atFoot = false) => {
  const page = depth < FIRST_METRES ? 0 : 1 + Math.floor((depth - FIRST_METRES) / NEXT_METRES + 1e-9);
  return atFoot && page > 0 && Math.abs(frameOf(page).start - depth) < 1e-9 ? page - 1 : page;
};
const yAt = (frame: Frame, depth: number) => frame.top + (depth - frame.start) * METRE;

const metres = (value: number) => `${decimals(value, 2)} m`;
/** « 2023-07-05 » → « 05-07-2023 »: day first, as the firm writes it. */
const dayFirst = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');
/** The ISO day after `iso`: the steady level is read the day after the drilling. */
const nextDay = (iso: string) =>
  new Date(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Degrees and decimal minutes, as a hand-held GPS gives them: « 45° 30,123′ N ». */
function degreesMinutes(value: number, positive: string, negative: string) {
  const thousandths = Math.round(Math.abs(value) * 60_000);
  const degrees = Math.floor(thousandths / 60_000);
  const minutes = (thousandths - degrees * 60_000) / 1000;
  return `${degrees}° ${minutes.toFixed(3).replace('.', ',').padStart(6, '0')}′ ${value < 0 ? negative : positive}`;
}

/** The coordinates on one line, in the system the log gives them in. */
function coordinatesLine(log: BoreholeLog): [string, string] {
  if (log.original) {
    const { crs, x, y } = log.original;
    const code = Number(crs.replace(/^EPSG:/i, ''));
    const northEast = `N ${decimals(y, 1)} m ; E ${decimals(x, 1)} m`;
    if (code >= 32181 && code <= 32190) return [`Coord. MTM-${code - 32180} (NAD 83) :`, northEast];
    if (code >= 2945 && code <= 2952) return [`Coord. MTM-${code - 2942} (NAD 83 SCRS) :`, northEast];
    if (code >= 26917 && code <= 26922) return [`Coord. UTM ${code - 26900} N (NAD 83) :`, northEast];
    if (code >= 2958 && code <= 2962) return [`Coord. UTM ${code - 2941} N (NAD 83 SCRS) :`, northEast];
    if (code === 32198) return ['Coord. Lambert du Québec (NAD 83) :', `X ${decimals(x, 1)} m ; Y ${decimals(y, 1)} m`];
    return [`Coord. (${crs}) :`, `X ${decimals(x, 1)} ; Y ${decimals(y, 1)}`];
  }
  if (log.lat !== null && log.lon !== null)
    return [
      'Coord. géographiques (NAD 83) :',
      `${degreesMinutes(log.lat, 'N', 'S')} ; ${degreesMinutes(log.lon, 'E', 'O')}`,
    ];
  return ['Coordonnées :', 'non relevées'];
}

/** The four 150 mm drives of a test whose N (the second and third) is `n`: « 4-6-7-9 ». */
function drives(n: number) {
  const second = Math.floor(n / 2) - (n > 4 && n % 3 === 0 ? 1 : 0);
  const third = n - second;
  const first = Math.max(1, second - 1 - (n % 2));
  return `${first}-${second}-${third}-${third + 1 + (n % 2)}`;
}

/** A test's blows and its N column, refusals as the firm writes them (« 50/75 mm », « R »). */
function sptCells(test: BoreholeLog['spt'][number]): [string, string] {
  if (test.refusal) {
    const { blows, mm } = test.refusal;
    const driven = mm === null ? `> ${blows}` : `${blows}/${Math.round(mm)} mm`;
    return [test.refusal.seating ? `${driven} (amorç.)` : driven, 'R'];
  }
  if (test.n === null) return ['—', '—'];
  return [drives(Math.round(test.n)), String(Math.round(test.n))];
}

/** The share of a sample recovered, as the field sheet noted it (from its depth, so the same each time). */
function recovery(sample: BoreholeLog['samples'][number]) {
  let hash = 7;
  for (const char of `${sample.top}/${sample.ref}`) hash = (hash * 31 + char.charCodeAt(0)) % 9973;
  return 40 + (hash % 12) * 5;
}

const body = typeset(BODY);
const heading = typeset(HEADING);
const measure = createCanvas(10, 10).getContext('2d');
const widthOf = (value: string, style: string, family = BODY) => {
  measure.font = `${style} "${family}"`;
  return measure.measureText(value).width;
};
const rightAligned = (c: SKRSContext2D, value: string, right: number, y: number, style: string, family = BODY) => {
  c.font = `${style} "${family}"`;
  c.fillText(value, right - c.measureText(value).width, y);
};

/** Where each line of the descriptions goes, and the hole's end, before anything is drawn. */
interface Placed {
  page: number;
  y: number;
  text: string;
}
function placeDescriptions(log: BoreholeLog) {
  measure.font = `${BODY_SIZE}px "${BODY}"`;
  const [left, right] = COLUMNS.description;
  const lines: Placed[] = [];
  /** The baseline of each layer's last line, to keep its boundary clear of it. */
  const lastLines: { page: number; y: number }[] = [];
  let page = 0;
  let y = -Infinity;
  for (const layer of log.layers) {
    const start = pageOf(layer.top);
    const first = yAt(frameOf(start), layer.top) + UNDER;
    if (start > page || (start === page && first > y)) [page, y] = [start, first];
    for (const text of wrapped(measure, layer.description, right - left - 10)) {
      if (y > BODY_BOTTOM - 3) [page, y] = [page + 1, frameOf(page + 1).top + UNDER];
      lines.push({ page, y, text });
      y += LEADING;
    }
    lastLines.push({ page, y: y - LEADING });
    y += 3;
  }
  // The hole's end, under its last line; where the page has no room under it, over the line at the
  // right of the column (when the last description leaves room there), else at the top of a page more.
  let end = {
    page: pageOf(log.depth, true),
    y: yAt(frameOf(pageOf(log.depth, true)), log.depth) + UNDER + 2,
    right: false,
  };
  if (page > end.page || (page === end.page && y > end.y)) end = { page, y: y + 2, right: false };
  if (end.y > BODY_BOTTOM - 3) {
    const over = yAt(frameOf(end.page), log.depth) - 3;
    const last = lastLines.at(-1);
    end =
      last && (last.page < end.page || last.y < over - 10)
        ? { page: end.page, y: over, right: true }
        : { page: end.page + 1, y: frameOf(end.page + 1).top + UNDER + 2, right: false };
  }
  return { lines, lastLines, end, pages: end.page + 1 };
}

/** Hatching for each kind of ground, drawn in the page's own grid so that it runs on across pages. */
function hatch(c: SKRSContext2D, soil: SoilClass, x0: number, y0: number, x1: number, y1: number) {
  c.save();
  c.beginPath();
  c.rect(x0, y0, x1 - x0, y1 - y0);
  c.clip();
  c.lineWidth = 0.45;
  c.strokeStyle = '#222';
  c.fillStyle = '#222';
  const rows = (step: number, draw: (x: number, y: number, row: number) => void, across = step) => {
    for (let row = Math.floor(y0 / step) - 1, y = row * step; y < y1 + step; row++, y = row * step)
      for (let x = Math.floor(x0 / across) * across - across; x < x1 + across; x += across) draw(x, y, row);
  };
  c.beginPath();
  switch (soil) {
    case 'asphalt':
      c.fillRect(x0, y0, x1 - x0, y1 - y0);
      break;
    case 'fill': // crosses and strokes at random-looking angles
      rows(7, (x, y, row) => {
        const shift = row % 2 ? 3.5 : 0;
        c.moveTo(x + shift, y);
        c.lineTo(x + shift + 3, y + 3);
        c.moveTo(x + shift + 3, y);
        c.lineTo(x + shift, y + 3);
        c.moveTo(x + shift + 4.5, y + 5);
        c.lineTo(x + shift + 6.5, y + 4);
      });
      break;
    case 'clay': // dashes in staggered rows
      rows(
        3.5,
        (x, y, row) => {
          const shift = row % 2 ? 4 : 0;
          c.moveTo(x + shift, y);
          c.lineTo(x + shift + 5, y);
        },
        8,
      );
      break;
    case 'silt': // dashes and dots by turns
      rows(
        4,
        (x, y, row) => {
          const shift = row % 2 ? 4 : 0;
          c.moveTo(x + shift, y);
          c.lineTo(x + shift + 4, y);
          c.rect(x + shift + 5.6, y - 0.35, 0.7, 0.7);
        },
        8,
      );
      break;
    case 'sand': // dots
      rows(3, (x, y, row) => c.rect(x + (row % 2 ? 1.5 : 0), y, 0.7, 0.7), 3);
      c.fill();
      c.beginPath();
      break;
    case 'gravel': // small circles among dots
      rows(
        6,
        (x, y, row) => {
          const cx = x + (row % 2 ? 3.5 : 0);
          c.moveTo(cx + 1.7, y);
          c.arc(cx, y, 1.7, 0, 2 * Math.PI);
          c.rect(cx + 3.5, y + 2.5, 0.6, 0.6);
        },
        7,
      );
      break;
    case 'till': // small triangles among dots
      rows(
        6,
        (x, y, row) => {
          const cx = x + (row % 2 ? 4 : 0);
          c.moveTo(cx, y + 1.5);
          c.lineTo(cx + 1.6, y - 1.2);
          c.lineTo(cx + 3.2, y + 1.5);
          c.closePath();
          c.rect(cx + 5.5, y + 2.5, 0.6, 0.6);
          c.rect(cx + 1.5, y + 3.5, 0.6, 0.6);
        },
        8,
      );
      break;
    case 'bedrock':
    case 'fractured_bedrock': // courses of blocks; broken by diagonals when fractured
      rows(
        6,
        (x, y, row) => {
          c.moveTo(x, y);
          c.lineTo(x + 12, y);
          c.moveTo(x + (row % 2 ? 6 : 0), y);
          c.lineTo(x + (row % 2 ? 6 : 0), y + 6);
          if (soil === 'fractured_bedrock' && row % 2 === 0) {
            c.moveTo(x + 2, y + 6);
            c.lineTo(x + 8, y);
          }
        },
        12,
      );
      break;
  }
  c.stroke();
  c.restore();
}

/** A water mark: a triangle pointing down with its tip on the level, filled for the steady level. */
function triangle(c: SKRSContext2D, x: number, y: number, filled: boolean) {
  c.beginPath();
  c.moveTo(x, y - 6);
  c.lineTo(x + 7, y - 6);
  c.lineTo(x + 3.5, y);
  c.closePath();
  c.lineWidth = 0.7;
  if (filled) c.fill();
  c.stroke();
}

/** The firm's name, the title, the hole's number and the page, over a rule; the same on every page. */
function titleLines(c: SKRSContext2D, log: BoreholeLog, page: number, pages: number) {
  heading.text(c, log.organisation, LEFT, 40, page === 0 ? 'bold 12px' : 'bold 10px');
  const title = page === 0 ? 'RELEVÉ DE FORAGE' : 'RELEVÉ DE FORAGE (suite)';
  heading.centred(c, title, [LEFT, RIGHT], 41, page === 0 ? 'bold 15px' : 'bold 12px');
  rightAligned(c, `Forage n° ${log.id}`, RIGHT, 40, 'bold 12px', HEADING);
  rightAligned(c, `Page ${page + 1} de ${pages}`, RIGHT, 53, '8.5px');
  if (page === 0) body.text(c, 'Géotechnique — Environnement — Matériaux', LEFT, 52, 'italic 8.5px');
  c.save();
  c.lineWidth = 1.2;
  c.beginPath();
  c.moveTo(LEFT, 59);
  c.lineTo(RIGHT, 59);
  c.stroke();
  c.restore();
}

/** « Libellé : » in bold then its value, on one line. */
function labelled(c: SKRSContext2D, label: string, value: string, x: number, y: number, size = 9) {
  body.text(c, label, x, y, `bold ${size}px`);
  body.text(c, value, x + widthOf(label, `bold ${size}px`) + 3, y, `${size}px`);
}

/** The first page's header: free lines of text, the site on the left, the drilling on the right. */
function fullHeader(c: SKRSContext2D, log: BoreholeLog) {
  const [coordLabel, coordValue] = coordinatesLine(log);
  const left: [string, string][] = [
    ['Projet :', log.project],
    ['Endroit :', log.site ? `${log.site} (Québec)` : '—'],
    [coordLabel, coordValue],
    ['Méthode de forage :', methodText(log.method, log.holeType) || '—'],
  ];
  if (log.locaId) left.push(['Autre désignation :', log.locaId]);
  const drilled =
    log.date && log.endDate && log.endDate !== log.date
      ? (['Foré du :', `${dayFirst(log.date)} au ${dayFirst(log.endDate)}`] as [string, string])
      : (['Foré le :', log.date ? dayFirst(log.date) : '—'] as [string, string]);
  const right: [string, string][] = [
    drilled,
    ['Élév. terrain :', log.groundLevel === null ? 'non relevée' : `${metres(log.groundLevel)} (géodésique)`],
    ['Profondeur atteinte :', metres(log.depth)],
    ['Échelle verticale :', '1:50'],
  ];
  for (const [i, [label, value]] of left.entries()) labelled(c, label, value, LEFT, 76 + i * 13);
  for (const [i, [label, value]] of right.entries()) labelled(c, label, value, LEFT + 470, 76 + i * 13);
}

/** The columns' headings over the body, in two rows where a group heads its columns. */
function headings(c: SKRSContext2D, frame: Frame) {
  const top = frame.top - HEADINGS;
  const split = top + 14;
  const style = 'bold 6.6px';
  const lines = (column: Column, texts: string[], from: number) => {
    const middle = (from + frame.top) / 2 + 2.3 - ((texts.length - 1) * 7.6) / 2;
    texts.forEach((value, i) => heading.centred(c, value, COLUMNS[column], middle + i * 7.6, style));
  };
  lines('elevation', ['Élév.', '(m)'], top);
  lines('depth', ['Prof.', '(m)'], top);
  heading.centred(c, 'DESCRIPTION DES SOLS ET DU ROC', COLUMNS.description, (top + frame.top) / 2 + 2.8, 'bold 8px');
  lines('symbol', ['Symbole'], top);
  heading.centred(c, 'ÉCHANTILLONS', [COLUMNS.sample[0], COLUMNS.recovery[1]], split - 4.5, style);
  lines('sample', ['Type-n°'], split);
  lines('recovery', ['Récup.', '(%)'], split);
  heading.centred(c, 'ESSAI DE PÉNÉTRATION STANDARD', [COLUMNS.blows[0], COLUMNS.graph[1]], split - 4.5, style);
  lines('blows', ['Coups /', '150 mm'], split);
  lines('n', ['N'], split);
  heading.centred(c, 'N (coups / 300 mm)', COLUMNS.graph, split + 9, style);
  for (let n = 0; n <= GRAPH_MAX; n += 10) {
    const x = graphX(n);
    body.text(c, String(n), x - widthOf(String(n), '6.5px') / 2, frame.top - 4, '6.5px');
  }
  lines('water', ['Niveau d’eau', '(date du relevé)'], top);

  // The frame and its rules: the columns' lines run from the headings to the foot of the body.
  c.save();
  c.lineWidth = 0.6;
  c.beginPath();
  for (const [name, [x]] of Object.entries(COLUMNS) as [Column, readonly [number, number]][]) {
    if (name === 'elevation') continue;
    const grouped = name === 'recovery' || name === 'n' || name === 'graph';
    c.moveTo(x, grouped ? split : top);
    c.lineTo(x, BODY_BOTTOM);
  }
  c.moveTo(COLUMNS.sample[0], split);
  c.lineTo(COLUMNS.graph[1], split);
  c.moveTo(LEFT, frame.top);
  c.lineTo(RIGHT, frame.top);
  c.stroke();
  c.lineWidth = 1.1;
  c.strokeRect(LEFT, top, RIGHT - LEFT, BODY_BOTTOM - top);
  c.restore();
}

/**
 * The depth scale: a tick each half metre, numbered each metre, down the left of the depth column;
 * a number that a boundary's line would cross is left out.
 */
function scale(c: SKRSContext2D, frame: Frame, log: BoreholeLog) {
  const [left] = COLUMNS.depth;
  c.save();
  c.lineWidth = 0.5;
  c.beginPath();
  for (let step = Math.ceil(frame.start * 2); step <= frame.end * 2; step++) {
    const y = yAt(frame, step / 2);
    c.moveTo(left, y);
    c.lineTo(left + (step % 2 ? 3 : 6), y);
  }
  c.stroke();
  c.fillStyle = '#555';
  for (let metre = Math.ceil(frame.start); metre <= frame.end; metre++) {
    if (log.layers.some((layer) => Math.abs(layer.base - metre) * METRE < 6)) continue;
    const y = yAt(frame, metre);
    const baseline = metre === frame.start ? y + 7 : metre === frame.end ? y - 1.5 : y + 2.3;
    body.text(c, String(metre), left + 8, baseline, '6.5px');
  }
  c.restore();
}

/** The N graph's lines: one each ten blows, light. */
function graphGrid(c: SKRSContext2D, frame: Frame) {
  c.save();
  c.strokeStyle = '#aaa';
  c.lineWidth = 0.35;
  c.setLineDash([1.5, 2]);
  c.beginPath();
  for (let n = 10; n <= GRAPH_MAX; n += 10) {
    c.moveTo(graphX(n), frame.top);
    c.lineTo(graphX(n), BODY_BOTTOM);
  }
  c.stroke();
  c.restore();
}

/** The abbreviations at the foot of every page, then the remarks (on the last) and the signatures. */
function footer(c: SKRSContext2D, log: BoreholeLog, last: boolean) {
  const size = '6.8px';
  let x = LEFT;
  const run = (value: string, style = size) => {
    body.text(c, value, x, 0, style);
    x += widthOf(value, style);
  };
  c.save();
  c.translate(0, 534);
  run('Abréviations et symboles :', `bold ${size}`);
  const legendLeft = x + 4;
  x = legendLeft;
  run(
    'CF : cuillère fendue ; TM : tube à paroi mince ; CR : carottier ; Récup. : longueur récupérée sur la longueur' +
      ' enfoncée ; Élév. : élévation géodésique ; profondeurs en mètres sous la surface du terrain.',
  );
  c.translate(0, 9);
  x = legendLeft;
  run(
    'Coups / 150 mm : coups du marteau de 63,5 kg tombant de 760 mm, pour chacune des quatre tranches de 150 mm ;' +
      ' N : somme des 2e et 3e tranches ; R : refus.',
  );
  c.translate(0, 9);
  x = legendLeft;
  triangle(c, x, 1, true);
  x += 10;
  run('niveau d’eau stabilisé, avec la date du relevé (jj-mm-aaaa) ;');
  x += 8;
  triangle(c, x, 1, false);
  x += 10;
  run('V.E. : venue d’eau notée en cours de forage.');
  c.restore();

  const remarks: string[] = [];
  const readOn = log.endDate ?? log.date;
  for (const level of log.standingLevels)
    remarks.push(
      `Niveau d’eau stabilisé mesuré à ${metres(level)} de profondeur${readOn ? ` le ${dayFirst(nextDay(readOn))}` : ''}.`,
    );
  for (const strike of log.waterStrikes) remarks.push(`Venue d’eau notée à ${metres(strike)} en cours de forage.`);
  if (log.standingLevels.length === 0 && log.waterStrikes.length === 0)
    remarks.push('Aucune eau observée dans le forage.');
  if (log.screen)
    remarks.push(`Piézomètre installé, crépine de ${metres(log.screen.top)} à ${metres(log.screen.base)}.`);
  const remarksRight = LEFT + 520;
  if (last) {
    body.text(c, 'Remarques :', LEFT, 566, `bold 8px`);
    const indent = widthOf('Remarques :', 'bold 8px') + 4;
    c.font = `8px "${BODY}"`;
    wrapped(c, remarks.join(' '), remarksRight - LEFT - indent - 10).forEach((line, i) =>
      body.text(c, line, LEFT + indent, 566 + i * 9.5, '8px'),
    );
  } else body.text(c, 'Suite du relevé à la page suivante.', LEFT, 566, 'italic 8px');
  labelled(c, 'Préparé par :', '', remarksRight + 10, 566, 8);
  labelled(c, 'Vérifié par :', '', remarksRight + 110, 566, 8);
  c.save();
  c.lineWidth = 0.5;
  c.beginPath();
  c.moveTo(remarksRight + 58, 568);
  c.lineTo(remarksRight + 104, 568);
  c.moveTo(remarksRight + 156, 568);
  c.lineTo(RIGHT, 568);
  c.stroke();
  c.restore();
}

/** Each layer's boundaries: a line across the first four columns, its elevation and its depth. */
function boundaries(
  c: SKRSContext2D,
  log: BoreholeLog,
  page: number,
  frame: Frame,
  lastLines: { page: number; y: number }[],
) {
  const [descLeft, descRight] = COLUMNS.description;
  const depths = [0, ...log.layers.map((layer) => layer.base)];
  let lastLabel = -Infinity;
  for (const [i, depth] of depths.entries()) {
    // A boundary at the foot of a page is drawn on it and again at the top of the next.
    if (depth < frame.start - 1e-9 || depth > frame.end + 1e-9) continue;
    const y = yAt(frame, depth);
    const above = lastLines[i - 1];
    const clear = above && above.page === page && above.y + 3 > y ? above.y + 3 : y;
    c.save();
    c.lineWidth = 0.7;
    c.beginPath();
    c.moveTo(LEFT, y);
    c.lineTo(descLeft, y);
    if (clear > y) {
      // The description above runs past its layer: the line steps down under it across that column.
      c.lineTo(descLeft + 5, clear);
      c.lineTo(descRight - 5, clear);
      c.lineTo(descRight, y);
    } else c.lineTo(descRight, y);
    c.lineTo(COLUMNS.symbol[1], y);
    c.stroke();
    c.restore();
    if (depth === frame.start && page > 0 && i > 0) continue; // written at the foot of the page before
    // Over the line, or under it at the top of the body (the ground, a page's first line) and where
    // the label of a thin layer's top would be in the way.
    const baseline = y - frame.top < 10 || y - 2 < lastLabel + 8.5 ? y + 8 : y - 2;
    lastLabel = baseline;
    rightAligned(c, decimals(depth, 2), COLUMNS.depth[1] - 3, baseline, 'bold 7.5px');
    if (log.groundLevel !== null)
      rightAligned(c, decimals(log.groundLevel - depth, 2), COLUMNS.elevation[1] - 3, baseline, '7.5px');
  }
}

function releveLog(log: BoreholeLog, sheets: Sheets) {
  const placed = placeDescriptions(log);
  const tests = log.spt.map((test) => ({ test, cells: sptCells(test) }));
  for (let page = 0; page < placed.pages; page++) {
    const c = sheets.page();
    const frame = frameOf(page);
    const inFrame = (depth: number) => depth >= frame.start - 1e-9 && depth < frame.end - 1e-9;
    titleLines(c, log, page, placed.pages);
    if (page === 0) fullHeader(c, log);
    else {
      const [coordLabel, coordValue] = coordinatesLine(log);
      labelled(c, 'Projet :', `${log.project} — ${log.site}`, LEFT, 75, 8.5);
      labelled(c, coordLabel, coordValue, LEFT + 470, 75, 8.5);
    }

    // The symbols first, under the lines.
    for (const layer of log.layers) {
      const top = Math.max(layer.top, frame.start);
      const base = Math.min(layer.base, frame.end);
      if (base <= top) continue;
      hatch(
        c,
        classifySoil(layer.description),
        COLUMNS.symbol[0],
        yAt(frame, top),
        COLUMNS.symbol[1],
        yAt(frame, base),
      );
    }
    graphGrid(c, frame);
    headings(c, frame);
    scale(c, frame, log);
    boundaries(c, log, page, frame, placed.lastLines);

    for (const line of placed.lines.filter((each) => each.page === page))
      body.text(c, line.text, COLUMNS.description[0] + 5, line.y, `${BODY_SIZE}px`);
    if (placed.end.page === page) {
      const end = `FIN DE L’EXPLORATION À ${metres(log.depth)}`;
      if (placed.end.right) rightAligned(c, end, COLUMNS.description[1] - 5, placed.end.y, 'bold 8px');
      else body.text(c, end, COLUMNS.description[0] + 5, placed.end.y, 'bold 8px');
    }

    // The samples: a bar over the length sampled, the label and the recovery on the line of its top.
    for (const sample of log.samples) {
      const base = sample.base ?? sample.top + 0.05;
      const top = Math.max(sample.top, frame.start);
      const bottom = Math.min(base, frame.end);
      if (bottom <= top && !inFrame(sample.top)) continue;
      const [left] = COLUMNS.sample;
      c.save();
      c.lineWidth = 0.6;
      c.strokeRect(left + 4, yAt(frame, top), 5, Math.max(1, yAt(frame, bottom) - yAt(frame, top)));
      c.restore();
      if (!inFrame(sample.top)) continue;
      const baseline = Math.min(yAt(frame, sample.top) + 6.5, BODY_BOTTOM - 2);
      body.text(c, `${sample.type}-${sample.ref}`, left + 13, baseline, '7.5px');
      body.centred(c, String(recovery(sample)), COLUMNS.recovery, baseline, '7.5px');
    }

    // The tests: the blows, N on its own, and N on the graph, joined from test to test.
    const points: [number, number][] = [];
    for (const { test, cells } of tests) {
      if (!inFrame(test.top)) continue;
      const y = yAt(frame, test.top);
      const baseline = Math.min(y + 6.5, BODY_BOTTOM - 2);
      body.centred(c, cells[0], COLUMNS.blows, baseline, '7.5px');
      body.centred(c, cells[1], COLUMNS.n, baseline, 'bold 7.5px');
      const value = test.refusal ? GRAPH_MAX : test.n;
      if (value !== null) points.push([graphX(value), y + 3]);
    }
    c.save();
    c.lineWidth = 0.6;
    c.beginPath();
    points.forEach(([x, y], i) => (i ? c.lineTo(x, y) : c.moveTo(x, y)));
    c.stroke();
    for (const [x, y] of points) {
      c.beginPath();
      c.arc(x, y, 1.7, 0, 2 * Math.PI);
      c.fill();
    }
    c.restore();

    // The cores' RQD, where a run starts, in the tests' column.
    for (const core of log.cores)
      if (core.rqd !== null && inFrame(core.top))
        body.centred(c, `RQD ${Math.round(core.rqd)} %`, COLUMNS.blows, yAt(frame, core.top) + 6.5, '7.5px');

    // The water: the steady level (its day beside it) and the water met while drilling.
    const readOn = log.endDate ?? log.date;
    const marks = [
      ...log.standingLevels.map((depth) => ({
        depth,
        filled: true,
        label: `${metres(depth)}${readOn ? ` (${dayFirst(nextDay(readOn))})` : ''}`,
      })),
      ...log.waterStrikes.map((depth) => ({ depth, filled: false, label: `V.E. ${metres(depth)}` })),
    ]
      .filter((mark) => inFrame(mark.depth))
      .sort((a, b) => a.depth - b.depth);
    let lowest = -Infinity;
    let previous = -Infinity;
    const [waterLeft, waterRight] = COLUMNS.water;
    for (const mark of marks) {
      const y = Math.max(yAt(frame, mark.depth), frame.top + 6);
      // Two marks a few centimetres apart: the second triangle beside the first.
      const x = waterLeft + (y - previous < 7 ? 13 : 5);
      previous = y;
      triangle(c, x, y, mark.filled);
      c.save();
      c.lineWidth = 0.6;
      c.beginPath();
      c.moveTo(x - 2, y);
      c.lineTo(x + 9, y);
      c.stroke();
      c.restore();
      const baseline = Math.min(Math.max(y - 0.5, lowest + 9), BODY_BOTTOM - 2);
      body.text(c, mark.label, waterLeft + 24, baseline, '7.5px');
      lowest = baseline;
    }
    if (log.screen) {
      const top = Math.max(log.screen.top, frame.start);
      const base = Math.min(log.screen.base, frame.end);
      if (base > top) {
        c.save();
        c.lineWidth = 0.5;
        c.strokeRect(waterRight - 9, yAt(frame, top), 5, yAt(frame, base) - yAt(frame, top));
        c.beginPath();
        for (let y = yAt(frame, top) + 2; y < yAt(frame, base); y += 2.5) {
          c.moveTo(waterRight - 9, y);
          c.lineTo(waterRight - 4, y);
        }
        c.stroke();
        c.restore();
      }
    }
    footer(c, log, page === placed.pages - 1);
  }
}

/** The log drawn in the « relevé » layout, as page images at `dpi`. */
export const releveLayoutPages = (log: BoreholeLog, dpi: number): Promise<PageImage[]> =>
  rasterPages(releveLog, log, PAPER, dpi);

/** The log drawn in the « relevé » layout as a vector PDF, its text kept as text (a firm's export). */
export const releveLayoutPdf = (log: BoreholeLog): Buffer => pdfPages(releveLog, log, PAPER);
