import { DATA_FLAGS, type Borehole, type DataFlag } from '../../src/domain/borehole.ts';
import { circleBounds, EARTH_RADIUS_KM, TINY_DEGREES, type LatLng } from '../../src/domain/geo.ts';
import type { BoreholeFilters } from '../../src/domain/filters.ts';
import type { DataScope } from '../../src/domain/tenants.ts';
import { foldText } from '../../src/domain/text.ts';
import type { Queryable } from '../db/database.ts';

/** A borehole to store: everything but `has_pdf`, which comes from its reports. */
export type NewBorehole = Omit<Borehole, 'has_pdf'>;

/**
 * Stores one borehole entered by GéoSonde itself (the samples, the benchmarks) with its horizons
 * as layers (GEOL, top = the thicknesses above), replacing them if the borehole exists. Its project
 * is created when needed, and its id is its LOCA_ID there. Imports write through `imports/`.
 */
export async function upsertBorehole(db: Queryable, b: NewBorehole): Promise<void> {
  const [project] = await db.query<{ id: string }>(
    `INSERT INTO projects (tenant_slug, code, name) VALUES ($1, $2, $2)
     ON CONFLICT (tenant_slug, code) DO UPDATE SET name = projects.name RETURNING id`,
    [b.tenantSlug, b.project],
  );
  const placed = b.lat !== null && b.lon !== null;
  await db.query(
    `INSERT INTO boreholes (id, tenant_slug, project, site, muni, date, purpose, type, method, hole_state, depth,
       lat, lon, addr, screen_top, screen_bottom, has_chem,
       search_id, search_project, search_site, search_muni, search_addr,
       project_id, loca_id, crs, original_x, original_y, location_confidence)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
       $23, $1, $24, $13, $12, $25)
     ON CONFLICT (id) DO UPDATE SET tenant_slug = excluded.tenant_slug, project = excluded.project,
       site = excluded.site, muni = excluded.muni, date = excluded.date, purpose = excluded.purpose,
       type = excluded.type, method = excluded.method, hole_state = excluded.hole_state, depth = excluded.depth,
       lat = excluded.lat, lon = excluded.lon, addr = excluded.addr, screen_top = excluded.screen_top,
       screen_bottom = excluded.screen_bottom, has_chem = excluded.has_chem, search_id = excluded.search_id,
       search_project = excluded.search_project, search_site = excluded.search_site,
       search_muni = excluded.search_muni, search_addr = excluded.search_addr, project_id = excluded.project_id,
       crs = excluded.crs, original_x = excluded.original_x, original_y = excluded.original_y,
       location_confidence = excluded.location_confidence, updated_at = now()`,
    [
      b.id,
      b.tenantSlug,
      b.project,
      b.site,
      b.muni,
      b.date,
      b.purpose,
      b.type,
      b.method,
      b.holeState,
      b.depth,
      b.lat,
      b.lon,
      b.addr,
      b.screenTop,
      b.screenBottom,
      b.has_chem,
      foldText(b.id),
      foldText(b.project),
      foldText(b.site),
      foldText(b.muni),
      foldText(b.addr),
      project!.id,
      placed ? 'EPSG:4326' : null,
      placed ? 'surveyed' : 'unknown',
    ],
  );
  await db.query('DELETE FROM geol WHERE borehole_id = $1', [b.id]);
  let top = 0;
  for (const [position, horizon] of b.horizons.entries()) {
    await db.query(
      `INSERT INTO geol (borehole_id, position, top, base, description, search_description)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [b.id, position, top, top + horizon.thickness, horizon.material, foldText(horizon.material)],
    );
    top += horizon.thickness;
  }
  // The water level, as a log gives it: one water strike (WSTG).
  await db.query(`DELETE FROM log_rows WHERE borehole_id = $1 AND grp = 'WSTG'`, [b.id]);
  if (b.waterDepth !== null) {
    await db.query(`INSERT INTO log_rows (borehole_id, grp, position, top, fields) VALUES ($1, 'WSTG', 0, $2, $3)`, [
      b.id,
      b.waterDepth,
      JSON.stringify({ WSTG_DPTH: b.waterDepth.toFixed(2) }),
    ]);
  }
}

/** Collects positional parameters while a WHERE clause is written. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Haversine distance in SQL, term for term the formula of `src/domain/geo.ts`. */
function distanceKmSql(params: Params, center: LatLng): string {
  const lat = params.add(center.lat);
  const lng = params.add(center.lng);
  // haversineKm's terms (src/domain/geo.ts), with its floor on tiny angles.
  const floor = `${TINY_DEGREES}::float8`;
  const halfChord = (degrees: string) => `power(sin(radians(greatest(abs(${degrees}), ${floor})) / 2), 2)`;
  const cosine = (degrees: string) => `cos(radians(greatest(abs(${degrees}), ${floor})))`;
  return `(2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
      ${halfChord(`b.lat - ${lat}::float8`)}
      + ${cosine(`${lat}::float8`)} * ${cosine('b.lat')} * ${halfChord(`b.lon - ${lng}::float8`)}))))`;
}

/**
 * `b` lies within `radiusKm` of `center`: the exact distance, behind the rectangle that holds the
 * circle (circleBounds), so that the (lon, lat) index of migration 0021 finds the candidates
 * instead of a scan of every borehole.
 */
function withinKmSql(params: Params, center: LatLng, radiusKm: number): string {
  const { south, north, west, east } = circleBounds(center, radiusKm);
  const box = [`b.lat BETWEEN ${params.add(south)}::float8 AND ${params.add(north)}::float8`];
  if (west !== null && east !== null)
    box.push(`b.lon BETWEEN ${params.add(west)}::float8 AND ${params.add(east)}::float8`);
  return `(${box.join(' AND ')} AND ${distanceKmSql(params, center)} <= ${params.add(radiusKm)}::float8)`;
}

function scopeSql(params: Params, scope: DataScope): string {
  switch (scope.type) {
    case 'all':
      return 'TRUE';
    case 'none':
      return 'FALSE';
    case 'tenant':
      return `b.tenant_slug = ${params.add(scope.tenantSlug)}`;
    case 'radius':
      return `(b.tenant_slug = ${params.add(scope.tenantSlug)} OR ${withinKmSql(params, scope.center, scope.radiusKm)})`;
  }
}

const FOLDED_COLUMNS = {
  project: 'b.search_project',
  municipality: 'b.search_muni',
  boreholeId: 'b.search_id',
  address: 'b.search_addr',
  site: 'b.search_site',
  method: 'b.method',
} as const;

const HAS_LITHO = 'EXISTS (SELECT 1 FROM geol g WHERE g.borehole_id = b.id)';
/** The water depth of `b` (see Borehole.waterDepth) from its log rows. */
export const WATER_DEPTH_SQL = `COALESCE(
    (SELECT min((w.fields->>'WSTD_POST')::float8) FROM log_rows w
      WHERE w.borehole_id = b.id AND w.grp = 'WSTD' AND w.fields->>'WSTD_POST' ~ '^[0-9]+([.][0-9]+)?$'),
    (SELECT min(w.top) FROM log_rows w WHERE w.borehole_id = b.id AND w.grp = 'WSTG' AND w.top >= 0))`;
const HAS_PDF = `EXISTS (SELECT 1 FROM reports r WHERE r.borehole_id = b.id AND r.kind = 'pdf')`;
/** The rules of `hasData` (src/domain/borehole.ts), in SQL. */
const FLAG_SQL: Record<DataFlag, string> = {
  has_hydro: `(b.purpose = 'hydro' OR b.type IN ('monitoring_well', 'piezometer'))`,
  has_geodata: '(b.lat IS NOT NULL AND b.lon IS NOT NULL)',
  has_chem: 'b.has_chem',
  has_core: `(b.method = 'coring')`,
  has_litho: HAS_LITHO,
  has_pdf: HAS_PDF,
};

/**
 * The layers of borehole `b` as the workspace's horizons: each one's thickness down to its base, or
 * to the next layer's top, or to the bottom of the hole; rounded to the micrometre, so that the
 * thicknesses of horizons stored as tops and bases come back as they were written.
 */
const LAYER_THICKNESS_SQL = `SELECT g.description, g.top, g.position,
    round((COALESCE(g.base, lead(g.top) OVER (ORDER BY g.top, g.position), b.depth) - g.top)::numeric, 6)::float8
      AS thickness
  FROM geol g WHERE g.borehole_id = b.id`;

/**
 * A LIKE pattern that finds `text` anywhere: the same as strpos(…) > 0, but a trigram index
 * (migration 0019) serves it. LIKE's own characters are escaped.
 */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The WHERE clause of a search: the data scope and every filter, as in `matchesFilters`. */
export function whereSql(params: Params, scope: DataScope, f: BoreholeFilters): string {
  const clauses = [scopeSql(params, scope)];
  for (const [name, column] of Object.entries(FOLDED_COLUMNS)) {
    const value = f[name as keyof typeof FOLDED_COLUMNS];
    if (value !== undefined) clauses.push(`${column} LIKE ${params.add(containsPattern(foldText(value)))}`);
  }
  if (f.purpose) clauses.push(`b.purpose = ${params.add(f.purpose)}`);
  if (f.type) clauses.push(`b.type = ${params.add(f.type)}`);
  if (f.drillingMethod) clauses.push(`b.method = ${params.add(f.drillingMethod)}`);
  if (f.dateFrom) clauses.push(`b.date >= ${params.add(f.dateFrom)}::date`);
  if (f.dateTo) clauses.push(`b.date <= ${params.add(f.dateTo)}::date`);
  if (f.depthMin !== undefined) clauses.push(`b.depth >= ${params.add(f.depthMin)}::float8`);
  if (f.depthMax !== undefined) clauses.push(`b.depth <= ${params.add(f.depthMax)}::float8`);
  if (f.screenFrom !== undefined) clauses.push(`b.screen_bottom >= ${params.add(f.screenFrom)}::float8`);
  if (f.screenTo !== undefined) clauses.push(`b.screen_top <= ${params.add(f.screenTo)}::float8`);
  for (const name of DATA_FLAGS) if (f[name]) clauses.push(FLAG_SQL[name]);
  if (f.centerLat !== undefined && f.centerLng !== undefined && f.radiusKm !== undefined) {
    clauses.push(withinKmSql(params, { lat: f.centerLat, lng: f.centerLng }, f.radiusKm));
  }
  if (f.lithology !== undefined) {
    clauses.push(
      `EXISTS (SELECT 1 FROM geol g WHERE g.borehole_id = b.id
         AND g.search_description LIKE ${params.add(containsPattern(foldText(f.lithology)))})`,
    );
  }
  if (f.ids) clauses.push(`b.id = ANY(${params.add(f.ids)}::text[])`);
  return clauses.join('\n  AND ');
}

/** One borehole `b` as the workspace reads it (Borehole), horizons and flags included. */
export const BOREHOLE_JSON = `json_build_object(
         'id', b.id, 'tenantSlug', b.tenant_slug, 'project', b.project, 'site', b.site, 'muni', b.muni,
         'date', to_char(b.date, 'YYYY-MM-DD'), 'purpose', b.purpose, 'type', b.type, 'method', b.method,
         'holeState', b.hole_state, 'depth', b.depth, 'lat', b.lat, 'lon', b.lon, 'addr', b.addr,
         'screenTop', b.screen_top, 'screenBottom', b.screen_bottom, 'waterDepth', ${WATER_DEPTH_SQL},
         'has_chem', b.has_chem,
         'has_pdf', ${HAS_PDF},
         'horizons', COALESCE((SELECT json_agg(json_build_object('material', l.description, 'thickness', l.thickness)
                                 ORDER BY l.top, l.position) FROM (${LAYER_THICKNESS_SQL}) l WHERE l.thickness > 0),
                              '[]'::json))`;

export interface BoreholeQuery {
  scope: DataScope;
  filters: BoreholeFilters;
  /** Page size; all matching rows when omitted. */
  limit?: number;
  offset?: number;
}

/**
 * Searches boreholes in SQL: the scope and filters become one WHERE clause, sorted newest first
 * (then by id, byte order). Returns the page of rows and the total number of matches.
 *
 * @example await listBoreholes(db, { scope: { type: 'all' }, filters: { purpose: 'hydro' }, limit: 50 })
 */
export async function listBoreholes(
  db: Queryable,
  { scope, filters, limit, offset = 0 }: BoreholeQuery,
): Promise<{ items: Borehole[]; total: number }> {
  const params = new Params();
  const where = whereSql(params, scope, filters);
  const page = limit === undefined ? '' : `LIMIT ${params.add(limit)}::int OFFSET ${params.add(offset)}::int`;
  // The page and the total come from the filtered ids alone; horizons and flags are read for the
  // page's rows only, each through its index (a join on the page would not use one). The database
  // writes the rows as one JSON text: decoding 20 columns of 10,000 rows one value at a time costs more than the query itself.
  const [result] = await db.query<{ items: string; total: number }>(
    `WITH page AS (
       SELECT b.id, count(*) OVER ()::int AS total
       FROM boreholes b
       WHERE ${where}
       ORDER BY b.date DESC NULLS LAST, b.id COLLATE "C" ASC
       ${page}
     )
     SELECT COALESCE(json_agg(${BOREHOLE_JSON} ORDER BY b.date DESC NULLS LAST, b.id COLLATE "C" ASC), '[]')::text AS items,
       COALESCE(max(page.total), 0)::int AS total
     FROM page JOIN boreholes b ON b.id = page.id`,
    params.values,
  );
  const items = JSON.parse(result!.items) as Borehole[];
  if (items.length === 0 && offset > 0) {
    const [count] = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM boreholes b WHERE ${whereSql(new Params(), scope, filters)}`,
      params.values.slice(0, params.values.length - 2),
    );
    return { items: [], total: count?.total ?? 0 };
  }
  return { items, total: result!.total };
}

