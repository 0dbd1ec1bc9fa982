import type { BoreholeFilters } from '../../src/domain/filters.ts';
import type { DataScope } from '../../src/domain/tenants.ts';
import { Params, whereSql } from '../boreholes/repo.ts';
import type { Queryable } from '../db/database.ts';
import { pageOfBoreholes, type BoreholePageQuery, type PagePosition } from './boreholes-repo.ts';

/** A borehole as an OGC API feature: a point in longitude, latitude, and the fields of its record. */
export interface BoreholeFeature {
  type: 'Feature';
  id: string;
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: {
    id: string;
    loca_id: string;
    project: string;
    project_code: string;
    site: string;
    muni: string;
    date: string | null;
    purpose: string;
    type: string;
    method: string | null;
    depth_m: number;
    ground_level_m: number | null;
  };
}

interface FeatureRow {
  id: string;
  loca_id: string;
  project: string;
  project_code: string;
  site: string;
  muni: string;
  date: string | null;
  purpose: string;
  type: string;
  method: string | null;
  depth_m: number;
  ground_level_m: number | null;
  lat: number;
  lon: number;
}

const COLUMNS = `b.id, b.loca_id, b.project, (SELECT code FROM projects p WHERE p.id = b.project_id) AS project_code,
  b.site, b.muni, to_char(b.date, 'YYYY-MM-DD') AS date, b.purpose, b.type, b.method, b.depth AS depth_m,
  b.ground_level AS ground_level_m, b.lat, b.lon`;

const featureOf = ({ lat, lon, ...properties }: FeatureRow): BoreholeFeature => ({
  type: 'Feature',
  id: properties.id,
  geometry: { type: 'Point', coordinates: [lon, lat] },
  properties,
});

/** Only the boreholes that have a place are features. */
const placed = (filters: BoreholeFilters): BoreholeFilters => ({ ...filters, has_geodata: true });

/**
 * A page of features, in the order and with the cursors of `/v1/boreholes` (pageOfBoreholes): the
 * page's ids come from there, then their records from one read by id.
 */
export async function pageOfFeatures(
  db: Queryable,
  query: BoreholePageQuery,
): Promise<{ features: BoreholeFeature[]; total: number; next: PagePosition | null }> {
  const page = await pageOfBoreholes(db, { ...query, filters: placed(query.filters) });
  const ids = page.items.map((item) => item.id);
  const rows = ids.length
    ? await db.query<FeatureRow>(`SELECT ${COLUMNS} FROM boreholes b WHERE b.id = ANY($1::text[])`, [ids])
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  // A borehole deleted between the two reads is left out.
  const features = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [featureOf(row)] : [];
  });
  return { features, total: page.total, next: page.next };
}

/** One feature the scope may read, or null (absent, out of scope and without a place look the same). */
export async function oneFeature(db: Queryable, scope: DataScope, id: string): Promise<BoreholeFeature | null> {
  const params = new Params();
  const where = whereSql(params, scope, placed({ ids: [id] }));
  const [row] = await db.query<FeatureRow>(`SELECT ${COLUMNS} FROM boreholes b WHERE ${where}`, params.values);
  return row ? featureOf(row) : null;
}

/** Where and when the features a scope may read lie: their rectangle and their first and last days. */
export interface FeatureExtent {
  bbox: [number, number, number, number];
  days: [string | null, string | null];
}

/** The extent of the features a scope may read, computed in SQL; null when there are none. */
export async function extentOf(db: Queryable, scope: DataScope): Promise<FeatureExtent | null> {
  const params = new Params();
  const where = whereSql(params, scope, placed({}));
  const [row] = await db.query<{
    west: number | null;
    south: number | null;
    east: number;
    north: number;
    first_day: string | null;
    last_day: string | null;
  }>(
    `SELECT min(b.lon) AS west, min(b.lat) AS south, max(b.lon) AS east, max(b.lat) AS north,
       to_char(min(b.date), 'YYYY-MM-DD') AS first_day, to_char(max(b.date), 'YYYY-MM-DD') AS last_day
     FROM boreholes b WHERE ${where}`,
    params.values,
  );
  if (!row || row.west === null || row.south === null) return null;
  return { bbox: [row.west, row.south, row.east, row.north], days: [row.first_day, row.last_day] };
}
