import { describe, expect, it } from 'vitest';
import { readLog } from './extract-log.ts';
import type { Word } from './words.ts';

/**
 * Logs that write each increment's blows on a row of their own, at its depth, under « Coups / » over
 * « 150 mm », and N in bold beside the two that make it, in a column headed « N » — lower than the
 * test's top, where its sample's label stands.
 */
const word = (text: string, y: number, x: number, page = 1, height = 0.006): Word => ({
  text,
  page,
  box: { x, y, width: 0.0045 * text.length, height },
});
// 0 m at 20 % of the page, 1 m every 5 %: an increment of 150 mm is 0.0075 of the page.
const yOf = (depth: number) => 0.2 + 0.05 * depth;

/** A page's headings and graduation, from `from` metres down. */
const frame = (page: number, from: number, { n = true } = {}): Word[] => [
  word('Prof. (m)', 0.17, 0.02, page),
  word('Description des sols', 0.17, 0.2, page),
  word('N° éch. et', 0.17, 0.55, page),
  word('intervalle (m)', 0.178, 0.55, page),
  word('Coups /', 0.17, 0.65, page),
  word('150 mm', 0.178, 0.65, page),
  ...(n ? [word('N', 0.17, 0.72, page)] : []),
  ...Array.from({ length: 7 }, (_, i) => word(String(from + i), yOf(i) - 0.003, 0.05, page)),
];

/** A test at `top` metres (page depth `at`): its label, blows one under the other, N beside the 2nd and 3rd. */
const test = (label: string, at: number, blows: (string | null)[], n: string | null, page = 1): Word[] => [
  word(label, yOf(at), 0.55, page),
  ...blows.flatMap((blow, i) => (blow === null ? [] : [word(blow, yOf(at + 0.15 * i) + 0.001, 0.66, page, 0.005)])),
  ...(n === null ? [] : [word(n, yOf(at + 0.15) + 0.004, 0.72, page)]),
];

describe('an SPT whose blows are written one under the other, N beside them', () => {
  const reading = readLog([
    ...frame(1, 0),
    word('Remblai, sable et gravier', yOf(0) + 0.002, 0.2),
    word('1,20', yOf(1.2) - 0.003, 0.15),
    word('Argile silteuse, grise', yOf(1.2) + 0.004, 0.2),
    word('6,00', yOf(6) - 0.003, 0.15),
    ...test('CF-1', 0.75, ['6', '8', '8', '11'], '16'),
    // OCR lost the N: its blows give it.
    ...test('CF-2', 2.25, ['4', '5', '7', '9'], null),
    // OCR lost a blow and the N: no N from three of four.
    ...test('CF-3', 3.75, ['3', null, '4', '6'], null),
    // A bold 5 read as « s »; a bracket beside the column read « 11 », level with the N.
    ...test('CF-4', 5.25, ['20', '26', '26', '31'], 's2'),
    word('11', yOf(5.4) + 0.004, 0.7),
  ]);

  it('sets each N at its sample’s top, and none from the blows of one increment', () => {
    expect(reading.spt.map((found) => [found.depth, found.n.value])).toEqual([
      [0.75, 16],
      [2.25, 12],
      [5.25, 52],
    ]);
  });
});

describe('a page whose « N » heading OCR missed', () => {
  it('reads N where the log’s other pages have their column, not the blows', () => {
    const reading = readLog([
      word('Profondeur finale : 9,00 m', 0.05, 0.6),
      ...frame(1, 0),
      word('Silt argileux, gris', yOf(0) + 0.002, 0.2),
      ...test('CF-1', 0.75, ['3', '5', '6', '8'], '11'),
      ...test('CF-2', 2.25, ['7', '9', '12', '14'], '21'),
      ...frame(2, 6, { n: false }),
      word('Silt argileux, gris (suite)', yOf(0) + 0.002, 0.2, 2),
      // A blow of each lost: the stacks give no N.
      ...test('CF-3', 0.75, ['10', '12', null, '15'], '26', 2),
      ...test('CF-4', 2.25, ['11', null, '13', '17'], '26', 2),
      word('9,00', yOf(3) - 0.003, 0.15, 2),
      word('Fin du forage à 9,00 m', yOf(3) + 0.004, 0.2, 2),
    ]);
    expect(reading.spt.map((found) => [found.depth, found.n.value])).toEqual([
      [0.75, 11],
      [2.25, 21],
      [6.75, 26],
      [8.25, 26],
    ]);
  });
});

