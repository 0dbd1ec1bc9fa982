import { describe, expect, it } from 'vitest';
import { haversineKm, type LatLng } from '../geo.ts';
import { blankLog, type BoreholeLog } from '../log/borehole-log.ts';
import {
  alongLine,
  lineLength,
  lineThrough,
  matchedUnits,
  planeAt,
  sectionOf,
  unitsOf,
  type SectionUnit,
} from './section.ts';

const ORIGIN: LatLng = { lat: 45.5, lng: -73.57 };
const METRE_LAT = 1 / 111_194.9;
const METRE_LON = METRE_LAT / Math.cos((45.5 * Math.PI) / 180);
/** A point `east` and `north` metres from the origin. */
const at = (east: number, north: number): LatLng => ({
  lat: ORIGIN.lat + north * METRE_LAT,
  lng: ORIGIN.lng + east * METRE_LON,
});

const log = (
  id: string,
  place: LatLng | null,
  layers: [string, number, number][],
  extra: Partial<BoreholeLog> = {},
) => ({
  ...blankLog(id),
  lat: place?.lat ?? null,
  lon: place?.lng ?? null,
  groundLevel: 30,
  depth: Math.max(0, ...layers.map(([, , base]) => base)),
  layers: layers.map(([description, top, base]) => ({ description, top, base, legend: '', geology: '' })),
  ...extra,
});

const unit = (soil: SectionUnit['soil'], top: number, base: number): SectionUnit => ({ soil, top, base });

describe('where a borehole falls on the line', () => {
  const plane = planeAt(ORIGIN);
  const line = [at(0, 0), at(100, 0), at(100, 100)].map(plane);

  it('gives its distance along the line and from it, left of the line positive', () => {
    const north = alongLine(line, plane(at(40, 10)));
    expect(north.chainage).toBeCloseTo(40, 1);
    expect(north.offset).toBeCloseTo(10, 1);
    const south = alongLine(line, plane(at(40, -7)));
    expect(south.offset).toBeCloseTo(-7, 1);
  });

  it('follows the line around its bend, and past its end counts the distance to the end', () => {
    const second = alongLine(line, plane(at(95, 60)));
    expect(second.chainage).toBeCloseTo(160, 1);
    expect(second.offset).toBeCloseTo(5, 1);
    const past = alongLine(line, plane(at(-30, 40)));
    expect(past.chainage).toBe(0);
    expect(past.distance).toBeCloseTo(50, 1);
  });

  it('measures a kilometre within a metre of the great-circle distance', () => {
    const far = at(600, 800);
    expect(Math.abs(lineLength([ORIGIN, far]) - 1000 * haversineKm(ORIGIN, far))).toBeLessThan(1);
    expect(lineLength([ORIGIN, far])).toBeCloseTo(1000, 0);
  });
});

describe('units and their correlation', () => {
  it('merges layers of one class in a row into a unit', () => {
    expect(
      unitsOf([
        { soil: 'clay', top: 0, base: 1 },
        { soil: 'clay', top: 1, base: 2.5 },
        { soil: 'sand', top: 2.5, base: 3 },
      ]),
    ).toEqual([unit('clay', 0, 2.5), unit('sand', 2.5, 3)]);
  });

  it('joins the units two columns share in the same order, and lets the others pinch out', () => {
    const left = [unit('fill', 0, 1), unit('clay', 1, 6), unit('till', 6, 8), unit('bedrock', 8, 10)];
    const right = [unit('fill', 0, 1.5), unit('sand', 1.5, 3), unit('clay', 3, 7), unit('bedrock', 7, 9)];
    expect(matchedUnits(left, right)).toEqual([
      [0, 0],
      [1, 2],
      [3, 3],
    ]);
  });

  it('never crosses, and of two clays joins the one at the nearer depth', () => {
    const left = [unit('clay', 0, 2), unit('sand', 2, 4), unit('clay', 4, 9)];
    expect(matchedUnits(left, [unit('sand', 0, 1), unit('clay', 4.5, 8)])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect(matchedUnits(left, [unit('clay', 4.5, 8)])).toEqual([[2, 0]]);
    expect(matchedUnits(left, [unit('clay', 0.2, 1.8)])).toEqual([[0, 0]]);
  });
});

describe('a section', () => {
  const line = [at(0, 0), at(200, 0)];
  const logs = [
    log('B', at(120, -5), [
      ['Remblai', 0, 1.2],
      ['Argile silteuse grise', 1.2, 5],
      ['Roc calcaire', 5, 7],
    ]),
    log('A', at(20, 8), [
      ['Remblai sableux', 0, 0.8],
      ['Argile', 0.8, 4],
      ['Roc', 4, 6],
    ]),
    log('loin', at(100, 40), [['Sable', 0, 3]]),
    log('sans place', null, [['Sable', 0, 3]]),
  ];

  it('takes the boreholes within the corridor, in order along the line, with their units joined', () => {
    const section = sectionOf({ line, corridor: 25 }, logs);
    expect(section.length).toBeCloseTo(200, 0);
    expect(section.columns.map((column) => column.id)).toEqual(['A', 'B']);
    expect(section.columns[0]!.chainage).toBeCloseTo(20, 0);
    expect(section.columns[1]!.offset).toBeCloseTo(-5, 0);
    expect(section.vertical).toBe('elevation');
    expect(section.links.map((link) => link.soil)).toEqual(['fill', 'clay', 'bedrock']);
    const rock = section.links[2]!;
    expect(rock.top).toEqual([4, 5]);
    // Both holes stopped in the rock: its base was not found.
    expect(rock.baseFound).toEqual([false, false]);
    expect(section.links[1]!.baseFound).toEqual([true, true]);
  });

  it('widens with its corridor, and hangs from the ground line when a collar has no elevation', () => {
    const wide = sectionOf({ line, corridor: 100 }, logs);
    expect(wide.columns.map((column) => column.id)).toEqual(['A', 'loin', 'B']);
    const unlevelled = sectionOf({ line, corridor: 25 }, [...logs.slice(0, 1), { ...logs[1]!, groundLevel: null }]);
    expect(unlevelled.vertical).toBe('depth');
    expect(unlevelled.withoutGround).toEqual(['A']);
  });

  it('shows the water at the level it stood at, else where it was struck', () => {
    const wet = sectionOf({ line, corridor: 25 }, [
      log('A', at(10, 0), [['Sable', 0, 4]], { waterStrikes: [2.5], standingLevels: [1.9] }),
      log('B', at(60, 0), [['Sable', 0, 4]], { waterStrikes: [2.2] }),
    ]);
    expect(wet.columns.map((column) => column.water)).toEqual([[1.9], [2.2]]);
  });
});

describe('a line through picked boreholes', () => {
  it('orders them along the direction they spread most, west to east, whatever order they were picked in', () => {
    const [a, b, c, d] = [at(0, 5), at(100, -3), at(200, 8), at(300, 0)];
    expect(lineThrough([c, a, d, b])).toEqual([a, b, c, d]);
    // Along a north–south street: south to north.
    const [s, m, n] = [at(2, 0), at(-1, 150), at(0, 400)];
    expect(lineThrough([n, s, m])).toEqual([s, m, n]);
  });
});

it('gives a line of fewer than two points no length, rather than failing', () => {
  expect(lineLength([])).toBe(0);
  expect(lineLength([{ lat: 45.5, lng: -73.6 }])).toBe(0);
});
