import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { scopeForUser } from '../../src/domain/tenants.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { findStoredReport } from '../db/reports-repo.ts';
import { checkLink } from '../files/signed-links.ts';
import { requireRole } from '../middleware/session.ts';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/tiff': 'tif',
};

/**
 * The documents' files (`/api/files/:id`), sent only for a valid, unexpired signed link to a
 * signed-in user whose scope holds the borehole; never compressed or transformed on the way.
 */
export const fileRoutes = new Hono<AppEnv>().use(requireRole('viewer')).get('/:id', async (c) => {
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
    'Cache-Control': 'private, no-store, no-transform',
    'X-Content-Type-Options': 'nosniff',
  });
});
