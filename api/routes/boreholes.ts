import { Hono } from 'hono';
import { z } from 'zod';
import { parseFilters } from '../../src/domain/filters.ts';
import { scopeForUser } from '../../src/domain/tenants.ts';
import type { AppEnv, ErrorBody } from '../app.ts';
import { listBoreholes } from '../db/boreholes-repo.ts';
import { requireRole } from '../middleware/session.ts';

/** The most rows one answer holds (the map draws every result of a search). */
export const MAX_PAGE = 10_000;

const pageSchema = z.object({
  limit: z.coerce
    .number({ error: 'limit doit être un nombre.' })
    .int('limit doit être un entier.')
    .min(1, 'limit vaut au moins 1.')
    .max(MAX_PAGE, `limit vaut au plus ${MAX_PAGE}.`)
    .default(MAX_PAGE),
  offset: z.coerce
    .number({ error: 'offset doit être un nombre.' })
    .int('offset doit être un entier.')
    .min(0, 'offset ne peut pas être négatif.')
    .default(0),
});

/**
 * The workspace's boreholes, for a signed-in user only, within the scope of the user's tenant
 * (an administrator may view as any tenant with `tenant`); the filters of the URL, evaluated in SQL.
 */
export const boreholeRoutes = new Hono<AppEnv>()
  .use('/boreholes', requireRole())
  .use('/boreholes/*', requireRole())
  .get('/boreholes', async (c) => {
    const params = new URL(c.req.url).searchParams;
    const filters = parseFilters(params);
    if (!filters.ok) return c.json<ErrorBody>({ error: filters.error }, 400);
    const page = pageSchema.safeParse({
      limit: params.get('limit') ?? undefined,
      offset: params.get('offset') ?? undefined,
    });
    if (!page.success)
      return c.json<ErrorBody>({ error: page.error.issues[0]?.message ?? 'Pagination invalide.' }, 400);
    const scope = scopeForUser(c.var.user, params.get('tenant'));
    const result = await listBoreholes(c.var.db, { scope, filters: filters.filters, ...page.data });
    c.header('Cache-Control', 'private, no-store');
    return c.json(result);
  })
  .get('/boreholes/:id', async (c) => {
    const id = c.req.param('id');
    if (id.length > 64) return c.json<ErrorBody>({ error: 'Forage introuvable.' }, 404);
    const scope = scopeForUser(c.var.user, c.req.query('tenant'));
    const { items } = await listBoreholes(c.var.db, { scope, filters: { ids: [id] } });
    // Out of scope and absent look the same: nothing tells that another tenant's borehole exists.
    if (!items[0]) return c.json<ErrorBody>({ error: 'Forage introuvable.' }, 404);
    c.header('Cache-Control', 'private, no-store');
    return c.json(items[0]);
  });
