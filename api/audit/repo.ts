import type { Queryable } from '../db/database.ts';

/** What the audit records, by name. */
export const AUDIT_ACTIONS = [
  'sign-in',
  'document.upload',
  'document.replace',
  'document.delete',
  'document.validate',
  'export',
  'import.commit',
  'borehole.restore',
  'share.create',
  'share.revoke',
  'token.create',
  'token.rotate',
  'token.revoke',
  'webhook.create',
  'webhook.delete',
  'invitation.create',
  'invitation.revoke',
  'user.role',
  'user.disable',
  'user.enable',
  'section.save',
  'section.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One thing someone did: who (as they were then), in which organisation, on what. */
export interface AuditEvent {
  tenantSlug: string | null;
  userId: string | null;
  email: string | null;
  action: AuditAction;
  target?: string | null;
  detail?: Record<string, unknown>;
}

export interface AuditRow extends Required<AuditEvent> {
  id: number;
  at: string;
}

/**
 * Records an event. Given the transaction of the action itself, the record and the action are
 * kept or lost together.
 */
export async function recordAudit(db: Queryable, event: AuditEvent): Promise<void> {
  await db.query(
    `INSERT INTO audit_events (tenant_slug, user_id, email, action, target, detail) VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      event.tenantSlug,
      event.userId,
      event.email,
      event.action,
      event.target ?? null,
      JSON.stringify(event.detail ?? {}),
    ],
  );
}

/**
 * The latest events, newest first, `limit` at a time: of one organisation, or of all when
 * `tenantSlug` is null. `before` (an event id) gives the next page.
 */
export async function listAudit(
  db: Queryable,
  options: { tenantSlug: string | null; actions?: readonly AuditAction[]; before?: number; limit: number },
): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `SELECT id::int AS id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at,
            tenant_slug AS "tenantSlug", user_id AS "userId", email, action, target, detail
       FROM audit_events
      WHERE ($1::text IS NULL OR tenant_slug = $1)
        AND ($2::text[] IS NULL OR action = ANY ($2))
        AND ($3::bigint IS NULL OR id < $3)
      ORDER BY id DESC
      LIMIT $4`,
    [options.tenantSlug, options.actions ?? null, options.before ?? null, options.limit],
  );
}
