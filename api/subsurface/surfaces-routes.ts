import { Worker } from 'node:worker_threads';
import { Hono } from 'hono';
import { z } from 'zod';
import type { surfaceContours } from '../../src/domain/subsurface/contours.ts';
import {
  sampleOf,
  SURFACE_QUANTITIES,
  surfaceTitle,
  THICKNESS_SOILS,
  type SurfaceQuantity,
} from '../../src/domain/subsurface/surface-quantity.ts';
import {
  fromWebMercator,
  SURFACE_LIMITS,
  type Surface,
  type SurfaceOptions,
  type SurfaceSample,
} from '../../src/domain/subsurface/surface.ts';
import { VARIOGRAM_MODELS } from '../../src/domain/subsurface/variogram.ts';
import { scopeForUser } from '../../src/domain/tenants.ts';
import type { AppEnv, ErrorBody } from '../app-env.ts';
import { requireRole } from '../middleware/session.ts';
import { queryParams } from '../validation.ts';
import { surfaceGeoPackage, surfaceTiff } from './surface-files.ts';
import { surfaceColumns, type Bbox } from './surfaces-repo.ts';

const bbox = z
  .string('Donnez la zone : bbox=ouest,sud,est,nord, en degrés.')
  .max(200, 'Zone invalide.')
  .transform((text, context): Bbox => {
    const numbers = text.split(',').map((part) => (/^\s*-?\d+(\.\d+)?\s*$/.test(part) ? Number(part) : NaN));
    const [west, south, east, north] = numbers as [number, number, number, number];
    const valid =
      numbers.length === 4 &&
      numbers.every(Number.isFinite) &&
      west >= -180 &&
      east <= 180 &&
      south >= -90 &&
      north <= 90 &&
      west < east &&
      south < north;
    if (!valid) {
      context.addIssue({
        code: 'custom',
        message: 'Zone invalide : ouest,sud,est,nord en degrés, ouest < est et sud < nord.',
      });
      return z.NEVER;
    }
    return { west, south, east, north };
  });

// Parameters it does not know (a link's utm_source, say) are left aside, not refused.
export const surfaceQuery = z
  .object({
    quantity: z.enum(Object.keys(SURFACE_QUANTITIES) as [SurfaceQuantity], {
      error: 'Grandeur : rock-elevation, rock-depth, water-elevation, water-depth ou thickness.',
    }),
    soil: z.enum(THICKNESS_SOILS, { error: `Unité : ${THICKNESS_SOILS.join(', ')}.` }).optional(),
    method: z.enum(['kriging', 'natural'], { error: 'Méthode : kriging ou natural.' }).default('kriging'),
    cells: z.coerce
      .number('La résolution est un nombre de nœuds.')
      .min(SURFACE_LIMITS.cells.min, `La grille compte au moins ${SURFACE_LIMITS.cells.min} nœuds de côté.`)
      .max(SURFACE_LIMITS.cells.max, `La grille compte au plus ${SURFACE_LIMITS.cells.max} nœuds de côté.`)
      .int('La résolution est un nombre entier de nœuds.')
      .default(SURFACE_LIMITS.cells.default),
    bbox: bbox.optional(),
    format: z.enum(['json', 'tiff', 'gpkg'], { error: 'Format : json, tiff ou gpkg.' }).default('json'),
    tenant: z.string().max(64).optional(),
  })
  .refine((query) => query.quantity !== 'thickness' || query.soil !== undefined, {
    message: 'Choisissez l’unité dont la surface donne l’épaisseur.',
  });

/** The boreholes of a zone for the 3D view. */
export const columnsQuery = z.object({ bbox, tenant: z.string().max(64).optional() });

type Contours = ReturnType<typeof surfaceContours>;

/** Surfaces being made at once; more wait their turn (each takes a core for up to seconds). */
const AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];

/**
 * surfaceOf in a worker thread of its own: a surface over ten thousand boreholes takes seconds of
 * computation, during which the server would answer nobody else.
 */
async function surfaceAside(
  samples: SurfaceSample[],
  options: SurfaceOptions,
): Promise<{ surface: Surface; contours: Contours } | { refused: string }> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await new Promise((resolve, reject) => {
      const worker = new Worker(new URL('./surface-worker.ts', import.meta.url), {
        workerData: { samples, options },
        resourceLimits: { maxOldGenerationSizeMb: 512 },
      });
      worker.once('message', (answer: { surface: Surface; contours: Contours } | { refused: string }) => {
        resolve(answer);
        void worker.terminate();
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`Le calcul de la surface s’est arrêté (code ${code}).`)));
    });
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** A value rounded to the centimetre for the screen (NaN, outside the surface, as null). */
const centimetres = (value: number) => (Number.isFinite(value) ? Math.round(value * 100) / 100 : null);

