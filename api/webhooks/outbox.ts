import { randomBytes } from 'node:crypto';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '../../src/domain/webhooks.ts';
import type { Queryable } from '../db/database.ts';

export type { WebhookEventType } from '../../src/domain/webhooks.ts';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** `evt_` and 24 characters of Crockford base32 (120 random bits): the `webhook-id` of every attempt. */
export const newEventId = () => `evt_${[...randomBytes(24)].map((byte) => CROCKFORD[byte & 31]).join('')}`;

/** Events written per statement, so that an import of 100,000 boreholes sends bounded parameters. */
const CHUNK = 5_000;

/** One event to emit: its type and what it says. */
export interface OutboxEvent {
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  data: Record<string, unknown>;
}

/**
 * Writes events and their pending deliveries in the caller's transaction (`tx`): one delivery per
 * listed subscription. The body is made now (`{ id, type, time, data }`) and kept as sent.
 */
async function insertEvents(
  tx: Queryable,
  tenantSlug: string,
  events: readonly OutboxEvent[],
  subscriptionsOf: (type: string) => string[],
): Promise<string[]> {
  const time = new Date().toISOString();
  const written: string[] = [];
  for (let start = 0; start < events.length; start += CHUNK) {
    const ids: string[] = [];
    const types: string[] = [];
    const bodies: string[] = [];
    const deliveries: [string[], string[]] = [[], []];
    for (const { type, data } of events.slice(start, start + CHUNK)) {
      const listeners = subscriptionsOf(type);
      if (listeners.length === 0) continue;
      const id = newEventId();
      ids.push(id);
      types.push(type);
      bodies.push(JSON.stringify({ id, type, time, data }));
      for (const subscription of listeners) {
        deliveries[0].push(id);
        deliveries[1].push(subscription);
      }
    }
    if (ids.length === 0) continue;
    await tx.query(
      `INSERT INTO webhook_events (id, tenant_slug, type, body)
       SELECT id, $1, type, body FROM unnest($2::text[], $3::text[], $4::text[]) AS e (id, type, body)`,
      [tenantSlug, ids, types, bodies],
    );
    await tx.query(
      `INSERT INTO webhook_deliveries (event_id, subscription_id)
       SELECT event_id, subscription_id FROM unnest($1::text[], $2::uuid[]) AS d (event_id, subscription_id)`,
      deliveries,
    );
    written.push(...ids);
  }
  return written;
}

/**
 * Emits events of a tenant in the caller's transaction (the transactional outbox): each is written
 * with one pending delivery per active subscription of the tenant listening to its type, so that
 * the events exist if and only if the action that caused them commits. An event no subscription
 * listens to is not written.
 *
 * @example await db.transaction(async (tx) => { await writeThings(tx); await emitEvents(tx, 'montreal', events); });
 */
export async function emitEvents(tx: Queryable, tenantSlug: string, events: readonly OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  const subscriptions = await tx.query<{ id: string; events: string[] }>(
    'SELECT id, events FROM webhook_subscriptions WHERE tenant_slug = $1 AND disabled_at IS NULL',
    [tenantSlug],
  );
  if (subscriptions.length === 0) return;
  await insertEvents(tx, tenantSlug, events, (type) =>
    subscriptions.filter((subscription) => subscription.events.includes(type)).map((subscription) => subscription.id),
  );
}

/**
 * Emits one event of a tenant in the caller's transaction (see emitEvents).
 *
 * @example await emitEvent(tx, 'montreal', 'export.ready', { export_id: 'exp_…', format: 'geopackage' });
 */
export function emitEvent(
  tx: Queryable,
  tenantSlug: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<void> {
  return emitEvents(tx, tenantSlug, [{ type, data }]);
}

/** The `webhook.test` ping of « Envoyer un test »: one event, delivered to this subscription only. */
export async function emitTestEvent(
  tx: Queryable,
  subscription: { id: string; tenantSlug: string },
  data: Record<string, unknown>,
): Promise<string> {
  const [id] = await insertEvents(tx, subscription.tenantSlug, [{ type: WEBHOOK_TEST_EVENT, data }], () => [
    subscription.id,
  ]);
  return id!;
}
