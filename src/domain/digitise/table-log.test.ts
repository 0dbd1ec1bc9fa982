import { describe, expect, it } from 'vitest';
import { readLog } from './extract-log.ts';
import type { Word } from './words.ts';

const word = (text: string, y: number, x: number): Word => ({
  text,
  page: 1,
  box: { x, y, width: 0.0045 * text.length, height: 0.006 },
});

/**
 * A log kept in a spreadsheet and printed: no depth scale, a row for each layer and each sample or
 * test in depth order, each as tall as its text. The columns: « De », « À », « Élév. », « Éch. »,
 * « Coups / 150 mm », « N », « Récup. », the description, « Eau ».
 */
const X = { from: 0.07, to: 0.12, elevation: 0.18, sample: 0.227, blows: 0.28, n: 0.36, recovery: 0.4, text: 0.48 };
const WATER = 0.845;
const row = (y: number, cells: Partial<Record<keyof typeof X | 'water', string>>): Word[] =>
  Object.entries(cells).map(([column, text]) =>
    word(text, y, column === 'water' ? WATER : X[column as keyof typeof X]),
  );

const spreadsheet = ({ from = true } = {}): Word[] => [
  ...(from ? [word('De', 0.145, 0.072)] : []),
  word('À', 0.145, 0.127),
  word('Élév.', 0.145, 0.174),
  word('Éch.', 0.15, 0.228),
  word('Coups /', 0.145, 0.285),
  word('N', 0.15, 0.363),
  word('Récup.', 0.145, 0.39),
  word('Description stratigraphique', 0.15, 0.583),
  word('Eau', 0.145, 0.884),
  ...[0.07, 0.122, 0.177].map((x) => word('(m)', 0.155, x)),
  word('150 mm', 0.155, 0.285),
  word('(%)', 0.155, 0.4),
  ...row(0.18, { from: '0,00', to: '1,20', elevation: '35,86', text: 'Remblai, sable et gravier' }),
  // A sample's row: its label, blows and N, the water noted in its row, no description.
  ...row(0.2, {
    from: '0,75',
    to: '1,35',
    elevation: '35,11',
    sample: 'CF-1',
    blows: '6-8-8-9',
    n: '16',
    recovery: '41',
    water: '▽ 1,12 (venue)',
  }),
  ...row(0.22, { from: '1,20', to: '3,75', elevation: '34,66', text: 'Argile silteuse, grise' }),
  ...row(0.24, { from: '2,25', to: '2,85', elevation: '33,61', sample: 'CF-2', blows: '—', n: 'n.d.', recovery: '53' }),
  // A layer that starts at a sample's top: its depths at the head of its description; the N lost.
  ...row(0.26, {
    from: '3,75',
    to: '4,35',
    elevation: '32,11',
    sample: 'CF-3',
    blows: '4-5-6-7',
    recovery: '80',
    text: '3,75 à 6,10 m',
  }),
  word('Till, sable silteux', 0.27, X.text),
  // The label lost by OCR (« cri »), the water's sign read as a letter.
  ...row(0.29, { from: '5,25', to: '5,85', elevation: '30,61', sample: 'cri', blows: '8-10-12-14', n: '22' }),
  word('v 4,48', 0.29, WATER),
  word('Fin du forage à 6,10 m', 0.31, 0.4),
];

describe('a log kept in a spreadsheet, a row for each layer and each sample', () => {
  for (const from of [true, false]) {
    describe(from ? 'with its headings' : 'its « De » heading lost by OCR', () => {
      const reading = readLog(spreadsheet({ from }));

      it('reads the layers from the rows that describe one, a sample’s row none', () => {
        expect(reading.layers.map((layer) => [layer.top, layer.base, layer.description.value])).toEqual([
          [0, 1.2, 'Remblai, sable et gravier'],
          [1.2, 3.75, 'Argile silteuse, grise'],
          [3.75, 6.1, 'Till, sable silteux'],
        ]);
      });

      it('reads each test at its row’s top, N from the blows where its figure is lost', () => {
        expect(reading.spt.map((test) => [test.depth, test.n.value])).toEqual([
          [0.75, 16],
          [3.75, 11],
          [5.25, 22],
        ]);
        expect(reading.samples.map((sample) => [sample.depth, sample.label.value])).toEqual([
          [0.75, 'CF 1'],
          [2.25, 'CF 2'],
          [3.75, 'CF 3'],
        ]);
      });
    });
  }
});

/**
 * A form filled on a typewriter: a row for each layer (« DE » · « À » · description), its samples
 * typed on the row's lines, each with its span, blows and N. Typed columns stand close: a long span
 * runs into the blows after it, OCR and a PDF's text then give them as one cell.
 */
