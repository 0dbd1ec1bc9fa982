import type { Context } from 'hono';
import type { AppEnv } from './app.ts';

/**
 * The client's IP address: the first X-Forwarded-For entry behind a trusted proxy (TRUST_PROXY=1),
 * else the socket's address.
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.settings.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}

/** The site's public origin, for links in e-mails: PUBLIC_URL, else the request's own. */
export function publicOrigin(c: Context<AppEnv>): string {
  return c.var.settings.publicUrl ?? new URL(c.req.url).origin;
}
