import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import type { ErrorBody } from './app.ts';

/**
 * Validates a JSON body against a zod schema at the boundary; an invalid body gets a 400 with the
 * first problem, in French (each schema writes its own messages).
 *
 * @example app.post('/login', jsonBody(loginSchema), (c) => { const { email } = c.req.valid('json'); … })
 */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return zValidator('json', schema, (result, c) => {
    if (!result.success) {
      return c.json<ErrorBody>({ error: result.error.issues[0]?.message ?? 'Requête invalide.' }, 400);
    }
    return undefined;
  });
}
