import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from './db/seed/seed.ts';
import type { Database } from './db/database.ts';
import { createServerApp } from './server.ts';
import { openTestDatabase } from '../tests/support/test-database.ts';
import { freePort } from './free-port.ts';

// The probe that found it: 40 registrations with a bogus token made GET /legal take 6.4 s, and 60
// concurrent wrong sign-ins 11.2 s, because each one hashed a password (scrypt, 128 MiB) on the
// thread pool that also reads the site's files. Here the real server on a real port takes the same
// burst while a visitor reads /legal.

describe('a burst of sign-ins and registrations', () => {
  let db: Database;
  let siteDir: string;
  let server: ServerType;
  let origin: string;

  beforeAll(async () => {
    db = await openTestDatabase();
    await seedDemo(db);
    siteDir = await mkdtemp(join(tmpdir(), 'gs-site-'));
    await mkdir(join(siteDir, 'legal'));
    await writeFile(join(siteDir, 'legal', 'index.html'), `<h1>Mentions légales</h1>${'<p>Texte.</p>'.repeat(2000)}`);
    await writeFile(join(siteDir, '404.html'), '<h1>Accueil</h1>');
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const app = await createServerApp({ db, siteDir, settings: { publicOrigin: origin, trustProxy: true } });
    server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await db.close();
    await rm(siteDir, { recursive: true, force: true });
  });

  const post = (path: string, body: unknown, ip: string) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });

  const timeLegal = async () => {
    const started = performance.now();
    const response = await fetch(`${origin}/legal/`);
    await response.text();
    expect(response.status).toBe(200);
    return performance.now() - started;
  };

  it('keeps the site fast, and answers bogus tokens without hashing anything', async () => {
    await timeLegal();
    const registrations = Array.from({ length: 40 }, (_, i) =>
      post(
        '/api/register',
        { email: `n${i}@exemple.ca`, password: 'Un-mot-de-passe-1', token: `faux-${i}` },
        `198.51.100.${i}`,
      ),
    );
    const started = performance.now();
    const logins = Array.from({ length: 20 }, (_, i) =>
      post('/api/login', { email: `x${i}@exemple.ca`, password: 'pas-le-bon' }, `192.0.2.${i}`),
    );
    const pages: number[] = [];
    for (let i = 0; i < 10; i++) pages.push(await timeLegal());
    const refused = await Promise.all(registrations);
    const registrationsDone = performance.now() - started;
    expect(refused.map((response) => response.status)).toEqual(Array(40).fill(400));
    expect((await Promise.all(logins)).map((response) => response.status)).toEqual(Array(20).fill(401));
    const slowest = Math.max(...pages);
    console.log(
      `/legal pendant la rafale : le plus lent ${slowest.toFixed(0)} ms sur 10 ; 40 jetons refusés en ${registrationsDone.toFixed(0)} ms`,
    );
    // Before: 6,400 ms. A page must not wait for the hashes.
    expect(slowest).toBeLessThan(1000);
    // Bogus tokens cost no hash: 40 refusals take less than ten hashes one after the other would.
    expect(registrationsDone).toBeLessThan(3000);
  }, 120_000);
});
