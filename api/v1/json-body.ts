import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { holdsForbiddenText } from '../middleware/clean-text.ts';
import { MAX_JSON_BYTES } from '../middleware/bodies.ts';
import { apiError } from './errors.ts';

const limited = bodyLimit({ maxSize: MAX_JSON_BYTES, onError: (c) => apiError(c, 'payload_too_large') });

/**
 * The body rule of the public API's writes: JSON (415 otherwise) of 64 Ko at most (413), parsed
 * once here so that malformed JSON, a NUL character or half of a UTF-16 pair is a 400 with its
 * code before any handler reads it.
 */
export const jsonOnly = createMiddleware(async (c, next) => {
  if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
    return apiError(c, 'unsupported_media_type');
  }
  return limited(c, async () => {
    let value: unknown;
    try {
      value = JSON.parse(await c.req.text());
    } catch {
      c.res = apiError(c, 'malformed_request', 'Requête mal formée : JSON invalide.');
      return;
    }
    if (holdsForbiddenText(value)) {
      c.res = apiError(
        c,
        'malformed_request',
        'La requête contient un caractère interdit (caractère nul ou texte Unicode invalide).',
      );
      return;
    }
    await next();
  });
});
