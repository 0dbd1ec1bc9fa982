import { describe, expect, it } from 'vitest';
import { BOREHOLE_TYPES, DRILLING_METHODS, HOLE_STATES, PURPOSES } from '../../../src/domain/borehole.ts';
import { haversineKm } from '../../../src/domain/geo.ts';
import { classifySoil, SOIL_CLASSES } from '../../../src/domain/soil.ts';
import { SAINTE_JULIE_CENTER } from '../../../src/domain/tenants.ts';
import { SAMPLE_BOREHOLES, SAMPLE_WATER_DEPTHS } from './sample-boreholes.ts';

const montreal = SAMPLE_BOREHOLES.filter((b) => b.tenantSlug === 'montreal');
const stjulie = SAMPLE_BOREHOLES.filter((b) => b.tenantSlug === 'stjulie');
const distance = (b: (typeof SAMPLE_BOREHOLES)[number]) =>
  haversineKm(SAINTE_JULIE_CENTER, { lat: b.lat!, lng: b.lon! });

describe('sample boreholes', () => {
  it('are MTL-BH-01..15 and SJ-BH-01..15', () => {
    const two = (n: number) => String(n).padStart(2, '0');
    expect(montreal.map((b) => b.id)).toEqual(Array.from({ length: 15 }, (_, i) => `MTL-BH-${two(i + 1)}`));
    expect(stjulie.map((b) => b.id)).toEqual(Array.from({ length: 15 }, (_, i) => `SJ-BH-${two(i + 1)}`));
  });

  it('place Sainte-Julie’s within 8 km of its centre and Montréal’s on the island', () => {
    for (const b of stjulie) expect(distance(b), b.id).toBeLessThanOrEqual(8);
    for (const b of montreal) {
      expect(distance(b), b.id).toBeGreaterThan(8);
      expect(b.lat! > 45.4 && b.lat! < 45.71 && b.lon! > -73.98 && b.lon! < -73.47, b.id).toBe(true);
    }
  });

  it('use every enumeration value at least once', () => {
    const used = (pick: (b: (typeof SAMPLE_BOREHOLES)[number]) => string) => new Set(SAMPLE_BOREHOLES.map(pick));
    expect([...used((b) => b.purpose)].sort()).toEqual([...PURPOSES].sort());
    expect([...used((b) => b.type)].sort()).toEqual([...BOREHOLE_TYPES].sort());
    expect([...used((b) => b.method)].sort()).toEqual([...DRILLING_METHODS].sort());
    expect([...used((b) => b.holeState)].sort()).toEqual([...HOLE_STATES].sort());
  });

  it('cover every soil class, with materials in French and in English', () => {
    const materials = SAMPLE_BOREHOLES.flatMap((b) => b.horizons.map((h) => h.material));
    expect(new Set(materials.map(classifySoil))).toEqual(new Set(Object.keys(SOIL_CLASSES)));
    const english = materials.filter((m) => /\b(clay|sand|silt|fill|till,|asphalt|shale|limestone|bedrock)\b/i.test(m));
    expect(english.length).toBeGreaterThanOrEqual(5);
  });

  it('spread their dates over several years', () => {
    const years = new Set(SAMPLE_BOREHOLES.map((b) => b.date.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(6);
  });

  it('give screens only to screened holes, inside the hole', () => {
    for (const b of SAMPLE_BOREHOLES) {
      const depth = b.horizons.reduce((sum, h) => sum + h.thickness, 0);
      if (b.holeState === 'screened') {
        expect(b.screenTop, b.id).not.toBeNull();
        expect(b.screenBottom!, b.id).toBeLessThanOrEqual(depth);
      } else expect(b.screenTop, b.id).toBeNull();
    }
  });

  it('give water depths to every well and piezometer, within the hole', () => {
    const byId = new Map(SAMPLE_BOREHOLES.map((b) => [b.id, b]));
    for (const [id, water] of Object.entries(SAMPLE_WATER_DEPTHS)) {
      const b = byId.get(id)!;
      expect(b, id).toBeDefined();
      expect(water, id).toBeGreaterThan(0);
      expect(water, id).toBeLessThan(b.horizons.reduce((sum, h) => sum + h.thickness, 0));
    }
    const wells = SAMPLE_BOREHOLES.filter((b) => b.type === 'monitoring_well' || b.type === 'piezometer');
    expect(wells.filter((b) => SAMPLE_WATER_DEPTHS[b.id] === undefined).map((b) => b.id)).toEqual([]);
  });
});
