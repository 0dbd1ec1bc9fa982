import { Hono, type Context } from 'hono';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { claimInvitation, markInvitationUsed, type InvitationProblem } from '../invitations/repo.ts';
import { hashPassword, verifyDummyPassword, verifyPassword } from './password.ts';
import { KNOWN_DEVICE } from './turns.ts';
import { loginSchema, registerSchema } from './schemas.ts';
import { createSession, deleteSession, SESSION_COOKIE, type SessionUser } from './sessions.ts';
import { claimAttempt, settleAttempt } from './throttle.ts';
import { recordAudit } from '../audit/repo.ts';
import { DISABLED, findUserId, findUserWithHash, insertUser } from '../users/repo.ts';
import { jsonBodies } from '../middleware/bodies.ts';
import { clientIp, networkOf } from '../request-info.ts';
import { jsonBody } from '../validation.ts';

export const WRONG_CREDENTIALS = 'Adresse courriel ou mot de passe incorrect.';
export const TOO_MANY_ATTEMPTS = 'Trop de tentatives. Réessayez dans quelques minutes.';
/** The answer to a registration that created no account for this address: it does not say why. */
export const REGISTRATION_REFUSED =
  'Inscription impossible avec cette adresse. Si vous avez déjà un compte, connectez-vous ou réinitialisez votre mot de passe.';

