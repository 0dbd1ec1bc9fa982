import type { BoreholeFilters } from '../../src/domain/filters.ts';
import type { DataScope } from '../../src/domain/tenants.ts';
import { Params, whereSql } from '../boreholes/repo.ts';
import type { Queryable } from '../db/database.ts';

/** A rectangle in WGS 84 degrees: west, south, east, north. */
export type Bbox = [number, number, number, number];

/** Where a page ends in the sort order (date newest first, then id): the next page starts after it. */
export interface PagePosition {
  date: string | null;
  id: string;
}

/** A row of a list of the public API, as the developers page shows it. */
export interface BoreholeSummary {
  id: string;
  loca_id: string;
  project: string;
  project_code: string;
  muni: string;
  date: string | null;
  type: string;
  depth_m: number;
  ground_level_m: number | null;
  lat: number | null;
  lon: number | null;
}

export interface BoreholePageQuery {
  scope: DataScope;
  filters: BoreholeFilters;
  bbox?: Bbox;
  limit: number;
  after?: PagePosition | null;
}

/** `b` lies in the rectangle (a borehole without coordinates never does). */
function bboxSql(params: Params, [west, south, east, north]: Bbox): string {
  return `b.lon BETWEEN ${params.add(west)}::float8 AND ${params.add(east)}::float8
    AND b.lat BETWEEN ${params.add(south)}::float8 AND ${params.add(north)}::float8`;
}

/**
 * The sort key of the pages: the date, a borehole without one last (`-infinity`). The same order as
 * the workspace's `date DESC NULLS LAST`, written so that the index boreholes_page_order serves it.
 */
const DAY_KEY = `COALESCE(b.date, '-infinity'::date)`;
const ORDER = `${DAY_KEY} DESC, b.id COLLATE "C" ASC`;

/**
 * A page of boreholes by position rather than by offset (keyset pagination): the thousandth page
 * costs what the first does, and a borehole added meanwhile neither repeats nor skips a row. The
 * total counts the whole filter. `next` is where the following page starts, null on the last.
 */
export async function pageOfBoreholes(
  db: Queryable,
  { scope, filters, bbox, limit, after }: BoreholePageQuery,
): Promise<{ items: BoreholeSummary[]; total: number; next: PagePosition | null }> {
  const params = new Params();
  const where = [whereSql(params, scope, filters), ...(bbox ? [bboxSql(params, bbox)] : [])].join('\n  AND ');
  const filterValues = [...params.values];
  const size = params.add(limit + 1);
  const columns = `b.id, b.loca_id, b.project, (SELECT code FROM projects p WHERE p.id = b.project_id) AS project_code,
    b.muni, to_char(b.date, 'YYYY-MM-DD') AS date, b.type, b.depth AS depth_m, b.ground_level AS ground_level_m,
    b.lat, b.lon, ${DAY_KEY} AS day_key`;
  // After a position: the rest of its day (by id), then the days before it — two walks of the index
  // from the position on. One condition with an OR would walk the whole day from its start, and an
  // import often gives thousands of boreholes the same day.
  const sql = after
    ? (() => {
        const day = after.date === null ? `'-infinity'::date` : `${params.add(after.date)}::date`;
        const id = params.add(after.id);
        return `SELECT * FROM (
            (SELECT ${columns} FROM boreholes b WHERE ${where} AND ${DAY_KEY} = ${day} AND b.id COLLATE "C" > ${id}
             ORDER BY b.id COLLATE "C" LIMIT ${size}::int)
            UNION ALL
            (SELECT ${columns} FROM boreholes b WHERE ${where} AND ${DAY_KEY} < ${day} ORDER BY ${ORDER} LIMIT ${size}::int)
          ) page ORDER BY day_key DESC, id COLLATE "C" LIMIT ${size}::int`;
      })()
    : `SELECT ${columns} FROM boreholes b WHERE ${where} ORDER BY ${ORDER} LIMIT ${size}::int`;
  const found = await db.query<BoreholeSummary & { day_key: unknown }>(sql, params.values);
  const rows = found.map(({ day_key: _key, ...row }) => row);
  const total = await countOf(db, where, filterValues);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, total, next: rows.length > limit && last ? { date: last.date, id: last.id } : null };
}

/** How long a total is reused for the same search, per process. */
export const TOTAL_REUSE_MS = 10_000;
const totals = new WeakMap<Queryable, Map<string, { total: number; at: number }>>();

/**
 * The number of boreholes of a search, counted at most every TOTAL_REUSE_MS per search and process:
 * a page is a walk of 50 index entries (0.2 ms) but counting 100,000 boreholes takes 20 ms, and
 * every client paging through the same search would count them again. The pages are always current.
 */
async function countOf(db: Queryable, where: string, values: unknown[]): Promise<number> {
  const key = JSON.stringify([where, values]);
  const known = totals.get(db) ?? new Map<string, { total: number; at: number }>();
  totals.set(db, known);
  const cached = known.get(key);
  if (cached && Date.now() - cached.at < TOTAL_REUSE_MS) return cached.total;
  const [row] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM boreholes b WHERE ${where}`,
    values,
  );
  if (known.size >= 1000) known.clear();
  known.set(key, { total: row?.total ?? 0, at: Date.now() });
  return row?.total ?? 0;
}

/** The opaque cursor of a page position. */
export const cursorOf = (position: PagePosition) =>
  Buffer.from(JSON.stringify([position.date, position.id])).toString('base64url');

/** A calendar day PostgreSQL accepts: AAAA-MM-JJ that exists, from the year 1. */
export const isDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) &&
  text >= '0001-01-01' &&
  new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

/** The page position of a cursor, or null when the text is not one of ours. */
export function positionOf(cursor: string): PagePosition | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [date, id] = value as unknown[];
    const dateOk = date === null || (typeof date === 'string' && isDay(date));
    if (!dateOk || typeof id !== 'string' || id.length === 0 || id.length > 64) return null;
    if (id.includes('\u0000') || !id.isWellFormed()) return null;
    return { date, id };
  } catch {
    return null;
  }
}
