import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { dumpTables } from '../backup/backup.ts';
import { loadTables } from '../backup/restore.ts';
import { OperatorMessage } from '../operator-message.ts';
import { openPglite, type Database } from './database.ts';
import { migrate } from './migrate.ts';

/** Where versions before November 2026 kept the embedded database (PGlite). */
export const PGLITE_FOLDER = 'pglite';
/** What that folder is renamed to once its data has been carried over; kept until the operator removes it. */
export const CARRIED_FOLDER = 'pglite.repris';

export type CarryOver =
  | { status: 'none' }
  | { status: 'carried'; rows: Record<string, number> }
  /** The new database already holds data: the old folder is left as it is, unread. */
  | { status: 'ignored' };

/**
 * Brings the data of an earlier version's embedded database (`DATA_DIR/pglite`) into the new
 * embedded PostgreSQL, once, on the first start: every backed-up table, read in one snapshot and
 * written in one transaction (all or nothing); the documents stay where they are
 * (`DATA_DIR/files`). The old folder is then renamed `pglite.repris`, never deleted.
 *
 * A folder PGlite cannot open (an earlier version stopped by a crash) stops the start with a
 * French line: starting on an empty database would look like every account was lost.
 */
export async function carryOverPglite(dataDir: string, db: Database): Promise<CarryOver> {
  const folder = join(dataDir, PGLITE_FOLDER);
  if (!existsSync(join(folder, 'PG_VERSION'))) return { status: 'none' };
  const [held] = await db.query<{ n: number }>(
    'SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM boreholes) + (SELECT count(*) FROM reports) AS n',
  );
  if (Number(held?.n) > 0) return { status: 'ignored' };

  let old: Database;
  try {
    old = await openPglite(folder);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND';
    throw new OperatorMessage(
      missing
        ? `La base d’une version précédente (${folder}) se lit avec PGlite, absent de cette installation : lancez npm install (sans --omit=dev), puis redémarrez.`
        : `La base d’une version précédente (${folder}) ne s’ouvre pas (arrêt brutal ?) : rien n’a été démarré. Pour partir d’une base neuve, déplacez ce dossier ailleurs.`,
    );
  }
  const work = join(dataDir, '.reprise-pglite');
  await rm(work, { recursive: true, force: true });
  await mkdir(work);
  try {
    await migrate(old);
    const rows = await old.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      return dumpTables(tx, work);
    });
    await old.close();
    await db.transaction((tx) => loadTables(tx, work, rows));
    await rename(folder, join(dataDir, CARRIED_FOLDER));
    return { status: 'carried', rows };
  } finally {
    await old.close().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  }
}
