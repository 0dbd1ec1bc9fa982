import { describe, expect, it } from 'vitest';
import { readLog } from './extract-log.ts';
import { numberOf } from './lines.ts';
import type { Word } from './words.ts';

/** A word of page 1: `right` puts its right edge there (numbers are set flush right). */
const word = (text: string, y: number, at: { x?: number; right?: number; height?: number } = {}): Word => {
  const width = 0.0045 * text.length;
  const x = at.right === undefined ? (at.x ?? 0.1) : at.right - width;
  return { text, page: 1, box: { x, y, width, height: at.height ?? 0.006 } };
};

describe('a log drawn to a depth scale, as OCR misreads it', () => {
  // 0 m at 20 % of the page's height, 1 m every 3.35 %; base labels set just above their line.
  const yOf = (depth: number) => 0.2 + 0.0335 * depth;
  const label = (text: string, depth: number) => word(text, yOf(depth) - 0.0065, { right: 0.614 });
  const graduation = Array.from({ length: 11 }, (_, metre) =>
    // OCR reads « 7 » as « 71 » on the graduation.
    word(metre === 7 ? '71' : String(metre), yOf(metre) - 0.003, { right: 0.09 }),
  );
  const descriptions = [
    [0, 'Remblai, sable et gravier, brun'],
    [1.64, 'Silt argileux, gris, humide'],
    [3.1, 'Sable fin, compact, gris'],
    [4.38, 'Argile silteuse, grise, plastique'],
    [6.02, 'Till, sable silteux avec gravier'],
    [7.5, 'Shale, fracturé, gris foncé'],
  ].map(([top, text]) => word(text as string, yOf(top as number) + 0.004, { x: 0.25 }));
  const words = [
    word('Profondeur finale : 9,40 m', 0.1, { x: 0.37 }),
    ...graduation,
    ...descriptions,
    label('1,64', 1.64),
    label('3,10', 3.1),
    label('4:38', 4.38), // A comma read as a colon: only its place on the scale says 4,38.
    label('6,02', 6.02),
    label('750', 7.5), // The comma lost: its digits, where the scale agrees, say 7,50.
    // The base at 9,40 was not read; a sample's tall mark was read as « 1 ».
    word('1', yOf(0.95) - 0.01, { x: 0.625, height: 0.02 }),
  ];

  it('reads every layer: misread labels by the scale, the last base from the final depth', () => {
    const reading = readLog(words);
    expect(reading.finalDepth?.value).toBe(9.4);
    expect(reading.layers.map((layer) => [layer.top, layer.base])).toEqual([
      [0, 1.64],
      [1.64, 3.1],
      [3.1, 4.38],
      [4.38, 6.02],
      [6.02, 7.5],
      [7.5, 9.4],
    ]);
    // Read from the labels themselves, not guessed from where the descriptions start.
    expect(reading.layers.map((layer) => layer.baseLabel?.value ?? null)).toEqual([1.64, 3.1, 4.38, 6.02, 7.5, 9.4]);
    expect(reading.layers.map((layer) => layer.description.value)).toEqual(
      descriptions.map((description) => description.text),
    );
  });

  it('takes no base from a tall whole number, nor from an uneven column of three', () => {
    // Without the graduation: no scale, so the labels that grow down the page, mark and all but « 4:38 ».
    const reading = readLog(words.filter((each) => !graduation.includes(each)));
    expect(reading.layers.some((layer) => layer.base === 1)).toBe(false);
  });
});

describe('a table of layers filled by hand, as OCR misreads it', () => {
  const row = (base: string, description: string, y: number) => [
    word(base, y, { right: 0.16 }),
    word(description, y, { x: 0.25 }),
  ];
  it('puts back the decimal comma of bases out of order', () => {
    const reading = readLog([
      word('Base (m)', 0.2, { right: 0.16 }),
      word('Description', 0.2, { x: 0.25 }),
      ...row('1,12', 'Remblai, silt sableux', 0.25),
      ...row('1565', 'Argile, brune, plastique', 0.3), // « 1,65 »: the comma read as a 5.
      ...row('3,40', 'Sable moyen, gris', 0.35),
      ...row('565', 'Silt argileux, gris', 0.4), // « 5,65 »: the comma lost.
      ...row('8,20', 'Gravier, avec cailloux', 0.45),
    ]);
    expect(reading.layers.map((layer) => [layer.top, layer.base])).toEqual([
      [0, 1.12],
      [1.12, 1.65],
      [1.65, 3.4],
      [3.4, 5.65],
      [5.65, 8.2],
    ]);
  });
});

