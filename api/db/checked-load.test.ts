import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKind } from '../../tests/support/test-database.ts';
import { checkModeOf, copyChecked, type CheckMode, type Load } from './checked-load.ts';
import type { Database } from './database.ts';

describe(`copyChecked on ${testDatabaseKind}`, () => {
  let db: Database;
  let mode: CheckMode;
  let userId: string;
  beforeAll(async () => {
    db = await openTestDatabase();
    await db.exec(`
      CREATE TABLE load_parent (id text PRIMARY KEY);
      CREATE TABLE load_child (
        id integer PRIMARY KEY,
        parent_id text NOT NULL REFERENCES load_parent (id),
        owner uuid REFERENCES users (id),
        depth double precision CHECK (depth >= 0)
      );`);
    const [user] = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, tenant_slug, role, display_name)
       VALUES ('charge@example.com', 'x', 'montreal', 'member', 'Chargée') RETURNING id`,
    );
    userId = user!.id;
    mode = await checkModeOf(db);
  });
  afterAll(() => db.close());

  const count = async (table: string) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
  const loads = (parents: string[], children: { id: number; parent_id: string; owner?: string | null }[]): Load[] => [
    { table: 'load_parent', columns: ['id'], rows: parents.map((id) => ({ id })) },
    {
      table: 'load_child',
      columns: ['id', 'parent_id', 'owner', 'depth'],
      rows: children.map((child) => ({ owner: null, depth: 1, ...child })),
    },
  ];

  it('uses the set checks only where the role may switch the row checks off', async () => {
    const [role] = await db.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
    expect(mode).toBe(role!.rolsuper ? 'by-set' : 'by-row');
  });

  for (const checks of ['by-set', 'by-row'] as const) {
    describe(checks, () => {
      const prefix = checks === 'by-set' ? 's' : 'r';
      const usable = () => checks === 'by-row' || mode === 'by-set';

      it('writes rows whose references hold, the ones of the same load included', async () => {
        if (!usable()) return expect(mode).toBe('by-row');
        await db.transaction((tx) =>
          copyChecked(
            tx,
            loads(
              [`${prefix}1`, `${prefix}2`],
              [
                { id: prefix === 's' ? 1 : 101, parent_id: `${prefix}1`, owner: userId },
                { id: prefix === 's' ? 2 : 102, parent_id: `${prefix}2` },
                { id: prefix === 's' ? 3 : 103, parent_id: `${prefix}2`, owner: userId },
              ],
            ),
            checks,
          ),
        );
        const rows = await db.query<{ parent_id: string }>(
          'SELECT parent_id FROM load_child WHERE parent_id LIKE $1 ORDER BY id',
          [`${prefix}%`],
        );
        expect(rows.map((row) => row.parent_id)).toEqual([`${prefix}1`, `${prefix}2`, `${prefix}2`]);
      });

      it('refuses a row whose reference is missing, and the transaction leaves nothing', async () => {
        if (!usable()) return expect(mode).toBe('by-row');
        const before = [await count('load_parent'), await count('load_child')];
        const attempt = db.transaction((tx) =>
          copyChecked(
            tx,
            loads([`${prefix}9`], [{ id: prefix === 's' ? 9 : 109, parent_id: `${prefix}-absent` }]),
            checks,
          ),
        );
        await expect(attempt).rejects.toThrow(
          checks === 'by-set'
            ? /Référence absente : s-absent \(load_child\.parent_id\) n’est pas dans load_parent\.id/
            : /foreign key/,
        );
        expect([await count('load_parent'), await count('load_child')]).toEqual(before);
      });

      it('refuses a missing user as well (a uuid key)', async () => {
        if (!usable()) return expect(mode).toBe('by-row');
        const ghost = '00000000-0000-4000-8000-000000000000';
        const attempt = db.transaction((tx) =>
          copyChecked(
            tx,
            loads([`${prefix}8`], [{ id: prefix === 's' ? 8 : 108, parent_id: `${prefix}8`, owner: ghost }]),
            checks,
          ),
        );
        await expect(attempt).rejects.toThrow(
          checks === 'by-set'
            ? new RegExp(`${ghost} \\(load_child\\.owner\\) n’est pas dans users\\.id`)
            : /foreign key/,
        );
      });
    });
  }

  it('turns the row checks back on for the rest of the transaction', async () => {
    if (mode === 'by-row') return expect(mode).toBe('by-row');
    const attempt = db.transaction(async (tx) => {
      await copyChecked(tx, loads(['t1'], [{ id: 21, parent_id: 't1' }]), 'by-set');
      await tx.query(`INSERT INTO load_child (id, parent_id) VALUES (22, 'nowhere')`);
    });
    await expect(attempt).rejects.toThrow(/foreign key/);
    expect((await db.query(`SELECT id FROM load_parent WHERE id = 't1'`)).length).toBe(0);
  });

  it('notes a change for the map when it writes its tables with the triggers off (an import)', async () => {
    // Row by row, the tables' own statement triggers note it.
    if (mode === 'by-row') return expect(mode).toBe('by-row');
    const changes = async () =>
      (await db.query<{ n: number }>('SELECT COALESCE(sum(weight), 0)::int AS n FROM borehole_map_changes'))[0]!.n;
    const before = await changes();
    await db.transaction((tx) => copyChecked(tx, loads(['t9'], [{ id: 91, parent_id: 't9' }]), 'by-set'));
    // Tables the map does not read leave its cache alone.
    expect(await changes()).toBe(before);
    await db.transaction((tx) =>
      copyChecked(
        tx,
        [{ table: 'geol', columns: ['borehole_id', 'position', 'top', 'description'], rows: [] }],
        'by-set',
      ),
    );
    expect(await changes()).toBe(before + 1);
  });

  it('keeps CHECK constraints while the row checks are off', async () => {
    if (mode === 'by-row') return expect(mode).toBe('by-row');
    const attempt = db.transaction((tx) =>
      copyChecked(
        tx,
        [
          { table: 'load_parent', columns: ['id'], rows: [{ id: 'c1' }] },
          {
            table: 'load_child',
            columns: ['id', 'parent_id', 'depth'],
            rows: [{ id: 31, parent_id: 'c1', depth: -2 }],
          },
        ],
        'by-set',
      ),
    );
    await expect(attempt).rejects.toThrow(/check constraint/);
    expect((await db.query(`SELECT id FROM load_parent WHERE id = 'c1'`)).length).toBe(0);
  });
});
