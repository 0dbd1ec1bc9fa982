import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKind } from '../../tests/support/test-database.ts';
import { listAudit, recordAudit } from './repo.ts';
import type { Database } from '../db/database.ts';

describe(`audit events (${testDatabaseKind})`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  it('lists the newest first, by organisation and action, a page at a time', async () => {
    for (let i = 0; i < 5; i++) {
      await recordAudit(db, {
        tenantSlug: i % 2 ? 'stjulie' : 'montreal',
        userId: null,
        email: `u${i}@example.ca`,
        action: i === 4 ? 'export' : 'sign-in',
        target: `t${i}`,
        detail: { i, name: 'Rapport « été » 2024.pdf' },
      });
    }
    const all = await listAudit(db, { tenantSlug: null, limit: 10 });
    expect(all.map((row) => row.target)).toEqual(['t4', 't3', 't2', 't1', 't0']);
    expect(all[0]).toMatchObject({ action: 'export', email: 'u4@example.ca', detail: { i: 4 } });
    expect(all[0]!.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const montreal = await listAudit(db, { tenantSlug: 'montreal', limit: 10 });
    expect(montreal.map((row) => row.target)).toEqual(['t4', 't2', 't0']);
    const signIns = await listAudit(db, { tenantSlug: 'montreal', actions: ['sign-in'], limit: 10 });
    expect(signIns.map((row) => row.target)).toEqual(['t2', 't0']);
    const next = await listAudit(db, { tenantSlug: null, before: all[1]!.id, limit: 2 });
    expect(next.map((row) => row.target)).toEqual(['t2', 't1']);
  });

  it('is kept or lost with the transaction of the action', async () => {
    const before = (await listAudit(db, { tenantSlug: null, limit: 100 })).length;
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, { tenantSlug: 'montreal', userId: null, email: null, action: 'document.delete' });
        throw new Error('the deletion failed');
      }),
    ).rejects.toThrow('the deletion failed');
    expect(await listAudit(db, { tenantSlug: null, limit: 100 })).toHaveLength(before);
  });
});