describe('the headings of a scanned page, « Description » boxed twice as high', () => {
  it('still take the rows above and under it: the samples’ group and the blows’ unit', () => {
    const tall = (words: Word[]) =>
      words.map((found) =>
        found.text === 'Description des sols' ? { ...found, box: { ...found.box, y: 0.166, height: 0.013 } } : found,
      );
    const reading = readLog(
      tall([
        word('ÉCHANTILLONS', 0.162, 0.54),
        ...frame(1, 0).filter((found) => found.text !== 'N° éch. et'),
        word('N° et', 0.17, 0.55),
        word('Sable fin, gris', yOf(0) + 0.002, 0.2),
        ...test('CF-1', 0.75, ['2', '3', '3', '4'], '6'),
        ...test('CF-2', 2.25, ['5', '6', '7', '9'], '13'),
      ]),
    );
    expect(reading.samples.map((sample) => [sample.depth, sample.label.value])).toEqual([
      [0.75, 'CF 1'],
      [2.25, 'CF 2'],
    ]);
    expect(reading.spt.map((found) => [found.depth, found.n.value])).toEqual([
      [0.75, 6],
      [2.25, 13],
    ]);
  });
});

describe('blows under « Coups 150 », its « / » lost by OCR, and no N column read', () => {
  it('are blows, each stack giving its N', () => {
    const reading = readLog([
      ...frame(1, 0, { n: false }).map((found) => (found.text === 'Coups /' ? { ...found, text: 'Coups 150' } : found)),
      word('Sable fin, gris', yOf(0) + 0.002, 0.2),
      ...test('CF-1', 0.75, ['12', '14', '15', '18'], null),
      ...test('CF-2', 2.25, ['21', '25', '26', '30'], null),
    ]);
    expect(reading.spt.map((found) => [found.depth, found.n.value])).toEqual([
      [0.75, 29],
      [2.25, 51],
    ]);
  });
});

describe('a log whose « N » heading OCR lost on every page, blows lost in its stacks', () => {
  it('reads each sample’s N right of its blows, past a bracket read « 11 »', () => {
    const reading = readLog([
      ...frame(1, 0, { n: false }),
      word('Remarques', 0.17, 0.8),
      word('Sable fin, gris', yOf(0) + 0.002, 0.2),
      ...test('CF-1', 0.75, ['6', null, null, '11'], '16'),
      word('11', yOf(0.9) + 0.004, 0.7),
      ...test('CF-2', 2.25, [null, '3', null, null], '6'),
      word('Venue d’eau à 2,30 m', yOf(2.3), 0.8),
    ]);
    expect(reading.spt.map((found) => [found.depth, found.n.value])).toEqual([
      [0.75, 16],
      [2.25, 6],
    ]);
  });
});

/**
 * A log whose column headings are turned a quarter, which OCR does not read: no « Échant. » nor
 * « N » heading, the samples' labels in a column of their own (« _SS-1 » with a tick before it,
 * « ss-2 » read small), the blows of three 6 in. drives beside them (« [20-24-25 » with the rule
 * before it), the N column's figures lost.
 */
