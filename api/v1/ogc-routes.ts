import { Hono, type Context } from 'hono';
import type { BoreholeFilters } from '../../src/domain/filters.ts';
import { requireScope, type V1Env } from './bearer.ts';
import { cursorOf, positionOf } from './boreholes-repo.ts';
import { apiError } from './errors.ts';
import type { DayRange } from './ogc-datetime.ts';
import { extentOf, oneFeature, pageOfFeatures } from './ogc-repo.ts';
import {
  collectionDoc,
  collectionsDoc,
  conformanceDoc,
  featureDoc,
  GEOJSON,
  itemsDoc,
  JSON_TYPE,
  landingDoc,
} from './ogc-openapi.ts';
import { CONFORMANCE, CRS84, featureParams, formatQuery, itemsQuery, ogcRefusal } from './ogc-schemas.ts';
import { paramsOf, queryParams } from '../validation.ts';

/** The validators of /v1/ogc: a 400 that names the parameters this route admits. */
const formatOnly = queryParams(formatQuery, ogcRefusal(formatQuery));
const itemsOnly = queryParams(itemsQuery, ogcRefusal(itemsQuery));
const featureId = paramsOf(featureParams, ogcRefusal(formatQuery));

const GEOJSON_HEADERS = { 'Content-Type': GEOJSON };
/** Where this router is mounted: its links are absolute, from the public origin. */
const MOUNT = '/v1/ogc';

/** The root of the OGC API as clients must see it: from the settings, never from the Host header. */
const rootOf = (c: Context<V1Env>) => `${c.var.settings.publicOrigin}${MOUNT}`;

function landingPage(c: Context<V1Env>) {
  const root = rootOf(c);
  const origin = c.var.settings.publicOrigin;
  c.header('Cache-Control', 'private, no-store');
  return c.json(
    {
      title: 'GéoSonde — OGC API – Features',
      description:
        'Les forages géotechniques que votre jeton peut lire, en GeoJSON, pour les logiciels SIG (QGIS, ArcGIS, GDAL).',
      links: [
        { href: root, rel: 'self', type: JSON_TYPE, title: 'Cette page' },
        {
          href: `${origin}/v1/openapi.json`,
          rel: 'service-desc',
          type: 'application/vnd.oai.openapi+json;version=3.1',
          title: 'Description OpenAPI de l’API',
        },
        { href: `${origin}/developers#api`, rel: 'service-doc', type: 'text/html', title: 'Documentation de l’API' },
        { href: `${root}/conformance`, rel: 'conformance', type: JSON_TYPE, title: 'Classes de conformité' },
        { href: `${root}/collections`, rel: 'data', type: JSON_TYPE, title: 'Collections' },
      ],
    },
    200,
  );
}

/** A day as the start (or end) of a temporal extent, RFC 3339; null leaves that end open. */
const instantOf = (day: string | null) => (day ? `${day}T00:00:00Z` : null);

/** The one collection, with the extent of what the caller may read. */
async function boreholeCollection(c: Context<V1Env>) {
  const root = rootOf(c);
  const extent = await extentOf(c.var.db, c.var.caller.dataScope);
  const dated = extent && (extent.days[0] !== null || extent.days[1] !== null);
  return {
    id: 'boreholes' as const,
    title: 'Forages géotechniques',
    description:
      'Les forages localisés accessibles à ce jeton : projet, site, municipalité, date, but, type, méthode et profondeur (m).',
    itemType: 'feature' as const,
    crs: [CRS84],
    ...(extent
      ? {
          extent: {
            spatial: { bbox: [extent.bbox], crs: CRS84 },
            ...(dated
              ? {
                  temporal: {
                    interval: [extent.days.map(instantOf)],
                    trs: 'http://www.opengis.net/def/uom/ISO-8601/0/Gregorian',
                  },
                }
              : {}),
          },
        }
      : {}),
    links: [
      { href: `${root}/collections/boreholes`, rel: 'self', type: JSON_TYPE, title: 'La collection' },
      { href: `${root}/collections/boreholes/items`, rel: 'items', type: GEOJSON, title: 'Les forages (GeoJSON)' },
    ],
  };
}

