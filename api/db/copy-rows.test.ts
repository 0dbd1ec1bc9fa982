import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { openTestDatabase, testDatabaseKind } from '../../tests/support/test-database.ts';

const COLUMNS = ['id', 'label', 'depth', 'done', 'day', 'extra', 'snapshot', 'tags'];

describe(`copyRows on ${testDatabaseKind}`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
    await db.exec(`CREATE TABLE copied (
      id integer PRIMARY KEY, label text, depth double precision, done boolean, day date,
      extra jsonb NOT NULL DEFAULT '{}', snapshot json, tags text[], CHECK (depth IS NULL OR depth >= 0))`);
  });
  afterAll(() => db.close());

  it('writes back every character COPY text treats specially, nulls, JSON and arrays', async () => {
    const rows = [
      {
        id: 1,
        label: 'tab\there\nnew line\r\\N back\\slash « é » 𝄞',
        depth: 12.5,
        done: true,
        day: '2024-02-29',
        extra: { LOCA_REM: 'a\tb\n"c"\\d' },
        snapshot: { geol: [{ top: 0, description: 'Argile\\grise' }] },
        tags: ['fields', 'a "quoted", {braced} \\ tag', ''],
      },
      { id: 2, label: '', depth: null, done: false, day: null, extra: {}, snapshot: null, tags: [] },
      {
        id: 3,
        label: null,
        depth: 0,
        done: null,
        day: '2025-06-01',
        extra: { n: 1 },
        snapshot: { list: [1] },
        tags: null,
      },
    ];
    await db.transaction((tx) => tx.copyRows('copied', COLUMNS, rows));
    const back = await db.query(
      `SELECT id, label, depth, done, day, extra, snapshot::text AS snapshot, tags FROM copied ORDER BY id`,
    );
    expect(back).toEqual(
      rows.map((row) => ({ ...row, snapshot: row.snapshot === null ? null : JSON.stringify(row.snapshot) })),
    );
  });

  it('writes nothing of a COPY that fails, and the connection serves the next statement', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ id: 100 + i, depth: i === 4321 ? -1 : i }));
    await expect(db.transaction((tx) => tx.copyRows('copied', ['id', 'depth'], rows))).rejects.toThrow();
    expect(await db.query('SELECT id FROM copied WHERE id >= 100')).toEqual([]);
    await db.copyRows('copied', ['id', 'depth'], [{ id: 100, depth: 1 }]);
    expect(await db.query('SELECT id, depth FROM copied WHERE id >= 100')).toEqual([{ id: 100, depth: 1 }]);
  });
});
