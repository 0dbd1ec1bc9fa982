import { describe, expect, it } from 'vitest';
import { haversineKm, hasCoordinates } from './geo.ts';

const montreal = { lat: 45.5017, lng: -73.5673 };
const quebec = { lat: 46.8139, lng: -71.208 };
const sainteJulie = { lat: 45.585, lng: -73.3327 };

describe('haversineKm', () => {
  it.each([
    ['Montréal → Québec', montreal, quebec, 233.4, 1],
    ['Montréal → Sainte-Julie', montreal, sainteJulie, 20.4, 0.5],
    ['a point to itself', sainteJulie, sainteJulie, 0, 1e-9],
    ['one degree of latitude', { lat: 0, lng: 0 }, { lat: 1, lng: 0 }, 111.19, 0.01],
    ['antipodes', { lat: 0, lng: 0 }, { lat: 0, lng: 180 }, Math.PI * 6371, 1e-6],
  ])('%s', (_name, a, b, expected, tolerance) => {
    expect(Math.abs(haversineKm(a, b) - expected)).toBeLessThanOrEqual(tolerance);
  });

  it('is symmetric', () => {
    expect(haversineKm(montreal, quebec)).toBeCloseTo(haversineKm(quebec, montreal), 9);
  });
});

describe('hasCoordinates', () => {
  it.each([
    [{ lat: 45.5, lon: -73.5 }, true],
    [{ lat: null, lon: -73.5 }, false],
    [{ lat: 45.5, lon: Number.NaN }, false],
    [{ lat: '45.5', lon: -73.5 }, false],
    [{ lat: Infinity, lon: 0 }, false],
  ])('%j → %s', (row, expected) => {
    expect(hasCoordinates(row)).toBe(expected);
  });
});
