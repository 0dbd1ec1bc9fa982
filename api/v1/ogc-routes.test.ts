import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewApiToken } from '../../src/domain/api-tokens.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { openTestDatabase, testDatabaseKind } from '../../tests/support/test-database.ts';
import type { Database } from '../db/database.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { createServerApp } from '../server.ts';
import type { BoreholeFeature } from './ogc-repo.ts';
import { freePort } from '../free-port.ts';

const run = promisify(execFile);
const [admin, montreal] = DEMO_ACCOUNTS;
const ORIGIN = 'https://geosonde.example';
const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';

interface Link {
  href: string;
  rel: string;
  type?: string;
}
interface FeaturePage {
  type: string;
  features: BoreholeFeature[];
  numberMatched: number;
  numberReturned: number;
  timeStamp: string;
  links: Link[];
}
interface Collection {
  id: string;
  itemType: string;
  crs: string[];
  extent: { spatial: { bbox: number[][] } };
  links: Link[];
}

const linkOf = (links: Link[], rel: string) => links.find((link) => link.rel === rel);

/** The rectangle of the placed boreholes of one tenant (or all), as the database has them. */
const extentIn = async (db: Database, tenant: string | null) => {
  const [row] = await db.query<{ west: number; south: number; east: number; north: number }>(
    `SELECT min(lon) AS west, min(lat) AS south, max(lon) AS east, max(lat) AS north FROM boreholes
     WHERE lat IS NOT NULL AND lon IS NOT NULL AND ($1::text IS NULL OR tenant_slug = $1)`,
    [tenant],
  );
  return [row!.west, row!.south, row!.east, row!.north];
};

