import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOREHOLE_TYPES, PURPOSES, type Borehole } from '../../src/domain/borehole.ts';
import { filterBoreholes, parseFilters } from '../../src/domain/filters.ts';
import { TENANTS, type DataScope } from '../../src/domain/tenants.ts';
import {
  CELL_PX,
  FOLD_CHANGES_ABOVE,
  mapView,
  mercatorX,
  mercatorY,
  type Bbox,
  type MapCluster,
  type MapView,
} from './map-repo.ts';
import { listBoreholes, upsertBorehole, type NewBorehole } from './repo.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';

const [admin, montreal, stjulie] = DEMO_ACCOUNTS;
const VIEWER = 'lecteur@montreal.ca';
const ALL: DataScope = { type: 'all' };
const SCOPE_OF: Record<string, DataScope> = {
  [admin.email]: ALL,
  [montreal.email]: TENANTS.montreal.dataScope,
  [stjulie.email]: TENANTS.stjulie.dataScope,
  [VIEWER]: TENANTS.montreal.dataScope,
};

/** Boreholes spread from Montréal to Sainte-Julie, some without coordinates, some on a bbox's edge. */
function scatteredBoreholes(count: number): NewBorehole[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `MAP-${String(i).padStart(3, '0')}`,
    tenantSlug: (['montreal', 'stjulie', 'admin'] as const)[i % 3]!,
    project: `Projet ${i % 4}`,
    site: `Site ${i % 5}`,
    muni: i % 2 ? 'Montréal' : 'Sainte-Julie',
    date: `2024-0${1 + (i % 9)}-1${i % 3}`,
    purpose: PURPOSES[i % PURPOSES.length]!,
    type: BOREHOLE_TYPES[i % BOREHOLE_TYPES.length]!,
    method: null,
    holeState: null,
    depth: 2 + (i % 7),
    lat: i % 10 === 0 ? null : i % 17 === 0 ? 45.5 : 45.45 + ((i * 37) % 100) / 600,
    lon: i % 10 === 0 ? null : i % 17 === 0 ? -73.6 : -73.75 + ((i * 53) % 100) / 200,
    addr: '',
    screenTop: null,
    screenBottom: null,
    waterDepth: null,
    has_chem: i % 2 === 0,
    horizons: [{ material: 'Sable', thickness: 1 }],
  }));
}

const inBbox = (row: Borehole, [west, south, east, north]: Bbox) =>
  row.lat !== null && row.lon !== null && row.lon >= west && row.lon <= east && row.lat >= south && row.lat <= north;

/** The cell of CELL_PX at `zoom` of a position, as a key. */
function cellOf(lat: number, lon: number, zoom: number): string {
  const cells = 2 ** (zoom + 8) / CELL_PX;
  return `${Math.floor(mercatorX(lon) * cells)}/${Math.floor(mercatorY(lat) * cells)}`;
}

const WHOLE: Bbox = [-74, 45, -73, 46];
const MONTREAL_WEST: Bbox = [-73.75, 45.45, -73.6, 45.5];
const CASES: [string, Bbox, string][] = [
  ['the whole region', WHOLE, ''],
  ['a corner, its edges included', MONTREAL_WEST, ''],
  ['the whole region, hydro and deep', WHOLE, 'purpose=hydro&depthMin=4'],
  ['within 5 km of Sainte-Julie', WHOLE, 'centerLat=45.585&centerLng=-73.3327&radiusKm=5'],
  ['a town and a text', [-73.8, 45.4, -73.2, 45.7], 'municipality=julie&site=2'],
];

