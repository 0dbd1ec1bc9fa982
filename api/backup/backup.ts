import { STORED_FILES_SQL } from '../files/stored-files.ts';
import { createWriteStream } from 'node:fs';
import { link, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { once } from 'node:events';
import { create } from 'tar';
import type { Database, Queryable } from '../db/database.ts';

/**
 * The tables a backup holds, parents before children (the order a restore writes them in).
 * Left out on purpose: sessions, password-reset links, sign-in attempts and the assistant's
 * counts — short-lived security state; after a restore everyone signs in again.
 * The webhooks' outbox (events, deliveries, attempts) is kept with the subscriptions: the data
 * restored holds the imports and exports those events tell of, and an event still pending when
 * the backup was taken must still be sent (a receiver that already had it recognises its
 * `webhook-id`). Events older than 30 days are removed (see removeOldEvents), so it stays small.
 * The secrets are sealed with the signing key: restore with the same SIGNING_SECRET or
 * DATA_DIR/signing.key, or make the subscriptions again.
 */
export const BACKED_UP_TABLES = [
  'schema_migrations',
  'tenants',
  'users',
  'projects',
  'imports',
  'boreholes',
  'geol',
  'ispt',
  'log_rows',
  'reports',
  'invitations',
  'borehole_versions',
  'project_groups',
  'share_links',
  'api_tokens',
  'api_exports',
  'webhook_subscriptions',
  'webhook_events',
  'webhook_deliveries',
  'webhook_attempts',
] as const;
export const NOT_BACKED_UP_TABLES = [
  'sessions',
  'password_resets',
  'auth_attempts',
  'ask_windows',
  'borehole_map_changes',
] as const;

export const BACKUP_FORMAT = 'geosonde-backup/1';
const BATCH = 2_000;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  migrations: string[];
  rows: Record<string, number>;
  files: number;
  bytes: number;
}

/** Writes each table as NDJSON (one row a line, JSON as PostgreSQL gives it), through a cursor. */
async function dumpTable(tx: Queryable, table: string, path: string): Promise<number> {
  const out = createWriteStream(path, { flags: 'wx' });
  let count = 0;
  await tx.query(`DECLARE dump_${table} NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS line FROM ${table} t`);
  for (;;) {
    const rows = await tx.query<{ line: string }>(`FETCH ${BATCH} FROM dump_${table}`);
    if (rows.length === 0) break;
    if (!out.write(`${rows.map((row) => row.line).join('\n')}\n`)) await once(out, 'drain');
    count += rows.length;
  }
  await tx.query(`CLOSE dump_${table}`);
  out.end();
  await once(out, 'finish');
  return count;
}

/** Writes every backed-up table into `dir` as `<table>.ndjson`; returns the rows of each. */
export async function dumpTables(tx: Queryable, dir: string): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  for (const table of BACKED_UP_TABLES) rows[table] = await dumpTable(tx, table, join(dir, `${table}.ndjson`));
  return rows;
}

/**
 * One consistent archive of the data, taken while the server runs: every table read in a single
 * REPEATABLE READ snapshot, and the documents its rows name (write-once files, hard-linked into
 * the archive's folder, so none is copied twice). The archive is a gzipped tar:
 * `manifest.json`, `db/<table>.ndjson`, `files/<xx>/<key>`.
 *
 * @param workDir a folder on the same disk as `filesDir`, where the archive is put together.
 */
export async function writeBackup(
  db: Database,
  { filesDir, workDir, out }: { filesDir: string; workDir: string; out: string },
): Promise<BackupManifest> {
  const staging = join(workDir, `.sauvegarde-${process.pid}-${Date.now()}`);
  await mkdir(join(staging, 'db'), { recursive: true });
  try {
    const manifest = await db.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const rows = await dumpTables(tx, join(staging, 'db'));
      const migrations = (await tx.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map(
        (row) => row.name,
      );
      const documents = await tx.query<{ key: string; size: number }>(
        `SELECT key, size FROM (${STORED_FILES_SQL}) stored`,
      );
      let bytes = 0;
      for (const { key, size } of documents) {
        const target = join(staging, 'files', key.slice(0, 2), key);
        await mkdir(dirname(target), { recursive: true });
        await link(join(filesDir, key.slice(0, 2), key), target).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
          throw new Error(`Sauvegarde impossible : le fichier ${key} d’un document manque dans ${filesDir}.`);
        });
        bytes += Number(size);
      }
      return {
        format: BACKUP_FORMAT,
        createdAt: new Date().toISOString(),
        migrations,
        rows,
        files: documents.length,
        bytes,
      } satisfies BackupManifest;
    });
    await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${out}.part`;
    const entries = ['manifest.json', 'db', ...(manifest.files ? ['files'] : [])];
    await create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    await rename(partial, out);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
