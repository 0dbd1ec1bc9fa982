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
