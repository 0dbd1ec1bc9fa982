import type { Role } from '../../src/domain/roles.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { Queryable } from '../db/database.ts';

// Accounts, password resets and the invitations list: the SQL the account routes need.

const USER_COLUMNS = `id, email, role, tenant_slug AS "tenantSlug", display_name AS "displayName"`;

/** Disabled accounts keep their data but cannot sign in. */
export const DISABLED = 'Ce compte est désactivé. Adressez-vous à l’administrateur de votre organisation.';

/** An account with its stored password hash, for sign-in; undefined when no account has this e-mail. */
export async function findUserWithHash(db: Queryable, email: string) {
  const [row] = await db.query<SessionUser & { passwordHash: string; disabled: boolean }>(
    `SELECT ${USER_COLUMNS}, password_hash AS "passwordHash", disabled_at IS NOT NULL AS disabled
     FROM users WHERE email = $1`,
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

/** Where an invitation stands. */
export type InvitationState = 'pending' | 'used' | 'expired' | 'revoked';

/** The 200 newest invitations, with who used them and where each stands. */
export function listInvitations(db: Queryable) {
  return db.query<{
    id: string;
    tenantSlug: string;
    role: string;
    email: string | null;
    createdAt: string;
    expiresAt: string;
    usedAt: string | null;
    usedBy: string | null;
    createdBy: string | null;
    state: InvitationState;
  }>(
    `SELECT i.id, i.tenant_slug AS "tenantSlug", i.role, i.email, i.created_at AS "createdAt",
            i.expires_at AS "expiresAt", i.used_at AS "usedAt", u.email AS "usedBy", c.email AS "createdBy",
            CASE WHEN i.used_at IS NOT NULL THEN 'used' WHEN i.revoked_at IS NOT NULL THEN 'revoked'
                 WHEN i.expires_at <= now() THEN 'expired' ELSE 'pending' END AS state
     FROM invitations i LEFT JOIN users u ON u.id = i.used_by LEFT JOIN users c ON c.id = i.created_by
     ORDER BY i.created_at DESC LIMIT 200`,
  );
}

/**
 * Revokes an invitation not used yet, in `tx`; its tenant and address, or why not: unknown,
 * or already used, revoked or expired.
 */
export async function revokeInvitation(tx: Queryable, id: string) {
  const [row] = await tx.query<{ tenantSlug: string; email: string | null; state: InvitationState }>(
    `SELECT tenant_slug AS "tenantSlug", email,
            CASE WHEN used_at IS NOT NULL THEN 'used' WHEN revoked_at IS NOT NULL THEN 'revoked'
                 WHEN expires_at <= now() THEN 'expired' ELSE 'pending' END AS state
     FROM invitations WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (row?.state === 'pending') await tx.query('UPDATE invitations SET revoked_at = now() WHERE id = $1', [id]);
  return row;
}

/** An account as the Administration screen lists it. */
export interface AccountRow {
  id: string;
  email: string;
  displayName: string | null;
  role: Role;
  tenantSlug: string;
  disabled: boolean;
  createdAt: string;
  lastSignIn: string | null;
}

const ACCOUNT_SQL = `SELECT u.id, u.email, u.display_name AS "displayName", u.role, u.tenant_slug AS "tenantSlug",
    u.disabled_at IS NOT NULL AS disabled,
    to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
    (SELECT to_char(max(a.at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') FROM audit_events a
      WHERE a.user_id = u.id AND a.action = 'sign-in') AS "lastSignIn"
  FROM users u`;

/** The accounts of an organisation (of all when `tenantSlug` is null), by e-mail. */
export function listAccounts(db: Queryable, tenantSlug: string | null) {
  return db.query<AccountRow>(
    `${ACCOUNT_SQL} WHERE ($1::text IS NULL OR u.tenant_slug = $1) ORDER BY u.email LIMIT 1000`,
    [tenantSlug],
  );
}

/** One account, locked in `tx` for a change. */
export async function lockAccount(tx: Queryable, id: string) {
  const [row] = await tx.query<AccountRow>(`${ACCOUNT_SQL} WHERE u.id = $1 FOR UPDATE OF u`, [id]);
  return row;
}

/** Changes an account's role or state in `tx`; a disabled account's sessions end with it. */
export async function updateAccount(tx: Queryable, id: string, change: { role?: string; disabled?: boolean }) {
  if (change.role) await tx.query('UPDATE users SET role = $2 WHERE id = $1', [id, change.role]);
  if (change.disabled === true) {
    await tx.query('UPDATE users SET disabled_at = coalesce(disabled_at, now()) WHERE id = $1', [id]);
    await tx.query('DELETE FROM sessions WHERE user_id = $1', [id]);
  }
  if (change.disabled === false) await tx.query('UPDATE users SET disabled_at = NULL WHERE id = $1', [id]);
  return lockAccount(tx, id);
}
