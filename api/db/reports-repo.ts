import type { ReportItem } from '../../src/domain/report.ts';
import type { BoreholeFilters } from '../../src/domain/filters.ts';
import type { DataScope } from '../../src/domain/tenants.ts';
import { Params, whereSql } from './boreholes-repo.ts';
import type { Queryable } from './database.ts';

/** A document of the library before its link is signed: `stored` when its file is kept here. */
export type ReportRow = ReportItem & { stored: boolean };

/** The most documents one answer holds. */
export const MAX_REPORTS = 10_000;

/**
 * The documents of the boreholes that a scope allows and the filters keep, newest first (then
 * by id, byte order), with their borehole's site and municipality.
 */
export async function listReports(
  db: Queryable,
  { scope, filters }: { scope: DataScope; filters: BoreholeFilters },
): Promise<{ items: ReportRow[]; total: number }> {
  const params = new Params();
  const where = whereSql(params, scope, filters);
  const rows = await db.query<ReportRow & { total: number }>(
    `SELECT r.id, r.borehole_id AS "bhId", r.title, r.kind, b.site, b.muni, to_char(r.date, 'YYYY-MM-DD') AS date,
       r.size_bytes::int AS size, r.status, r.href, r.storage_key IS NOT NULL AS stored, b.lat, b.lon,
       count(*) OVER ()::int AS total
     FROM reports r JOIN boreholes b ON b.id = r.borehole_id
     WHERE ${where}
     ORDER BY r.date DESC, r.id COLLATE "C" ASC
     LIMIT ${MAX_REPORTS}`,
    params.values,
  );
  return { items: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/** A stored document, if its borehole lies within the scope: what serving its file needs. */
export async function findStoredReport(
  db: Queryable,
  id: string,
  scope: DataScope,
): Promise<{ id: string; title: string; storageKey: string; mime: string } | undefined> {
  const params = new Params();
  const where = whereSql(params, scope, {});
  const [row] = await db.query<{ id: string; title: string; storageKey: string; mime: string }>(
    `SELECT r.id, r.title, r.storage_key AS "storageKey", r.mime
     FROM reports r JOIN boreholes b ON b.id = r.borehole_id
     WHERE r.id = ${params.add(id)} AND r.storage_key IS NOT NULL AND ${where}`,
    params.values,
  );
  return row;
}
