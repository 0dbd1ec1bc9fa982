// The ninth firm's log layout, held out since the night of 28 Nov 2026, after « coupe »
// (bench/coupe-layout.ts): drawn by this script alone, apart from the reader and from the layouts
// it was built and tuned on, written for the next session's measure and never read while tuning —
// `npm run bench:ocr` measures it with the others, and nothing in the reader is changed to suit it.
//
// « sommaire »: a Québec municipal engineering department's soils laboratory « RAPPORT DE
// SONDAGE », a word-processor form on legal paper turned landscape (14 × 8,5 in), with no scale at
// all: the hole is a table whose rows are the layers, each as tall as its words. The descriptions
// and the title are in a serif type (DejaVu Serif), everything else in a wide sans-serif one
// (DejaVu Sans); decimal commas. The header is a boxed form: a title row of three merged cells (the
// organisation, with its emblem as a round seal if it has one, over « Service de l'ingénierie —
// Laboratoire des sols et matériaux »; the title; the hole's number in large type), then fields
// written on a rule with their caption in small grey italics UNDER the rule (« Projet », « Endroit
// », « Autre désignation »; the coordinates' two values, X (Est) and Y (Nord) in metres or latitude
// and longitude in signed decimal degrees; the ground's elevation; the depth reached; the first and
// last days written « 2019/07/18 »; « Échelle : aucune »), and rows of check boxes, the box of the
// one that applies marked with an « X » typed in it: the coordinate system (MTM, UTM, Lambert,
// géographiques, autre — the zone and datum written only beside the checked one), the position
// (levée, approximative, convertie, inconnue), the drilling method (or « Autre : » the hole type),
// the piezometer (« Installé, crépine de 3,00 à 6,00 m » or « Aucun »), and the groundwater
// (« Infiltration en cours de forage à 2,10 m », « Niveau stabilisé à 3,42 m, mesuré le
// 2019/07/18 », « Aucune eau observée »). The table's columns: the layer's number, its depths
// under one merged heading « PROFONDEUR (m) » — « De », « À » and the thickness —, the elevation
// of its top, « DESCRIPTION DES MATÉRIAUX », then under « ÉCHANTILLONS » the type, the number and
// the depth « 0,75 – 1,35 » of each sample in the layer, one under the other on sub-rows split by
// grey rules, and under « ESSAI DE PÉNÉTRATION STANDARD » the blows of the three 150 mm drives
// (« 4 – 6 – 7 », a refusal as « 50/75 mm ») and N (« Refus », « > 50 »), on the sample's
// sub-row; last, « OBSERVATIONS » in words at the layer where they happen (« Infiltration d'eau à
// 2,10 m », « Niveau d'eau stabilisé à 3,42 m le 2019/07/18 », « Carottage de 5,20 à 6,70 m :
// RQD = 78 % », the screen). No symbol, no plot, no depth scale. A row too tall for its page is
// split as a word processor splits it, its rest under the repeated headings of the next page with
// « suite » in the number's cell; the hole's end is a shaded row across the table, « FIN DU
// SONDAGE À 7,62 m — élévation 27,24 m ». The next pages have a short header (the organisation,
// « RAPPORT DE SONDAGE (suite) », the hole's number); every page has a foot of abbreviations and
// notes, the lines to sign and « Page 1 de 2 ».
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../api/digitise/raster.ts';
import { methodText } from '../src/domain/ags/hole-types.ts';
import type { DrillingMethod } from '../src/domain/borehole.ts';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { decimals, pdfPages, rasterPages, typeset, type Sheets } from './layout-pages.ts';

const font = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
GlobalFonts.registerFromPath(font('DejaVuSans.ttf'), 'Sommaire Sans');
GlobalFonts.registerFromPath(font('DejaVuSans-Bold.ttf'), 'Sommaire Sans');
GlobalFonts.registerFromPath(font('DejaVuSerif.ttf'), 'Sommaire Serif');
GlobalFonts.registerFromPath(font('DejaVuSerif-Bold.ttf'), 'Sommaire Serif');
const SANS = 'Sommaire Sans';
const SERIF = 'Sommaire Serif';
const sans = typeset(SANS);
const serif = typeset(SERIF);

/** Legal paper turned landscape (14 × 8,5 in), in points. */
const PAPER = { width: 1008, height: 612 };
const MARGIN = 26;
const LEFT = MARGIN;
const RIGHT = PAPER.width - MARGIN;
/** The foot of every page (abbreviations, signatures, page number), and the table's lowest line above it. */
const FOOT_TOP = PAPER.height - MARGIN - 40;
const BODY_BOTTOM = FOOT_TOP - 8;
/** The table's headings, in two levels. */
const HEAD_H = 30;
/** The table's lines: the distance between them, a row's padding above and under, the first baseline. */
const LEADING = 10.6;
const ROW_PAD = 3.5;
const FIRST_BASELINE = 7.8;
const END_H = 18;
const DESC_STYLE = '7.7px';
const VALUE_STYLE = '7.5px';

