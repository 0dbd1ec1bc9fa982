import { readdir, readFile } from 'node:fs/promises';
import { foldStoredMaterials } from '../boreholes/repo.ts';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
// Any constant works; it only has to be the same for every process of the application.
const MIGRATION_LOCK_KEY = 4_321_001;

/**
 * Applies the numbered `.sql` files of `migrations/` that this database has not seen yet, each
 * in its own transaction, in name order. On PostgreSQL an advisory lock makes concurrent
 * start-ups of several API processes wait for each other instead of racing.
 *
 * @returns the names of the migrations applied now.
 */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const name of files) {
    const sql = await readFile(new URL(name, MIGRATIONS_DIR), 'utf8');
    const ran = await db.transaction(async (tx) => {
      if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
      if (done.length > 0) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (ran) applied.push(name);
  }
  // Data written before a folded search column existed gets its folded copy, in JavaScript.
  await db.transaction((tx) => foldStoredMaterials(tx));
  return applied;
}
