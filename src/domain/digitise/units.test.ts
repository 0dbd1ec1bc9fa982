import { describe, expect, it } from 'vitest';
import { readLog } from './extract-log.ts';
import { cellsOf } from './lines.ts';
import { depthUnitOf, FOOT } from './units.ts';
import type { Word } from './words.ts';

const word = (text: string, y: number, x: number, page = 1): Word => ({
  text,
  page,
  box: { x, y, width: 0.0045 * text.length, height: 0.006 },
});

describe('the unit a log writes its depths in', () => {
  const unitOf = (...words: Word[]) => depthUnitOf(cellsOf(words));

  it('is feet when the depth heading or the notes say so', () => {
    expect(unitOf(word('DEPTH (ft)', 0.2, 0.1))).toBe(FOOT);
    expect(unitOf(word('DEPTH', 0.2, 0.1), word('(ft)', 0.208, 0.105))).toBe(FOOT);
    expect(unitOf(word('Depths in feet below ground surface.', 0.9, 0.1))).toBe(FOOT);
    expect(unitOf(word('Prof. (pi)', 0.2, 0.1))).toBe(FOOT);
    expect(unitOf(word('Profondeurs en pieds sous le terrain', 0.9, 0.1))).toBe(FOOT);
  });

  it('is the unit most lengths are written in, when a scan lost what the headings say', () => {
    const lengths = [
      word('TOTAL DEPTH: 74.5 ft (22.70 m)', 0.1, 0.5),
      word('NORTHING: 5,059,245.8 m', 0.12, 0.5),
      word('Groundwater encountered at 31.8 ft at time of drilling', 0.9, 0.5),
      word('Boring terminated at 74.5 ft', 0.92, 0.5),
    ];
    // « (ft) » read « m » under the heading, the note garbled.
    expect(unitOf(word('DEPTH', 0.2, 0.1), word('m', 0.208, 0.105), ...lengths)).toBe(FOOT);
    expect(unitOf(word('FIN DU FORAGE : 7,28 m (23,9 pi)', 0.9, 0.1), word('(1 pi = 0,3048 m)', 0.92, 0.1))).toBe(1);
  });

  it('is metres otherwise, and when metres are said beside feet', () => {
    expect(unitOf(word('Prof. (m)', 0.2, 0.1))).toBe(1);
    expect(unitOf(word('Description', 0.2, 0.3))).toBe(1);
    // A graduation in feet beside the one in metres.
    expect(unitOf(word('Prof. (m)', 0.2, 0.1), word('(pi)', 0.2, 0.2))).toBe(1);
    expect(
      unitOf(word('Profondeurs en mètres ; échelle auxiliaire en pieds', 0.9, 0.1), word('DEPTH (ft)', 0.2, 0.1)),
    ).toBe(1);
    // A unit under another heading says nothing of the depths.
    expect(unitOf(word('ELEV.', 0.2, 0.1), word('(ft)', 0.208, 0.105))).toBe(1);
  });
});

/**
 * A log in feet as North American software draws it: « DEPTH » over « (ft) », 5 ft a graduation,
 * each boundary's depth in feet at its line, « MATERIAL DESCRIPTION », N in blows a foot, and the
 * header's lengths in feet with their metres.
 */
describe('a log whose depths are in feet', () => {
  // 0 ft at 30 % of the page, 10 ft every 20 %.
  const yOf = (feet: number) => 0.3 + 0.02 * feet;
  const words: Word[] = [
    word('LOG OF BORING BH-7', 0.05, 0.1),
    word('TOTAL DEPTH: 20.0 ft (6.10 m)', 0.1, 0.1),
    word('SURFACE ELEV.: 117.7 ft (35.86 m)', 0.12, 0.1),
    word('DEPTH', 0.26, 0.02),
    word('(ft)', 0.268, 0.025),
    word('N', 0.26, 0.1),
    word('MATERIAL DESCRIPTION', 0.26, 0.3),
    ...[0, 5, 10, 15, 20].map((feet) => word(String(feet), yOf(feet) - 0.003, 0.03)),
    word('16', yOf(2.5) - 0.003, 0.1),
    word('9', yOf(7.5) - 0.003, 0.1),
    word('31', yOf(12.5) - 0.003, 0.1),
    word('0.0', yOf(0) + 0.001, 0.2),
    word('Remblai, sable et gravier, brun', yOf(0) + 0.001, 0.3),
    word('4.0', yOf(4) + 0.001, 0.2),
    word('Argile silteuse, grise, ferme', yOf(4) + 0.001, 0.3),
    word('12.5', yOf(12.5) + 0.001, 0.2),
    word('Till, sable silteux, compact', yOf(12.5) + 0.001, 0.3),
    word('20.0', yOf(20) + 0.001, 0.2),
    word('Bottom of boring at 20.0 ft.', yOf(20) + 0.001, 0.3),
  ];
  const reading = readLog(words);

  it('reads its layers in metres', () => {
    expect(reading.layers.map((layer) => [layer.top, layer.base])).toEqual([
      [0, 1.22],
      [1.22, 3.81],
      [3.81, 6.1],
    ]);
    expect(reading.layers.map((layer) => layer.description.value)).toEqual([
      'Remblai, sable et gravier, brun',
      'Argile silteuse, grise, ferme',
      'Till, sable silteux, compact',
    ]);
  });

  it('reads its tests at their depths in metres, and the header’s lengths in metres', () => {
    expect(reading.spt.map((test) => [test.depth, test.n.value])).toEqual([
      [0.76, 16],
      [2.29, 9],
      [3.81, 31],
    ]);
    expect(reading.finalDepth?.value).toBe(6.1);
    expect(reading.groundLevel?.value).toBe(35.86);
  });
});