/** The workspace's date filters for a `datetime` range: with both ends open, any dated borehole. */
const datesOf = (range: DayRange | undefined): BoreholeFilters =>
  !range
    ? {}
    : {
        dateFrom: range.from ?? (range.to ? undefined : '0001-01-01'),
        ...(range.to ? { dateTo: range.to } : {}),
      };

/** `/v1/ogc`: OGC API – Features (Part 1: Core) over the boreholes the token's owner may read. */
export const ogcV1 = new Hono<V1Env>();
ogcV1.use(requireScope('read:boreholes'));
ogcV1
  .get('/', landingDoc, formatOnly, (c) => landingPage(c))
  .get('/conformance', conformanceDoc, formatOnly, (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ conformsTo: CONFORMANCE }, 200);
  })
  .get('/collections', collectionsDoc, formatOnly, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      {
        links: [{ href: `${rootOf(c)}/collections`, rel: 'self', type: JSON_TYPE, title: 'Les collections' }],
        collections: [await boreholeCollection(c)],
      },
      200,
    );
  })
  .get('/collections/boreholes', collectionDoc, formatOnly, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await boreholeCollection(c), 200);
  })
  .get('/collections/boreholes/items', itemsDoc, itemsOnly, async (c) => {
    const query = c.req.valid('query');
    const after = query.cursor === undefined ? null : positionOf(query.cursor);
    if (query.cursor !== undefined && !after) {
      return apiError(c, 'malformed_request', 'cursor : curseur invalide ; suivez le lien next reçu, tel quel.');
    }
    const page = await pageOfFeatures(c.var.db, {
      scope: c.var.caller.dataScope,
      filters: datesOf(query.datetime),
      bbox: query.bbox,
      limit: query.limit,
      after,
    });
    // The links keep the query as it came (every name in it is known), with the next page's cursor.
    const items = `${rootOf(c)}/collections/boreholes/items`;
    const asked = new URL(c.req.url).searchParams;
    const linkTo = (params: URLSearchParams) => (params.size ? `${items}?${params}` : items);
    const following = new URLSearchParams(asked);
    if (page.next) following.set('cursor', cursorOf(page.next));
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      {
        type: 'FeatureCollection' as const,
        features: page.features,
        numberMatched: page.total,
        numberReturned: page.features.length,
        timeStamp: new Date().toISOString(),
        links: [
          { href: linkTo(asked), rel: 'self', type: GEOJSON, title: 'Cette page' },
          ...(page.next ? [{ href: linkTo(following), rel: 'next', type: GEOJSON, title: 'Page suivante' }] : []),
          { href: `${rootOf(c)}/collections/boreholes`, rel: 'collection', type: JSON_TYPE, title: 'La collection' },
        ],
      },
      200,
      GEOJSON_HEADERS,
    );
  })
  .get('/collections/boreholes/items/:featureId', featureDoc, featureId, formatOnly, async (c) => {
    const { featureId } = c.req.valid('param');
    const feature = await oneFeature(c.var.db, c.var.caller.dataScope, featureId);
    if (!feature) return apiError(c, 'borehole_not_found');
    const collection = `${rootOf(c)}/collections/boreholes`;
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      {
        ...feature,
        links: [
          {
            href: `${collection}/items/${encodeURIComponent(feature.id)}`,
            rel: 'self',
            type: GEOJSON,
            title: 'Ce forage',
          },
          { href: collection, rel: 'collection', type: JSON_TYPE, title: 'La collection' },
        ],
      },
      200,
      GEOJSON_HEADERS,
    );
  });

// `/v1/ogc/` is the landing page too: Hono's router tells it apart from `/v1/ogc`. Anything else
// under /v1/ogc is not there (the only collection is `boreholes`).
ogcV1.all('*', (c) => {
  if ((c.req.method === 'GET' || c.req.method === 'HEAD') && c.req.path === `${MOUNT}/`) {
    const values = Object.entries(c.req.queries()).map(([name, all]) => [name, all.length === 1 ? all[0] : all]);
    return ogcRefusal(formatQuery)(formatQuery.safeParse(Object.fromEntries(values)), c) ?? landingPage(c);
  }
  return apiError(
    c,
    'not_found',
    'Ressource introuvable : la seule collection est « boreholes » (/v1/ogc/collections).',
  );
});
