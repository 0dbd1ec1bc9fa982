import { STORED_FILES_SQL } from './stored-files.ts';
import type { Queryable } from '../db/database.ts';
import type { FileStore } from './file-store.ts';

/** A staged file older than this belongs to no running request, whichever process wrote it. */
export const STALE_STAGED_MS = 24 * 3600_000;

/**
 * Finishes what a crash interrupted between a document's row and its file: a staged file whose
 * row committed is committed, one without a row is removed. `onlyOwner` says that no other
 * process writes to this store (the embedded default, whose data folder is locked): every staged
 * file is then a leftover; otherwise only those older than STALE_STAGED_MS are.
 */
export async function recoverStagedFiles(db: Queryable, files: FileStore, { onlyOwner }: { onlyOwner: boolean }) {
  const { staged } = await files.inventory();
  const leftovers = staged.filter((file) => onlyOwner || file.ageMs > STALE_STAGED_MS).map((file) => file.key);
  if (leftovers.length === 0) return { committed: 0, removed: 0 };
  const rows = await db.query<{ key: string }>(
    `SELECT key FROM (${STORED_FILES_SQL}) stored WHERE key = ANY($1::text[])`,
    [leftovers],
  );
  const named = new Set(rows.map((row) => row.key));
  for (const key of leftovers) {
    if (named.has(key)) await files.commit(key);
    else await files.remove(key);
  }
  return { committed: named.size, removed: leftovers.length - named.size };
}
