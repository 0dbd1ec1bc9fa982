import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';

/** The signed-in user as the site reads it; sessions arrive with the accounts issue. */
export interface MeResponse {
  email: string;
  role: 'admin' | 'member' | 'viewer';
  tenantSlug: string;
  displayName: string | null;
}

/** `GET /api/me`: the signed-in user, or `null` for an anonymous visitor. */
export const authRoutes = new Hono<AppEnv>().get('/me', (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json<MeResponse | null>(null);
});
