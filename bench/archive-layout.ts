// A borehole log layout held out for a later measure and never tuned on: drawn by this script alone,
// by a helper that has not read the reader (neither its code nor its notes) nor the other layouts
// apart from « cote », read for the drawing's pattern only — `npm run bench:ocr` measures it with
// the others, and nothing in the reader is changed to suit it.
//
// « archive »: an old TYPED log from a Québec city's archive, a pre-printed form of the 1970s–80s
// filled in on a typewriter (the city is made up: « Ville de Saint-Laurent-des-Rapides — Service
// des travaux publics — Laboratoire des sols et matériaux », form TP-LS-17). Letter paper standing
// upright, with no depth scale: the stratigraphy is a typed table, one row per layer, each row as
// tall as its typed lines need, continued on as many pages as the hole needs (« Page 1 de 2 »).
//
// The printed form (DejaVu Serif Condensed): the city's shield and names, « RAPPORT DE SONDAGE »,
// « Page __ de __ », then labels with blank lines where the clerk typed the values: « Sondage no »,
// « Date » (written out in words, « 18 juillet 1984 »), « Projet », « Endroit », « Coordonnées »
// (MTM, northing first, « N 5 045 678,9   E 298 456,7 », or latitude and longitude in degrees,
// minutes and seconds), « Élévation du terrain », « Profondeur totale », « Méthode », « Foreuse »,
// « Inspecteur ». The table's printed heads: « PROFONDEUR » over « DE (m) » and « À (m) »,
// « DESCRIPTION DU SOL », « ÉCHANTILLON » over « TYPE-No » and « PROF. (m) », « ESSAI DE
// PÉNÉTRATION » over « COUPS / 15 cm » and « N ». Under the table a « REMARQUES » box (the water,
// in sentences), at the foot « Préparé par » and « Vérifié par ».
//
// The typed values (DejaVu Sans Mono, as an elite typewriter): each character's ink a little
// uneven, its baseline a little off, now and then one struck lighter; the whole sheet a little off
// the form's lines, as it sat in the typewriter. All of it deterministic from the log's id. Each
// layer's row: its top and base on its first line, its description wrapped in its column, and on
// the lines of the same row, at the right, the samples and tests of the layer, one a line, each
// with its depths (« CF-3   1,50-2,10   4-5-7-9   12 »); a refusal typed « R » with its blows over
// its length (« 50/100 mm »). Under the last layer « Fin du sondage à 12,34 m. » (and « Refus sur
// le roc. » when it ends in rock). The layers parted by a line drawn by hand with a ruler. The
// blows per 15 cm are made up (steady, the second and third summing to N); the remarks the box
// cannot hold are typed at the table's foot, « Remarques (suite) : ».
import { seededRandom } from '../src/domain/seeded-random.ts';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../api/digitise/raster.ts';
import { methodText } from '../src/domain/ags/hole-types.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { layerSoil } from '../src/domain/soil.ts';
import { digitsOf, frenchDate, isoDay, numeral, pdfPages, rasterPages, type Sheets } from './layout-pages.ts';

const fontFile = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(fontFile('DejaVuSerifCondensed.ttf'), 'Archive Form');
GlobalFonts.registerFromPath(fontFile('DejaVuSerifCondensed-Bold.ttf'), 'Archive Form');
GlobalFonts.registerFromPath(fontFile('DejaVuSansMono.ttf'), 'Archive Typewriter');
const FORM = 'Archive Form';
const TYPEWRITER = 'Archive Typewriter';

/** US Letter standing upright, in points. */
const PAPER = { width: 612, height: 792 };
const LEFT = 36;
const RIGHT = PAPER.width - 36;

/** The form's printed ink and the paper's tint (an old sheet, slightly yellowed). */
const PRINTED = '#1e1e22';
const PAPER_TINT = '#fcfaf2';
const PENCIL = '#4a4a4a';

// ——— The form's places, in points from the top ———

const TITLE_RULE = 86;
const FIELD_PITCH = 17;
const FIELDS_TOP = 104;
const TABLE_TOP = 222;
const HEAD_SPLIT = TABLE_TOP + 14;
const BODY_TOP = TABLE_TOP + 34;
const BODY_BOTTOM = 636;
const REMARKS_TOP = 646;
const REMARKS_BOTTOM = 724;
const SIGNATURES = 748;
const FOOTER = 774;

/** The typewriter: an elite face of 9 points, six lines to the inch. */
const TYPE_SIZE = 9;
const PITCH = 12;
/** The blank space typed between two layers, around the ruled line. */
const GAP = 7;
const FIRST_BASELINE = BODY_TOP + PITCH;
const LAST_BASELINE = BODY_BOTTOM - 7;
const REMARKS_FIRST = REMARKS_TOP + 22;
const REMARKS_LINES = Math.floor((REMARKS_BOTTOM - 4 - REMARKS_FIRST) / PITCH) + 1;

