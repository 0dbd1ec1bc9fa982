import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { useTestHashCost } from '../../api/auth/password.ts';
import { openPostgres } from '../../api/db/database.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../api/db/embedded-postgres.ts';
import { migrate } from '../../api/db/migrate.ts';
import { seedDemo, seedTenants } from '../../api/db/seed/seed.ts';

/**
 * Vitest's global setup: one PostgreSQL server for the whole run, and two template databases that
 * every database test file copies (`CREATE DATABASE … TEMPLATE`, a fraction of a second) instead
 * of migrating and seeding its own (about 7 s each):
 * - `gs_tpl_tenants`: migrated, with the tenants (what `npm start` writes before the demo);
 * - `gs_tpl_demo`: the same with the demo data, its accounts hashed at the tests' cost.
 *
 * The server is the embedded one of `npm install` (PostgreSQL 18, what production runs by default),
 * started in a temporary folder with fsync off — nothing in it has to survive the run — or, with
 * TEST_DATABASE_URL, another server whose role may create databases (another version, say).
 */
export const TEMPLATES = { tenants: 'gs_tpl_tenants', demo: 'gs_tpl_demo' } as const;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The connection string of the tests' server, whose role may create databases. */
    testDatabaseUrl: string;
  }
}

/** The same server, another database. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.href;
}

/** Runs statements on the server's maintenance database, one connection, closed after. */
export async function onServer(serverUrl: string, ...statements: string[]) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

async function makeTemplate(serverUrl: string, name: string, demo: boolean) {
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name}`, `CREATE DATABASE ${name}`);
  const db = openPostgres(databaseUrl(serverUrl, name));
  try {
    await migrate(db);
    await seedTenants(db);
    if (demo) await seedDemo(db);
  } finally {
    await db.close();
  }
}

export default async function setup(project: TestProject) {
  const started = performance.now();
  // The demo accounts' hashes in the template are checked at sign-in by every test app.
  useTestHashCost();
  let server: EmbeddedPostgres | undefined;
  let folder: string | undefined;
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    folder = await mkdtemp(join(tmpdir(), 'geosonde-tests-pg-'));
    server = await startEmbeddedPostgres(folder, {
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
    });
    url = server.url;
  }
  await Promise.all([makeTemplate(url, TEMPLATES.tenants, false), makeTemplate(url, TEMPLATES.demo, true)]);
  project.provide('testDatabaseUrl', url);
  const where = server ? 'PostgreSQL intégré' : 'TEST_DATABASE_URL';
  console.log(`Base des tests : ${where}, modèles prêts en ${((performance.now() - started) / 1000).toFixed(1)} s`);

  return async () => {
    if (server) await server.stop();
    else
      await onServer(url, `DROP DATABASE IF EXISTS ${TEMPLATES.tenants}`, `DROP DATABASE IF EXISTS ${TEMPLATES.demo}`);
    if (folder) await rm(folder, { recursive: true, force: true });
  };
}
