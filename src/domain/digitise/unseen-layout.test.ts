import { describe, expect, it } from 'vitest';
import { readLog } from './extract-log.ts';
import { FORM_TABLE } from './form-table.fixture.ts';
import { headings } from './headings.ts';
import { cellsOf } from './lines.ts';
import { describes, inSentenceCase, isHatching, ledTop, sampleLabel, TOP_LED, withoutTopDepth } from './log-reading.ts';
import type { Word } from './words.ts';

/**
 * A log laid out as other firms do, unlike any the reader was built on: a symbol column whose
 * hatching reads as letters, descriptions headed « Stratigraphie », an SPT column headed « Indice
 * N », remarks beside the descriptions, and the hole's end written under the last layer.
 */
const word = (text: string, y: number, at: { x?: number; right?: number } = {}): Word => {
  const width = 0.0045 * text.length;
  const x = at.right === undefined ? (at.x ?? 0.1) : at.right - width;
  return { text, page: 1, box: { x, y, width, height: 0.006 } };
};
/** A line as OCR gives it: its words a space apart, from `x`. */
const spaced = (text: string, y: number, x: number): Word[] =>
  text.split(' ').map((part) => {
    const each = word(part, y, { x });
    x += each.box.width + 0.0045;
    return each;
  });
// 0 m at 20 % of the page, 1 m every 5 %.
const yOf = (depth: number) => 0.2 + 0.05 * depth;
const atDepth = (text: string, depth: number, x: number) => word(text, yOf(depth) + 0.004, { x });

