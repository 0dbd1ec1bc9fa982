import { Hono } from 'hono';
import { z } from 'zod';
import { TENANT_SLUGS } from '../../src/domain/tenants.ts';
import { MAX_WEBHOOKS_PER_TENANT, WEBHOOK_EVENT_TYPES } from '../../src/domain/webhooks.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { recordAudit } from '../audit/repo.ts';
import { jsonBodies } from '../middleware/bodies.ts';
import { requireRole } from '../middleware/session.ts';
import { isUuid, jsonBody, queryParams } from '../validation.ts';
import { emitTestEvent } from './outbox.ts';
import { AddressRefusal, checkWebhookUrl } from './public-address.ts';
import { countWebhooks, createWebhook, deleteWebhook, findWebhook, listDeliveries, listWebhooks } from './repo.ts';

const NOT_FOUND = 'Abonnement introuvable.';
const EVENTS = `Choisissez au moins un événement parmi ${WEBHOOK_EVENT_TYPES.join(', ')}.`;

const tenant = z.enum(TENANT_SLUGS, { error: 'Organisation inconnue.' });
const listQuery = z.object({ tenant: tenant.optional() });
const newWebhookBody = z.object(
  {
    tenantSlug: tenant,
    url: z
      .string({ error: 'Indiquez l’adresse (URL) qui recevra les événements.' })
      .trim()
      .min(1, 'Indiquez l’adresse (URL) qui recevra les événements.')
      .max(2048, 'L’adresse d’un webhook compte au plus 2 048 caractères.'),
    events: z
      .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Événement inconnu. ${EVENTS}` }), { error: EVENTS })
      .min(1, EVENTS)
      .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type))),
  },
  { error: 'Requête invalide.' },
);

/**
 * Webhooks (`/api/webhooks`): each organisation's subscriptions, their deliveries, « Envoyer un
 * test ». Who manages them: GéoSonde's administrators (role `admin`), for any organisation, chosen
 * in the request, as they manage its invitations and accounts. A member of Montréal cannot: in our
 * roles model a member reads and writes data, and an administrator of the platform acts for every
 * tenant; a subscription sends an organisation's data to an outside address, which is an
 * administration act. The secret is in the answer that made the subscription, never again.
 */
export const webhookRoutes = new Hono<AppEnv>()
  .use(requireRole('admin'), jsonBodies, async (c, next) => {
    c.header('Cache-Control', 'private, no-store');
    await next();
  })
  .get('/', queryParams(listQuery), async (c) =>
    c.json({ items: await listWebhooks(c.var.db, c.req.valid('query').tenant ?? null), events: WEBHOOK_EVENT_TYPES }),
  )
  .post('/', jsonBody(newWebhookBody), async (c) => {
    const admin = c.var.user!;
    const request = c.req.valid('json');
    let url: URL;
    try {
      url = await checkWebhookUrl(request.url, { allowLoopback: c.var.settings.webhookAllowLoopback });
    } catch (error) {
      if (error instanceof AddressRefusal) return c.json<ErrorBody>({ error: error.message }, 400);
      throw error;
    }
    const made = await c.var.db.transaction(async (tx) => {
      if ((await countWebhooks(tx, request.tenantSlug)) >= MAX_WEBHOOKS_PER_TENANT) return null;
      const created = await createWebhook(tx, c.var.settings.signingKey, {
        ...request,
        url: url.href,
        userId: admin.id,
      });
      await recordAudit(tx, {
        tenantSlug: request.tenantSlug,
        userId: admin.id,
        email: admin.email,
        action: 'webhook.create',
        target: url.href,
        detail: { webhook: created.item.id, events: request.events },
      });
      return created;
    });
    if (!made) {
      return c.json<ErrorBody>(
        { error: `Au plus ${MAX_WEBHOOKS_PER_TENANT} abonnements par organisation : supprimez-en un d’abord.` },
        409,
      );
    }
    return c.json(made, 201);
  })
  .delete('/:id', async (c) => {
    const admin = c.var.user!;
    const id = c.req.param('id');
    if (!isUuid(id)) return c.json<ErrorBody>({ error: NOT_FOUND }, 404);
    const removed = await c.var.db.transaction(async (tx) => {
      const item = await deleteWebhook(tx, id);
      if (item) {
        await recordAudit(tx, {
          tenantSlug: item.tenantSlug,
          userId: admin.id,
          email: admin.email,
          action: 'webhook.delete',
          target: item.url,
          detail: { webhook: id, events: item.events },
        });
      }
      return item;
    });
    if (!removed) return c.json<ErrorBody>({ error: NOT_FOUND }, 404);
    return c.json({ item: removed });
  })
  .post('/:id/test', async (c) => {
    const id = c.req.param('id');
    const found = isUuid(id) ? await findWebhook(c.var.db, id) : null;
    if (!found) return c.json<ErrorBody>({ error: NOT_FOUND }, 404);
    if (found.disabledAt) {
      return c.json<ErrorBody>(
        { error: 'Cet abonnement est désactivé (le destinataire a répondu 410) : recréez-le pour envoyer de nouveau.' },
        409,
      );
    }
    const eventId = await c.var.db.transaction((tx) =>
      emitTestEvent(tx, found, {
        webhook_id: found.id,
        tenant: found.tenantSlug,
        message: 'Test envoyé depuis GéoSonde.',
      }),
    );
    return c.json({ eventId }, 202);
  })
  .get('/:id/deliveries', async (c) => {
    const id = c.req.param('id');
    const found = isUuid(id) ? await findWebhook(c.var.db, id) : null;
    if (!found) return c.json<ErrorBody>({ error: NOT_FOUND }, 404);
    return c.json({ item: found, items: await listDeliveries(c.var.db, id) });
  });
