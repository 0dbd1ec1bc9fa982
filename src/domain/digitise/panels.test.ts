import { describe, expect, it } from 'vitest';
import { readLog } from './extract-log.ts';
import type { Word } from './words.ts';

/**
 * A plate of a drawing set: two panels of 5 m side by side, each with its own depth scale in metres
 * and in feet, the same headings (« Prof. » over « m » · « pi », « Limite » beside « Symb. », the
 * description, « Ép. »), each boundary's depth over its elevation in brackets, the soil's name a word
 * of its own (set in bold), and a header across the plate.
 */
const word = (text: string, y: number, x: number, height = 0.007): Word => ({
  text,
  page: 1,
  box: { x, y, width: 0.0042 * text.length, height },
});
// Both panels: 0 m (or 5 m) at 20 % of the page, 1 m every 13 %.
const yOf = (depth: number) => 0.2 + 0.13 * (depth % 5);
const PANEL = 0.49;

/** A panel's headings and scales, `from` metres down, `at` its left edge. */
const panel = (from: number, at: number): Word[] => [
  word('Prof.', 0.14, at + 0.01),
  word('Limite', 0.14, at + 0.15),
  word('Symb.', 0.145, at + 0.18),
  word('Description des matériaux', 0.145, at + 0.24),
  word('Ép.', 0.14, at + 0.38),
  word('m', 0.153, at + 0.006),
  word('pi', 0.153, at + 0.025),
  ...Array.from({ length: 11 }, (_, i) => word(String(from + i / 2).replace('.', ','), yOf(i / 2) - 0.004, at)),
  // The feet, every two feet: more numbers than the metres'.
  ...Array.from({ length: 9 }, (_, i) => Math.ceil(from / 0.3048 / 2) * 2 + 2 * i)
    .filter((feet) => feet * 0.3048 - from < 5)
    .map((feet) => word(String(feet), yOf(feet * 0.3048 - from) - 0.004, at + 0.025)),
];

/** A boundary at `depth`: its depth over its elevation in brackets, in « Limite ». */
const boundary = (depth: number, at: number): Word[] => [
  word(depth.toFixed(2).replace('.', ','), yOf(depth) - 0.009, at + 0.163),
  word(`(${(35.86 - depth).toFixed(2).replace('.', ',')})`, yOf(depth) + 0.003, at + 0.15),
];

/** A description from `top`: the soil's name, then the rest a word apart (« Remblai » · « , sable »). */
const description = (name: string, rest: string, top: number, at: number): Word[] => [
  word(name, yOf(top) + 0.006, at + 0.24),
  word(rest, yOf(top) + 0.006, at + 0.242 + 0.0042 * name.length),
];

/** A layer's thickness at its middle, in « Ép. ». */
const thickness = (top: number, base: number, at: number) =>
  word((base - top).toFixed(2).replace('.', ','), yOf((top + base) / 2), at + 0.38);

const plate: Word[] = [
  word('Latitude', 0.04, 0.4),
  word('N 45,40118°', 0.04, 0.5),
  word('Longitude', 0.06, 0.4),
  word('O 73,49904°', 0.06, 0.5),
  word('Profondeur finale', 0.08, 0.4),
  word('7,28 m (23,9 pi)', 0.08, 0.5),
  ...panel(0, 0.02),
  ...panel(5, 0.02 + PANEL),
  word('0,00', yOf(0) - 0.009, 0.183),
  word('(35,86)', yOf(0) + 0.014, 0.17),
  ...description('Remblai', ', sable et gravier, compact', 0, 0.02),
  thickness(0, 1.34, 0.02),
  ...boundary(1.34, 0.02),
  ...description('Argile', ', grise, de la mer de Champlain, ferme', 1.34, 0.02),
  // 2,44 m thick, written at 2,56 m: no boundary there.
  thickness(1.34, 3.78, 0.02),
  ...boundary(3.78, 0.02),
  ...description('Silt', ', argileux, gris, lâche', 3.78, 0.02),
  thickness(3.78, 4.5, 0.02),
  ...boundary(4.5, 0.02),
  ...description('Sable', ', fin, gris, compact', 4.5, 0.02),
  thickness(4.5, 6.1, 0.02),
  ...boundary(6.1, 0.02 + PANEL),
  ...description('Till', ', sable silteux, graveleux, dense', 6.1, 0.02 + PANEL),
  thickness(6.1, 7.28, 0.02 + PANEL),
  ...boundary(7.28, 0.02 + PANEL),
  word('FOND DU FORAGE : 7,28 m (23,9 pi)', yOf(7.28) + 0.008, 0.02 + PANEL + 0.24),
];

describe('a plate of two panels side by side', () => {
  const reading = readLog(plate);

  it('reads each panel on its own scale, in order, and sets what it reads on the plate’s page', () => {
    expect(reading.layers.map((layer) => [layer.top, layer.base, layer.description.page])).toEqual([
      [0, 1.34, 1],
      [1.34, 3.78, 1],
      [3.78, 4.5, 1],
      [4.5, 6.1, 1],
      [6.1, 7.28, 1],
    ]);
  });

  it('reads each base from its label in « Limite », beside the symbol’s column', () => {
    expect(reading.layers.map((layer) => layer.baseLabel?.value)).toEqual([1.34, 3.78, 4.5, 6.1, 7.28]);
  });

  it('reads each description whole, its soil’s name joined to the rest, no thickness nor elevation as a base', () => {
    expect(reading.layers.map((layer) => layer.description.value)).toEqual([
      'Remblai, sable et gravier, compact',
      'Argile, grise, de la mer de Champlain, ferme',
      'Silt, argileux, gris, lâche',
      'Sable, fin, gris, compact',
      'Till, sable silteux, graveleux, dense',
    ]);
  });

  it('reads the hemisphere written before the degrees', () => {
    expect(reading.coordinates?.value).toEqual({ crs: 'EPSG:4326', x: -73.49904, y: 45.40118 });
  });
});

describe('the same plate as OCR reads it', () => {
  // OCR missed the second panel's « Symb. », cut a description's second line where its first cell
  // holds no word of three letters (« 0-20 mm, » · « lâche, humide »), and joined a boundary's
  // elevation and the symbol's marks to the next description (« (34,52) |. > Argile »).
  const read = plate
    .filter((found) => !(found.text === 'Symb.' && found.box.x > PANEL))
    .filter((found) => found.text !== '(34,52)')
    .flatMap((found) =>
      found.text === 'Argile'
        ? [word('(34,52)', found.box.y, 0.214), word('|.', found.box.y, 0.245), word('>', found.box.y, 0.2545), found]
        : [found],
    )
    .flatMap((found) =>
      found.text === ', sable et gravier, compact'
        ? [
            { ...found, text: ', sable et gravier, pierre concassée' },
            word('0-20 mm,', found.box.y + 0.011, 0.26),
            word('lâche, humide', found.box.y + 0.011, 0.305),
          ]
        : [found],
    );
  const reading = readLog(read);

  it('reads the second line from its first cell, and the second panel’s descriptions', () => {
    expect(reading.layers.map((layer) => layer.description.value)).toEqual([
      'Remblai, sable et gravier, pierre concassée 0-20 mm, lâche, humide',
      'Argile, grise, de la mer de Champlain, ferme',
      'Silt, argileux, gris, lâche',
      'Sable, fin, gris, compact',
      'Till, sable silteux, graveleux, dense',
    ]);
  });
});
