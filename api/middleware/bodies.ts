import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { FORBIDDEN_TEXT, holdsForbiddenText } from './clean-text.ts';
import { isSafeMethod } from '../paths.ts';

/** The largest JSON body a request may send. */
export const MAX_JSON_BYTES = 64 * 1024;

/** The answer to a body that is not JSON. */
export const MALFORMED_JSON = 'Requête mal formée : JSON invalide.';

const JSON_TYPE = /^application\/json\s*(;|$)/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*;/i;

const limited = bodyLimit({
  maxSize: MAX_JSON_BYTES,
  onError: (c) => c.json<ErrorBody>({ error: 'Requête trop volumineuse.' }, 413),
});

/**
 * The body rule of every router that takes JSON: a write must send JSON (a form on another site
 * cannot), of 64 Ko at most; it is parsed once here, so that a malformed body, or one holding a
 * NUL character or half of a UTF-16 pair, gets a French 400 before any handler reads it. The
 * handlers' validators then read the same text, kept by Hono, without reading the request again.
 */
export const jsonBodies = createMiddleware<AppEnv>(async (c, next) => {
  if (isSafeMethod(c.req.method)) return next();
  // A DELETE names what it removes in its path and carries nothing: no other site can send one
  // (no form can, and fetch would need CORS), and no handler reads its body.
  if (c.req.method === 'DELETE' && !c.req.header('content-type')) return next();
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    return c.json<ErrorBody>({ error: 'Requête refusée : le contenu doit être du JSON.' }, 403);
  }
  return limited(c, async () => {
    const problem = checkJson(await c.req.text());
    if (problem) c.res = c.json<ErrorBody>({ error: problem }, 400);
    else await next();
  });
});

/** What is wrong with a JSON body, in French; null when nothing is (an empty body is left to the route). */
function checkJson(text: string): string | null {
  if (!text) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return MALFORMED_JSON;
  }
  return holdsForbiddenText(body) ? FORBIDDEN_TEXT : null;
}

/**
 * The body rule of an upload of documents: multipart only, with no size limit here — the
 * route streams each file and counts its bytes itself (`receiveUpload`).
 */
export const uploadBodies = createMiddleware<AppEnv>(async (c, next) => {
  if (!MULTIPART_TYPE.test(c.req.header('content-type') ?? '')) {
    return c.json<ErrorBody>({ error: 'Requête refusée : envoyez les documents en multipart/form-data.' }, 415);
  }
  return next();
});
