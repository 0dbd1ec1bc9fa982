import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { extract } from 'tar';
import type { Database, Queryable } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { OperatorMessage } from '../operator-message.ts';
import { BACKED_UP_TABLES, BACKUP_FORMAT, type BackupManifest } from './backup.ts';

const BATCH = 1_000;

/** A restore that cannot be done; the message is the French line shown. */
export class RestoreRefusal extends OperatorMessage {}

/** Inserts one table's NDJSON rows, by batches, through json_populate_recordset. */
async function loadTable(tx: Queryable, table: string, path: string): Promise<number> {
  let batch: unknown[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await tx.query(
      `INSERT INTO ${table} OVERRIDING SYSTEM VALUE SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`,
      [JSON.stringify(batch)],
    );
    count += batch.length;
    batch = [];
  };
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    if (!line) continue;
    batch.push(JSON.parse(line));
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return count;
}

/**
 * Replaces the data of every backed-up table by the `<table>.ndjson` files of `dir`, checking
 * each count against `expected`; run it in a transaction, so that a failure leaves nothing.
 */
export async function loadTables(tx: Queryable, dir: string, expected: Record<string, number>): Promise<void> {
  // What the migrations themselves wrote (the tenants) comes back from the dump as it was.
  await tx.exec(`TRUNCATE ${BACKED_UP_TABLES.filter((t) => t !== 'schema_migrations').join(', ')} CASCADE`);
  for (const table of BACKED_UP_TABLES) {
    if (table === 'schema_migrations') continue;
    // An archive of an older GéoSonde has no file for a table added since: it stays empty.
    if (!(table in expected)) continue;
    const rows = await loadTable(tx, table, join(dir, `${table}.ndjson`));
    if (rows !== expected[table]) {
      throw new RestoreRefusal(`Archive incomplète : ${rows} lignes dans ${table}, ${expected[table]} annoncées.`);
    }
  }
}

/**
 * Puts an archive of `writeBackup` back into an empty database and an empty document folder:
 * the schema by the migrations, then every table in one transaction (all or nothing), then the
 * documents moved into `filesDir`. Refuses a database that holds data and an archive from a
 * newer version of GéoSonde.
 */
export async function restoreBackup(
  db: Database,
  { archive, filesDir, workDir }: { archive: string; filesDir: string; workDir: string },
): Promise<BackupManifest> {
  const unpacked = join(workDir, `.restauration-${process.pid}-${Date.now()}`);
  await mkdir(unpacked, { recursive: true });
  try {
    try {
      await extract({ file: archive, cwd: unpacked, strict: true });
    } catch {
      throw new RestoreRefusal(`Archive illisible : ${archive} n’est pas une sauvegarde de GéoSonde.`);
    }
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(await readFile(join(unpacked, 'manifest.json'), 'utf8')) as BackupManifest;
    } catch {
      throw new RestoreRefusal(`Archive illisible : ${archive} n’a pas de manifest.json.`);
    }
    if (manifest.format !== BACKUP_FORMAT)
      throw new RestoreRefusal(`Format de sauvegarde inconnu : ${String(manifest.format)}.`);
    await migrate(db);
    const known = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const newer = manifest.migrations.filter((name) => !known.has(name));
    if (newer.length > 0) {
      throw new RestoreRefusal(
        `Cette sauvegarde vient d’une version plus récente de GéoSonde (migration ${newer[0]}) : mettez GéoSonde à jour d’abord.`,
      );
    }
    const [held] = await db.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM boreholes) + (SELECT count(*) FROM reports) AS n',
    );
    if (Number(held?.n) > 0)
      throw new RestoreRefusal('La base de destination contient déjà des données : restaurez dans une base vide.');
    const existingFiles = await readdir(filesDir).catch(() => []);
    if (existingFiles.length > 0)
      throw new RestoreRefusal(
        `Le dossier des documents ${filesDir} n’est pas vide : restaurez dans un DATA_DIR vide.`,
      );
    await db.transaction((tx) => loadTables(tx, join(unpacked, 'db'), manifest.rows));
    const files = join(unpacked, 'files');
    if (await stat(files).catch(() => null)) {
      await mkdir(join(filesDir, '..'), { recursive: true });
      await rm(filesDir, { recursive: true, force: true });
      await rename(files, filesDir);
    }
    return manifest;
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}
