import { createRoute, type RouteConfig, type z } from '@hono/zod-openapi';
import {
  CollectionSchema,
  CollectionsSchema,
  ConformanceSchema,
  FeatureCollectionSchema,
  featureParams,
  FeatureSchema,
  formatQuery,
  itemsQuery,
  LandingSchema,
} from './ogc-schemas.ts';
import { AUTH_ERRORS, INVALID_ANSWER, NOT_FOUND_ANSWER } from './schemas.ts';

// The routes of /v1/ogc as /v1/openapi.json describes them; their handlers are in ogc.ts.

export const JSON_TYPE = 'application/json';
export const GEOJSON = 'application/geo+json';

const ogcRoute = <R extends RouteConfig>(route: R) =>
  createRoute({ ...route, tags: ['OGC API – Features'], security: [{ bearer: [] }] });

const json = (schema: z.ZodType, description: string) => ({ description, content: { [JSON_TYPE]: { schema } } });
const geojson = (schema: z.ZodType, description: string) => ({ description, content: { [GEOJSON]: { schema } } });

export const landingRoute = ogcRoute({
  method: 'get',
  path: '/',
  summary: 'OGC API – Features : page d’accueil',
  description:
    'Le point d’entrée des logiciels SIG (QGIS, ArcGIS, GDAL) : liens vers la conformité et les collections.',
  request: { query: formatQuery },
  responses: { 200: json(LandingSchema, 'La page d’accueil.'), 400: INVALID_ANSWER, ...AUTH_ERRORS },
});

export const conformanceRoute = ogcRoute({
  method: 'get',
  path: '/conformance',
  summary: 'OGC API – Features : conformité',
  request: { query: formatQuery },
  responses: { 200: json(ConformanceSchema, 'Les classes de conformité.'), 400: INVALID_ANSWER, ...AUTH_ERRORS },
});

export const collectionsRoute = ogcRoute({
  method: 'get',
  path: '/collections',
  summary: 'OGC API – Features : collections',
  request: { query: formatQuery },
  responses: { 200: json(CollectionsSchema, 'La collection des forages.'), 400: INVALID_ANSWER, ...AUTH_ERRORS },
});

export const collectionRoute = ogcRoute({
  method: 'get',
  path: '/collections/boreholes',
  summary: 'OGC API – Features : la collection des forages',
  request: { query: formatQuery },
  responses: { 200: json(CollectionSchema, 'La collection.'), 400: INVALID_ANSWER, ...AUTH_ERRORS },
});

export const itemsRoute = ogcRoute({
  method: 'get',
  path: '/collections/boreholes/items',
  summary: 'OGC API – Features : les forages (GeoJSON)',
  description:
    'Les forages localisés que le jeton peut lire, du plus récent au plus ancien, par pages : suivez le lien `next`.',
  request: { query: itemsQuery },
  responses: { 200: geojson(FeatureCollectionSchema, 'Une page de forages.'), 400: INVALID_ANSWER, ...AUTH_ERRORS },
});

export const featureRoute = ogcRoute({
  method: 'get',
  path: '/collections/boreholes/items/{featureId}',
  summary: 'OGC API – Features : un forage (GeoJSON)',
  request: { params: featureParams, query: formatQuery },
  responses: {
    200: geojson(FeatureSchema, 'Le forage.'),
    400: INVALID_ANSWER,
    ...AUTH_ERRORS,
    404: NOT_FOUND_ANSWER,
  },
});
