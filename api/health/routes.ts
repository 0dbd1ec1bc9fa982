import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { acceptsWrites } from '../db/database.ts';

/**
 * `GET /api/health`, for people and load balancers: 503 when the database does not answer, else
 * 200 with `status` 'ok', or 'degraded' when nothing new can be stored — the database is
 * read-only, the document folder is not writable, or its disk has less room than one upload.
 */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const started = performance.now();
  const { db, settings } = c.var;
  let databaseWritable: boolean;
  try {
    databaseWritable = await acceptsWrites(db);
  } catch {
    return c.json({ status: 'error', error: 'Base de données injoignable.' }, 503);
  }
  const latencyMs = Math.round(performance.now() - started);
  const disk = await settings.files.space().catch(() => ({ writable: false, freeBytes: 0 }));
  const writable = databaseWritable && disk.writable;
  const status = writable && disk.freeBytes >= settings.uploadMaxBytes ? 'ok' : 'degraded';
  c.header('Cache-Control', 'no-store');
  return c.json({ status, database: db.kind, latencyMs, writable, diskFreeBytes: disk.freeBytes });
});
