import type { Role } from '../../src/domain/roles.ts';
import type { Queryable } from '../db/database.ts';
import { hashToken, newToken } from './tokens.ts';

/** The signed-in user, as the API and the site read it. */
export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  tenantSlug: string;
  displayName: string | null;
}

export interface SessionLimits {
  /** A session unused this long ends. */
  idleMinutes: number;
  /** A session ends this long after sign-in, used or not. */
  absoluteHours: number;
}

export const SESSION_COOKIE = '__Host-gs_session';

/**
 * Opens a session for a user and returns its token (for the cookie); only its hash is stored.
 *
 * @example const token = await createSession(db, user.id, { idleMinutes: 30, absoluteHours: 12 });
 */
export async function createSession(db: Queryable, userId: string, limits: SessionLimits): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3::int))`,
    [hashToken(token), userId, limits.absoluteHours],
  );
  return token;
}

/**
 * The user of a session token, or null when the token is unknown, idle too long or past its
 * absolute end. Marks the session as used (at most once a minute, to spare writes).
 */
export async function readSession(db: Queryable, token: string, limits: SessionLimits): Promise<SessionUser | null> {
  const hash = hashToken(token);
  const [row] = await db.query<SessionUser & { stale: boolean }>(
    `SELECT u.id, u.email, u.role, u.tenant_slug AS "tenantSlug", u.display_name AS "displayName",
            s.last_seen_at < now() - interval '1 minute' AS stale
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.expires_at > now() AND u.disabled_at IS NULL
       AND s.last_seen_at > now() - make_interval(mins => $2::int)`,
    [hash, limits.idleMinutes],
  );
  if (!row) return null;
  if (row.stale) await db.query('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1', [hash]);
  const { stale: _stale, ...user } = row;
  return user;
}

/** Ends one session. */
export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}

/** Ends every session of a user (after a password change). */
export async function deleteUserSessions(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
}