describe('samples and blows under headings OCR did not read', () => {
  const row = (label: string, at: number, blows: string) => [
    word(label, yOf(at), 0.17),
    word(blows, yOf(at) + 0.002, 0.26),
  ];
  const reading = readLog([
    word('Prof. (m)', 0.17, 0.02),
    word('Description', 0.17, 0.55),
    ...Array.from({ length: 7 }, (_, i) => word(String(i), yOf(i) - 0.003, 0.05)),
    word('Remblai, sable et gravier', yOf(0) + 0.002, 0.55),
    word('6,00', yOf(6) - 0.003, 0.5),
    ...row('_SS-1', 0.75, '6-8-8'),
    ...row('ss-2', 2.25, '[20-24-25'),
    ...row('SS-3', 3.75, '4-5-7'),
    // A sample named in a remark is not one of the column's.
    word('SS-9', yOf(5) + 0.002, 0.7),
  ]);

  it('reads the labels as a column of samples, at their tops', () => {
    expect(reading.samples.map((sample) => [sample.depth, sample.label.value])).toEqual([
      [0.75, 'SS 1'],
      [2.25, 'SS 2'],
      [3.75, 'SS 3'],
    ]);
  });

  it('takes each N from its blows, a rule’s end before them set aside, at its sample’s top', () => {
    expect(reading.spt.map((test) => [test.depth, test.n.value])).toEqual([
      [0.75, 16],
      [2.25, 49],
      [3.75, 12],
    ]);
  });
});

describe('a sample whose depths are written beside its label', () => {
  it('starts at the top written (« 0,75-1,35 »), not where its label is set in its bar', () => {
    const reading = readLog([
      ...frame(1, 0),
      word('Remblai, sable et gravier', yOf(0) + 0.002, 0.2),
      word('6,00', yOf(6) - 0.003, 0.15),
      // Each label set in the middle of its sample's bar, its span on its row or under it.
      word('0.75-1.35', yOf(1.05), 0.49),
      word('CF-1', yOf(1.05), 0.55),
      word('16', yOf(1.05), 0.72),
      word('CF-2', yOf(2.55), 0.55),
      word('2,25 - 2,85', yOf(2.55) + 0.007, 0.55),
      word('9', yOf(2.55), 0.72),
      // A span a metre and more from its label is another's.
      word('CF-3', yOf(4.05), 0.55),
      word('1.20-1.80', yOf(4.05) + 0.007, 0.55),
      // Its points lost by a poor scan.
      word('CF-4', yOf(5.55), 0.55),
      word('525-585', yOf(5.55) + 0.007, 0.55),
    ]);
    expect(reading.samples.map((sample) => [sample.depth, sample.label.value])).toEqual([
      [0.75, 'CF 1'],
      [2.25, 'CF 2'],
      [4.05, 'CF 3'],
      [5.25, 'CF 4'],
    ]);
    expect(reading.spt.map((test) => [test.depth, test.n.value])).toEqual([
      [0.75, 16],
      [2.25, 9],
    ]);
  });
});

/**
 * An observation well's log: descriptions that open with their depths (« 0,00 – 1,23 m : … »,
 * boundaries drawn as lines only), blows in four columns under « Coups / 150 mm » over « 1 2 3 4 »,
 * and N printed at the end of a bar under « Indice N (coups / 300 mm) », which OCR may lose.
 */
