import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { parseFilters } from '../../src/domain/filters.ts';
import { scopeForUser } from '../../src/domain/tenants.ts';
import type { AppEnv, ErrorBody } from '../app.ts';
import { findStoredReport, listReports } from '../db/reports-repo.ts';
import { checkLink, LINK_MINUTES, signLink } from '../files/signed-links.ts';
import { requireRole } from '../middleware/session.ts';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/tiff': 'tif',
};

/**
 * The library of reports and logs: the documents of the boreholes a user may read, filtered like
 * the boreholes, each stored file behind a link signed for 15 minutes; and the files themselves,
 * sent only for a valid, unexpired link to a user whose scope holds the borehole.
 */
export const reportRoutes = new Hono<AppEnv>()
  .use('/reports', requireRole())
  .use('/files/*', requireRole())
  .get('/reports', async (c) => {
    const params = new URL(c.req.url).searchParams;
    const filters = parseFilters(params);
    if (!filters.ok) return c.json<ErrorBody>({ error: filters.error }, 400);
    const scope = scopeForUser(c.var.user, params.get('tenant'));
    const { items, total } = await listReports(c.var.db, { scope, filters: filters.filters });
    const key = c.var.settings.signingKey;
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      items: items.map(({ stored, href, ...item }) => ({ ...item, href: stored ? signLink(key, item.id) : href })),
      total,
      linkMinutes: LINK_MINUTES,
    });
  })
  .get('/files/:id', async (c) => {
    const id = c.req.param('id');
    const check = checkLink(c.var.settings.signingKey, id, c.req.query('exp'), c.req.query('sig'));
    if (check === 'invalid') return c.json<ErrorBody>({ error: 'Lien de document invalide.' }, 403);
    if (check === 'expired') {
      return c.json<ErrorBody>({ error: 'Ce lien a expiré : rouvrez le document depuis la bibliothèque.' }, 410);
    }
    // Rights are checked again: a link shared with someone outside the borehole's tenant opens nothing.
    const report = await findStoredReport(c.var.db, id, scopeForUser(c.var.user, null));
    if (!report) return c.json<ErrorBody>({ error: 'Document introuvable.' }, 404);
    const files = c.var.settings.files;
    let size: number;
    try {
      size = await files.size(report.storageKey);
    } catch {
      return c.json<ErrorBody>({ error: 'Document introuvable.' }, 404);
    }
    const name = `${report.id.replace(/[^\w.-]/g, '_')}.${EXTENSIONS[report.mime] ?? 'bin'}`;
    return c.body(Readable.toWeb(files.read(report.storageKey)) as ReadableStream, 200, {
      'Content-Type': report.mime,
      'Content-Length': String(size),
      'Content-Disposition': `inline; filename="${name}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });
