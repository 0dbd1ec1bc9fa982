import { WEBHOOK_RETRY_DELAYS_MS } from '../../src/domain/webhooks.ts';
import type { AppSettings } from '../app-env.ts';
import { backgroundLoop, type BackgroundLoop } from '../background-loop.ts';
import type { Database } from '../db/database.ts';
import { postSigned, type PostOutcome } from './post-signed.ts';
import { openSecret } from './secret-box.ts';

/** A background loop of one API process; several processes may run one each. */
/** The webhooks' loop: `runOnce` sends what is due now and says how many attempts it made. */
export type WebhookWorker = BackgroundLoop;

export interface WebhookWorkerOptions {
  /** How often to look for due deliveries; WEBHOOK_POLL_MS (1 s) by default. */
  intervalMs?: number;
  /** false: no loop, only `runOnce` (tests). */
  loop?: boolean;
  /** The waits after each failed attempt; the delivery is abandoned after the last. */
  retryDelaysMs?: readonly number[];
  /** How long a receiver has to answer. */
  timeoutMs?: number;
}

/** Deliveries claimed at a time, and sent side by side. */
const BATCH = 10;
/** Events whose deliveries are all finished are removed this many days after they were emitted. */
const KEPT_DAYS = 30;

interface Claimed {
  id: string;
  event_id: string;
  body: string;
  attempts: number;
  subscription_id: string;
  url: string;
  secret_sealed: string;
}

/**
 * Claims up to BATCH due deliveries of active subscriptions, oldest first, for `leaseMs`: another
 * process skips them (SKIP LOCKED) while the lease holds, and takes them up once it has expired
 * (their worker died).
 */
async function claim(db: Database, leaseMs: number): Promise<Claimed[]> {
  return db.query<Claimed>(
    `WITH due AS (
       SELECT d.id FROM webhook_deliveries d
       JOIN webhook_subscriptions s ON s.id = d.subscription_id AND s.disabled_at IS NULL
       WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND (d.locked_until IS NULL OR d.locked_until < now())
       ORDER BY d.next_attempt_at LIMIT ${BATCH}
       FOR UPDATE OF d SKIP LOCKED)
     UPDATE webhook_deliveries d SET locked_until = now() + make_interval(secs => $1)
     FROM due, webhook_events e, webhook_subscriptions s
     WHERE d.id = due.id AND e.id = d.event_id AND s.id = d.subscription_id
     RETURNING d.id, d.event_id, e.body, d.attempts, d.subscription_id, s.url, s.secret_sealed`,
    [leaseMs / 1000],
  );
}

/**
 * Records an attempt and what follows from it, in one transaction: 2xx → delivered; 410 → the
 * subscription disabled and its pending deliveries abandoned; else another try after the next
 * wait of the schedule, or abandoned after the last.
 */
async function record(
  db: Database,
  delivery: Claimed,
  outcome: PostOutcome & { durationMs: number; final?: boolean },
  retryDelaysMs: readonly number[],
) {
  const attempts = delivery.attempts + 1;
  const { statusCode, error } = outcome;
  const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const gone = statusCode === 410;
  const wait = retryDelaysMs[attempts - 1];
  const status = delivered ? 'delivered' : gone || outcome.final || wait === undefined ? 'failed' : 'pending';
  const problem = delivered ? null : (error ?? (gone ? 'Ressource disparue (410) : abonnement désactivé.' : null));
  await db.transaction(async (tx) => {
    // A subscription deleted meanwhile took its deliveries with it: nothing to record.
    const [held] = await tx.query('SELECT 1 FROM webhook_deliveries WHERE id = $1 FOR UPDATE', [delivery.id]);
    if (!held) return;
    await tx.query(
      `INSERT INTO webhook_attempts (delivery_id, status_code, error, duration_ms) VALUES ($1, $2, $3, $4)`,
      [delivery.id, statusCode, problem, Math.round(outcome.durationMs)],
    );
    await tx.query(
      `UPDATE webhook_deliveries SET attempts = $2, status = $3, last_status_code = $4, last_error = $5,
         locked_until = NULL,
         next_attempt_at = CASE WHEN $3 = 'pending' THEN now() + make_interval(secs => $6) ELSE next_attempt_at END,
         finished_at = CASE WHEN $3 = 'pending' THEN NULL ELSE now() END
       WHERE id = $1`,
      [delivery.id, attempts, status, statusCode, problem, (wait ?? 0) / 1000],
    );
    if (gone) {
      await tx.query(
        `UPDATE webhook_subscriptions SET disabled_at = now(),
           disabled_reason = 'Le destinataire a répondu 410 (Gone) : plus rien ne lui est envoyé.'
         WHERE id = $1 AND disabled_at IS NULL`,
        [delivery.subscription_id],
      );
      await tx.query(
        `UPDATE webhook_deliveries SET status = 'failed', finished_at = now(), locked_until = NULL,
           last_error = 'Abonnement désactivé (410).'
         WHERE subscription_id = $1 AND status = 'pending'`,
        [delivery.subscription_id],
      );
    }
  });
}

/** Removes the events older than KEPT_DAYS whose deliveries are all finished (their deliveries and attempts go with them). */
export async function removeOldEvents(db: Database): Promise<number> {
  const removed = await db.query(
    `DELETE FROM webhook_events e
     WHERE e.created_at < now() - make_interval(days => ${KEPT_DAYS})
       AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status = 'pending')
     RETURNING e.id`,
  );
  return removed.length;
}

/**
 * Sends the webhooks waiting in the outbox: every `intervalMs`, claims the due deliveries (see
 * claim), posts each one signed (postSigned) and records the attempt (see record), until none is
 * due; removes old events every hour. Several API processes may each run one.
 *
 * @example const worker = startWebhookWorker(db, settings); … await worker.stop();
 */
export function startWebhookWorker(
  db: Database,
  settings: Pick<AppSettings, 'signingKey' | 'webhookAllowLoopback' | 'webhookPollMs'>,
  {
    intervalMs = settings.webhookPollMs,
    loop = true,
    retryDelaysMs = WEBHOOK_RETRY_DELAYS_MS,
    timeoutMs = 10_000,
  }: WebhookWorkerOptions = {},
): WebhookWorker {
  const policy = { allowLoopback: settings.webhookAllowLoopback };
  // Longer than an attempt can take, so that a live worker's claim never expires under it.
  const leaseMs = timeoutMs * 3;
  let lastCleanup = 0;

  const attempt = async (delivery: Claimed) => {
    const started = performance.now();
    let secret: string;
    try {
      secret = openSecret(settings.signingKey, delivery.subscription_id, delivery.secret_sealed);
    } catch {
      const error = 'Secret illisible : la clé de signature du serveur a changé ; recréez cet abonnement.';
      await record(db, delivery, { statusCode: null, error, durationMs: 0, final: true }, retryDelaysMs);
      return;
    }
    const outcome = await postSigned(
      delivery.url,
      { eventId: delivery.event_id, body: delivery.body, secret },
      { policy, timeoutMs },
    );
    await record(db, delivery, { ...outcome, durationMs: performance.now() - started }, retryDelaysMs);
  };

  return backgroundLoop(
    'Webhooks',
    async (stopping) => {
      let done = 0;
      for (;;) {
        if (stopping()) break;
        const batch = await claim(db, leaseMs);
        if (batch.length === 0) break;
        await Promise.all(batch.map(attempt));
        done += batch.length;
      }
      if (Date.now() - lastCleanup > 3_600_000) {
        lastCleanup = Date.now();
        await removeOldEvents(db);
      }
      return done;
    },
    { intervalMs, loop },
  );
}
