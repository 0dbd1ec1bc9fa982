import type { AppSettings } from '../../api/app-env.ts';
import { createApp } from '../../api/app.ts';
import { createSession, SESSION_COOKIE } from '../../api/auth/sessions.ts';
import { DEMO_ACCOUNTS } from '../../api/db/seed/seed.ts';
import type { Role } from '../../src/domain/roles.ts';
import { openTestDatabase } from './test-database.ts';

/** The headers of a request sent by the site's own pages (the test app's origin is http://localhost). */
export const SAME_ORIGIN = { origin: 'http://localhost', host: 'localhost' } as const;

export interface CallOptions {
  /** Send it with this demo account's session (its e-mail); anonymously when omitted. */
  as?: string;
  method?: string;
  /** A JSON value (sent as JSON), or a body sent as it is (a string, FormData, bytes). */
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * The API on a fresh test database (a copy of a template, `test-database.ts`), with the demo data
 * and a signed-in session for each demo account.
 *
 * @example const { call, close } = await createTestApp(); const me = await call('/api/me', { as: admin.email });
 */
export async function createTestApp({
  settings = {},
  seed = true,
}: { settings?: Partial<AppSettings>; seed?: boolean } = {}) {
  const db = await openTestDatabase({ demo: seed });
  const app = createApp({ db, settings });
  const cookies = new Map<string, string>();
  const site = settings.publicOrigin
    ? { origin: settings.publicOrigin, host: new URL(settings.publicOrigin).host }
    : SAME_ORIGIN;

  const call = (path: string, { as, method, body, headers = {} }: CallOptions = {}) => {
    const json =
      body !== undefined && !(body instanceof FormData) && !(body instanceof Uint8Array) && typeof body !== 'string';
    return app.request(new URL(path, settings.publicOrigin ?? 'http://localhost').href, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers: {
        ...site,
        ...(json || typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
        ...(as ? { cookie: cookies.get(as) ?? '' } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: json ? JSON.stringify(body) : (body as BodyInit) }),
    });
  };

  if (seed) {
    for (const account of DEMO_ACCOUNTS) {
      const response = await call('/api/login', { body: { email: account.email, password: account.password } });
      cookies.set(account.email, response.headers.get('set-cookie')!.split(';')[0]!);
    }
  }
  /** An account beyond the demo's (no password: a session only), signed in for `call({ as: email })`. */
  const addAccount = async (email: string, role: Role, displayName: string, tenant = 'montreal') => {
    const [user] = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, display_name, role, tenant_slug)
       VALUES ($1, 'x', $2, $3, $4) RETURNING id`,
      [email, displayName, role, tenant],
    );
    const token = await createSession(db, user!.id, { idleMinutes: 30, absoluteHours: 12 });
    cookies.set(email, `${SESSION_COOKIE}=${token}`);
  };
  return { app, db, cookies, call, addAccount, close: () => db.close() };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
