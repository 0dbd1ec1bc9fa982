import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { exportFile, findExport, queueExport } from '../exports/api-exports.ts';
import { checkQuery } from '../files/signed-links.ts';
import { bearerToken, requireScope, type V1Env } from './bearer.ts';
import { apiError } from './errors.ts';
import { jsonOnly } from './json-body.ts';
import { AUTH_ERRORS, boreholeSearch, ErrorSchema, INVALID_ANSWER } from './schemas.ts';
import { v1Json, v1Params, v1Query } from './validation-hook.ts';
import { documented, z } from '../openapi.ts';

/** The filter of an export: the search of `GET /v1/boreholes`, without its paging. */
const exportFilter = boreholeSearch.omit({ limit: true, cursor: true });

const exportOrder = z
  .strictObject({ filter: exportFilter.default({}) })
  .openapi('ExportOrder', { example: { filter: { muni: 'Montréal', purpose: 'geotech' } } });

const STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
const ExportSchema = z
  .object({
    id: z.string().openapi({ example: 'exp_01JHC8W4T6QZ3M7R' }),
    status: z.enum(STATUSES),
    format: z.literal('geopackage'),
    filter: z.record(z.string(), z.unknown()),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    boreholes: z.number().int().nullable(),
    documents: z.number().int().nullable(),
    size_bytes: z.number().int().nullable(),
    download_url: z.string().nullable().openapi({ description: 'Lien signé, sans jeton, valable 24 h.' }),
    download_expires_at: z.string().nullable(),
    expires_at: z.string().nullable().openapi({ description: 'Date où le fichier est supprimé (7 jours).' }),
    error: z.string().nullable(),
  })
  .openapi('Export');

const exportId = z.object({
  id: z
    .string()
    .max(40)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'exp_01JHC8W4T6QZ3M7R' }),
});
const notFound = { description: 'Export introuvable.', content: { 'application/json': { schema: ErrorSchema } } };

const orderDoc = documented({
  operationId: 'orderGeoPackageExport',
  summary: 'Commander un export GeoPackage',
  description:
    'Prépare en arrière-plan un GeoPackage (couches `database` et `reports`) des forages du filtre. ' +
    'Répond 202 tout de suite ; l’événement `export.ready` signale qu’il est prêt, sans lien, et `GET /v1/exports/{id}` donne alors le lien.',
  tags: ['Exports'],
  security: [{ bearer: [] }],
  responses: {
    202: { description: 'Export accepté.', content: { 'application/json': { schema: ExportSchema } } },
    ...AUTH_ERRORS,
    422: INVALID_ANSWER,
  },
});

const readDoc = documented({
  operationId: 'getExport',
  summary: 'Lire l’état d’un export',
  tags: ['Exports'],
  security: [{ bearer: [] }],
  responses: {
    200: { description: 'L’export.', content: { 'application/json': { schema: ExportSchema } } },
    ...AUTH_ERRORS,
    404: notFound,
  },
});

const downloadDoc = documented({
  operationId: 'downloadExport',
  summary: 'Télécharger le fichier d’un export (lien signé)',
  // Signed, the link asks for no token.
  security: [],
  description: 'Le lien `download_url` d’un export prêt : signé, il ne demande pas de jeton.',
  tags: ['Exports'],
  responses: {
    200: {
      description: 'Le fichier GeoPackage.',
      content: { 'application/geopackage+sqlite3': { schema: z.string() } },
    },
    404: notFound,
    410: { description: 'Lien expiré.', content: { 'application/json': { schema: ErrorSchema } } },
  },
});

/**
 * `/v1/exports`: an export is ordered (202), made by a worker (api/exports/export-worker.ts), then
 * read and downloaded by a signed link. An export is seen only by the account that ordered it.
 */
const signedLink = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() });

export const exportsV1 = new Hono<V1Env>()
  .post(
    '/geopackage',
    orderDoc,
    bearerToken,
    requireScope('write:exports'),
    jsonOnly,
    v1Json(exportOrder),
    async (c) => {
      const { filter } = c.req.valid('json');
      const caller = c.var.caller;
      const queued = await queueExport(c.var.db, c.var.settings, {
        userId: caller.user.id,
        tokenId: caller.tokenId,
        filter: filter,
      });
      c.header('Location', `/v1/exports/${queued.id}`);
      c.header('Cache-Control', 'no-store');
      return c.json(queued, 202);
    },
  )
  .get('/:id', readDoc, bearerToken, requireScope('read:exports'), v1Params(exportId), async (c) => {
    const found = await findExport(c.var.db, c.var.settings, c.var.caller.user.id, c.req.valid('param').id);
    if (!found) return apiError(c, 'export_not_found');
    c.header('Cache-Control', 'private, no-store');
    return c.json(found, 200);
  })
  .get('/:id/download', downloadDoc, v1Params(exportId), v1Query(signedLink), async (c) => {
    const { id } = c.req.valid('param');
    const { exp, sig } = c.req.valid('query');
    const check = checkQuery(c.var.settings.signingKey, 'export', id, exp, sig);
    if (check === 'invalid') return apiError(c, 'export_not_found');
    if (check === 'expired') return apiError(c, 'link_expired');
    const file = await exportFile(c.var.db, id);
    if (!file) return apiError(c, 'export_not_found');
    return c.body(Readable.toWeb(c.var.settings.files.read(file.key)) as ReadableStream, 200, {
      'Content-Type': 'application/geopackage+sqlite3',
      'Content-Length': String(file.size),
      'Content-Disposition': `attachment; filename="geosonde-${id}.gpkg"`,
      'Cache-Control': 'private, no-store, no-transform',
    });
  });
