import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../api/db/database.ts';
import { migrate } from '../../api/db/migrate.ts';
import { seedTenants } from '../../api/db/seed/seed.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new schema
 * on the PostgreSQL server of TEST_DATABASE_URL (`npm run test:pg`), dropped on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  let db: Database;
  if (url) {
    const schema = `gs_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const inner = openPostgres(url, { searchPath: schema });
    db = {
      ...inner,
      async close() {
        await inner.query(`DROP SCHEMA ${schema} CASCADE`);
        await inner.close();
      },
    };
  } else {
    db = await openPglite();
  }
  await migrate(db);
  await seedTenants(db);
  return db;
}

/** Which database the data tests run against, for test names. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
