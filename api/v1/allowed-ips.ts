import { BlockList, isIP } from 'node:net';

/**
 * An entry of a token's allow-list in canonical form: an IPv4 or IPv6 address, or a CIDR range
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

/** `::ffff:203.0.113.7` (an IPv4 client on a dual-stack socket) is 203.0.113.7. */
const unmapped = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/**
 * Whether a client address is in an allow-list; an empty list allows every address, an address
 * that is not an IP (a test without a socket) none.
 */
export function ipAllowed(allowed: readonly string[], client: string): boolean {
  if (allowed.length === 0) return true;
  const address = unmapped(client);
  const family = isIP(address);
  if (!family) return false;
  const list = new BlockList();
  for (const entry of allowed) {
    const [base = '', bits] = entry.split('/');
    const type = isIP(base) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(base, type);
    else list.addSubnet(base, Number(bits), type);
  }
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
