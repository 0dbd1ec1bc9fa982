import { randomUUID } from 'node:crypto';
import type { NewWebhook, WebhookDeliveryView, WebhookEventType, WebhookView } from '../../src/domain/webhooks.ts';
import type { Queryable } from '../db/database.ts';
import { newWebhookSecret, sealSecret, secretPrefix } from './secret-box.ts';

const UTC = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const VIEW_SQL = `SELECT s.id, s.tenant_slug AS "tenantSlug", s.url, s.events, s.secret_prefix AS "secretPrefix",
    ${UTC('s.created_at')} AS "createdAt", u.email AS "createdBy",
    ${UTC('s.disabled_at')} AS "disabledAt", s.disabled_reason AS "disabledReason"
  FROM webhook_subscriptions s LEFT JOIN users u ON u.id = s.created_by`;

/** The subscriptions of a tenant (of every tenant for null), newest first. */
export function listWebhooks(db: Queryable, tenantSlug: string | null): Promise<WebhookView[]> {
  return db.query<WebhookView>(
    `${VIEW_SQL} WHERE ($1::text IS NULL OR s.tenant_slug = $1) ORDER BY s.created_at DESC, s.id`,
    [tenantSlug],
  );
}

/** One subscription, or null. */
export async function findWebhook(db: Queryable, id: string): Promise<WebhookView | null> {
  const [row] = await db.query<WebhookView>(`${VIEW_SQL} WHERE s.id = $1`, [id]);
  return row ?? null;
}

/** How many subscriptions a tenant has, counted under a lock on the tenant so that two creations count in turn. */
export async function countWebhooks(tx: Queryable, tenantSlug: string): Promise<number> {
  await tx.query('SELECT 1 FROM tenants WHERE slug = $1 FOR UPDATE', [tenantSlug]);
  const [row] = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM webhook_subscriptions WHERE tenant_slug = $1',
    [tenantSlug],
  );
  return row?.n ?? 0;
}

/** Makes a subscription with a new secret, kept sealed (see secret-box.ts); the secret is in the answer, never again. */
export async function createWebhook(
  tx: Queryable,
  signingKey: Uint8Array,
  request: { tenantSlug: string; url: string; events: WebhookEventType[]; userId: string },
): Promise<NewWebhook> {
  const id = randomUUID();
  const secret = newWebhookSecret();
  await tx.query(
    `INSERT INTO webhook_subscriptions (id, tenant_slug, url, events, secret_sealed, secret_prefix, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      request.tenantSlug,
      request.url,
      request.events,
      sealSecret(signingKey, id, secret),
      secretPrefix(secret),
      request.userId,
    ],
  );
  return { secret, item: (await findWebhook(tx, id))! };
}

/** Removes a subscription with its deliveries; returns what it was, or null. */
export async function deleteWebhook(tx: Queryable, id: string): Promise<WebhookView | null> {
  const found = await findWebhook(tx, id);
  if (!found) return null;
  await tx.query('DELETE FROM webhook_subscriptions WHERE id = $1', [id]);
  return found;
}

/** The latest `limit` deliveries of a subscription, newest first, each with its attempts. */
export function listDeliveries(db: Queryable, subscriptionId: string, limit = 50): Promise<WebhookDeliveryView[]> {
  return db.query<WebhookDeliveryView>(
    `SELECT d.id, d.event_id AS "eventId", e.type, d.status, d.attempts,
        d.last_status_code AS "lastStatusCode", d.last_error AS "lastError", ${UTC('d.created_at')} AS "createdAt",
        CASE WHEN d.status = 'pending' THEN ${UTC('d.next_attempt_at')} END AS "nextAttemptAt",
        COALESCE((SELECT json_agg(json_build_object('at', ${UTC('a.at')}, 'statusCode', a.status_code,
                    'error', a.error, 'durationMs', a.duration_ms) ORDER BY a.at)
                  FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]') AS "attemptList"
     FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
     WHERE d.subscription_id = $1
     ORDER BY d.created_at DESC, e.created_at DESC, d.event_id
     LIMIT $2`,
    [subscriptionId, limit],
  );
}
