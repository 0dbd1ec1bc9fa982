import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { Hono } from 'hono';
import { prepareAgsImport, type PreparedImport } from '../../src/domain/ags/import/prepare-import.ts';
import { crsByCode } from '../../src/domain/crs/crs-table.ts';
import { isTenantSlug } from '../../src/domain/tenants.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { Queryable } from '../db/database.ts';
import { UploadRefusal } from '../files/receive-upload.ts';
import { writeImport } from '../imports/commit-import.ts';
import { findImport, insertImport, listImports, storedLocaIds } from '../imports/imports-repo.ts';
import { receiveImport } from '../imports/receive-import.ts';
import { jsonBodies, uploadBodies } from '../middleware/bodies.ts';
import { requireRole } from '../middleware/session.ts';

const DICTIONARIES = new URL('../imports/dictionaries/', import.meta.url);
const dictionaryCache = new Map<string, Uint8Array>();
/** A standard dictionary's bytes, read once. */
const dictionary = (name: string) => {
  let bytes = dictionaryCache.get(name);
  if (!bytes) dictionaryCache.set(name, (bytes = readFileSync(new URL(name, DICTIONARIES))));
  return bytes;
};

const READ_ONLY = 'Votre compte est en lecture seule : il ne peut pas importer de données.';
const NOT_FOUND = 'Import introuvable.';

/** The PROJ_ID of a file, read the way the import reads it (empty when it has none). */
function projectCode(prepared: PreparedImport, fileName: string): string {
  const proj = prepared.groups.find((group) => group.name === 'PROJ');
  const index = proj?.headings?.indexOf('PROJ_ID') ?? -1;
  return (index >= 0 ? proj?.rows[0]?.values[index]?.trim() : '') || fileName;
}

/** Validates a file as the import of `tenantSlug` would write it, the stored boreholes known. */
async function prepare(db: Queryable, bytes: Uint8Array, fileName: string, crs: string | null, tenantSlug: string) {
  const options = { dictionary, files: null, chosenCrs: crs };
  const first = prepareAgsImport(bytes, { ...options, existing: new Set() });
  const existing = await storedLocaIds(db, tenantSlug, projectCode(first, fileName));
  return existing.size === 0 ? first : prepareAgsImport(bytes, { ...options, existing });
}

/** The tenant an import goes to: the user's own; an administrator may name another. */
function targetTenant(user: SessionUser, requested: string): string | null {
  if (requested === '' || requested === user.tenantSlug) return user.tenantSlug;
  return user.role === 'admin' && isTenantSlug(requested) ? requested : null;
}

/** Whether a user may see or commit an import of a tenant. */
const mayReach = (user: SessionUser, tenantSlug: string) => user.role === 'admin' || user.tenantSlug === tenantSlug;

/**
 * Imports of borehole data (`/api/imports`): a file is sent, checked and kept, and its report
 * returned (nothing else is written); a valid import is then committed, in one transaction; the
 * history lists the tenant's imports. Members and administrators import; viewers read the history.
 */
export const importRoutes = new Hono<AppEnv>()
  .use(requireRole('viewer'))
  .get('/', async (c) => {
    const user = c.var.user!;
    c.header('Cache-Control', 'private, no-store');
    return c.json({ items: await listImports(c.var.db, user.role === 'admin' ? null : user.tenantSlug) });
  })
  .post('/', requireRole('member', READ_ONLY), uploadBodies, async (c) => {
    const user = c.var.user!;
    const { files, uploadMaxBytes } = c.var.settings;
    let upload;
    try {
      upload = await receiveImport(c.req.raw.body, c.req.header('content-type'), uploadMaxBytes);
    } catch (error) {
      if (error instanceof UploadRefusal) return c.json<ErrorBody>({ error: error.message }, error.status);
      throw error;
    }
    const tenantSlug = targetTenant(user, upload.tenant);
    if (!tenantSlug)
      return c.json<ErrorBody>({ error: `Organisation « ${upload.tenant} » inconnue ou hors de vos droits.` }, 403);
    if (!/\.ags$/i.test(upload.name)) {
      return c.json<ErrorBody>(
        {
          error: `« ${upload.name} » n’est pas un fichier AGS 4 (.ags) : c’est le format que l’import lit aujourd’hui.`,
        },
        415,
      );
    }
    const crs = upload.crs === '' ? null : (crsByCode(upload.crs)?.code ?? undefined);
    if (crs === undefined) {
      return c.json<ErrorBody>({ error: `Système de coordonnées « ${upload.crs} » inconnu de GéoSonde.` }, 400);
    }
    const prepared = await prepare(c.var.db, upload.bytes, upload.name, crs, tenantSlug);
    // Kept under a temporary name until its row is written (see the documents' uploads).
    const { key: storageKey } = await files.stage([upload.bytes]);
    let id: string;
    try {
      id = await insertImport(c.var.db, {
        tenantSlug,
        userId: user.id,
        fileName: upload.name,
        sizeBytes: upload.bytes.length,
        sha256: createHash('sha256').update(upload.bytes).digest('hex'),
        storageKey,
        crs,
        report: prepared.report,
      });
    } catch (error) {
      await files.remove(storageKey);
      throw error;
    }
    await files.commit(storageKey);
    return c.json({ id, status: prepared.report.valid ? 'validated' : 'refused', report: prepared.report }, 201);
  })
  .get('/:id/file', async (c) => {
    const found = await findImport(c.var.db, c.req.param('id'));
    if (!found || !mayReach(c.var.user!, found.tenantSlug)) return c.json<ErrorBody>({ error: NOT_FOUND }, 404);
    const bytes = await buffer(c.var.settings.files.read(found.storageKey));
    c.header('Content-Type', 'application/octet-stream');
    c.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(found.fileName)}`);
    c.header('Cache-Control', 'private, no-store');
    return c.body(bytes);
  })
  .post('/:id/commit', requireRole('member', READ_ONLY), jsonBodies, async (c) => {
    const user = c.var.user!;
    const found = await findImport(c.var.db, c.req.param('id'));
    if (!found || !mayReach(user, found.tenantSlug)) return c.json<ErrorBody>({ error: NOT_FOUND }, 404);
    if (found.status !== 'validated') {
      const why = found.status === 'committed' ? 'cet import est déjà fait' : 'le fichier a des erreurs bloquantes';
      return c.json<ErrorBody>({ error: `Import impossible : ${why}.` }, 409);
    }
    const bytes = await buffer(c.var.settings.files.read(found.storageKey));
    const result = await c.var.db.transaction(async (tx) => {
      // One commit at a time per import: a second request waits, then finds it done.
      const [row] = await tx.query<{ status: string }>('SELECT status FROM imports WHERE id = $1 FOR UPDATE', [
        found.id,
      ]);
      if (row?.status !== 'validated') return null;
      const prepared = await prepare(tx, bytes, found.fileName, found.crs, found.tenantSlug);
      if (!prepared.report.valid) return null;
      const written = await writeImport(tx, prepared, {
        importId: found.id,
        tenantSlug: found.tenantSlug,
        userId: user.id,
        fileName: found.fileName,
      });
      const counts = { created: written.created, updated: written.updated, unchanged: written.unchanged };
      await tx.query(
        `UPDATE imports SET status = 'committed', committed_at = now(), project_id = $2, result = $3 WHERE id = $1`,
        [found.id, written.projectId, JSON.stringify(counts)],
      );
      return written;
    });
    if (!result) return c.json<ErrorBody>({ error: 'Import impossible : cet import est déjà fait.' }, 409);
    const { projectId: _, ...body } = result;
    return c.json(body);
  });
