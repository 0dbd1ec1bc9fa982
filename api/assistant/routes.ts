import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { countQuestion } from './ask-rate.ts';
import { jsonBodies } from '../middleware/bodies.ts';
import { clientIp } from '../request-info.ts';
import { jsonBody } from '../validation.ts';

const askSchema = z.object(
  {
    query: z
      .string({ error: 'Écrivez une question.' })
      .trim()
      .min(1, 'Écrivez une question.')
      .max(500, 'Une question tient en 500 caractères au plus.'),
    top_k: z
      .number({ error: 'top_k est un nombre entier de 1 à 10.' })
      .int('top_k est un nombre entier de 1 à 10.')
      .min(1, 'top_k est un nombre entier de 1 à 10.')
      .max(10, 'top_k est un nombre entier de 1 à 10.')
      .default(3),
    threshold: z
      .number({ error: 'threshold est un nombre de 0 à 1.' })
      .min(0, 'threshold est un nombre de 0 à 1.')
      .max(1, 'threshold est un nombre de 0 à 1.')
      .default(0.5),
  },
  { error: 'Le corps de la requête doit être un objet JSON.' },
);

/** 429 with Retry-After once an address has asked its 30 questions of the minute. */
const rateLimited = createMiddleware<AppEnv>(async (c, next) => {
  const rate = await countQuestion(c.var.db, clientIp(c));
  if (rate.ok) return next();
  c.header('Retry-After', String(rate.retryAfter));
  return c.json<ErrorBody>({ error: `Trop de questions à la fois : réessayez dans ${rate.retryAfter} s.` }, 429);
});

/**
 * `POST /ask` `{query, top_k, threshold}` → `{answer, sources}`: the embedded retrieval over our
 * own pages, or, when ASK_UPSTREAM_URL is set, that service's answer passed on unchanged. Same
 * origin only (the API's CSRF rule), 30 questions a minute per address, counted in the database (shared by every API process).
 */
export const assistantRoutes = new Hono<AppEnv>().post('/', jsonBodies, rateLimited, jsonBody(askSchema), async (c) => {
  const { query, top_k: topK, threshold } = c.req.valid('json');
  const { askUpstreamUrl, askUpstreamTimeoutMs, assistant } = c.var.settings;
  if (!askUpstreamUrl) return c.json(await assistant(query, topK, threshold));

  let response: Response;
  try {
    response = await fetch(askUpstreamUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query, top_k: topK, threshold }),
      signal: AbortSignal.timeout(askUpstreamTimeoutMs),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return c.json<ErrorBody>(
      {
        error: timedOut
          ? 'Le service de réponses ne répond pas : réessayez dans un instant.'
          : 'Le service de réponses est injoignable.',
      },
      timedOut ? 504 : 502,
    );
  }
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    return c.json<ErrorBody>({ error: 'Le service de réponses a renvoyé une réponse illisible.' }, 502);
  }
  if (!response.ok) {
    return c.json<ErrorBody>({ error: `Le service de réponses a refusé la question (${response.status}).` }, 502);
  }
  return c.json(answer as object);
});
