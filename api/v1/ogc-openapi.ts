import { documented, type RouteDoc, type z } from '../openapi.ts';
import {
  CollectionSchema,
  CollectionsSchema,
  ConformanceSchema,
  FeatureCollectionSchema,
  FeatureSchema,
  LandingSchema,
} from './ogc-schemas.ts';
import { AUTH_ERRORS, INVALID_ANSWER, NOT_FOUND_ANSWER } from './schemas.ts';

// The routes of /v1/ogc as /v1/openapi.json describes them; their handlers are in ogc-routes.ts.

export const JSON_TYPE = 'application/json';
export const GEOJSON = 'application/geo+json';

const ogcDoc = (doc: RouteDoc) => documented({ ...doc, tags: ['OGC API – Features'], security: [{ bearer: [] }] });

const json = (schema: z.ZodType, description: string) => ({ description, content: { [JSON_TYPE]: { schema } } });
const geojson = (schema: z.ZodType, description: string) => ({ description, content: { [GEOJSON]: { schema } } });

export const landingDoc = ogcDoc({
  operationId: 'ogcLanding',
  summary: 'OGC API – Features : page d’accueil',
  description:
    'Le point d’entrée des logiciels SIG (QGIS, ArcGIS, GDAL) : liens vers la conformité et les collections.',
  responses: { 200: json(LandingSchema, 'La page d’accueil.'), 400: INVALID_ANSWER, ...AUTH_ERRORS },
});

export const conformanceDoc = ogcDoc({
  operationId: 'ogcConformance',
  summary: 'OGC API – Features : conformité',
  responses: { 200: json(ConformanceSchema, 'Les classes de conformité.'), 400: INVALID_ANSWER, ...AUTH_ERRORS },
});

export const collectionsDoc = ogcDoc({
  operationId: 'ogcCollections',
  summary: 'OGC API – Features : collections',
  responses: { 200: json(CollectionsSchema, 'La collection des forages.'), 400: INVALID_ANSWER, ...AUTH_ERRORS },
});

export const collectionDoc = ogcDoc({
  operationId: 'ogcBoreholesCollection',
  summary: 'OGC API – Features : la collection des forages',
  responses: { 200: json(CollectionSchema, 'La collection.'), 400: INVALID_ANSWER, ...AUTH_ERRORS },
});

export const itemsDoc = ogcDoc({
  operationId: 'ogcBoreholes',
  summary: 'OGC API – Features : les forages (GeoJSON)',
  description:
    'Les forages localisés que le jeton peut lire, du plus récent au plus ancien, par pages : suivez le lien `next`.',
  responses: { 200: geojson(FeatureCollectionSchema, 'Une page de forages.'), 400: INVALID_ANSWER, ...AUTH_ERRORS },
});

export const featureDoc = ogcDoc({
  operationId: 'ogcBorehole',
  summary: 'OGC API – Features : un forage (GeoJSON)',
  responses: {
    200: geojson(FeatureSchema, 'Le forage.'),
    400: INVALID_ANSWER,
    ...AUTH_ERRORS,
    404: NOT_FOUND_ANSWER,
  },
});
