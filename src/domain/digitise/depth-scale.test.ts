import { describe, expect, it } from 'vitest';
import { depthScales } from './depth-scale.ts';
import { cellsOf } from './lines.ts';
import type { Word } from './words.ts';

const word = (text: string, y: number, x: number, page = 1): Word => ({
  text,
  page,
  box: { x, y, width: 0.0045 * text.length, height: 0.006 },
});

describe('a page’s depth scale', () => {
  // 0 m at 20 % of the page, 1 m every 5 %; the remarks numbered at the page's foot.
  const yOf = (depth: number) => 0.2 + 0.05 * depth;
  const graduation = [0, 1, 2, 3, 4, 5].map((metre) => word(String(metre), yOf(metre) - 0.003, 0.95));
  const remarks = [
    'Venue d’eau à 9,98 m en cours de forage.',
    'Niveau d’eau stabilisé non mesuré.',
    'Forage terminé à 16,12 m.',
    'Suite au feuillet 2.',
  ].flatMap((text, i) => [word(String(i + 1), 0.884 + 0.0095 * i, 0.051), word(text, 0.884 + 0.0095 * i, 0.066)]);

  it('is not the numbers of a list of remarks, each opening its phrase', () => {
    expect(depthScales(cellsOf(remarks), null).size).toBe(0);
    const [scale] = depthScales(cellsOf([...remarks, ...graduation]), null).values();
    expect(scale!.cells.map((cell) => cell.text)).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(scale!.slope).toBeCloseTo(20, 5);
  });

  it('is not numbers only a coarse scan’s third reading saw', () => {
    const alone = graduation.map((cell): Word => ({ ...cell, alone: true }));
    expect(depthScales(cellsOf(alone), null).size).toBe(0);
    // Beside the graduation the other readings kept, they change nothing.
    const [scale] = depthScales(cellsOf([...graduation.slice(0, 4), ...alone.slice(4)]), null).values();
    expect(scale!.cells.map((cell) => cell.text)).toEqual(['0', '1', '2', '3']);
  });

  it('on a first page whose graduation OCR lost, takes the next page’s slope, 0 m under the headings and one depth written', () => {
    // Page 2 graduated from 10 m; page 1 holds only its headings, a boundary's « 1.16 » and a phrase.
    const page2 = [10, 11, 12, 13, 14].map((metre) => word(String(metre), yOf(metre - 10) - 0.003, 0.95, 2));
    const page1 = [
      word('Prof. (m)', 0.19, 0.4),
      word('Description des strates', 0.19, 0.5),
      word('1.16', yOf(1.16) - 0.003, 0.42),
      word('Remblai, silt sableux', yOf(0) + 0.003, 0.5),
    ];
    const scales = depthScales(cellsOf([...page1, ...page2]), null);
    const first = scales.get(1)!;
    expect(first.slope).toBeCloseTo(20, 5);
    // 0 m where the body starts, under the headings' row: within a centimetre of where it is drawn.
    expect(Math.abs(first.intercept + first.slope * yOf(0))).toBeLessThan(0.15);
  });

  it('on a page whose graduation OCR kept one number of, takes it at the next page’s slope over the depths written', () => {
    // Page 2 graduated from 10 m; page 1's lone digits lost but its « 5 »; its samples' spans set
    // two lines under their tops, a boundary's depth a line over its own.
    const page2 = [10, 11, 12, 13, 14].map((metre) => word(String(metre), yOf(metre - 10) - 0.003, 0.95, 2));
    const page1 = [
      word('5', yOf(5) - 0.003, 0.95),
      word('1,06', yOf(1.06) - 0.012, 0.45),
      word('55,04', yOf(1.06) - 0.012, 0.38),
      ...[0.75, 2.25, 3.75, 5.25].map((top) =>
        word(`${top.toFixed(2)}-${(top + 0.6).toFixed(2)}`, yOf(top) + 0.02, 0.1),
      ),
    ];
    const first = depthScales(cellsOf([...page1, ...page2]), 56.1).get(1)!;
    expect(first.cells.map((cell) => cell.text)).toEqual(['5']);
    // Where the graduation puts 3 m, to the millimetre (the depths written alone: 13 mm off).
    expect(Math.abs(first.intercept + first.slope * yOf(3) - 3)).toBeLessThan(0.005);
  });

  it('on a page with no scale of its own, from one number of the graduation OCR joined to a symbol’s marks', () => {
    // Page 2 graduated from 10 m; page 1 kept « 1 » of its graduation, joined to the hatching beside
    // it, and two boundaries' depths, too few for a scale of their own.
    const page2 = [10, 11, 12, 13, 14].map((metre) => word(String(metre), yOf(metre - 10) - 0.003, 0.95, 2));
    const page1 = [
      word('1', yOf(1) - 0.003, 0.95),
      word('[<x', yOf(1) - 0.003, 0.9555),
      word('0,00', yOf(0) - 0.01, 0.45),
      word('7,21', yOf(7.21) - 0.01, 0.45),
    ];
    const first = depthScales(cellsOf([...page1, ...page2]), null).get(1)!;
    expect(first.cells.map((cell) => cell.text)).toEqual(['1']);
    expect(Math.abs(first.intercept + first.slope * yOf(3) - 3)).toBeLessThan(0.005);
    // Without the depths written, a lone number says nothing: it may be any figure of the column.
    expect(depthScales(cellsOf([...page1.slice(0, 2), ...page2]), null).get(1)).toBeUndefined();
  });

  it('on a page with no graduation, from the depths its descriptions open with', () => {
    const scales = depthScales(
      cellsOf([
        word('Prof. (m)', 0.19, 0.4),
        word('Description des sols', 0.19, 0.03),
        word('0,00 – 1,23 m : Remblai, sable et gravier', yOf(0) + 0.001, 0.03),
        word('1,23 – 1,90 m : Silt argileux, lâche', yOf(1.23) + 0.001, 0.03),
        word('1,90 – 2,58 m : Calcaire, sain', yOf(1.9) + 0.001, 0.03),
        word('2,58 - 6,52 m Argile silteuse, grise', yOf(2.58) + 0.001, 0.03),
      ]),
      null,
    );
    const scale = scales.get(1)!;
    expect(scale.slope).toBeCloseTo(20, 0);
    expect(Math.abs(scale.intercept + scale.slope * yOf(4) - 4)).toBeLessThan(0.1);
  });

  it('on a page with no graduation, from the spans written beside the samples’ labels', () => {
    // A boundary's depth and elevation, and four samples' spans at their tops; the graduation lost.
    const words = [
      word('Prof. (m)', 0.19, 0.1),
      word('Description', 0.19, 0.5),
      word('1,06', yOf(1.06) - 0.008, 0.45),
      word('55,04', yOf(1.06) - 0.008, 0.38),
      ...[0.75, 2.25, 3.75, 5.25].map((top) =>
        word(`${top.toFixed(2)}-${(top + 0.6).toFixed(2)}`, yOf(top) + 0.001, 0.1),
      ),
    ];
    const scale = depthScales(cellsOf(words), 56.1).get(1)!;
    expect(scale.slope).toBeCloseTo(20, 1);
    expect(Math.abs(scale.intercept + scale.slope * yOf(4) - 4)).toBeLessThan(0.1);
  });

  it('on a log drawn to an elevation scale, is the elevations’ graduation, not its few boundaries’ depths', () => {
    // Ground at 21,60 m; a graduation every metre of elevation; the boundaries' depths written at
    // their lines, which lie on a line of their own, at no round step.
    const ground = 21.6;
    const elevations = Array.from({ length: 15 }, (_, i) => 21 - i).map((elevation) =>
      word(`${elevation},00`, yOf(ground - elevation) - 0.003, 0.06),
    );
    const boundaries = [0, 1.39, 5.62].map((depth) =>
      word(depth.toFixed(2).replace('.', ','), yOf(depth) - 0.003, 0.131),
    );
    const scale = depthScales(cellsOf([...elevations, ...boundaries]), ground).get(1)!;
    expect(scale.cells.map((cell) => cell.text)).toEqual(elevations.map((each) => each.text));
    expect(Math.abs(scale.intercept + scale.slope * yOf(4) - 4)).toBeLessThan(0.02);
    // A graduation of depths, a few of its whole metres read, stays the scale.
    const metres = [2, 3, 4, 5].map((depth) => word(`${depth},0`, yOf(depth) - 0.003, 0.131));
    const graduation = depthScales(cellsOf([...elevations, ...metres]), ground).get(1)!;
    expect(graduation.cells.map((cell) => cell.text)).toEqual(['2,0', '3,0', '4,0', '5,0']);
  });

  it('reads a graduation whose numbers OCR joined, with their ticks, to the elevations beside them', () => {
    // One word each, as OCR gives them: « 1— », « 34,86 ».
    const glued = (metre: number): Word[] => {
      const y = yOf(metre) - 0.003;
      return [word(`${metre}—`, y, 0.38), word((35.86 - metre).toFixed(2).replace('.', ','), y, 0.392)];
    };
    const words = [0, 1, 2, 3, 4, 5].flatMap(glued);
    const scale = depthScales(cellsOf(words), null).get(1)!;
    expect(cellsOf(words)[0]!.text).toMatch(/^\d— \d{2},\d{2}$/);
    expect(scale.slope).toBeCloseTo(20, 5);
    expect(scale.cells.map((cell) => cell.text)).toEqual(['0—', '1—', '2—', '3—', '4—', '5—']);
  });

  it('reads a graduation OCR read as one word with its ticks and elevations, or with its tick as a « + »', () => {
    // « 1—-34,86 », « 2-33,86 », « 3+ » with the elevation lost, « 5 —-30,86 » a word apart.
    const forms = (metre: number) => {
      const elevation = (35.86 - metre).toFixed(2).replace('.', ',');
      return [`${metre}—-${elevation}`, `${metre}-${elevation}`, `${metre}+`, `${metre}+»`][metre % 4]!;
    };
    const words = [1, 2, 3, 4, 6].map((metre) => word(forms(metre), yOf(metre) - 0.003, 0.38));
    words.push(word('5', yOf(5) - 0.003, 0.38), word('—-30,86', yOf(5) - 0.003, 0.386));
    const scale = depthScales(cellsOf(words), null).get(1)!;
    expect(scale.slope).toBeCloseTo(20, 5);
    expect(scale.cells.map((cell) => cell.text)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('takes no number from a range or blows joined by a hyphen (« 2-13 », « 225-285 »)', () => {
    const words = [1, 2, 3, 4].map((metre) => word(`${metre}-1${metre}`, yOf(metre) - 0.003, 0.38));
    expect(depthScales(cellsOf(words), null).size).toBe(0);
  });
});