describe(`GET /api/boreholes/map on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let everything: Borehole[];

  const view = async (query: string, as: string) => {
    const response = await t.call(`/api/boreholes/map?${query}`, { as });
    expect(response.status).toBe(200);
    return (await response.json()) as MapView;
  };
  /** The ids the domain's rules give for a search, an account and a rectangle. */
  const expected = (query: string, as: string, bbox: Bbox) => {
    const filters = parseFilters(new URLSearchParams(query));
    if (!filters.ok) throw new Error(filters.error);
    return filterBoreholes(everything, filters.filters, SCOPE_OF[as]!)
      .filter((row) => inBbox(row, bbox))
      .map((row) => row.id)
      .sort();
  };
  /** Clusters checked against the boreholes they stand for: each one in exactly one cluster. */
  const expectPartition = (clusters: MapCluster[], ids: string[], zoom: number) => {
    const byId = new Map(everything.map((row) => [row.id, row]));
    const members = new Map<string, Borehole[]>();
    for (const id of ids) {
      const row = byId.get(id)!;
      const key = cellOf(row.lat!, row.lon!, zoom);
      members.set(key, [...(members.get(key) ?? []), row]);
    }
    expect(clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(ids.length);
    expect(clusters).toHaveLength(members.size);
    for (const cluster of clusters) {
      const rows = members.get(cellOf(cluster.lat, cluster.lon, zoom));
      expect(rows?.length).toBe(cluster.count);
      const lats = rows!.map((row) => row.lat!);
      const lons = rows!.map((row) => row.lon!);
      expect(cluster.bbox).toEqual([Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)]);
      expect(cluster.lat).toBeCloseTo(lats.reduce((a, b) => a + b) / lats.length, 9);
      expect(cluster.lon).toBeCloseTo(lons.reduce((a, b) => a + b) / lons.length, 9);
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.db.transaction(async (tx) => {
      for (const borehole of scatteredBoreholes(120)) await upsertBorehole(tx, borehole);
    });
    await t.addAccount(VIEWER, 'viewer', 'Lecteur');
    everything = (await listBoreholes(t.db, { scope: ALL, filters: {} })).items;
  });
  afterAll(() => t.close());

  it('needs a session', async () => {
    expect((await t.call('/api/boreholes/map?bbox=-74,45,-73,46&zoom=9')).status).toBe(401);
  });

  it.each([
    ['', 'bbox est requis'],
    ['bbox=-74,45,-73&zoom=9', 'bbox attend quatre nombres'],
    ['bbox=-73,45,-74,46&zoom=9', 'bbox attend quatre nombres'],
    ['bbox=170,45,-170,46&zoom=9', 'bbox attend quatre nombres'],
    ['bbox=-74,45,-73,91&zoom=9', 'bbox attend quatre nombres'],
    ['bbox=-181,45,-73,46&zoom=9', 'bbox attend quatre nombres'],
    ['bbox=-74,46,-73,45&zoom=9', 'bbox attend quatre nombres'],
    ['bbox=-74,45,-73,NaN&zoom=9', 'bbox attend quatre nombres'],
    ['bbox=-74,45,,46&zoom=9', 'bbox attend quatre nombres'],
    ['bbox=-74,45,-73,46', 'zoom doit être un nombre'],
    ['bbox=-74,45,-73,46&zoom=21', 'zoom vaut au plus 20'],
    ['bbox=-74,45,-73,46&zoom=-1', 'zoom ne peut pas être négatif'],
    ['bbox=-74,45,-73,46&zoom=2.5', 'zoom doit être un entier'],
    ['bbox=-74,45,-73,46&zoom=x', 'zoom doit être un nombre'],
    ['bbox=-74,45,-73,46&zoom=9&depthMin=abc', 'profondeur doit être un nombre'],
  ])('refuses %j in French', async (query, message) => {
    const response = await t.call(`/api/boreholes/map?${query}`, { as: admin.email });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain(message);
  });

  it.each(CASES)('gives the points of %s, exactly, to every account', async (_, bbox, query) => {
    for (const as of [admin.email, montreal.email, stjulie.email, VIEWER]) {
      const result = await view(`bbox=${bbox.join(',')}&zoom=12&${query}`, as);
      const ids = expected(query, as, bbox);
      expect(result.mode).toBe('points');
      if (result.mode !== 'points') continue;
      expect(result.points.map((point) => point.id).sort()).toEqual(ids);
      expect(result.in_view).toBe(ids.length);
      const byId = new Map(everything.map((row) => [row.id, row]));
      for (const point of result.points) {
        expect(point).toEqual({ id: point.id, lat: byId.get(point.id)!.lat, lon: byId.get(point.id)!.lon });
      }
    }
  });

  it.each(CASES)('clusters %s: every borehole in exactly one cluster, in its cell', async (_, bbox, query) => {
    const filters = parseFilters(new URLSearchParams(query));
    if (!filters.ok) throw new Error(filters.error);
    for (const as of [admin.email, montreal.email, stjulie.email]) {
      for (const zoom of [5, 11, 14]) {
        const result = await mapView(t.db, {
          scope: SCOPE_OF[as]!,
          filters: filters.filters,
          bbox,
          zoom,
          maxPoints: 0,
        });
        const ids = expected(query, as, bbox);
        if (ids.length === 0) {
          expect(result).toMatchObject({ mode: 'points', in_view: 0, points: [] });
          continue;
        }
        expect(result.mode).toBe('clusters');
        if (result.mode !== 'clusters') continue;
        expect(result.in_view).toBe(ids.length);
        expectPartition(result.clusters, ids, zoom);
      }
    }
  });

  it('gives the bounds of the whole search, wherever the viewport is, for the map to fit', async () => {
    for (const [as, query] of [
      [admin.email, ''],
      [montreal.email, 'depthMin=4'],
      [stjulie.email, ''],
    ] as const) {
      const placed = everything.filter((row) => expected(query, as, WHOLE).includes(row.id));
      expect(placed.length).toBeGreaterThan(0);
      // A viewport far from every borehole still gets them.
      const result = await view(`bbox=10,10,11,11&zoom=12&${query}`, as);
      expect(result.in_view).toBe(0);
      expect(result.bounds).toEqual([
        Math.min(...placed.map((row) => row.lon!)),
        Math.min(...placed.map((row) => row.lat!)),
        Math.max(...placed.map((row) => row.lon!)),
        Math.max(...placed.map((row) => row.lat!)),
      ]);
    }
    expect((await view('bbox=10,10,11,11&zoom=12&boreholeId=AUCUN', admin.email)).bounds).toBeNull();
  });

  it('never counts for Sainte-Julie what lies beyond its radius, whatever the tenant parameter says', async () => {
    for (const tenant of ['', '&tenant=montreal', '&tenant=admin']) {
      const ids = expected('', stjulie.email, WHOLE);
      const result = await view(`bbox=${WHOLE.join(',')}&zoom=9${tenant}`, stjulie.email);
      expect(result.in_view).toBe(ids.length);
      const clustered = await mapView(t.db, {
        scope: TENANTS.stjulie.dataScope,
        filters: {},
        bbox: MONTREAL_WEST,
        zoom: 9,
        maxPoints: 0,
      });
      expect(clustered.in_view).toBe(expected('', stjulie.email, MONTREAL_WEST).length);
    }
    // Montréal's own boreholes downtown exist, and Sainte-Julie sees none of them.
    expect(expected('', admin.email, MONTREAL_WEST).length).toBeGreaterThan(0);
    expect(expected('', stjulie.email, MONTREAL_WEST).every((id) => id.startsWith('MAP-'))).toBe(true);
  });

  it('sees a write at once: the cached positions are read again', async () => {
    const bbox: Bbox = [-73.5, 45.3, -73.49, 45.31];
    const before = await mapView(t.db, { scope: ALL, filters: {}, bbox, zoom: 14, maxPoints: 0 });
    expect(before.in_view).toBe(0);
    const [added] = scatteredBoreholes(1).map((b) => ({ ...b, id: 'MAP-NEW', lat: 45.305, lon: -73.495 }));
    await upsertBorehole(t.db, added!);
    const after = await mapView(t.db, { scope: ALL, filters: {}, bbox, zoom: 14, maxPoints: 0 });
    expect(after).toMatchObject({ mode: 'clusters', in_view: 1, clusters: [{ lat: 45.305, lon: -73.495, count: 1 }] });
    await t.db.query(`DELETE FROM boreholes WHERE id = 'MAP-NEW'`);
    expect((await mapView(t.db, { scope: ALL, filters: {}, bbox, zoom: 14, maxPoints: 0 })).in_view).toBe(0);
  });

  it('folds its many change notes into one of the same weight, and still sees the next write', async () => {
    const notes = async () =>
      (
        await t.db.query<{ rows: number; weight: number }>(
          'SELECT count(*)::int AS rows, COALESCE(sum(weight), 0)::int AS weight FROM borehole_map_changes',
        )
      )[0]!;
    await t.db.query(
      `INSERT INTO borehole_map_changes (weight) SELECT 1 FROM generate_series(1, ${FOLD_CHANGES_ABOVE})`,
    );
    const before = await notes();
    expect(before.rows).toBeGreaterThan(FOLD_CHANGES_ABOVE);
    const bbox: Bbox = [-73.4, 45.2, -73.39, 45.21];
    expect((await mapView(t.db, { scope: ALL, filters: {}, bbox, zoom: 14, maxPoints: 0 })).in_view).toBe(0);
    expect(await notes()).toEqual({ rows: 1, weight: before.weight });
    const [added] = scatteredBoreholes(1).map((b) => ({ ...b, id: 'MAP-FOLD', lat: 45.205, lon: -73.395 }));
    await upsertBorehole(t.db, added!);
    expect((await mapView(t.db, { scope: ALL, filters: {}, bbox, zoom: 14, maxPoints: 0 })).in_view).toBe(1);
    expect((await notes()).weight).toBeGreaterThan(before.weight);
    await t.db.query(`DELETE FROM boreholes WHERE id = 'MAP-FOLD'`);
  });

  describe('with more boreholes in view than points are sent', () => {
    beforeAll(async () => {
      // 6,000 copies of a sample borehole on a grid from Montréal to Sainte-Julie, in one statement.
      await t.db.query(
        `INSERT INTO boreholes SELECT (jsonb_populate_record(b, jsonb_build_object(
           'id', 'GRID-' || i, 'loca_id', 'GRID-' || i, 'search_id', 'grid-' || i,
           'lat', 45.40 + (i % 80) * 0.004, 'lon', -73.80 + (i / 80) * 0.006))).*
         FROM boreholes b, generate_series(0, 5999) i WHERE b.id = 'MTL-BH-01'`,
      );
      everything = (await listBoreholes(t.db, { scope: ALL, filters: {} })).items;
    });

    it.each([
      [admin.email, 5],
      [admin.email, 10],
      [montreal.email, 8],
      [stjulie.email, 10],
    ])('sends clusters to %s at zoom %i, each borehole counted once', async (as, zoom) => {
      const result = await view(`bbox=${WHOLE.join(',')}&zoom=${zoom}`, as);
      const ids = expected('', as, WHOLE);
      if (ids.length <= 5000) {
        expect(result.mode).toBe('points');
        expect(result.in_view).toBe(ids.length);
        return;
      }
      expect(result.mode).toBe('clusters');
      if (result.mode !== 'clusters') return;
      expect(result.in_view).toBe(ids.length);
      expectPartition(result.clusters, ids, zoom);
    });

    it('gives Sainte-Julie only the grid within its radius', async () => {
      const ids = expected('', stjulie.email, WHOLE);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.length).toBeLessThan(6000);
      expect((await view(`bbox=${WHOLE.join(',')}&zoom=10`, stjulie.email)).in_view).toBe(ids.length);
    });

    it('sends points again when zoomed in', async () => {
      const bbox: Bbox = [-73.7, 45.5, -73.65, 45.53];
      const result = await view(`bbox=${bbox.join(',')}&zoom=15`, admin.email);
      expect(result.mode).toBe('points');
      if (result.mode === 'points')
        expect(result.points.map((p) => p.id).sort()).toEqual(expected('', admin.email, bbox));
    });
  });
});
