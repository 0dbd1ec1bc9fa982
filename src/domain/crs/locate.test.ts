import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { haversineKm } from '../geo.ts';
import { crsByCode, CRS_TABLE } from './crs-table.ts';
import { crsFromName, locate } from './locate.ts';

/** Distance in metres between two WGS 84 points, by the domain's own haversine. */
const metresBetween = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
  haversineKm({ lat: a.lat, lng: a.lon }, { lat: b.lat, lng: b.lon }) * 1000;

/** The meridian arc from the equator to 45° on the GRS 80 ellipsoid, from geodetic tables. */
const ARC_TO_45 = 4_984_944.378;

describe('locate', () => {
  it('puts a point on the central meridian of MTM zone 8 where the projection formulas do', () => {
    const at = locate(crsByCode('EPSG:32188')!, 304_800, 0.9999 * ARC_TO_45, true);
    expect(at.ok && metresBetween(at, { lat: 45, lon: -73.5 })).toBeLessThan(0.01);
  });

  it('does the same for UTM zone 18N', () => {
    const at = locate(crsByCode('26918')!, 500_000, 0.9996 * ARC_TO_45, true);
    expect(at.ok && metresBetween(at, { lat: 45, lon: -75 })).toBeLessThan(0.01);
  });

  it('brings NAD83(CSRS) within a metre and a half of NAD83, as EPSG’s shift does', () => {
    const csrs = locate(crsByCode('2950')!, 299_512, 5_040_123, true);
    const nad83 = locate(crsByCode('32188')!, 299_512, 5_040_123, true);
    expect(csrs.ok && nad83.ok).toBe(true);
    const gap = metresBetween(csrs as { lat: number; lon: number }, nad83 as { lat: number; lon: number });
    expect(gap).toBeGreaterThan(1);
    expect(gap).toBeLessThan(2.5);
  });

  it('projects the British National Grid as the Ordnance Survey’s worked example, then shifts the datum', () => {
    // Caister water tower: its grid reference and its OSGB36 latitude and longitude, published by the OS.
    const grid = [651_409.903, 313_177.27] as const;
    const bng = crsByCode('27700')!;
    const [lon, lat] = proj4(bng.proj4.replace(/\+towgs84=\S+ /, ''), '+proj=longlat +ellps=airy +no_defs', [...grid]);
    expect(metresBetween({ lat: lat, lon: lon }, { lat: 52.657_570_3, lon: 1.717_921_6 })).toBeLessThan(0.01);
    // OSGB36 lies 100 to 150 m from WGS 84 in East Anglia: the Helmert shift must have moved it that much.
    const at = locate(bng, ...grid, true);
    const shift = at.ok ? metresBetween(at, { lat: lat, lon: lon }) : 0;
    expect(shift).toBeGreaterThan(100);
    expect(shift).toBeLessThan(150);
  });

  it('refuses a point outside the area of use, in French', () => {
    const wrong = locate(crsByCode('27700')!, 299_512, 5_040_123, true);
    expect(wrong).toEqual({
      ok: false,
      message:
        'Le point (E 299\u202f512, N 5\u202f040\u202f123) tombe hors du domaine de OSGB36 / British National Grid : vérifiez le système de coordonnées.',
    });
    expect(locate(crsByCode('32188')!, Number.NaN, 5_040_123, true).ok).toBe(false);
    // A latitude beyond the pole; and NAD83(CSRS) longitude and latitude given the wrong way round.
    expect(locate(crsByCode('4326')!, -73.6, 95, true).ok).toBe(false);
    expect(locate(crsByCode('4617')!, 45.5, -73.6, true).ok).toBe(false);
  });

  it('says how sure the position is', () => {
    const montreal = [299_512, 5_040_123] as const;
    expect(locate(crsByCode('2950')!, ...montreal, true)).toMatchObject({ confidence: 'surveyed' });
    expect(locate(crsByCode('32188')!, ...montreal, true)).toMatchObject({ confidence: 'converted' });
    expect(locate(crsByCode('32188')!, ...montreal, false)).toMatchObject({ confidence: 'approximate' });
    expect(locate(crsByCode('4326')!, -73.6, 45.5, true)).toMatchObject({ confidence: 'surveyed' });
  });
});

describe('the table of coordinate systems', () => {
  it('holds the MTM zones 3–10 and UTM 17–21 of both NAD83, WGS 84 and the British National Grid', () => {
    const codes = CRS_TABLE.map((crs) => crs.code);
    for (const code of [
      '4326',
      '27700',
      '32183',
      '32188',
      '32190',
      '2945',
      '2950',
      '2952',
      '26917',
      '26921',
      '2958',
      '2962',
    ]) {
      expect(codes).toContain(`EPSG:${code}`);
    }
    expect(crsByCode('EPSG:2950')!.label).toBe('NAD83(CSRS) / MTM zone 8');
    expect(crsByCode('2960')!.label).toBe('NAD83(CSRS) / UTM zone 19N');
  });

  it.each([
    ['OSGB', 'EPSG:27700'],
    ['British National Grid', 'EPSG:27700'],
    ['epsg:32188', 'EPSG:32188'],
    ['2950', 'EPSG:2950'],
    ['NAD83 MTM 8', 'EPSG:32188'],
    ['MTM8', 'EPSG:32188'],
    ['NAD83(CSRS) / MTM zone 8', 'EPSG:2950'],
    ['SCoPQ 7', 'EPSG:32187'],
    ['UTM 18N', 'EPSG:26918'],
    ['NAD83 (CSRS) UTM zone 19', 'EPSG:2960'],
    ['WGS84', 'EPSG:4326'],
  ])('reads %j as %s', (name, code) => {
    expect(crsFromName(name)?.code).toBe(code);
  });

  it.each(['', 'Irish Grid', 'MTM 2', 'UTM 31N', 'local'])('does not guess %j', (name) => {
    expect(crsFromName(name)).toBeUndefined();
  });
});
