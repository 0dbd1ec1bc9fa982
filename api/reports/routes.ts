import { todayInQuebec } from '../../src/domain/format.ts';
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { parseFilters } from '../../src/domain/filters.ts';
import { scopeForUser } from '../../src/domain/tenants.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import type { Queryable } from '../db/database.ts';
import { kindOf, MAX_UPLOAD_FILES, titleFromFileName } from '../../src/domain/upload.ts';
import { recordAudit } from '../audit/repo.ts';
import {
  boreholeInScope,
  deleteDocument,
  documentsWithFiles,
  finishFileRemovals,
  insertDocuments,
  listReports,
  lockDocument,
  replaceDocumentFile,
  type Changer,
  type ChangeableDocument,
  type ReportRow,
} from './repo.ts';
import { receiveUpload, UploadRefusal } from '../files/receive-upload.ts';
import { LINK_MINUTES, signLink, signThumbnailLink } from '../files/signed-links.ts';
import { THUMBNAIL_TYPES } from '../files/thumbnails.ts';
import type { ReportItem } from '../../src/domain/report.ts';
import { jsonBodies, uploadBodies } from '../middleware/bodies.ts';
import { requireRole } from '../middleware/session.ts';
import { jsonBody, paramsOf, queryParams } from '../validation.ts';
import { checkedLogFaults } from '../../src/domain/digitise/checked-log.ts';
import { checkedLogSchema, readingOf } from '../digitise/reading-view.ts';
import { writeCheckedLog } from '../digitise/write-checked-log.ts';

/** The documents as the library shows them: a stored file gets a freshly signed link. */
const withLinks = (key: Uint8Array, rows: ReportRow[]): ReportItem[] =>
  rows.map(({ stored, href, mime, ...item }) => ({
    ...item,
    href: stored ? signLink(key, item.id) : href,
    thumbnail: stored && mime && THUMBNAIL_TYPES.has(mime) ? signThumbnailLink(key, item.id) : null,
  }));

const WHICH_BOREHOLE = 'Indiquez le forage auquel les documents appartiennent.';
const uploadTarget = z.object({
  borehole: z.string({ error: WHICH_BOREHOLE }).trim().min(1, WHICH_BOREHOLE).max(64, WHICH_BOREHOLE),
});

const READ_ONLY = 'Votre compte est en lecture seule : il ne peut pas ajouter de documents.';
const READ_ONLY_CHANGE = 'Votre compte est en lecture seule : il ne peut pas modifier de documents.';
const NOT_YOURS = 'Vous ne pouvez remplacer ou supprimer que les documents que vous avez ajoutés.';
const READ_ONLY_CHECK = 'Votre compte est en lecture seule : il ne peut pas vérifier de documents.';
const documentParam = z.object({ id: z.string().max(80, 'Identifiant de document invalide.') });
const notFound = (id: string) => `Document ${id} introuvable dans votre organisation.`;

/**
 * Runs a change of one document in a transaction: the document must be in the user's scope (404)
 * and theirs to change (403). Files noted for removal go once the change has committed.
 */
