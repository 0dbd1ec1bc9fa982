import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { Hono, type Context } from 'hono';
import { scopeForUser } from '../../src/domain/tenants.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { findStoredReport } from '../reports/repo.ts';
import { checkLink } from './signed-links.ts';
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
export const fileRoutes = new Hono<AppEnv>()
  .use(requireRole('viewer'))
  .get('/:id', async (c) => {
    const report = await linkedReport(c);
    if (report instanceof Response) return report;
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
  })
  // The card's picture: the first page of a PDF, or the image, drawn once and kept. The same
  // signed link as the file's, and the same rights; 404 when the document has no picture.
  .get('/:id/thumbnail', async (c) => {
    const report = await linkedReport(c);
    if (report instanceof Response) return report;
    const { files, thumbnails } = c.var.settings;
    const picture = await thumbnails.get(
      report.storageKey,
      report.mime,
      async () => new Uint8Array(await buffer(files.read(report.storageKey))),
    );
    if (!picture) return c.json<ErrorBody>({ error: 'Pas d’aperçu pour ce document.' }, 404);
    return c.body(picture as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'image/webp',
      'Content-Length': String(picture.length),
      // The link changes every 15 minutes; the browser may keep the picture while it holds.
      'Cache-Control': 'private, max-age=900',
      'X-Content-Type-Options': 'nosniff',
    });
  })
  // A whole page, drawn for the « Vérifier » screen: same link and rights as the file's.
  .get('/:id/pages/:page', async (c) => {
    const report = await linkedReport(c);
    if (report instanceof Response) return report;
    const page = Number(c.req.param('page'));
    if (!Number.isInteger(page) || page < 1 || page > 10_000) {
      return c.json<ErrorBody>({ error: 'Numéro de page invalide.' }, 400);
    }
    const { files, thumbnails } = c.var.settings;
    const picture = await thumbnails.page(
      report.mime,
      page,
      async () => new Uint8Array(await buffer(files.read(report.storageKey))),
    );
    if (!picture) return c.json<ErrorBody>({ error: `Pas d’image de la page ${page} pour ce document.` }, 404);
    return c.body(picture as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'image/webp',
      'Content-Length': String(picture.length),
      'Cache-Control': 'private, max-age=900',
      'X-Content-Type-Options': 'nosniff',
    });
  });

/** The stored document a signed link opens, or the answer that refuses it. */
async function linkedReport(c: Context<AppEnv>) {
  const id = c.req.param('id')!;
  const check = checkLink(c.var.settings.signingKey, id, c.req.query('exp'), c.req.query('sig'));
  if (check === 'invalid') return c.json<ErrorBody>({ error: 'Lien de document invalide.' }, 403);
  if (check === 'expired') {
    return c.json<ErrorBody>({ error: 'Ce lien a expiré : rouvrez le document depuis la bibliothèque.' }, 410);
  }
  // Rights are checked again: a link shared with someone outside the borehole's tenant opens nothing.
  const report = await findStoredReport(c.var.db, id, scopeForUser(c.var.user, null));
  if (!report) return c.json<ErrorBody>({ error: 'Document introuvable.' }, 404);
  return report;
}
