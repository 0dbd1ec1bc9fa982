import { describe, expect, it } from 'vitest';
import { hasData, sumThickness, type Borehole, type DataFlag } from './borehole.ts';

const row: Parameters<typeof hasData>[0] = {
  purpose: 'geotech',
  type: 'test_hole',
  method: 'rotary',
  lat: 45.5,
  lon: -73.6,
  horizons: [{ material: 'Till', thickness: 2 }],
  has_chem: false,
  has_pdf: false,
};

describe('hasData', () => {
  it.each<[DataFlag, Partial<Borehole>, boolean]>([
    ['has_hydro', {}, false],
    ['has_hydro', { purpose: 'hydro' }, true],
    ['has_hydro', { type: 'monitoring_well' }, true],
    ['has_hydro', { type: 'piezometer' }, true],
    ['has_geodata', {}, true],
    ['has_geodata', { lat: null }, false],
    ['has_geodata', { lon: Number.NaN }, false],
    ['has_litho', {}, true],
    ['has_litho', { horizons: [] }, false],
    ['has_chem', {}, false],
    ['has_chem', { has_chem: true }, true],
    ['has_pdf', { has_pdf: true }, true],
    ['has_core', {}, false],
    ['has_core', { method: 'coring' }, true],
  ])('%s with %j is %s', (flag, change, expected) => {
    expect(hasData({ ...row, ...change }, flag)).toBe(expected);
  });
});

describe('sumThickness', () => {
  it('adds the horizons up', () => {
    expect(
      sumThickness([
        { material: 'a', thickness: 1.5 },
        { material: 'b', thickness: 2 },
      ]),
    ).toBe(3.5);
    expect(sumThickness([])).toBe(0);
  });
});
