import { describe, expect, it } from 'vitest';
import { spreadLabels } from './spread-labels.ts';

describe('spreadLabels', () => {
  it('leaves labels that have room where they belong', () => {
    expect(spreadLabels([10, 40, 90], 12, 0, 100)).toEqual([10, 40, 90]);
  });

  it('pushes a thin layer’s label below its neighbour’s, and back up from the bottom', () => {
    expect(spreadLabels([10, 11, 50], 12, 0, 100)).toEqual([10, 22, 50]);
    expect(spreadLabels([90, 95, 99], 12, 0, 100)).toEqual([76, 88, 100]);
  });

  it('keeps every label at least the gap apart and within the bounds', () => {
    const placed = spreadLabels([5, 5.1, 5.2, 5.3, 60, 61], 13, 10, 180);
    placed.forEach((y, i) => {
      expect(y).toBeGreaterThanOrEqual(10);
      expect(y).toBeLessThanOrEqual(180);
      if (i > 0) expect(y - placed[i - 1]!).toBeGreaterThanOrEqual(13);
    });
  });
});

describe('spreadLabels with a gap per label', () => {
  it('gives a taller label more room before the next one', () => {
    expect(spreadLabels([0, 10, 20], [30, 12, 12], 0, 100)).toEqual([0, 30, 42]);
    expect(spreadLabels([90, 95, 99], [12, 30, 12], 0, 100)).toEqual([58, 70, 100]);
  });
});
