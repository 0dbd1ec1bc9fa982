import { createHash, randomBytes } from 'node:crypto';

/**
 * A new secret token: 256 random bits, base64url (43 characters).
 *
 * @example newToken().length // 43
 */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores in place of a token: its SHA-256, in hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