/** The table's columns, left to right, with their widths (the description takes what is left). */
const WIDTHS = { from: 40, to: 40, description: 0, tag: 38, depth: 68, blows: 72, n: 28 } as const;
type Column = keyof typeof WIDTHS;
const COL = {} as Record<Column, { x0: number; x1: number }>;
{
  const taken = Object.values(WIDTHS).reduce<number>((sum, width) => sum + width, 0);
  let x = LEFT;
  for (const name of Object.keys(WIDTHS) as Column[]) {
    const width = WIDTHS[name] || RIGHT - LEFT - taken;
    COL[name] = { x0: x, x1: x + width };
    x += width;
  }
}
/** Where the typist set the tab stops: a little inside each column. */
const TAB = 4;

// ——— Measuring ———

const measurer = createCanvas(4, 4).getContext('2d');
const formFont = (size: number, bold: boolean) => `${bold ? 'bold ' : ''}${size}px "${FORM}"`;
function formWidth(text: string, size: number, bold = false) {
  measurer.font = formFont(size, bold);
  return measurer.measureText(text).width;
}
/** The typewriter's advance: every character takes the same room. */
const advanceOf = (size: number) => {
  measurer.font = `${size}px "${TYPEWRITER}"`;
  return measurer.measureText('0').width;
};
const ADVANCE = advanceOf(TYPE_SIZE);
/** How many typed characters hold between two abscissas, inside the tab stops. */
const charsIn = (x0: number, x1: number) => Math.floor((x1 - x0 - TAB - 3) / ADVANCE);

/** A text's words, a unit kept with the number before it (« 7,00 m » is never broken). */
function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (words.length && /^(m|mm|cm|%)[.,;]?$/.test(word) && /\d$/.test(words.at(-1)!))
      words.push(`${words.pop()!} ${word}`);
    else words.push(word);
  }
  return words;
}

