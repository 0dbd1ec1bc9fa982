import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';
import { createInvitation } from '../auth/invitations.ts';
import { invitationSchema } from '../auth/schemas.ts';
import { requireRole } from '../middleware/session.ts';
import { publicOrigin } from '../request-info.ts';
import { jsonBody } from '../validation.ts';

/** Invitations, for administrators: create one (the token is shown once) and list them. */
export const invitationRoutes = new Hono<AppEnv>()
  .use('/invitations', requireRole('admin'))
  .post('/invitations', jsonBody(invitationSchema), async (c) => {
    const body = c.req.valid('json');
    const { token, expiresAt } = await createInvitation(c.var.db, { ...body, createdBy: c.var.user!.id });
    const registerUrl = `${publicOrigin(c)}/register?token=${encodeURIComponent(token)}`;
    return c.json(
      { token, expiresAt, tenantSlug: body.tenantSlug, role: body.role, email: body.email, registerUrl },
      201,
    );
  })
  .get('/invitations', async (c) => {
    const rows = await c.var.db.query(
      `SELECT i.tenant_slug AS "tenantSlug", i.role, i.email, i.created_at AS "createdAt", i.expires_at AS "expiresAt",
              i.used_at AS "usedAt", u.email AS "usedBy"
       FROM invitations i LEFT JOIN users u ON u.id = i.used_by
       ORDER BY i.created_at DESC LIMIT 200`,
    );
    return c.json({ items: rows });
  });
