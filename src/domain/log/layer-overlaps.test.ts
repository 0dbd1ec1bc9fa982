import { describe, expect, it } from 'vitest';
import { layerOverlaps } from './layer-overlaps.ts';

describe('layerOverlaps', () => {
  it('finds a layer that starts above the base of one higher up, whatever the order of the rows', () => {
    // Two real cases: 19,97–20,10 m then 20,00 m; 2,80–5,90 m then 5,00 m.
    const layers = [
      { top: 20, base: 21.5 },
      { top: 0, base: 2.8 },
      { top: 19.97, base: 20.1 },
      { top: 2.8, base: 5.9 },
      { top: 5, base: 19.97 },
    ];
    expect(layerOverlaps(layers).map(({ layer, previousBase }) => [layer.top, previousBase])).toEqual([
      [5, 5.9],
      [20, 20.1],
    ]);
  });

  it('finds none in layers that follow each other, nor in one whose base is above its top', () => {
    expect(
      layerOverlaps([
        { top: 0, base: 1.2 },
        { top: 1.2, base: 6 },
        { top: 6, base: null },
      ]),
    ).toEqual([]);
    expect(
      layerOverlaps([
        { top: 0, base: 3 },
        { top: 2, base: 1 },
      ]),
    ).toEqual([]);
  });
});
