import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, AppSettings, ErrorBody } from '../app-env.ts';
import { isApiPath, isSafeMethod } from '../paths.ts';

/** Every origin this server answers to: the public one first, then its aliases. */
const originsOf = (settings: Pick<AppSettings, 'publicOrigin' | 'aliasOrigins'>) => [
  settings.publicOrigin,
  ...settings.aliasOrigins,
];

/** The host (and port) the request was sent to, as the client wrote it. */
const requestedHost = (c: Context) => c.req.header('host') ?? new URL(c.req.url).host;

/**
 * Refuses, with 421, a request sent to a host that is not ours (`Host: evil.example`): the
 * answers of this server — pages, e-mail links, download links — are only ever for its own
 * names (DNS rebinding and host-header poisoning both need another one). `/api/health` answers
 * every host, for load balancers that probe by address.
 */
export const knownHost = createMiddleware<AppEnv>(async (c, next) => {
  const hosts = originsOf(c.var.settings).map((origin) => new URL(origin).host);
  if (hosts.includes(requestedHost(c).toLowerCase()) || c.req.path === '/api/health') return next();
  const message = 'Adresse de serveur inconnue : ouvrez GéoSonde à son adresse publique.';
  return isApiPath(c.req.path) ? c.json<ErrorBody>({ error: message }, 421) : c.text(message, 421);
});

/**
 * Refuses, with 403, a state-changing request that does not come from this site's own pages:
 * its `Origin` must be exactly one of ours (scheme, host and port), or, without `Origin`, the
 * browser must say `Sec-Fetch-Site: same-origin`. A form or script on another site cannot.
 */
export const sameOrigin = createMiddleware<AppEnv>(async (c, next) => {
  if (isSafeMethod(c.req.method)) return next();
  const origin = c.req.header('origin');
  const allowed = origin
    ? originsOf(c.var.settings).includes(origin.toLowerCase())
    : c.req.header('sec-fetch-site') === 'same-origin';
  if (!allowed) return c.json<ErrorBody>({ error: 'Requête refusée : elle ne vient pas de GéoSonde.' }, 403);
  return next();
});
