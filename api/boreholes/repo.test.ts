import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOREHOLE_TYPES,
  DATA_FLAGS,
  DRILLING_METHODS,
  HOLE_STATES,
  PURPOSES,
  sumThickness,
  type Borehole,
} from '../../src/domain/borehole.ts';
import { filterBoreholes, type BoreholeFilters } from '../../src/domain/filters.ts';
import { SAINTE_JULIE_CENTER, TENANTS, type DataScope } from '../../src/domain/tenants.ts';
import { listBoreholes, upsertBorehole } from './repo.ts';
import type { Database } from '../db/database.ts';
import { openTestDatabase, testDatabaseKind } from '../../tests/support/test-database.ts';

// Words that generated text is made of, with accents and case that the filters must ignore.
const WORDS = ['Rue', 'rue', 'Montréal', 'MONTREAL', 'Sainte-Julie', 'Lévis', 'Québec', 'parc', 'Égout', 'pont', 'Île'];
const MATERIALS = ['Argile grise', 'Sable fin à moyen', 'Till glaciaire', 'Remblai', 'Roche fracturée', 'ÉBOULIS'];
const text = fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 3 }).map((w) => w.join(' '));
const isoDate = fc
  .integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2026, 11, 31) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));

/** Random boreholes around Montréal and Sainte-Julie, some without coordinates. */
const generatedBorehole = (index: number) =>
  fc
    .record({
      tenantSlug: fc.constantFrom('montreal', 'stjulie', 'admin'),
      project: text,
      site: text,
      muni: text,
      addr: text,
      // An imported borehole may leave these unknown.
      date: fc.option(isoDate, { freq: 5 }),
      purpose: fc.constantFrom(...PURPOSES),
      type: fc.constantFrom(...BOREHOLE_TYPES),
      method: fc.option(fc.constantFrom(...DRILLING_METHODS), { freq: 5 }),
      holeState: fc.option(fc.constantFrom(...HOLE_STATES), { freq: 5 }),
      lat: fc.option(fc.double({ min: 45.3, max: 45.8, noNaN: true }), {
        freq: 8,
      }),
      lon: fc.double({ min: -73.9, max: -73.1, noNaN: true }),
      thicknesses: fc.array(
        fc.integer({ min: 1, max: 80 }).map((d) => d / 10),
        { maxLength: 4 },
      ),
      materials: fc.array(fc.constantFrom(...MATERIALS), { minLength: 4, maxLength: 4 }),
      screen: fc.option(fc.tuple(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 5 }))),
      has_chem: fc.boolean(),
    })
    .map(({ thicknesses, materials, screen, lat, ...fields }) => ({
      ...fields,
      id: `GEN-${String(index).padStart(3, '0')}`,
      lat,
      lon: lat === null ? null : fields.lon,
      horizons: thicknesses.map((thickness, i) => ({
        material: materials[i]!,
        thickness,
      })),
      depth: sumThickness(thicknesses.map((thickness) => ({ material: '', thickness }))),
      screenTop: screen ? screen[0] : null,
      screenBottom: screen ? screen[0] + screen[1] : null,
      // Wells have their water a little above the screen's top.
      waterDepth: screen ? Math.round(screen[0] * 50) / 100 : null,
    }));

const filterFields = {
  project: fc.constantFrom('rue', 'MONTRÉAL', 'ste', 'pont', 'e', 'Égout'),
  municipality: fc.constantFrom('montreal', 'Sainte', 'quebec', 'julie', 'île'),
  boreholeId: fc.constantFrom('mtl', 'SJ-BH-0', 'gen-01', '-1'),
  // LIKE's own characters, which the SQL escapes: they match themselves only.
  address: fc.constantFrom('rue', 'boulevard', 'québec', '%', '_', '\\'),
  site: fc.constantFrom('parc', 'rue', 'Lévis'),
  method: fc.constantFrom('auger', 'sonic', 'o'),
  lithology: fc.constantFrom('argile', 'SABLE', 'fractur', 'eboulis', 'é', 'till'),
  purpose: fc.constantFrom(...PURPOSES),
  type: fc.constantFrom(...BOREHOLE_TYPES),
  drillingMethod: fc.constantFrom(...DRILLING_METHODS),
  dateFrom: isoDate,
  dateTo: isoDate,
  depthMin: fc.integer({ min: 0, max: 20 }),
  depthMax: fc.integer({ min: 0, max: 30 }),
  screenFrom: fc.integer({ min: 0, max: 15 }),
  screenTo: fc.integer({ min: 0, max: 15 }),
  ...Object.fromEntries(DATA_FLAGS.map((flag) => [flag, fc.constant(true as const)])),
  radius: fc.record({
    centerLat: fc.double({ min: 45.4, max: 45.7, noNaN: true }),
    centerLng: fc.double({ min: -73.8, max: -73.2, noNaN: true }),
    radiusKm: fc.double({ min: 0.5, max: 30, noNaN: true }),
  }),
  ids: fc.subarray(['MTL-BH-01', 'MTL-BH-07', 'SJ-BH-03', 'SJ-BH-15', 'GEN-001', 'GEN-050', 'NOPE']),
};
const filterValues = fc.record(filterFields);
type FilterValues = typeof filterValues extends fc.Arbitrary<infer T> ? T : never;

