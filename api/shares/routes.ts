import { Hono, type Context } from 'hono';
import { drawLog } from '../../src/domain/log/draw-log.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { loadRecord } from '../boreholes/record-repo.ts';
import { openShare } from './repo.ts';
import { logsPdf } from '../files/log-pdf.ts';
import { queryParams } from '../validation.ts';
import { logQuery } from '../boreholes/record-routes.ts';

const GONE = 'Ce lien de partage n’existe pas, a expiré ou a été révoqué.';

/**
 * The record a share link opens, for the person holding the link, signed in or not: its
 * borehole only, while the link is active. Unknown, expired and revoked links look the same.
 */
async function sharedRecord(c: Context<AppEnv>) {
  // Search engines never index what a link shares, nor cache it.
  c.header('X-Robots-Tag', 'noindex, nofollow');
  c.header('Cache-Control', 'private, no-store');
  const token = c.req.param('token') ?? '';
  const share = /^[A-Za-z0-9_-]{43}$/.test(token) ? await openShare(c.var.db, token) : null;
  if (!share) return null;
  const record = await loadRecord(c.var.db, { type: 'all' }, share.boreholeId);
  return record ? { ...record, sharedUntil: share.expiresAt } : null;
}

/**
 * Shared records (`/api/shared/:token`): the record and its log (SVG and PDF), nothing else —
 * neither documents nor history nor the links themselves.
 */
export const sharedRoutes = new Hono<AppEnv>()
  .get('/:token', async (c) => {
    const record = await sharedRecord(c);
    if (!record) return c.json<ErrorBody>({ error: GONE }, 404);
    // The project's AGS file is not shared: only this borehole is.
    return c.json({ ...record, projectId: null });
  })
  .get('/:token/log.svg', queryParams(logQuery), async (c) => {
    const record = await sharedRecord(c);
    if (!record) return c.json<ErrorBody>({ error: GONE }, 404);
    c.header('Content-Type', 'image/svg+xml; charset=utf-8');
    return c.body(drawLog(record.log, { scale: c.req.valid('query').scale }));
  })
  .get('/:token/log.pdf', queryParams(logQuery), async (c) => {
    const record = await sharedRecord(c);
    if (!record) return c.json<ErrorBody>({ error: GONE }, 404);
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `inline; filename="journal-${record.log.id.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf"`);
    return c.body(new Uint8Array(logsPdf([record.log], c.req.valid('query').scale)));
  });
