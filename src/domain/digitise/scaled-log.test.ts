import { describe, expect, it } from 'vitest';
import { readLog } from './extract-log.ts';
import type { Word } from './words.ts';

// The layers of a log drawn to a depth scale (scaled-log.ts), from pages as a degraded scan's OCR
// reads them: figures at a depth by chance, hatchings, header fields near the headings, words lost.

const word = (text: string, y: number, at: { x?: number; right?: number } = {}): Word => {
  const width = 0.0045 * text.length;
  const x = at.right === undefined ? (at.x ?? 0.1) : at.right - width;
  return { text, page: 1, box: { x, y, width, height: 0.006 } };
};
// 0 m at 20 % of the page, 1 m every 5 %.
const yOf = (depth: number) => 0.2 + 0.05 * depth;
const atDepth = (text: string, depth: number, x: number) => word(text, yOf(depth) + 0.004, { x });

/**
 * A sand's dots in the symbol column read as « 4 » all down the layer, and the samples' numbers
 * « 1 », « 2 », « 3 »… in a column of their own. One « 4 » of the hatching and the sample « 1 »
 * happen to stand within 0.3 m of that depth: neither is a boundary, though the labels cannot say
 * so by their decimals (one lost its comma).
 */
const page: Word[] = [
  word('Forage : F-100', 0.05, { x: 0.05 }),
  word('Prof. (m)', 0.17, { x: 0.02 }),
  word('Type', 0.17, { x: 0.1 }),
  word('N°', 0.17, { x: 0.15 }),
  word('Cote', 0.17, { x: 0.22 }),
  word('Description des strates', 0.17, { x: 0.4 }),
  ...Array.from({ length: 7 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
  // The samples: type and number, at their tops.
  ...[0.9, 2.4, 3.9, 5.4].flatMap((depth, i) => [atDepth('CF', depth, 0.1), atDepth(String(i + 1), depth, 0.15)]),
  // The sand's dots, read « 4 » (with a speck, « “4 ») from 1.25 m to 4.60 m.
  ...[1.5, 1.9, 2.3, 2.8, 3.3, 3.8, 4.1].map((depth, i) => atDepth(i % 3 ? '4' : '“4', depth, 0.31)),
  // The first boundary's comma lost, as a coarse scan loses it.
  word('125', yOf(1.25) - 0.007, { right: 0.28 }),
  word('4,60', yOf(4.6) - 0.007, { right: 0.28 }),
  atDepth('Remblai, sable et gravier, brun', 0, 0.4),
  atDepth('Sable fin, uniforme, gris, compact', 1.25, 0.4),
  atDepth('Argile silteuse, grise, ferme', 4.6, 0.4),
  atDepth('Fin du forage à 6,10 m', 6.1, 0.4),
];

describe('figures that stand at a depth by chance', () => {
  it('takes neither a hatching read as a figure nor a sample’s number for a boundary', () => {
    const layers = readLog(page).layers.map(({ top, base }) => [top, base]);
    expect(layers).toEqual([
      [0, 1.25],
      [1.25, 4.6],
      [4.6, 6.1],
    ]);
  });
});

describe('a number beyond the hole’s end', () => {
  it('is no boundary: an elevation whose comma a scan lost (« 3867 » for « 38,67 »)', () => {
    // No graduation read: the boundaries are the numbers that grow down the page.
    const words: Word[] = [
      word('Forage : F-107', 0.05, { x: 0.05 }),
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Description des strates', 0.17, { x: 0.4 }),
      word('3867', yOf(0) - 0.01, { right: 0.28 }),
      word('1,25', yOf(1.25) - 0.007, { right: 0.28 }),
      word('4,60', yOf(4.6) - 0.007, { right: 0.28 }),
      atDepth('Remblai, sable et gravier, brun', 0, 0.4),
      atDepth('Sable fin, uniforme, gris, compact', 1.25, 0.4),
      atDepth('Argile silteuse, grise, ferme', 4.6, 0.4),
      atDepth('Fin du forage à 6,10 m', 6.1, 0.4),
    ];
    expect(readLog(words).layers.map(({ top, base }) => [top, base])).toEqual([
      [0, 1.25],
      [1.25, 4.6],
      [4.6, 6.1],
    ]);
  });
});

describe('a hatching OCR read as a tiny figure before a description', () => {
  it('is no part of it: the description stays in its column', () => {
    const line = yOf(1.25) + 0.004;
    const words: Word[] = [
      word('Forage : F-107', 0.05, { x: 0.05 }),
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Description des strates', 0.17, { x: 0.4 }),
      ...Array.from({ length: 7 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
      word('1,25', yOf(1.25) - 0.007, { right: 0.28 }),
      word('4,60', yOf(4.6) - 0.007, { right: 0.28 }),
      atDepth('Remblai, sable et gravier, brun', 0, 0.4),
      // The symbol's dots read as figures a sixth of the type's height, just left of the line.
      { text: '"727-7270', page: 1, box: { x: 0.355, y: line + 0.0025, width: 0.0405, height: 0.001 } },
      atDepth('Sable fin, uniforme, gris, compact', 1.25, 0.4),
      atDepth('Argile silteuse, grise, ferme', 4.6, 0.4),
      atDepth('Fin du forage à 6,10 m', 6.1, 0.4),
    ];
    expect(readLog(words).layers.map(({ top, base, description }) => [top, base, description.value])).toEqual([
      [0, 1.25, 'Remblai, sable et gravier, brun'],
      [1.25, 4.6, 'Sable fin, uniforme, gris, compact'],
      [4.6, 6.1, 'Argile silteuse, grise, ferme'],
    ]);
  });
});

describe('a header’s fields just above the column headings', () => {
  it('are no headings: the descriptions’ column keeps its left edge', () => {
    const words: Word[] = [
      // A short header, its last rows a line or two over the headings; « Long. : … » reaches past
      // where the descriptions start.
      word('Élévation : N/D', 0.145, { x: 0.05 }),
      word('Lat. : 45,47661', 0.155, { x: 0.05 }),
      word('Long. : -73,80205', 0.155, { x: 0.2 }),
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Symbole', 0.17, { x: 0.12 }),
      word('Description', 0.168, { x: 0.4 }),
      ...Array.from({ length: 7 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
      word('1,25', yOf(1.25) - 0.007, { right: 0.115 }),
      word('4,60', yOf(4.6) - 0.007, { right: 0.115 }),
      atDepth('Remblai, sable et gravier, brun', 0, 0.2),
      atDepth('Sable fin, uniforme, gris, compact', 1.25, 0.2),
      atDepth('Argile silteuse, grise, ferme', 4.6, 0.2),
      atDepth('Fin du forage à 6,10 m', 6.1, 0.2),
    ];
    expect(readLog(words).layers.map(({ top, base, description }) => [top, base, description.value])).toEqual([
      [0, 1.25, 'Remblai, sable et gravier, brun'],
      [1.25, 4.6, 'Sable fin, uniforme, gris, compact'],
      [4.6, 6.1, 'Argile silteuse, grise, ferme'],
    ]);
  });
});

describe('a description line with a word OCR could not read', () => {
  it('goes on past the gap the garbled word leaves', () => {
    const line = yOf(1.25) + 0.004;
    const words: Word[] = [
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Description des strates', 0.17, { x: 0.4 }),
      ...Array.from({ length: 7 }, (_, metre) => word(String(metre), yOf(metre) - 0.003, { right: 0.07 })),
      word('1,25', yOf(1.25) - 0.007, { right: 0.28 }),
      word('4,60', yOf(4.6) - 0.007, { right: 0.28 }),
      atDepth('Remblai, sable et gravier, brun', 0, 0.4),
      // « SILT argileux, lâche, humide » with « argileux, » read « os », boxed small, 4 % sure.
      word('SILT', line, { x: 0.4 }),
      { text: 'os', page: 1, box: { x: 0.42, y: line + 0.001, width: 0.009, height: 0.005 }, confidence: 4 },
      word('lâche, humide', line, { x: 0.47 }),
      atDepth('Argile silteuse, grise, ferme', 4.6, 0.4),
      atDepth('Fin du forage à 6,10 m', 6.1, 0.4),
    ];
    expect(readLog(words).layers[1]?.description.value).toBe('Silt os lâche, humide');
  });
});

describe('descriptions that open with their layer’s top', () => {
  it('start a layer there, and keep their text without the depth', () => {
    // A log of 0,89 m: no graduation, no base written; each description line opens with its top.
    const words: Word[] = [
      word('Prof. (m)', 0.17, { x: 0.02 }),
      word('Description', 0.17, { x: 0.3 }),
      word('0,00 m — REMBLAI, pierre concassée, ferme', 0.2, { x: 0.3 }),
      word('0,34 m — CALCAIRE, gris foncé, très dense', 0.209, { x: 0.3 }),
      word('Fin du forage à 0,89 m', 0.23, { x: 0.3 }),
    ];
    expect(readLog(words).layers.map(({ top, base, description }) => [top, base, description.value])).toEqual([
      [0, 0.34, 'Remblai, pierre concassée, ferme'],
      [0.34, 0.89, 'Calcaire, gris foncé, très dense'],
    ]);
  });
});
