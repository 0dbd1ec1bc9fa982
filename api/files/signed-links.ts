import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a document link works. */
export const LINK_MINUTES = 15;

/** What a link opens: the purpose keeps a document's signature from opening a release, and back. */
type Purpose = 'file' | 'release' | 'export';

const signature = (secret: Uint8Array, purpose: Purpose, subject: string, expires: number) =>
  createHmac('sha256', secret).update(`${purpose}\n${subject}\n${expires}`).digest('base64url');

/**
 * The query of a short-lived link: its expiry (seconds since 1970) and an HMAC-SHA256 of the
 * purpose, subject and expiry. The server checks both before answering.
 */
export function signQuery(secret: Uint8Array, purpose: Purpose, subject: string, minutes: number, now = Date.now()) {
  const expires = Math.floor(now / 1000) + Math.round(minutes * 60);
  return `exp=${expires}&sig=${signature(secret, purpose, subject, expires)}`;
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

/** Checks a link's signature first (in constant time), then its expiry. */
export function checkQuery(
  secret: Uint8Array,
  purpose: Purpose,
  subject: string,
  exp: string | undefined,
  sig: string | undefined,
  now = Date.now(),
): LinkCheck {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return 'invalid';
  const expected = Buffer.from(signature(secret, purpose, subject, Number(exp)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number(exp) * 1000 < now ? 'expired' : 'valid';
}

/**
 * A short-lived link to a document; the server checks it, and the reader's rights, before
 * sending the file.
 *
 * @example signLink(secret, 'SJ-BH-01-R1', Date.now()) // '/api/files/SJ-BH-01-R1?exp=1795…&sig=…'
 */
export const signLink = (secret: Uint8Array, reportId: string, now = Date.now()) =>
  `/api/files/${encodeURIComponent(reportId)}?${signQuery(secret, 'file', reportId, LINK_MINUTES, now)}`;

/** The link to a document's thumbnail: the same signature as its file's. */
export const signThumbnailLink = (secret: Uint8Array, reportId: string, now = Date.now()) =>
  `/api/files/${encodeURIComponent(reportId)}/thumbnail?${signQuery(secret, 'file', reportId, LINK_MINUTES, now)}`;

/** The link to a whole page of a document drawn as a picture (the « Vérifier » screen): the file's signature. */
export const signPageLink = (secret: Uint8Array, reportId: string, page: number, now = Date.now()) =>
  `/api/files/${encodeURIComponent(reportId)}/pages/${page}?${signQuery(secret, 'file', reportId, LINK_MINUTES, now)}`;

/** Checks a document link. */
export const checkLink = (
  secret: Uint8Array,
  reportId: string,
  exp: string | undefined,
  sig: string | undefined,
  now = Date.now(),
) => checkQuery(secret, 'file', reportId, exp, sig, now);