async function changeDocument(
  c: Context<AppEnv>,
  id: string,
  work: (tx: Queryable, document: ChangeableDocument) => Promise<void>,
): Promise<{ status: 404 | 403; error: string } | { document: ChangeableDocument }> {
  const user = c.var.user!;
  const changer: Changer = { userId: user.id, role: user.role };
  const outcome = await c.var.db.transaction(async (tx) => {
    const document = await lockDocument(tx, id, scopeForUser(user, null), changer);
    if (!document) return { status: 404 as const, error: notFound(id) };
    if (!document.canChange) return { status: 403 as const, error: NOT_YOURS };
    await work(tx, document);
    return { document };
  });
  if ('document' in outcome && outcome.document) {
    await finishFileRemovals(c.var.db, c.var.settings.files);
    if (outcome.document.storageKey) await c.var.settings.thumbnails.remove(outcome.document.storageKey);
  }
  return outcome;
}

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
    const user = c.var.user!;
    const { items, total } = await listReports(c.var.db, {
      scope,
      filters: filters.filters,
      changer: { userId: user.id, role: user.role },
    });
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
      await insertDocuments(c.var.db, boreholeId, todayInQuebec(), documents, user);
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
      changer: { userId: user.id, role: user.role },
    });
    return c.json({ items: withLinks(c.var.settings.signingKey, items), notices }, 201);
  })
  // A document and its file, deleted together by who added it or an administrator; recorded.
  .delete('/:id', requireRole('member', READ_ONLY_CHANGE), paramsOf(documentParam), async (c) => {
    const user = c.var.user!;
    const id = c.req.valid('param').id;
    const outcome = await changeDocument(c, id, async (tx, document) => {
      await deleteDocument(tx, document);
      await recordAudit(tx, {
        tenantSlug: document.tenantSlug,
        userId: user.id,
        email: user.email,
        action: 'document.delete',
        target: document.id,
        detail: { borehole: document.bhId, title: document.title, sha256: document.sha256, size: document.size },
      });
    });
    if ('error' in outcome) return c.json<ErrorBody>({ error: outcome.error }, outcome.status);
    return c.json({ deleted: id });
  })
  // A document's file replaced by a new one (one file, sent like an upload); the document keeps
  // its id and title, is dated today and processed again; recorded.
  .put('/:id/file', requireRole('member', READ_ONLY_CHANGE), uploadBodies, paramsOf(documentParam), async (c) => {
    const user = c.var.user!;
    const id = c.req.valid('param').id;
    const { files, uploadMaxBytes } = c.var.settings;
    // Rights first, before a byte of the body is read.
    const scope = scopeForUser(user, null);
    const checked = await lockDocument(c.var.db, id, scope, { userId: user.id, role: user.role });
    if (!checked) return c.json<ErrorBody>({ error: notFound(id) }, 404);
    if (!checked.canChange) return c.json<ErrorBody>({ error: NOT_YOURS }, 403);
    if (Number(c.req.header('content-length') ?? 0) > uploadMaxBytes + 64 * 1024) {
      return c.json<ErrorBody>({ error: 'Envoi trop volumineux.' }, 413);
    }
    let received;
    try {
      received = await receiveUpload(c.req.raw.body, c.req.header('content-type'), { files, maxBytes: uploadMaxBytes });
    } catch (error) {
      if (error instanceof UploadRefusal) return c.json<ErrorBody>({ error: error.message }, error.status);
      throw error;
    }
    const discard = () => Promise.all(received.map((file) => files.remove(file.key)));
    if (received.length !== 1) {
      await discard();
      return c.json<ErrorBody>({ error: 'Envoyez un seul fichier pour remplacer un document.' }, 400);
    }
    const file = received[0]!;
    const twins = await documentsWithFiles(c.var.db, checked.bhId, [file.sha256]);
    if (twins.length > 0) {
      await discard();
      const twin = twins[0]!;
      const error =
        twin.id === id
          ? `« ${file.name} » est identique au fichier actuel de ce document : rien n’est remplacé.`
          : `« ${file.name} » est déjà joint à ${checked.bhId} (« ${twin.title} ») : rien n’est remplacé.`;
      return c.json<ErrorBody>({ error }, 409);
    }
    let outcome;
    try {
      outcome = await changeDocument(c, id, async (tx, document) => {
        const replacement = {
          kind: kindOf(file.type),
          mime: file.type,
          storageKey: file.key,
          size: file.size,
          sha256: file.sha256,
        };
        await replaceDocumentFile(tx, document, replacement, todayInQuebec());
        await recordAudit(tx, {
          tenantSlug: document.tenantSlug,
          userId: user.id,
          email: user.email,
          action: 'document.replace',
          target: document.id,
          detail: {
            borehole: document.bhId,
            title: document.title,
            before: { sha256: document.sha256, size: document.size, mime: document.mime },
            after: { sha256: file.sha256, size: file.size, mime: file.type, name: file.name },
          },
        });
      });
    } catch (error) {
      await discard();
      throw error;
    }
    if ('error' in outcome) {
      await discard();
      return c.json<ErrorBody>({ error: outcome.error }, outcome.status);
    }
    // The row names the new file: it becomes the document's (a crash before is finished at start).
    await files.commit(file.key);
    const { items } = await listReports(c.var.db, {
      scope: { type: 'all' },
      filters: {},
      reportIds: [id],
      changer: { userId: user.id, role: user.role },
    });
    return c.json({ items: withLinks(c.var.settings.signingKey, items) });
  })
  // What was read in a document, for the « Vérifier » screen: the reading, each value with its
  // page and box, the pages drawn as pictures, and the borehole's values to compare with.
  .get('/:id/reading', requireRole('member', READ_ONLY_CHECK), paramsOf(documentParam), async (c) => {
    const id = c.req.valid('param').id;
    const view = await readingOf(c.var.db, id, scopeForUser(c.var.user, null), c.var.settings.signingKey);
    if (!view) return c.json<ErrorBody>({ error: notFound(id) }, 404);
    c.header('Cache-Control', 'private, no-store');
    return c.json(view);
  })
  // The log as the person checked it, written into the borehole as a new version.
  .post(
    '/:id/validate',
    requireRole('member', READ_ONLY_CHECK),
    jsonBodies,
    paramsOf(documentParam),
    jsonBody(checkedLogSchema),
    async (c) => {
      const user = c.var.user!;
      const id = c.req.valid('param').id;
      const { remove, ...log } = c.req.valid('json');
      const faults = checkedLogFaults(log);
      if (faults.length > 0) return c.json<ErrorBody & { faults: string[] }>({ error: faults[0]!, faults }, 400);
      const outcome = await c.var.db.transaction((tx) =>
        writeCheckedLog(tx, { reportId: id, scope: scopeForUser(user, null), user, log, remove }),
      );
      if (!outcome.ok) return c.json<ErrorBody>({ error: outcome.error }, outcome.status);
      return c.json({ boreholeId: outcome.boreholeId, version: outcome.version, changed: outcome.changed });
    },
  );
