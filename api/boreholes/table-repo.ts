import type { Borehole } from '../../src/domain/borehole.ts';
import type { BoreholeFilters } from '../../src/domain/filters.ts';
import type { DataScope } from '../../src/domain/tenants.ts';
import { BOREHOLE_JSON, Params, whereSql } from './repo.ts';
import type { Queryable } from '../db/database.ts';

/**
 * The columns the database screen sorts by, each with its sort key in SQL (the folded text for
 * the text columns, in byte order) and whether it may be empty. Migration 0020 indexes the default
 * key (date) with the id; the others are sorted without an index until measured (see 0019).
 */
export const SORT_KEYS = {
  id: { sql: `b.id COLLATE "C"`, kind: 'text', nullable: false },
  project: { sql: `b.search_project COLLATE "C"`, kind: 'text', nullable: false },
  site: { sql: `b.search_site COLLATE "C"`, kind: 'text', nullable: false },
  municipality: { sql: `b.search_muni COLLATE "C"`, kind: 'text', nullable: false },
  date: { sql: 'b.date', kind: 'date', nullable: true },
  purpose: { sql: `b.purpose COLLATE "C"`, kind: 'text', nullable: false },
  type: { sql: `b.type COLLATE "C"`, kind: 'text', nullable: false },
  method: { sql: `b.method COLLATE "C"`, kind: 'text', nullable: true },
  depth: { sql: 'b.depth', kind: 'number', nullable: false },
  address: { sql: `b.search_addr COLLATE "C"`, kind: 'text', nullable: false },
  lat: { sql: 'b.lat', kind: 'number', nullable: true },
  lon: { sql: 'b.lon', kind: 'number', nullable: true },
} as const;

export type SortColumn = keyof typeof SORT_KEYS;
export const SORT_COLUMNS = Object.keys(SORT_KEYS) as [SortColumn, ...SortColumn[]];
export type SortDirection = 'asc' | 'desc';

/** Where a page ends: the sort key of its last row (null when empty) and that row's id. */
export interface TablePosition {
  key: string | number | null;
  id: string;
}

export interface TablePageQuery {
  scope: DataScope;
  filters: BoreholeFilters;
  sort: SortColumn;
  dir: SortDirection;
  limit: number;
  after?: TablePosition | null;
}

/**
 * A page of the database screen's table, sorted on the server by one column, empty keys last,
 * ties by id in the sort's direction (one index then serves both directions, read backwards for
 * `desc`). Keyset pagination: the page after `after` is a walk of at most three index ranges —
 * the rest of its key (by id), the keys beyond it, the rows without a key — never an OFFSET.
 * `next` is where the following page starts, null on the last.
 *
 * @example await tablePage(db, { scope, filters: {}, sort: 'depth', dir: 'desc', limit: 100 })
 */
export async function tablePage(
  db: Queryable,
  { scope, filters, sort, dir, limit, after }: TablePageQuery,
): Promise<{ items: Borehole[]; next: TablePosition | null }> {
  const params = new Params();
  const where = whereSql(params, scope, filters);
  const walks = keysetWalks(params, { where, sort, dir, limit: limit + 1, after, columns: '' });
  const order = `(page.sort_key IS NULL), page.sort_key ${dir}, page.id COLLATE "C" ${dir}`;
  const [result] = await db.query<{ rows: string }>(
    `WITH page AS (${walks})
     SELECT COALESCE(json_agg(json_build_object('key', page.sort_key, 'row', ${BOREHOLE_JSON}) ORDER BY ${order}),
       '[]')::text AS rows
     FROM page JOIN boreholes b ON b.id = page.id`,
    params.values,
  );
  const rows = JSON.parse(result!.rows) as { key: string | number | null; row: Borehole }[];
  const items = rows.slice(0, limit).map(({ row }) => row);
  const last = rows[limit - 1];
  return { items, next: rows.length > limit && last ? { key: last.key, id: last.row.id } : null };
}

/**
 * The SQL of the `limit` rows of a search after `after` in one sort, as `tablePage` walks them:
 * `sort_key`, `id`, then `columns` (a list that starts with a comma, or ''), in the sort's order.
 * `where` is the search's clause over `b`, its parameters already in `params`.
 */
export function keysetWalks(
  params: Params,
  {
    where,
    sort,
    dir,
    limit,
    after,
    columns,
  }: Pick<TablePageQuery, 'sort' | 'dir' | 'limit' | 'after'> & { where: string; columns: string },
): string {
  const { sql: key, nullable } = SORT_KEYS[sort];
  const size = params.add(limit);
  const beyond = dir === 'asc' ? '>' : '<';
  const id = `b.id COLLATE "C"`;
  // Each walk's ORDER BY is its index's order (forwards or backwards), so that it stops at `size`.
  const keyOrder = dir === 'asc' ? `${key} ASC NULLS LAST, ${id} ASC` : `${key} DESC NULLS FIRST, ${id} DESC`;
  // The id goes out in the column's own collation: joined back to boreholes, it must meet the
  // primary key's index, which a database whose collation is not C would refuse to a "C" value.
  const walk = (condition: string, order: string) =>
    `(SELECT ${key} AS sort_key, b.id${columns} FROM boreholes b WHERE ${where} AND ${condition}
      ORDER BY ${order} LIMIT ${size}::int)`;
  const walks: string[] = [];
  if (!after) {
    walks.push(walk(`${key} IS NOT NULL`, keyOrder));
    if (nullable) walks.push(walk(`${key} IS NULL`, `${id} ${dir}`));
  } else if (after.key !== null) {
    const at = params.add(after.key);
    const last = params.add(after.id);
    walks.push(walk(`${key} = ${at} AND ${id} ${beyond} ${last}`, `${id} ${dir}`));
    walks.push(walk(`${key} ${beyond} ${at}`, keyOrder));
    if (nullable) walks.push(walk(`${key} IS NULL`, `${id} ${dir}`));
  } else {
    walks.push(walk(`${key} IS NULL AND ${id} ${beyond} ${params.add(after.id)}`, `${id} ${dir}`));
  }
  return `SELECT * FROM (${walks.join(' UNION ALL ')}) walks
    ORDER BY (sort_key IS NULL), sort_key ${dir}, id COLLATE "C" ${dir} LIMIT ${size}::int`;
}

/**
 * The exact number of boreholes of a search within a scope (the table's total, "select all").
 *
 * @example await countBoreholes(db, { type: 'tenant', tenantSlug: 'montreal' }, { purpose: 'hydro' })
 */
export async function countBoreholes(db: Queryable, scope: DataScope, filters: BoreholeFilters): Promise<number> {
  const params = new Params();
  const [row] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM boreholes b WHERE ${whereSql(params, scope, filters)}`,
    params.values,
  );
  return row?.total ?? 0;
}
