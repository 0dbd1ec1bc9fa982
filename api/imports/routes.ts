import { buffer } from 'node:stream/consumers';
import { Hono } from 'hono';
import { reportCsv } from '../../src/domain/ags/import/report-csv.ts';
import { crsByCode } from '../../src/domain/crs/crs-table.ts';
import { isTenantSlug } from '../../src/domain/tenants.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { UploadRefusal } from '../files/receive-upload.ts';
import { commitImport, validateImport } from './import-service.ts';
import { findImport, listImports, removeImport } from './repo.ts';
import { receiveImport } from './receive-import.ts';
import { templateCsvZip, templateWorkbook } from './template-files.ts';
import { jsonBodies, uploadBodies } from '../middleware/bodies.ts';
import { requireRole } from '../middleware/session.ts';

const READ_ONLY = 'Votre compte est en lecture seule : il ne peut pas importer de données.';
const NOT_FOUND = 'Import introuvable.';

/** The tenant an import goes to: the user's own; an administrator may name another. */
function targetTenant(user: SessionUser, requested: string): string | null {
  if (requested === '' || requested === user.tenantSlug) return user.tenantSlug;
  return user.role === 'admin' && isTenantSlug(requested) ? requested : null;
}

/** Whether a user may see or commit an import of a tenant. */
const mayReach = (user: SessionUser, tenantSlug: string) => user.role === 'admin' || user.tenantSlug === tenantSlug;

/**
 * Imports of borehole data (`/api/imports`): a file is sent, checked and kept, and its report
 * returned (201, or 422 when refused; nothing else is written); a valid import is then committed,
 * in one transaction; the history lists the tenant's imports, each with its file and report.
 * Members and administrators import; viewers read the history.
 */
export const importRoutes = new Hono<AppEnv>()
  .use(requireRole('viewer'))
  .get('/', async (c) => {
    const user = c.var.user!;
    c.header('Cache-Control', 'private, no-store');
    const reader = { id: user.id, admin: user.role === 'admin' };
    return c.json({ items: await listImports(c.var.db, user.role === 'admin' ? null : user.tenantSlug, reader) });
  })
  // The GéoSonde template for spreadsheets (see sheet-template.ts), as a workbook or as CSV files.
  .get('/modele.xlsx', async (c) => {
    c.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    c.header('Content-Disposition', 'attachment; filename="geosonde-modele-import.xlsx"');
    return c.body(new Uint8Array(await templateWorkbook()));
  })
  .get('/modele-csv.zip', (c) => {
    c.header('Content-Type', 'application/zip');
    c.header('Content-Disposition', 'attachment; filename="geosonde-modele-import-csv.zip"');
    return c.body(new Uint8Array(templateCsvZip()));
  })
  .post('/', requireRole('member', READ_ONLY), uploadBodies, async (c) => {
    const user = c.var.user!;
    const { files, uploadMaxBytes } = c.var.settings;
    let upload;
    try {
      upload = await receiveImport(c.req.raw.body, c.req.header('content-type'), uploadMaxBytes, files);
    } catch (error) {
      if (error instanceof UploadRefusal) return c.json<ErrorBody>({ error: error.message }, error.status);
      throw error;
    }
    const tenantSlug = targetTenant(user, upload.tenant);
    const crs = upload.crs === '' ? null : (crsByCode(upload.crs)?.code ?? undefined);
    if (!tenantSlug || crs === undefined) {
      await files.remove(upload.staged.key);
      return !tenantSlug
        ? c.json<ErrorBody>({ error: `Organisation « ${upload.tenant} » inconnue ou hors de vos droits.` }, 403)
        : c.json<ErrorBody>({ error: `Système de coordonnées « ${upload.crs} » inconnu de GéoSonde.` }, 400);
    }
    let validated;
    try {
      // The staged file is the import's from here: kept with its row, or removed on refusal.
      validated = await validateImport(c.var.db, files, {
        tenantSlug,
        userId: user.id,
        fileName: upload.name,
        staged: upload.staged,
        crs,
      });
    } catch (error) {
      if (error instanceof UploadRefusal) return c.json<ErrorBody>({ error: error.message }, error.status);
      throw error;
    }
    const { id, report } = validated;
    if (report.valid) return c.json({ id, status: 'validated', report }, 201);
    // Refused (decision, see docs/import.md): 422 with the same body, the French report and the id. The
    // import stays in the history, « refusé », with its file and report, for the firm to fetch
    // later; no borehole data is written.
    return c.json({ id, status: 'refused', report }, 422);
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
  // The report as the screen gave it (CSV), refused imports' included: kept with the import.
  .get('/:id/report.csv', async (c) => {
    const found = await findImport(c.var.db, c.req.param('id'));
    if (!found || !mayReach(c.var.user!, found.tenantSlug)) return c.json<ErrorBody>({ error: NOT_FOUND }, 404);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header(
      'Content-Disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(`${found.fileName}.rapport.csv`)}`,
    );
    c.header('Cache-Control', 'private, no-store');
    return c.body(reportCsv(found.fileName, found.report));
  })
  // An import that wrote nothing, removed by its author (or an administrator): row, then file.
  .delete('/:id', requireRole('member', READ_ONLY), async (c) => {
    const user = c.var.user!;
    const reader = { id: user.id, admin: user.role === 'admin', tenantSlug: user.tenantSlug };
    const removed = await removeImport(c.var.db, c.req.param('id'), reader);
    if (removed === 'committed') {
      return c.json<ErrorBody>({ error: 'Un import effectué reste dans l’historique : ses forages en viennent.' }, 409);
    }
    if (!removed) return c.json<ErrorBody>({ error: NOT_FOUND }, 404);
    // The row is gone; a file that cannot be removed now is an orphan the data check reports.
    await c.var.settings.files.remove(removed.storageKey).catch(() => {});
    return c.body(null, 204);
  })
  .post('/:id/commit', requireRole('member', READ_ONLY), jsonBodies, async (c) => {
    const user = c.var.user!;
    const outcome = await commitImport(c.var.db, c.var.settings.files, c.req.param('id'), user, (tenant) =>
      mayReach(user, tenant),
    );
    if (!outcome.ok) return c.json<ErrorBody>({ error: outcome.message }, outcome.status);
    return c.json(outcome.result);
  });