describe('descriptions led by their depths, blows side by side and N at the end of a bar', () => {
  const blows = (at: number, values: string[], n: string | null) => [
    ...values.map((value, i) => word(value, yOf(at) - 0.003, 0.6 + 0.02 * i)),
    ...(n === null ? [] : [word(n, yOf(at) - 0.003, 0.71)]),
  ];
  const reading = readLog([
    word('DESCRIPTION DES SOLS', 0.15, 0.03),
    word('Prof. (m)', 0.15, 0.4),
    word('Coups / 150 mm', 0.15, 0.607),
    word('Indice N (coups / 300 mm)', 0.15, 0.69),
    ...['1', '2', '3', '4'].map((text, i) => word(text, 0.165, 0.6 + 0.02 * i)),
    ...Array.from({ length: 7 }, (_, i) => word(String(i), yOf(i) - 0.003, 0.45)),
    // Its words apart, as a PDF's text and OCR give them: « 0,00 » reads like a hatching's marks.
    ...'0,00 – 1,23 m : Remblai, sable et gravier, pierre concassée 0-20 mm, lâche,'
      .split(' ')
      .reduce<Word[]>((line, text) => {
        const last = line.at(-1);
        return [...line, word(text, yOf(0) + 0.002, last ? last.box.x + last.box.width + 0.0045 : 0.03)];
      }, []),
    word('humide', yOf(0) + 0.016, 0.03),
    word('1,23 – 3,40 m : Argile silteuse, grise, ferme', yOf(1.23) + 0.002, 0.03),
    // Its colon lost by OCR.
    word('3,40 - 6,10 m Till, sable silteux, compact', yOf(3.4) + 0.002, 0.03),
    // Two blows lost by OCR: the bar's figure gives N.
    ...blows(0.75, ['6', '8'], '16'),
    // The bar's figure lost, the cells' rules and a speck read with three of the blows: 22 + 23.
    ...blows(1.5, ['18', '22)', '23,', '|-26'], null),
    // The bar's figure lost: the blows give N.
    ...blows(2.25, ['3', '4', '5', '6'], null),
    // The cells' rules read as « | », two blows joined by one: 20 | 24 | 25 | 28.
    ...['|', '20', '|', '24/25', '|', '28'].map((text, i) => word(text, yOf(3.75) - 0.003, 0.59 + 0.01 * i)),
    // The bar's end read « mi » before its figure, no blows read.
    word('mi', yOf(4.5) - 0.003, 0.69),
    word('16', yOf(4.5) - 0.003, 0.7),
    // A « 21 » at the end of its bar read « 2 », doubtfully: the blows say 10 + 11.
    ...blows(5.25, ['8', '10', '11', '13'], null).map((blow) => ({ ...blow, confidence: 95 })),
    { ...word('2', yOf(5.25) - 0.003, 0.71), confidence: 40 },
  ]);

  it('reads each layer from the depths its description opens with', () => {
    expect(reading.layers.map((layer) => [layer.top, layer.base, layer.description.value])).toEqual([
      [0, 1.23, 'Remblai, sable et gravier, pierre concassée 0-20 mm, lâche, humide'],
      [1.23, 3.4, 'Argile silteuse, grise, ferme'],
      [3.4, 6.1, 'Till, sable silteux, compact'],
    ]);
  });

  it('reads N at the end of its bar, or from the second and third blows', () => {
    expect(reading.spt.map((test) => [test.depth, test.n.value])).toEqual([
      [0.75, 16],
      [1.5, 45],
      [2.25, 9],
      [3.75, 49],
      [4.5, 16],
      [5.25, 21],
    ]);
  });
});

/**
 * The tests of the second page of a log whose N are drawn as bars, one test at 6.75 m (N = 13),
 * under the headings' rows as OCR read them (`headingRows`, on page 2).
 */
function secondPageTests(headingRows: Word[]) {
  const page = 2;
  const reading = readLog([
    ...frame(1, 0),
    word('Coups / 150 mm', 0.15, 0.607, page),
    word('Indice N (coups / 300 mm)', 0.15, 0.69, page),
    word('Prof. (m)', 0.15, 0.02, page),
    word('Description des sols', 0.15, 0.2, page),
    ...headingRows,
    ...Array.from({ length: 7 }, (_, i) => word(String(6 + i), yOf(i) - 0.003, 0.05, page)),
    ...['5', '6', '7', '9'].map((text, i) => word(text, yOf(0.75) - 0.003, 0.6 + 0.02 * i, page)),
    word('13', yOf(0.75) - 0.003, 0.72, page),
  ]);
  return reading.spt.filter((test) => test.n.page === page).map((test) => [test.depth, test.n.value]);
}

