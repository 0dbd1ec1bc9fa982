import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, ErrorBody } from '../app.ts';
import { readSession, SESSION_COOKIE } from '../auth/sessions.ts';

/** Reads the session cookie and puts the signed-in user, or null, in `c.var.user`. */
export const loadUser = createMiddleware<AppEnv>(async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  const user = token && token.length <= 128 ? await readSession(c.var.db, token, c.var.settings) : null;
  c.set('user', user);
  await next();
});

/** 401 without a session; 403 unless the user's role is one of `roles` (any role when none given). */
export function requireRole(...roles: string[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.var.user;
    if (!user) return c.json<ErrorBody>({ error: 'Connectez-vous pour continuer.' }, 401);
    if (roles.length > 0 && !roles.includes(user.role)) {
      return c.json<ErrorBody>({ error: 'Cette action est réservée aux administrateurs.' }, 403);
    }
    return next();
  });
}