describe(`OGC API – Features at /v1/ogc, on ${testDatabaseKind}`, () => {
  let api: TestApp;
  const tokens: Record<string, string> = {};

  /** A call sent to an alias of the server (http://localhost), whose links must name the public origin. */
  const ogc = (path: string, token: string | null, headers: Record<string, string> = {}) =>
    api.app.request(`http://localhost${path}`, {
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  const read = async <T>(path: string, token: string) => {
    const response = await ogc(path, token);
    expect(response.status, `${path} → ${await response.clone().text()}`).toBe(200);
    return { body: (await response.json()) as T, type: response.headers.get('content-type') };
  };
  /** Every page of a search, by its `next` links; the ids in the order they came. */
  const walk = async (path: string, token: string) => {
    const ids: string[] = [];
    const matched: number[] = [];
    let next: string | undefined = path;
    while (next) {
      const { body }: { body: FeaturePage } = await read<FeaturePage>(next, token);
      ids.push(...body.features.map((feature) => feature.id));
      matched.push(body.numberMatched);
      expect(body.numberReturned).toBe(body.features.length);
      const href: string | undefined = linkOf(body.links, 'next')?.href;
      if (href) expect(href.startsWith(`${ORIGIN}/v1/ogc/collections/boreholes/items?`)).toBe(true);
      next = href?.slice(ORIGIN.length);
    }
    return { ids, matched };
  };
  const refusal = async (path: string) => {
    const response = await ogc(path, tokens[admin.email]!);
    return [response.status, (await response.json()) as { code: string; error: string }] as const;
  };

  beforeAll(async () => {
    api = await createTestApp({
      settings: { publicOrigin: ORIGIN, aliasOrigins: ['http://localhost', 'http://127.0.0.1:4321'] },
    });
    for (const account of [admin, montreal]) {
      const made = await api.call('/api/tokens', {
        as: account.email,
        body: { name: 'QGIS', scopes: ['read:boreholes'] },
      });
      expect(made.status).toBe(201);
      tokens[account.email] = ((await made.json()) as NewApiToken).token;
    }
  });
  afterAll(() => api.close());

  it('has a landing page with absolute links to its description, conformance and data', async () => {
    const { body } = await read<{ title: string; description: string; links: Link[] }>('/v1/ogc', tokens[admin.email]!);
    expect(body.title).toContain('GéoSonde');
    expect(body.description).toMatch(/forages/);
    expect(linkOf(body.links, 'self')?.href).toBe(`${ORIGIN}/v1/ogc`);
    expect(linkOf(body.links, 'service-desc')).toEqual(
      expect.objectContaining({
        href: `${ORIGIN}/v1/openapi.json`,
        type: 'application/vnd.oai.openapi+json;version=3.1',
      }),
    );
    expect(linkOf(body.links, 'service-doc')?.href).toBe(`${ORIGIN}/developers#api`);
    expect(linkOf(body.links, 'conformance')?.href).toBe(`${ORIGIN}/v1/ogc/conformance`);
    expect(linkOf(body.links, 'data')?.href).toBe(`${ORIGIN}/v1/ogc/collections`);
    const slash = await read<unknown>('/v1/ogc/', tokens[admin.email]!);
    expect(slash.body).toEqual(body);

    const { body: conformance } = await read<{ conformsTo: string[] }>('/v1/ogc/conformance', tokens[admin.email]!);
    // Not oas30, which asks for an OpenAPI 3.0 definition: the service-desc above is 3.1.
    expect(conformance.conformsTo).toEqual(
      ['core', 'geojson'].map((c) => `http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/${c}`),
    );
  });

  it('describes one collection whose extent is what the token may read', async () => {
    const { body } = await read<{ collections: Collection[]; links: Link[] }>(
      '/v1/ogc/collections?f=json',
      tokens[admin.email]!,
    );
    expect(body.collections.map((collection) => collection.id)).toEqual(['boreholes']);
    const [boreholes] = body.collections;
    expect(boreholes).toMatchObject({ itemType: 'feature', crs: [CRS84] });
    expect(boreholes!.extent.spatial.bbox).toEqual([await extentIn(api.db, null)]);
    expect(linkOf(boreholes!.links, 'items')).toEqual(
      expect.objectContaining({ href: `${ORIGIN}/v1/ogc/collections/boreholes/items`, type: 'application/geo+json' }),
    );
    const { body: own } = await read<Collection>('/v1/ogc/collections/boreholes', tokens[montreal.email]!);
    expect(own.extent.spatial.bbox).toEqual([await extentIn(api.db, 'montreal')]);
    expect(own.extent.spatial.bbox).not.toEqual(boreholes!.extent.spatial.bbox);
    expect(linkOf(own.links, 'self')?.href).toBe(`${ORIGIN}/v1/ogc/collections/boreholes`);
  });

  it('pages through every feature with next links, without a repeat, within the token’s scope', async () => {
    const all = await walk('/v1/ogc/collections/boreholes/items?limit=7', tokens[admin.email]!);
    expect(all.ids).toHaveLength(30);
    expect(new Set(all.ids).size).toBe(30);
    expect(all.matched).toEqual(Array(5).fill(30));
    const mtl = await walk('/v1/ogc/collections/boreholes/items?limit=4', tokens[montreal.email]!);
    expect(mtl.ids).toHaveLength(15);
    expect(new Set(mtl.ids).size).toBe(15);
    expect(mtl.ids.every((id) => id.startsWith('MTL-'))).toBe(true);

    const { body, type } = await read<FeaturePage>('/v1/ogc/collections/boreholes/items?limit=1', tokens[admin.email]!);
    expect(type).toMatch(/^application\/geo\+json/);
    expect(body.type).toBe('FeatureCollection');
    expect(Date.now() - Date.parse(body.timeStamp)).toBeLessThan(60_000);
    const [feature] = body.features;
    const [row] = await api.db.query<{ lat: number; lon: number; muni: string; depth: number }>(
      'SELECT lat, lon, muni, depth FROM boreholes WHERE id = $1',
      [feature!.id],
    );
    expect(feature!.geometry).toEqual({ type: 'Point', coordinates: [row!.lon, row!.lat] });
    expect(feature!.properties).toMatchObject({ id: feature!.id, muni: row!.muni, depth_m: row!.depth });
    expect(Object.keys(feature!.properties).sort()).toEqual(
      [
        'date',
        'depth_m',
        'ground_level_m',
        'id',
        'loca_id',
        'method',
        'muni',
        'project',
        'project_code',
        'purpose',
        'site',
        'type',
      ].sort(),
    );
  });

  it('leaves out the boreholes that have no place', async () => {
    await api.db.query('UPDATE boreholes SET lat = NULL, lon = NULL WHERE id = $1', ['MTL-BH-02']);
    try {
      const mtl = await walk('/v1/ogc/collections/boreholes/items?limit=100', tokens[montreal.email]!);
      expect(mtl.ids).toHaveLength(14);
      expect(mtl.ids).not.toContain('MTL-BH-02');
      expect((await ogc('/v1/ogc/collections/boreholes/items/MTL-BH-02', tokens[montreal.email]!)).status).toBe(404);
    } finally {
      await api.db.query(`UPDATE boreholes SET lat = original_y, lon = original_x WHERE id = 'MTL-BH-02'`);
    }
    expect((await ogc('/v1/ogc/collections/boreholes/items/MTL-BH-02', tokens[montreal.email]!)).status).toBe(200);
  });

  it('filters by bbox (CRS84) and by datetime, and keeps the query in its links', async () => {
    const token = tokens[admin.email]!;
    const [lat, lon] = [45.60004, -73.33502];
    const box = `${lon - 0.0001},${lat - 0.0001},${lon + 0.0001},${lat + 0.0001}`;
    const { body } = await read<FeaturePage>(
      `/v1/ogc/collections/boreholes/items?bbox=${box}&bbox-crs=${encodeURIComponent(CRS84)}`,
      token,
    );
    expect(body.features.map((feature) => feature.id)).toEqual(['SJ-BH-03']);
    expect(body.features[0]!.properties.muni).toBe('Sainte-Julie');

    const [{ count } = { count: 0 }] = await api.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM boreholes WHERE date BETWEEN '2022-01-01' AND '2023-12-31'`,
    );
    const interval = await walk('/v1/ogc/collections/boreholes/items?datetime=2022-01-01/2023-12-31&limit=3', token);
    expect(count).toBeGreaterThan(3);
    expect(interval.ids).toHaveLength(count);
    const day = await read<FeaturePage>('/v1/ogc/collections/boreholes/items?datetime=2022-04-26', token);
    expect(day.body.features.map((feature) => feature.id)).toContain('SJ-BH-03');
    expect(day.body.features.every((feature) => feature.properties.date === '2022-04-26')).toBe(true);
    const after = await read<FeaturePage>('/v1/ogc/collections/boreholes/items?datetime=2024-01-01T%2F..', token);
    expect(after.body.features.every((feature) => feature.properties.date! >= '2024-01-01')).toBe(true);

    const first = await read<FeaturePage>('/v1/ogc/collections/boreholes/items?limit=2&datetime=../2030-01-01', token);
    const next = new URL(linkOf(first.body.links, 'next')!.href);
    expect(next.searchParams.get('limit')).toBe('2');
    expect(next.searchParams.get('datetime')).toBe('../2030-01-01');
    expect(next.searchParams.get('cursor')).toBeTruthy();
    expect(linkOf(first.body.links, 'self')!.href).toBe(
      `${ORIGIN}/v1/ogc/collections/boreholes/items?limit=2&datetime=..%2F2030-01-01`,
    );
  });

  it('refuses unknown parameters and invalid values with 400, as OGC API – Features asks', async () => {
    const cases: [string, RegExp][] = [
      ['/v1/ogc/collections/boreholes/items?town=Laval', /Paramètre inconnu : town/],
      ['/v1/ogc/collections/boreholes/items?offset=10', /Paramètre inconnu : offset/],
      ['/v1/ogc/collections?limit=10', /Paramètre inconnu : limit/],
      ['/v1/ogc?x=1', /Paramètre inconnu : x/],
      ['/v1/ogc/?x=1', /Paramètre inconnu : x/],
      ['/v1/ogc/collections/boreholes/items?limit=0', /limit/],
      ['/v1/ogc/collections/boreholes/items?limit=abc', /limit/],
      ['/v1/ogc/collections/boreholes/items?limit=5&limit=6', /limit : une seule valeur/],
      ['/v1/ogc/collections/boreholes/items?bbox=1,2,3', /bbox/],
      ['/v1/ogc/collections/boreholes/items?bbox-crs=EPSG:4326', /bbox-crs/],
      ['/v1/ogc/collections/boreholes/items?datetime=2024-02-30', /datetime/],
      ['/v1/ogc/collections/boreholes/items?datetime=2024-01-01/2023-01-01', /datetime/],
      ['/v1/ogc/collections/boreholes/items?cursor=abc', /curseur invalide/],
      ['/v1/ogc/collections/boreholes/items?f=html', /f : seuls json et geojson/],
      ['/v1/ogc/collections/boreholes/items/SJ-BH-03?f=xml', /f : seuls/],
    ];
    for (const [path, message] of cases) {
      const [status, body] = await refusal(path);
      expect([path, status, body.code]).toEqual([path, 400, 'malformed_request']);
      expect(body.error).toMatch(message);
    }
    expect((await ogc('/v1/ogc/collections/boreholes/items?f=geojson', tokens[admin.email]!)).status).toBe(200);
  });

  it('clamps a limit above 1,000 to 1,000 instead of refusing it', async () => {
    const token = tokens[admin.email]!;
    const small = await read<FeaturePage>('/v1/ogc/collections/boreholes/items?limit=5000', token);
    expect(small.body.numberReturned).toBeLessThanOrEqual(1000);
    expect(small.body.numberReturned).toBe(30);

    // 1,000 more boreholes where MTL-BH-01 stands: a page of 5,000 asked holds 1,000 of the 1,001.
    await api.db.query(
      `INSERT INTO boreholes
       SELECT (jsonb_populate_record(b, jsonb_build_object('id', 'OGC-' || n, 'loca_id', 'OGC-' || n,
         'search_id', 'ogc-' || n))).*
       FROM boreholes b CROSS JOIN generate_series(1, 1000) n WHERE b.id = 'MTL-BH-01'`,
    );
    try {
      const box = '-73.5733,45.5006,-73.5731,45.5008';
      const { body } = await read<FeaturePage>(`/v1/ogc/collections/boreholes/items?limit=5000&bbox=${box}`, token);
      expect(body.numberMatched).toBe(1001);
      expect(body.numberReturned).toBe(1000);
      const next = linkOf(body.links, 'next')!.href.slice(ORIGIN.length);
      expect(next).toContain('limit=5000');
      const rest = await read<FeaturePage>(next, token);
      expect(rest.body.numberReturned).toBe(1);
      expect(linkOf(rest.body.links, 'next')).toBeUndefined();
      expect(new Set([...body.features, ...rest.body.features].map((feature) => feature.id)).size).toBe(1001);
    } finally {
      await api.db.query(`DELETE FROM boreholes WHERE id LIKE 'OGC-%'`);
    }
  });

  it('reads one feature; absent and out of scope look the same (404)', async () => {
    const { body, type } = await read<BoreholeFeature & { links: Link[] }>(
      '/v1/ogc/collections/boreholes/items/SJ-BH-03',
      tokens[admin.email]!,
    );
    expect(type).toMatch(/^application\/geo\+json/);
    expect(body).toMatchObject({
      type: 'Feature',
      id: 'SJ-BH-03',
      geometry: { type: 'Point', coordinates: [-73.33502, 45.60004] },
      properties: { muni: 'Sainte-Julie', date: '2022-04-26' },
    });
    expect(linkOf(body.links, 'self')?.href).toBe(`${ORIGIN}/v1/ogc/collections/boreholes/items/SJ-BH-03`);
    expect(linkOf(body.links, 'collection')?.href).toBe(`${ORIGIN}/v1/ogc/collections/boreholes`);

    const elsewhere = await ogc('/v1/ogc/collections/boreholes/items/SJ-BH-03', tokens[montreal.email]!);
    const absent = await ogc('/v1/ogc/collections/boreholes/items/NO-SUCH-BH', tokens[montreal.email]!);
    expect(elsewhere.status).toBe(404);
    expect(absent.status).toBe(404);
    expect(await elsewhere.json()).toEqual(await absent.json());
    const collection = await ogc('/v1/ogc/collections/wells/items', tokens[admin.email]!);
    expect(collection.status).toBe(404);
    expect(((await collection.json()) as { code: string }).code).toBe('not_found');
  });

  it('needs a token with read:boreholes everywhere', async () => {
    for (const path of [
      '/v1/ogc',
      '/v1/ogc/',
      '/v1/ogc/conformance',
      '/v1/ogc/collections/boreholes/items',
      '/v1/ogc/nothing',
    ]) {
      const response = await ogc(path, null);
      expect([path, response.status, ((await response.json()) as { code: string }).code]).toEqual([
        path,
        401,
        'missing_token',
      ]);
    }
    const made = await api.call('/api/tokens', {
      as: montreal.email,
      body: { name: 'Exports', scopes: ['write:exports'] },
    });
    const exportsOnly = ((await made.json()) as NewApiToken).token;
    expect((await ogc('/v1/ogc/collections/boreholes/items', exportsOnly)).status).toBe(403);
  });

  it('writes its links from the public origin, whatever Host the request names', async () => {
    const response = await api.app.request('http://127.0.0.1:4321/v1/ogc/collections/boreholes/items?limit=2', {
      headers: {
        authorization: `Bearer ${tokens[admin.email]!}`,
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'http',
      },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(/127\.0\.0\.1|localhost|evil\.example/);
    const hrefs = ((JSON.parse(text) as FeaturePage).links ?? []).map((link) => link.href);
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    expect(hrefs.every((href) => href.startsWith(`${ORIGIN}/v1/ogc/`))).toBe(true);
  });

  it('is in /v1/openapi.json', async () => {
    const response = await api.app.request('http://localhost/v1/openapi.json');
    const document = (await response.json()) as {
      paths: Record<string, { get?: { parameters?: { name: string }[]; security?: unknown[] } }>;
    };
    const paths = [
      '/ogc',
      '/ogc/conformance',
      '/ogc/collections',
      '/ogc/collections/boreholes',
      '/ogc/collections/boreholes/items',
      '/ogc/collections/boreholes/items/{featureId}',
    ];
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(paths));
    const items = document.paths['/ogc/collections/boreholes/items']!.get!;
    expect(items.parameters!.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['bbox', 'bbox-crs', 'datetime', 'limit', 'cursor', 'f']),
    );
    expect(items.security).toEqual([{ bearer: [] }]);
  });
});

// GDAL's OAPIF driver is what QGIS and ogr2ogr users run: the real server on a real port, read by
// `ogrinfo` (Debian's gdal-bin) in another process, with the token in GDAL_HTTP_HEADERS.
describe(`GDAL (ogrinfo, OAPIF driver) reads the OGC API of the real server, on ${testDatabaseKind}`, () => {
  let db: Database;
  let siteDir: string;
  let server: ServerType;
  let origin: string;
  const tokens: Record<string, string> = {};
  /** What the server was asked, to read when GDAL fails. */
  const requests: string[] = [];

  const ogrinfo = (token: string | null, ...args: string[]) =>
    run(
      'ogrinfo',
      [
        ...(token ? ['--config', 'GDAL_HTTP_HEADERS', `Authorization: Bearer ${token}`] : []),
        '-ro',
        '-al',
        ...args,
        `OAPIF:${origin}/v1/ogc`,
        'boreholes',
      ],
      { timeout: 60_000, env: { ...process.env, NO_PROXY: '127.0.0.1', no_proxy: '127.0.0.1' } },
    );
  const log = () => `requêtes reçues :\n${requests.join('\n')}`;

  beforeAll(async () => {
    db = await openTestDatabase({ demo: true });
    siteDir = await mkdtemp(join(tmpdir(), 'gs-ogc-site-'));
    await writeFile(join(siteDir, '404.html'), '<h1>Accueil</h1>');
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const app = await createServerApp({ db, siteDir, settings: { publicOrigin: origin } });
    server = serve({
      fetch: (request: Request) => {
        const url = new URL(request.url);
        requests.push(`${request.method} ${url.pathname}${url.search}`);
        return app.fetch(request);
      },
      port,
      hostname: '127.0.0.1',
    });
    for (const account of [admin, montreal]) {
      const headers = { origin, 'content-type': 'application/json' };
      const login = await fetch(`${origin}/api/login`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const made = await fetch(`${origin}/api/tokens`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: JSON.stringify({ name: 'QGIS', scopes: ['read:boreholes'] }),
      });
      expect(made.status).toBe(201);
      tokens[account.email] = ((await made.json()) as NewApiToken).token;
    }
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await db.close();
    await rm(siteDir, { recursive: true, force: true });
  });

  it('lists the layer, its fields, its extent and its count', async () => {
    const { stdout: version } = await run('ogrinfo', ['--version']);
    expect(version).toMatch(/^GDAL \d+\.\d+/);
    const { stdout } = await ogrinfo(tokens[admin.email]!, '-so').catch((error: unknown) => {
      throw new Error(`${String(error)}\n${log()}`);
    });
    expect(stdout, log()).toContain('Layer name: boreholes');
    expect(stdout).toMatch(/Geometry: Point/);
    expect(stdout).toContain('Feature Count: 30');
    expect(stdout).toMatch(/muni: String/);
    expect(stdout).toMatch(/depth_m: Real/);
    expect(stdout).toMatch(/date: Date/);
    const [west, south, east, north] = (await extentIn(db, null)).map((value) => value.toFixed(6));
    expect(stdout).toContain(`Extent: (${west}, ${south}) - (${east}, ${north})`);

    const { stdout: own } = await ogrinfo(tokens[montreal.email]!, '-so');
    expect(own).toContain('Feature Count: 15');
  });

  it('reads every feature through the next links, and one feature by its id', async () => {
    const { stdout } = await ogrinfo(tokens[admin.email]!, '-q');
    const ids = [...stdout.matchAll(/^ {2}id \(String\) = (.+)$/gm)].map((match) => match[1]);
    expect(ids, log()).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(
      requests.filter((request) => request.includes('/items?') && request.includes('cursor=')).length,
    ).toBeGreaterThan(0);

    const { stdout: one } = await ogrinfo(tokens[admin.email]!, '-q', '-where', "id = 'SJ-BH-03'");
    expect(one.match(/OGRFeature\(boreholes\)/g), log()).toHaveLength(1);
    expect(one).toContain('muni (String) = Sainte-Julie');
    expect(one).toContain('date (Date) = 2022/04/26');
    expect(one).toContain('POINT (-73.33502 45.60004)');
    expect(requests).toContain('GET /v1/ogc/collections/boreholes/items/SJ-BH-03');

    // GDAL turns a date condition into `datetime=2024-01-01T/..`.
    const { stdout: recent } = await ogrinfo(tokens[admin.email]!, '-q', '-where', "date >= '2024-01-01'");
    const dates = [...recent.matchAll(/^ {2}date \(Date\) = (.+)$/gm)].map((match) => match[1]!);
    expect(dates.length, log()).toBeGreaterThan(0);
    expect(dates.every((date) => date >= '2024/01/01')).toBe(true);
    expect(requests.some((request) => request.includes('datetime=2024-01-01T'))).toBe(true);
  });

  it('fails without a token, with the API’s 401', async () => {
    const failed = await ogrinfo(null, '-so').then(
      () => null,
      (error: { stderr?: string }) => error,
    );
    expect(failed?.stderr).toMatch(/401/);
    expect(failed?.stderr).toContain('missing_token');
  });
});
