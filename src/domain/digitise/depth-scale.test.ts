import { describe, expect, it } from 'vitest';
import { depthScales } from './depth-scale.ts';
import { cellsOf } from './lines.ts';
import type { Word } from './words.ts';

const word = (text: string, y: number, x: number): Word => ({
  text,
  page: 1,
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
});
