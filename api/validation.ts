import { zValidator } from '@hono/zod-validator';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { ErrorBody } from './app-env.ts';

/** The part of a request a validator reads. */
export type RequestPart = 'json' | 'query' | 'param';

/** What a validator answers to a value its schema refuses; `undefined` lets the request through. */
export type Refusal = (
  result: { success: true } | { success: false; error: z.core.$ZodError },
  c: Context,
) => Response | undefined;

/** The workspace's refusal: 400 with the first problem, in French (each schema writes its own messages). */
const frenchRefusal: Refusal = (result, c) =>
  result.success
    ? undefined
    : c.json<ErrorBody>({ error: result.error.issues[0]?.message ?? 'Requête invalide.' }, 400);

/** Where a validator keeps its schema, for the OpenAPI document of the routes that use it (api/openapi.ts). */
export const VALIDATES = Symbol('validates');
export interface Validates {
  part: RequestPart;
  schema: z.ZodType;
}

/**
 * Validates a part of the request against a zod schema at the boundary: every router of the API,
 * the workspace's and the public one, declares its inputs this way, one middleware per part before
 * its handler. `refuse` says what an invalid request gets (the workspace's French 400 by default;
 * /v1 answers its own JSON errors). Repeated query parameters arrive as arrays, which a scalar field
 * refuses.
 */
function validated<T extends z.ZodType, Part extends RequestPart>(part: Part, schema: T, refuse: Refusal) {
  const middleware = zValidator(part, schema, (result, c) => refuse(result, c));
  const validates: Validates = { part, schema };
  return Object.assign(middleware, { [VALIDATES]: validates });
}

/** @example router.post('/login', jsonBody(loginSchema), (c) => { const { email } = c.req.valid('json'); … }) */
export const jsonBody = <T extends z.ZodType>(schema: T, refuse = frenchRefusal) => validated('json', schema, refuse);

/** @example router.get('/', queryParams(pageSchema), (c) => { const { limit } = c.req.valid('query'); … }) */
export const queryParams = <T extends z.ZodType>(schema: T, refuse = frenchRefusal) =>
  validated('query', schema, refuse);

/** @example router.delete('/:id', paramsOf(z.object({ id: z.string().max(80) })), (c) => c.req.valid('param').id) */
export const paramsOf = <T extends z.ZodType>(schema: T, refuse = frenchRefusal) => validated('param', schema, refuse);

/** Whether a path parameter is a UUID as PostgreSQL writes it: anything else is unknown (404), not a 500. */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
