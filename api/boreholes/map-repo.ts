import type { BoreholeFilters } from '../../src/domain/filters.ts';
import type { DataScope } from '../../src/domain/tenants.ts';
import { Params, whereSql } from './repo.ts';
import type { Queryable } from '../db/database.ts';

// The map at 1,000,000 boreholes (issue #19): clusters or points for a viewport, by measurement.
//
// A viewport at zoom 5 or 10 holds every borehole of a region: its clusters aggregate up to a
// million rows. Measured on the embedded PostgreSQL, 1,000,000 boreholes (2 CPUs, load 1.5–2.3; the
// SQL figures on the generator's earlier data, same size, where each costs a scan of the rows):
//   - SQL grid (GROUP BY Web-Mercator cell computed from lat/lon): 360 ms, 330 ms with a filter;
//   - precomputed integer x/y columns + btree, index-only: 186 ms without a filter, 360–430 ms
//     with one (the heap is read again) — and generated columns break restore's `SELECT *`;
//   - positions cached per scope and search in the API process, binned in JavaScript (bench:scale,
//     1440×900, load 9–10): p95 26 / 52 / 69 ms at zoom 5 / 10 / 15 (4,093 points at 15), 6–21 ms
//     with two filters; PGlite 100,000: p95 ≤ 9 ms. The first request of a search reads its
//     positions in one query: 650 ms for 1,000,000 (377 ms for 174,000 matches), 161 ms on PGlite.
// No SQL aggregation met 100 ms over a million rows on two CPUs, so clusters come from the cache.
// Points (at most MAX_POINTS in view) come from SQL through the (lon, lat) index of migration
// 0021, lean (id, position): the popup reads `/api/boreholes/:id`. The cache is valid while the
// weights of `borehole_map_changes` (0021, 0022) keep their sum; each process holds its own (memory
// bounded by MAX_CACHED_POSITIONS).

/** The most boreholes a viewport shows as points; beyond, clusters. */
export const MAX_POINTS = 5_000;
/** The side of a cluster's cell on screen, in pixels (cells are aligned on the world's grid). */
export const CELL_PX = 64;
/** Beyond this many rows, borehole_map_changes is folded into one row of their weight. */
export const FOLD_CHANGES_ABOVE = 1_000;
/** The most positions kept in one process's cache (24 bytes each: about 72 MB). */
export const MAX_CACHED_POSITIONS = 3_000_000;

/** west, south, east, north in degrees (west ≤ east: the antimeridian is not crossed). */
export type Bbox = [number, number, number, number];

export interface MapCluster {
  lat: number;
  lon: number;
  count: number;
  /** The rectangle of its members, west, south, east, north: the map zooms to it on a click. */
  bbox: Bbox;
}

export interface MapPoint {
  id: string;
  lat: number;
  lon: number;
}

/**
 * What the map draws in a viewport, and `bounds`: the rectangle of every placed match of the
 * search, wherever the viewport is (null without any), which the map fits after a new search.
 */
export type MapView = { bounds: Bbox | null } & (
  | { mode: 'clusters'; in_view: number; clusters: MapCluster[] }
  | { mode: 'points'; in_view: number; points: MapPoint[] }
);

const MAX_LAT = 85.0511287798;

/** Web-Mercator x of a longitude, 0 (west) to 1 (east). */
export const mercatorX = (lon: number) => (lon + 180) / 360;

/** Web-Mercator y of a latitude, 0 (north) to 1 (south), clamped at ±85.05°. */
export function mercatorY(lat: number): number {
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return 0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI);
}

/** The positions of a search: parallel arrays. */
interface Positions {
  lon: Float64Array;
  lat: Float64Array;
  y: Float64Array;
  bounds: Bbox | null;
}

/** A search's positions as read at `generation` (the sum of the weights of borehole_map_changes). */
interface CacheEntry {
  generation: number;
  positions: Promise<Positions>;
  /** How many positions it holds, once read. */
  size: number;
}

/** Per database (the app's, or a test's), searches in least-recently-used order. */
const caches = new WeakMap<Queryable, Map<string, CacheEntry>>();

async function readPositions(db: Queryable, scope: DataScope, filters: BoreholeFilters): Promise<Positions> {
  const params = new Params();
  // One value of 16 bytes a borehole (two big-endian float8): a million rows as separate values
  // cost twice as long to decode.
  const [row] = await db.query<{ positions: Uint8Array | null }>(
    `SELECT string_agg(float8send(b.lon) || float8send(b.lat), ''::bytea) AS positions
     FROM boreholes b WHERE ${whereSql(params, scope, filters)} AND b.lat IS NOT NULL AND b.lon IS NOT NULL`,
    params.values,
  );
  const bytes = row?.positions ?? new Uint8Array(0);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = bytes.byteLength / 16;
  const lon = new Float64Array(count);
  const lat = new Float64Array(count);
  const y = new Float64Array(count);
  const bounds: Bbox = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < count; i++) {
    const x = (lon[i] = view.getFloat64(i * 16));
    const a = (lat[i] = view.getFloat64(i * 16 + 8));
    y[i] = mercatorY(a);
    if (x < bounds[0]) bounds[0] = x;
    if (a < bounds[1]) bounds[1] = a;
    if (x > bounds[2]) bounds[2] = x;
    if (a > bounds[3]) bounds[3] = a;
  }
  return { lon, lat, y, bounds: count > 0 ? bounds : null };
}

/** Forgets the least recently used searches while the cache holds too many positions. */
function evict(cache: Map<string, CacheEntry>, keep: string) {
  let total = 0;
  for (const entry of cache.values()) total += entry.size;
  for (const [key, entry] of cache) {
    if (total <= MAX_CACHED_POSITIONS) break;
    if (key === keep) continue;
    cache.delete(key);
    total -= entry.size;
  }
}

/**
 * Folds the notes of borehole_map_changes into one row of their total weight: the sum, hence every
 * cache's generation, stays what it was. A note whose writer has not committed yet is not seen, so
 * not folded; two folds at once each fold the rows they delete (the second skips the first's).
 */
export async function foldMapChanges(db: Queryable): Promise<void> {
  await db.query(
    `WITH folded AS (DELETE FROM borehole_map_changes RETURNING weight)
     INSERT INTO borehole_map_changes (weight) SELECT sum(weight) FROM folded HAVING count(*) > 0`,
  );
}

/** The positions of a search, from the cache while nothing has been written since they were read. */
async function positionsOf(db: Queryable, scope: DataScope, filters: BoreholeFilters): Promise<Positions> {
  // Read before the positions: a write committed in between only makes the next request read again.
  const [changes] = await db.query<{ generation: number; rows: number }>(
    'SELECT COALESCE(sum(weight), 0)::float8 AS generation, count(*)::int AS rows FROM borehole_map_changes',
  );
  const { generation, rows } = changes!;
  if (rows > FOLD_CHANGES_ABOVE) await foldMapChanges(db);
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map<string, CacheEntry>()));
  const key = JSON.stringify([scope, filters]);
  let entry = cache.get(key);
  cache.delete(key);
  if (!entry || entry.generation < generation) {
    const fresh: CacheEntry = { generation, size: 0, positions: readPositions(db, scope, filters) };
    fresh.positions.then(
      (positions) => {
        fresh.size = positions.lon.length;
        evict(cache, key);
      },
      () => {
        if (cache.get(key) === fresh) cache.delete(key);
      },
    );
    entry = fresh;
  }
  cache.set(key, entry);
  return entry.positions;
}

interface Cell {
  count: number;
  sumLat: number;
  sumLon: number;
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The clusters of the positions in the bbox: one per cell of CELL_PX at `zoom` holding any. */
function clustersOf({ lon, lat, y }: Positions, [west, south, east, north]: Bbox, zoom: number) {
  const cells = 2 ** (zoom + 8) / CELL_PX;
  const grid = new Map<number, Cell>();
  let inView = 0;
  for (let i = 0; i < lon.length; i++) {
    const x = lon[i]!;
    const a = lat[i]!;
    if (x < west || x > east || a < south || a > north) continue;
    inView++;
    const key = Math.min(cells - 1, Math.floor(mercatorX(x) * cells)) * cells + Math.floor(y[i]! * cells);
    const cell = grid.get(key);
    if (!cell) {
      grid.set(key, { count: 1, sumLat: a, sumLon: x, west: x, south: a, east: x, north: a });
      continue;
    }
    cell.count++;
    cell.sumLat += a;
    cell.sumLon += x;
    if (x < cell.west) cell.west = x;
    if (x > cell.east) cell.east = x;
    if (a < cell.south) cell.south = a;
    if (a > cell.north) cell.north = a;
  }
  const clusters = [...grid.values()].map((cell): MapCluster => ({
    lat: cell.sumLat / cell.count,
    lon: cell.sumLon / cell.count,
    count: cell.count,
    bbox: [cell.west, cell.south, cell.east, cell.north],
  }));
  return { inView, clusters };
}

/** The boreholes of the search in the bbox, lean, in id order (byte order). */
async function pointsOf(db: Queryable, scope: DataScope, filters: BoreholeFilters, bbox: Bbox) {
  const params = new Params();
  const where = whereSql(params, scope, filters);
  const [west, south, east, north] = bbox.map((value) => params.add(value));
  const [row] = await db.query<{ points: string }>(
    `SELECT COALESCE(json_agg(json_build_object('id', b.id, 'lat', b.lat, 'lon', b.lon) ORDER BY b.id COLLATE "C"),
       '[]')::text AS points
     FROM boreholes b
     WHERE ${where} AND b.lon BETWEEN ${west}::float8 AND ${east}::float8
       AND b.lat BETWEEN ${south}::float8 AND ${north}::float8`,
    params.values,
  );
  return JSON.parse(row!.points) as MapPoint[];
}

export interface MapViewQuery {
  scope: DataScope;
  filters: BoreholeFilters;
  bbox: Bbox;
  zoom: number;
  /** The most points sent (MAX_POINTS unless a test asks for clusters). */
  maxPoints?: number;
}

/**
 * What the map draws in a viewport for a search: its boreholes (bounds included) as points when
 * there are at most MAX_POINTS, else clusters of CELL_PX cells of the Web-Mercator grid at
 * `zoom`, each at the mean position of its members. `in_view` is the exact number of matches in
 * the viewport (boreholes without coordinates are never on the map).
 *
 * @example await mapView(db, { scope: { type: 'all' }, filters: {}, bbox: [-74, 45, -73, 46], zoom: 9 })
 */
export async function mapView(
  db: Queryable,
  { scope, filters, bbox, zoom, maxPoints = MAX_POINTS }: MapViewQuery,
): Promise<MapView> {
  const positions = await positionsOf(db, scope, filters);
  const { bounds } = positions;
  const { inView, clusters } = clustersOf(positions, bbox, zoom);
  if (inView > maxPoints) return { bounds, mode: 'clusters', in_view: inView, clusters };
  const points = await pointsOf(db, scope, filters, bbox);
  return { bounds, mode: 'points', in_view: points.length, points };
}
