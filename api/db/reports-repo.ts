import type { ReportItem } from '../../src/domain/report.ts';
import type { BoreholeFilters } from '../../src/domain/filters.ts';
import type { DataScope } from '../../src/domain/tenants.ts';
import { Params, whereSql } from './boreholes-repo.ts';
import type { Database, Queryable } from './database.ts';

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
  { scope, filters, reportIds }: { scope: DataScope; filters: BoreholeFilters; reportIds?: string[] },
): Promise<{ items: ReportRow[]; total: number }> {
  const params = new Params();
  let where = whereSql(params, scope, filters);
  if (reportIds) where += ` AND r.id = ANY(${params.add(reportIds)}::text[])`;
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

/** True when the borehole exists and lies within the scope. */
export async function boreholeInScope(db: Queryable, id: string, scope: DataScope): Promise<boolean> {
  const params = new Params();
  const where = whereSql(params, scope, { ids: [id] });
  const rows = await db.query(`SELECT 1 FROM boreholes b WHERE ${where}`, params.values);
  return rows.length === 1;
}

/** A file kept in the store, to be listed as a new document of a borehole. */
export interface NewDocument {
  id: string;
  title: string;
  kind: 'pdf' | 'image';
  mime: string;
  storageKey: string;
  size: number;
  sha256: string;
}

/** The documents of a borehole that already hold one of these files (by SHA-256). */
export async function documentsWithFiles(db: Queryable, boreholeId: string, sha256: string[]) {
  return db.query<{ id: string; title: string; sha256: string }>(
    'SELECT id, title, sha256 FROM reports WHERE borehole_id = $1 AND sha256 = ANY($2::text[])',
    [boreholeId, sha256],
  );
}

/** Lists new documents of a borehole, all in one transaction, as 'processing' and dated today. */
export async function insertDocuments(db: Database, boreholeId: string, date: string, documents: NewDocument[]) {
  await db.transaction(async (tx) => {
    for (const d of documents) {
      await tx.query(
        `INSERT INTO reports (id, borehole_id, title, kind, date, size_bytes, storage_key, mime, status, sha256)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'processing', $9)`,
        [d.id, boreholeId, d.title, d.kind, date, d.size, d.storageKey, d.mime, d.sha256],
      );
    }
  });
}