describe('a table of layers written by a hand OCR reads badly', () => {
  const row = (base: string, description: string, y: number) => [
    word(base, y, { right: 0.16 }),
    word(description, y, { x: 0.25 }),
  ];
  const heading = [word('Base (m)', 0.2, { right: 0.16 }), word('Description', 0.2, { x: 0.25 })];
  it('reads a digit for its lookalike where the order says so, rather than lose a right depth', () => {
    const reading = readLog([
      ...heading,
      ...row('0,57', 'Remblai, silt sableux', 0.25),
      ...row('6,08', 'Argile, brune, plastique', 0.3),
      ...row('2,75', 'Shale, altéré en surface', 0.35), // « 7,75 »
      ...row('5,20', 'Gravier, arrondi, gris', 0.4), // « 8,20 »
      ...row('10,10', 'Sable fin, silteux', 0.45),
    ]);
    expect(reading.layers.map((layer) => layer.base)).toEqual([0.57, 6.08, 7.75, 8.2, 10.1]);
  });
  it('ends a base read deeper than the hole at its final depth', () => {
    const reading = readLog([
      word('Profondeur finale : 11,53 m', 0.1, { x: 0.5 }),
      ...heading,
      ...row('0,37', 'Remblai, silt sableux', 0.25),
      ...row('7,70', 'Sable fin, trace de gravier', 0.3),
      ...row('211,03', 'Argile, grise, litée', 0.35), // « 11,53 »
    ]);
    expect(reading.layers.map((layer) => layer.base)).toEqual([0.37, 7.7, 11.53]);
  });
});

describe('a table of three layers whose headings OCR lost', () => {
  it('is read by its rows, though its depths lie evenly like a graduation', () => {
    const row = (base: string, description: string, y: number) => [
      word(base, y, { right: 0.125 }),
      word(description, y, { x: 0.2 }),
    ];
    const reading = readLog([
      ...row('1,20', 'Remblai, sable et gravier', 0.285),
      ...row('4,63', 'Calcaire, gris foncé, fracturé', 0.312),
      ...row('7,96', 'Gravier, gris, très dense', 0.34),
    ]);
    expect(reading.layers.map((layer) => [layer.top, layer.base])).toEqual([
      [0, 1.2],
      [1.2, 4.63],
      [4.63, 7.96],
    ]);
  });
});

describe('a form’s header, each value written a gap after its printed label', () => {
  // « Date de début : » then, three characters' width further, the hand's « 04/03/2021 »: two cells.
  const line = (y: number, ...parts: [string, number][]) => parts.map(([text, x]) => word(text, y, { x }));
  const words = [
    ...line(0.1, ['Forage n° :', 0.09], ['F-111-2', 0.15], ['Date de début :', 0.49], ['04/03/2021', 0.58]),
    ...line(0.15, ['Élévation du terrain :', 0.09], ['55,70 m', 0.2], ['Profondeur finale :', 0.49], ['8,12 m', 0.59]),
    ...line(0.2, ['Eau :', 0.09], ['niveau stabilisé à 3,93 m', 0.13]),
  ];

  it('reads each value with its label, boxed alone', () => {
    const reading = readLog(words);
    expect(reading.boreholeId?.value).toBe('F-111-2');
    expect(reading.date?.value).toBe('2021-03-04');
    expect(reading.groundLevel?.value).toBe(55.7);
    expect(reading.finalDepth?.value).toBe(8.12);
    expect(reading.finalDepth?.box.x).toBe(words[7]!.box.x);
    expect(reading.finalDepth?.box.width).toBeCloseTo(words[7]!.box.width, 9);
    // The water level is read once, though its cell alone and joined to the label both say it.
    expect(reading.water.levels.map((level) => level.value)).toEqual([3.93]);
  });

  it('takes no value from the next cell but one, nor from a line below', () => {
    const apart = [
      ...line(0.1, ['Profondeur finale :', 0.09], ['(voir note)', 0.2], ['8,12 m', 0.3]),
      word('6,10 m', 0.13, { x: 0.2 }),
    ];
    expect(readLog(apart).finalDepth).toBeNull();
  });
});

describe('a number as OCR reads it', () => {
  it('sets aside a tick after it, a speck before it and a bracket for a last 1', () => {
    expect(numberOf('2 —')).toBe(2);
    expect(numberOf('‘13,49')).toBe(13.49);
    expect(numberOf('1,9]')).toBe(1.9);
    expect(numberOf('1 234,5')).toBe(1234.5);
    expect(numberOf('CF-3')).toBeNull();
    expect(numberOf('5:38')).toBeNull();
  });

  it('sets aside a rule read before it, but keeps a minus sign set against it', () => {
    expect(numberOf('— 3,78')).toBe(3.78);
    expect(numberOf('- 52,66')).toBe(52.66);
    expect(numberOf('-73,5')).toBe(-73.5);
  });

  it('takes no run of hundreds of digits for a number', () => {
    expect(numberOf('9'.repeat(400))).toBeNull();
  });
});
