import type { Role } from '../../src/domain/roles.ts';
import type { Queryable } from '../db/database.ts';
import { hashToken, newToken } from '../auth/tokens.ts';

export interface NewInvitation {
  tenantSlug: string;
  role: Role;
  /** Only this address may use it, when set. */
  email?: string | null;
  /** Days before it expires (7 by default). */
  days?: number;
  createdBy?: string | null;
  /** A chosen token (the demo invitation); a random 256-bit one otherwise. */
  token?: string;
}

/**
 * Creates a single-use invitation and returns its token (shown once; only its hash is stored).
 *
 * @example const { token } = await createInvitation(db, { tenantSlug: 'stjulie', role: 'member' });
 */
export async function createInvitation(db: Queryable, invitation: NewInvitation) {
  const token = invitation.token ?? newToken();
  const [row] = await db.query<{ expires_at: Date | string }>(
    `INSERT INTO invitations (token_hash, tenant_slug, role, email, created_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(days => $6::int))
     RETURNING expires_at`,
    [
      hashToken(token),
      invitation.tenantSlug,
      invitation.role,
      invitation.email?.trim().toLowerCase() || null,
      invitation.createdBy ?? null,
      invitation.days ?? 7,
    ],
  );
  return { token, expiresAt: new Date(row!.expires_at).toISOString() };
}

export type InvitationProblem = 'unknown' | 'used' | 'revoked' | 'expired' | 'other-email';

export type InvitationClaim =
  | { ok: true; invitation: { tenantSlug: string; role: Role; boundToEmail: boolean } }
  | { ok: false; problem: InvitationProblem };

/**
 * Checks an invitation: the invitation, or what is wrong with it. `lock` holds it until the
 * transaction ends (to spend it); without, it is a quick check before any costly work.
 */
export async function claimInvitation(
  db: Queryable,
  token: string,
  email: string,
  { lock = true } = {},
): Promise<InvitationClaim> {
  const [row] = await db.query<{
    tenant_slug: string;
    role: Role;
    email: string | null;
    used: boolean;
    revoked: boolean;
    expired: boolean;
  }>(
    `SELECT tenant_slug, role, email, used_at IS NOT NULL AS used, revoked_at IS NOT NULL AS revoked,
            expires_at <= now() AS expired
     FROM invitations WHERE token_hash = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [hashToken(token)],
  );
  if (!row) return { ok: false, problem: 'unknown' };
  if (row.used) return { ok: false, problem: 'used' };
  if (row.revoked) return { ok: false, problem: 'revoked' };
  if (row.expired) return { ok: false, problem: 'expired' };
  if (row.email && row.email !== email) return { ok: false, problem: 'other-email' };
  return { ok: true, invitation: { tenantSlug: row.tenant_slug, role: row.role, boundToEmail: row.email !== null } };
}

/** Marks an invitation as used by a new account. */
export async function markInvitationUsed(tx: Queryable, token: string, userId: string | null): Promise<void> {
  await tx.query('UPDATE invitations SET used_at = now(), used_by = $2 WHERE token_hash = $1', [
    hashToken(token),
    userId,
  ]);
}
