import { Hono } from 'hono';
import { isTenantSlug } from '../../src/domain/tenants.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { requireRole } from '../middleware/session.ts';
import { projectAgs } from './project-ags.ts';

/**
 * Projects (`/api/projects`): an imported project as AGS 4, with every group its files brought.
 * Anyone of the project's tenant may read it (viewers too), an administrator any project.
 */
export const projectRoutes = new Hono<AppEnv>()
  .use(requireRole('viewer'))
  // The organisation's projects (an administrator's: the one viewed, all without one), by code.
  .get('/', async (c) => {
    const user = c.var.user!;
    const viewed = c.req.query('tenant');
    const tenant = user.role === 'admin' ? (isTenantSlug(viewed) ? viewed : null) : user.tenantSlug;
    const items = await c.var.db.query<{ id: string; code: string; name: string; tenantSlug: string }>(
      `SELECT id, code, name, tenant_slug AS "tenantSlug" FROM projects
       WHERE $1::text IS NULL OR tenant_slug = $1 ORDER BY code COLLATE "C", id LIMIT 2000`,
      [tenant],
    );
    c.header('Cache-Control', 'private, no-store');
    return c.json({ items });
  })
  .get('/:id/ags', async (c) => {
    const user = c.var.user!;
    const found = await projectAgs(
      c.var.db,
      c.req.param('id'),
      (tenant) => user.role === 'admin' || user.tenantSlug === tenant,
    );
    if (!found) return c.json<ErrorBody>({ error: 'Projet introuvable.' }, 404);
    const name = `${found.code.replace(/[^\p{L}\p{N}._-]+/gu, '-').slice(0, 80) || 'projet'}.ags`;
    c.header('Content-Type', 'text/plain; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
    c.header('Cache-Control', 'private, no-store');
    return c.body(found.text);
  });
