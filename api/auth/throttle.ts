import type { Database, Queryable } from '../db/database.ts';

/** Limits on failed sign-ins; see `retryAfterSeconds`. */
export const THROTTLE = {
  /** Failures allowed in a row for one account before it must wait. */
  freeFailures: 5,
  /** The first wait, doubled at each further failure, up to `maxBackoffSeconds`. */
  firstBackoffSeconds: 30,
  maxBackoffSeconds: 15 * 60,
  /** Failures counted for one account or address are those of this window. */
  windowMinutes: 15,
  /** At most this many failures per account per hour, whatever the waits. */
  accountHourlyMax: 100,
  /** At most this many failures per IP address per window (password spraying). */
  ipWindowMax: 30,
} as const;

interface Counts {
  recent_failures: number;
  last_failure_age: number | null;
  hourly_failures: number;
  oldest_hourly_age: number | null;
  ip_failures: number;
  oldest_ip_age: number | null;
}

/**
 * How long a sign-in attempt for `subject` (an e-mail) from `ip` must wait, in seconds; 0 when it
 * may go ahead. After 5 failures in a row the account waits 30 s, then 60 s, 120 s… up to 15 min;
 * 100 failures in an hour, or 30 failures from one address in 15 minutes, block until the oldest
 * leaves the window. The same rules apply to unknown e-mails, so they reveal nothing.
 */
export async function retryAfterSeconds(db: Queryable, subject: string, ip: string): Promise<number> {
  const [counts] = await db.query<Counts>(
    `WITH account AS (
       SELECT at, succeeded FROM auth_attempts WHERE email = $1 AND at > now() - interval '1 hour'
     ), last_success AS (
       SELECT max(at) AS success_at FROM account WHERE succeeded
     ), streak AS (
       SELECT account.at FROM account, last_success
       WHERE NOT account.succeeded AND account.at > now() - make_interval(mins => $3::int)
         AND (last_success.success_at IS NULL OR account.at > last_success.success_at)
     ), by_ip AS (
       SELECT at FROM auth_attempts
       WHERE ip = $2 AND NOT succeeded AND at > now() - make_interval(mins => $3::int)
     )
     SELECT (SELECT count(*)::int FROM streak) AS recent_failures,
            (SELECT extract(epoch FROM now() - max(at))::float8 FROM streak) AS last_failure_age,
            (SELECT count(*)::int FROM account WHERE NOT succeeded) AS hourly_failures,
            (SELECT extract(epoch FROM now() - min(at))::float8 FROM account WHERE NOT succeeded) AS oldest_hourly_age,
            (SELECT count(*)::int FROM by_ip) AS ip_failures,
            (SELECT extract(epoch FROM now() - min(at))::float8 FROM by_ip) AS oldest_ip_age`,
    [subject, ip, THROTTLE.windowMinutes],
  );
  if (!counts) return 0;
  const waits = [0];
  if (counts.hourly_failures >= THROTTLE.accountHourlyMax) waits.push(3600 - (counts.oldest_hourly_age ?? 0));
  if (counts.ip_failures >= THROTTLE.ipWindowMax) waits.push(THROTTLE.windowMinutes * 60 - (counts.oldest_ip_age ?? 0));
  if (counts.recent_failures >= THROTTLE.freeFailures) {
    const backoff = Math.min(
      THROTTLE.firstBackoffSeconds * 2 ** (counts.recent_failures - THROTTLE.freeFailures),
      THROTTLE.maxBackoffSeconds,
    );
    waits.push(backoff - (counts.last_failure_age ?? 0));
  }
  return Math.max(0, Math.ceil(Math.max(...waits)));
}

/** An attempt that may go ahead, recorded as a failure until settled; or how long to wait. */
export type AttemptClaim = { ok: true; id: string } | { ok: false; retryAfter: number };

/**
 * Checks the limits and, when the attempt may go ahead, records it (as a failure until
 * `settleAttempt` says otherwise) in one step: a transaction holding advisory locks on the
 * account and the address, so that attempts sent at once are counted one after the other and
 * 60 simultaneous wrong passwords get the same limits as 60 in a row.
 */
export function claimAttempt(db: Database, subject: string, ip: string): Promise<AttemptClaim> {
  return db.transaction(async (tx) => {
    // Always in the same order, so that two attempts never wait for each other's lock.
    for (const key of [`subject:${subject}`, `ip:${ip}`].sort()) {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
    }
    const retryAfter = await retryAfterSeconds(tx, subject, ip);
    if (retryAfter > 0) return { ok: false, retryAfter };
    const [row] = await tx.query<{ id: string }>(
      'INSERT INTO auth_attempts (email, ip, succeeded) VALUES ($1, $2, false) RETURNING id::text AS id',
      [subject, ip],
    );
    return { ok: true, id: row!.id };
  });
}

/** Marks a claimed attempt as a success (it then ends the account's run of failures). */
export async function settleAttempt(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE auth_attempts SET succeeded = true WHERE id = $1::bigint', [id]);
}
