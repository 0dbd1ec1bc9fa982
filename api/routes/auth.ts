import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv, ErrorBody } from '../app.ts';
import { claimInvitation, markInvitationUsed, type InvitationProblem } from '../auth/invitations.ts';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../auth/password.ts';
import { loginSchema, registerSchema } from '../auth/schemas.ts';
import { createSession, deleteSession, SESSION_COOKIE, type SessionUser } from '../auth/sessions.ts';
import { recordAttempt, retryAfterSeconds } from '../auth/throttle.ts';
import { clientIp } from '../request-info.ts';
import { jsonBody } from '../validation.ts';

export const WRONG_CREDENTIALS = 'Adresse e-mail ou mot de passe incorrect.';
export const TOO_MANY_ATTEMPTS = 'Trop de tentatives. Réessayez dans quelques minutes.';

const INVITATION_ERRORS: Record<InvitationProblem, string> = {
  unknown: 'Jeton d’accès invalide. Vérifiez-le puis réessayez.',
  used: 'Ce jeton d’accès a déjà été utilisé.',
  expired: 'Ce jeton d’accès a expiré. Demandez une nouvelle invitation.',
  'other-email': 'Ce jeton d’accès est réservé à une autre adresse e-mail.',
};

/** Replaces the visitor's session (if any) by a new one for `user`, in a fresh cookie. */
async function startSession(c: Context<AppEnv>, userId: string) {
  const previous = getCookie(c, SESSION_COOKIE);
  if (previous && previous.length <= 128) await deleteSession(c.var.db, previous);
  const token = await createSession(c.var.db, userId, c.var.settings);
  setCookie(c, SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    maxAge: c.var.settings.absoluteHours * 3600,
  });
}

function tooMany(c: Context<AppEnv>, seconds: number) {
  c.header('Retry-After', String(seconds));
  return c.json<ErrorBody>({ error: TOO_MANY_ATTEMPTS }, 429);
}

type RegisterOutcome = { ok: true; user: SessionUser } | { ok: false; error: string; status: 400 | 409 };

const USER_COLUMNS = `id, email, role, tenant_slug AS "tenantSlug", display_name AS "displayName"`;

/** Sign-in, registration by invitation, sign-out and the current user. */
export const authRoutes = new Hono<AppEnv>()
  .get('/me', (c) => {
    c.header('Cache-Control', 'no-store');
    const user = c.var.user;
    return c.json(
      user && { email: user.email, role: user.role, tenantSlug: user.tenantSlug, displayName: user.displayName },
    );
  })
  .post('/login', jsonBody(loginSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const ip = clientIp(c);
    const wait = await retryAfterSeconds(c.var.db, email, ip);
    if (wait > 0) return tooMany(c, wait);
    const [row] = await c.var.db.query<SessionUser & { password_hash: string }>(
      `SELECT ${USER_COLUMNS}, password_hash FROM users WHERE email = $1`,
      [email],
    );
    const valid = row ? await verifyPassword(password, row.password_hash) : await verifyDummyPassword(password);
    await recordAttempt(c.var.db, email, ip, valid);
    if (!row || !valid) return c.json<ErrorBody>({ error: WRONG_CREDENTIALS }, 401);
    await startSession(c, row.id);
    const { password_hash: _hash, id: _id, ...user } = row;
    return c.json({ user });
  })
  .post('/register', jsonBody(registerSchema), async (c) => {
    const { email, password, token, displayName } = c.req.valid('json');
    const ip = clientIp(c);
    const subject = `register:${ip}`;
    const wait = await retryAfterSeconds(c.var.db, subject, ip);
    if (wait > 0) return tooMany(c, wait);
    const passwordHash = await hashPassword(password);
    const result = await c.var.db.transaction<RegisterOutcome>(async (tx) => {
      const claim = await claimInvitation(tx, token, email);
      if (!claim.ok) return { ok: false, error: INVITATION_ERRORS[claim.problem], status: 400 };
      const [taken] = await tx.query('SELECT 1 FROM users WHERE email = $1', [email]);
      if (taken) return { ok: false, error: 'Un compte existe déjà pour cette adresse. Connectez-vous.', status: 409 };
      const [user] = await tx.query<SessionUser>(
        `INSERT INTO users (email, password_hash, display_name, role, tenant_slug) VALUES ($1, $2, $3, $4, $5)
         RETURNING ${USER_COLUMNS}`,
        [email, passwordHash, displayName, claim.invitation.role, claim.invitation.tenantSlug],
      );
      await markInvitationUsed(tx, token, user!.id);
      return { ok: true, user: user! };
    });
    if (!result.ok) {
      await recordAttempt(c.var.db, subject, ip, false);
      return c.json<ErrorBody>({ error: result.error }, result.status);
    }
    await startSession(c, result.user.id);
    const { id: _id, ...user } = result.user;
    return c.json({ user }, 201);
  })
  .post('/logout', async (c) => {
    const token = getCookie(c, SESSION_COOKIE);
    if (token && token.length <= 128) await deleteSession(c.var.db, token);
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true });
    return c.body(null, 204);
  });
