import type { Queryable } from '../db/database.ts';

/** Questions per address and per minute, counted in the database for every API process. */
export const ASK_PER_MINUTE = 30;

/** One call in this many also removes the addresses whose minute ended long ago. */
const SWEEP_ONE_IN = 100;

/**
 * Counts a question from `ip` and says whether it stays within the minute's 30: one statement
 * that opens a new minute or adds one to the current one, so that questions sent at once to
 * several processes are all counted.
 *
 * @example await countQuestion(db, '203.0.113.7') // { ok: true } or { ok: false, retryAfter: 42 }
 */
export async function countQuestion(
  db: Queryable,
  ip: string,
): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  const [row] = await db.query<{ questions: number; reset_in: number }>(
    `WITH quick AS (SELECT set_config('synchronous_commit', 'off', true))
     INSERT INTO ask_windows AS w (ip, started_at, questions)
     SELECT $1, now(), 1 FROM quick
     ON CONFLICT (ip) DO UPDATE SET
       started_at = CASE WHEN w.started_at <= now() - interval '1 minute' THEN now() ELSE w.started_at END,
       questions = CASE WHEN w.started_at <= now() - interval '1 minute' THEN 1 ELSE w.questions + 1 END
     RETURNING questions, extract(epoch FROM w.started_at + interval '1 minute' - now())::float8 AS reset_in`,
    [ip],
  );
  if (Math.random() < 1 / SWEEP_ONE_IN) {
    await db.query(`DELETE FROM ask_windows WHERE started_at < now() - interval '10 minutes'`);
  }
  if (!row || row.questions <= ASK_PER_MINUTE) return { ok: true };
  return { ok: false, retryAfter: Math.max(1, Math.ceil(row.reset_in)) };
}

/** Forgets the counts (tests). */
export async function forgetQuestions(db: Queryable): Promise<void> {
  await db.query('DELETE FROM ask_windows');
}
