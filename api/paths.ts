import type { Context } from 'hono';
import type { ErrorBody } from './app-env.ts';

/** Methods that change nothing: no body rule and no origin check apply to them. */
export const isSafeMethod = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/** True for the paths the API answers (everything else is the site). */
export const isApiPath = (path: string) => /^\/(api|ask|v1)(\/|$)/.test(path);

/** The JSON answer to an unknown API path. */
export const notFoundJson = (c: Context) => c.json<ErrorBody>({ error: 'Ressource introuvable.' }, 404);
