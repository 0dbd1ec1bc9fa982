import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a document link works. */
export const LINK_MINUTES = 15;

const signature = (secret: Uint8Array, reportId: string, expires: number) =>
  createHmac('sha256', secret).update(`${reportId}\n${expires}`).digest('base64url');

/**
 * A short-lived link to a document: its expiry (seconds since 1970) and an HMAC-SHA256 of the id
 * and expiry in the URL. The server checks both, and the reader's rights, before sending the file.
 *
 * @example signLink(secret, 'SJ-BH-01-R1', Date.now()) // '/api/files/SJ-BH-01-R1?exp=1795…&sig=…'
 */
export function signLink(secret: Uint8Array, reportId: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + LINK_MINUTES * 60;
  return `/api/files/${encodeURIComponent(reportId)}?exp=${expires}&sig=${signature(secret, reportId, expires)}`;
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

/** Checks a link's signature first (in constant time), then its expiry. */
export function checkLink(
  secret: Uint8Array,
  reportId: string,
  exp: string | undefined,
  sig: string | undefined,
  now = Date.now(),
): LinkCheck {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return 'invalid';
  const expected = Buffer.from(signature(secret, reportId, Number(exp)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number(exp) * 1000 < now ? 'expired' : 'valid';
}