/**
 * Folds the descriptions of layers stored before their folded copy existed (migration 0004, then
 * 0006), with the filters' own function. Idempotent: once done, it finds nothing to do.
 */
export async function foldStoredMaterials(db: Queryable): Promise<number> {
  const rows = await db.query<{ borehole_id: string; position: number; description: string }>(
    'SELECT borehole_id, position, description FROM geol WHERE search_description IS NULL',
  );
  for (const row of rows) {
    await db.query('UPDATE geol SET search_description = $3 WHERE borehole_id = $1 AND position = $2', [
      row.borehole_id,
      row.position,
      foldText(row.description),
    ]);
  }
  return rows.length;
}

/** Who a borehole belongs to and what the public API's record adds to its log; null when it is absent. */
export interface BoreholeOwner {
  tenant_slug: string;
  loca_id: string;
  project_id: string;
  project_code: string;
  muni: string;
  purpose: string;
  type: string;
}

/** @example const owner = await ownerOf(tx, id); emitEvent(tx, owner.tenant_slug, …) */
export async function ownerOf(db: Queryable, id: string): Promise<BoreholeOwner | null> {
  const [row] = await db.query<BoreholeOwner>(
    `SELECT b.tenant_slug, b.loca_id, b.project_id, p.code AS project_code, b.muni, b.purpose, b.type
     FROM boreholes b JOIN projects p ON p.id = b.project_id WHERE b.id = $1`,
    [id],
  );
  return row ?? null;
}
