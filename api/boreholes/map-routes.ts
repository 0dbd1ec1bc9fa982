import { Hono } from 'hono';
import { z } from 'zod';
import { decimalOf } from '../../src/domain/decimal.ts';
import { parseFilters } from '../../src/domain/filters.ts';
import { scopeForUser } from '../../src/domain/tenants.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { mapView, type Bbox } from './map-repo.ts';
import { requireRole } from '../middleware/session.ts';
import { queryParams } from '../validation.ts';
import { integerParam } from './routes.ts';

const BAD_BBOX =
  'bbox attend quatre nombres ouest,sud,est,nord en degrés (ouest ≤ est entre -180 et 180, sud ≤ nord entre -90 et 90).';

/** `west,south,east,north`: a rectangle that does not cross the antimeridian (the map splits one that would). */
const bboxParam = z.string({ error: 'bbox est requis (ouest,sud,est,nord).' }).transform((value, context): Bbox => {
  const parts = value.length > 200 ? [] : value.split(',').map(decimalOf);
  const [west = NaN, south = NaN, east = NaN, north = NaN] = parts;
  const valid =
    parts.length === 4 &&
    parts.every(Number.isFinite) &&
    -180 <= west &&
    west <= east &&
    east <= 180 &&
    -90 <= south &&
    south <= north &&
    north <= 90;
  if (!valid) {
    context.addIssue({ code: 'custom', message: BAD_BBOX });
    return z.NEVER;
  }
  return [west, south, east, north];
});

const mapSchema = z.object({
  bbox: bboxParam,
  zoom: integerParam('zoom', 0, 20),
});

/**
 * The map's view (`/api/boreholes/map?bbox=ouest,sud,est,nord&zoom=…`): for the search and scope
 * of `/api/boreholes`, the boreholes of the rectangle as points when there are at most 5,000,
 * else clusters with their count, mean position and extent (api/db/borehole-map-repo.ts).
 */
export const boreholeMapRoutes = new Hono<AppEnv>()
  .use(requireRole('viewer'))
  .get('/', queryParams(mapSchema), async (c) => {
    const filters = parseFilters(new URL(c.req.url).searchParams);
    if (!filters.ok) return c.json<ErrorBody>({ error: filters.error }, 400);
    const { bbox, zoom } = c.req.valid('query');
    const scope = scopeForUser(c.var.user, c.req.query('tenant') ?? null);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await mapView(c.var.db, { scope, filters: filters.filters, bbox, zoom }));
  });
