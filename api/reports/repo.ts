import type { Role } from '../../src/domain/roles.ts';
import type { ReportItem } from '../../src/domain/report.ts';
import type { BoreholeFilters } from '../../src/domain/filters.ts';
import type { DataScope } from '../../src/domain/tenants.ts';
import { recordAudit } from '../audit/repo.ts';
import { Params, whereSql } from '../boreholes/repo.ts';
import type { Database, Queryable } from '../db/database.ts';

/** A document of the library before its link is signed: `stored` when its file is kept here. */
export type ReportRow = Omit<ReportItem, 'thumbnail'> & { stored: boolean; mime: string | null };

/** Who asks to change documents: an administrator may change any, a member those it added. */
export interface Changer {
  userId: string;
  role: Role;
}

/** SQL true when the changer may replace or delete the document `r`. */
function changeRightSql(params: Params, changer: Changer | undefined) {
  if (!changer || changer.role === 'viewer') return 'false';
  if (changer.role === 'admin') return 'true';
  return `coalesce(r.uploaded_by = ${params.add(changer.userId)}::uuid, false)`;
}

/** The most documents one answer holds. */
export const MAX_REPORTS = 10_000;

/**
 * The documents of the boreholes that a scope allows and the filters keep, newest first (then
 * by id, byte order), with their borehole's site and municipality.
 */
export async function listReports(
  db: Queryable,
  {
    scope,
    filters,
    reportIds,
    changer,
  }: { scope: DataScope; filters: BoreholeFilters; reportIds?: string[]; changer?: Changer },
): Promise<{ items: ReportRow[]; total: number }> {
  const params = new Params();
  let where = whereSql(params, scope, filters);
  if (reportIds) where += ` AND r.id = ANY(${params.add(reportIds)}::text[])`;
  const canChange = changeRightSql(params, changer);
  const rows = await db.query<ReportRow & { total: number }>(
    `SELECT r.id, r.borehole_id AS "bhId", r.title, r.kind, b.site, b.muni, to_char(r.date, 'YYYY-MM-DD') AS date,
       r.size_bytes::int AS size, r.status, r.status_reason AS "statusReason", r.href, r.storage_key IS NOT NULL AS stored, r.mime, b.lat, b.lon,
       ${canChange} AS "canChange", count(*) OVER ()::int AS total
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

/**
 * Lists new documents of a borehole, all in one transaction, as 'processing', dated today and
 * marked as added by `uploader`, each recorded in the audit in the same transaction.
 */
export async function insertDocuments(
  db: Database,
  boreholeId: string,
  date: string,
  documents: NewDocument[],
  uploader: { id: string; email: string } | null = null,
) {
  await db.transaction(async (tx) => {
    const [borehole] = await tx.query<{ tenantSlug: string }>(
      'SELECT tenant_slug AS "tenantSlug" FROM boreholes WHERE id = $1',
      [boreholeId],
    );
    for (const d of documents) {
      await tx.query(
        `INSERT INTO reports (id, borehole_id, title, kind, date, size_bytes, storage_key, mime, status, sha256, uploaded_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'processing', $9, $10)`,
        [d.id, boreholeId, d.title, d.kind, date, d.size, d.storageKey, d.mime, d.sha256, uploader?.id ?? null],
      );
      await queueDocument(tx, d.id, d.storageKey);
      await recordAudit(tx, {
        tenantSlug: borehole?.tenantSlug ?? null,
        userId: uploader?.id ?? null,
        email: uploader?.email ?? null,
        action: 'document.upload',
        target: d.id,
        detail: { borehole: boreholeId, title: d.title, size: d.size, sha256: d.sha256 },
      });
    }
  });
}

/** A document as a change needs it: its borehole, file and whether the changer may change it. */
export interface ChangeableDocument {
  id: string;
  bhId: string;
  title: string;
  tenantSlug: string;
  storageKey: string | null;
  sha256: string | null;
  size: number;
  mime: string | null;
  canChange: boolean;
}

/** A document within the scope, locked for a change in the transaction `tx`; undefined when absent. */
export async function lockDocument(
  tx: Queryable,
  id: string,
  scope: DataScope,
  changer: Changer,
): Promise<ChangeableDocument | undefined> {
  const params = new Params();
  const where = whereSql(params, scope, {});
  const canChange = changeRightSql(params, changer);
  const [row] = await tx.query<ChangeableDocument>(
    `SELECT r.id, r.borehole_id AS "bhId", r.title, b.tenant_slug AS "tenantSlug", r.storage_key AS "storageKey",
       r.sha256, r.size_bytes::int AS size, r.mime, ${canChange} AS "canChange"
     FROM reports r JOIN boreholes b ON b.id = r.borehole_id
     WHERE r.id = ${params.add(id)} AND ${where}
     FOR UPDATE OF r`,
    params.values,
  );
  return row;
}

/** Deletes a document's row in `tx`; its file, if any, is noted for removal after the commit. */
export async function deleteDocument(tx: Queryable, document: ChangeableDocument) {
  if (document.storageKey) await noteFileRemoval(tx, document.storageKey);
  await tx.query('DELETE FROM reports WHERE id = $1', [document.id]);
}

/** Gives a document a new file in `tx` (processed again); the old file is noted for removal. */
export async function replaceDocumentFile(
  tx: Queryable,
  document: ChangeableDocument,
  file: Omit<NewDocument, 'id' | 'title'>,
  date: string,
) {
  if (document.storageKey) await noteFileRemoval(tx, document.storageKey);
  await tx.query(
    `UPDATE reports SET storage_key = $2, mime = $3, kind = $4, size_bytes = $5, sha256 = $6, date = $7,
       status = 'processing', status_reason = NULL
     WHERE id = $1`,
    [document.id, file.storageKey, file.mime, file.kind, file.size, file.sha256, date],
  );
  await queueDocument(tx, document.id, file.storageKey);
}

/**
 * Queues a document's file for processing (api/digitise/document-worker.ts) in the transaction
 * that stores it: a new file starts its document's job again, whatever became of the last one.
 */
async function queueDocument(tx: Queryable, id: string, storageKey: string) {
  await tx.query(
    `INSERT INTO document_jobs (report_id, storage_key) VALUES ($1, $2)
     ON CONFLICT (report_id) DO UPDATE SET storage_key = excluded.storage_key, state = 'queued', attempts = 0,
       locked_until = NULL, error = NULL, reading = NULL, queued_at = now(), finished_at = NULL`,
    [id, storageKey],
  );
}

const noteFileRemoval = (tx: Queryable, key: string) =>
  tx.query('INSERT INTO file_removals (storage_key) VALUES ($1) ON CONFLICT DO NOTHING', [key]);

/** Removes the files noted for removal (after their change committed), then their notes. */
export async function finishFileRemovals(db: Queryable, files: { remove(key: string): Promise<void> }) {
  const rows = await db.query<{ key: string }>('SELECT storage_key AS key FROM file_removals');
  for (const { key } of rows) {
    await files.remove(key);
    await db.query('DELETE FROM file_removals WHERE storage_key = $1', [key]);
  }
  return rows.length;
}
