import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';

/**
 * The client's IP address: the first X-Forwarded-For entry behind a trusted proxy (TRUST_PROXY=1),
 * else the socket's address.
 */
export function clientIp<E extends AppEnv>(c: Context<E>): string {
  if (c.var.settings.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}

/**
 * The network a client address belongs to, as a burst is grouped: an IPv4 address's /24, an IPv6
 * address's /48 (a site's usual allocation: one attacker has millions of /64s, few /48s). An
 * IPv4-mapped IPv6 address counts as its IPv4.
 *
 * @example networkOf('203.0.113.45') // '203.0.113'
 * @example networkOf('2001:db8:1:2::7') // '2001:db8:1'
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v4 = mapped ?? (/^\d+\.\d+\.\d+\.\d+$/.test(ip) ? ip : null);
  if (v4) return v4.split('.').slice(0, 3).join('.');
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::');
  const front = head ? head.split(':') : [];
  const back = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = [...front, ...Array.from({ length: Math.max(0, 8 - front.length - back.length) }, () => '0'), ...back];
  return groups
    .slice(0, 3)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':');
}
