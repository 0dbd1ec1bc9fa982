import type { BoreholeFilters } from '../../src/domain/filters.ts';
import type { DataScope } from '../../src/domain/tenants.ts';
import { Params, whereSql } from '../db/boreholes-repo.ts';
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
  muni: string;
  date: string | null;
  depth_m: number;
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

/** `b` comes after `position` in the order newest first (no date last), then by id in byte order. */
function afterSql(params: Params, { date, id }: PagePosition): string {
  const key = params.add(id);
  if (date === null) return `(b.date IS NULL AND b.id COLLATE "C" > ${key})`;
  const day = params.add(date);
  return `(b.date < ${day}::date OR b.date IS NULL OR (b.date = ${day}::date AND b.id COLLATE "C" > ${key}))`;
}

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
  const position = after ? `AND ${afterSql(params, after)}` : '';
  const rows = await db.query<BoreholeSummary>(
    `SELECT b.id, b.muni, to_char(b.date, 'YYYY-MM-DD') AS date, b.depth AS depth_m, b.lat, b.lon
     FROM boreholes b WHERE ${where} ${position}
     ORDER BY b.date DESC NULLS LAST, b.id COLLATE "C" ASC
     LIMIT ${params.add(limit + 1)}::int`,
    params.values,
  );
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM boreholes b WHERE ${where}`,
    filterValues,
  );
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    total: count?.total ?? 0,
    next: rows.length > limit && last ? { date: last.date, id: last.id } : null,
  };
}

/** The opaque cursor of a page position. */
export const cursorOf = (position: PagePosition) =>
  Buffer.from(JSON.stringify([position.date, position.id])).toString('base64url');

/** A calendar day PostgreSQL accepts: AAAA-MM-JJ that exists, from the year 1. */
const isDay = (text: string) =>
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
    return { date: date, id };
  } catch {
    return null;
  }
}
