import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase, testDatabaseKind } from '../../tests/support/test-database.ts';
import { secretsSealedElsewhere } from './key-check.ts';
import { createWebhook } from './repo.ts';

describe(`the start-up check of the signing key against the webhooks' secrets, on ${testDatabaseKind}`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase({ demo: true });
  });
  afterAll(() => db.close());

  it('counts the secrets another key sealed, and none with the key that sealed them', async () => {
    const [key, other] = [randomBytes(32), randomBytes(32)];
    expect(await secretsSealedElsewhere(db, key)).toBe(0);
    const [user] = await db.query<{ id: string }>(`SELECT id FROM users WHERE tenant_slug = 'montreal'`);
    for (const url of ['https://recepteur.example/a', 'https://recepteur.example/b']) {
      await createWebhook(db, key, { tenantSlug: 'montreal', url, events: ['borehole.created'], userId: user!.id });
    }
    expect(await secretsSealedElsewhere(db, key)).toBe(0);
    expect(await secretsSealedElsewhere(db, other)).toBe(2);
  });
});
