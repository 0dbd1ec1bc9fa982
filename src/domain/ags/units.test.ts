import { describe, expect, it } from 'vitest';
import { toDms } from './units.ts';

describe('toDms', () => {
  it.each([
    [45.50191, '45:30:06.88'],
    [-73.56742, '-73:34:02.71'],
    [0.5, '0:30:00.00'],
    [-0.0001, '-0:00:00.36'],
    [45.999999, '46:00:00.00'],
  ])('%d → %s', (degrees, dms) => {
    expect(toDms(degrees)).toBe(dms);
  });
});
