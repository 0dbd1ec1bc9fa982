import { Hono } from 'hono';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { requireRole } from '../middleware/session.ts';
import { projectAgs } from './project-ags.ts';

/**
 * Projects (`/api/projects`): an imported project as AGS 4, with every group its files brought.
 * Anyone of the project's tenant may read it (viewers too), an administrator any project.
 */
export const projectRoutes = new Hono<AppEnv>().use(requireRole('viewer')).get('/:id/ags', async (c) => {
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
