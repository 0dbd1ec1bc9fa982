import { isUuid } from '../validation.ts';
import type { ImportItem } from '../../src/domain/ags/import/import-item.ts';
import type { ImportReport } from '../../src/domain/ags/import/prepare-import.ts';
import type { Queryable } from '../db/database.ts';

/** The LOCA_IDs a tenant's project already holds (empty for a new project). */
export async function storedLocaIds(db: Queryable, tenantSlug: string, projectCode: string): Promise<Set<string>> {
  const rows = await db.query<{ loca_id: string }>(
    `SELECT b.loca_id FROM boreholes b JOIN projects p ON p.id = b.project_id
     WHERE p.tenant_slug = $1 AND p.code = $2`,
    [tenantSlug, projectCode],
  );
  return new Set(rows.map((row) => row.loca_id));
}

export async function insertImport(
  db: Queryable,
  row: {
    tenantSlug: string;
    userId: string | null;
    fileName: string;
    sizeBytes: number;
    sha256: string;
    storageKey: string;
    crs: string | null;
    report: ImportReport;
  },
): Promise<string> {
  const [inserted] = await db.query<{ id: string }>(
    `INSERT INTO imports (tenant_slug, user_id, file_name, size_bytes, sha256, storage_key, crs, status, report)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      row.tenantSlug,
      row.userId,
      row.fileName,
      row.sizeBytes,
      row.sha256,
      row.storageKey,
      row.crs,
      row.report.valid ? 'validated' : 'refused',
      JSON.stringify(row.report),
    ],
  );
  return inserted!.id;
}

const ITEM_SQL = `SELECT i.id, i.tenant_slug AS "tenantSlug", i.file_name AS "fileName", i.size_bytes::float8 AS "sizeBytes",
    COALESCE(u.display_name, u.email) AS by, to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
    to_char(i.committed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "committedAt",
    i.status, i.report->>'summary' AS summary, i.result, i.project_id AS "projectId",
    i.status <> 'committed' AND (i.user_id = $2 OR $3) AS removable
  FROM imports i LEFT JOIN users u ON u.id = i.user_id`;

/**
 * The imports of a tenant (every tenant's for null), newest first; `removable` says whether the
 * reader may remove each (see removeImport).
 */
export async function listImports(
  db: Queryable,
  tenantSlug: string | null,
  reader: { id: string; admin: boolean },
  limit = 100,
): Promise<ImportItem[]> {
  return db.query<ImportItem>(
    `${ITEM_SQL} WHERE ($1::text IS NULL OR i.tenant_slug = $1) ORDER BY i.created_at DESC, i.id LIMIT $4`,
    [tenantSlug, reader.id, reader.admin, limit],
  );
}

/**
 * Removes an import that wrote nothing (refused, or checked and never imported), for its author or
 * an administrator: the row first, then its kept file (a file left by a crash in between is only
 * an orphan, never a row without its file). Null when there is no such import for this reader;
 * 'committed' when it was imported (its data and history stay).
 */
export async function removeImport(
  db: Queryable,
  id: string,
  reader: { id: string; admin: boolean; tenantSlug: string },
): Promise<{ storageKey: string } | 'committed' | null> {
  if (!isUuid(id)) return null;
  const [removed] = await db.query<{ storageKey: string }>(
    `DELETE FROM imports WHERE id = $1 AND status <> 'committed' AND (user_id = $2 OR $3)
       AND ($3 OR tenant_slug = $4)
     RETURNING storage_key AS "storageKey"`,
    [id, reader.id, reader.admin, reader.tenantSlug],
  );
  if (removed) return removed;
  const [kept] = await db.query<{ status: string }>(
    'SELECT status FROM imports WHERE id = $1 AND ($2 OR tenant_slug = $3)',
    [id, reader.admin, reader.tenantSlug],
  );
  return kept?.status === 'committed' ? 'committed' : null;
}

/** One import, with what is needed to commit it or to send its file back. */
export async function findImport(db: Queryable, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.query<{
    id: string;
    tenantSlug: string;
    fileName: string;
    storageKey: string;
    sha256: string;
    crs: string | null;
    status: ImportItem['status'];
    report: ImportReport;
  }>(
    `SELECT id, tenant_slug AS "tenantSlug", file_name AS "fileName", storage_key AS "storageKey", sha256, crs,
       status, report
     FROM imports WHERE id = $1`,
    [id],
  );
  return row ?? null;
}