/** Searches of one to three filters, as people combine them (more would match nothing). */
const filtersArbitrary: fc.Arbitrary<BoreholeFilters> = fc
  .tuple(
    filterValues,
    fc.shuffledSubarray(Object.keys(filterFields), {
      minLength: 1,
      maxLength: 3,
    }),
  )
  .map(([values, keys]) => {
    const chosen = Object.fromEntries(keys.map((key) => [key, values[key as keyof FilterValues]]));
    const { radius, ...filters } = chosen as Partial<FilterValues>;
    return { ...filters, ...radius };
  });

const scopes: DataScope[] = [
  { type: 'all' },
  { type: 'none' },
  TENANTS.montreal.dataScope,
  TENANTS.stjulie.dataScope,
  { type: 'radius', tenantSlug: 'stjulie', center: SAINTE_JULIE_CENTER, radiusKm: 3 },
];

describe(`listBoreholes on ${testDatabaseKind}`, () => {
  let db: Database;
  let everything: Borehole[];

  beforeAll(async () => {
    db = await openTestDatabase({ demo: true });
    const generated = fc.sample(fc.tuple(...Array.from({ length: 120 }, (_, i) => generatedBorehole(i))), {
      numRuns: 1,
      seed: 20_261_121,
    })[0]!;
    await db.transaction(async (tx) => {
      for (const borehole of generated) await upsertBorehole(tx, borehole);
    });
    everything = (await listBoreholes(db, { scope: { type: 'all' }, filters: {} })).items;
  });
  afterAll(() => db.close());

  it('reads back every stored borehole with its horizons and derived flags', () => {
    expect(everything).toHaveLength(150);
    const sample = everything.find((b) => b.id === 'MTL-BH-05');
    expect(sample?.horizons.map((h) => h.material)).toEqual([
      'Asphalt pavement',
      'Fill, sand and gravel',
      'Gravier et galets',
      'Till glaciaire',
      'Bedrock, grey limestone',
    ]);
    expect(sample).toMatchObject({
      depth: 12,
      has_chem: false,
      has_pdf: true,
      lat: 45.47351,
      waterDepth: 4.1,
    });
    expect(everything.find((b) => b.id === 'MTL-BH-01')!.waterDepth).toBeNull();
    expect(everything.filter((b) => b.horizons.length === 0).length).toBeGreaterThan(0);
    expect(everything.filter((b) => !b.has_pdf).length).toBeGreaterThan(0);
  });

  it('gives the water depth a log states: a standing level first, else the shallowest strike', async () => {
    const id = 'MTL-BH-01';
    const water = async () => (await listBoreholes(db, { scope: { type: 'all' }, filters: { ids: [id] } })).items[0]!;
    const log = (grp: string, position: number, top: number | null, fields: Record<string, string>) =>
      db.query('INSERT INTO log_rows (borehole_id, grp, position, top, fields) VALUES ($1, $2, $3, $4, $5)', [
        id,
        grp,
        position,
        top,
        JSON.stringify(fields),
      ]);
    await log('WSTG', 0, 5.2, { WSTG_DPTH: '5.20' });
    await log('WSTG', 1, 3.75, { WSTG_DPTH: '3.75' });
    expect((await water()).waterDepth).toBe(3.75);
    // A standing level that is not a number (AGS type X) is passed over.
    await log('WSTD', 0, null, { WSTG_DPTH: '5.20', WSTD_NMIN: '20', WSTD_POST: 'sec' });
    expect((await water()).waterDepth).toBe(3.75);
    await log('WSTD', 1, null, { WSTG_DPTH: '3.75', WSTD_NMIN: '20', WSTD_POST: '2.90' });
    expect((await water()).waterDepth).toBe(2.9);
    await db.query(`DELETE FROM log_rows WHERE borehole_id = $1`, [id]);
    expect((await water()).waterDepth).toBeNull();
  });

  it('returns the same rows in the same order as the domain filter', async () => {
    await fc.assert(
      fc.asyncProperty(filtersArbitrary, fc.constantFrom(...scopes), async (filters, scope) => {
        const expected = filterBoreholes(everything, filters, scope).map((b) => b.id);
        const { items, total } = await listBoreholes(db, { scope, filters });
        expect(items.map((b) => b.id)).toEqual(expected);
        expect(total).toBe(expected.length);
      }),
      { numRuns: 300, seed: 42 },
    );
  });

  it('returns non-empty results for a good share of the generated searches', () => {
    // Guards the property above against filters so narrow that every answer is empty.
    const samples = fc.sample(filtersArbitrary, { numRuns: 100, seed: 7 });
    const nonEmpty = samples.filter((filters) => filterBoreholes(everything, filters, { type: 'all' }).length > 0);
    expect(nonEmpty.length).toBeGreaterThan(30);
  });

  it('pages through the results with a stable total', async () => {
    const scope: DataScope = { type: 'all' };
    const first = await listBoreholes(db, { scope, filters: {}, limit: 50 });
    const last = await listBoreholes(db, {
      scope,
      filters: {},
      limit: 50,
      offset: 100,
    });
    const beyond = await listBoreholes(db, {
      scope,
      filters: { purpose: 'hydro' },
      limit: 10,
      offset: 10_000,
    });
    expect([first.items.length, first.total]).toEqual([50, 150]);
    expect([last.items.length, last.total]).toEqual([50, 150]);
    expect(last.items.map((b) => b.id)).toEqual(everything.slice(100).map((b) => b.id));
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(everything.filter((b) => b.purpose === 'hydro').length);
  });

  it('keeps a tenant to its scope: Sainte-Julie reads only what lies within 8 km', async () => {
    const { items } = await listBoreholes(db, {
      scope: TENANTS.stjulie.dataScope,
      filters: {},
    });
    const sample = items.filter((b) => !b.id.startsWith('GEN'));
    expect(sample.map((b) => b.id).sort()).toEqual(
      Array.from({ length: 15 }, (_, i) => `SJ-BH-${String(i + 1).padStart(2, '0')}`),
    );
  });

  it('treats text filters as text, never as SQL or patterns', async () => {
    for (const project of ["' OR 1=1 --", '%', '_', '\\']) {
      const { items } = await listBoreholes(db, {
        scope: { type: 'all' },
        filters: { project },
      });
      expect(items).toEqual([]);
    }
  });

  it('keeps within a radius exactly the boreholes the domain keeps, anywhere on Earth', async () => {
    // The SQL puts a rectangle before the distance, for the index: near a pole or the antimeridian
    // too, it must leave out no borehole the distance keeps.
    const place = fc.oneof(
      fc.record({
        lat: fc.double({ min: -89.99, max: 89.99, noNaN: true }),
        lng: fc.double({ min: -179.99, max: 179.99, noNaN: true }),
      }),
      fc.record({
        lat: fc.double({ min: 88, max: 89.99, noNaN: true }),
        lng: fc.double({ min: -179.99, max: 179.99, noNaN: true }),
      }),
      // Far north, longitudes shrink: the rectangle must widen with the latitude.
      fc.record({
        lat: fc.double({ min: 70, max: 88, noNaN: true }),
        lng: fc.double({ min: -20, max: 20, noNaN: true }),
      }),
      fc.record({
        lat: fc.double({ min: -60, max: 60, noNaN: true }),
        lng: fc.double({ min: 179, max: 179.99, noNaN: true }),
      }),
    );
    const places = fc.sample(place, { numRuns: 300, seed: 2026 });
    const [template] = everything;
    await db.transaction(async (tx) => {
      for (const [i, { lat, lng }] of places.entries()) {
        await upsertBorehole(tx, { ...template!, id: `WORLD-${i}`, lat, lon: lng, waterDepth: null });
      }
    });
    // Null Island and a float away from it: PostgreSQL refuses an underflow, the SQL must not meet one.
    await upsertBorehole(db, { ...template!, id: 'WORLD-ZERO', lat: 0, lon: 0, waterDepth: null });
    await upsertBorehole(db, { ...template!, id: 'WORLD-TINY', lat: 5e-324, lon: -5e-324, waterDepth: null });
    for (const centerLat of [0, 5e-324, 1e-320, -1e-200]) {
      const { items } = await listBoreholes(db, {
        scope: { type: 'all' },
        filters: { centerLat, centerLng: 1e-310, radiusKm: 1, ids: ['WORLD-TINY', 'WORLD-ZERO', 'MTL-BH-01'] },
      });
      expect(items.map((b) => b.id).sort()).toEqual(['WORLD-TINY', 'WORLD-ZERO']);
    }
    const world = (await listBoreholes(db, { scope: { type: 'all' }, filters: {} })).items;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: places.length - 1 }),
        fc.double({ min: -2, max: 2, noNaN: true }),
        fc.constantFrom(1, 50, 300, 1_500, 5_000, 12_000, 20_000),
        async (index, shift, radiusKm) => {
          const center = places[index]!;
          const filters = {
            centerLat: Math.max(-90, Math.min(90, center.lat + shift)),
            centerLng: Math.max(-180, Math.min(180, center.lng + shift)),
            radiusKm,
          };
          const expected = filterBoreholes(world, filters, { type: 'all' }).map((b) => b.id);
          const { items } = await listBoreholes(db, { scope: { type: 'all' }, filters });
          expect(items.map((b) => b.id)).toEqual(expected);
        },
      ),
      { numRuns: 200, seed: 11 },
    );
  });
});
