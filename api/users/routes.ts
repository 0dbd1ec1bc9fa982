import { Hono } from 'hono';
import { z } from 'zod';
import { ROLES } from '../../src/domain/roles.ts';
import { TENANT_SLUGS } from '../../src/domain/tenants.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { AUDIT_ACTIONS, listAudit, recordAudit } from '../audit/repo.ts';
import { listAccounts, lockAccount, updateAccount } from './repo.ts';
import { jsonBodies } from '../middleware/bodies.ts';
import { requireRole } from '../middleware/session.ts';
import { isUuid, jsonBody, paramsOf, queryParams } from '../validation.ts';

const tenant = z.enum(TENANT_SLUGS, { error: 'Organisation inconnue.' }).optional();
const usersQuery = z.object({ tenant });
const accountParam = z.object({ id: z.string().refine(isUuid, 'Compte introuvable.') });
const accountChange = z
  .strictObject(
    {
      role: z.enum(ROLES, { error: 'Rôle inconnu : admin, member ou viewer.' }).optional(),
      disabled: z.boolean({ error: 'L’état du compte est vrai ou faux.' }).optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'Seuls « role » et « disabled » peuvent changer.'
          : 'Le corps de la requête doit être un objet JSON.',
    },
  )
  .refine((change) => change.role !== undefined || change.disabled !== undefined, 'Indiquez le rôle ou l’état.');
const auditQuery = z.object({
  tenant,
  action: z.enum(AUDIT_ACTIONS, { error: 'Action inconnue.' }).optional(),
  before: z.coerce
    .number({ error: 'Curseur invalide.' })
    .int('Curseur invalide.')
    .min(1, 'Curseur invalide.')
    .max(Number.MAX_SAFE_INTEGER, 'Curseur invalide.')
    .optional(),
});
/** Events listed at a time; « Plus anciens » asks for the next ones. */
const AUDIT_PAGE = 50;
const SELF = 'Vous ne pouvez pas changer votre propre rôle ni désactiver votre propre compte.';

/**
 * The administrators' routes (`/api/admin/…`): the accounts of each organisation (role, enabled
 * or not) and the audit. Each route checks the role itself: `/api/admin/download` lives beside.
 */
export const adminRoutes = new Hono<AppEnv>()
  .get('/users', requireRole('admin'), queryParams(usersQuery), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await listAccounts(c.var.db, c.req.valid('query').tenant ?? null) });
  })
  .patch('/users/:id', requireRole('admin'), jsonBodies, paramsOf(accountParam), jsonBody(accountChange), async (c) => {
    const admin = c.var.user!;
    const { id } = c.req.valid('param');
    const change = c.req.valid('json');
    if (id === admin.id) return c.json<ErrorBody>({ error: SELF }, 409);
    const outcome = await c.var.db.transaction(async (tx) => {
      const before = await lockAccount(tx, id);
      if (!before) return null;
      const after = (await updateAccount(tx, id, change))!;
      const record = (action: 'user.role' | 'user.disable' | 'user.enable', detail: Record<string, unknown>) =>
        recordAudit(tx, {
          tenantSlug: after.tenantSlug,
          userId: admin.id,
          email: admin.email,
          action,
          target: after.email,
          detail,
        });
      if (before.role !== after.role) await record('user.role', { before: before.role, after: after.role });
      if (!before.disabled && after.disabled) await record('user.disable', {});
      if (before.disabled && !after.disabled) await record('user.enable', {});
      return after;
    });
    if (!outcome) return c.json<ErrorBody>({ error: 'Compte introuvable.' }, 404);
    return c.json(outcome);
  })
  .get('/audit', requireRole('admin'), queryParams(auditQuery), async (c) => {
    const { tenant, action, before } = c.req.valid('query');
    const items = await listAudit(c.var.db, {
      tenantSlug: tenant ?? null,
      actions: action ? [action] : undefined,
      before,
      limit: AUDIT_PAGE + 1,
    });
    c.header('Cache-Control', 'no-store');
    const page = items.slice(0, AUDIT_PAGE);
    return c.json({ items: page, next: items.length > AUDIT_PAGE ? page.at(-1)!.id : null });
  });