const INVITATION_ERRORS: Record<InvitationProblem, string> = {
  unknown: 'Jeton d’accès invalide. Vérifiez-le puis réessayez.',
  used: 'Ce jeton d’accès a déjà été utilisé.',
  revoked: 'Cette invitation a été révoquée. Demandez-en une nouvelle à l’administrateur de votre organisation.',
  expired: 'Ce jeton d’accès a expiré. Demandez une nouvelle invitation.',
  'other-email': 'Ce jeton d’accès est réservé à une autre adresse courriel.',
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

export function tooMany(c: Context<AppEnv>, seconds: number) {
  c.header('Retry-After', String(seconds));
  return c.json<ErrorBody>({ error: TOO_MANY_ATTEMPTS }, 429);
}

/** Tells the owner of an address that someone tried to open a second account with it. */
function noticeToOwner(c: Context<AppEnv>, email: string) {
  const { mailer, publicOrigin, background } = c.var.settings;
  const text = [
    'Bonjour,',
    '',
    'Quelqu’un vient d’essayer de créer un compte GéoSonde avec votre adresse, qui en a déjà un.',
    `Si c’était vous, connectez-vous : ${publicOrigin}/login`,
    `Mot de passe oublié ? ${publicOrigin}/forgot-password`,
    '',
    'Sinon, vous pouvez ignorer ce courriel : votre compte n’a pas changé.',
  ].join('\n');
  background(
    mailer
      .send({ to: email, subject: 'GéoSonde — tentative d’inscription avec votre adresse', text })
      .catch((error: unknown) => console.error('Inscription : avis impossible à envoyer', error)),
  );
}

/** The cookie of a browser that signed into an account before: its sign-ins go first under a burst. */
export const DEVICE_COOKIE = 'gs_device';
const DEVICE_DAYS = 180;

/** What a known browser holds for `email`: a MAC of the address under the server's signing key. */
const deviceMark = (c: Context<AppEnv>, email: string) =>
  createHmac('sha256', c.var.settings.signingKey).update(`device\0${email.trim().toLowerCase()}`).digest('base64url');

/**
 * Whether this browser signed into `email`'s account before (its cookie matches). It grants no
 * access, only a turn ahead of a burst of sign-ins (see turns.ts): what an attacker who does not
 * know the signing key cannot forge.
 */
function knownDevice(c: Context<AppEnv>, email: string): boolean {
  const held = getCookie(c, DEVICE_COOKIE);
  const expected = deviceMark(c, email);
  return (
    held !== undefined && held.length === expected.length && timingSafeEqual(Buffer.from(held), Buffer.from(expected))
  );
}

function rememberDevice(c: Context<AppEnv>, email: string) {
  setCookie(c, DEVICE_COOKIE, deviceMark(c, email), {
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    path: '/api/login',
    maxAge: DEVICE_DAYS * 24 * 3600,
  });
}

type RegisterOutcome = { problem: InvitationProblem } | { taken: 'bound' | 'unbound' } | { user: SessionUser };

/** Sign-in, registration by invitation, sign-out and the current user. */
export const authRoutes = new Hono<AppEnv>()
  .get('/me', (c) => {
    c.header('Cache-Control', 'no-store');
    const user = c.var.user;
    return c.json(
      user && { email: user.email, role: user.role, tenantSlug: user.tenantSlug, displayName: user.displayName },
    );
  })
  .post('/login', jsonBodies, jsonBody(loginSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const attempt = await claimAttempt(c.var.db, email, clientIp(c));
    if (!attempt.ok) return tooMany(c, attempt.retryAfter);
    const row = await findUserWithHash(c.var.db, email);
    // Under a burst, a browser that signed into this account before goes first; others wait by network.
    const lane = knownDevice(c, email) ? KNOWN_DEVICE : networkOf(clientIp(c));
    const valid = row
      ? await verifyPassword(password, row.passwordHash, lane)
      : await verifyDummyPassword(password, lane);
    if (!row || !valid) return c.json<ErrorBody>({ error: WRONG_CREDENTIALS }, 401);
    await settleAttempt(c.var.db, attempt.id);
    // Said only to whoever knows the password: nothing tells others that the account exists.
    if (row.disabled) return c.json<ErrorBody>({ error: DISABLED }, 403);
    await startSession(c, row.id);
    rememberDevice(c, email);
    await recordAudit(c.var.db, {
      tenantSlug: row.tenantSlug,
      userId: row.id,
      email: row.email,
      action: 'sign-in',
      detail: { ip: clientIp(c) },
    });
    const { passwordHash: _hash, id: _id, disabled: _disabled, ...user } = row;
    return c.json({ user });
  })
  // The invitation is checked before the password is hashed (the costly part), so that bogus
  // tokens cost the server nothing; it is checked again, locked, when it is spent.
  .post('/register', jsonBodies, jsonBody(registerSchema), async (c) => {
    const { email, password, token, displayName } = c.req.valid('json');
    const { db } = c.var;
    const ip = clientIp(c);
    const attempt = await claimAttempt(db, `register:${ip}`, ip);
    if (!attempt.ok) return tooMany(c, attempt.retryAfter);
    const check = await claimInvitation(db, token, email, { lock: false });
    if (!check.ok) return c.json<ErrorBody>({ error: INVITATION_ERRORS[check.problem] }, 400);
    const passwordHash = await hashPassword(password);
    const outcome = await db.transaction<RegisterOutcome>(async (tx) => {
      const claim = await claimInvitation(tx, token, email);
      if (!claim.ok) return { problem: claim.problem };
      const existing = await findUserId(tx, email);
      // An address that has an account spends an invitation that was not made for it, like a
      // registration would: the answer alone does not tell whether the address has an account.
      if (existing && claim.invitation.boundToEmail) return { taken: 'bound' };
      if (existing) {
        await markInvitationUsed(tx, token, null);
        return { taken: 'unbound' };
      }
      const { tenantSlug, role } = claim.invitation;
      const user = await insertUser(tx, { email, passwordHash, displayName, role, tenantSlug });
      await markInvitationUsed(tx, token, user.id);
      return { user };
    });
    if ('problem' in outcome) return c.json<ErrorBody>({ error: INVITATION_ERRORS[outcome.problem] }, 400);
    if ('taken' in outcome) {
      noticeToOwner(c, email);
      // An invitation made for this very address may say it: only its owner holds it.
      if (outcome.taken === 'bound') {
        return c.json<ErrorBody>({ error: 'Un compte existe déjà pour cette adresse. Connectez-vous.' }, 409);
      }
      return c.json<ErrorBody>({ error: REGISTRATION_REFUSED }, 400);
    }
    await settleAttempt(db, attempt.id);
    await startSession(c, outcome.user.id);
    const { id: _id, ...user } = outcome.user;
    return c.json({ user }, 201);
  })
  .post('/logout', jsonBodies, async (c) => {
    const token = getCookie(c, SESSION_COOKIE);
    if (token && token.length <= 128) await deleteSession(c.var.db, token);
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true });
    return c.body(null, 204);
  });
