import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createInvitation } from '../invitations/repo.ts';
import type { Database } from '../db/database.ts';
import { DEMO_ACCOUNTS, DEMO_INVITATION } from '../db/seed/seed.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';
import { outboxMailer } from '../mail/mailer.ts';
import { RESET_REQUESTED } from './password-routes.ts';
import { REGISTRATION_REFUSED, TOO_MANY_ATTEMPTS, WRONG_CREDENTIALS } from './routes.ts';

const ORIGIN = 'http://localhost';
const [admin, montreal] = DEMO_ACCOUNTS;

describe(`accounts API on ${testDatabaseKind}`, () => {
  let db: Database;
  let outbox: string;
  let pending: Promise<unknown>[];
  let app: TestApp['app'];
  let ipCounter = 0;
  let ip: string;

  /** A JSON call from the site's own pages, from the current test's IP address. */
  const call = (
    path: string,
    body?: unknown,
    init: { cookie?: string; headers?: Record<string, string>; method?: string } = {},
  ) =>
    app.request(path, {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers: {
        origin: ORIGIN,
        host: 'localhost',
        'content-type': 'application/json',
        'x-forwarded-for': ip,
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...init.headers,
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });

  const sessionCookie = (response: Response) => {
    const header = response.headers.get('set-cookie') ?? '';
    const match = /__Host-gs_session=([^;]*)/.exec(header);
    return match?.[1] ? `__Host-gs_session=${match[1]}` : '';
  };

  const login = async (email: string = admin.email, password: string = admin.password) => {
    const response = await call('/api/login', { email, password });
    return { response, cookie: sessionCookie(response) };
  };

  beforeAll(async () => {
    outbox = await mkdtemp(join(tmpdir(), 'gs-outbox-'));
    pending = [];
    ({ db, app } = await createTestApp({
      settings: {
        mailer: outboxMailer(outbox, () => undefined),
        trustProxy: true,
        background: (work) => pending.push(work),
      },
    }));
  });
  afterAll(() => db.close());
  beforeEach(() => {
    ip = `203.0.113.${++ipCounter}`;
  });

  describe('sign-in', () => {
    it('opens a session in a __Host- cookie that is HttpOnly, Secure and SameSite=Lax', async () => {
      const { response, cookie } = await login();
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        user: { email: admin.email, role: 'admin', tenantSlug: 'admin', displayName: admin.displayName },
      });
      const header = response.headers.get('set-cookie')!;
      expect(header).toMatch(/^__Host-gs_session=[A-Za-z0-9_-]{43};/);
      expect(header).toContain('HttpOnly');
      expect(header).toContain('Secure');
      expect(header).toContain('SameSite=Lax');
      expect(header).toContain('Path=/');
      expect(header).not.toContain('Domain');
      const me = await call('/api/me', undefined, { cookie });
      expect(await me.json()).toEqual({
        email: admin.email,
        role: 'admin',
        tenantSlug: 'admin',
        displayName: admin.displayName,
      });
    });

    it('marks the browser as known to the account, for its turn under a burst, and nothing more', async () => {
      const { response } = await login();
      const device = response.headers.getSetCookie().find((cookie) => cookie.startsWith('gs_device='))!;
      expect(device).toMatch(/^gs_device=[A-Za-z0-9_-]{43};/);
      for (const part of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/api/login', 'Max-Age=15552000']) {
        expect(device).toContain(part);
      }
      // It opens nothing by itself.
      const me = await call('/api/me', undefined, { cookie: device.split(';')[0]! });
      expect(await me.json()).toBeNull();
    });

    it('stores only a SHA-256 hash of the session token', async () => {
      const { cookie } = await login();
      const token = cookie.split('=')[1]!;
      const rows = await db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
      expect(rows.some((row) => row.token_hash === token)).toBe(false);
      expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
    });

    it('accepts the e-mail in any case and with spaces around it', async () => {
      const { response } = await login('  Admin@GeoSonde.CA ');
      expect(response.status).toBe(200);
    });

    it('answers a wrong password and an unknown e-mail in the same words and status', async () => {
      const wrong = await call('/api/login', { email: admin.email, password: 'pas-le-bon' });
      const unknown = await call('/api/login', { email: 'personne@exemple.ca', password: 'pas-le-bon' });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(await wrong.json()).toEqual({ error: WRONG_CREDENTIALS });
      expect(await unknown.json()).toEqual({ error: WRONG_CREDENTIALS });
    });

    it('counts 60 wrong passwords sent at once like 60 in a row: 5 tried, the rest wait', async () => {
      const burst = await Promise.all(
        Array.from({ length: 60 }, async () =>
          call('/api/login', { email: 'rafale@exemple.ca', password: 'pas-le-bon' }),
        ),
      );
      const statuses = burst.map((response) => response.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(55);
      // Each address may fail 30 times in 15 minutes, whatever the accounts tried.
      ip = '192.0.2.77';
      const spray = await Promise.all(
        Array.from({ length: 40 }, async (_, i) =>
          call('/api/login', { email: `x${i}@exemple.ca`, password: 'pas-le-bon' }),
        ),
      );
      expect(spray.filter((response) => response.status === 401)).toHaveLength(30);
      expect(spray.filter((response) => response.status === 429)).toHaveLength(10);
    }, 120_000);

    it('rotates the session: signing in again ends the previous one', async () => {
      const first = await login();
      const second = await call(
        '/api/login',
        { email: admin.email, password: admin.password },
        { cookie: first.cookie },
      );
      expect(second.status).toBe(200);
      expect(await (await call('/api/me', undefined, { cookie: first.cookie })).json()).toBeNull();
      expect(await (await call('/api/me', undefined, { cookie: sessionCookie(second) })).json()).toMatchObject({
        email: admin.email,
      });
    });

    it('signs out on the server: the old cookie no longer works', async () => {
      const { cookie } = await login();
      const response = await call('/api/logout', {}, { cookie });
      expect(response.status).toBe(204);
      expect(response.headers.get('set-cookie')).toMatch(/__Host-gs_session=;/);
      expect(await (await call('/api/me', undefined, { cookie })).json()).toBeNull();
    });

    it('ends a session idle for 30 minutes, and any session 12 hours after sign-in', async () => {
      const idle = await login();
      await db.query(`UPDATE sessions SET last_seen_at = now() - interval '31 minutes'`);
      expect(await (await call('/api/me', undefined, { cookie: idle.cookie })).json()).toBeNull();

      const old = await login();
      await db.query(`UPDATE sessions SET expires_at = now() - interval '1 second'`);
      expect(await (await call('/api/me', undefined, { cookie: old.cookie })).json()).toBeNull();

      const active = await login();
      await db.query(`UPDATE sessions SET last_seen_at = now() - interval '29 minutes'`);
      expect(await (await call('/api/me', undefined, { cookie: active.cookie })).json()).toMatchObject({
        email: admin.email,
      });
    });

    it('ignores a forged or oversized cookie', async () => {
      for (const cookie of ['__Host-gs_session=forged', `__Host-gs_session=${'a'.repeat(5000)}`]) {
        const response = await call('/api/me', undefined, { cookie });
        expect(response.status).toBe(200);
        expect(await response.json()).toBeNull();
      }
    });

    it('answers 507 in French, not 500, when the database has no disk left to write the session', async () => {
      // The database itself refuses the write, with PostgreSQL's own code for a full disk.
      await db.exec(`
        CREATE FUNCTION disque_plein() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$;
        CREATE TRIGGER disque_plein BEFORE INSERT ON sessions FOR EACH ROW EXECUTE FUNCTION disque_plein();`);
      try {
        const { response } = await login();
        expect(response.status).toBe(507);
        expect(await response.json()).toEqual({
          error:
            'Espace disque insuffisant sur le serveur : rien n’a été enregistré. Réessayez plus tard ou prévenez l’administrateur.',
        });
        expect(response.headers.get('set-cookie')).toBeNull();
      } finally {
        await db.exec('DROP TRIGGER disque_plein ON sessions; DROP FUNCTION disque_plein()');
      }
      expect((await login()).response.status).toBe(200);
    });
  });

  describe('throttling', () => {
    it('makes an account wait after 5 failures in a row, with 429 and Retry-After', async () => {
      const email = DEMO_ACCOUNTS[2].email;
      for (let i = 0; i < 5; i++) {
        expect((await call('/api/login', { email, password: `faux-${i}` })).status).toBe(401);
      }
      const blocked = await call('/api/login', { email, password: DEMO_ACCOUNTS[2].password });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await blocked.json()).toEqual({ error: TOO_MANY_ATTEMPTS });
      // Once the wait is over, the right password works again.
      await db.query(`UPDATE auth_attempts SET at = at - interval '10 minutes' WHERE email = $1`, [email]);
      expect((await call('/api/login', { email, password: DEMO_ACCOUNTS[2].password })).status).toBe(200);
    });

    it('throttles an unknown e-mail exactly like a known one', async () => {
      for (let i = 0; i < 5; i++) await call('/api/login', { email: 'fantome@exemple.ca', password: 'x' });
      expect((await call('/api/login', { email: 'fantome@exemple.ca', password: 'x' })).status).toBe(429);
    });

    it('allows at most 100 failures per account per hour', async () => {
      const email = 'cible@exemple.ca';
      await db.query(
        `INSERT INTO auth_attempts (email, ip, succeeded, at)
         SELECT $1, '198.51.100.' || g, false, now() - interval '50 minutes' + g * interval '1 second' FROM generate_series(1, 100) g`,
        [email],
      );
      const response = await call('/api/login', { email, password: 'x' });
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(500);
    });

    it('limits failures per IP address across accounts', async () => {
      for (let i = 0; i < 30; i++) await call('/api/login', { email: `victime${i}@exemple.ca`, password: 'x' });
      expect((await call('/api/login', { email: 'autre@exemple.ca', password: 'x' })).status).toBe(429);
      ip = '203.0.113.250';
      expect((await call('/api/login', { email: 'autre@exemple.ca', password: 'x' })).status).toBe(401);
    });
  });

  describe('registration by invitation', () => {
    it('creates the account with the demo invitation, signs it in, and refuses the token a second time', async () => {
      const response = await call('/api/register', {
        email: 'nouveau@ville.sainte-julie.qc.ca',
        password: 'Un-bon-mot-de-passe',
        token: DEMO_INVITATION,
        displayName: 'Nouvelle recrue',
      });
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({
        user: {
          email: 'nouveau@ville.sainte-julie.qc.ca',
          role: 'member',
          tenantSlug: 'stjulie',
          displayName: 'Nouvelle recrue',
        },
      });
      expect(await (await call('/api/me', undefined, { cookie: sessionCookie(response) })).json()).toMatchObject({
        tenantSlug: 'stjulie',
      });
      const again = await call('/api/register', {
        email: 'autre@exemple.ca',
        password: 'Un-bon-mot-de-passe',
        token: DEMO_INVITATION,
      });
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual({ error: 'Ce jeton d’accès a déjà été utilisé.' });
    });

    it.each([
      [{ token: 'NOPE' }, 400, 'Jeton d’accès invalide. Vérifiez-le puis réessayez.'],
      [{ password: 'court' }, 400, 'Le mot de passe doit contenir au moins 8 caractères.'],
      [{ email: 'pas-une-adresse' }, 400, 'Adresse courriel invalide.'],
      [{ token: '' }, 400, 'Le jeton d’accès est requis.'],
      [{ email: '' }, 400, 'Veuillez entrer votre adresse courriel.'],
    ])('refuses %j', async (change, status, error) => {
      const { token } = await createInvitation(db, { tenantSlug: 'montreal', role: 'viewer' });
      const response = await call('/api/register', {
        email: 'x@montreal.ca',
        password: 'Un-bon-mot-de-passe',
        token,
        ...change,
      });
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error });
    });

    it('refuses an expired invitation, one bound to another e-mail, and an e-mail that has an account', async () => {
      const expired = await createInvitation(db, { tenantSlug: 'montreal', role: 'member' });
      await db.query(
        `UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE created_at > now() - interval '1 second'`,
      );
      const bound = await createInvitation(db, { tenantSlug: 'montreal', role: 'member', email: 'prevu@montreal.ca' });
      const fresh = await createInvitation(db, { tenantSlug: 'montreal', role: 'member' });
      const body = { email: 'imprevu@montreal.ca', password: 'Un-bon-mot-de-passe' };
      expect(await (await call('/api/register', { ...body, token: expired.token })).json()).toEqual({
        error: 'Ce jeton d’accès a expiré. Demandez une nouvelle invitation.',
      });
      expect(await (await call('/api/register', { ...body, token: bound.token })).json()).toEqual({
        error: 'Ce jeton d’accès est réservé à une autre adresse courriel.',
      });
      // An invitation made for an address that has an account may say so: only its owner holds it.
      const boundToTaken = await createInvitation(db, {
        tenantSlug: 'montreal',
        role: 'member',
        email: montreal.email,
      });
      const taken = await call('/api/register', { ...body, email: montreal.email, token: boundToTaken.token });
      expect(taken.status).toBe(409);
      // The bound invitation was not spent by the failed attempt.
      expect((await call('/api/register', { ...body, email: montreal.email, token: boundToTaken.token })).status).toBe(
        409,
      );
      expect((await call('/api/register', { ...body, token: fresh.token })).status).toBe(201);
    });

    it('has no demo invitation outside a demo install', async () => {
      const bare = await createTestApp({ seed: false });
      const response = await bare.call('/api/register', {
        body: { email: 'nouveau@ville.sainte-julie.qc.ca', password: 'Un-bon-mot-de-passe', token: DEMO_INVITATION },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Jeton d’accès invalide. Vérifiez-le puis réessayez.' });
      await bare.close();
    });

    it('does not tell, through an open invitation, that an address has an account', async () => {
      const open = await createInvitation(db, { tenantSlug: 'montreal', role: 'member' });
      const before = (await readdir(outbox)).length;
      const taken = await call('/api/register', {
        email: montreal.email,
        password: 'Un-bon-mot-de-passe',
        token: open.token,
      });
      expect(taken.status).toBe(400);
      const { error } = (await taken.json()) as { error: string };
      expect(error).toBe(REGISTRATION_REFUSED);
      expect(error).not.toMatch(/existe/);
      expect(taken.headers.get('set-cookie')).toBeNull();
      // The invitation is spent as a registration would spend it: one invitation, one address tried.
      const again = await call('/api/register', {
        email: 'autre@montreal.ca',
        password: 'Un-bon-mot-de-passe',
        token: open.token,
      });
      expect(await again.json()).toEqual({ error: 'Ce jeton d’accès a déjà été utilisé.' });
      // The owner of the address is told, and the account is unchanged.
      await Promise.all(pending);
      const files = (await readdir(outbox)).sort();
      expect(files.length).toBe(before + 1);
      const mail = await readFile(join(outbox, files.at(-1)!), 'utf8');
      expect(mail).toContain(montreal.email);
      expect(mail).toContain('http://localhost/login');
      expect((await login(montreal.email, montreal.password)).response.status).toBe(200);
    });
  });

  describe('invitations', () => {
    it('lets an administrator create one, with a 7-day default expiry, and nobody else', async () => {
      const { cookie } = await login();
      const response = await call(
        '/api/invitations',
        { tenantSlug: 'montreal', role: 'viewer', email: 'Lecteur@Montreal.ca' },
        { cookie },
      );
      expect(response.status).toBe(201);
      // The answer holds a secret: no cache may keep it.
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = (await response.json()) as { token: string; expiresAt: string; email: string; registerUrl: string };
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.email).toBe('lecteur@montreal.ca');
      expect(body.registerUrl).toBe(`http://localhost/register?token=${body.token}`);
      const days = (Date.parse(body.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThan(7.1);
      const list = await call('/api/invitations', undefined, { cookie });
      expect(JSON.stringify(await list.json())).not.toContain(body.token);

      const member = await login(montreal.email, montreal.password);
      expect(
        (await call('/api/invitations', { tenantSlug: 'montreal', role: 'admin' }, { cookie: member.cookie })).status,
      ).toBe(403);
      expect((await call('/api/invitations', { tenantSlug: 'montreal', role: 'admin' })).status).toBe(401);
    });
  });

  describe('password reset', () => {
    it('gives the same answer for a known and an unknown e-mail, and mails only the known one', async () => {
      const before = (await readdir(outbox)).length;
      const known = await call('/api/password/forgot', { email: montreal.email });
      const unknown = await call('/api/password/forgot', { email: 'inconnu@exemple.ca' });
      expect([known.status, unknown.status]).toEqual([202, 202]);
      expect(await known.json()).toEqual({ message: RESET_REQUESTED });
      expect(await unknown.json()).toEqual({ message: RESET_REQUESTED });
      await Promise.all(pending);
      expect((await readdir(outbox)).length).toBe(before + 1);
    });

    it('sets a new password with the e-mailed link, once, and ends the open sessions', async () => {
      const session = await login(montreal.email, montreal.password);
      await call('/api/password/forgot', { email: montreal.email });
      await Promise.all(pending);
      const files = (await readdir(outbox)).sort();
      const mail = await readFile(join(outbox, files.at(-1)!), 'utf8');
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;

      expect((await call('/api/password/reset', { token, password: 'court' })).status).toBe(400);
      const reset = await call('/api/password/reset', { token, password: 'Nouveau-mot-de-passe-1' });
      expect(reset.status).toBe(200);
      expect(await (await call('/api/me', undefined, { cookie: session.cookie })).json()).toBeNull();
      expect((await login(montreal.email, montreal.password)).response.status).toBe(401);
      expect((await login(montreal.email, 'Nouveau-mot-de-passe-1')).response.status).toBe(200);
      const again = await call('/api/password/reset', { token, password: 'Encore-un-autre-1' });
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual({
        error: 'Ce lien de réinitialisation est invalide, déjà utilisé ou expiré.',
      });
    });

    it('refuses an expired link', async () => {
      await call('/api/password/forgot', { email: admin.email });
      await Promise.all(pending);
      const files = (await readdir(outbox)).sort();
      const token = /token=([A-Za-z0-9_-]+)/.exec(await readFile(join(outbox, files.at(-1)!), 'utf8'))![1]!;
      await db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second'`);
      expect((await call('/api/password/reset', { token, password: 'Nouveau-mot-de-passe-2' })).status).toBe(400);
    });
  });

  describe('cross-site requests', () => {
    it.each([
      ['no Origin and no Sec-Fetch-Site', { origin: '' }],
      ['another site’s Origin', { origin: 'https://evil.example' }],
      ['a malformed Origin', { origin: 'not a url' }],
      ['a cross-site fetch', { origin: '', 'sec-fetch-site': 'cross-site' }],
      ['a form body from this site', { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' }],
      ['a text body from this site', { origin: ORIGIN, 'content-type': 'text/plain' }],
    ])('refuses %s with 403', async (_name, headers) => {
      for (const path of ['/api/login', '/api/logout', '/api/register', '/api/password/forgot', '/api/invitations']) {
        const cleaned = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''));
        const response = await app.request(path, {
          method: 'POST',
          headers: {
            host: 'localhost',
            'content-type': 'application/json',
            ...cleaned,
          },
          body: JSON.stringify({ email: admin.email, password: admin.password }),
        });
        expect(response.status, path).toBe(403);
      }
    });

    it('accepts Sec-Fetch-Site: same-origin without an Origin', async () => {
      const response = await app.request('/api/login', {
        method: 'POST',
        headers: {
          host: 'localhost',
          'content-type': 'application/json',
          'sec-fetch-site': 'same-origin',
          'x-forwarded-for': ip,
        },
        body: JSON.stringify({ email: admin.email, password: admin.password }),
      });
      expect(response.status).toBe(200);
    });
  });

  describe('host and origin', () => {
    it('refuses a request for another Host (reset-link poisoning), and writes no e-mail', async () => {
      const before = (await readdir(outbox)).length;
      const poisoned = await call(
        '/api/password/forgot',
        { email: montreal.email },
        { headers: { host: 'evil.example', origin: 'http://evil.example' } },
      );
      expect(poisoned.status).toBe(421);
      expect(((await poisoned.json()) as { error: string }).error).toMatch(/adresse publique/);
      await Promise.all(pending);
      expect((await readdir(outbox)).length).toBe(before);
      // The site's pages too; the health check answers any host (load balancers probe by address).
      expect((await app.request('/', { headers: { host: 'evil.example' } })).status).toBe(421);
      expect((await app.request('/api/health', { headers: { host: '10.0.0.7:4321' } })).status).toBe(200);
    });

    it('builds every link from the configured public origin, whatever the request says', async () => {
      const mails = await mkdtemp(join(tmpdir(), 'gs-outbox-'));
      const work: Promise<unknown>[] = [];
      const site = await createTestApp({
        settings: {
          publicOrigin: 'https://geosonde.example',
          mailer: outboxMailer(mails, () => undefined),
          background: (promise) => work.push(promise),
        },
      });
      const headers = { host: 'geosonde.example', origin: 'https://geosonde.example' };
      const asked = await site.call('/api/password/forgot', { body: { email: montreal.email }, headers });
      expect(asked.status).toBe(202);
      await Promise.all(work);
      const [file] = await readdir(mails);
      expect(await readFile(join(mails, file!), 'utf8')).toMatch(/https:\/\/geosonde\.example\/reset-password\?token=/);
      const invitation = await site.call('/api/invitations', {
        as: admin.email,
        body: { tenantSlug: 'montreal', role: 'viewer' },
        headers,
      });
      expect(((await invitation.json()) as { registerUrl: string }).registerUrl).toMatch(
        /^https:\/\/geosonde\.example\/register\?token=/,
      );
      await site.close();
    });

    it.each([
      ['another port', 'http://localhost:8080'],
      ['another scheme', 'https://localhost'],
      ['a sub-domain', 'http://evil.localhost'],
      ['the null origin', 'null'],
    ])('compares Origin exactly: refuses %s', async (_name, origin) => {
      const response = await call('/api/login', { email: admin.email, password: 'x' }, { headers: { origin } });
      expect(response.status).toBe(403);
    });
  });

  describe('malformed bodies', () => {
    const anything = fc.oneof(
      fc.string(),
      fc.json(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc
        .record(
          {
            email: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string()), fc.emailAddress()),
            password: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.object()),
            token: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
            displayName: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
            tenantSlug: fc.string(),
            role: fc.string(),
            days: fc.oneof(fc.integer(), fc.double(), fc.string()),
          },
          { requiredKeys: [] },
        )
        .map((value) => JSON.stringify(value)),
      fc.uint8Array().map((bytes) => new TextDecoder().decode(bytes)),
    );

    it.each([
      '/api/login',
      '/api/register',
      '/api/logout',
      '/api/password/forgot',
      '/api/password/reset',
      '/api/invitations',
    ])(
      '%s never answers 5xx to 1000 malformed bodies',
      async (path) => {
        const { cookie } = path === '/api/invitations' ? await login() : { cookie: '' };
        await fc.assert(
          fc.asyncProperty(anything, async (body) => {
            // A fresh address per body, so that throttling does not hide the validation.
            ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
            const response = await call(path, body, { cookie });
            expect(response.status).toBeLessThan(500);
            if (response.status >= 400)
              expect(((await response.json()) as { error: unknown }).error).toEqual(expect.any(String));
          }),
          { numRuns: 1000, seed: 2026 },
        );
      },
      120_000,
    );
  });
});
