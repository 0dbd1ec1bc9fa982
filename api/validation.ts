import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import type { ErrorBody } from './app-env.ts';

/**
 * Validates a part of the request (`json` body, `query` or path `param`eters) against a zod schema at
 * the boundary; an invalid one gets a 400 with the first problem, in French (each schema writes
 * its own messages). Repeated query parameters arrive as arrays, which a scalar field refuses.
 */
function validated<T extends z.ZodType, Target extends 'json' | 'query' | 'param'>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      return c.json<ErrorBody>({ error: result.error.issues[0]?.message ?? 'Requête invalide.' }, 400);
    }
    return undefined;
  });
}

/** @example router.post('/login', jsonBody(loginSchema), (c) => { const { email } = c.req.valid('json'); … }) */
export const jsonBody = <T extends z.ZodType>(schema: T) => validated('json', schema);

/** @example router.get('/', queryParams(pageSchema), (c) => { const { limit } = c.req.valid('query'); … }) */
export const queryParams = <T extends z.ZodType>(schema: T) => validated('query', schema);

/** @example router.delete('/:id', paramsOf(z.object({ id: z.string().max(80) })), (c) => c.req.valid('param').id) */
export const paramsOf = <T extends z.ZodType>(schema: T) => validated('param', schema);

/** Whether a path parameter is a UUID as PostgreSQL writes it: anything else is unknown (404), not a 500. */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
