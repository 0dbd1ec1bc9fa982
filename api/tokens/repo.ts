import {
  API_SCOPES,
  TOKEN_PREFIX,
  type ApiScope,
  type ApiTokenView,
  type NewApiToken,
} from '../../src/domain/api-tokens.ts';
import { isRole, type Role } from '../../src/domain/roles.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { Queryable } from '../db/database.ts';

/** What a new token is made of, once the route has checked it. */
export interface TokenRequest {
  name: string;
  scopes: ApiScope[];
  days: number;
  allowedIps: string[];
}

interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  allowed_ips: string[];
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  last_client: string | null;
  revoked_at: string | null;
  replaced_by: string | null;
  active: boolean;
}

const COLUMNS = `id, name, prefix, scopes, allowed_ips, created_at, expires_at, last_used_at, last_client, revoked_at,
  replaced_by, (revoked_at IS NULL AND expires_at > now()) AS active`;

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
const viewOf = (row: TokenRow): ApiTokenView => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes.filter((scope): scope is ApiScope => (API_SCOPES as readonly string[]).includes(scope)),
  allowedIps: row.allowed_ips,
  createdAt: iso(row.created_at)!,
  expiresAt: iso(row.expires_at)!,
  lastUsedAt: iso(row.last_used_at),
  lastClient: row.last_client,
  revokedAt: iso(row.revoked_at),
  active: row.active,
  replacedBy: row.replaced_by,
});

/** A new secret: `gs_` and 256 random bits; what is kept is its SHA-256 and its first characters. */
function mint(): { token: string; prefix: string; hash: string } {
  const token = `${TOKEN_PREFIX}${newToken()}`;
  return { token, prefix: token.slice(0, TOKEN_PREFIX.length + 6), hash: hashToken(token) };
}

/** Makes a token for `userId`; the secret is in the answer and nowhere else. */
export async function createToken(db: Queryable, userId: string, request: TokenRequest): Promise<NewApiToken> {
  const { token, prefix, hash } = mint();
  const [row] = await db.query<TokenRow>(
    `INSERT INTO api_tokens (user_id, name, prefix, token_sha256, scopes, allowed_ips, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7)) RETURNING ${COLUMNS}`,
    [userId, request.name, prefix, hash, request.scopes, request.allowedIps, request.days],
  );
  return { token, item: viewOf(row!) };
}

/** The tokens of a user, newest first: the usable ones, and those ended within the last 30 days. */
export async function listTokens(db: Queryable, userId: string): Promise<ApiTokenView[]> {
  const rows = await db.query<TokenRow>(
    `SELECT ${COLUMNS} FROM api_tokens
     WHERE user_id = $1 AND least(COALESCE(revoked_at, expires_at), expires_at) > now() - interval '30 days'
     ORDER BY created_at DESC, id`,
    [userId],
  );
  return rows.map(viewOf);
}

/** Ends a user's token now; null when the user has no such token still usable. */
export async function revokeToken(db: Queryable, userId: string, id: string): Promise<ApiTokenView | null> {
  const [row] = await db.query<TokenRow>(
    `UPDATE api_tokens SET revoked_at = now()
     WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now() RETURNING ${COLUMNS}`,
    [id, userId],
  );
  return row ? viewOf(row) : null;
}

/**
 * Replaces a usable token by a new one with the same name, scopes, allow-list and lifetime; the old
 * one keeps working `graceHours` more (or until it expires, if sooner), then stops. Null when the
 * user has no such token still usable. The old row is locked (call it in a transaction): of two
 * rotations at the same instant, the second finds it replaced and makes nothing.
 */
