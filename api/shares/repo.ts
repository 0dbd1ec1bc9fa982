import type { ShareLink } from '../../src/domain/record.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { Queryable } from '../db/database.ts';

/** The path of a shared record: the page reads its token from there. */
export const sharePath = (token: string) => `/partage/${token}`;

/**
 * Makes a read-only link to a borehole's record, valid `days` days. Returns the token, which is
 * never stored (only its SHA-256) and so is shown once. Call it only for a borehole in the caller's scope.
 */
export async function createShare(
  db: Queryable,
  boreholeId: string,
  days: number,
  userId: string,
): Promise<{ token: string; link: ShareLink }> {
  const token = newToken();
  const [row] = await db.query<ShareRow>(
    `INSERT INTO share_links (borehole_id, token_sha256, created_by, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(days => $4))
     RETURNING id, created_at, expires_at, revoked_at, NULL AS author, true AS active`,
    [boreholeId, hashToken(token), userId, days],
  );
  return { token, link: linkOf(row!) };
}

interface ShareRow {
  id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  author: string | null;
  active: boolean;
}

const iso = (value: string) => new Date(value).toISOString();
const linkOf = (row: ShareRow): ShareLink => ({
  id: row.id,
  createdAt: iso(row.created_at),
  expiresAt: iso(row.expires_at),
  revokedAt: row.revoked_at ? iso(row.revoked_at) : null,
  author: row.author,
  active: row.active,
});

/** A borehole's share links, newest first: the active ones, and those ended in the last 30 days. */
export async function listShares(db: Queryable, boreholeId: string): Promise<ShareLink[]> {
  const rows = await db.query<ShareRow>(
    `SELECT s.id, s.created_at, s.expires_at, s.revoked_at, COALESCE(NULLIF(u.display_name, ''), u.email) AS author,
       (s.revoked_at IS NULL AND s.expires_at > now()) AS active
     FROM share_links s LEFT JOIN users u ON u.id = s.created_by
     WHERE s.borehole_id = $1 AND COALESCE(s.revoked_at, s.expires_at) > now() - interval '30 days'
     ORDER BY s.created_at DESC, s.id`,
    [boreholeId],
  );
  return rows.map(linkOf);
}

/** Ends a link of a borehole now; false when it has no such link still active. */
export async function revokeShare(
  db: Queryable,
  boreholeId: string,
  shareId: string,
  userId: string,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE share_links SET revoked_at = now(), revoked_by = $3
     WHERE id = $1 AND borehole_id = $2 AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
    [shareId, boreholeId, userId],
  );
  return rows.length === 1;
}

/** What an active link gives access to: one borehole, until its end. */
export async function openShare(
  db: Queryable,
  token: string,
): Promise<{ boreholeId: string; expiresAt: string } | null> {
  const [row] = await db.query<{ borehole_id: string; expires_at: string }>(
    `SELECT borehole_id, expires_at FROM share_links
     WHERE token_sha256 = $1 AND revoked_at IS NULL AND expires_at > now()`,
    [hashToken(token)],
  );
  return row ? { boreholeId: row.borehole_id, expiresAt: iso(row.expires_at) } : null;
}
