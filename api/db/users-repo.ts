import type { SessionUser } from '../auth/sessions.ts';
import type { Queryable } from './database.ts';

// Accounts, password resets and the invitations list: the SQL the account routes need.

const USER_COLUMNS = `id, email, role, tenant_slug AS "tenantSlug", display_name AS "displayName"`;

/** An account with its stored password hash, for sign-in; undefined when no account has this e-mail. */
export async function findUserWithHash(db: Queryable, email: string) {
  const [row] = await db.query<SessionUser & { passwordHash: string }>(
    `SELECT ${USER_COLUMNS}, password_hash AS "passwordHash" FROM users WHERE email = $1`,
    [email],
  );
  return row;
}

/** The id of the account of an e-mail, if any. */
export async function findUserId(db: Queryable, email: string): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  return row?.id;
}

/** Creates an account; returns it as the session reads it. */
export async function insertUser(
  db: Queryable,
  user: Omit<SessionUser, 'id'> & { passwordHash: string },
): Promise<SessionUser> {
  const [row] = await db.query<SessionUser>(
    `INSERT INTO users (email, password_hash, display_name, role, tenant_slug) VALUES ($1, $2, $3, $4, $5)
     RETURNING ${USER_COLUMNS}`,
    [user.email, user.passwordHash, user.displayName, user.role, user.tenantSlug],
  );
  return row!;
}

/** Password resets asked for by one account in the last hour. */
export async function countRecentResets(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM password_resets WHERE user_id = $1 AND created_at > now() - interval '1 hour'`,
    [userId],
  );
  return row?.n ?? 0;
}

/** Stores a reset token's hash, valid `minutes`. */
export async function insertPasswordReset(db: Queryable, tokenHash: string, userId: string, minutes: number) {
  await db.query(
    `INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3::int))`,
    [tokenHash, userId, minutes],
  );
}

/** True while a reset token is unused and unexpired (checked before any costly work). */
export async function isResetUsable(db: Queryable, tokenHash: string): Promise<boolean> {
  const [row] = await db.query(
    'SELECT 1 FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()',
    [tokenHash],
  );
  return row !== undefined;
}

/**
 * Spends a reset token and sets the account's new password hash, in one transaction's worth of
 * statements; returns the account's id, or null when the token is unknown, used or expired.
 */
export async function resetPassword(tx: Queryable, tokenHash: string, passwordHash: string): Promise<string | null> {
  const [reset] = await tx.query<{ user_id: string }>(
    `UPDATE password_resets SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
    [tokenHash],
  );
  if (!reset) return null;
  await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [reset.user_id, passwordHash]);
  return reset.user_id;
}

/** The 200 newest invitations, with who used them. */
export function listInvitations(db: Queryable) {
  return db.query(
    `SELECT i.tenant_slug AS "tenantSlug", i.role, i.email, i.created_at AS "createdAt", i.expires_at AS "expiresAt",
            i.used_at AS "usedAt", u.email AS "usedBy"
     FROM invitations i LEFT JOIN users u ON u.id = i.used_by
     ORDER BY i.created_at DESC LIMIT 200`,
  );
}
