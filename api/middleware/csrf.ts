import { createMiddleware } from 'hono/factory';
import type { ErrorBody } from '../app.ts';

/** The one request whose body may be large and multipart: an upload of documents. */
export const isUpload = (method: string, path: string) => method === 'POST' && path === '/api/reports';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isSameOrigin(origin: string, host: string | undefined, publicOrigin: string | null): boolean {
  try {
    const url = new URL(origin);
    return url.host === host || url.origin === publicOrigin;
  } catch {
    return false;
  }
}

/**
 * Refuses, with 403, a state-changing request that does not come from this site's own pages:
 * it must carry a same-origin `Origin` (or `Sec-Fetch-Site: same-origin`) and a JSON body type —
 * or, for an upload of documents only, a multipart one. A form on another site cannot send a
 * same-origin `Origin`.
 *
 * @param publicOrigin the site's public origin, when it differs from the Host the server sees.
 */
export function sameOriginJson(publicOrigin: string | null) {
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const host = c.req.header('host');
    const sameOrigin = origin
      ? isSameOrigin(origin, host, publicOrigin)
      : c.req.header('sec-fetch-site') === 'same-origin';
    if (!sameOrigin) return c.json<ErrorBody>({ error: 'Requête refusée : elle ne vient pas de GéoSonde.' }, 403);
    const type = c.req.header('content-type') ?? '';
    const json = /^application\/json\s*(;|$)/i.test(type);
    if (!json && !(isUpload(c.req.method, c.req.path) && /^multipart\/form-data\s*;/i.test(type))) {
      return c.json<ErrorBody>({ error: 'Requête refusée : le contenu doit être du JSON.' }, 403);
    }
    return next();
  });
}
