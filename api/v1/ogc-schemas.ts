import { z } from '../openapi.ts';
import { decimalParam } from '../../src/domain/decimal.ts';
import type { Context } from 'hono';
import { apiError } from './errors.ts';
import { dayRangeOf } from './ogc-datetime.ts';
import { bboxParam } from './schemas.ts';

// The parameters and answers of OGC API – Features (Part 1: Core) at /v1/ogc, in the OGC's own
// names (`bbox-crs`, `numberMatched`…): the clients are GIS programs that read the standard.

export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
/**
 * The classes of Part 1 this API meets. Not `oas30`: that class asks for an OpenAPI 3.0 definition,
 * and ours (the `service-desc` link) is OpenAPI 3.1, for which Part 1 has no class.
 */
export const CONFORMANCE = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
];

/** The most features one page holds: a larger `limit` is lowered to it, as the standard asks. */
export const MAX_FEATURES = 1000;
export const DEFAULT_FEATURES = 100;

const format = z
  .enum(['json', 'geojson'], { error: 'seuls json et geojson sont servis.' })
  .optional()
  .openapi({ description: 'Format de la réponse : JSON (GeoJSON pour les entités), le seul servi.' });

/** The query of every resource but the items: only `f`. */
export const formatQuery = z.strictObject({ f: format });

/** The query of `/collections/boreholes/items`. */
export const itemsQuery = z.strictObject({
  bbox: bboxParam.optional(),
  'bbox-crs': z
    .literal(CRS84, { error: `seul ${CRS84} est pris en charge.` })
    .optional()
    .openapi({ description: 'Système de coordonnées de `bbox` : CRS84 (longitude, latitude), le seul admis.' }),
  datetime: z
    .string()
    .max(100, 'une date ou un intervalle de dates est attendu.')
    .transform((text, context) => {
      const range = dayRangeOf(text);
      if (range) return range;
      context.addIssue({
        code: 'custom',
        message:
          'une date (AAAA-MM-JJ, ou date-heure RFC 3339) ou un intervalle début/fin, « .. » pour une borne ouverte.',
      });
      return z.NEVER;
    })
    .optional()
    .openapi({
      type: 'string',
      description: 'Date de forage : un jour, ou un intervalle `début/fin` dont une borne peut être `..`.',
      example: '2020-01-01/..',
    }),
  limit: decimalParam(
    'un entier positif est attendu.',
    z.number().int('un entier positif est attendu.').min(1, 'un entier positif est attendu.'),
  )
    .default(DEFAULT_FEATURES)
    .transform((limit) => Math.min(limit, MAX_FEATURES))
    .openapi({
      type: 'integer',
      minimum: 1,
      maximum: MAX_FEATURES,
      default: DEFAULT_FEATURES,
      description: `Nombre d’entités par page ; au-delà de ${MAX_FEATURES}, ramené à ${MAX_FEATURES}.`,
    }),
  cursor: z
    .string()
    .max(200, 'curseur invalide.')
    .optional()
    .openapi({ description: 'Position de la page : suivez le lien `next`, sans former ce paramètre vous-même.' }),
  f: format,
});

export const featureParams = z.object({
  featureId: z
    .string()
    .openapi({ param: { name: 'featureId', in: 'path' }, example: 'SJ-BH-03', description: 'Identifiant du forage.' }),
});

const Link = z.object({
  href: z.string(),
  rel: z.string(),
  type: z.string().optional(),
  title: z.string().optional(),
});

export const LandingSchema = z
  .object({ title: z.string(), description: z.string(), links: z.array(Link) })
  .openapi('OgcLandingPage');

export const ConformanceSchema = z.object({ conformsTo: z.array(z.string()) }).openapi('OgcConformance');

export const CollectionSchema = z
  .object({
    id: z.literal('boreholes'),
    title: z.string(),
    description: z.string(),
    itemType: z.literal('feature'),
    crs: z.array(z.string()),
    extent: z
      .object({
        spatial: z.object({ bbox: z.array(z.array(z.number())), crs: z.string() }),
        temporal: z.object({ interval: z.array(z.array(z.string().nullable())), trs: z.string() }).optional(),
      })
      .optional(),
    links: z.array(Link),
  })
  .openapi('OgcCollection');

export const CollectionsSchema = z
  .object({ links: z.array(Link), collections: z.array(CollectionSchema) })
  .openapi('OgcCollections');

export const FeatureSchema = z
  .object({
    type: z.literal('Feature'),
    id: z.string(),
    geometry: z.object({ type: z.literal('Point'), coordinates: z.array(z.number()) }),
    properties: z.object({
      id: z.string(),
      loca_id: z.string().openapi({ description: 'Identifiant du forage dans son projet (LOCA_ID en AGS).' }),
      project: z.string(),
      project_code: z.string().openapi({ description: 'Code du projet (PROJ_ID en AGS).' }),
      site: z.string(),
      muni: z.string(),
      date: z.string().nullable(),
      purpose: z.string(),
      type: z.string(),
      method: z.string().nullable(),
      depth_m: z.number(),
      ground_level_m: z.number().nullable(),
    }),
    links: z.array(Link).optional(),
  })
  .openapi('OgcBoreholeFeature');

export const FeatureCollectionSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(FeatureSchema),
    numberMatched: z.number().int(),
    numberReturned: z.number().int(),
    timeStamp: z.string(),
    links: z.array(Link),
  })
  .openapi('OgcBoreholeFeatures');

type Validation = { success: true } | { success: false; error: z.core.$ZodError };

/**
 * What `/v1/ogc` answers to a query `schema` refuses: 400 `malformed_request`, naming the parameter
 * in French. The rest of /v1 answers 422 `invalid_parameter`; OGC API – Features asks for 400 to an
 * unknown parameter or an invalid value (/req/core/query-param-unknown, /req/core/query-param-invalid)
 * and GIS clients go by the status, so the OGC routes follow the standard.
 */
export const ogcRefusal = (schema: z.ZodObject) => (result: Validation, c: Context) => {
  if (result.success) return undefined;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const names = Object.keys(schema.shape).join(', ');
    return apiError(
      c,
      'malformed_request',
      `Paramètre inconnu : ${issue.keys.join(', ')}. Paramètres admis ici : ${names}.`,
    );
  }
  const name = issue.path.join('.');
  if (issue.code === 'invalid_type' && (c.req.queries(name)?.length ?? 0) > 1) {
    return apiError(c, 'malformed_request', `${name} : une seule valeur est admise.`);
  }
  return apiError(c, 'malformed_request', name ? `${name} : ${issue.message}` : issue.message);
};
