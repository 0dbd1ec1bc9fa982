import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Env } from '../env.ts';
import { openPostgres, type Database } from './database.ts';
import { lockDataDir } from './data-lock.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { migrate } from './migrate.ts';
import { fileStore } from '../files/file-store.ts';
import { recoverStagedFiles } from '../files/recover-staged.ts';
import { attachSampleFiles, seedDemo, seedTenants } from './seed/seed.ts';

/**
 * Opens the configured database and brings it up to date: the PostgreSQL server of DATABASE_URL,
 * else the embedded default — a PostgreSQL server of our own on `DATA_DIR/postgres`, owned by
 * one process at a time (`command` names it to a second one, which is refused before touching
 * anything). The demo data is written on the embedded default, and elsewhere only with GS_DEMO=1;
 * documents are kept under DATA_DIR/files.
 */
export async function openDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'GS_DEMO'>, command: string) {
  let db: Database;
  if (env.DATABASE_URL) {
    db = openPostgres(env.DATABASE_URL);
  } else {
    await mkdir(env.DATA_DIR, { recursive: true });
    const release = lockDataDir(env.DATA_DIR, command);
    try {
      const server = await startEmbeddedPostgres(env.DATA_DIR);
      const client = openPostgres(server.url);
      db = {
        ...client,
        async close() {
          await client.close();
          await server.stop();
          release();
        },
      };
    } catch (error) {
      release();
      throw error;
    }
  }
  try {
    const migrations = await migrate(db);
    await seedTenants(db);
    const files = fileStore(join(env.DATA_DIR, 'files'));
    const recovered = await recoverStagedFiles(db, files, { onlyOwner: !env.DATABASE_URL });
    const demo = !env.DATABASE_URL || env.GS_DEMO;
    const seeded = demo ? await seedDemo(db) : false;
    // The sample documents get real files, also in a database seeded before files existed.
    if (demo) await attachSampleFiles(db, files);
    return { db, migrations, seeded, files, recovered };
  } catch (error) {
    await db.close();
    throw error;
  }
}