/** The table's columns, left to right, with their widths in points (the description takes the rest). */
const WIDTHS = {
  couche: 30,
  de: 40,
  a: 40,
  epaisseur: 42,
  elevation: 48,
  description: 0,
  type: 30,
  numero: 28,
  prof: 76,
  coups: 96,
  n: 40,
  observations: 170,
} as const;
type Column = keyof typeof WIDTHS;
const COLUMNS = {} as Record<Column, readonly [number, number]>;
{
  const fixed = Object.values(WIDTHS).reduce<number>((total, width) => total + width, 0);
  let x = LEFT;
  for (const name of Object.keys(WIDTHS) as Column[]) {
    const width = name === 'description' ? RIGHT - LEFT - fixed : WIDTHS[name];
    COLUMNS[name] = [x, x + width];
    x += width;
  }
}

// ——— Type ———

const measure = createCanvas(10, 10).getContext('2d');
const widthOf = (value: string, style: string, family = SANS) => {
  measure.font = `${style} "${family}"`;
  return measure.measureText(value).width;
};
/** The largest size (down to 65 %) at which `value` fits in `width`. */
function sizeToFit(value: string, width: number, size: number, weight = '', family = SANS) {
  let fitted = size;
  while (fitted > size * 0.65 && widthOf(value, `${weight} ${fitted}px`, family) > width) fitted -= 0.25;
  return fitted;
}
/** `text` cut into lines of at most `width` at `style`, at spaces (never at a no-break space). */
function wrapLine(text: string, width: number, style: string, family = SANS) {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/[ \t\r\n]+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (current && widthOf(next, style, family) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines.length ? lines : [''];
}
const line = (c: SKRSContext2D, x0: number, y0: number, x1: number, y1: number, width = 0.5, colour = '#222') => {
  c.save();
  c.lineWidth = width;
  c.strokeStyle = colour;
  c.beginPath();
  c.moveTo(x0, y0);
  c.lineTo(x1, y1);
  c.stroke();
  c.restore();
};
const grey = (c: SKRSContext2D, colour: string, draw: () => void) => {
  c.save();
  c.fillStyle = colour;
  draw();
  c.restore();
};

// ——— How the department writes things ———

/** Two decimals, a no-break space and the metre: « 3,42 m ». */
const metres = (value: number) => `${decimals(value, 2)}\u00a0m`;
/** « 2019-07-18 » as the form writes it: « 2019/07/18 ». */
const slashed = (value: string | null) => (value ? value.slice(0, 10).replaceAll('-', '/') : null);
const NBSP = '\u00a0';

/** The coordinate system's check boxes (the zone and datum beside the checked one) and its two fields. */
function coordinates(log: BoreholeLog) {
  const kinds = ['MTM', 'UTM', 'Lambert Québec', 'Géographiques', 'Autre'] as const;
  type Kind = (typeof kinds)[number];
  const choice = (kind: Kind | null, detail: string, fields: [string, string][]) => ({
    boxes: kinds.map((each) => ({ text: each === kind ? detail : each, checked: each === kind })),
    fields,
  });
  const geographic = (datum: string, lat: number, lon: number) =>
    choice('Géographiques', `Géographiques (${datum})`, [
      ['Latitude (degrés décimaux)', decimals(lat, 6)],
      ['Longitude (degrés décimaux)', decimals(lon, 6)],
    ]);
  if (log.original) {
    const { crs, x, y } = log.original;
    const code = Number(crs.replace(/^EPSG:/i, ''));
    const fields: [string, string][] = [
      ['Coordonnée X (Est), m', decimals(x, 1)],
      ['Coordonnée Y (Nord), m', decimals(y, 1)],
    ];
    if (code >= 32181 && code <= 32190) return choice('MTM', `MTM, fuseau ${code - 32180} (NAD 83)`, fields);
    if (code >= 2945 && code <= 2952) return choice('MTM', `MTM, fuseau ${code - 2942} (NAD 83 SCRS)`, fields);
    if (code >= 26917 && code <= 26922) return choice('UTM', `UTM, zone ${code - 26900} N (NAD 83)`, fields);
    if (code >= 2958 && code <= 2962) return choice('UTM', `UTM, zone ${code - 2941} N (NAD 83 SCRS)`, fields);
    if (code === 32198) return choice('Lambert Québec', 'Lambert conique conforme du Québec (NAD 83)', fields);
    if (code === 4326) return geographic('WGS 84', y, x);
    if (code === 4269 || code === 4617) return geographic('NAD 83', y, x);
    return choice('Autre', `Autre : ${crs}`, fields);
  }
  if (log.lat !== null && log.lon !== null) return geographic('NAD 83', log.lat, log.lon);
  return choice(null, '', [
    ['Coordonnée X (Est), m — non levée', '—'],
    ['Coordonnée Y (Nord), m — non levée', '—'],
  ]);
}

const POSITIONS: [string, string][] = [
  ['surveyed', 'levée'],
  ['approximate', 'approximative'],
  ['converted', 'convertie'],
  ['unknown', 'inconnue'],
];
function positionBoxes(log: BoreholeLog) {
  const boxes = POSITIONS.map(([key, text]) => ({ text, checked: key === log.locationConfidence }));
  if (!boxes.some((box) => box.checked) && log.locationConfidence)
    boxes.push({ text: log.locationConfidence, checked: true });
  return boxes;
}

const METHODS: [DrillingMethod, string][] = [
  ['hollow_stem_auger', 'Tarière à tige creuse'],
  ['rotary', 'Rotatif (lavage)'],
  ['coring', 'Carottage'],
  ['sonic', 'Sonique'],
];
function methodBoxes(log: BoreholeLog) {
  const other = log.holeType ? methodText(log.method, log.holeType) : null;
  return [
    ...METHODS.map(([method, text]) => ({ text, checked: !other && log.method === method })),
    { text: other ? `Autre : ${other}` : 'Autre', checked: Boolean(other) },
  ];
}

/** The day the steady levels were read: the last day of drilling. */
const readDay = (log: BoreholeLog) => slashed(log.endDate) ?? slashed(log.date);
const listed = (depths: number[]) =>
  [...depths]
    .sort((a, b) => a - b)
    .map(metres)
    .join(' ; ');

function waterBoxes(log: BoreholeLog) {
  const read = readDay(log);
  const strikes = log.waterStrikes.length > 0;
  const levels = log.standingLevels.length > 0;
  return [
    {
      text: strikes
        ? `Infiltration en cours de forage à ${listed(log.waterStrikes)}`
        : 'Infiltration en cours de forage',
      checked: strikes,
    },
    {
      text: levels
        ? `Niveau stabilisé à ${listed(log.standingLevels)}${read ? `, mesuré le ${read}` : ''}`
        : 'Niveau stabilisé',
      checked: levels,
    },
    { text: 'Aucune eau observée', checked: !strikes && !levels },
  ];
}
function piezometerBoxes(log: BoreholeLog) {
  const { screen } = log;
  return [
    {
      text: screen ? `Installé, crépine de ${decimals(screen.top, 2)} à ${metres(screen.base)}` : 'Installé',
      checked: Boolean(screen),
    },
    { text: 'Aucun', checked: !screen },
  ];
}

// ——— The table's rows ———

type Test = BoreholeLog['spt'][number];
/** A test's blows of its three 150 mm drives (N is the last two), and its N, as the department writes them. */
function testCells(test: Test): { coups: string; n: string } {
  if (test.refusal) {
    const { blows, mm, seating } = test.refusal;
    if (mm === null) return { coups: '—', n: `> ${blows}` };
    const driven = `${blows}/${Math.round(mm)}${NBSP}mm`;
    return { coups: seating ? `${driven} (amorçage)` : driven, n: 'Refus' };
  }
  if (test.n === null) return { coups: '—', n: '—' };
  if (!Number.isInteger(test.n)) return { coups: '—', n: decimals(test.n, 1) };
  const second = Math.floor(test.n / 2);
  const seat = Math.max(1, Math.round(test.n * 0.4));
  return { coups: [seat, second, test.n - second].join(' – '), n: String(test.n) };
}

/** A sub-row of the sample columns: a sample and the test made in it, or either alone. */
interface Entry {
  top: number;
  type: string;
  numero: string;
  prof: string;
  coups: string;
  n: string;
}
function entriesOf(log: BoreholeLog): Entry[] {
  const tests = [...log.spt].sort((a, b) => a.top - b.top);
  const used = new Set<Test>();
  const entries: Entry[] = [...log.samples]
    .sort((a, b) => a.top - b.top)
    .map((sample) => {
      const test = tests.find((each) => !used.has(each) && Math.abs(each.top - sample.top) < 0.005);
      if (test) used.add(test);
      const cells = test ? testCells(test) : { coups: '', n: '' };
      return {
        top: sample.top,
        type: sample.type || '—',
        numero: sample.ref || '—',
        prof:
          sample.base === null ? decimals(sample.top, 2) : `${decimals(sample.top, 2)} – ${decimals(sample.base, 2)}`,
        ...cells,
      };
    });
  for (const test of tests)
    if (!used.has(test))
      entries.push({ top: test.top, type: '—', numero: '—', prof: decimals(test.top, 2), ...testCells(test) });
  return entries.sort((a, b) => a.top - b.top);
}

/** What the observations column says, each at its depth. */
function observationsOf(log: BoreholeLog): { depth: number; text: string }[] {
  const read = readDay(log);
  return [
    ...log.waterStrikes.map((depth) => ({ depth, text: `Infiltration d’eau à ${metres(depth)}` })),
    ...log.standingLevels.map((depth) => ({
      depth,
      text: `Niveau d’eau stabilisé à ${metres(depth)}${read ? ` le ${read}` : ''}`,
    })),
    ...log.cores.map((core) => ({
      depth: core.top,
      text: `Carottage de ${decimals(core.top, 2)} à ${metres(core.base)} : ${
        core.rqd === null ? 'RQD non mesuré' : `RQD${NBSP}=${NBSP}${Math.round(core.rqd)}${NBSP}%`
      }`,
    })),
    ...(log.screen
      ? [
          {
            depth: log.screen.top,
            text: `Piézomètre : crépine de ${decimals(log.screen.top, 2)} à ${metres(log.screen.base)}`,
          },
        ]
      : []),
  ].sort((a, b) => a.depth - b.depth);
}

interface Row {
  /** The layer (null when the log has none: a row for its samples alone). */
  layer: BoreholeLog['layers'][number] | null;
  number: number;
  desc: string[];
  entries: Entry[];
  /** The observations' lines, each with its indent (a wrapped observation's next lines are indented). */
  notes: { text: string; indent: number }[];
  count: number;
}
function rowsOf(log: BoreholeLog): Row[] {
  const layers = [...log.layers].sort((a, b) => a.top - b.top);
  const rowAt = (depth: number) => {
    if (layers.length === 0) return 0;
    const index = layers.findIndex((layer) => depth >= layer.top - 1e-6 && depth < layer.base - 1e-6);
    if (index >= 0) return index;
    return depth < layers[0]!.top ? 0 : layers.length - 1;
  };
  const [descLeft, descRight] = COLUMNS.description;
  const [obsLeft, obsRight] = COLUMNS.observations;
  const rows: Row[] = (layers.length ? layers : [null]).map((layer, i) => ({
    layer,
    number: i + 1,
    desc: layer ? wrapLine(layer.description || '—', descRight - descLeft - 9, DESC_STYLE, SERIF) : [''],
    entries: [],
    notes: [],
    count: 0,
  }));
  for (const entry of entriesOf(log)) rows[rowAt(entry.top)]!.entries.push(entry);
  for (const note of observationsOf(log))
    wrapLine(note.text, obsRight - obsLeft - 14, VALUE_STYLE).forEach((text, i) =>
      rows[rowAt(note.depth)]!.notes.push({ text, indent: i ? 6 : 0 }),
    );
  for (const row of rows) row.count = Math.max(1, row.desc.length, row.entries.length, row.notes.length);
  return rows;
}

// ——— Pages ———

/** A piece of a row on a page: its lines `from` to `to`, its top. */
interface Fragment {
  row: Row;
  from: number;
  to: number;
  top: number;
}
interface PagePlan {
  fragments: Fragment[];
  /** The shaded row of the hole's end, when it is on this page. */
  end: number | null;
  /** The table's foot on this page. */
  bottom: number;
}
const fragmentHeight = (lines: number) => lines * LEADING + 2 * ROW_PAD;

function plan(rows: Row[], firstTableTop: number): PagePlan[] {
  const pages: PagePlan[] = [];
  let current: PagePlan = { fragments: [], end: null, bottom: firstTableTop + HEAD_H };
  let y = current.bottom;
  const newPage = () => {
    pages.push(current);
    current = { fragments: [], end: null, bottom: LATER_TABLE_TOP + HEAD_H };
    y = current.bottom;
  };
  for (const row of rows) {
    let from = 0;
    while (from < row.count) {
      const room = Math.floor((BODY_BOTTOM - y - 2 * ROW_PAD) / LEADING);
      const rest = row.count - from;
      // A row split leaves two lines at least on each side of the page's foot.
      let take = rest <= room ? rest : room >= 2 && rest - room >= 2 ? room : room >= 3 ? room - 1 : 0;
      // On a page of its own, it takes what room there is.
      if (take === 0 && current.fragments.length === 0) take = Math.min(rest, Math.max(1, room));
      if (take === 0) {
        newPage();
        continue;
      }
      current.fragments.push({ row, from, to: from + take, top: y });
      y += fragmentHeight(take);
      current.bottom = y;
      from += take;
      if (from < row.count) newPage();
    }
  }
  if (y + END_H > BODY_BOTTOM) newPage();
  current.end = y;
  current.bottom = y + END_H;
  pages.push(current);
  return pages;
}

// ——— The header ———

const PAD = 8;
/** A field: its value on a rule, its caption in small grey italics under the rule. */
function field(c: SKRSContext2D, [x0, x1]: readonly [number, number], y: number, value: string, caption: string) {
  const size = sizeToFit(value, x1 - x0 - 12, 8.6);
  sans.text(c, value, x0 + 4, y, `${size}px`);
  line(c, x0 + 2, y + 3.5, x1 - 8, y + 3.5, 0.45);
  grey(c, '#555', () => sans.text(c, caption, x0 + 4, y + 11, 'italic 6px'));
}
/** A check box, an « X » typed in it when it applies. */
function checkBox(c: SKRSContext2D, x: number, y: number, checked: boolean) {
  c.save();
  c.lineWidth = 0.7;
  c.strokeStyle = '#111';
  c.strokeRect(x, y - 7, 7.5, 7.5);
  c.restore();
  if (checked) sans.centred(c, 'X', [x, x + 7.5], y - 0.5, 'bold 7.4px');
}
/** A row of check boxes after its bold label, running onto another line when they do not fit; returns the last baseline. */
function checkBoxes(
  c: SKRSContext2D,
  [x0, x1]: readonly [number, number],
  y: number,
  label: string,
  boxes: { text: string; checked: boolean }[],
) {
  sans.text(c, label, x0, y, 'bold 7.4px');
  const start = x0 + widthOf(label, 'bold 7.4px') + 8;
  let x = start;
  for (const box of boxes) {
    const width = 10 + widthOf(box.text, '7.4px');
    if (x > start && x + width > x1) {
      x = start;
      y += 12;
    }
    checkBox(c, x, y, box.checked);
    sans.text(c, box.text, x + 10.5, y, '7.4px');
    x += width + 13;
  }
  return y;
}

/** The organisation: its emblem as a round seal, if it has one, and its name over the department's. */
function organisation(
  c: SKRSContext2D,
  log: BoreholeLog,
  [x0, x1]: readonly [number, number],
  top: number,
  height: number,
) {
  let left = x0 + PAD;
  if (log.emblem) {
    const r = Math.min(15, height / 2 - 4);
    const [cx, cy] = [left + r, top + height / 2];
    c.save();
    c.fillStyle = log.emblem.colour;
    c.beginPath();
    c.arc(cx, cy, r, 0, 2 * Math.PI);
    c.fill();
    c.strokeStyle = '#fff';
    c.lineWidth = 0.8;
    c.beginPath();
    c.arc(cx, cy, r - 2.5, 0, 2 * Math.PI);
    c.stroke();
    c.fillStyle = '#fff';
    sans.centred(c, log.emblem.initials, [cx - r, cx + r], cy + 3.6, `bold ${r * 0.7}px`);
    c.restore();
    left += 2 * r + 8;
  }
  const width = x1 - PAD - left;
  const names = wrapLine(log.organisation || '—', width, 'bold 10.5px');
  const size = names.length > 1 ? 8.5 : 10.5;
  const shown = wrapLine(log.organisation || '—', width, `bold ${size}px`).slice(0, 2);
  const lineTop = top + height / 2 - (shown.length * (size + 2) + 9) / 2;
  shown.forEach((text, i) =>
    sans.text(c, text, left, lineTop + size + i * (size + 2), `bold ${sizeToFit(text, width, size, 'bold')}px`),
  );
  const sub = 'Service de l’ingénierie — Laboratoire des sols et matériaux';
  grey(c, '#333', () =>
    sans.text(
      c,
      sub,
      left,
      lineTop + shown.length * (size + 2) + 8,
      `italic ${sizeToFit(sub, width, 6.8, 'italic')}px`,
    ),
  );
}

const TITLE_H = 48;
const TITLE_CELLS = [
  [LEFT, LEFT + 400],
  [LEFT + 400, RIGHT - 230],
  [RIGHT - 230, RIGHT],
] as const;
function titleRow(c: SKRSContext2D, log: BoreholeLog, title: string, subtitle: string) {
  const top = MARGIN;
  organisation(c, log, TITLE_CELLS[0], top, TITLE_H);
  serif.centred(c, title, TITLE_CELLS[1], top + 23, 'bold 15px');
  grey(c, '#333', () => serif.centred(c, subtitle, TITLE_CELLS[1], top + 37, '7.6px'));
  const [x0, x1] = TITLE_CELLS[2];
  sans.centred(c, log.id, [x0, x1], top + 28, `bold ${sizeToFit(log.id, x1 - x0 - 20, 18, 'bold')}px`);
  line(c, x0 + 30, top + 32, x1 - 30, top + 32, 0.45);
  grey(c, '#555', () => sans.centred(c, 'Sondage n°', [x0, x1], top + 40, 'italic 6px'));
  for (const [x] of TITLE_CELLS.slice(1)) line(c, x, top, x, top + TITLE_H, 0.8);
  line(c, LEFT, top + TITLE_H, RIGHT, top + TITLE_H, 0.8);
  return top + TITLE_H;
}

/** The first page's header: the title row and the form; returns its foot. */
function header(c: SKRSContext2D, log: BoreholeLog) {
  let y = titleRow(c, log, 'RAPPORT DE SONDAGE', 'Sommaire des sols rencontrés — tableau sans échelle');
  const inner = [LEFT + PAD, RIGHT - PAD] as const;
  const split = LEFT + 620;

  field(c, [LEFT + PAD, LEFT + 440], y + 15, log.project || '—', 'Projet');
  field(c, [LEFT + 440, LEFT + 700], y + 15, log.site || '—', 'Endroit');
  field(c, [LEFT + 700, RIGHT - PAD], y + 15, log.locaId ?? '—', 'Autre désignation');
  y += 30;

  const place = coordinates(log);
  const systemFoot = checkBoxes(c, [LEFT + PAD, split - 10], y + 12, 'Système de coordonnées :', place.boxes);
  const positionFoot = checkBoxes(c, [split, RIGHT - PAD], y + 12, 'Position :', positionBoxes(log));
  y = Math.max(systemFoot, positionFoot) + 6;

  const start = slashed(log.date) ?? '—';
  const fields: [readonly [number, number], string, string][] = [
    [[LEFT + PAD, LEFT + 170], place.fields[0]![1], place.fields[0]![0]],
    [[LEFT + 170, LEFT + 340], place.fields[1]![1], place.fields[1]![0]],
    [
      [LEFT + 340, LEFT + 500],
      log.groundLevel === null ? 'Non levée' : decimals(log.groundLevel, 2),
      'Élévation du terrain (géodésique), m',
    ],
    [[LEFT + 500, LEFT + 640], decimals(log.depth, 2), 'Profondeur atteinte, m'],
    [[LEFT + 640, LEFT + 760], start, 'Date de début (AAAA/MM/JJ)'],
    [[LEFT + 760, LEFT + 880], slashed(log.endDate) ?? start, 'Date de fin (AAAA/MM/JJ)'],
    [[LEFT + 880, RIGHT - PAD], 'Aucune', 'Échelle'],
  ];
  for (const [span, value, caption] of fields) field(c, span, y + 15, value, caption);
  y += 31;

  const methodFoot = checkBoxes(c, [LEFT + PAD, split - 10], y + 12, 'Méthode de forage :', methodBoxes(log));
  const piezometerFoot = checkBoxes(c, [split, RIGHT - PAD], y + 12, 'Piézomètre :', piezometerBoxes(log));
  y = Math.max(methodFoot, piezometerFoot) + 6;
  y = checkBoxes(c, inner, y + 12, 'Eau souterraine :', waterBoxes(log)) + 7;

  c.save();
  c.lineWidth = 1.1;
  c.strokeRect(LEFT, MARGIN, RIGHT - LEFT, y - MARGIN);
  c.restore();
  return y + 8;
}

/** The next pages' header: the title row alone. */
function shortHeader(c: SKRSContext2D, log: BoreholeLog) {
  const y = titleRow(c, log, 'RAPPORT DE SONDAGE (suite)', 'Sommaire des sols rencontrés — tableau sans échelle');
  c.save();
  c.lineWidth = 1.1;
  c.strokeRect(LEFT, MARGIN, RIGHT - LEFT, y - MARGIN);
  c.restore();
  return y + 8;
}
const LATER_TABLE_TOP = MARGIN + TITLE_H + 8;

// ——— The table ———

const GROUPS: [string, Column, Column][] = [
  ['PROFONDEUR (m)', 'de', 'epaisseur'],
  ['ÉCHANTILLONS', 'type', 'prof'],
  ['ESSAI DE PÉNÉTRATION STANDARD', 'coups', 'n'],
];
const HEADINGS: Record<Column, string[]> = {
  couche: ['Couche', 'n°'],
  de: ['De'],
  a: ['À'],
  epaisseur: ['Épaisseur'],
  elevation: ['Élév.', 'sommet (m)'],
  description: ['DESCRIPTION DES MATÉRIAUX'],
  type: ['Type'],
  numero: ['N°'],
  prof: ['Prof. (m)'],
  coups: ['Coups / 150 mm'],
  n: ['N'],
  observations: ['OBSERVATIONS', '(eau, roc, instrumentation)'],
};

function headings(c: SKRSContext2D, top: number) {
  grey(c, '#e2e2e2', () => c.fillRect(LEFT, top, RIGHT - LEFT, HEAD_H));
  const grouped = new Set<Column>();
  const columns = Object.keys(WIDTHS) as Column[];
  for (const [title, first, last] of GROUPS) {
    const span = [COLUMNS[first][0], COLUMNS[last][1]] as const;
    sans.centred(c, title, span, top + 9.5, `bold ${sizeToFit(title, span[1] - span[0] - 4, 6.8, 'bold')}px`);
    line(c, span[0], top + 13, span[1], top + 13, 0.5);
    for (const name of columns.slice(columns.indexOf(first), columns.indexOf(last) + 1)) grouped.add(name);
  }
  for (const name of columns) {
    const texts = HEADINGS[name];
    const [x0, x1] = COLUMNS[name];
    const baseline = grouped.has(name) ? top + 24 : texts.length > 1 ? top + 13 : top + 18;
    texts.forEach((text, i) => {
      const style = i && !grouped.has(name) ? '6.2px' : 'bold 6.8px';
      const [weight, size] = style.startsWith('bold') ? ['bold', 6.8] : ['', 6.2];
      sans.centred(c, text, [x0, x1], baseline + i * 8, `${weight} ${sizeToFit(text, x1 - x0 - 4, size, weight)}px`);
    });
  }
  line(c, LEFT, top, RIGHT, top, 0.9);
  line(c, LEFT, top + HEAD_H, RIGHT, top + HEAD_H, 0.9);
}

function fragment(c: SKRSContext2D, log: BoreholeLog, piece: Fragment) {
  const { row, from, to, top } = piece;
  const baseline = (i: number) => top + ROW_PAD + FIRST_BASELINE + (i - from) * LEADING;
  if (from === 0) {
    sans.centred(c, String(row.number), COLUMNS.couche, baseline(0), `bold ${VALUE_STYLE}`);
    if (row.layer) {
      const { top: layerTop, base } = row.layer;
      sans.centred(c, decimals(layerTop, 2), COLUMNS.de, baseline(0), VALUE_STYLE);
      sans.centred(c, decimals(base, 2), COLUMNS.a, baseline(0), VALUE_STYLE);
      sans.centred(c, decimals(base - layerTop, 2), COLUMNS.epaisseur, baseline(0), VALUE_STYLE);
      const elevation = log.groundLevel === null ? '—' : decimals(log.groundLevel - layerTop, 2);
      sans.centred(c, elevation, COLUMNS.elevation, baseline(0), VALUE_STYLE);
    }
  } else grey(c, '#555', () => sans.centred(c, 'suite', COLUMNS.couche, baseline(from), 'italic 6.2px'));

  const [descLeft] = COLUMNS.description;
  const [obsLeft] = COLUMNS.observations;
  for (let i = from; i < to; i++) {
    const y = baseline(i);
    const text = row.desc[i];
    if (text) serif.text(c, text, descLeft + 5, y, DESC_STYLE);
    const entry = row.entries[i];
    if (entry) {
      if (i > from)
        line(c, COLUMNS.type[0], y - FIRST_BASELINE - 1.6, COLUMNS.n[1], y - FIRST_BASELINE - 1.6, 0.35, '#999');
      sans.centred(c, entry.type, COLUMNS.type, y, VALUE_STYLE);
      sans.centred(c, entry.numero, COLUMNS.numero, y, VALUE_STYLE);
      sans.centred(c, entry.prof, COLUMNS.prof, y, `${sizeToFit(entry.prof, WIDTHS.prof - 4, 7.5)}px`);
      sans.centred(c, entry.coups, COLUMNS.coups, y, `${sizeToFit(entry.coups, WIDTHS.coups - 4, 7.5)}px`);
      sans.centred(c, entry.n, COLUMNS.n, y, `bold ${sizeToFit(entry.n, WIDTHS.n - 4, 7.5, 'bold')}px`);
    }
    const note = row.notes[i];
    if (note) sans.text(c, note.text, obsLeft + 5 + note.indent, y, VALUE_STYLE);
  }
  const bottom = top + fragmentHeight(to - from);
  line(c, LEFT, bottom, RIGHT, bottom, 0.6);
}

function endRow(c: SKRSContext2D, log: BoreholeLog, top: number) {
  grey(c, '#ececec', () => c.fillRect(LEFT, top, RIGHT - LEFT, END_H));
  const elevation = log.groundLevel === null ? '' : ` — élévation ${metres(log.groundLevel - log.depth)}`;
  sans.text(c, `FIN DU SONDAGE À ${metres(log.depth)}${elevation}`, COLUMNS.de[0] + 5, top + 12, 'bold 7.8px');
  line(c, LEFT, top + END_H, RIGHT, top + END_H, 0.9);
}

/** The table's frame on a page: its outer box, and each column's rule down to its foot. */
function frame(c: SKRSContext2D, top: number, page: PagePlan) {
  const columns = Object.keys(WIDTHS) as Column[];
  const ruled = page.end === null ? page.bottom : page.end;
  for (const name of columns.slice(1)) {
    const x = COLUMNS[name][0];
    const inGroup = GROUPS.some(([, first, last]) => {
      const [a, b] = [columns.indexOf(first), columns.indexOf(last)];
      const k = columns.indexOf(name);
      return k > a && k <= b;
    });
    line(c, x, top + (inGroup ? 13 : 0), x, ruled, 0.5);
  }
  c.save();
  c.lineWidth = 1.1;
  c.strokeRect(LEFT, top, RIGHT - LEFT, page.bottom - top);
  c.restore();
}

// ——— The foot ———

const ABBREVIATIONS =
  'CF : cuillère fendue ; TM : tube à paroi mince ; CR : carottier ; N : indice de pénétration standard, nombre de coups pour ' +
  'enfoncer l’échantillonneur des 300 mm qui suivent les 150 mm d’amorçage (marteau de 63,5 kg, chute de 760 mm) ; ' +
  'Refus : battage arrêté avant la fin de l’essai, écrit coups/mm enfoncés ; RQD : indice de qualité du roc.';
const NOTES =
  'Profondeurs en mètres sous la surface du terrain au moment du sondage ; élévations géodésiques en mètres. ' +
  'Ce tableau n’est pas à l’échelle : chaque ligne est une couche.';
function foot(c: SKRSContext2D, page: number, pages: number) {
  const split = RIGHT - 250;
  c.save();
  c.lineWidth = 0.8;
  c.strokeRect(LEFT, FOOT_TOP, RIGHT - LEFT, PAPER.height - MARGIN - FOOT_TOP);
  c.restore();
  line(c, split, FOOT_TOP, split, PAPER.height - MARGIN, 0.8);
  let y = FOOT_TOP + 9;
  sans.text(c, 'ABRÉVIATIONS', LEFT + 5, y, 'bold 6.4px');
  const textLeft = LEFT + 62;
  for (const text of wrapLine(ABBREVIATIONS, split - textLeft - 6, '6.4px')) {
    sans.text(c, text, textLeft, y, '6.4px');
    y += 8;
  }
  sans.text(c, 'NOTES', LEFT + 5, y, 'bold 6.4px');
  for (const text of wrapLine(NOTES, split - textLeft - 6, '6.4px')) {
    sans.text(c, text, textLeft, y, '6.4px');
    y += 8;
  }
  const sign = (label: string, at: number) => {
    sans.text(c, label, split + 6, at, '6.8px');
    line(c, split + 58, at + 1, RIGHT - 82, at + 1, 0.4);
  };
  sign('Préparé par :', FOOT_TOP + 15);
  sign('Vérifié par :', FOOT_TOP + 32);
  const pageText = `Page ${page + 1} de ${pages}`;
  sans.text(c, pageText, RIGHT - 6 - widthOf(pageText, 'bold 7.6px'), FOOT_TOP + 24, 'bold 7.6px');
}

function sommaireLog(log: BoreholeLog, sheets: Sheets) {
  const rows = rowsOf(log);
  // The first header's height, measured by drawing it on a scratch canvas.
  const firstTop = header(createCanvas(10, 10).getContext('2d'), log);
  const pages = plan(rows, firstTop);
  pages.forEach((page, index) => {
    const c = sheets.page();
    const top = index === 0 ? header(c, log) : shortHeader(c, log);
    headings(c, top);
    for (const piece of page.fragments) fragment(c, log, piece);
    if (page.end !== null) endRow(c, log, page.end);
    frame(c, top, page);
    foot(c, index, pages.length);
  });
}

/** The log drawn in the « sommaire » layout as a vector PDF, its text kept as text (a firm's export). */
export function sommaireLayoutPdf(log: BoreholeLog): Uint8Array {
  return pdfPages(sommaireLog, log, PAPER);
}

/** The log drawn in the « sommaire » layout, as page images at `dpi`. */
export async function sommaireLayoutPages(log: BoreholeLog, dpi: number): Promise<PageImage[]> {
  return await rasterPages(sommaireLog, log, PAPER, dpi);
}
