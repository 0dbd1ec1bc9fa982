import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Env } from '../env.ts';
import { openPglite, openPostgres, type Database } from './database.ts';
import { migrate } from './migrate.ts';
import { fileStore } from '../files/file-store.ts';
import { attachSampleFiles, seedDemo, seedTenants } from './seed/seed.ts';

/**
 * Opens the configured database and brings it up to date: PostgreSQL when DATABASE_URL is set,
 * else the embedded PGlite database under DATA_DIR. The demo data is written on the embedded
 * default, and on PostgreSQL only with GS_DEMO=1; documents are kept under DATA_DIR/files.
 */
export async function openDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'GS_DEMO'>) {
  let db: Database;
  if (env.DATABASE_URL) {
    db = openPostgres(env.DATABASE_URL);
  } else {
    const dir = join(env.DATA_DIR, 'pglite');
    await mkdir(dir, { recursive: true });
    db = await openPglite(dir);
  }
  const migrations = await migrate(db);
  await seedTenants(db);
  const files = fileStore(join(env.DATA_DIR, 'files'));
  const demo = !env.DATABASE_URL || env.GS_DEMO;
  const seeded = demo ? await seedDemo(db) : false;
  // The sample documents get real files, also in a database seeded before files existed.
  if (demo) await attachSampleFiles(db, files);
  return { db, migrations, seeded, files };
}