export async function rotateToken(
  db: Queryable,
  userId: string,
  id: string,
  graceHours: number,
): Promise<{ rotated: NewApiToken; previous: ApiTokenView } | null> {
  const { token, prefix, hash } = mint();
  const [created] = await db.query<TokenRow>(
    `INSERT INTO api_tokens (user_id, name, prefix, token_sha256, scopes, allowed_ips, expires_at)
     SELECT user_id, name, $3, $4, scopes, allowed_ips, now() + (expires_at - created_at)
     FROM api_tokens WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now()
       AND replaced_by IS NULL
     FOR UPDATE
     RETURNING ${COLUMNS}`,
    [id, userId, prefix, hash],
  );
  if (!created) return null;
  const [previous] = await db.query<TokenRow>(
    `UPDATE api_tokens SET replaced_by = $2, expires_at = least(expires_at, greatest(created_at + interval '1 millisecond',
       now() + make_interval(hours => $3)))
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, created.id, graceHours],
  );
  return { rotated: { token, item: viewOf(created) }, previous: viewOf(previous!) };
}

/** The rate limit of the public API: a bucket of `capacity` calls, refilled at `perMinute`. */
export interface RateLimit {
  capacity: number;
  perMinute: number;
}

/** What the bucket said: whether this call may go, what is left, and when one more call will be there. */
export interface RateDecision {
  allowed: boolean;
  remaining: number;
  /** Seconds until the bucket holds one call again (0 when it does now). */
  retryAfter: number;
  /** Seconds until the bucket is full again. */
  resetAfter: number;
}

/** Who a presented token acts for, as the database holds them now, and what its bucket said. */
export interface TokenCall {
  tokenId: string;
  scopes: string[];
  revoked: boolean;
  expired: boolean;
  /** The caller's address is in the token's allow-list (or the list is empty). */
  ipAllowed: boolean;
  user: { id: string; email: string; role: Role; tenantSlug: string; disabled: boolean };
  /** Null when the call is refused before the bucket (revoked, expired, disabled, address). */
  rate: RateDecision | null;
}

interface CallRow {
  id: string;
  scopes: string[];
  revoked: boolean;
  expired: boolean;
  ip_ok: boolean;
  user_id: string;
  email: string;
  role: string;
  tenant_slug: string;
  disabled: boolean;
  level: number | null;
}

/**
 * Reads a presented token and, when it may be used from this address, takes one call from its
 * bucket and notes the call (when, which `X-Client`) — one statement, one round trip, with the
 * token's row locked, so two API processes serving the same token at the same instant count both
 * calls. A refused token (revoked, expired, disabled owner, address outside its list) is not counted.
 *
 * The statement does not wait for the disk (`synchronous_commit` off for its own transaction): the
 * counter is the only write of a read call, and waiting for its flush cost more than the read. A
 * crash of the database server may forget its last fraction of a second of counting (a few calls
 * back in the bucket); it never loses anything a client wrote.
 *
 * @param ip the caller's address, or null when it is not an IP (a test without a socket).
 */
export async function authorizeCall(
  db: Queryable,
  token: string,
  { ip, client, limit }: { ip: string | null; client: string | null; limit: RateLimit },
): Promise<TokenCall | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 128) return null;
  const perSecond = limit.perMinute / 60;
  const [row] = await db.query<CallRow>(
    `WITH quick AS (SELECT set_config('synchronous_commit', 'off', true)),
     found AS (
       SELECT t.id, t.scopes, t.revoked_at IS NOT NULL AS revoked, t.expires_at <= now() AS expired,
         (cardinality(t.allowed_ips) = 0 OR COALESCE($2::inet <<= ANY (t.allowed_ips::inet[]), false)) AS ip_ok,
         u.id AS user_id, u.email, u.role, u.tenant_slug, u.disabled_at IS NOT NULL AS disabled,
         least($3::float8, COALESCE(t.bucket, $3::float8)
           + greatest(0, extract(epoch FROM now() - COALESCE(t.bucket_at, now()))) * $4::float8) AS level
       FROM api_tokens t JOIN users u ON u.id = t.user_id CROSS JOIN quick
       WHERE t.token_sha256 = $1
       FOR UPDATE OF t
     ),
     counted AS (
       UPDATE api_tokens t SET
         bucket = CASE WHEN f.level >= 1 THEN f.level - 1 ELSE f.level END,
         bucket_at = now(),
         last_used_at = CASE WHEN f.level >= 1 THEN now() ELSE t.last_used_at END,
         last_client = CASE WHEN f.level >= 1 THEN COALESCE($5, t.last_client) ELSE t.last_client END
       FROM found f
       WHERE t.id = f.id AND NOT f.revoked AND NOT f.expired AND NOT f.disabled AND f.ip_ok
       RETURNING f.level
     )
     SELECT found.id, found.scopes, found.revoked, found.expired, found.ip_ok, found.user_id, found.email,
       found.role, found.tenant_slug, found.disabled, counted.level
     FROM found LEFT JOIN counted ON true`,
    [hashToken(token), ip, limit.capacity, perSecond, client],
  );
  if (!row) return null;
  return {
    tokenId: row.id,
    scopes: row.scopes,
    revoked: row.revoked,
    expired: row.expired,
    ipAllowed: row.ip_ok,
    user: {
      id: row.user_id,
      email: row.email,
      role: isRole(row.role) ? row.role : 'viewer',
      tenantSlug: row.tenant_slug,
      disabled: row.disabled,
    },
    rate: row.level === null ? null : decisionOf(row.level, limit),
  };
}

/** The bucket's answer, from its level before this call. */
function decisionOf(before: number, limit: RateLimit): RateDecision {
  const perSecond = limit.perMinute / 60;
  const allowed = before >= 1;
  const after = allowed ? before - 1 : before;
  return {
    allowed,
    remaining: Math.max(0, Math.floor(after)),
    retryAfter: after >= 1 ? 0 : Math.max(1, Math.ceil((1 - after) / perSecond)),
    resetAfter: Math.max(0, Math.ceil((limit.capacity - after) / perSecond)),
  };
}
