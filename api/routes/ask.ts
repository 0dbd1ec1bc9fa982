import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, ErrorBody } from '../app.ts';
import { clientIp } from '../request-info.ts';

const askSchema = z.object({
  query: z
    .string({ error: 'Écrivez une question.' })
    .trim()
    .min(1, 'Écrivez une question.')
    .max(500, 'Une question tient en 500 caractères au plus.'),
  top_k: z.number().int().min(1).max(10).default(3),
  threshold: z.number().min(0).max(1).default(0.5),
});

/** Questions per address and per minute, in this process. */
const PER_MINUTE = 30;
const windows = new Map<string, { count: number; resetAt: number }>();

/** True while an address stays within its questions for the current minute. */
function withinRate(ip: string, now = Date.now()): { ok: true } | { ok: false; retryAfter: number } {
  if (windows.size > 10_000) for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  const window = windows.get(ip);
  if (!window || window.resetAt <= now) {
    windows.set(ip, { count: 1, resetAt: now + 60_000 });
    return { ok: true };
  }
  window.count += 1;
  return window.count <= PER_MINUTE
    ? { ok: true }
    : { ok: false, retryAfter: Math.ceil((window.resetAt - now) / 1000) };
}

/**
 * `POST /ask` `{query, top_k, threshold}` → `{answer, sources}`: the embedded retrieval over our
 * own pages, or, when ASK_UPSTREAM_URL is set, that service's answer passed on unchanged. Same
 * origin only (the API's CSRF rule), 30 questions a minute per address.
 */
export const askRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const rate = withinRate(clientIp(c));
  if (!rate.ok) {
    c.header('Retry-After', String(rate.retryAfter));
    return c.json<ErrorBody>({ error: `Trop de questions à la fois : réessayez dans ${rate.retryAfter} s.` }, 429);
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return c.json<ErrorBody>({ error: 'Requête mal formée : JSON invalide.' }, 400);
  }
  const parsed = askSchema.safeParse(body);
  if (!parsed.success) return c.json<ErrorBody>({ error: parsed.error.issues[0]!.message }, 400);
  const { query, top_k: topK, threshold } = parsed.data;
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

/** Forgets the counts (tests). */
export const resetAskRate = () => windows.clear();
