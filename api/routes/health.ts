import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';

/** `GET /api/health`: 200 when the database answers, 503 otherwise. */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const started = performance.now();
  try {
    await c.var.db.query('SELECT 1');
    return c.json({ status: 'ok', database: c.var.db.kind, latencyMs: Math.round(performance.now() - started) });
  } catch {
    return c.json({ status: 'error', error: 'Base de données injoignable.' }, 503);
  }
});
