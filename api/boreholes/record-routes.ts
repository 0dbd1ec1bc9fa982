import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { parseFilters } from '../../src/domain/filters.ts';
import { LOG_SCALES, type LogScale } from '../../src/domain/log/draw-log.ts';
import { MAX_LOGS_PER_PDF, SHARE_DAYS } from '../../src/domain/record.ts';
import { scopeForUser } from '../../src/domain/tenants.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { recordAudit } from '../audit/repo.ts';
import { listBoreholes, ownerOf } from './repo.ts';
import { logOf } from './log-repo.ts';
import { historyOf, loadRecord, restoreVersion } from './record-repo.ts';
import { boreholeInScope } from '../reports/repo.ts';
import { createShare, listShares, revokeShare, sharePath } from '../shares/repo.ts';
import { logsPdfAside } from '../files/log-pdf.ts';
import { jsonBodies } from '../middleware/bodies.ts';
import { projectAgs } from '../projects/project-ags.ts';
import { requireRole } from '../middleware/session.ts';
import { isUuid, jsonBody, queryParams } from '../validation.ts';
import { emitEvent } from '../webhooks/outbox.ts';

const NOT_FOUND = 'Forage introuvable.';
const READ_ONLY_RESTORE = 'Votre compte est en lecture seule : il ne peut pas restaurer de version.';
const READ_ONLY_SHARE = 'Votre compte est en lecture seule : il ne peut pas partager de fiche.';

const scaleSchema = z.coerce
  .number({ error: 'scale doit être 50, 100 ou 200.' })
  .refine((value): value is LogScale => (LOG_SCALES as readonly number[]).includes(value), {
    error: 'scale doit être 50, 100 ou 200.',
  })
  .default(100);
export const logQuery = z.object({ scale: scaleSchema });

const DAYS = `La durée du lien va de ${SHARE_DAYS.min} à ${SHARE_DAYS.max} jours.`;
const shareBody = z.object(
  {
    days: z
      .number({ error: DAYS })
      .int(DAYS)
      .min(SHARE_DAYS.min, DAYS)
      .max(SHARE_DAYS.max, DAYS)
      .default(SHARE_DAYS.default),
  },
  { error: 'Le corps de la requête doit être un objet JSON.' },
);

/** The borehole of the path when the user's scope reaches it, else null (absent and out of scope look alike). */
async function boreholeOf(c: Context<AppEnv>): Promise<string | null> {
  const id = c.req.param('id') ?? '';
  if (id.length > 64) return null;
  const scope = scopeForUser(c.var.user, c.req.query('tenant') ?? null);
  return (await boreholeInScope(c.var.db, id, scope)) ? id : null;
}

/** A file name from an id: letters, digits, dots, dashes. */
const agsName = (id: string) => id.replace(/[^\p{L}\p{N}._-]+/gu, '-').slice(0, 80) || 'forage';

const notFound = (c: Context<AppEnv>) => c.json<ErrorBody>({ error: NOT_FOUND }, 404);

/**
 * A borehole's record in the workspace (`/api/boreholes/:id/…`): the record, its history and the
 * restore of a version, its share links; and the logs of a selection as one PDF. Reading needs a
 * session; restoring and sharing need a member or an administrator. Scope as everywhere.
 */
