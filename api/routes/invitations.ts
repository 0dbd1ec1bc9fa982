import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { createInvitation } from '../auth/invitations.ts';
import { invitationSchema } from '../auth/schemas.ts';
import { listInvitations } from '../db/users-repo.ts';
import { jsonBodies } from '../middleware/bodies.ts';
import { requireRole } from '../middleware/session.ts';
import { jsonBody } from '../validation.ts';

/**
 * Invitations (`/api/invitations`), for administrators: create one (the token is shown once)
 * and list them. Neither answer may be kept by a cache: one holds a secret.
 */
export const invitationRoutes = new Hono<AppEnv>()
  .use(
    async (c, next) => {
      c.header('Cache-Control', 'no-store');
      await next();
    },
    jsonBodies,
    requireRole('admin'),
  )
  .post('/', jsonBody(invitationSchema), async (c) => {
    const body = c.req.valid('json');
    const { token, expiresAt } = await createInvitation(c.var.db, { ...body, createdBy: c.var.user!.id });
    const registerUrl = `${c.var.settings.publicOrigin}/register?token=${encodeURIComponent(token)}`;
    return c.json(
      { token, expiresAt, tenantSlug: body.tenantSlug, role: body.role, email: body.email, registerUrl },
      201,
    );
  })
  .get('/', async (c) => c.json({ items: await listInvitations(c.var.db) }));