const typed = ({ rules = false, tall = false } = {}): Word[] => [
  ...headingRows(rules, { tall }),
  word('0,00', 0.18, 0.07),
  word('6,52', 0.18, 0.13),
  word('Argile silteuse, grise', 0.18, 0.25),
  word('CF-1', 0.18, 0.6),
  word('9,75-10,35', 0.18, 0.66),
  word('2-3-3-5', 0.18, 0.74),
  word('6', 0.18, 0.9),
  word('6,52', 0.2, 0.07),
  word('15,15', 0.2, 0.13),
  word('Sable moyen, dense', 0.2, 0.25),
  word('CF-2', 0.2, 0.6),
  // 11 characters from 0.66 end at 0.7095: the blows typed a space after.
  word('11,25-11,85', 0.2, 0.66),
  word('6-10-12-12', 0.2, 0.712),
  word('22', 0.2, 0.9),
  word('Fin du sondage à 15,15 m.', 0.22, 0.25),
];

/**
 * The form's headings: « DESCRIPTION DU SOL » centred over two rows, groups over the columns of the
 * first (« PROFONDEUR » over « DE (m) » and « À (m) »), and — on a scan — the rule between the rows
 * read as marks on the line of « DESCRIPTION DU SOL » (« = », « === », a fifth as high).
 */
function headingRows(rules: boolean, { tall = false } = {}): Word[] {
  const small = (text: string, x: number): Word => ({
    text,
    page: 1,
    box: { x, y: 0.147, width: 0.02, height: 0.001 },
  });
  return [
    word('PROFONDEUR', 0.137, 0.08),
    word('ÉCHANTILLON', 0.137, 0.62),
    ...(tall
      ? // « DU SOL » run into the rule under it: boxed twice as high, alone on its line.
        [
          word('DESCRIPTION', 0.145, 0.25),
          { ...word('DU SOL', 0.143, 0.305), box: { x: 0.305, y: 0.143, width: 0.027, height: 0.012 } },
        ]
      : [word('DESCRIPTION DU SOL', 0.145, 0.25)]),
    ...(rules ? [small('=', 0.06), small('===', 0.118)] : []),
    word('DE (m)', 0.153, 0.07),
    word('À (m)', 0.153, 0.13),
    word('TYPE-No', 0.153, 0.6),
    word('PROF. (m)', 0.153, 0.66),
    word('COUPS / 15 cm', 0.153, 0.75),
    word('N', 0.153, 0.9),
  ];
}

describe('a typed form whose sample span runs into its blows', () => {
  it('reads the test and the sample at the span’s top', () => {
    const reading = readLog(typed());
    expect(reading.spt.map((test) => [test.depth, test.n.value])).toEqual([
      [9.75, 6],
      [11.25, 22],
    ]);
    expect(reading.samples.map((sample) => [sample.depth, sample.label.value])).toEqual([
      [9.75, 'CF 1'],
      [11.25, 'CF 2'],
    ]);
  });
});

describe('a typed form whose heading rule a scan read as marks', () => {
  it('finds the columns under the rule, and reads the layers by their rows', () => {
    const reading = readLog(typed({ rules: true }));
    expect(reading.layers.map((layer) => [layer.top, layer.base, layer.description.value])).toEqual([
      [0, 6.52, 'Argile silteuse, grise'],
      [6.52, 15.15, 'Sable moyen, dense'],
    ]);
    expect(reading.spt).toHaveLength(2);
  });
});

/** A typed form's layers, each row « De » · « À » · description, as OCR read them. */
const typedLayers = (rows: readonly [string, string, string][]): Word[] => [
  ...headingRows(false),
  ...rows.flatMap(([from, to, text], i) => [
    word(from, 0.18 + 0.03 * i, 0.07),
    word(to, 0.18 + 0.03 * i, 0.13),
    word(text, 0.18 + 0.03 * i, 0.25),
  ]),
  word('Fin du sondage à 10,52 m.', 0.18 + 0.03 * rows.length, 0.25),
];
const layersOfRows = (rows: readonly [string, string, string][]) =>
  readLog(typedLayers(rows)).layers.map((layer) => [layer.top, layer.base, layer.description.value]);
const TRUE_LAYERS = [
  [0, 1.12, 'Remblai, silt sableux'],
  [1.12, 7.21, 'Silt argileux, gris'],
  [7.21, 10.52, 'Argile oxydée, ferme'],
];

describe('a typed form whose « De » and « À » say each boundary twice', () => {
  it('takes a base OCR misread out of order from the « De » of the row after it', () => {
    expect(
      layersOfRows([
        ['0,00', '11,31', 'Remblai, silt sableux'],
        ['1,12', '7,21', 'Silt argileux, gris'],
        ['7,21', '10,52', 'Argile oxydée, ferme'],
      ]),
    ).toEqual(TRUE_LAYERS);
  });

  it('takes no « De » OCR misread (« 22 » for « 7,21 ») for a layer’s top', () => {
    expect(
      layersOfRows([
        ['0,00', '1,12', 'Remblai, silt sableux'],
        ['1,12', '7,21', 'Silt argileux, gris'],
        ['22', '10,52', 'Argile oxydée, ferme'],
      ]),
    ).toEqual(TRUE_LAYERS);
  });

  it('reads a row whose « À » OCR could not read by its « De », to the next row’s', () => {
    expect(
      layersOfRows([
        ['0,00', '15:39', 'Remblai, silt sableux'],
        ['1,12', '7,21', 'Silt argileux, gris'],
        ['7,21', '10,52', 'Argile oxydée, ferme'],
      ]),
    ).toEqual(TRUE_LAYERS);
  });
});

