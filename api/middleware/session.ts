import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { hasRole, type Role } from '../../src/domain/roles.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { readSession, SESSION_COOKIE } from '../auth/sessions.ts';

/** Reads the session cookie and puts the signed-in user, or null, in `c.var.user`. */
export const loadUser = createMiddleware<AppEnv>(async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  const user = token && token.length <= 128 ? await readSession(c.var.db, token, c.var.settings) : null;
  c.set('user', user);
  await next();
});

/** Why a signed-in user is refused, by the role the action needs. */
const REFUSALS: Record<Role, string> = {
  admin: 'Cette action est réservée aux administrateurs.',
  member: 'Votre compte est en lecture seule : il ne peut rien modifier.',
  viewer: 'Connectez-vous pour continuer.',
};

/**
 * 401 without a session; 403 unless the user's role may do what `minimum` may
 * (admin ⊇ member ⊇ viewer), with `refusal` or the role's own French message.
 *
 * @example router.post('/', requireRole('member', 'Votre compte est en lecture seule.'), handler)
 */
export function requireRole(minimum: Role, refusal: string = REFUSALS[minimum]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.var.user;
    if (!user) return c.json<ErrorBody>({ error: 'Connectez-vous pour continuer.' }, 401);
    if (!hasRole(user.role, minimum)) return c.json<ErrorBody>({ error: refusal }, 403);
    return next();
  });
}
