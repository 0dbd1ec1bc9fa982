import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { circleBounds, haversineKm, hasCoordinates } from './geo.ts';

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

describe('circleBounds', () => {
  it('holds every point within the radius, near the poles and the antimeridian too', () => {
    const latitude = fc.double({ min: -90, max: 90, noNaN: true });
    const longitude = fc.double({ min: -180, max: 180, noNaN: true });
    fc.assert(
      fc.property(
        latitude,
        longitude,
        latitude,
        longitude,
        fc.double({ min: 0.001, max: 20_000, noNaN: true }),
        (lat, lng, pLat, pLng, radiusKm) => {
          const point = { lat: pLat, lng: pLng };
          fc.pre(haversineKm({ lat, lng }, point) <= radiusKm);
          const { south, north, west, east } = circleBounds({ lat, lng }, radiusKm);
          expect(pLat).toBeGreaterThanOrEqual(south);
          expect(pLat).toBeLessThanOrEqual(north);
          if (west !== null && east !== null) {
            expect(pLng).toBeGreaterThanOrEqual(west);
            expect(pLng).toBeLessThanOrEqual(east);
          }
        },
      ),
      { numRuns: 2_000, seed: 19 },
    );
  });

  it('is as narrow as the circle where it can be: 10 km around Montréal', () => {
    const { south, north, west, east } = circleBounds({ lat: 45.5, lng: -73.6 }, 10);
    expect(north - south).toBeCloseTo((2 * 10 * 180) / (Math.PI * 6371), 5);
    expect(east! - west!).toBeCloseTo((north - south) / Math.cos((45.5 * Math.PI) / 180), 2);
    expect(circleBounds({ lat: 89, lng: 0 }, 500)).toMatchObject({ west: null, east: null });
    expect(circleBounds({ lat: 0, lng: 179.99 }, 10)).toMatchObject({ west: null, east: null });
  });
});
