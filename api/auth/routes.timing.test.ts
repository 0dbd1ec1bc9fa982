import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { DEMO_ACCOUNTS, seedDemo } from '../db/seed/seed.ts';
import { openTestDatabase } from '../../tests/support/test-database.ts';

// In the `timing` project (one file at a time, passwords hashed at the production cost): what is
// measured here is the time of a real hash, which the other tests make cheap.
const montreal = DEMO_ACCOUNTS[1];

describe('sign-in timing', () => {
  let db: Database;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    db = await openTestDatabase();
    await seedDemo(db);
    app = createApp({ db, settings: { trustProxy: true } });
  });
  afterAll(() => db.close());

  it('takes about as long for an unknown e-mail as for a known one', async () => {
    const time = async (email: string, ip: string) => {
      const started = performance.now();
      const response = await app.request('/api/login', {
        method: 'POST',
        headers: {
          origin: 'http://localhost',
          host: 'localhost',
          'content-type': 'application/json',
          'x-forwarded-for': ip,
        },
        body: JSON.stringify({ email, password: 'pas-le-bon' }),
      });
      expect(response.status).toBe(401);
      return performance.now() - started;
    };
    // Medians of several runs, taken in turn, so that one slow moment of the machine decides nothing.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let run = 0; run < 5; run++) {
      known.push(await time(montreal.email, `198.51.100.${run}`));
      unknown.push(await time(`inconnu-${run}@exemple.ca`, `198.51.100.${run}`));
    }
    const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    // A real hash takes hundreds of milliseconds: a known e-mail that skipped it would show here.
    expect(median(known)).toBeGreaterThan(100);
    expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
    expect(median(unknown) / median(known)).toBeLessThan(2);
  });
});
