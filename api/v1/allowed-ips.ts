import { isIP } from 'node:net';

/**
 * An entry of a token's allow-list in canonical form (PostgreSQL's `inet` reads it, and the bearer
 * check compares the caller's address with it there): an IPv4 or IPv6 address, or a CIDR range
 * (`203.0.113.0/24`, `2001:db8::/32`); null when it is neither.
 *
 * @example allowedIpEntry(' 203.0.113.7 ') // '203.0.113.7'
 * @example allowedIpEntry('203.0.113.0/33') // null
 */
export function allowedIpEntry(text: string): string | null {
  const [address = '', bits, extra] = text.trim().split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return null;
  if (bits === undefined) return address.toLowerCase();
  const prefix = /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
  return prefix <= (family === 4 ? 32 : 128) ? `${address.toLowerCase()}/${prefix}` : null;
}
