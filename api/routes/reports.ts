import { todayInQuebec } from '../../src/domain/format.ts';
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { parseFilters } from '../../src/domain/filters.ts';
import { scopeForUser } from '../../src/domain/tenants.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { kindOf, MAX_UPLOAD_FILES, titleFromFileName } from '../../src/domain/upload.ts';
import {
  boreholeInScope,
  documentsWithFiles,
  insertDocuments,
  listReports,
  type ReportRow,
} from '../db/reports-repo.ts';
import { receiveUpload, UploadRefusal } from '../files/receive-upload.ts';
import { LINK_MINUTES, signLink } from '../files/signed-links.ts';
import { uploadBodies } from '../middleware/bodies.ts';
import { requireRole } from '../middleware/session.ts';
import { queryParams } from '../validation.ts';

/** The documents as the library shows them: a stored file gets a freshly signed link. */
const withLinks = (key: Uint8Array, rows: ReportRow[]) =>
  rows.map(({ stored, href, ...item }) => ({ ...item, href: stored ? signLink(key, item.id) : href }));

const WHICH_BOREHOLE = 'Indiquez le forage auquel les documents appartiennent.';
const uploadTarget = z.object({
  borehole: z.string({ error: WHICH_BOREHOLE }).trim().min(1, WHICH_BOREHOLE).max(64, WHICH_BOREHOLE),
});

const READ_ONLY = 'Votre compte est en lecture seule : il ne peut pas ajouter de documents.';

/**
 * The library of reports and logs (`/api/reports`): the documents of the boreholes a user may
 * read, filtered like the boreholes, each stored file behind a link signed for 15 minutes; and
 * new documents, uploaded by members and administrators.
 */
export const reportRoutes = new Hono<AppEnv>()
  .use(requireRole('viewer'))
  .get('/', async (c) => {
    const params = new URL(c.req.url).searchParams;
    const filters = parseFilters(params);
    if (!filters.ok) return c.json<ErrorBody>({ error: filters.error }, 400);
    const scope = scopeForUser(c.var.user, params.get('tenant'));
    const { items, total } = await listReports(c.var.db, { scope, filters: filters.filters });
    c.header('Cache-Control', 'private, no-store');
    return c.json({ items: withLinks(c.var.settings.signingKey, items), total, linkMinutes: LINK_MINUTES });
  })
  // New documents of one borehole (`?borehole=ID`), streamed into the store: no size limit on
  // the body here, each file is counted as it arrives. Rights are checked before the body is
  // read: write access (member or admin) to the borehole's tenant.
  .post('/', requireRole('member', READ_ONLY), uploadBodies, queryParams(uploadTarget), async (c) => {
    const user = c.var.user!;
    const boreholeId = c.req.valid('query').borehole;
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
    // The same file twice on one borehole would make two identical documents: it is not kept
    // again, and the answer says which document already holds it.
    const held = new Map(
      (
        await documentsWithFiles(
          c.var.db,
          boreholeId,
          received.map((file) => file.sha256),
        )
      ).map((d) => [d.sha256, d]),
    );
    const skipped = received.filter((file) => held.has(file.sha256));
    await Promise.all(skipped.map((file) => files.remove(file.key)));
    const notices = skipped.map(
      (file) =>
        `« ${file.name} » est déjà joint à ${boreholeId} (« ${held.get(file.sha256)!.title} ») : il n’est pas ajouté une seconde fois.`,
    );
    const kept = received.filter((file) => !held.has(file.sha256));
    if (kept.length === 0) return c.json<ErrorBody>({ error: notices.join(' ') }, 409);
    const documents = kept.map((file) => ({
      id: `${boreholeId}-${randomBytes(4).toString('hex').toUpperCase()}`,
      title: titleFromFileName(file.name),
      kind: kindOf(file.type),
      mime: file.type,
      storageKey: file.key,
      size: file.size,
      sha256: file.sha256,
    }));
    try {
      await insertDocuments(c.var.db, boreholeId, todayInQuebec(), documents);
    } catch (error) {
      await Promise.all(kept.map((file) => files.remove(file.key)));
      throw error;
    }
    // The rows are committed: the staged files become theirs (a crash before this line is
    // finished by the next start, which commits every staged file that has a row).
    for (const file of kept) await files.commit(file.key);
    const { items } = await listReports(c.var.db, {
      scope: { type: 'all' },
      filters: {},
      reportIds: documents.map((d) => d.id),
    });
    return c.json({ items: withLinks(c.var.settings.signingKey, items), notices }, 201);
  });