/** Words broken into lines of at most `room` characters; a word longer than a line is cut. */
function wrap(text: string, room: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (let word of wordsOf(text)) {
    while (word.length > room) {
      if (line) lines.push(line);
      lines.push(word.slice(0, room));
      line = '';
      word = word.slice(room);
    }
    const tried = line ? `${line} ${word}` : word;
    if (tried.length > room) {
      lines.push(line);
      line = word;
    } else line = tried;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

// ——— Chance, from the log's id ———

/** A small deterministic number from a text. */
function hashOf(text: string) {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** The same log is typed the same way: a generator seeded by its text. */
const seeded = seededRandom;
const spread = (random: () => number, half: number) => (random() * 2 - 1) * half;

// ——— The printed form ———

interface Print {
  size?: number;
  bold?: boolean;
  align?: 'left' | 'right' | 'centre';
  colour?: string;
}
function print(c: SKRSContext2D, text: string, x: number, y: number, ink: Print = {}) {
  const { size = 8.5, bold = false, align = 'left', colour = PRINTED } = ink;
  c.font = formFont(size, bold);
  const width = c.measureText(text).width;
  const left = align === 'right' ? x - width : align === 'centre' ? x - width / 2 : x;
  c.save();
  c.fillStyle = colour;
  c.fillText(text, left, y);
  c.restore();
  return width;
}

function rule(c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, width = 0.5, colour = PRINTED) {
  c.save();
  c.strokeStyle = colour;
  c.lineWidth = width;
  c.beginPath();
  c.moveTo(x0, y0);
  c.lineTo(x1, y1);
  c.stroke();
  c.restore();
}

function box(c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, width = 0.8) {
  c.save();
  c.strokeStyle = PRINTED;
  c.lineWidth = width;
  c.strokeRect(x0, y0, x1 - x0, y1 - y0);
  c.restore();
}

/** The city's shield: a plain escutcheon, a wavy band (the river) and three small stars. */
function shield(c: SKRSContext2D, x: number, y: number) {
  const w = 30;
  const h = 36;
  c.save();
  c.strokeStyle = PRINTED;
  c.fillStyle = PRINTED;
  c.lineWidth = 1.1;
  c.beginPath();
  c.moveTo(x, y);
  c.lineTo(x + w, y);
  c.lineTo(x + w, y + h * 0.55);
  c.quadraticCurveTo(x + w, y + h * 0.9, x + w / 2, y + h);
  c.quadraticCurveTo(x, y + h * 0.9, x, y + h * 0.55);
  c.closePath();
  c.stroke();
  c.lineWidth = 1.4;
  for (const dy of [0.5, 0.62]) {
    c.beginPath();
    c.moveTo(x + 2, y + h * dy);
    for (let i = 1; i <= 4; i++)
      c.quadraticCurveTo(x + 2 + (i - 0.5) * 6.5, y + h * dy + (i % 2 ? -2.5 : 2.5), x + 2 + i * 6.5, y + h * dy);
    c.stroke();
  }
  for (const sx of [0.25, 0.5, 0.75]) {
    c.beginPath();
    const cx = x + w * sx;
    const cy = y + h * 0.22;
    for (let k = 0; k < 10; k++) {
      const r = k % 2 ? 1.4 : 3.2;
      const a = -Math.PI / 2 + (k * Math.PI) / 5;
      if (k === 0) c.moveTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
      else c.lineTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
    }
    c.closePath();
    c.fill();
  }
  c.restore();
}

/** A printed label followed by its blank line; gives where the typist starts the value. */
function blank(c: SKRSContext2D, label: string, x0: number, x1: number, y: number) {
  const width = print(c, label, x0, y);
  rule(c, x0 + width + 3, y + 2, x1, y + 2, 0.45);
  return x0 + width + 7;
}

/** Where the typist starts a value: the abscissa and the printed line's baseline. */
type Spot = readonly [number, number];

/** The typed header's blanks, in the form's order: where each value goes. */
interface Blanks {
  hole: Spot;
  date: Spot;
  project: Spot;
  site: Spot;
  place: Spot;
  ground: Spot;
  depth: Spot;
  method: Spot;
  rig: Spot;
  inspector: Spot;
  page: Spot;
  pages: Spot;
  prepared: Spot;
  checked: Spot;
}

function printedForm(c: SKRSContext2D): Blanks {
  c.save();
  c.fillStyle = PAPER_TINT;
  c.fillRect(0, 0, PAPER.width, PAPER.height);
  c.restore();

  // The title block.
  shield(c, LEFT + 2, 40);
  const tx = LEFT + 44;
  print(c, 'VILLE DE SAINT-LAURENT-DES-RAPIDES', tx, 52, { size: 11.5, bold: true });
  print(c, 'Service des travaux publics', tx, 64, { size: 8.5 });
  print(c, 'Laboratoire des sols et matériaux — 1450, boulevard des Érables', tx, 75, { size: 8.5 });
  print(c, 'RAPPORT DE SONDAGE', RIGHT, 54, { size: 14, bold: true, align: 'right' });
  const pageY = 74;
  const ofWidth = formWidth(' de ', 9);
  const pagesX = RIGHT - 26;
  rule(c, pagesX, pageY + 2, RIGHT, pageY + 2, 0.45);
  print(c, ' de ', pagesX - 2, pageY, { size: 9, align: 'right' });
  const pageX = pagesX - 2 - ofWidth - 24;
  rule(c, pageX, pageY + 2, pageX + 22, pageY + 2, 0.45);
  print(c, 'Page ', pageX - 2, pageY, { size: 9, align: 'right' });
  rule(c, LEFT, TITLE_RULE, RIGHT, TITLE_RULE, 1.4);
  rule(c, LEFT, TITLE_RULE + 2.6, RIGHT, TITLE_RULE + 2.6, 0.4);

  // The header's blanks, two to a line where they are short.
  const mid = LEFT + 300;
  const row = (i: number) => FIELDS_TOP + i * FIELD_PITCH;
  const at = (x: number, i: number): Spot => [x, row(i)];
  print(c, 'Élévations rapportées au niveau moyen de la mer', mid, row(6), { size: 7.5 });

  tableForm(c);

  // The remarks' box, the signatures and the form's own number.
  box(c, LEFT, REMARKS_TOP, RIGHT, REMARKS_BOTTOM, 0.9);
  print(c, 'REMARQUES :', LEFT + 5, REMARKS_TOP + 10, { size: 7.5, bold: true });
  const prepared: Spot = [blank(c, 'Préparé par :', LEFT, LEFT + 200, SIGNATURES), SIGNATURES];
  const checked: Spot = [blank(c, 'Vérifié par :', LEFT + 280, RIGHT - 60, SIGNATURES), SIGNATURES];
  print(c, 'Formule TP-LS-17 (éd. 03-76)', LEFT, FOOTER, { size: 6.5 });
  print(c, 'Les profondeurs sont mesurées à partir de la surface du terrain.', RIGHT, FOOTER, {
    size: 6.5,
    align: 'right',
  });

  return {
    hole: at(blank(c, 'Sondage no :', LEFT, mid - 16, row(0)), 0),
    date: at(blank(c, 'Date :', mid, RIGHT, row(0)), 0),
    project: at(blank(c, 'Projet :', LEFT, RIGHT, row(1)), 1),
    site: at(blank(c, 'Endroit :', LEFT, RIGHT, row(2)), 2),
    place: at(blank(c, 'Coordonnées :', LEFT, RIGHT, row(3)), 3),
    ground: at(blank(c, 'Élévation du terrain :', LEFT, mid - 16, row(4)), 4),
    depth: at(blank(c, 'Profondeur totale :', mid, RIGHT, row(4)), 4),
    method: at(blank(c, 'Méthode :', LEFT, mid + 60, row(5)), 5),
    rig: at(blank(c, 'Foreuse :', mid + 76, RIGHT, row(5)), 5),
    inspector: at(blank(c, 'Inspecteur :', LEFT, mid - 16, row(6)), 6),
    page: [pageX + 7, pageY],
    pages: [pagesX + 7, pageY],
    prepared,
    checked,
  };
}

/** The table's printed frame and heads; its columns run down to the remarks. */
function tableForm(c: SKRSContext2D) {
  box(c, LEFT, TABLE_TOP, RIGHT, BODY_BOTTOM, 1);
  rule(c, LEFT, BODY_TOP, RIGHT, BODY_TOP, 0.9);
  for (const name of Object.keys(COL) as Column[])
    if (COL[name].x0 > LEFT) {
      const spanned = name === 'to' || name === 'depth' || name === 'n';
      rule(c, COL[name].x0, spanned ? HEAD_SPLIT : TABLE_TOP, COL[name].x0, BODY_BOTTOM, 0.6);
    }
  const head = (text: string, x0: number, x1: number, y: number, size = 7.2) =>
    print(c, text, (x0 + x1) / 2, y, { size, bold: true, align: 'centre' });
  const spans: [string, Column, Column][] = [
    ['PROFONDEUR', 'from', 'to'],
    ['ÉCHANTILLON', 'tag', 'depth'],
    ['ESSAI DE PÉNÉTRATION', 'blows', 'n'],
  ];
  for (const [text, first, last] of spans) {
    head(text, COL[first].x0, COL[last].x1, TABLE_TOP + 10);
    rule(c, COL[first].x0, HEAD_SPLIT, COL[last].x1, HEAD_SPLIT, 0.5);
  }
  head('DESCRIPTION DU SOL', COL.description.x0, COL.description.x1, TABLE_TOP + 20, 8);
  const subY = HEAD_SPLIT + 12;
  const subs: [string, Column][] = [
    ['DE (m)', 'from'],
    ['À (m)', 'to'],
    ['TYPE-No', 'tag'],
    ['PROF. (m)', 'depth'],
    ['COUPS / 15 cm', 'blows'],
    ['N', 'n'],
  ];
  for (const [text, name] of subs) head(text, COL[name].x0, COL[name].x1, subY, 6.8);
}

// ——— The typewriter ———

/** The typist's hand on one sheet: the chance of each stroke, and where the sheet sat in the roller. */
interface Typist {
  random: () => number;
  dx: number;
  dy: number;
}

function typistFor(log: BoreholeLog, page: number): Typist {
  const random = seeded(hashOf(`archive:${log.id}:${page}`));
  return { random, dx: spread(random, 1.6), dy: spread(random, 1.3) };
}

/** Typed text, a character at a time: uneven ink, a baseline a little off, now and then a light strike. */
function type(c: SKRSContext2D, typist: Typist, text: string, x: number, y: number, size = TYPE_SIZE) {
  const { random } = typist;
  const advance = size === TYPE_SIZE ? ADVANCE : advanceOf(size);
  c.save();
  c.font = `${size}px "${TYPEWRITER}"`;
  let i = 0;
  for (const char of text) {
    const jitterX = spread(random, 0.15);
    const jitterY = spread(random, 0.3);
    const light = random() < 0.05;
    const grey = Math.round(light ? 95 + random() * 40 : 8 + random() * 52);
    if (char !== ' ') {
      c.fillStyle = `rgb(${grey}, ${grey}, ${grey + 4})`;
      c.fillText(char, x + typist.dx + i * advance + jitterX, y + typist.dy + jitterY);
    }
    i++;
  }
  c.restore();
}

/** A value typed into a header blank, a little off its line; shrunk only if it would not hold. */
function typeInto(c: SKRSContext2D, typist: Typist, text: string, [x, y]: Spot, limit = RIGHT) {
  const fits = (size: number) => text.length * (size === TYPE_SIZE ? ADVANCE : advanceOf(size)) <= limit - x - 4;
  let size = TYPE_SIZE;
  while (size > 6 && !fits(size)) size -= 0.25;
  type(c, typist, text, x, y - 1.2 + spread(typist.random, 0.9), size);
}

/** A value typed at a column's tab stop; shrunk only if it would run over the column's rule. */
function typeInCell(c: SKRSContext2D, typist: Typist, text: string, name: Column, y: number) {
  const { x0, x1 } = COL[name];
  const room = x1 - x0 - TAB - 3;
  const size = text.length * ADVANCE <= room ? TYPE_SIZE : Math.max(5, (TYPE_SIZE * room) / (text.length * ADVANCE));
  type(c, typist, text, x0 + TAB, y, size);
}

/** A line drawn by hand with a ruler, in pencil, never quite level. */
function ruledByHand(c: SKRSContext2D, y: number, salt: number) {
  const lean = ((salt % 100) / 100 - 0.5) * 1.2;
  c.save();
  c.strokeStyle = PENCIL;
  c.lineWidth = 0.55;
  c.beginPath();
  c.moveTo(LEFT + 2 + (salt % 5), y - lean / 2);
  c.lineTo(RIGHT - 2 - ((salt >>> 4) % 6), y + lean / 2);
  c.stroke();
  c.restore();
}

/** Initials signed over the « Vérifié par » line: a quick loop of the pen, in blue-black ink. */
function signature(c: SKRSContext2D, x: number, y: number, salt: number) {
  c.save();
  c.strokeStyle = '#1d2a5a';
  c.lineWidth = 0.9;
  c.beginPath();
  c.moveTo(x, y);
  const loops = 3 + (salt % 3);
  for (let i = 0; i < loops; i++) {
    const x0 = x + i * 11;
    c.bezierCurveTo(x0 + 4, y - 12 - ((salt >>> i) % 5), x0 + 9, y - 2, x0 + 6, y + 2);
    c.bezierCurveTo(x0 + 3, y + 4, x0 + 8, y - 6, x0 + 11, y - 1);
  }
  c.lineTo(x + loops * 11 + 14, y - 4);
  c.stroke();
  c.restore();
}

// ——— The city's ways of writing ———

const m2 = (value: number) => numeral(value, 2);

/** The days of drilling written out: « 18 juillet 1984 », « du 17 juillet 1984 au 19 juillet 1984 ». */
function drillingDays(log: BoreholeLog): string {
  const first = isoDay(log.date) ?? isoDay(log.endDate);
  const last = isoDay(log.endDate) ?? first;
  if (!first) return '—';
  if (last && last !== first) return `du ${frenchDate(first)} au ${frenchDate(last)}`;
  return frenchDate(first);
}

/** Degrees, minutes and seconds to the hundredth, as a typewriter has them: « 45°41'27,14" N ». */
function dms(value: number, positive: string, negative: string) {
  const hundredths = Math.round(Math.abs(value) * 360_000);
  const degrees = Math.floor(hundredths / 360_000);
  const minutes = Math.floor((hundredths % 360_000) / 6_000);
  const [whole, part] = ((hundredths % 6_000) / 100).toFixed(2).split('.');
  return `${degrees}°${String(minutes).padStart(2, '0')}'${whole!.padStart(2, '0')},${part}" ${value < 0 ? negative : positive}`;
}

/** The coordinates as the clerk typed them: northing first for a grid, else latitude and longitude. */
function placeOf(log: BoreholeLog): string {
  const geographic = (lat: number, lon: number, datum: string) =>
    `Lat. ${dms(lat, 'N', 'S')}   Long. ${dms(lon, 'E', 'O')}   (${datum})`;
  if (log.original) {
    const { crs, x, y } = log.original;
    const code = Number(crs.replace(/^EPSG:/i, ''));
    const grid = (system: string) =>
      `N ${numeral(y, digitsOf(y, 1, 3))}   E ${numeral(x, digitsOf(x, 1, 3))}   (${system})`;
    if (code >= 32181 && code <= 32190) return grid(`MTM, fuseau ${code - 32180}`);
    if (code >= 2945 && code <= 2952) return grid(`MTM SCRS, fuseau ${code - 2942}`);
    if (code >= 26917 && code <= 26922) return grid(`UTM, fuseau ${code - 26900}`);
    if (code >= 2958 && code <= 2962) return grid(`UTM SCRS, fuseau ${code - 2941}`);
    if (code === 32198) return grid('Lambert du Québec');
    if (code === 4326) return geographic(y, x, 'WGS 84');
    if (code === 4269) return geographic(y, x, 'NAD 83');
    if (code === 4617) return geographic(y, x, 'NAD 83 SCRS');
    return grid(crs);
  }
  if (log.lat !== null && log.lon !== null) return geographic(log.lat, log.lon, 'NAD 83');
  return 'non relevées';
}

const RIGS = ['Longyear 34', 'CME-55 sur camion', 'Mobile B-61', 'Acker AD-II', 'Joy 22'];
const INSPECTORS = [
  ['R. Bélanger', 'R.B.'],
  ['G. Tremblay', 'G.T.'],
  ['M. Ouellette', 'M.O.'],
  ['J.-P. Lavoie', 'J.-P.L.'],
  ['C. Gagnon', 'C.G.'],
  ['L. Poirier', 'L.P.'],
] as const;
const ENGINEERS = ['A. Lachance, ing.', 'P. Désilets, ing.', 'H. Gauthier, ing.'];

/** The made-up people and machine of the hole: the same at each drawing. */
function crewOf(log: BoreholeLog) {
  const h = hashOf(`crew:${log.id}:${log.project}`);
  const [inspector, initials] = INSPECTORS[h % INSPECTORS.length]!;
  return {
    rig: RIGS[(h >>> 5) % RIGS.length]!,
    inspector,
    initials,
    engineer: ENGINEERS[(h >>> 9) % ENGINEERS.length]!,
  };
}

type Layer = BoreholeLog['layers'][number];
const rockLike = (layer: Layer) => {
  const soil = layerSoil(layer);
  return soil === 'bedrock' || soil === 'fractured_bedrock';
};

// ——— The samples' and tests' lines ———

/** One typed line at the right of a row: a sample or a test, or both when they are one. */
interface SampleLine {
  top: number;
  tag: string;
  depth: string;
  blows: string;
  n: string;
}
const near = (a: number, b: number) => Math.abs(a - b) < 0.005;
const SPOON = /^(CF|SS|SPT|S)$/;
const CORE = /^(CR|C|CAR|RC|NQ|HQ|BQ|PQ)$/;

type Test = BoreholeLog['spt'][number];
/** Blows per 15 cm as the driller called them: made up, steady, the second and third summing to N. */
function incrementsOf(n: number, salt: number): string {
  const second = Math.floor(n / 2) - (n >= 4 ? salt % 2 : 0);
  const third = n - second;
  const first = Math.max(1, Math.round(second * 0.7) - ((salt >>> 3) % 2));
  const fourth = third + ((salt >>> 5) % 3);
  return `${first}-${second}-${third}-${fourth}`;
}
/** A test's blows and N: « 50/100 mm » and « R » for a refusal, « — » when no count was kept. */
function testText(test: Test, salt: number): { blows: string; n: string } {
  if (test.refusal) {
    const { blows, mm } = test.refusal;
    return { blows: mm === null ? `>${blows}` : `${blows}/${Math.round(mm)} mm`, n: 'R' };
  }
  if (test.n === null) return { blows: '—', n: '—' };
  if (!Number.isInteger(test.n)) return { blows: '—', n: numeral(test.n, 1) };
  return { blows: incrementsOf(test.n, salt), n: String(test.n) };
}

function sampleLines(log: BoreholeLog): SampleLine[] {
  const salt = hashOf(log.id);
  const lines: SampleLine[] = [...log.samples]
    .sort((a, b) => a.top - b.top)
    .map((sample) => {
      const type = sample.type.trim().toUpperCase();
      const ref = sample.ref.trim();
      const prefix = new RegExp(`^${type.replace(/[^\w]/g, '')}[-\\s]+`, 'i');
      const number = type && prefix.test(ref) ? ref.replace(prefix, '') : ref;
      return {
        top: sample.top,
        tag: [type, number].filter(Boolean).join('-') || '—',
        depth: sample.base === null ? m2(sample.top) : `${m2(sample.top)}-${m2(sample.base)}`,
        blows: '',
        n: '',
      };
    });
  const typeOf = (line: SampleLine) => line.tag.split('-')[0]!;
  [...log.spt]
    .sort((a, b) => a.top - b.top)
    .forEach((test, i) => {
      const free = (line: SampleLine) => near(line.top, test.top) && !line.blows && !line.n;
      let line =
        lines.find((each) => free(each) && SPOON.test(typeOf(each))) ??
        lines.find((each) => free(each) && !CORE.test(typeOf(each)));
      if (!line) {
        line = { top: test.top, tag: '', depth: m2(test.top), blows: '', n: '' };
        lines.push(line);
      }
      Object.assign(line, testText(test, hashOf(`${salt}:${i}`)));
    });
  [...log.cores]
    .sort((a, b) => a.top - b.top)
    .forEach((core, i) => {
      let line = lines.find((each) => near(each.top, core.top) && !each.blows && CORE.test(typeOf(each)));
      if (!line) {
        line = { top: core.top, tag: `CR-${i + 1}`, depth: `${m2(core.top)}-${m2(core.base)}`, blows: '', n: '' };
        lines.push(line);
      }
      line.blows = core.rqd === null ? 'RQD —' : `RQD ${Math.round(core.rqd)} %`;
    });
  return lines.sort((a, b) => a.top - b.top);
}

// ——— The table's rows, and their pages ———

/** One typed line of the table. */
interface TypedLine {
  from?: string;
  to?: string;
  text?: string;
  sample?: SampleLine;
}
interface Row {
  lines: TypedLine[];
  /** A line ruled by hand under the row. */
  ruled: boolean;
}

const DESCRIPTION_CHARS = charsIn(COL.description.x0, COL.description.x1);
const REMARK_CHARS = Math.floor((RIGHT - LEFT - 16) / ADVANCE);

function layerRows(log: BoreholeLog): Row[] {
  const layers = [...log.layers].sort((a, b) => a.top - b.top);
  const samples = sampleLines(log);
  if (layers.length === 0)
    return [
      {
        lines: Array.from({ length: Math.max(1, samples.length) }, (_, i) => ({
          ...(i === 0 ? { from: m2(0), to: m2(log.depth), text: '—' } : {}),
          sample: samples[i],
        })),
        ruled: true,
      },
    ];
  // Each sample on its layer's row: the layer it starts in, the first or last for those outside.
  const layerOf = (top: number) => {
    const index = layers.findIndex((layer) => top >= layer.top - 0.005 && top < layer.base - 0.005);
    if (index >= 0) return index;
    return top < layers[0]!.top ? 0 : layers.length - 1;
  };
  return layers.map((layer, index) => {
    const own = samples.filter((sample) => layerOf(sample.top) === index);
    const text = wrap(layer.description.trim() || '—', DESCRIPTION_CHARS);
    const lines: TypedLine[] = Array.from({ length: Math.max(text.length, own.length) }, (_, i) => ({
      text: text[i],
      sample: own[i],
    }));
    lines[0] = { ...lines[0], from: m2(layer.top), to: m2(layer.base) };
    return { lines, ruled: true };
  });
}

/** The end of the hole, typed under the last layer. */
function endRow(log: BoreholeLog): Row {
  const last = [...log.layers].sort((a, b) => a.top - b.top).at(-1);
  const lines: TypedLine[] = [{ text: `Fin du sondage à ${m2(log.depth)} m.` }];
  if (last && rockLike(last))
    lines.push({ text: log.cores.length ? 'Sondage terminé dans le roc.' : 'Refus sur le roc.' });
  return { lines, ruled: false };
}

/** The remarks in sentences: the water, the refusals at seating, the well. */
function remarksOf(log: BoreholeLog): string[] {
  const day = isoDay(log.endDate) ?? isoDay(log.date);
  const sentences: string[] = [];
  for (const depth of [...log.waterStrikes].sort((a, b) => a - b))
    sentences.push(`Eau rencontrée à ${m2(depth)} m en cours de forage.`);
  for (const depth of log.standingLevels)
    sentences.push(`Niveau d'eau mesuré à ${m2(depth)} m${day ? ` le ${frenchDate(day)}` : ''}.`);
  if (!log.waterStrikes.length && !log.standingLevels.length) sentences.push("Aucune venue d'eau observée.");
  for (const test of log.spt)
    if (test.refusal?.seating) sentences.push(`Refus à l'enfoncement initial de la cuillère à ${m2(test.top)} m.`);
  if (log.screen) sentences.push(`Piézomètre installé, crépine de ${m2(log.screen.top)} à ${m2(log.screen.base)} m.`);
  return sentences;
}

/** The remarks' box holds what it can, whole sentences; the rest is typed at the table's foot. */
function splitRemarks(sentences: string[]): { box: string[]; overflow: Row | null } {
  const box: string[] = [];
  let index = 0;
  for (; index < sentences.length; index++) {
    const lines = wrap(sentences[index]!, REMARK_CHARS);
    const room = REMARKS_LINES - (index < sentences.length - 1 ? 1 : 0);
    if (box.length + lines.length > room) break;
    box.push(...lines);
  }
  if (index === sentences.length) return { box, overflow: null };
  box.push('Suite des remarques au bas du tableau.');
  const rest = sentences.slice(index).flatMap((sentence) => wrap(sentence, DESCRIPTION_CHARS));
  return { box, overflow: { lines: ['', 'Remarques (suite) :', ...rest].map((text) => ({ text })), ruled: false } };
}

interface Placed {
  y: number;
  line: TypedLine;
}
interface Sheet {
  lines: Placed[];
  rules: number[];
}

/** The rows laid down the pages: a row goes whole to the next page when it does not hold. */
function paginate(rows: Row[]): Sheet[] {
  const sheets: Sheet[] = [{ lines: [], rules: [] }];
  let y = FIRST_BASELINE;
  const fresh = () => {
    sheets.push({ lines: [], rules: [] });
    y = FIRST_BASELINE;
  };
  const capacity = Math.floor((LAST_BASELINE - FIRST_BASELINE) / PITCH) + 1;
  for (const row of rows) {
    const lastY = y + (row.lines.length - 1) * PITCH;
    if (lastY > LAST_BASELINE && sheets.at(-1)!.lines.length && row.lines.length <= capacity) fresh();
    for (const line of row.lines) {
      if (y > LAST_BASELINE) fresh();
      sheets.at(-1)!.lines.push({ y, line });
      y += PITCH;
    }
    if (row.ruled) {
      // No line of the typist's own where the form's frame already closes the table.
      if (y - PITCH + GAP < BODY_BOTTOM - 4) sheets.at(-1)!.rules.push(y - PITCH + GAP);
      y += GAP;
    }
  }
  return sheets;
}

// ——— The log ———

function typedHeader(c: SKRSContext2D, typist: Typist, log: BoreholeLog, blanks: Blanks, page: number, pages: number) {
  const crew = crewOf(log);
  const mid = LEFT + 300;
  typeInto(c, typist, log.id, blanks.hole, mid - 16);
  typeInto(c, typist, drillingDays(log), blanks.date);
  typeInto(c, typist, log.project || '—', blanks.project);
  typeInto(c, typist, log.site || '—', blanks.site);
  typeInto(c, typist, placeOf(log), blanks.place);
  typeInto(c, typist, log.groundLevel === null ? '—' : `${m2(log.groundLevel)} m`, blanks.ground, mid - 16);
  typeInto(c, typist, `${m2(log.depth)} m`, blanks.depth);
  typeInto(c, typist, methodText(log.method, log.holeType) || '—', blanks.method, mid + 60);
  typeInto(c, typist, crew.rig, blanks.rig);
  typeInto(c, typist, crew.inspector, blanks.inspector, mid - 16);
  typeInto(c, typist, String(page + 1), blanks.page);
  typeInto(c, typist, String(pages), blanks.pages);
  typeInto(c, typist, crew.initials, blanks.prepared, LEFT + 200);
  typeInto(c, typist, crew.engineer, blanks.checked, RIGHT - 60);
  signature(c, blanks.checked[0] + crew.engineer.length * ADVANCE + 14, SIGNATURES - 2, hashOf(crew.engineer));
}

function typedTable(c: SKRSContext2D, typist: Typist, sheet: Sheet, salt: number) {
  for (const { y, line } of sheet.lines) {
    const cell = (name: Column, text: string | undefined) => {
      if (text) typeInCell(c, typist, text, name, y);
    };
    cell('from', line.from);
    cell('to', line.to);
    cell('description', line.text);
    cell('tag', line.sample?.tag);
    cell('depth', line.sample?.depth);
    cell('blows', line.sample?.blows);
    cell('n', line.sample?.n);
  }
  sheet.rules.forEach((y, i) => ruledByHand(c, y, hashOf(`${salt}:${i}`)));
}

function typedRemarks(c: SKRSContext2D, typist: Typist, lines: string[]) {
  lines.forEach((text, i) => type(c, typist, text, LEFT + 8, REMARKS_FIRST + i * PITCH));
}

function archiveLog(log: BoreholeLog, sheets: Sheets) {
  const remarks = splitRemarks(remarksOf(log));
  const rows = [...layerRows(log), endRow(log), ...(remarks.overflow ? [remarks.overflow] : [])];
  const pages = paginate(rows);
  pages.forEach((sheet, page) => {
    const c = sheets.page();
    const blanks = printedForm(c);
    const typist = typistFor(log, page);
    typedHeader(c, typist, log, blanks, page, pages.length);
    typedTable(c, typist, sheet, hashOf(`${log.id}:${page}`));
    const last = page === pages.length - 1;
    typedRemarks(c, typist, last ? remarks.box : [`Suite du sondage à la page ${page + 2}.`]);
  });
}

/** The log drawn in the « archive » layout as a PDF, its typed text kept as text. */
export function archiveLayoutPdf(log: BoreholeLog): Uint8Array {
  return pdfPages(archiveLog, log, PAPER);
}

/** The log drawn in the « archive » layout, as page images at `dpi`. */
export async function archiveLayoutPages(log: BoreholeLog, dpi: number): Promise<PageImage[]> {
  return await rasterPages(archiveLog, log, PAPER, dpi);
}
