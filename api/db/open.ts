import { join } from 'node:path';
import type { Env } from '../env.ts';
import { openEmbedded } from './command-database.ts';
import { openPostgres } from './database.ts';
import { migrate } from './migrate.ts';
import { carryOverPglite, type CarryOver } from './pglite-carry-over.ts';
import { fileStore } from '../files/file-store.ts';
import { recoverStagedFiles } from '../files/recover-staged.ts';
import { finishFileRemovals } from '../reports/repo.ts';
import { addSampleWaterDepths, attachSampleFiles, seedDemo, seedTenants } from './seed/seed.ts';

/**
 * Opens the configured database and brings it up to date: the PostgreSQL server of DATABASE_URL,
 * else the embedded default — a PostgreSQL server of our own on `DATA_DIR/postgres`, owned by
 * one process at a time (`command` names it to a second one, which is refused before touching
 * anything). An earlier version's embedded database (DATA_DIR/pglite) is carried over on the first
 * start. The demo data is written on the embedded default, and elsewhere only with GS_DEMO=1;
 * documents are kept under DATA_DIR/files.
 */
export async function openDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'GS_DEMO'>, command: string) {
  const db = env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : await openEmbedded(env.DATA_DIR, command);
  try {
    const migrations = await migrate(db);
    const carried: CarryOver = env.DATABASE_URL ? { status: 'none' } : await carryOverPglite(env.DATA_DIR, db);
    await seedTenants(db);
    const files = fileStore(join(env.DATA_DIR, 'files'));
    const recovered = await recoverStagedFiles(db, files, { onlyOwner: !env.DATABASE_URL });
    // Files of documents deleted or replaced just before a crash.
    await finishFileRemovals(db, files);
    const demo = !env.DATABASE_URL || env.GS_DEMO;
    const seeded = demo ? await seedDemo(db) : false;
    if (demo) await addSampleWaterDepths(db);
    // The sample documents get real files, also in a database seeded before files existed; the
    // logs are drawn from the tables, water levels included.
    if (demo) await attachSampleFiles(db, files);
    return { db, migrations, carried, seeded, files, recovered };
  } catch (error) {
    await db.close();
    throw error;
  }
}