export const recordRoutes = new Hono<AppEnv>()
  .use(requireRole('viewer'), jsonBodies)
  .get('/logs.pdf', queryParams(logQuery), async (c) => {
    const filters = parseFilters(new URL(c.req.url).searchParams);
    if (!filters.ok) return c.json<ErrorBody>({ error: filters.error }, 400);
    const ids = filters.filters.ids ?? [];
    if (ids.length === 0)
      return c.json<ErrorBody>({ error: 'Choisissez les forages dont vous voulez les journaux.' }, 400);
    if (ids.length > MAX_LOGS_PER_PDF) {
      return c.json<ErrorBody>(
        { error: `Un PDF réunit au plus ${MAX_LOGS_PER_PDF} journaux : réduisez la sélection.` },
        400,
      );
    }
    const scope = scopeForUser(c.var.user, c.req.query('tenant') ?? null);
    const { items } = await listBoreholes(c.var.db, { scope, filters: { ids }, limit: MAX_LOGS_PER_PDF });
    if (items.length === 0) return c.json<ErrorBody>({ error: 'Aucun de ces forages n’est accessible.' }, 404);
    // In the order of the selection, as the person chose them.
    const order = new Map(ids.map((id, i) => [id, i]));
    items.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    const logs = [];
    for (const borehole of items) logs.push(await logOf(c.var.db, borehole));
    const pdf = await logsPdfAside(logs, c.req.valid('query').scale);
    c.header('Cache-Control', 'private, no-store');
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="journaux-${logs.length}-forages.pdf"`);
    return c.body(pdf);
  })
  .get('/:id/record', async (c) => {
    const id = c.req.param('id');
    if (id.length > 64) return notFound(c);
    const record = await loadRecord(c.var.db, scopeForUser(c.var.user, c.req.query('tenant') ?? null), id);
    if (!record) return notFound(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(record);
  })
  .get('/:id/ags', async (c) => {
    const id = await boreholeOf(c);
    if (!id) return notFound(c);
    const owner = await ownerOf(c.var.db, id);
    // In scope already: the project is the borehole's, whatever its tenant.
    const found = owner ? await projectAgs(c.var.db, owner.project_id, () => true, id) : null;
    if (!found) return notFound(c);
    c.header('Content-Type', 'text/plain; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${agsName(id)}.ags`)}`);
    c.header('Cache-Control', 'private, no-store');
    return c.body(found.text);
  })
  .get('/:id/versions', async (c) => {
    const id = await boreholeOf(c);
    if (!id) return notFound(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ versions: await historyOf(c.var.db, id) });
  })
  .post('/:id/versions/:version/restore', requireRole('member', READ_ONLY_RESTORE), async (c) => {
    const version = Number(c.req.param('version'));
    if (!Number.isSafeInteger(version) || version < 1)
      return c.json<ErrorBody>({ error: 'Numéro de version invalide.' }, 400);
    if (version > 2_147_483_647) return c.json<ErrorBody>({ error: `Version ${version} introuvable.` }, 404);
    const id = await boreholeOf(c);
    if (!id) return notFound(c);
    const user = c.var.user!;
    const outcome = await c.var.db.transaction(async (tx) => {
      const restored = await restoreVersion(tx, id, version, user.id);
      if (restored.ok) {
        await recordAudit(tx, {
          tenantSlug: user.tenantSlug,
          userId: user.id,
          email: user.email,
          action: 'borehole.restore',
          target: id,
          detail: { restored: version, version: restored.version },
        });
        const owner = await ownerOf(tx, id);
        await emitEvent(tx, owner!.tenant_slug, 'borehole.updated', {
          borehole_id: id,
          loca_id: owner!.loca_id,
          tenant: owner!.tenant_slug,
          project_id: owner!.project_id,
          version: restored.version,
          restored_from: version,
        });
      }
      return restored;
    });
    if (!outcome.ok) return c.json<ErrorBody>({ error: outcome.error }, outcome.status);
    return c.json({ version: outcome.version, restoredFrom: version }, 201);
  })
  .get('/:id/shares', requireRole('member', READ_ONLY_SHARE), async (c) => {
    const id = await boreholeOf(c);
    if (!id) return notFound(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ shares: await listShares(c.var.db, id) });
  })
  .post('/:id/shares', requireRole('member', READ_ONLY_SHARE), jsonBody(shareBody), async (c) => {
    const id = await boreholeOf(c);
    if (!id) return notFound(c);
    const user = c.var.user!;
    const { days } = c.req.valid('json');
    const { token, link } = await c.var.db.transaction(async (tx) => {
      const made = await createShare(tx, id, days, user.id);
      await recordAudit(tx, {
        tenantSlug: user.tenantSlug,
        userId: user.id,
        email: user.email,
        action: 'share.create',
        target: id,
        detail: { days, share: made.link.id },
      });
      return made;
    });
    // The token is in this answer only: the database keeps its hash.
    c.header('Cache-Control', 'no-store');
    return c.json({ ...link, url: `${c.var.settings.publicOrigin}${sharePath(token)}` }, 201);
  })
  .delete('/:id/shares/:share', requireRole('member', READ_ONLY_SHARE), async (c) => {
    const id = await boreholeOf(c);
    const share = c.req.param('share');
    if (!id || !isUuid(share)) return c.json<ErrorBody>({ error: 'Lien de partage introuvable.' }, 404);
    const user = c.var.user!;
    const revoked = await c.var.db.transaction(async (tx) => {
      const done = await revokeShare(tx, id, share, user.id);
      if (done) {
        await recordAudit(tx, {
          tenantSlug: user.tenantSlug,
          userId: user.id,
          email: user.email,
          action: 'share.revoke',
          target: id,
          detail: { share },
        });
      }
      return done;
    });
    if (!revoked) return c.json<ErrorBody>({ error: 'Lien de partage introuvable ou déjà inactif.' }, 404);
    return c.json({ revoked: share });
  });
