import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { DEMO_ACCOUNTS, seedDemo } from '../db/seed/seed.ts';
import { openTestDatabase } from '../../tests/support/test-database.ts';

// In the `timing` project (one file at a time, passwords hashed at the production cost): what is
// measured here is the time of a real hash, which the other tests make cheap.
const [, montreal, stjulie] = DEMO_ACCOUNTS;

describe('sign-in timing', () => {
  let db: Database;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    db = await openTestDatabase();
    await seedDemo(db);
    app = createApp({ db, settings: { trustProxy: true } });
  });
  afterAll(() => db.close());

  /** A sign-in from `ip` (behind the trusted proxy), with the browser's cookies. */
  const login = async (email: string, password: string, ip: string, cookie = ''): Promise<Response> =>
    app.request('/api/login', {
      method: 'POST',
      headers: {
        origin: 'http://localhost',
        host: 'localhost',
        'content-type': 'application/json',
        'x-forwarded-for': ip,
        cookie,
      },
      body: JSON.stringify({ email, password }),
    });

  it('takes about as long for an unknown e-mail as for a known one', async () => {
    const time = async (email: string, ip: string) => {
      const started = performance.now();
      const response = await login(email, 'pas-le-bon', ip);
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

  it('lets a person on a known device sign in ahead of a burst of wrong passwords from many networks', async () => {
    // Signed in once from this browser: it keeps the device mark.
    const first = await login(stjulie.email, stjulie.password, '203.0.113.9');
    expect(first.status).toBe(200);
    const device = first.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .find((cookie) => cookie.startsWith('gs_device='));
    expect(device).toBeDefined();

    // Six wrong passwords from six networks (the per-address limit stops none of them), each
    // a real hash; then the person, from yet another network, with the mark.
    const done: string[] = [];
    const burst = Array.from({ length: 6 }, (_, i) =>
      login(`personne${i}@exemple.ca`, 'mauvais-mot-de-passe', `198.${18 + (i % 2)}.${i}.7`).then((response) => {
        done.push('rafale');
        return response.status;
      }),
    );
    // Long enough for the burst to stand in the hashing queue (one hash takes about 0.5 s here).
    await new Promise((resolve) => setTimeout(resolve, 600));
    const person = login(stjulie.email, stjulie.password, '192.0.2.44', device).then((response) => {
      done.push('personne');
      return response.status;
    });
    expect(await person).toBe(200);
    expect((await Promise.all(burst)).every((status) => status === 401)).toBe(true);
    // First come, first served would have put the person six hashes back: it is served within
    // the first few, whatever the machine's speed.
    expect(done.indexOf('personne')).toBeLessThan(3);
  });
});
