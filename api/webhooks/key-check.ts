import type { Queryable } from '../db/database.ts';
import { openSecret } from './secret-box.ts';

/**
 * How many stored webhook secrets this signing key cannot open: more than 0 when processes of one
 * database were given different keys (no common SIGNING_SECRET nor DATA_DIR), or when the key
 * changed since (a restore elsewhere). Said at start-up, before any delivery fails.
 *
 * @example await secretsSealedElsewhere(db, settings.signingKey) // 0
 */
export async function secretsSealedElsewhere(db: Queryable, signingKey: Uint8Array): Promise<number> {
  const rows = await db.query<{ id: string; secret_sealed: string }>(
    'SELECT id, secret_sealed FROM webhook_subscriptions WHERE disabled_at IS NULL',
  );
  return rows.filter(({ id, secret_sealed: sealed }) => {
    try {
      openSecret(signingKey, id, sealed);
      return false;
    } catch {
      return true;
    }
  }).length;
}