const words: Word[] = [
  word('Forage : F-12', 0.05, { x: 0.05 }),
  word('Prof. (m)', 0.17, { x: 0.02 }),
  word('Symbole', 0.17, { x: 0.1 }),
  word('Stratigraphie', 0.17, { x: 0.2 }),
  // « Éch. » centred over a wider column: its labels start left of it.
  word('Éch.', 0.17, { x: 0.57 }),
  word('Indice N', 0.17, { x: 0.62 }),
  word('Remarques', 0.17, { x: 0.7 }),
  ...Array.from({ length: 7 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
  // The gravel's hatching, read as letters in the symbol column.
  atDepth('oooOO oO0O0OOQ', 3.6, 0.1),
  atDepth('O0oO°o oOQ', 4.2, 0.1),
  atDepth('Remblai : sable graveleux, brun', 0, 0.2),
  atDepth('Argile silteuse, grise, ferme', 1.2, 0.2),
  atDepth('Cu = 37 kPa', 1.2, 0.7),
  atDepth('Till : sable silteux, gravier, compact', 3.4, 0.2),
  word('1,20', yOf(1.2) - 0.007, { right: 0.55 }),
  word('3,40', yOf(3.4) - 0.007, { right: 0.55 }),
  word('CF-1', yOf(1.5), { x: 0.558 }),
  word('CF-2', yOf(4), { x: 0.558 }),
  word('12', yOf(1.5) - 0.003, { x: 0.63 }),
  word('7', yOf(2.5) - 0.003, { x: 0.63 }),
  word('25', yOf(4) - 0.003, { x: 0.63 }),
  atDepth('FIN DU FORAGE À 6,10 m', 6.1, 0.2),
  word('Refus à la tarière', yOf(6.1) + 0.014, { x: 0.2 }),
];

describe('a log of a layout the reader was not built on', () => {
  const reading = readLog(words);

  it('reads its layers, the last one ended where the hole ends', () => {
    expect(reading.finalDepth?.value).toBe(6.1);
    expect(reading.layers.map((layer) => [layer.top, layer.base])).toEqual([
      [0, 1.2],
      [1.2, 3.4],
      [3.4, 6.1],
    ]);
  });

  it('keeps the remarks, the hatching and the end of the hole out of the descriptions', () => {
    expect(reading.layers.map((layer) => layer.description.value)).toEqual([
      'Remblai : sable graveleux, brun',
      'Argile silteuse, grise, ferme',
      'Till : sable silteux, gravier, compact',
    ]);
  });

  it('reads the SPT under « Indice N » at the depth the scale gives', () => {
    expect(reading.spt.map((test) => [test.depth, test.n.value])).toEqual([
      [1.5, 12],
      [2.5, 7],
      [4, 25],
    ]);
  });
});

describe('its samples', () => {
  it('are read under a heading centred over their column', () => {
    expect(readLog(words).samples.map((sample) => [sample.depth, sample.label.value])).toEqual([
      [1.5, 'CF 1'],
      [4, 'CF 2'],
    ]);
  });
});

/**
 * Another firm's layout: each boundary written left of the descriptions (its elevation above the
 * line, its depth under it), a water column whose mark stands at the level's depth, a recovery
 * column of percentages, and N written on its sample's row, lower than the test's top.
 */
const sheet: Word[] = [
  word('Prof.', 0.17, { x: 0.02 }),
  word('Élév. Prof. (m)', 0.17, { x: 0.1 }),
  word('DESCRIPTION', 0.17, { x: 0.25 }),
  word('Échantillon', 0.17, { x: 0.6 }),
  word('Récup. (%)', 0.17, { x: 0.68 }),
  word('N', 0.17, { x: 0.78 }),
  word('Eau', 0.17, { x: 0.86 }),
  ...Array.from({ length: 7 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { x: 0.02 })),
  ...[1.9, 3.35, 5.2].flatMap((depth) => [
    word((35 - depth).toFixed(2).replace('.', ','), yOf(depth) - 0.008, { x: 0.1 }),
    word(depth.toFixed(2).replace('.', ','), yOf(depth) + 0.002, { x: 0.1 }),
  ]),
  atDepth('Remblai, sable et gravier, brun', 0, 0.25),
  atDepth('Argile silteuse, grise, ferme', 1.9, 0.25),
  atDepth('Sable fin, silteux, compact', 3.35, 0.25),
  word('CF-1', yOf(0.75) + 0.002, { x: 0.6 }),
  word('CF-2', yOf(2.25) + 0.002, { x: 0.6 }),
  word('67', yOf(0.75) + 0.002, { x: 0.69 }),
  word('4,10', yOf(4.1) + 0.002, { x: 0.69 }),
  word('12', yOf(0.75) + 0.002, { x: 0.78 }),
  word('31', yOf(2.25) + 0.002, { x: 0.78 }),
  word('▼', yOf(2.6) - 0.006, { x: 0.86 }),
  word('2,60', yOf(2.6) - 0.003, { x: 0.875 }),
];

describe('a log whose boundaries are written left of the descriptions', () => {
  const reading = readLog(sheet);

  it('reads each boundary under its line, not the water’s level nor a recovery', () => {
    expect(reading.layers.map((layer) => [layer.top, layer.base])).toEqual([
      [0, 1.9],
      [1.9, 3.35],
      [3.35, 5.2],
    ]);
  });

  it('takes its scale from the depths and elevations written when OCR lost the graduation', () => {
    // The scale's lone digits lost; the ground's elevation in the header.
    const first = [
      word('Élévation du terrain : 35,00 m', 0.05, { x: 0.05 }),
      ...sheet.filter((each) => !(each.box.x === 0.02 && /^\d$/.test(each.text))),
    ];
    expect(readLog(first).layers.map((layer) => [layer.top, layer.base])).toEqual([
      [0, 1.9],
      [1.9, 3.35],
      [3.35, 5.2],
    ]);
    // A second page with too few numbers for a scale of its own.
    const second = [
      ...first.filter((each) => each.box.y < 0.18).map((each) => ({ ...each, page: 2 })),
      { ...word('Till, sable silteux, gravier', yOf(0.5), { x: 0.25 }), page: 2 },
      { ...word('6,10', yOf(1), { x: 0.1 }), page: 2 },
    ];
    expect(() => readLog([...first, ...second])).not.toThrow();
  });

  it('takes where 0 m is from every kind of number, not from one whole number that falls on the line', () => {
    // A sample's « 1 » read beside its mark, 0.1 m under the 1 m line: no graduation.
    const first = [
      word('Élévation du terrain : 35,00 m', 0.05, { x: 0.05 }),
      ...sheet.filter((each) => !(each.box.x === 0.02 && /^\d$/.test(each.text))),
      word('1', yOf(1.1), { x: 0.55 }),
    ];
    const samples = readLog(first).samples.map((sample) => sample.depth);
    expect(samples).toHaveLength(2);
    samples.forEach((depth, i) => expect(Math.abs(depth - [0.79, 2.29][i]!)).toBeLessThan(0.08));
  });

  it('gives an N on its sample’s row the sample’s depth', () => {
    // The labels' tops stand 0.04 m under the samples' tops: the N's take the same depths.
    expect(reading.samples.map((sample) => sample.depth)).toEqual([0.79, 2.29]);
    expect(reading.spt.map((test) => [test.depth, test.n.value])).toEqual([
      [0.79, 12],
      [2.29, 31],
    ]);
  });
});

describe('a thin layer whose description runs on past its base', () => {
  // 0 to 0.3 m: two lines, the second under the boundary; the next layer's set right under it.
  const line = (text: string, y: number) => word(text, y, { x: 0.2 });
  const thin: Word[] = [
    word('Prof. (m)', 0.17, { x: 0.02 }),
    word('Description', 0.17, { x: 0.2 }),
    ...Array.from({ length: 5 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
    line('Remblai, sable et gravier, pierre', yOf(0) + 0.002),
    line('concassée, brun, humide', yOf(0) + 0.01),
    line('Argile silteuse, grise, de la mer de', yOf(0) + 0.018),
    line('Champlain, ferme', yOf(0) + 0.026),
    line('Till, sable silteux, gravier', yOf(2) + 0.002),
    word('0,30', yOf(0.3) - 0.003, { right: 0.55 }),
    word('2,00', yOf(2) - 0.003, { right: 0.55 }),
    word('3,50', yOf(3.5) - 0.003, { right: 0.55 }),
  ];

  it('gives each layer its own words, joining a line that goes on mid-phrase', () => {
    expect(readLog(thin).layers.map((layer) => [layer.top, layer.base, layer.description.value])).toEqual([
      [0, 0.3, 'Remblai, sable et gravier, pierre concassée, brun, humide'],
      [0.3, 2, 'Argile silteuse, grise, de la mer de Champlain, ferme'],
      [2, 3.5, 'Till, sable silteux, gravier'],
    ]);
  });
});

describe('a page of thousands of numbers', () => {
  // A table of results, or a hostile file: no scale is sought among them pair by pair (minutes).
  it('is read at once, within the test’s default time', () => {
    const numbers = Array.from({ length: 5000 }, (_, i) =>
      word(((i * 7919) % 997).toString(), 0.12 + Math.floor(i / 20) * 0.0034, { x: (i % 20) / 20 }),
    );
    expect(() => readLog([word('Description', 0.1, { x: 0.3 }), ...numbers])).not.toThrow();
  });
});

describe('a symbol’s hatching', () => {
  it.each(['oooOO oO0O0OOQ', '°o°o°o', 'xxXx xX', '////\\\\', '· · o O 0'])('« %s » is no description', (text) => {
    expect(isHatching(text)).toBe(true);
  });
  it.each(['Remblai', 'Sol organique', 'Gravier, 10 %', 'Roc'])('« %s » is words', (text) => {
    expect(isHatching(text)).toBe(false);
  });
  it('nor is the end of the hole, a speck read before it', () => {
    expect(describes('“Fin du sondage à 15,15 m')).toBe(false);
  });
  it.each([
    'Forage terminé à 7,62 m (élév. 27,04 m)',
    'Sondage arrêté à 3,20 m sur refus',
    'Puits complété à 6,10 m',
    'Borehole terminated at 5.0 m',
    'Hole completed at 5.0 m',
    'Bottom of hole at 4.5 m',
    // A space OCR read as a point.
    'FIN.DU sondage A 15,15 m',
  ])('nor is « %s »', (text) => {
    expect(describes(text)).toBe(false);
  });
  it.each(['Forage ancien remblayé de sable', 'Trou de racine, silt organique'])('« %s » is words', (text) => {
    expect(describes(text)).toBe(true);
  });
});

describe('a log ended by « Forage terminé », a figure read level with it', () => {
  // Each boundary written on its line in a column « Limite (m) », the first one's digits lost by
  // OCR (« 1, »); the elevation scale's figure beside the end read « “7 ».
  const endedAt = (end: number, written: string): Word[] => [
    word(`Profondeur finale : ${String(end).replace('.', ',')} m`, 0.05, { x: 0.6 }),
    word('Prof. (m)', 0.17, { x: 0.02 }),
    word('Limite (m)', 0.17, { x: 0.09 }),
    word('Description des sols', 0.17, { x: 0.2 }),
    ...Array.from({ length: 7 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
    word('0,00', yOf(0) - 0.003, { x: 0.1 }),
    word('1,', yOf(1.05) - 0.003, { x: 0.1 }),
    word(written, yOf(end) - 0.003, { x: 0.1 }),
    atDepth('Remblai, silt sableux, compact', 0, 0.2),
    atDepth('Silt argileux, gris, lâche, sec', 1.05, 0.2),
    word('“7', yOf(end) + 0.006, { x: 0.005 }),
    word(`Forage terminé à ${String(end).replace('.', ',')} m (élév. 49,12 m)`, yOf(end) + 0.006, { x: 0.2 }),
  ];

  it('keeps the end out of the last description, and reads no layer below it', () => {
    expect(
      readLog(endedAt(6.98, '6,98')).layers.map((layer) => [layer.top, layer.base, layer.description.value]),
    ).toEqual([
      [0, 1.05, 'Remblai, silt sableux, compact'],
      [1.05, 6.98, 'Silt argileux, gris, lâche, sec'],
    ]);
  });

  it('ends the last layer at the final depth when OCR lost the decimals of its base (« 6 » for « 6,15 »)', () => {
    expect(readLog(endedAt(6.15, '6')).layers.map((layer) => layer.base)).toEqual([1.05, 6.15]);
  });
});

describe('a log whose depths are also graduated in feet', () => {
  // A column « Prof. (pi) » beside « Prof. (m) », numbered every two feet: more numbers than the
  // metres', growing as evenly down the page.
  const inFeet = (metres: boolean, heading: string): Word[] => [
    word('Forage : F-12', 0.05, { x: 0.05 }),
    ...(metres ? [word('Prof. (m)', 0.17, { x: 0.02 })] : []),
    word(heading, 0.17, { x: 0.07 }),
    word('Description', 0.17, { x: 0.2 }),
    word('N', 0.17, { x: 0.62 }),
    ...(metres
      ? Array.from({ length: 7 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.05 }))
      : []),
    ...Array.from({ length: 11 }, (_, i) => word(String(2 * i), yOf(2 * i * 0.3048) - 0.003, { right: 0.11 })),
    atDepth('Remblai : sable graveleux, brun', 0, 0.2),
    atDepth('Argile silteuse, grise, ferme', 1.2, 0.2),
    atDepth('Till : sable silteux, gravier, compact', 3.4, 0.2),
    word('1,20', yOf(1.2) - 0.007, { right: 0.55 }),
    word('3,40', yOf(3.4) - 0.007, { right: 0.55 }),
    word('6,10', yOf(6.1) - 0.007, { right: 0.55 }),
    word('12', yOf(1.5) - 0.003, { x: 0.63 }),
    word('25', yOf(4) - 0.003, { x: 0.63 }),
  ];
  const read = (words: Word[]) => {
    const reading = readLog(words);
    return {
      layers: reading.layers.map((layer) => [layer.top, layer.base]),
      spt: reading.spt.map((test) => [test.depth, test.n.value]),
    };
  };
  const truth = {
    layers: [
      [0, 1.2],
      [1.2, 3.4],
      [3.4, 6.1],
    ],
    spt: [
      [1.5, 12],
      [4, 25],
    ],
  };

  it('reads the metres’ graduation, not the feet’s', () => {
    expect(read(inFeet(true, 'Prof. (pi)'))).toEqual(truth);
  });

  it('turns a graduation in feet alone into metres', () => {
    expect(read(inFeet(false, 'Depth (ft)'))).toEqual(truth);
  });
});

describe('a poor scan of narrow type, whose points were lost', () => {
  // The graduation « 0.0 », « 1.0 »… read « 00 », « 10 », « 2.0 », « 30 »…; the bases « 1.17 »
  // and « 2.22 » read « 117 » and « 222 ».
  const graduation = ['00', '10', '2.0', '30', '40', '5.0', '60'];
  const lost: Word[] = [
    word('DEPTH', 0.17, { x: 0.02 }),
    word('SOIL DESCRIPTION', 0.17, { x: 0.2 }),
    ...graduation.map((text, metre) => word(text, yOf(metre) - 0.003, { x: 0.02 })),
    word('117', yOf(1.17) + 0.002, { x: 0.2 }),
    word('222', yOf(2.22) + 0.002, { x: 0.2 }),
    atDepth('Remblai, sable et gravier, brun', 0, 0.2),
    atDepth('Argile silteuse, grise, ferme', 1.3, 0.2),
    atDepth('Till, sable silteux, gravier', 2.35, 0.2),
    atDepth('End of borehole / Fin du sondage : 6.00 m', 6, 0.2),
  ];

  it('reads the graduation and the bases with their points put back', () => {
    expect(readLog(lost).layers.map((layer) => [layer.top, layer.base])).toEqual([
      [0, 1.17],
      [1.17, 2.22],
      [2.22, 6],
    ]);
  });

  it('reads a column of whole numbers as written when no number of it says otherwise', () => {
    const whole = lost.map((each) =>
      each.text === '2.0' || each.text === '5.0' || each.text === '00'
        ? { ...each, text: String(Number(each.text)) }
        : each,
    );
    // « 0 », « 10 », « 2 », « 30 »…: no line through them; the layers still end where the hole does.
    expect(readLog(whole).layers.map((layer) => layer.base)).not.toContain(1.17);
  });
});

describe('a description beside a symbol’s small marks', () => {
  it('is one line, though the marks set above its middle start it', () => {
    // The symbol's « 000 » a little smaller and higher; the description's words, as a scan reads
    // them, every other one a hair lower.
    const marks: Word[] = [
      { text: '000', page: 1, box: { x: 0.186, y: 0.366, width: 0.023, height: 0.007 } },
      ...'Sable moyen à grossier, graveleux, dense'.split(' ').map((text, i) => ({
        text,
        page: 1,
        box: { x: 0.236 + i * 0.05, y: 0.3688 + (i % 2) * 0.0014, width: 0.045, height: 0.008 },
      })),
    ];
    expect(cellsOf(marks).map((cell) => cell.text)).toEqual(['000', 'Sable moyen à grossier, graveleux, dense']);
  });
});

describe('a sample’s label whose digits OCR read as letters', () => {
  it.each([
    ['CFI2', 'CF 12'],
    ['CF 1S', 'CF 15'],
    ['CFS', 'CF 5'],
    ['[]CF-l0', 'CF 10'],
    ['CF-3A', 'CF 3A'],
    ['TM 4', 'TM 4'],
  ])('« %s » is « %s » on a log whose labels are CF', (text, label) => {
    expect(sampleLabel(text, new Set(['CF']))).toBe(label);
  });

  it('is read as written where no type is known', () => {
    expect(sampleLabel('CFI2')).toBe('CFI 2');
  });
});

describe('a log with a column of blows beside its column of N', () => {
  it('reads N under « N », not « 3/5/5 » read « 355 » under « Blows »', () => {
    const both: Word[] = [
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Description', 0.17, { x: 0.2 }),
      word('BLOWS / 150 mm', 0.17, { x: 0.6 }),
      word('N', 0.17, { x: 0.75 }),
      ...Array.from({ length: 5 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
      atDepth('Sable silteux, brun, compact', 0, 0.2),
      word('4,00', yOf(4) - 0.003, { right: 0.55 }),
      word('4/6/6', yOf(1) - 0.003, { x: 0.62 }),
      word('12', yOf(1) - 0.003, { x: 0.75 }),
      word('355', yOf(2.5) - 0.003, { x: 0.62 }),
      word('10', yOf(2.5) - 0.003, { x: 0.75 }),
    ];
    expect(readLog(both).spt.map((test) => [test.depth, test.n.value])).toEqual([
      [1, 12],
      [2.5, 10],
    ]);
  });
});

describe('an N whose sample label OCR missed', () => {
  it('is set at its test’s top as the labelled ones are, not at its figure’s middle', () => {
    // Each row hangs under its test's top: label and N 0.04 m under it, the N's middle 0.1 m.
    const hung: Word[] = [
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Description', 0.17, { x: 0.2 }),
      word('Éch.', 0.17, { x: 0.6 }),
      word('N', 0.17, { x: 0.75 }),
      ...Array.from({ length: 5 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
      atDepth('Sable silteux, brun, compact', 0, 0.2),
      word('4,00', yOf(4) - 0.003, { right: 0.55 }),
      ...[1, 2].map((depth) => word(`CF-${depth}`, yOf(depth) + 0.002, { x: 0.6 })),
      ...[1, 2, 3].map((depth) => word(String(10 + depth), yOf(depth) + 0.002, { x: 0.75 })),
    ];
    expect(readLog(hung).spt.map((test) => [test.depth, test.n.value])).toEqual([
      [1.04, 11],
      [2.04, 12],
      [3.04, 13],
    ]);
  });
});

describe('a page whose graduation OCR lost, in a log whose next page kept its own', () => {
  it('takes the slope of the other page, and where 0 m is from three depths written on it', () => {
    // Page 1: the graduation lost, a symbol's hatching read « 0 » down its column, three bases.
    const first: Word[] = [
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Description', 0.17, { x: 0.2 }),
      ...Array.from({ length: 12 }, (_, i) => word('0', yOf(2) + i * 0.009, { x: 0.12 })),
      ...[1.16, 3.4, 6.57].map((depth) => word(depth.toFixed(2).replace('.', ','), yOf(depth) - 0.003, { x: 0.16 })),
      ...[0, 1.16, 3.4].map((depth, i) =>
        atDepth(['Remblai, sable', 'Argile grise', 'Sable fin'][i]!, depth + 0.1, 0.2),
      ),
      word('12', yOf(2) - 0.003, { x: 0.75 }),
      word('N', 0.17, { x: 0.75 }),
    ];
    // Page 2: 8 m at its top, its graduation read.
    const second: Word[] = [
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Description', 0.17, { x: 0.2 }),
      word('N', 0.17, { x: 0.75 }),
      ...[9, 10, 11, 12].map((metre) => word(String(metre), yOf(metre - 8) - 0.003, { right: 0.07 })),
      atDepth('Till, sable silteux', 1, 0.2),
      word('12,40', yOf(4.4) + 0.002, { x: 0.16 }),
    ].map((each) => ({ ...each, page: 2 }));
    const reading = readLog([...first, ...second]);
    expect(reading.spt.map((test) => test.depth)).toEqual([2]);
  });
});

describe('a log whose columns are headed on two rows', () => {
  // « ÉCHANTILLONS » over « Type » and « Récup. (%) », « ESSAI SPT » over « Coups / 150 mm » and
  // « Indice N »; « Prof. (m) » and « DESCRIPTION » set between the two rows.
  const twoRows: Word[] = [
    word('Prof. (m)', 0.162, { x: 0.02 }),
    word('DESCRIPTION', 0.162, { x: 0.25 }),
    word('ÉCHANTILLONS', 0.155, { x: 0.55 }),
    word('ESSAI SPT', 0.155, { x: 0.72 }),
    word('Type', 0.168, { x: 0.55 }),
    word('Récup. (%)', 0.168, { x: 0.61 }),
    word('Coups / 150 mm', 0.168, { x: 0.68 }),
    word('Indice N', 0.168, { x: 0.78 }),
    ...Array.from({ length: 7 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
    atDepth('Remblai, sable et gravier, brun', 0, 0.25),
    atDepth('Argile silteuse, grise, ferme', 1.9, 0.25),
    word('1,90', yOf(1.9) - 0.003, { right: 0.5 }),
    word('5,20', yOf(5.2) - 0.003, { right: 0.5 }),
    word('CF-1', yOf(1), { x: 0.55 }),
    word('CF-2', yOf(3), { x: 0.55 }),
    word('78', yOf(1), { x: 0.62 }),
    word('64', yOf(3), { x: 0.62 }),
    word('4-6-7-9', yOf(1), { x: 0.69 }),
    word('13', yOf(1), { x: 0.79 }),
    word('8-11-14-15', yOf(3), { x: 0.69 }),
    word('25', yOf(3), { x: 0.79 }),
  ];

  it('reads N under its sub-heading, and the samples under their group', () => {
    const reading = readLog(twoRows);
    expect(reading.spt.map((test) => [test.depth, test.n.value])).toEqual([
      [1, 13],
      [3, 25],
    ]);
    expect(reading.samples.map((sample) => sample.label.value)).toEqual(['CF 1', 'CF 2']);
    expect(reading.layers.map((layer) => [layer.top, layer.base])).toEqual([
      [0, 1.9],
      [1.9, 5.2],
    ]);
  });
});

describe('a log a metre deep, its headings read and no scale', () => {
  // Two boundaries, the symbol's hatching read « 111 » in its column, the end of the hole after a
  // speck read as a quote, and the signatures under it.
  const short: Word[] = [
    word('Prof.', 0.17, { x: 0.02 }),
    word('DESCRIPTION', 0.17, { x: 0.2 }),
    word('Symb.', 0.17, { x: 0.6 }),
    word('0,34', yOf(0.34) + 0.002, { x: 0.1 }),
    word('0,89', yOf(0.89) + 0.002, { x: 0.1 }),
    word('111', yOf(0.5), { x: 0.6 }),
    word('Remblai, pierre concassée, silt', yOf(0) + 0.004, { x: 0.2 }),
    word('sableux, ferme, saturé', yOf(0) + 0.012, { x: 0.2 }),
    word('Calcaire, gris foncé, peu fracturé', yOf(0) + 0.02, { x: 0.2 }),
    word('“Fin du sondage à 0,89 m', yOf(0.89) + 0.012, { x: 0.2 }),
    word('Vérifié par : J. Tremblay, ing.', 0.9, { x: 0.4 }),
  ];

  it('reads its layers by where their depths stand, one description each', () => {
    expect(readLog(short).layers.map((layer) => [layer.top, layer.base, layer.description.value])).toEqual([
      [0, 0.34, 'Remblai, pierre concassée, silt sableux, ferme, saturé'],
      [0.34, 0.89, 'Calcaire, gris foncé, peu fracturé'],
    ]);
  });
});

describe('a log that writes each boundary on a line of its own, over the description', () => {
  it('sets a base OCR lost where the others stand above their descriptions', () => {
    // Each description starts 0.4 m under its boundary; the 2,20 m label lost.
    const own: Word[] = [
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Description', 0.17, { x: 0.2 }),
      ...Array.from({ length: 7 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
      atDepth('Remblai, sable et gravier', 0.1, 0.2),
      word('1,20', yOf(1.2) + 0.004, { x: 0.2 }),
      atDepth('Argile silteuse, grise', 1.6, 0.2),
      atDepth('Sable fin, compact', 2.6, 0.2),
      word('4,10', yOf(4.1) + 0.004, { x: 0.2 }),
      atDepth('Till, sable silteux', 4.5, 0.2),
      atDepth('Fin du forage à 6,00 m', 6, 0.2),
    ];
    expect(readLog(own).layers.map((layer) => layer.base)).toEqual([1.2, 2.2, 4.1, 6]);
  });
});

describe('marks OCR reads under the headings', () => {
  it('are no row of headings: « A » under « Prof. » is no table’s « À » column', () => {
    const marks: Word[] = [
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Description', 0.17, { x: 0.2 }),
      word('A', 0.179, { x: 0.04 }),
      ...Array.from({ length: 5 }, (_, metre) => word(`${metre} —`, yOf(metre) - 0.003, { right: 0.07 })),
      atDepth('Sable silteux, brun', 0, 0.2),
      word('1,16', yOf(1.16) - 0.003, { right: 0.55 }),
      atDepth('Argile grise', 1.16, 0.2),
      word('3,50', yOf(3.5) - 0.003, { right: 0.55 }),
    ];
    const reading = readLog(marks);
    expect(reading.layers.map((layer) => layer.base)).toEqual([1.16, 3.5]);
    expect(reading.layers[0]?.description.value).toBe('Sable silteux, brun');
  });
});

describe('a page with a foot under its table', () => {
  it('keeps the abbreviations and signatures out of the layers, and reads N headed on three rows', () => {
    const foot: Word[] = [
      word('ESSAI SPT', 0.15, { x: 0.72 }),
      word('Prof. (m)', 0.16, { x: 0.02 }),
      word('DESCRIPTION', 0.16, { x: 0.25 }),
      word('Coups/', 0.168, { x: 0.68 }),
      word('Indice', 0.168, { x: 0.78 }),
      // The third row: units and the N, no word of three letters.
      word('150 mm', 0.176, { x: 0.68 }),
      word('N', 0.176, { x: 0.79 }),
      ...Array.from({ length: 10 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
      atDepth('Remblai, sable et gravier, brun', 0, 0.25),
      word('1,90', yOf(1.9) - 0.003, { right: 0.5 }),
      atDepth('Argile silteuse, grise, ferme', 1.9, 0.25),
      word('4,00', yOf(4) - 0.003, { right: 0.5 }),
      word('4-6-7-9', yOf(1) - 0.003, { x: 0.69 }),
      word('13', yOf(1) - 0.003, { x: 0.79 }),
      word('CF : cuillère fendue', 0.7, { x: 0.02 }),
      word('TM : tube à paroi mince', 0.7, { x: 0.3 }),
      word('Préparé par : S. Bélanger, tech.', 0.72, { x: 0.02 }),
    ];
    const reading = readLog(foot);
    expect(reading.layers.map((layer) => [layer.top, layer.base, layer.description.value])).toEqual([
      [0, 1.9, 'Remblai, sable et gravier, brun'],
      [1.9, 4, 'Argile silteuse, grise, ferme'],
    ]);
    expect(reading.spt.map((test) => [test.depth, test.n.value])).toEqual([[1, 13]]);
  });
});

describe('a log drawn to scale whose layers are also a table « De / À », its title block at the foot', () => {
  const sized = (text: string, y: number, x: number, height: number): Word => ({
    text,
    page: 1,
    box: { x, y, width: 0.0045 * text.length * (height / 0.006), height },
  });
  const titled: Word[] = [
    word('Système de référence', 0.04, { x: 0.5 }),
    word('NAD 83, MTM fuseau 8', 0.04, { x: 0.66 }),
    word('Date du forage', 0.052, { x: 0.05 }),
    word('18 juill. 2019', 0.052, { x: 0.2 }),
    word('Nord (Y)', 0.052, { x: 0.5 }),
    word('5 067 090,2 m', 0.052, { x: 0.66 }),
    word('Est (X)', 0.064, { x: 0.5 }),
    word('314 572,8 m', 0.064, { x: 0.66 }),
    word('Profondeur atteinte', 0.076, { x: 0.5 }),
    word('6,52 m', 0.076, { x: 0.66 }),
    word('COUCHE (m)', 0.14, { x: 0.15 }),
    word('ÉCHANT.', 0.14, { x: 0.59 }),
    word('Essais in situ', 0.14, { x: 0.8 }),
    // « Description » centred over its column: its lines start further left.
    word('DESCRIPTION DES MATÉRIAUX', 0.15, { x: 0.3 }),
    word('De', 0.16, { x: 0.155 }),
    word('À', 0.16, { x: 0.21 }),
    word('Type', 0.16, { x: 0.585 }),
    word('N°', 0.16, { x: 0.625 }),
    ...Array.from({ length: 7 }, (_, metre) => word(`${metre},0`, yOf(metre) - 0.003, { x: 0.06 })),
    word('0,00', yOf(0) + 0.001, { x: 0.155 }),
    word('1,23', yOf(0) + 0.001, { x: 0.205 }),
    atDepth('REMBLAI, sable et gravier, pierre concassée', 0, 0.247),
    word('1,23', yOf(1.23) + 0.001, { x: 0.155 }),
    word('4,10', yOf(1.23) + 0.001, { x: 0.205 }),
    atDepth('ARGILE SILTEUSE, grise, de la mer de Champlain', 1.23, 0.247),
    word('4,10', yOf(4.1) + 0.001, { x: 0.155 }),
    word('6,52', yOf(4.1) + 0.001, { x: 0.205 }),
    atDepth('SABLE et GRAVIER, traces de silt, MG-20', 4.1, 0.247),
    word('Fond du sondage à 6,52 m', yOf(6.52) + 0.004, { x: 0.247 }),
    // The samples' type and number in columns of their own; N written out among the remarks.
    word('CF', yOf(0.75) + 0.001, { x: 0.592 }),
    word('1', yOf(0.75) + 0.001, { x: 0.628 }),
    word('N = 16', yOf(0.75) + 0.001, { x: 0.77 }),
    word('CF', yOf(2.25) + 0.001, { x: 0.592 }),
    word('2', yOf(2.25) + 0.001, { x: 0.628 }),
    word('N = 6', yOf(2.25) + 0.001, { x: 0.77 }),
    word('w = 25 %', yOf(2.25) + 0.009, { x: 0.77 }),
    // The title block: its small labels over the values of its boxes, the drawing's scale beside the title.
    sized('SONDAGE N°', 0.897, 0.645, 0.0065),
    sized('REGISTRE DE SONDAGE', 0.904, 0.354, 0.0143),
    sized('1:80', 0.905, 0.913, 0.0095),
    sized('F-100A', 0.912, 0.676, 0.0166),
  ];
  const reading = readLog(titled);

  it('reads each layer’s description from the column’s left edge, in sentence case', () => {
    expect(reading.layers.map((layer) => [layer.top, layer.base, layer.description.value])).toEqual([
      [0, 1.23, 'Remblai, sable et gravier, pierre concassée'],
      [1.23, 4.1, 'Argile silteuse, grise, de la mer de Champlain'],
      [4.1, 6.52, 'Sable et gravier, traces de silt, MG-20'],
    ]);
  });

  it('reads the samples’ type and number as one label, and an N written out at its sample’s depth', () => {
    expect(reading.samples.map((sample) => [sample.depth, sample.label.value])).toEqual([
      [0.77, 'CF 1'],
      [2.27, 'CF 2'],
    ]);
    expect(reading.spt.map((test) => [test.depth, test.n.value])).toEqual([
      [0.77, 16],
      [2.27, 6],
    ]);
  });

  it('reads the header’s grey-label rows and the identifier under its label in the title block', () => {
    expect(reading.coordinates?.value).toEqual({ crs: 'EPSG:32188', x: 314572.8, y: 5067090.2 });
    expect(reading.date?.value).toBe('2019-07-18');
    expect(reading.finalDepth?.value).toBe(6.52);
    expect(reading.boreholeId?.value).toBe('F-100A');
  });
});

describe('a description in capitals', () => {
  it('is stored in sentence case, its codes as written', () => {
    expect(inSentenceCase('SABLE MOYEN À GROSSIER, graveleux, très dense')).toBe(
      'Sable moyen à grossier, graveleux, très dense',
    );
    expect(inSentenceCase('SILT et SABLE, traces d’ARGILE, CL')).toBe('Silt et sable, traces d’argile, CL');
    expect(inSentenceCase('Argile silteuse (CL), MG-20')).toBe('Argile silteuse (CL), MG-20');
    expect(inSentenceCase('MG-20, pierre concassée')).toBe('MG-20, pierre concassée');
  });

  it('is stored without the top’s depth a log writes before it, not a depth its text goes on with', () => {
    expect(withoutTopDepth('1,20 m — SABLE silteux, brun')).toBe('SABLE silteux, brun');
    expect(withoutTopDepth('À 1,20 m : Argile grise')).toBe('Argile grise');
    expect(withoutTopDepth('2.35 m - Silt')).toBe('Silt');
    expect(withoutTopDepth('0,30 m de terre végétale')).toBe('0,30 m de terre végétale');
    // Its comma lost by a scan, before the dash only.
    expect(withoutTopDepth('123 m — SILT argileux')).toBe('SILT argileux');
    expect(ledTop(TOP_LED.exec('123 m — SILT')![1]!)).toBe(1.23);
    expect(withoutTopDepth('150 m de tubage')).toBe('150 m de tubage');
  });
});

describe('the same log as OCR reads it', () => {
  const poor: Word[] = [
    word('COUCHE (m)', 0.14, { x: 0.15 }),
    word('Essais in situ', 0.14, { x: 0.8 }),
    word('ÉCHANT.', 0.14, { x: 0.59 }),
    // A rotated heading's and a hatching's marks, in small type, on the headings' rows.
    { text: 'o', page: 1, box: { x: 0.115, y: 0.146, width: 0.003, height: 0.0035 } },
    word('DESCRIPTION DES MATÉRIAUX', 0.15, { x: 0.3 }),
    word('>', 0.16, { x: 0.115 }),
    word('De', 0.16, { x: 0.155 }),
    word('A', 0.16, { x: 0.21 }),
    word('Type', 0.16, { x: 0.585 }),
    // The graduation set flush left, a tick read after some numbers, their points lost.
    ...['0,0', '0,5', '1,0—', '15—', '20—', '25', '3,0', '35—', '4,0', '4,5—', '50'].map((text, i) =>
      word(text, yOf(i / 2) - 0.003, { x: 0.06 }),
    ),
    word('0,00', yOf(0) + 0.001, { x: 0.155 }),
    word('1,23', yOf(0) + 0.001, { x: 0.205 }),
    atDepth('Remblai, sable et gravier', 0, 0.247),
    word('1,23', yOf(1.23) + 0.001, { x: 0.155 }),
    word('5,10', yOf(1.23) + 0.001, { x: 0.205 }),
    atDepth('Argile silteuse, grise', 1.23, 0.247),
    // The samples' numbers lost, a lone digit; the N cut from its figure, or lost.
    word('CF', yOf(0.75) + 0.001, { x: 0.592 }),
    word('N = 16', yOf(0.75) + 0.001, { x: 0.77 }),
    word('CF', yOf(2.25) + 0.001, { x: 0.592 }),
    word('N', yOf(2.25) + 0.001, { x: 0.77 }),
    word('22', yOf(2.25) + 0.001, { x: 0.787 }),
    word('=', yOf(2.25) + 0.004, { x: 0.779 }),
    word('CF', yOf(3.75) + 0.001, { x: 0.592 }),
    word('= 65', yOf(3.75) + 0.001, { x: 0.782 }),
    word('= 25 %', yOf(3.75) + 0.009, { x: 0.782 }),
  ];
  const reading = readLog(poor);

  it('reads the headings past the marks on their rows, and the graduation by its left edge', () => {
    expect(reading.layers.map((layer) => [layer.top, layer.base, layer.description.value])).toEqual([
      [0, 1.23, 'Remblai, sable et gravier'],
      [1.23, 5.1, 'Argile silteuse, grise'],
    ]);
  });

  it('reads each N, its sample’s type alone giving its depth', () => {
    expect(reading.samples.map((sample) => [sample.depth, sample.label.value])).toEqual([
      [0.77, 'CF'],
      [2.27, 'CF'],
      [3.77, 'CF'],
    ]);
    expect(reading.spt.map((test) => [test.depth, test.n.value])).toEqual([
      [0.77, 16],
      [2.27, 22],
      [3.77, 65],
    ]);
  });
});

describe('a graduation a poor scan broke', () => {
  const heads = [word('Prof. (m)', 0.17, { x: 0.02 }), word('Description', 0.17, { x: 0.2 })];
  // 0 m at 20 % of the page, 1 m every 5 %: a page holds 14 m at most.
  const graduation = (texts: string[], from: number, page = 1) =>
    texts.map((text, i) => ({ ...word(text, yOf(from + i) - 0.003, { x: 0.06 }), page }));

  it('keeps its step when a number between two was misread, and reads no layer from it', () => {
    const words: Word[] = [
      ...heads,
      // The scan's numbers a little off their ticks, the first and last most.
      ...graduation(['0,0', '1,0', '2,0', '3,0', '4,0', '5,04', '6,0', '7,0', '8,0'], 0).map((each, i) => ({
        ...each,
        box: { ...each.box, y: each.box.y + (i === 0 ? 0.004 : i === 8 ? -0.004 : 0) },
      })),
      atDepth('Remblai, sable', 0, 0.2),
      word('2,58', yOf(2.58) - 0.003, { x: 0.5 }),
      atDepth('Argile grise', 2.58, 0.2),
      word('7,40', yOf(7.4) - 0.003, { x: 0.5 }),
    ];
    expect(readLog(words).layers.map((layer) => [layer.top, layer.base])).toEqual([
      [0, 2.58],
      [2.58, 7.4],
    ]);
  });

  it('goes on to the next page by the graduations that carry on, not a speck read with one', () => {
    const first: Word[] = [
      ...heads,
      ...graduation(['0,0', '1,0', '2,0', '3,0', '4,0', '5,0', '6,0', '7,0', '8,0'], 0),
      atDepth('Remblai, sable', 0, 0.2),
      word('2,58', yOf(2.58) - 0.003, { x: 0.5 }),
      atDepth('Argile grise', 2.58, 0.2),
    ];
    // Page 2 starts at 9 m: most of its graduation lost, « 5 » a speck read before « 9,0 ».
    const second: Word[] = [
      ...heads.map((each) => ({ ...each, page: 2 })),
      { ...word('5 9,0', yOf(0) - 0.003, { x: 0.052 }), page: 2 },
      ...graduation(['12,0—', '13,07', '14,0 —'], 3, 2),
      { ...atDepth('Sable fin, dense', 1.46, 0.2), page: 2 },
      { ...word('10,46', yOf(1.46) - 0.003, { x: 0.5 }), page: 2 },
      { ...word('12,40', yOf(3.4) - 0.003, { x: 0.5 }), page: 2 },
    ];
    expect(readLog([...first, ...second]).layers.map((layer) => [layer.top, layer.base])).toEqual([
      [0, 2.58],
      [2.58, 10.46],
      [10.46, 12.4],
    ]);
  });

  it('reads numbers with one zero in a column of two as graduations, ticks after them', () => {
    const words: Word[] = [
      ...heads,
      // A scan's ticks and specks read after the numbers widen their cells unevenly: only their
      // left edges agree.
      word('0,0', yOf(0) - 0.003, { x: 0.06 }),
      word('3,0', yOf(3) - 0.003, { x: 0.06 }),
      word('+', yOf(3) - 0.003, { x: 0.078 }),
      word('4,0—', yOf(4) - 0.003, { x: 0.06 }),
      atDepth('Remblai, sable', 0, 0.2),
      word('1,17', yOf(1.17) - 0.003, { x: 0.5 }),
      atDepth('Shale, noir', 1.17, 0.2),
      word('2,22', yOf(2.22) - 0.003, { x: 0.5 }),
      atDepth('Argile, plastique', 2.22, 0.2),
      word('7,28', yOf(7.28) - 0.003, { x: 0.5 }),
    ];
    expect(readLog(words).layers.map((layer) => layer.base)).toEqual([1.17, 2.22, 7.28]);
  });
});

describe('an SPT written as four increments under « Coups / 150 mm », beside « Indice »', () => {
  it('gives N as the second and third increments’ sum', () => {
    const words: Word[] = [
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Description', 0.17, { x: 0.2 }),
      word('Coups/', 0.17, { x: 0.68 }),
      word('Indice', 0.17, { x: 0.78 }),
      ...Array.from({ length: 6 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
      atDepth('Argile silteuse, grise', 0, 0.2),
      word('4,00', yOf(4) - 0.003, { right: 0.5 }),
      word('6-8-8-9', yOf(1) - 0.003, { x: 0.69 }),
    ];
    expect(readLog(words).spt.map((test) => [test.depth, test.n.value])).toEqual([[1, 16]]);
  });
});

describe('blows OCR read run together in the N column', () => {
  it('are no N of thousands', () => {
    const words: Word[] = [
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Description', 0.17, { x: 0.2 }),
      word('N', 0.17, { x: 0.64 }),
      ...Array.from({ length: 6 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
      atDepth('Argile silteuse, grise', 0, 0.2),
      word('4,00', yOf(4) - 0.003, { right: 0.5 }),
      word('16', yOf(1) - 0.003, { x: 0.64 }),
      word('21313', yOf(2.5) - 0.003, { x: 0.64 }),
    ];
    expect(readLog(words).spt.map((test) => [test.depth, test.n.value])).toEqual([[1, 16]]);
  });
});

describe('a plot of N beside its column', () => {
  it('reads no N from the plot’s axis under « N (coups / 300 mm) »', () => {
    const words: Word[] = [
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Description', 0.17, { x: 0.2 }),
      word('N', 0.17, { x: 0.64 }),
      word('N (coups / 300 mm)', 0.17, { x: 0.7 }),
      ...['0', '10', '20', '30', '40', '50'].map((text, i) => word(text, 0.18, { x: 0.7 + 0.025 * i })),
      ...Array.from({ length: 6 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
      atDepth('Argile silteuse, grise', 0, 0.2),
      word('4,00', yOf(4) - 0.003, { right: 0.5 }),
      word('16', yOf(1) - 0.003, { x: 0.64 }),
    ];
    expect(readLog(words).spt.map((test) => [test.depth, test.n.value])).toEqual([[1, 16]]);
  });
});

describe('a symbol column whose hatching OCR reads as tiny words, and a legend boxed a little high', () => {
  it('keeps both out of the descriptions', () => {
    const tiny = (text: string, y: number): Word => ({
      text,
      page: 1,
      box: { x: 0.45, y, width: 0.02, height: 0.002 },
    });
    const words: Word[] = [
      word('Prof. (m)', 0.17, { x: 0.02 }),
      // « DESCRIPTION » centred over its column, « Symbole » over a wider one.
      word('DESCRIPTION DES SOLS', 0.17, { x: 0.2 }),
      word('Symbole', 0.17, { x: 0.456 }),
      ...Array.from({ length: 8 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
      atDepth('Gravier, avec cailloux, arrondi, très lâche', 0, 0.15),
      word('2,40', yOf(2.4) - 0.003, { x: 0.1 }),
      atDepth('Sable fin, trace de gravier, brun', 2.4, 0.15),
      word('6,50', yOf(6.5) - 0.003, { x: 0.1 }),
      ...Array.from({ length: 40 }, (_, i) => tiny(i % 2 ? 'NOAA' : 'MPV', yOf(0) + 0.008 * i)),
      // The legend's label, and its first line boxed 2 px higher than the label beside it.
      word('Abréviations et symboles :', 0.6, { x: 0.02 }),
      word('CF : cuillère fendue ; TM : tube à paroi mince ; CR : carottier ; Récup. : longueur récupérée', 0.5985, {
        x: 0.15,
      }),
    ];
    expect(readLog(words).layers.map((layer) => [layer.top, layer.base, layer.description.value])).toEqual([
      [0, 2.4, 'Gravier, avec cailloux, arrondi, très lâche'],
      [2.4, 6.5, 'Sable fin, trace de gravier, brun'],
    ]);
  });
});

describe('a table of layers whose « À » OCR lost', () => {
  it('reads the bases right of the tops under « De »', () => {
    const words: Word[] = [
      word('De', 0.16, { x: 0.155 }),
      word('DESCRIPTION DES MATÉRIAUX', 0.16, { x: 0.3 }),
      ...[
        [0, 1.23, 'Remblai, sable et gravier'],
        [1.23, 4.1, 'Argile silteuse, grise'],
        [4.1, 6.52, 'Till, sable silteux'],
      ].flatMap(([top, base, text], i) => [
        word(String(top).replace('.', ','), 0.2 + 0.05 * i, { x: 0.155 }),
        word(String(base).replace('.', ','), 0.2 + 0.05 * i, { x: 0.205 }),
        word(String(text), 0.2 + 0.05 * i, { x: 0.247 }),
      ]),
    ];
    expect(readLog(words).layers.map((layer) => [layer.top, layer.base, layer.description.value])).toEqual([
      [0, 1.23, 'Remblai, sable et gravier'],
      [1.23, 4.1, 'Argile silteuse, grise'],
      [4.1, 6.52, 'Till, sable silteux'],
    ]);
  });
});

describe('an N written out among the remarks, no sample label read', () => {
  it('stands at the top of its note, hung under its test’s top', () => {
    const words: Word[] = [
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Description', 0.17, { x: 0.2 }),
      word('Remarques', 0.17, { x: 0.7 }),
      ...Array.from({ length: 6 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
      atDepth('Argile silteuse, grise', 0, 0.2),
      word('4,00', yOf(4) - 0.003, { right: 0.5 }),
      // A tall note: its middle stands 0.1 m under its top.
      { text: 'N = 16', page: 1, box: { x: 0.72, y: yOf(0.75), width: 0.03, height: 0.01 } },
    ];
    expect(readLog(words).spt.map((test) => [test.depth, test.n.value])).toEqual([[0.75, 16]]);
  });
});

describe('a scanned page whose headings OCR boxed badly', () => {
  it('reads the first line under them, and a description less the hatching joined before it', () => {
    // 0 m at 33 % of the page, 1 m every 5 %.
    const at = (depth: number) => 0.33 + 0.05 * depth;
    const cell = (text: string, x: number, y: number, height = 0.012): Word => ({
      text,
      page: 1,
      box: { x, y, width: 0.0045 * text.length, height },
    });
    const words: Word[] = [
      // Rotated headings read as one cell three times as tall as the others.
      cell('e Élév. (m) Prof. (symbole', 0.045, 0.291, 0.044),
      cell('Stratigraphie', 0.368, 0.302, 0.015),
      cell('Indice N', 0.693, 0.303, 0.011),
      ...Array.from({ length: 7 }, (_, metre) => cell(String(metre), 0.12, at(metre) - 0.004, 0.008)),
      // The first line: its top above the tall cell's foot.
      cell('Remblai, sable et gravier, brun', 0.209, 0.332, 0.02),
      cell('2,40', 0.545, at(2.4) - 0.006),
      // The symbol's hatching joined before a description, as OCR gives it: words a space apart.
      cell('00000', 0.156, at(2.4) + 0.004),
      cell('-', 0.182, at(2.4) + 0.004),
      cell('Argile', 0.209, at(2.4) + 0.004),
      cell('silteuse,', 0.238, at(2.4) + 0.004),
      cell('grise', 0.281, at(2.4) + 0.004),
      cell('6,10', 0.545, at(6.1) - 0.006),
    ];
    expect(readLog(words).layers.map((layer) => [layer.top, layer.base, layer.description.value])).toEqual([
      [0, 2.4, 'Remblai, sable et gravier, brun'],
      [2.4, 6.1, 'Argile silteuse, grise'],
    ]);
  });
});

describe('a symbol’s hatching OCR read as short words up against the descriptions', () => {
  it('is taken off their lines, and a boundary’s elevation with a mark after it is no boundary', () => {
    const cell = (text: string, y: number, x: number): Word => ({
      text,
      page: 1,
      box: { x, y, width: 0.0045 * text.length, height: 0.006 },
    });
    // The columns: scale, « Limite » (depth over elevation), symbol, description from 0.222.
    const words: Word[] = [
      cell('Prof.', 0.17, 0.02),
      cell('Limite', 0.17, 0.14),
      cell('Symb.', 0.17, 0.19),
      cell('Description des matériaux', 0.17, 0.26),
      ...Array.from({ length: 7 }, (_, metre) => cell(String(metre), yOf(metre) - 0.003, 0.03)),
      cell('0,00', yOf(0), 0.17),
      // The ground's elevation under 0,00, a mark of the symbol read after it.
      cell('(35,86)', yOf(0) + 0.009, 0.152),
      cell('{', yOf(0) + 0.009, 0.186),
      // « 2 > q » and « Ha »: the symbol's hatching read before the lines, up to its column's edge.
      cell('2', yOf(0) + 0.001, 0.2),
      cell('>', yOf(0) + 0.001, 0.207),
      cell('q', yOf(0) + 0.001, 0.2135),
      cell('Remblai,', yOf(0) + 0.001, 0.222),
      cell('sable', yOf(0) + 0.001, 0.262),
      // Marks alone up against the lines, all down the symbol's column.
      ...Array.from({ length: 20 }, (_, i) => [
        cell('=', yOf(0.3 + 0.05 * i), 0.205),
        cell('o', yOf(0.3 + 0.05 * i), 0.2135),
      ]).flat(),
      cell('brun', yOf(0.15), 0.222),
      // The next line, under the elevation's depth.
      cell('humide', yOf(0.5), 0.222),
      cell('1,23', yOf(1.23) - 0.007, 0.17),
      cell('Ha', yOf(1.23) + 0.001, 0.205),
      cell('Calcaire,', yOf(1.23) + 0.001, 0.222),
      cell('gris', yOf(1.23) + 0.001, 0.27),
      cell('4,10', yOf(4.1) - 0.007, 0.17),
      cell('Till,', yOf(4.1) + 0.001, 0.222),
      cell('compact', yOf(4.1) + 0.001, 0.25),
      cell('6,00', yOf(6) - 0.007, 0.17),
    ];
    expect(readLog(words).layers.map((layer) => [layer.top, layer.base, layer.description.value])).toEqual([
      [0, 1.23, 'Remblai, sable brun humide'],
      [1.23, 4.1, 'Calcaire, gris'],
      [4.1, 6, 'Till, compact'],
    ]);
  });
});

describe('a boundary’s depth OCR read after a tall mark (« F 13,64 »)', () => {
  it('is read from its figure, the mark left out of its box', () => {
    const words: Word[] = [
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Description', 0.17, { x: 0.2 }),
      ...Array.from({ length: 7 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
      atDepth('Remblai, sable', 0, 0.2),
      word('1,20', yOf(1.2) - 0.007, { right: 0.15 }),
      atDepth('Argile silteuse, grise', 1.2, 0.2),
      word('2,50', yOf(2.5) - 0.007, { right: 0.15 }),
      atDepth('Silt argileux', 2.5, 0.2),
      // A rule's end read « F », three times as tall as a figure, before « 4,10 ».
      { text: 'F', page: 1, box: { x: 0.127, y: yOf(4.1) - 0.013, width: 0.004, height: 0.018 } },
      word('4,10', yOf(4.1) - 0.007, { right: 0.15 }),
      // Its description set lower than the others under their boundaries.
      atDepth('Till, sable silteux', 4.4, 0.2),
      word('6,00', yOf(6) - 0.007, { right: 0.15 }),
    ];
    expect(readLog(words).layers.map((layer) => [layer.top, layer.base])).toEqual([
      [0, 1.2],
      [1.2, 2.5],
      [2.5, 4.1],
      [4.1, 6],
    ]);
  });
});

describe('a refusal written among the blows', () => {
  it('gives no N: « 12-50/10 » is 50 blows for 10 cm, not 12, 50 and 10', () => {
    const words: Word[] = [
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Description', 0.17, { x: 0.2 }),
      word('Coups/', 0.17, { x: 0.68 }),
      ...Array.from({ length: 6 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
      atDepth('Till, sable silteux, très dense', 0, 0.2),
      word('4,00', yOf(4) - 0.003, { right: 0.5 }),
      word('4/6/8', yOf(1) - 0.003, { x: 0.69 }),
      word('12-50/10', yOf(3) - 0.003, { x: 0.69 }),
    ];
    expect(readLog(words).spt.map((test) => [test.depth, test.n.value])).toEqual([[1, 14]]);
  });
});

describe('a figure read above the ground under an N heading', () => {
  it('is no test: a plot’s axis OCR read in part (« 30 » alone) stands above 0 m', () => {
    const words: Word[] = [
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Description', 0.17, { x: 0.2 }),
      word('N', 0.17, { x: 0.64 }),
      word('30', 0.18, { x: 0.64 }),
      ...Array.from({ length: 6 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
      atDepth('Argile silteuse, grise', 0, 0.2),
      word('4,00', yOf(4) - 0.003, { right: 0.5 }),
      word('16', yOf(1) - 0.003, { x: 0.64 }),
    ];
    expect(readLog(words).spt.map((test) => [test.depth, test.n.value])).toEqual([[1, 16]]);
  });
});

describe('a log whose depths stand at the page’s right edge, past a symbol read as letters', () => {
  // The graduation at the right edge, « 2 — » level with the symbol's « TT »; each boundary's depth
  // and elevation right of it; the first layer thin, its box closing under its last line.
  const lines = (texts: string[], top: number) =>
    texts.map((text, i) => word(text, yOf(top) + 0.004 + 0.0095 * i, { x: 0.06 }));
  const words: Word[] = [
    word('DESCRIPTION DES SOLS ET DU ROC', 0.17, { x: 0.06 }),
    word('Symbole', 0.17, { x: 0.37 }),
    word('(m)', 0.17, { x: 0.8 }),
    word('Prof. (élév.)', 0.17, { x: 0.86 }),
    ...Array.from({ length: 5 }, (_, metre) => [
      word(`${metre} —`, yOf(metre) - 0.003, { right: 0.83 }),
      word('TT', yOf(metre) - 0.003, { x: 0.38 }),
    ]).flat(),
    ...lines(['Remblai, silt sableux, pierre', 'concassée 0-20 mm, compact,', 'très humide'], 0),
    ...lines(['Silt argileux, gris, lâche, sec'], 0.7),
    ...lines(['Argile silteuse, grise, ferme'], 2.4),
    // OCR lost « 0,70 m (55,40 m) ».
    word('2,40 m (53,70 m)', yOf(2.4) - 0.003, { x: 0.845 }),
    word('4,00 m (52,10 m)', yOf(4) - 0.003, { x: 0.845 }),
    word('Fin du forage à 4,00 m', yOf(4) + 0.006, { x: 0.06 }),
  ];

  it('reads the graduation, not a table’s rows, and a boundary OCR lost under the thin layer', () => {
    expect(readLog(words).layers.map((layer) => [layer.top, layer.base, layer.description.value])).toEqual([
      [0, 0.7, 'Remblai, silt sableux, pierre concassée 0-20 mm, compact, très humide'],
      [0.7, 2.4, 'Silt argileux, gris, lâche, sec'],
      [2.4, 4, 'Argile silteuse, grise, ferme'],
    ]);
  });
});

describe('a page whose graduation OCR read only at its foot', () => {
  it('steadies its slope by the boundaries’ depths written on the page', () => {
    // 1 m every 4.5 % of the page; OCR read « 10 » to « 15 » only, each box a pixel or two off.
    const at = (depth: number) => 0.2 + 0.045 * depth;
    const words: Word[] = [
      word('DESCRIPTION', 0.17, { x: 0.06 }),
      word('Indice N', 0.17, { x: 0.6 }),
      word('N (coups/0,30 m)', 0.17, { x: 0.66 }),
      word('(m)', 0.17, { x: 0.8 }),
      word('Prof. (élév.)', 0.17, { x: 0.86 }),
      ...[10, 11, 12, 13, 14, 15].map((metre, k) =>
        word(String(metre), at(metre) - 0.003 + 0.0012 - 0.0005 * k, { right: 0.83 }),
      ),
      ...[
        [0, 'Remblai, sable et gravier'],
        [1.23, 'Silt argileux, lâche'],
        [2.58, 'Argile silteuse, grise'],
        [6.52, 'Till, cailloux et blocs'],
        [11.46, 'Sable moyen à grossier'],
      ].map(([top, text]) => word(String(text), at(Number(top)) + 0.004, { x: 0.06 })),
      ...[
        [1.23, '1,23 m (34,63 m)'],
        [2.58, '2,58 m (33,28 m)'],
        [6.52, '6,52 m (29,34 m)'],
        [11.46, '11,46 m (24,40 m)'],
        [15.15, '15,15 m (20,71 m)'],
      ].flatMap(([depth, text]) => {
        // OCR's words, a space apart.
        return spaced(String(text), at(Number(depth)) - 0.003, 0.845);
      }),
      word('16', at(0.75) - 0.003, { x: 0.61 }),
      word('12', at(5.25) - 0.003, { x: 0.61 }),
      // The plot's axis, « 10 » and « 20 » read as one cell, and a second axis whose « 50 » was read « 2 ».
      ...['0', '10 20', '30', '40', '50'].map((text, i) => word(text, 0.185, { x: 0.66 + 0.025 * i })),
      ...['20', '30', '40', '2'].map((text, i) => word(text, at(14.6), { x: 0.685 + 0.025 * i })),
    ];
    const reading = readLog(words);
    expect(reading.spt.map((test) => test.n.value)).toEqual([16, 12]);
    for (const [test, depth] of reading.spt.map((test, i) => [test, [0.75, 5.25][i]!] as const)) {
      expect(Math.abs(test.depth - depth)).toBeLessThan(0.05);
    }
    expect(reading.layers.map((layer) => layer.base)).toEqual([1.23, 2.58, 6.52, 11.46, 15.15]);
  });
});

describe('a page whose graduation OCR read only as three numbers, its boundaries « élév. / prof. »', () => {
  it('steadies its slope by the depths of the pairs, a label set apart from the others’ line', () => {
    // 1 m every 5.95 % of the page; OCR read « 10 » to « 12 » only, their boxes drifting so that the
    // slope they give is 4.5 % off: carried up to the top of the page, 0.4 m wrong.
    const at = (depth: number) => 0.14 + 0.0595 * depth;
    const pairs: [number, string][] = [
      [0, '35,86 / 0,00'],
      [1.23, '34,63 / 1,23'],
      [1.9, '33,96 / 1,90'],
      [2.58, '33,28 / 2,58'],
      [6.52, '29,34 / 6,52'],
      [11.46, '24,40 / 11,46'],
    ];
    const words: Word[] = [
      word('DESCRIPTION', 0.12, { x: 0.45 }),
      word('Prof. (m)', 0.12, { x: 0.3 }),
      word('Élév. / Prof.', 0.12, { x: 0.37 }),
      ...[10, 11, 12].map((metre) => word(String(metre), at(metre) - 0.003 - 0.0026 * (metre - 10), { right: 0.34 })),
      ...pairs
        .slice(0, -1)
        .map(([top], i) =>
          word(
            ['Remblai, sable', 'Silt argileux', 'Calcaire, sain', 'Argile silteuse', 'Till, cailloux', 'Sable moyen'][
              i
            ]!,
            at(top) + 0.004,
            { x: 0.45 },
          ),
        ),
      ...pairs.flatMap(([depth, text]) => {
        // OCR’s words, a space apart; the ground’s pair set well under its line, the others over theirs.
        return spaced(text, at(depth) + (depth === 0 ? 0.006 : -0.008), 0.38);
      }),
    ];
    // The page ends past 11,46 m: the depths of the pairs within the graduation's tolerance are too
    // few for its slope, unless it grows with the metres from the graduation.
    expect(
      readLog(words)
        .layers.map((layer) => layer.base)
        .slice(0, 5),
    ).toEqual([1.23, 1.9, 2.58, 6.52, 11.46]);
  });
});

describe('a site form: a table of layers, then a table of samples whose N stand far right of their labels', () => {
  it('is read as tables, with no depth scale drawn from the samples’ depths and N', () => {
    const row = (y: number, ...cells: [string, number][]) => cells.map(([text, x]) => word(text, y, { x }));
    const layers: [string, string][] = [
      ['1,23', 'Remblai, sable et gravier, lâche, humide'],
      ['1,90', 'Silt argileux, lâche, humide'],
      ['2,58', 'Calcaire, sain, gris foncé'],
      ['6,52', 'Argile silteuse, grise, compacte'],
      ['11,46', 'Till, cailloux et blocs, lâche'],
    ];
    const samples: [string, string, string][] = [
      ['CF-1', '0,75', '16'],
      ['CF-2', '2,25', '9'],
      ['CF-3', '3,75', '6'],
      ['CF-4', '5,25', '12'],
      ['CF-5', '6,75', '68'],
      ['CF-6', '8,25', '51'],
      ['CF-7', '9,75', '54'],
    ];
    const words: Word[] = [
      word('Forage n° F-100A', 0.1, { x: 0.09 }),
      ...layers.flatMap(([base, text], i) => row(0.285 + 0.028 * i, [base, 0.088], [text, 0.2])),
      word('ÉCHANTILLONS ET ESSAIS SPT', 0.483, { x: 0.08 }),
      ...row(0.51, ['Éch.', 0.086], ['Prof. (m)', 0.177], ['N', 0.324]),
      ...samples.flatMap(([label, depth, n], i) => row(0.533 + 0.019 * i, [label, 0.086], [depth, 0.177], [n, 0.325])),
    ];
    const reading = readLog(words);
    expect(reading.layers.map((layer) => [layer.top, layer.base])).toEqual([
      [0, 1.23],
      [1.23, 1.9],
      [1.9, 2.58],
      [2.58, 6.52],
      [6.52, 11.46],
    ]);
  });
});

describe('boundaries written right of the graduation, as a poor scan joins them to it', () => {
  it('reads each depth past the tick or the graduation read into it, its point put back', () => {
    // A mark or a graduation a little left of the depth: one cell with it, as OCR reads it.
    const split = (text: string, y: number, x: number) => {
      let left = x;
      return text.split(' ').map((part, i) => {
        const each = word(part, y, { x: left });
        if (i === 0) each.box.width = Math.max(each.box.width, 0.84 - 0.004 - x);
        left = each.box.x + each.box.width + 0.004;
        return each;
      });
    };
    const words: Word[] = [
      word('DESCRIPTION DES SOLS', 0.17, { x: 0.06 }),
      word('(m)', 0.17, { x: 0.8 }),
      word('Prof. (élév.)', 0.17, { x: 0.86 }),
      ...Array.from({ length: 9 }, (_, metre) => word(`${metre} —`, yOf(metre) - 0.003, { right: 0.83 })),
      word('Remblai, débris de brique', yOf(0) + 0.004, { x: 0.06 }),
      word('Sable moyen à grossier', yOf(1.37) + 0.004, { x: 0.06 }),
      word('Till, gris, très lâche', yOf(4.87) + 0.004, { x: 0.06 }),
      // « + » the tick, the comma lost and the unit glued: « 1,37 m (37,30 m) ».
      ...split('+ 137m (37,30 m)', yOf(1.37) - 0.003, 0.826),
      ...split('_} 487m (33,80 m)', yOf(4.87) - 0.003, 0.821),
      // The graduation « 8 » and its tick read « 81 » into the end's depth.
      ...split('81 8.15 m (30,52 m)', yOf(8.15) - 0.003, 0.812),
    ];
    expect(readLog(words).layers.map((layer) => [layer.top, layer.base])).toEqual([
      [0, 1.37],
      [1.37, 4.87],
      [4.87, 8.15],
    ]);
  });
});

describe('a table of layers whose descriptions open in taller capitals', () => {
  it('gives each row the lines between its depths and the next row’s, by their middles', () => {
    const tall = (text: string, y: number, x: number): Word => ({
      text,
      page: 1,
      box: { x, y, width: 0.0055 * text.length, height: 0.011 },
    });
    const words: Word[] = [
      word('De', 0.16, { x: 0.155 }),
      word('À', 0.16, { x: 0.205 }),
      word('DESCRIPTION DES MATÉRIAUX', 0.16, { x: 0.3 }),
      word('6,52', 0.2, { x: 0.155 }),
      word('11,46', 0.2, { x: 0.205 }),
      tall('TILL, cailloux et blocs, lâche', 0.198, 0.247),
      word('11,46', 0.25, { x: 0.155 }),
      word('15,15', 0.25, { x: 0.205 }),
      // 2 ‰ of the page above its row's depths.
      tall('SABLE MOYEN À GROSSIER, graveleux', 0.248, 0.247),
      word('dense, très humide', 0.262, { x: 0.247 }),
    ];
    expect(readLog(words).layers.map((layer) => [layer.top, layer.base, layer.description.value])).toEqual([
      [6.52, 11.46, 'Till, cailloux et blocs, lâche'],
      [11.46, 15.15, 'Sable moyen à grossier, graveleux dense, très humide'],
    ]);
  });
});

describe('a thin layer whose last line is set under its boundary', () => {
  it('keeps the line that goes on with its sentence, though a wider gap sets it apart', () => {
    const words: Word[] = [
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Description', 0.17, { x: 0.2 }),
      ...Array.from({ length: 3 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
      word('Remblai, pierre concassée, silt sableux, ferme,', yOf(0) + 0.002, { x: 0.2 }),
      word('0,34', yOf(0.34) - 0.003, { right: 0.55 }),
      // 2.2 lines under the one before, past the boundary.
      word('saturé', yOf(0) + 0.002 + 0.018, { x: 0.2 }),
      word('Calcaire, gris foncé, très dense', yOf(0.34) + 0.012, { x: 0.2 }),
      word('Fin du forage à 0,89 m', yOf(0.89) + 0.004, { x: 0.2 }),
    ];
    expect(readLog(words).layers.map((layer) => [layer.top, layer.base, layer.description.value])).toEqual([
      [0, 0.34, 'Remblai, pierre concassée, silt sableux, ferme, saturé'],
      [0.34, 0.89, 'Calcaire, gris foncé, très dense'],
    ]);
  });
});

describe('boundaries written « élév./prof. » in one word', () => {
  it('are read by the depth after the slash', () => {
    const words: Word[] = [
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Élév. / Prof.', 0.17, { x: 0.08 }),
      word('Description', 0.17, { x: 0.2 }),
      ...Array.from({ length: 6 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.05 })),
      atDepth('Remblai, sable et gravier', 0, 0.2),
      word('35,86/0,00', yOf(0) - 0.003, { right: 0.16 }),
      word('34,63/1,23', yOf(1.23) - 0.003, { right: 0.16 }),
      atDepth('Silt argileux, lâche', 1.23, 0.2),
      word('33,28/2,58', yOf(2.58) - 0.003, { right: 0.16 }),
      atDepth('Argile silteuse, grise', 2.58, 0.2),
      word('31,36/4,50', yOf(4.5) - 0.003, { right: 0.16 }),
    ];
    expect(readLog(words).layers.map((layer) => [layer.top, layer.base])).toEqual([
      [0, 1.23],
      [1.23, 2.58],
      [2.58, 4.5],
    ]);
  });
});

describe('a log whose title block stands down the right edge, beside the table', () => {
  // Groups over the columns (« STRATIGRAPHIE » over « DESCRIPTION DES SOLS ET DU ROC »), the
  // samples under « N° éch. », and at the right a title block of labels and values, its legend
  // level with the table's last metres.
  const at = (depth: number) => 0.2 + 0.06 * depth;
  // « élév. / prof. » as OCR's words, set flush right.
  const boundary = (text: string, depth: number) => spaced(text, at(depth) - 0.003, 0.41 - 0.0045 * (text.length + 2));
  const block = ['Projet', 'Agrandissement école primaire', 'Endroit', 'Terrebonne', 'Méthode de forage', 'Sonique']
    .concat(['Système de coordonnées', 'SCOPQ (MTM), fuseau 8', 'Date de début', 'Échelle verticale', 'Feuille'])
    .map((text, i) => word(text, 0.2 + 0.04 * i, { x: 0.81 }));
  const words: Word[] = [
    word('ÉCHANTILLONS', 0.13, { x: 0.26 }),
    word('PROFONDEUR', 0.13, { x: 0.36 }),
    word('STRATIGRAPHIE', 0.13, { x: 0.58 }),
    word('N° éch.', 0.16, { x: 0.27 }),
    word('Prof. (m)', 0.16, { x: 0.34 }),
    word('Élév. / Prof.', 0.16, { x: 0.37 }),
    word('DESCRIPTION DES SOLS ET DU ROC', 0.16, { x: 0.55 }),
    ...Array.from({ length: 12 }, (_, metre) => word(String(metre), at(metre) - 0.003, { right: 0.35 })),
    ...block,
    word('LÉGENDE', at(9.5), { x: 0.81 }),
    word('CF : cuillère fendue', at(9.8), { x: 0.81 }),
    word('Préparé par :', at(10.5), { x: 0.81 }),
    word('Remblai, sable et gravier, lâche', at(0) + 0.004, { x: 0.45 }),
    ...boundary('33,28 / 2,58', 2.58),
    word('Argile silteuse, grise, compacte', at(2.58) + 0.004, { x: 0.45 }),
    ...boundary('26,10 / 9,76', 9.76),
    word('Sable moyen à grossier, très dense', at(9.76) + 0.004, { x: 0.45 }),
    ...boundary('24,40 / 11,46', 11.46),
    word('CF-1', at(0.75), { x: 0.275 }),
    word('CF-2', at(10.25), { x: 0.275 }),
  ];

  it('reads the layers under the table’s last rows, not the title block, and the samples', () => {
    const reading = readLog(words);
    expect(reading.layers.map((layer) => [layer.top, layer.base, layer.description.value])).toEqual([
      [0, 2.58, 'Remblai, sable et gravier, lâche'],
      [2.58, 9.76, 'Argile silteuse, grise, compacte'],
      [9.76, 11.46, 'Sable moyen à grossier, très dense'],
    ]);
    expect(reading.samples.map((sample) => sample.label.value)).toEqual(['CF 1', 'CF 2']);
  });

  it('takes the columns’ own headings, under the group « STRATIGRAPHIE »', () => {
    const texts = headings(cellsOf(words), 1).map((head) => head.text);
    expect(texts).toContain('N° éch.');
    expect(texts).toContain('DESCRIPTION DES SOLS ET DU ROC');
  });
});

describe('headings on three rows: groups, columns, and their notes or units', () => {
  it('reads N under « Valeur » over « N », beside blows under « 0-150 » … « 450-600 » mm', () => {
    const words: Word[] = [
      word('ESSAI DE PÉNÉTRATION STANDARD', 0.105, { x: 0.09 }),
      word('Valeur', 0.115, { x: 0.14 }),
      word('Coups par 150 mm', 0.105, { x: 0.181 }),
      word('DESCRIPTION DES SOLS', 0.115, { x: 0.5 }),
      word('N', 0.125, { x: 0.145 }),
      ...['0-150', '150-300', '300-450', '450-600'].map((text, i) => word(text, 0.125, { x: 0.18 + 0.045 * i })),
      word('(classification visuelle et tactile)', 0.125, { x: 0.5 }),
      ...[0, 1, 2, 3].map((i) => word('mm', 0.135, { x: 0.182 + 0.045 * i })),
      word('Prof. (m)', 0.115, { x: 0.37 }),
      ...Array.from({ length: 6 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.39 })),
      atDepth('Argile silteuse, grise', 0, 0.5),
      word('5,00', yOf(5) - 0.003, { right: 0.45 }),
      ...[
        [0.75, '16', ['6', '8', '8', '11']],
        [2.25, '9', ['3', '4', '5', '6']],
      ].flatMap(([depth, n, blows]) => [
        word(String(n), yOf(Number(depth)) - 0.003, { x: 0.145 }),
        ...(blows as string[]).map((text, i) => word(text, yOf(Number(depth)) - 0.003, { x: 0.184 + 0.045 * i })),
      ]),
    ];
    expect(readLog(words).spt.map((test) => [test.depth, test.n.value])).toEqual([
      [0.75, 16],
      [2.25, 9],
    ]);
    // OCR lost « N » and read « (%) » as « (9) »: the N are under « Valeur ».
    const lost = words.filter((each) => each.text !== 'N').concat(word('(9)', 0.125, { x: 0.36 }));
    expect(readLog(lost).spt.map((test) => [test.depth, test.n.value])).toEqual([
      [0.75, 16],
      [2.25, 9],
    ]);
  });

  it('bounds a group’s column by the headings beside it, not by its own columns under it', () => {
    const words: Word[] = [
      word('DESCRIPTION DES SOLS', 0.237, { x: 0.1 }),
      word('ÉCHANTILLONS', 0.228, { x: 0.446 }),
      word('INDICE', 0.228, { x: 0.591 }),
      word('(classification visuelle et tactile)', 0.251, { x: 0.137 }),
      word('Type-n°', 0.252, { x: 0.426 }),
      word('Coups/0,15 m', 0.252, { x: 0.488 }),
      ...Array.from({ length: 6 }, (_, metre) => word(String(metre), yOf(metre) + 0.06, { right: 0.82 })),
      word('Argile silteuse, grise', yOf(0) + 0.064, { x: 0.06 }),
      word('5,00 m', yOf(5) + 0.06, { x: 0.845 }),
      word('CF-01', yOf(0.75) + 0.06, { x: 0.428 }),
      word('CF-02', yOf(2.25) + 0.06, { x: 0.428 }),
    ];
    expect(readLog(words).samples.map((sample) => sample.label.value)).toEqual(['CF 1', 'CF 2']);
  });
});

describe('a form’s table of layers with their tests, no depth scale', () => {
  it('reads the tops under « De », not « Élév. » over « sommet », and each test’s row', () => {
    const words: Word[] = FORM_TABLE.map(([text, x, y, width, height]) => ({
      text,
      page: 1,
      box: { x, y, width, height },
    }));
    const reading = readLog(words);
    expect(reading.layers.slice(0, 4).map((layer) => [layer.top, layer.base])).toEqual([
      [0, 1.23],
      [1.23, 1.9],
      [1.9, 2.58],
      [2.58, 6.52],
    ]);
    expect(reading.spt.map((test) => [test.depth, test.n.value])).toEqual([
      [0.75, 16],
      [3.75, 6],
    ]);
    expect(reading.samples.slice(0, 2).map((sample) => [sample.depth, sample.label.value])).toEqual([
      [0.75, 'CF 1'],
      [2.25, 'CF 2'],
    ]);
  });
});

describe('a thickness whose brackets a scan lost, in the column of the boundaries', () => {
  it('is no base: the layer it would cut keeps its description to its real base', () => {
    const reading = readLog([
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Prof. (m) (Épais.)', 0.17, { x: 0.4 }),
      word('Description', 0.17, { x: 0.5 }),
      ...Array.from({ length: 7 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
      atDepth('Remblai, sable et gravier, brun', 0, 0.5),
      // « (0.67) » over the boundary at 1,23 m, read « 0.67 ».
      word('0.67', yOf(0.6), { right: 0.47 }),
      word('1.23', yOf(1.23) - 0.007, { right: 0.47 }),
      atDepth('Argile silteuse, grise, ferme', 1.23, 0.5),
      word('3.40', yOf(3.4) - 0.007, { right: 0.47 }),
      atDepth('Till, sable silteux, compact', 3.4, 0.5),
      word('6.10', yOf(6.1) - 0.007, { right: 0.47 }),
    ]);
    expect(reading.layers.map((layer) => [layer.top, layer.base, layer.description.value])).toEqual([
      [0, 1.23, 'Remblai, sable et gravier, brun'],
      [1.23, 3.4, 'Argile silteuse, grise, ferme'],
      [3.4, 6.1, 'Till, sable silteux, compact'],
    ]);
  });
});