/** What the screen draws: the grid's corners in latitudes and longitudes, values to the centimetre. */
function surfaceJson(surface: Surface, contours: Contours, quantity: SurfaceQuantity, title: string) {
  const { grid } = surface;
  const southWest = fromWebMercator(grid.west, grid.north - grid.rows * grid.cell);
  const northEast = fromWebMercator(grid.west + grid.columns * grid.cell, grid.north);
  return {
    title,
    quantity,
    unit: SURFACE_QUANTITIES[quantity].unit,
    method: surface.method,
    uncertainty: surface.uncertainty,
    variogram: surface.variogram && {
      ...surface.variogram,
      modelLabel: VARIOGRAM_MODELS[surface.variogram.model],
    },
    crossValidation: surface.crossValidation,
    bounds: surface.bounds,
    extent: surface.extent,
    grid: {
      south: southWest.lat,
      west: southWest.lng,
      north: northEast.lat,
      east: northEast.lng,
      columns: grid.columns,
      rows: grid.rows,
      cell: grid.cell,
      values: Array.from(grid.values, centimetres),
      uncertainty: Array.from(grid.uncertainty, centimetres),
    },
    contours,
    points: surface.points,
  };
}

/** A file name made of the surface's title: letters, digits, dashes. */
const fileName = (title: string, method: string, extension: string) =>
  `surface-${title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()}-${method === 'kriging' ? 'krigeage' : 'voisins-naturels'}.${extension}`;

/**
 * Interpolated surfaces (`/api/surfaces`): the top of rock, the water table or a unit's thickness,
 * from the boreholes of the user's scope (within `bbox` when given), as JSON for the screen, as a
 * GeoTIFF (value and uncertainty bands) or as a GeoPackage of contour lines and boreholes.
 */
export const surfaceRoutes = new Hono<AppEnv>()
  .use(requireRole('viewer'))
  // The boreholes of a zone with their layers' classes, for the 3D view (Vue 3D).
  .get('/columns', queryParams(columnsQuery), async (c) => {
    const query = c.req.valid('query');
    const found = await surfaceColumns(c.var.db, scopeForUser(c.var.user, query.tenant ?? null), query.bbox);
    if ('tooMany' in found)
      return c.json<ErrorBody>(
        {
          error: `La zone compte ${found.tooMany.toLocaleString('fr-CA')} forages, au plus ${SURFACE_LIMITS.samples.toLocaleString('fr-CA')} en 3D : resserrez-la.`,
        },
        422,
      );
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      columns: found.columns.map(({ id, lat, lng, ground, depth, layers }) => ({
        id,
        lat,
        lng,
        ground,
        depth,
        layers,
      })),
    });
  })
  .get('/', queryParams(surfaceQuery), async (c) => {
    const query = c.req.valid('query');
    const scope = scopeForUser(c.var.user, query.tenant ?? null);
    const found = await surfaceColumns(c.var.db, scope, query.bbox ?? null);
    if ('tooMany' in found)
      return c.json<ErrorBody>(
        {
          error: `La zone compte ${found.tooMany.toLocaleString('fr-CA')} forages, au plus ${SURFACE_LIMITS.samples.toLocaleString('fr-CA')} par surface : resserrez-la.`,
        },
        422,
      );
    const samples = found.columns.flatMap((column) => sampleOf(column, query.quantity, query.soil) ?? []);
    const answer = await surfaceAside(samples, { method: query.method, cells: query.cells });
    if ('refused' in answer) return c.json<ErrorBody>({ error: answer.refused }, 422);
    const title = surfaceTitle(query.quantity, query.soil);
    c.header('Cache-Control', 'private, no-store');
    if (query.format === 'tiff') {
      c.header('Content-Type', 'image/tiff');
      c.header('Content-Disposition', `attachment; filename="${fileName(title, query.method, 'tif')}"`);
      return c.body(surfaceTiff(answer.surface, title));
    }
    if (query.format === 'gpkg') {
      c.header('Content-Type', 'application/geopackage+sqlite3');
      c.header('Content-Disposition', `attachment; filename="${fileName(title, query.method, 'gpkg')}"`);
      return c.body(new Uint8Array(await surfaceGeoPackage(answer.surface, answer.contours, title)));
    }
    return c.json(surfaceJson(answer.surface, answer.contours, query.quantity, title));
  });
