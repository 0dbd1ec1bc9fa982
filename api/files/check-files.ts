import { STORED_FILES_SQL } from './stored-files.ts';
import type { Queryable } from '../db/database.ts';
import type { FileStore } from './file-store.ts';

export interface FilesReport {
  /** Documents whose file is missing, or of another size than recorded. */
  missing: { id: string; key: string }[];
  wrongSize: { id: string; key: string; recorded: number; onDisk: number }[];
  /** Files no document names. */
  orphans: string[];
  /** Temporary files of uploads (finished or removed at the next start). */
  staged: string[];
  documents: number;
}

/** Compares the documents' rows with the files on disk, both ways. Changes nothing. */
export async function checkFiles(db: Queryable, files: FileStore): Promise<FilesReport> {
  const rows = await db.query<{ id: string; key: string; size: number }>(
    `SELECT id, key, size FROM (${STORED_FILES_SQL}) stored ORDER BY id`,
  );
  const { committed, staged } = await files.inventory();
  const onDisk = new Set(committed);
  const named = new Set(rows.map((row) => row.key));
  const report: FilesReport = {
    missing: [],
    wrongSize: [],
    orphans: committed.filter((key) => !named.has(key)).sort(),
    staged: staged.map((file) => file.key).sort(),
    documents: rows.length,
  };
  for (const { id, key, size } of rows) {
    if (!onDisk.has(key)) {
      report.missing.push({ id, key });
      continue;
    }
    const actual = await files.size(key);
    if (actual !== Number(size)) report.wrongSize.push({ id, key, recorded: Number(size), onDisk: actual });
  }
  return report;
}