describe('a typed description whose line OCR cut into cells', () => {
  it('keeps the words of the line before the cut, not the sample’s label typed after it', () => {
    const words: Word[] = [
      ...headingRows(false),
      word('0,00', 0.18, 0.07),
      word('1,23', 0.18, 0.13),
      word('Remblai, sable et gravier,', 0.18, 0.25),
      // Typed a hair left of its heading « TYPE-No ».
      word('CF-1', 0.18, 0.599),
      word('0,75-1,35', 0.18, 0.66),
      word('5', 0.18, 0.9),
      // « 0-20 mm, » a few spaces from « lâche, humide »: a cell of its own, no word of three letters.
      word('0-20 mm,', 0.19, 0.25),
      word('lâche, humide', 0.19, 0.3),
      word('1,23', 0.21, 0.07),
      word('2,58', 0.21, 0.13),
      word('Argile silteuse, grise', 0.21, 0.25),
      word('Fin du sondage à 2,58 m.', 0.23, 0.25),
    ];
    expect(readLog(words).layers.map((layer) => layer.description.value)).toEqual([
      'Remblai, sable et gravier, 0-20 mm, lâche, humide',
      'Argile silteuse, grise',
    ]);
  });
});

describe('a typed form’s tests as a coarse scan reads them', () => {
  it('reads spans whose dash, comma or rule OCR garbled, and N beside the column’s rule', () => {
    const test = (y: number, label: string, span: string[], n: string): Word[] => [
      word(label, y, 0.6),
      // The span's words a space apart.
      ...span.map((text, i) => word(text, y, 0.66 + (i ? 0.0045 * (span[0]!.length + 1) : 0))),
      word('2-3-3-5', y, 0.76),
      word(n, y, 0.9),
    ];
    const words: Word[] = [
      ...headingRows(false),
      word('0,00', 0.18, 0.07),
      word('22,70', 0.18, 0.13),
      word('Calcaire, gris foncé, sain', 0.18, 0.25),
      // The dash lost: two depths.
      ...test(0.18, 'CF-1', ['11,25', '11,85'], '22'),
      // The comma read as a 5, the dash lost: once a number of a million metres.
      ...test(0.2, 'CF-2', ['17525', '17,85'], '10'),
      // The column's rule read before the depth, and beside N.
      ...test(0.22, 'CF-3', ['|21,75', '22,35'], '|20'),
      word('Fin du sondage à 22,70 m.', 0.24, 0.25),
    ];
    const reading = readLog(words);
    expect(reading.spt.map((test) => [test.depth, test.n.value])).toEqual([
      [11.25, 22],
      [17.25, 10],
      [21.75, 20],
    ]);
    expect(reading.samples.map((sample) => sample.depth)).toEqual([11.25, 17.25, 21.75]);
  });
});

describe('a typed form whose heading a scan boxed twice as high', () => {
  it('finds the columns under it, and reads the layers and tests by their rows', () => {
    const reading = readLog(typed({ tall: true }));
    expect(reading.layers.map((layer) => [layer.top, layer.base])).toEqual([
      [0, 6.52],
      [6.52, 15.15],
    ]);
    expect(reading.spt.map((test) => [test.depth, test.n.value])).toEqual([
      [9.75, 6],
      [11.25, 22],
    ]);
  });
});

describe('a boundary whose « À » and the next row’s « De » OCR read differently', () => {
  /** Three typed layers, the second boundary read « 6,06 » in « À » and « 6,66 » in the next « De ». */
  const rows = (sureOfBase: boolean): Word[] => {
    const sure = (w: Word, confidence: number): Word => ({ ...w, confidence });
    return [
      ...headingRows(false),
      word('0,00', 0.18, 0.07),
      word('1,12', 0.18, 0.13),
      word('Remblai, silt sableux', 0.18, 0.25),
      word('1,12', 0.21, 0.07),
      sure(word('6,06', 0.21, 0.13), sureOfBase ? 91 : 58),
      word('Silt argileux, gris', 0.21, 0.25),
      sure(word('6,66', 0.24, 0.07), sureOfBase ? 58 : 91),
      word('11,07', 0.24, 0.13),
      word('Argile oxydée, ferme', 0.24, 0.25),
      word('Fin du sondage à 11,07 m.', 0.27, 0.25),
    ];
  };
  const boundaries = (words: Word[]) => readLog(words).layers.map((layer) => [layer.top, layer.base]);

  it('takes the reading OCR was surer of, for both layers', () => {
    expect(boundaries(rows(true))).toEqual([
      [0, 1.12],
      [1.12, 6.06],
      [6.06, 11.07],
    ]);
    expect(boundaries(rows(false))).toEqual([
      [0, 1.12],
      [1.12, 6.66],
      [6.66, 11.07],
    ]);
  });
});
