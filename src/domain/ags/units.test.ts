import { describe, expect, it } from 'vitest';
import { degreesOf, toDms } from './units.ts';

describe('toDms', () => {
  it.each([
    [45.50191, '45:30:06.876'],
    [-73.56742, '-73:34:02.712'],
    [0.5, '0:30:00.000'],
    [-0.0001, '-0:00:00.360'],
    [45.9999999, '46:00:00.000'],
  ])('%d → %s', (degrees, dms) => {
    expect(toDms(degrees)).toBe(dms);
  });
});

describe('degreesOf', () => {
  it.each([
    ['51:28:52.498', 51 + 28 / 60 + 52.498 / 3600],
    ['+51:28:52.498', 51 + 28 / 60 + 52.498 / 3600],
    ['-33:51:24.5', -(33 + 51 / 60 + 24.5 / 3600)],
    ['151:12:54', 151 + 12 / 60 + 54 / 3600],
    ['-0:07:39.6', -(7 / 60 + 39.6 / 3600)],
    ['-73:34:02.712', -73.56742],
    [' 45:30 ', 45.5],
    ['45:30.5', 45 + 30.5 / 60],
    ['-73.56742', -73.56742],
    ['.5', 0.5],
    ['', null],
    ['   ', null],
  ])('%s → %d', (text, degrees) => {
    const read = degreesOf(text);
    if (degrees === null) expect(read).toBeNull();
    else expect(read).toBeCloseTo(degrees, 12);
  });

  it.each(['abc', '45:60:00', '45:30:60', '45:30.5:10', '1:2:3:4', '45°30′06″', '45:30:06N', '- 45', '4e1', '1234:00'])(
    'reads %s as no angle (NaN)',
    (text) => {
      expect(degreesOf(text)).toBeNaN();
    },
  );

  it('reads back what toDms writes within 1.4e-7° (half a thousandth of a second)', () => {
    for (const degrees of [45.50191, -73.56742, 53.5422, -2.5792, -33.8568, 151.2153, 0.000123, -179.99999]) {
      expect(Math.abs(degreesOf(toDms(degrees))! - degrees)).toBeLessThan(1.4e-7);
    }
  });
});
