import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '../../src/domain/text.ts';
import { verifyPassword } from '../auth/password.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { DEMO_ACCOUNTS, seedDemo } from './seed/seed.ts';
import { openTestDatabase, testDatabaseKind } from '../../tests/support/test-database.ts';

describe(`migrations and seed on ${testDatabaseKind}`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  it('applies each migration once', async () => {
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
    expect(rows.map((r) => r.name)).toContain('0001_init.sql');
  });

  it('indexes the table’s sorts, the id and project "contains" filters by trigrams (0023) and the classification (0024)', async () => {
    const rows = await db.query<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
       WHERE schemaname = current_schema() AND tablename = 'boreholes'`,
    );
    const byName = new Map(rows.map((row) => [row.name, row.definition]));
    expect(byName.get('boreholes_sort_depth')).toMatch(/\(depth, id COLLATE "C"\)/);
    expect(byName.get('boreholes_sort_project')).toMatch(/\(search_project COLLATE "C", id COLLATE "C"\)/);
    expect(byName.get('boreholes_contains_id')).toMatch(/USING gin \(search_id \S*gin_trgm_ops\)/);
    expect(byName.get('boreholes_contains_project')).toMatch(/USING gin \(search_project \S*gin_trgm_ops\)/);
    const [{ collation }] = (await db.query<{ collation: string }>(
      'SELECT datcollate AS collation FROM pg_database WHERE datname = current_database()',
    )) as [{ collation: string }];
    // The counts by classification read an index that covers the other filters and the scope (0024).
    expect(byName.get('boreholes_classification')).toMatch(
      /\(purpose, type, method, depth\) INCLUDE \(date, tenant_slug, search_muni, lat, lon\)/,
    );
    // Where the primary key does not give the id's byte order, an index of its own does.
    expect(byName.has('boreholes_sort_id')).toBe(!['C', 'POSIX'].includes(collation));
  });

  it('seeds the demo data once, with depth = sum of thicknesses', async () => {
    expect(await seedDemo(db)).toBe(true);
    expect(await seedDemo(db)).toBe(false);
    const [counts] = await db.query<{ boreholes: number; reports: number; users: number; tenants: number }>(
      `SELECT (SELECT count(*)::int FROM boreholes) AS boreholes, (SELECT count(*)::int FROM reports) AS reports,
              (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM tenants) AS tenants`,
    );
    expect(counts).toEqual({ boreholes: 30, reports: 90, users: 3, tenants: 3 });
    const mismatched = await db.query(
      `SELECT b.id FROM boreholes b JOIN geol g ON g.borehole_id = b.id
       GROUP BY b.id, b.depth HAVING abs(b.depth - max(g.base)) > 1e-6`,
    );
    expect(mismatched).toEqual([]);
  });

  it('folds the descriptions of layers stored before their search column existed', async () => {
    await db.query(`UPDATE geol SET search_description = NULL WHERE description = 'Argile de la mer de Champlain'`);
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<{ search_description: string | null }>(
      `SELECT DISTINCT search_description FROM geol WHERE description = 'Argile de la mer de Champlain'`,
    );
    expect(rows).toEqual([{ search_description: 'argile de la mer de champlain' }]);
    expect(await db.query('SELECT 1 FROM geol WHERE search_description IS NULL')).toEqual([]);
  });

  it('adds the project code to the search text of boreholes imported before (0027), once', async () => {
    const [project] = await db.query<{ id: string }>(
      `INSERT INTO projects (tenant_slug, code, name) VALUES ('montreal', 'ÉCH-12  B', 'Échangeur') RETURNING id`,
    );
    const [borehole] = await db.query<{ id: string }>('SELECT id FROM boreholes ORDER BY id LIMIT 1');
    await db.query(`UPDATE boreholes SET project_id = $1, search_project = 'echangeur' WHERE id = $2`, [
      project!.id,
      borehole!.id,
    ]);
    const sql = readFileSync(new URL('./migrations/0027_project_code_search.sql', import.meta.url), 'utf8');
    await db.exec(sql);
    await db.exec(sql);
    const [row] = await db.query<{ search_project: string }>('SELECT search_project FROM boreholes WHERE id = $1', [
      borehole!.id,
    ]);
    // As foldText folds it, so that what a user types finds it.
    expect(row!.search_project).toBe(`echangeur ${foldText('ÉCH-12  B')}`);
  });

  it('stores hashed passwords that verify', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await db.query<{ password_hash: string; role: string; tenant_slug: string }>(
        'SELECT password_hash, role, tenant_slug FROM users WHERE email = $1',
        [account.email],
      );
      expect(user?.password_hash).not.toContain(account.password);
      expect(await verifyPassword(account.password, user!.password_hash)).toBe(true);
      expect(await verifyPassword(`${account.password}x`, user!.password_hash)).toBe(false);
      expect([user?.role, user?.tenant_slug]).toEqual([account.role, account.tenantSlug]);
    }
  });

  it('refuses rows that break the schema’s rules', async () => {
    await expect(
      db.query(`INSERT INTO users (email, password_hash, role, tenant_slug) VALUES ('x@y.ca', 'h', 'owner', 'admin')`),
    ).rejects.toThrow();
    await expect(
      db.query(`INSERT INTO users (email, password_hash, role, tenant_slug) VALUES ('x@y.ca', 'h', 'member', 'laval')`),
    ).rejects.toThrow();
    await expect(db.query(`UPDATE boreholes SET purpose = 'mining' WHERE id = 'MTL-BH-01'`)).rejects.toThrow();
    await expect(db.query(`UPDATE boreholes SET lat = 123 WHERE id = 'MTL-BH-01'`)).rejects.toThrow();
  });
});
