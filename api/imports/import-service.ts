import { todayInQuebec } from '../../src/domain/format.ts';
import type { ImportReport } from '../../src/domain/ags/import/prepare-import.ts';
import { UploadRefusal } from '../files/receive-upload.ts';
import { aside } from './file-aside.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { FileStore } from '../files/file-store.ts';
import { writeImport, type CommitResult } from './commit-import.ts';
import { findImport, insertImport, storedLocaIds } from './repo.ts';
import { writeAttachments } from './write-attachments.ts';
import { recordAudit } from '../audit/repo.ts';
import { committedImportEvents, refusedImportEvent } from '../webhooks/import-events.ts';
import { emitEvents } from '../webhooks/outbox.ts';

/**
 * Checks a file as an import into `tenantSlug` would write it, knowing the boreholes stored there,
 * in a worker thread that reads it from `path` (aside): the server goes on answering everyone
 * meanwhile. A file that cannot be opened (not a format of import, a bad ZIP, past a limit) throws
 * its UploadRefusal.
 */
export async function prepareForTenant(
  db: Queryable,
  { path, fileName, crs, tenantSlug }: { path: string; fileName: string; crs: string | null; tenantSlug: string },
): Promise<{ report: ImportReport; sha256: string }> {
  const check = async (existing: string[]) => {
    const answer = await aside(tenantSlug, { task: 'check', fileName, path, crs, existing });
    if (!answer.ok) throw new UploadRefusal(answer.status, answer.error);
    return answer;
  };
  const first = await check([]);
  const existing = await storedLocaIds(db, tenantSlug, first.projectCode);
  if (existing.size === 0) return first;
  return check([...existing]);
}

export interface ImportRequest {
  tenantSlug: string;
  userId: string | null;
  fileName: string;
  /** The file, received into the store as a staged file (FileStore.stage): this import's from now on. */
  staged: { key: string; size: number };
  crs: string | null;
}

/**
 * The first step of an import: the file, staged as it was received, checked and kept (committed
 * once its row is written), its report recorded; no borehole is written. Returns the import's id
 * and report. A file refused before any report is removed.
 */
export async function validateImport(db: Database, files: FileStore, request: ImportRequest) {
  const { key, size } = request.staged;
  let id: string;
  let report: ImportReport;
  try {
    const prepared = await prepareForTenant(db, { ...request, path: files.pathOf(key, 'staged') });
    report = prepared.report;
    // A refused file is announced (validation.failed) in the transaction that records it.
    id = await db.transaction(async (tx) => {
      const inserted = await insertImport(tx, {
        ...request,
        sizeBytes: size,
        sha256: prepared.sha256,
        storageKey: key,
        report,
      });
      if (!report.valid) {
        await emitEvents(tx, request.tenantSlug, [refusedImportEvent({ ...request, importId: inserted }, report)]);
      }
      return inserted;
    });
  } catch (error) {
    await files.remove(key);
    throw error;
  }
  await files.commit(key);
  return { id, report };
}

/** From this many boreholes written, an import refreshes the planner's statistics. */
const LARGE_IMPORT = 1000;

/** Why an import cannot be committed (the French sentence), or its result. */
export type CommitOutcome =
  | {
      ok: true;
      result: CommitResult & { documents: number };
      /** Milliseconds spent reading the kept file again, then writing its rows (for the logs and the bench). */
      timings: { readMs: number; writeMs: number };
    }
  | { ok: false; status: 404 | 409 | 422; message: string };

/**
 * The second step: a validated import written in one transaction, from its kept file read again
 * (its verdict was the validation's). Twice the same import: the second waits for the first,
 * then is refused.
 */
export async function commitImport(
  db: Database,
  files: FileStore,
  importId: string,
  /** Who commits it (recorded in the audit), or null for the command line. */
  actor: { id: string; email: string } | null,
  mayReach: (tenantSlug: string) => boolean,
): Promise<CommitOutcome> {
  const userId = actor?.id ?? null;
  const found = await findImport(db, importId);
  if (!found || !mayReach(found.tenantSlug)) return { ok: false, status: 404, message: 'Import introuvable.' };
  if (found.status === 'refused') {
    return { ok: false, status: 409, message: 'Import impossible : le fichier a des erreurs bloquantes.' };
  }
  const done = { ok: false, status: 409, message: 'Import impossible : cet import est déjà fait.' } as const;
  if (found.status === 'committed') return done;
  // Read again in a worker thread, before the transaction: no lock is held while the file is parsed.
  const started = performance.now();
  const answer = await aside(found.tenantSlug, {
    task: 'read',
    fileName: found.fileName,
    path: files.pathOf(found.storageKey, 'committed'),
    crs: found.crs,
    sha256: found.sha256,
  });
  if (!answer.ok) return { ok: false, status: answer.status === 409 ? 409 : 422, message: answer.error };
  const { prepared } = answer;
  const readMs = performance.now() - started;
  const staged: string[] = [];
  try {
    const outcome = await db.transaction(async (tx): Promise<CommitOutcome> => {
      const [row] = await tx.query<{ status: string }>('SELECT status FROM imports WHERE id = $1 FOR UPDATE', [
        found.id,
      ]);
      if (row?.status !== 'validated') return done;
      const read = performance.now();
      const { projectId, ...written } = await writeImport(tx, prepared, { ...found, importId: found.id, userId });
      const timings = { readMs, writeMs: performance.now() - read };
      const ids = new Map(written.boreholes.map((borehole) => [borehole.locaId, borehole.id]));
      const documents = await writeAttachments(tx, files, prepared.attachments, ids, todayInQuebec(), staged);
      const result = { ...written, documents };
      const counts = { created: result.created, updated: result.updated, unchanged: result.unchanged, documents };
      await tx.query(
        `UPDATE imports SET status = 'committed', committed_at = now(), project_id = $2, result = $3 WHERE id = $1`,
        [found.id, projectId, JSON.stringify(counts)],
      );
      await recordAudit(tx, {
        tenantSlug: found.tenantSlug,
        userId,
        email: actor?.email ?? null,
        action: 'import.commit',
        target: found.fileName,
        detail: { import: found.id, ...counts },
      });
      // The webhooks' events, kept or lost with the import (transactional outbox).
      await emitEvents(
        tx,
        found.tenantSlug,
        committedImportEvents({ ...found, importId: found.id, projectId }, result),
      );
      return { ok: true, result, timings };
    });
    // The rows are committed: the staged files become theirs (see FileStore).
    for (const key of staged) await files.commit(key);
    // A large import changes the tables' shape: without fresh statistics the planner would sort every
    // borehole for a page of 50 until autovacuum comes by (seen: 60 ms instead of 0.2 ms at 100,000).
    if (outcome.ok && outcome.result.created + outcome.result.updated >= LARGE_IMPORT) {
      await db.exec('ANALYZE boreholes, geol, ispt, log_rows');
    }
    return outcome;
  } catch (error) {
    await Promise.all(staged.map((key) => files.remove(key)));
    throw error;
  }
}
