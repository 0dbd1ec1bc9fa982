import { describe, expect, it } from 'vitest';
import {
  BOREHOLE_TYPES,
  DRILLING_METHODS,
  hasData,
  HOLE_STATE_LABELS,
  HOLE_STATES,
  METHOD_LABELS,
  PURPOSE_LABELS,
  PURPOSES,
  sumThickness,
  TYPE_LABELS,
  type Borehole,
  type BoreholeType,
  type DataFlag,
  type Purpose,
} from './borehole.ts';

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

describe('enumeration labels', () => {
  const shared = PURPOSES.filter((code): code is Purpose & BoreholeType =>
    (BOREHOLE_TYPES as readonly string[]).includes(code),
  );

  it('has at least one code that is both a purpose and a type', () => {
    expect(shared).toContain('open_hole');
  });

  it.each(shared)('reads the purpose and the type %s differently', (code) => {
    expect(PURPOSE_LABELS[code]).not.toBe(TYPE_LABELS[code]);
  });

  it.each(HOLE_STATES.filter((code) => code in TYPE_LABELS))('reads the hole state %s unlike the type', (code) => {
    expect(HOLE_STATE_LABELS[code]).not.toBe(TYPE_LABELS[code as BoreholeType]);
  });

  it('gives every value of every field a label', () => {
    for (const [codes, labels] of [
      [PURPOSES, PURPOSE_LABELS],
      [BOREHOLE_TYPES, TYPE_LABELS],
      [DRILLING_METHODS, METHOD_LABELS],
      [HOLE_STATES, HOLE_STATE_LABELS],
    ] as const) {
      expect(Object.keys(labels).sort()).toEqual([...codes].sort());
    }
  });
});
