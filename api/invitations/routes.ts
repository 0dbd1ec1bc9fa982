import { Hono } from 'hono';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { createInvitation } from './repo.ts';
import { invitationSchema } from '../auth/schemas.ts';
import { recordAudit } from '../audit/repo.ts';
import { listInvitations, revokeInvitation } from '../users/repo.ts';
import { jsonBodies } from '../middleware/bodies.ts';
import { requireRole } from '../middleware/session.ts';
import { isUuid, jsonBody, paramsOf } from '../validation.ts';
import { z } from 'zod';

const invitationParam = z.object({ id: z.string().refine(isUuid, 'Invitation introuvable.') });
const NOT_REVOCABLE = {
  used: 'Cette invitation a déjà servi : désactivez plutôt le compte créé.',
  revoked: 'Cette invitation est déjà révoquée.',
  expired: 'Cette invitation a expiré : elle ne peut plus servir.',
} as const;

/**
 * Invitations (`/api/invitations`), for administrators: create one (the token is shown once),
 * list them with where each stands, revoke one not used yet. Neither answer may be kept by a cache: one holds a secret.
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
    const admin = c.var.user!;
    const { token, expiresAt } = await c.var.db.transaction(async (tx) => {
      const created = await createInvitation(tx, { ...body, createdBy: admin.id });
      await recordAudit(tx, {
        tenantSlug: body.tenantSlug,
        userId: admin.id,
        email: admin.email,
        action: 'invitation.create',
        target: body.email,
        detail: { role: body.role, expiresAt: created.expiresAt },
      });
      return created;
    });
    const registerUrl = `${c.var.settings.publicOrigin}/register?token=${encodeURIComponent(token)}`;
    return c.json(
      { token, expiresAt, tenantSlug: body.tenantSlug, role: body.role, email: body.email, registerUrl },
      201,
    );
  })
  .get('/', async (c) => c.json({ items: await listInvitations(c.var.db) }))
  .delete('/:id', paramsOf(invitationParam), async (c) => {
    const admin = c.var.user!;
    const { id } = c.req.valid('param');
    const found = await c.var.db.transaction(async (tx) => {
      const invitation = await revokeInvitation(tx, id);
      if (invitation?.state === 'pending') {
        await recordAudit(tx, {
          tenantSlug: invitation.tenantSlug,
          userId: admin.id,
          email: admin.email,
          action: 'invitation.revoke',
          target: invitation.email,
          detail: { invitation: id },
        });
      }
      return invitation;
    });
    if (!found) return c.json<ErrorBody>({ error: 'Invitation introuvable.' }, 404);
    if (found.state !== 'pending') return c.json<ErrorBody>({ error: NOT_REVOCABLE[found.state] }, 409);
    return c.json({ revoked: id });
  });
