import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { parseFilters } from '../../src/domain/filters.ts';
import { scopeForUser } from '../../src/domain/tenants.ts';
import type { AppEnv, ErrorBody } from '../app.ts';
import { kindOf, MAX_UPLOAD_FILES, titleFromFileName } from '../../src/domain/upload.ts';
import { boreholeInScope, findStoredReport, insertDocuments, listReports, type ReportRow } from '../db/reports-repo.ts';
import { receiveUpload, UploadRefusal } from '../files/receive-upload.ts';
import { checkLink, LINK_MINUTES, signLink } from '../files/signed-links.ts';
import { requireRole } from '../middleware/session.ts';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/tiff': 'tif',
};

/** The documents as the library shows them: a stored file gets a freshly signed link. */
const withLinks = (key: Uint8Array, rows: ReportRow[]) =>
  rows.map(({ stored, href, ...item }) => ({ ...item, href: stored ? signLink(key, item.id) : href }));

/** Today's date in Québec, YYYY-MM-DD. */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Toronto' });

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
    c.header('Cache-Control', 'private, no-store');
    return c.json({ items: withLinks(c.var.settings.signingKey, items), total, linkMinutes: LINK_MINUTES });
  })
  // New documents of one borehole (`?borehole=ID`), streamed into the store. Rights are checked
  // before the body is read: write access (member or admin) to the borehole's tenant.
  .post('/reports', async (c) => {
    const user = c.var.user!;
    if (user.role !== 'admin' && user.role !== 'member') {
      return c.json<ErrorBody>(
        { error: 'Votre compte est en lecture seule : il ne peut pas ajouter de documents.' },
        403,
      );
    }
    const boreholeId = c.req.query('borehole')?.trim() ?? '';
    if (!boreholeId || boreholeId.length > 64) {
      return c.json<ErrorBody>({ error: 'Indiquez le forage auquel les documents appartiennent.' }, 400);
    }
    if (!(await boreholeInScope(c.var.db, boreholeId, scopeForUser(user, null)))) {
      return c.json<ErrorBody>({ error: `Forage ${boreholeId} introuvable dans votre organisation.` }, 404);
    }
    const { files, uploadMaxBytes } = c.var.settings;
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > MAX_UPLOAD_FILES * (uploadMaxBytes + 64 * 1024)) {
      return c.json<ErrorBody>({ error: 'Envoi trop volumineux.' }, 413);
    }
    let received;
    try {
      received = await receiveUpload(c.req.raw.body, c.req.header('content-type'), { files, maxBytes: uploadMaxBytes });
    } catch (error) {
      if (error instanceof UploadRefusal) return c.json<ErrorBody>({ error: error.message }, error.status);
      throw error;
    }
    const documents = received.map((file) => ({
      id: `${boreholeId}-${randomBytes(4).toString('hex').toUpperCase()}`,
      title: titleFromFileName(file.name),
      kind: kindOf(file.type),
      mime: file.type,
      storageKey: file.key,
      size: file.size,
    }));
    try {
      await insertDocuments(c.var.db, boreholeId, today(), documents);
    } catch (error) {
      await Promise.all(received.map((file) => files.remove(file.key)));
      throw error;
    }
    const { items } = await listReports(c.var.db, {
      scope: { type: 'all' },
      filters: {},
      reportIds: documents.map((d) => d.id),
    });
    return c.json({ items: withLinks(c.var.settings.signingKey, items) }, 201);
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
