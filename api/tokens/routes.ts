import { Hono } from 'hono';
import { z } from 'zod';
import {
  API_SCOPES,
  MAX_ALLOWED_IPS,
  ROTATION_GRACE_HOURS,
  scopesFor,
  TOKEN_DAYS,
  type ApiScope,
} from '../../src/domain/api-tokens.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { createToken, listTokens, revokeToken, rotateToken } from './repo.ts';
import { recordAudit, type AuditAction } from '../audit/repo.ts';
import type { Queryable } from '../db/database.ts';
import { jsonBodies } from '../middleware/bodies.ts';
import { requireRole } from '../middleware/session.ts';
import { allowedIpEntry } from '../v1/allowed-ips.ts';
import { isUuid, jsonBody } from '../validation.ts';

const READ_ONLY = 'Votre compte est en lecture seule : il ne peut pas créer de jeton d’API.';
const NOT_FOUND = 'Jeton introuvable ou déjà inactif.';
const DAYS = `La durée d’un jeton va de ${TOKEN_DAYS.min} à ${TOKEN_DAYS.max} jours.`;
const GRACE = `Le délai de transition va de ${ROTATION_GRACE_HOURS.min} à ${ROTATION_GRACE_HOURS.max} heures.`;

const newTokenBody = z.object(
  {
    name: z
      .string({ error: 'Donnez un nom au jeton.' })
      .trim()
      .min(1, 'Donnez un nom au jeton.')
      .max(80, 'Le nom d’un jeton compte au plus 80 caractères.'),
    scopes: z
      .array(z.enum(API_SCOPES, { error: `Portée inconnue : valeurs admises ${API_SCOPES.join(', ')}.` }), {
        error: 'Choisissez au moins une portée.',
      })
      .min(1, 'Choisissez au moins une portée.')
      .transform((scopes) => [...new Set(scopes)]),
    days: z
      .number({ error: DAYS })
      .int(DAYS)
      .min(TOKEN_DAYS.min, DAYS)
      .max(TOKEN_DAYS.max, DAYS)
      .default(TOKEN_DAYS.default),
    allowedIps: z
      .array(z.string({ error: 'Une adresse IP est un texte.' }).max(64, 'Adresse IP invalide.'), {
        error: 'La liste d’adresses IP doit être une liste.',
      })
      .max(MAX_ALLOWED_IPS, `Au plus ${MAX_ALLOWED_IPS} adresses ou plages IP.`)
      .default([])
      .transform((entries, context) => {
        const canonical: string[] = [];
        for (const entry of entries.filter((text) => text.trim() !== '')) {
          const ip = allowedIpEntry(entry);
          if (ip) canonical.push(ip);
          else context.addIssue({ code: 'custom', message: `Adresse ou plage IP invalide : « ${entry.trim()} ».` });
        }
        return [...new Set(canonical)];
      }),
  },
  { error: 'Requête invalide.' },
);

const rotateBody = z.object(
  {
    graceHours: z
      .number({ error: GRACE })
      .int(GRACE)
      .min(ROTATION_GRACE_HOURS.min, GRACE)
      .max(ROTATION_GRACE_HOURS.max, GRACE)
      .default(ROTATION_GRACE_HOURS.default),
  },
  { error: 'Requête invalide.' },
);

/** Records what a user did to a token, in the transaction that did it. */
function audit(tx: Queryable, user: NonNullable<AppEnv['Variables']['user']>, action: AuditAction, detail: object) {
  return recordAudit(tx, {
    tenantSlug: user.tenantSlug,
    userId: user.id,
    email: user.email,
    action,
    target: null,
    detail: { ...detail },
  });
}

/**
 * « Accès API » (`/api/tokens`): a member or an administrator makes, rotates and revokes the tokens
 * of the public API that act for them. A token is seen only by its owner; its secret is in the
 * answer that made it, never again.
 */
export const apiTokenRoutes = new Hono<AppEnv>()
  .use(requireRole('member', READ_ONLY), jsonBodies)
  .get('/', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ items: await listTokens(c.var.db, c.var.user!.id), scopes: scopesFor(c.var.user!.role) });
  })
  .post('/', jsonBody(newTokenBody), async (c) => {
    const user = c.var.user!;
    const request = c.req.valid('json');
    const allowed = scopesFor(user.role);
    const refused = request.scopes.filter((scope: ApiScope) => !allowed.includes(scope));
    if (refused.length > 0) {
      return c.json<ErrorBody>({ error: `La portée ${refused.join(', ')} est réservée aux administrateurs.` }, 403);
    }
    const made = await c.var.db.transaction(async (tx) => {
      const created = await createToken(tx, user.id, request);
      await audit(tx, user, 'token.create', { token: created.item.id, name: request.name, scopes: request.scopes });
      return created;
    });
    c.header('Cache-Control', 'no-store');
    return c.json(made, 201);
  })
  .post('/:id/rotate', jsonBody(rotateBody), async (c) => {
    const user = c.var.user!;
    const id = c.req.param('id');
    if (!isUuid(id)) return c.json<ErrorBody>({ error: NOT_FOUND }, 404);
    const { graceHours } = c.req.valid('json');
    const done = await c.var.db.transaction(async (tx) => {
      const rotation = await rotateToken(tx, user.id, id, graceHours);
      if (rotation)
        await audit(tx, user, 'token.rotate', { token: id, replacedBy: rotation.rotated.item.id, graceHours });
      return rotation;
    });
    if (!done) return c.json<ErrorBody>({ error: NOT_FOUND }, 404);
    c.header('Cache-Control', 'no-store');
    return c.json({ ...done.rotated, previous: done.previous }, 201);
  })
  .delete('/:id', async (c) => {
    const user = c.var.user!;
    const id = c.req.param('id');
    if (!isUuid(id)) return c.json<ErrorBody>({ error: NOT_FOUND }, 404);
    const revoked = await c.var.db.transaction(async (tx) => {
      const item = await revokeToken(tx, user.id, id);
      if (item) await audit(tx, user, 'token.revoke', { token: id, name: item.name });
      return item;
    });
    if (!revoked) return c.json<ErrorBody>({ error: NOT_FOUND }, 404);
    return c.json({ item: revoked });
  });
