import type { Context } from 'hono';
import type { z } from 'zod';
import { jsonBody, paramsOf, queryParams } from '../validation.ts';
import { apiError } from './errors.ts';

/** One problem of a request in a sentence: which parameter, and what it should be. */
function sentence(issue: z.core.$ZodIssue, c: Context): string {
  if (issue.code === 'unrecognized_keys') {
    return `Paramètre inconnu : ${issue.keys.join(', ')}. Les noms admis sont ceux de /v1/openapi.json.`;
  }
  const name = issue.path.join('.');
  if (issue.code === 'invalid_type' && (c.req.queries(name)?.length ?? 0) > 1) {
    return `${name} : une seule valeur est admise.`;
  }
  return name ? `${name} : ${issue.message}` : issue.message;
}

/**
 * What `/v1` answers to a request its schemas refuse: 422 `invalid_parameter`, naming the
 * parameter and what it should be, in French.
 */
export function invalidParameters(result: { success: true } | { success: false; error: z.core.$ZodError }, c: Context) {
  if (result.success) return undefined;
  return apiError(c, 'invalid_parameter', sentence(result.error.issues[0]!, c));
}

/** The validators of `/v1`: those of the workspace, answering 422 `invalid_parameter`. */
export const v1Query = <T extends z.ZodType>(schema: T) => queryParams(schema, invalidParameters);
export const v1Params = <T extends z.ZodType>(schema: T) => paramsOf(schema, invalidParameters);
export const v1Json = <T extends z.ZodType>(schema: T) => jsonBody(schema, invalidParameters);
