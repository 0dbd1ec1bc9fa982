import type { createApp } from '../app.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';

/** Signs every demo account in (for the route tests): each e-mail with its session cookie. */
export async function demoSessions(app: ReturnType<typeof createApp>): Promise<Map<string, string>> {
  const cookies = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) {
    const response = await app.request('/api/login', {
      method: 'POST',
      headers: { origin: 'http://localhost', host: 'localhost', 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    cookies.set(account.email, response.headers.get('set-cookie')!.split(';')[0]!);
  }
  return cookies;
}