describe('a second page of N drawn as bars, under the increments’ « 1 2 3 4 » and the plot’s axis', () => {
  it('reads the test, and no N from the rows over the body', () => {
    // The increments' headings a line under, and the plot's axis with a grid line's mark joined to a label.
    const tests = secondPageTests([
      ...['1', '2', '3', '4'].map((text, i) => word(text, 0.165, 0.6 + 0.02 * i, 2)),
      ...['0', '20', '40 = )', '60', '80'].map((text, i) => word(text, 0.166, 0.69 + 0.025 * i, 2)),
    ]);
    expect(tests).toEqual([[6.75, 13]]);
  });
});

describe('a second page scanned: the increments’ headings left « 2 3 4 », the plot’s axis half read', () => {
  it('reads no N from the headings’ row: neither the axis’ « 20 » nor the sum of « 3 » and « 4 »', () => {
    // On one line: the « 1 » of the increments' headings lost, the axis read « 20 sv £ 80 ».
    const tests = secondPageTests([
      ...['2', '3', '4'].map((text, i) => word(text, 0.165, 0.62 + 0.02 * i, 2)),
      ...['20', 'sv', '£', '80'].map((text, i) => word(text, 0.165, 0.715 + 0.025 * i, 2)),
    ]);
    expect(tests).toEqual([[6.75, 13]]);
  });
});

describe('a column « N ou RQD » under a group heading set a row apart', () => {
  const reading = readLog([
    // « ÉCHANTILLONS » groups « Type » and « N° »: its row stands further above « DESCRIPTION »
    // than twice its capitals' height, as a table's group row does.
    word('ÉCHANTILLONS', 0.154, 0.579, 1, 0.0057),
    word('Prof. (m)', 0.1666, 0.02, 1, 0.0052),
    word('DESCRIPTION DES SOLS', 0.1666, 0.2, 1, 0.0052),
    word('N ou', 0.174, 0.665, 1, 0.0045),
    word('Récup.', 0.174, 0.702),
    word('Type', 0.178, 0.578),
    word('N°', 0.178, 0.613, 1, 0.0048),
    word('RQD', 0.182, 0.665),
    ...Array.from({ length: 7 }, (_, i) => word(String(i), yOf(i) - 0.003, 0.05)),
    word('Argile silteuse, grise', yOf(0) + 0.004, 0.2),
    word('CF', yOf(0.75), 0.582),
    word('1', yOf(0.75), 0.615),
    word('16', yOf(0.75), 0.67),
    // A core run: its RQD in the same column.
    word('CR', yOf(3), 0.582),
    word('2', yOf(3), 0.615),
    word('72 %', yOf(3), 0.667),
  ]);

  it('reads the samples under the group, and N only where the column holds no RQD', () => {
    expect(reading.samples.map((sample) => [sample.depth, sample.label.value])).toEqual([
      [0.75, 'CF 1'],
      [3, 'CR 2'],
    ]);
    expect(reading.spt.map((test) => [test.depth, test.n.value])).toEqual([[0.75, 16]]);
  });
});

describe('a column « N ou RQD » whose lone « N » a scan lost', () => {
  const reading = (first: string) =>
    readLog([
      word('Prof. (m)', 0.1666, 0.02, 1, 0.0052),
      word('DESCRIPTION DES SOLS', 0.1666, 0.2, 1, 0.0052),
      word(first, 0.174, 0.669, 1, 0.0045),
      word('RQD', 0.182, 0.665),
      word('Récup.', 0.174, 0.702),
      ...Array.from({ length: 7 }, (_, i) => word(String(i), yOf(i) - 0.003, 0.05)),
      word('Argile silteuse, grise', yOf(0) + 0.004, 0.2),
      word('16', yOf(0.75) - 0.003, 0.67),
      word('23', yOf(2.25) - 0.003, 0.67),
    ]);

  it('reads N under « ou » over « RQD », as under « N ou » over it', () => {
    const tests = (first: string) => reading(first).spt.map((test) => [test.depth, test.n.value]);
    expect(tests('ou')).toEqual([
      [0.75, 16],
      [2.25, 23],
    ]);
    expect(tests('N ou')).toEqual(tests('ou'));
    // « RQD » alone heads cores' percentages, not N.
    expect(tests('%')).toEqual([]);
  });
});
