import { Hono } from 'hono';
import { z } from 'zod';
import { decimalParam } from '../../src/domain/decimal.ts';
import { parseFilters } from '../../src/domain/filters.ts';
import { scopeForUser } from '../../src/domain/tenants.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { listBoreholes } from './repo.ts';
import { loadBoreholeLog } from './log-repo.ts';
import { logsPdf } from '../files/log-pdf.ts';
import { drawLog } from '../../src/domain/log/draw-log.ts';
import { logQuery } from './record-routes.ts';
import { requireRole } from '../middleware/session.ts';
import { queryParams } from '../validation.ts';

/** The most rows one answer holds (the map draws every result of a search). */
export const MAX_PAGE = 10_000;
/** The furthest a page may start: far beyond any data set, well within SQL's integers. */
export const MAX_OFFSET = 100_000_000;

/** An integer query parameter between `min` and `max`, with French messages that name it. */
export const integerParam = (name: string, min: number, max: number) =>
  decimalParam(
    `${name} doit être un nombre.`,
    z
      .number()
      .int(`${name} doit être un entier.`)
      .min(min, min === 0 ? `${name} ne peut pas être négatif.` : `${name} vaut au moins ${min}.`)
      .max(max, `${name} vaut au plus ${max}.`),
  );

const pageSchema = z.object({
  limit: integerParam('limit', 1, MAX_PAGE).default(MAX_PAGE),
  offset: integerParam('offset', 0, MAX_OFFSET).default(0),
});

/** The log of a borehole within the user's scope, or null: absent and out of scope look the same. */
function scopedLog({ db, user }: AppEnv['Variables'], id: string, tenant: string | undefined) {
  return id.length > 64 ? null : loadBoreholeLog(db, scopeForUser(user, tenant ?? null), id);
}

/**
 * The workspace's boreholes (`/api/boreholes`), for a signed-in user only, within the scope of the
 * user's tenant (an administrator may view as any tenant with `tenant`); the filters of the URL,
 * evaluated in SQL.
 */
export const boreholeRoutes = new Hono<AppEnv>()
  .use(requireRole('viewer'))
  .get('/', queryParams(pageSchema), async (c) => {
    const filters = parseFilters(new URL(c.req.url).searchParams);
    if (!filters.ok) return c.json<ErrorBody>({ error: filters.error }, 400);
    const { limit, offset } = c.req.valid('query');
    const scope = scopeForUser(c.var.user, c.req.query('tenant') ?? null);
    const result = await listBoreholes(c.var.db, { scope, filters: filters.filters, limit, offset });
    c.header('Cache-Control', 'private, no-store');
    return c.json(result);
  })
  .get('/:id/log.svg', queryParams(logQuery), async (c) => {
    const log = await scopedLog(c.var, c.req.param('id'), c.req.query('tenant'));
    if (!log) return c.json<ErrorBody>({ error: 'Forage introuvable.' }, 404);
    c.header('Cache-Control', 'private, no-store');
    c.header('Content-Type', 'image/svg+xml; charset=utf-8');
    return c.body(drawLog(log, { scale: c.req.valid('query').scale }));
  })
  .get('/:id/log.pdf', queryParams(logQuery), async (c) => {
    const log = await scopedLog(c.var, c.req.param('id'), c.req.query('tenant'));
    if (!log) return c.json<ErrorBody>({ error: 'Forage introuvable.' }, 404);
    c.header('Cache-Control', 'private, no-store');
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `inline; filename="journal-${log.id.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf"`);
    return c.body(new Uint8Array(logsPdf([log], c.req.valid('query').scale)));
  })
  .get('/:id', async (c) => {
    const id = c.req.param('id');
    if (id.length > 64) return c.json<ErrorBody>({ error: 'Forage introuvable.' }, 404);
    const scope = scopeForUser(c.var.user, c.req.query('tenant') ?? null);
    const { items } = await listBoreholes(c.var.db, { scope, filters: { ids: [id] } });
    // Out of scope and absent look the same: nothing tells that another tenant's borehole exists.
    if (!items[0]) return c.json<ErrorBody>({ error: 'Forage introuvable.' }, 404);
    c.header('Cache-Control', 'private, no-store');
    return c.json(items[0]);
  });
