import { Hono } from 'hono';
import { documented, z } from '../openapi.ts';
import type { BoreholeType } from '../../src/domain/borehole.ts';
import { sptText } from '../../src/domain/ags/spt-result.ts';
import type { BoreholeFilters } from '../../src/domain/filters.ts';
import { drawLog } from '../../src/domain/log/draw-log.ts';
import { layerSoil } from '../../src/domain/soil.ts';
import { loadBoreholeLog } from '../boreholes/log-repo.ts';
import { ownerOf } from '../boreholes/repo.ts';
import { requireScope, type V1Env } from './bearer.ts';
import { cursorOf, pageOfBoreholes, positionOf } from './boreholes-repo.ts';
import { apiError } from './errors.ts';
import {
  AUTH_ERRORS,
  boreholeIdParam,
  BoreholePageSchema,
  BoreholeSchema,
  boreholeSearch,
  INVALID_ANSWER,
  NOT_FOUND_ANSWER,
} from './schemas.ts';
import { v1Params, v1Query } from './validation-hook.ts';

const round = (value: number) => Math.round(value * 1000) / 1000;

/** The workspace's filters from the API's query names. */
function filtersOf(query: z.infer<typeof boreholeSearch>): BoreholeFilters {
  return {
    municipality: query.muni || undefined,
    project: query.project || undefined,
    site: query.site || undefined,
    address: query.address || undefined,
    lithology: query.lithology || undefined,
    purpose: query.purpose,
    type: query.type,
    drillingMethod: query.drilling_method,
    dateFrom: query.date_from,
    dateTo: query.date_to,
    depthMin: query.depth_min,
    depthMax: query.depth_max,
  };
}

const security = [{ bearer: [] }];
const readBoreholes = requireScope('read:boreholes');

const listDoc = documented({
  operationId: 'listBoreholes',
  summary: 'Rechercher des forages',
  description: 'Les forages qui répondent à tous les filtres, du plus récent au plus ancien, par pages (curseur).',
  tags: ['Forages'],
  security,
  responses: {
    200: { description: 'Une page de forages.', content: { 'application/json': { schema: BoreholePageSchema } } },
    ...AUTH_ERRORS,
    422: INVALID_ANSWER,
  },
});

const readDoc = documented({
  operationId: 'getBorehole',
  summary: 'Lire une fiche de forage',
  description:
    'La fiche d’un forage : localisation, contexte, horizons du haut vers le bas, essais SPT et niveaux d’eau.',
  tags: ['Forages'],
  security,
  responses: {
    200: { description: 'La fiche.', content: { 'application/json': { schema: BoreholeSchema } } },
    ...AUTH_ERRORS,
    404: NOT_FOUND_ANSWER,
  },
});

const logDoc = documented({
  operationId: 'getBoreholeLogSvg',
  summary: 'Journal de forage (SVG)',
  description: 'Le journal du forage dessiné en SVG, au 1:100, sur des pages A4.',
  tags: ['Forages'],
  security,
  responses: {
    200: { description: 'Le journal.', content: { 'image/svg+xml': { schema: z.string() } } },
    ...AUTH_ERRORS,
    404: NOT_FOUND_ANSWER,
  },
});

/** `/v1/boreholes`: search, record and log, within what the token's owner may read. */
export const boreholesV1 = new Hono<V1Env>()
  .get('/', listDoc, readBoreholes, v1Query(boreholeSearch), async (c) => {
    const query = c.req.valid('query');
    const after = query.cursor === undefined ? null : positionOf(query.cursor);
    if (query.cursor !== undefined && !after) {
      return apiError(c, 'invalid_parameter', 'cursor : curseur invalide ; repassez le next_cursor reçu, tel quel.');
    }
    const page = await pageOfBoreholes(c.var.db, {
      scope: c.var.caller.dataScope,
      filters: filtersOf(query),
      bbox: query.bbox,
      limit: query.limit,
      after,
    });
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      {
        items: page.items.map((item) => ({ ...item, type: item.type as BoreholeType })),
        total: page.total,
        next_cursor: page.next ? cursorOf(page.next) : null,
      },
      200,
    );
  })
  .get('/:id', readDoc, readBoreholes, v1Params(boreholeIdParam), async (c) => {
    const log = await loadBoreholeLog(c.var.db, c.var.caller.dataScope, c.req.valid('param').id);
    if (!log) return apiError(c, 'borehole_not_found');
    const row = await ownerOf(c.var.db, log.id);
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      {
        id: log.id,
        loca_id: row!.loca_id,
        project: log.project,
        project_code: row!.project_code,
        site: log.site,
        muni: row!.muni,
        date: log.date,
        purpose: row!.purpose as z.infer<typeof BoreholeSchema>['purpose'],
        type: row!.type as z.infer<typeof BoreholeSchema>['type'],
        method: log.method,
        depth_m: log.depth,
        ground_level_m: log.groundLevel,
        lat: log.lat,
        lon: log.lon,
        horizons: log.layers.map((layer) => ({
          material: layer.description,
          class: layerSoil(layer),
          top_m: round(layer.top),
          thickness_m: round(layer.base - layer.top),
        })),
        spt: log.spt.map((test) => ({
          top_m: round(test.top),
          n: test.n,
          refusal: test.refusal && {
            blows: test.refusal.blows,
            penetration_mm: test.refusal.mm,
            seating_drive: test.refusal.seating,
          },
          result: sptText(test),
        })),
        water_levels: [
          ...log.waterStrikes.map((depth) => ({ depth_m: round(depth), kind: 'strike' as const })),
          ...log.standingLevels.map((depth) => ({ depth_m: round(depth), kind: 'standing' as const })),
        ],
      },
      200,
    );
  })
  .get('/:id/log.svg', logDoc, readBoreholes, v1Params(boreholeIdParam), async (c) => {
    const log = await loadBoreholeLog(c.var.db, c.var.caller.dataScope, c.req.valid('param').id);
    if (!log) return apiError(c, 'borehole_not_found');
    c.header('Cache-Control', 'private, no-store');
    c.header('Content-Type', 'image/svg+xml; charset=utf-8');
    return c.body(drawLog(log, { scale: 100 }), 200);
  });
