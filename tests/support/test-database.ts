import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openPostgres, type Database } from '../../api/db/database.ts';
import { databaseUrl, onServer, TEMPLATES } from './database-server.ts';

/**
 * A database of its own for one test file, copied from a template made once per run
 * (`tests/support/database-server.ts`): migrated with the tenants, and with the demo data when
 * `demo` is set. It is dropped on close.
 *
 * @example const db = await openTestDatabase({ demo: true }); … await db.close();
 */
export async function openTestDatabase({ demo = false }: { demo?: boolean } = {}): Promise<Database> {
  const server = inject('testDatabaseUrl');
  const name = `gs_test_${randomBytes(6).toString('hex')}`;
  // FILE_COPY copies the template's files: faster than WAL_LOG for a small database, and the
  // checkpoint it needs is cheap on the tests' server (fsync off).
  await onServer(
    server,
    `CREATE DATABASE ${name} TEMPLATE ${demo ? TEMPLATES.demo : TEMPLATES.tenants} STRATEGY FILE_COPY`,
  );
  const inner = openPostgres(databaseUrl(server, name));
  return {
    ...inner,
    async close() {
      await inner.close();
      await onServer(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** The connection string of a new, empty database on the tests' server (for servers started by a test). */
export async function createEmptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = inject('testDatabaseUrl');
  const name = `gs_test_${randomBytes(6).toString('hex')}`;
  await onServer(server, `CREATE DATABASE ${name}`);
  return {
    url: databaseUrl(server, name),
    drop: () => onServer(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Which database the data tests run against, for test names. */
export const testDatabaseKind = 'PostgreSQL';
