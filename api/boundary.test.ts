import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_PARAMS } from '../src/domain/filters.ts';
import { DEMO_ACCOUNTS } from './db/seed/seed.ts';
import { FORBIDDEN_TEXT } from './middleware/clean-text.ts';
import { createTestApp, type TestApp } from '../tests/support/test-app.ts';
import { testDatabaseKind } from '../tests/support/test-database.ts';

// Every route of the API against what a client may send: NUL characters, lone UTF-16 surrogates,
// right-to-left marks, 10,000-character values, huge and odd numbers, impossible dates, repeated
// parameters. Whatever arrives, the answer is never a 5xx and stored data stays as it was.

const [admin] = DEMO_ACCOUNTS;

/** Strings that broke, or could break, a server: each family at least once per few runs. */
const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom('\uD800', 'a\uDC00b', '\uDBFF\uDBFF', 'MTL-BH-01\uD83D'),
  fc.constantFrom('\u200F\u202Eإبداع', '\u202Dmontréal\u202C', '\uFEFF', '\u0085\u2028\u2029'),
  fc.constantFrom('x'.repeat(10_000), '9'.repeat(10_000), 'é'.repeat(10_000)),
  fc.constantFrom('99999999999', '-99999999999', '1e400', '-0', 'NaN', 'Infinity', '0x10', '1,5', ' 7 '),
  fc.constantFrom('0000-01-01', '2024-02-30', '9999-12-31', '10000-01-01', '2024-13-01', '1969-12-31T00:00'),
  fc.constantFrom('MTL-BH-01', 'montreal', 'stjulie', 'admin', 'win', 'mac', '1', 'true', ''),
);

/** What JSON bodies hold besides strings. */
const jsonValue = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(nasty, nasty, { maxKeys: 2 }),
);

const FILTERS = [...FILTER_PARAMS, 'limit', 'offset', 'tenant'];

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path, with `:x` for a segment that gets a nasty value. */
  path: string;
  query: string[];
  body?: string[];
  /** The public API: signed in means a bearer token, not a session. */
  bearer?: true;
}

const V1_SEARCH = [
  'muni',
  'project',
  'site',
  'address',
  'lithology',
  'purpose',
  'type',
  'drilling_method',
  'date_from',
  'date_to',
  'depth_min',
  'depth_max',
  'bbox',
  'limit',
  'cursor',
];

const OGC_ITEMS = ['bbox', 'bbox-crs', 'datetime', 'limit', 'cursor', 'f'];

const ROUTES: Route[] = [
  { method: 'GET', path: '/api/me', query: ['x'] },
  { method: 'GET', path: '/api/health', query: ['x'] },
  { method: 'GET', path: '/api/boreholes', query: FILTERS },
  { method: 'GET', path: '/api/boreholes/table', query: [...FILTERS, 'sort', 'dir', 'limit', 'cursor'] },
  { method: 'GET', path: '/api/boreholes/table/count', query: FILTERS },
  { method: 'GET', path: '/api/boreholes/map', query: [...FILTERS, 'bbox', 'zoom'] },
  { method: 'GET', path: '/api/boreholes/export.csv', query: [...FILTERS, 'sort', 'dir'] },
  { method: 'GET', path: '/api/boreholes/export.geojson', query: [...FILTERS, 'sort', 'dir'] },
  { method: 'GET', path: '/api/boreholes/export.xlsx', query: [...FILTERS, 'sort', 'dir'] },
  { method: 'GET', path: '/api/boreholes/export.gpkg', query: [...FILTERS, 'sort', 'dir'] },
  { method: 'GET', path: '/api/boreholes/:x', query: ['tenant'] },
  { method: 'GET', path: '/api/boreholes/:x/log.svg', query: ['tenant', 'scale'] },
  { method: 'GET', path: '/api/boreholes/:x/log.pdf', query: ['tenant', 'scale'] },
  { method: 'GET', path: '/api/boreholes/logs.pdf', query: ['ids', 'scale', 'tenant'] },
  { method: 'GET', path: '/api/boreholes/:x/record', query: ['tenant'] },
  { method: 'GET', path: '/api/boreholes/:x/versions', query: ['tenant'] },
  { method: 'GET', path: '/api/boreholes/:x/ags', query: ['tenant'] },
  { method: 'POST', path: '/api/boreholes/:x/versions/:x/restore', query: ['tenant'], body: ['x'] },
  { method: 'GET', path: '/api/boreholes/:x/shares', query: ['tenant'] },
  { method: 'POST', path: '/api/boreholes/:x/shares', query: ['tenant'], body: ['days'] },
  {
    method: 'POST',
    path: '/api/sections',
    query: ['tenant'],
    body: ['line', 'corridor', 'title', 'exaggeration', 'links', 'paper', 'format'],
  },
  { method: 'GET', path: '/api/surfaces/columns', query: ['bbox', 'tenant'] },
  { method: 'GET', path: '/api/surfaces', query: ['quantity', 'soil', 'method', 'cells', 'bbox', 'format', 'tenant'] },
  { method: 'DELETE', path: '/api/boreholes/:x/shares/:x', query: ['tenant'] },
  { method: 'GET', path: '/api/shared/:x', query: ['x'] },
  { method: 'GET', path: '/api/shared/:x/log.svg', query: ['scale'] },
  { method: 'GET', path: '/api/shared/:x/log.pdf', query: ['scale'] },
  { method: 'GET', path: '/api/reports', query: FILTERS },
  { method: 'GET', path: '/api/files/:x', query: ['exp', 'sig'] },
  { method: 'GET', path: '/api/files/:x/thumbnail', query: ['exp', 'sig'] },
  { method: 'GET', path: '/api/imports', query: ['x', 'tenant'] },
  { method: 'GET', path: '/api/imports/modele.xlsx', query: ['x'] },
  { method: 'GET', path: '/api/imports/modele-csv.zip', query: ['x'] },
  { method: 'POST', path: '/api/imports', query: ['crs', 'tenant'], body: ['file', 'crs', 'tenant'] },
  { method: 'GET', path: '/api/imports/:x/file', query: ['x'] },
  { method: 'GET', path: '/api/imports/:x/report.csv', query: ['x'] },
  { method: 'POST', path: '/api/imports/:x/commit', query: ['x'], body: ['x'] },
  { method: 'GET', path: '/api/projects/:x/ags', query: ['x'] },
  { method: 'GET', path: '/api/invitations', query: ['x'] },
  { method: 'GET', path: '/api/download', query: ['platform', 'tenant'] },
  { method: 'GET', path: '/api/admin/download', query: ['platform', 'tenant'] },
  { method: 'GET', path: '/ask/download', query: ['platform', 'tenant'] },
  { method: 'GET', path: '/ask/admin/download', query: ['platform', 'tenant'] },
  { method: 'GET', path: '/api/releases/:x', query: ['exp', 'sig'] },
  { method: 'POST', path: '/api/login', query: [], body: ['email', 'password'] },
  { method: 'POST', path: '/api/register', query: [], body: ['email', 'password', 'token', 'displayName'] },
  { method: 'POST', path: '/api/logout', query: [], body: ['x'] },
  { method: 'POST', path: '/api/password/forgot', query: [], body: ['email'] },
  { method: 'POST', path: '/api/password/reset', query: [], body: ['token', 'password'] },
  { method: 'POST', path: '/api/invitations', query: [], body: ['tenantSlug', 'role', 'email', 'days'] },
  { method: 'POST', path: '/api/download', query: [], body: ['platform', 'tenant'] },
  { method: 'POST', path: '/api/admin/download', query: [], body: ['platform', 'tenant'] },
  { method: 'POST', path: '/ask/download', query: [], body: ['platform', 'tenant'] },
  { method: 'POST', path: '/ask/admin/download', query: [], body: ['platform', 'tenant'] },
  { method: 'POST', path: '/ask', query: [], body: ['query', 'top_k', 'threshold'] },
  { method: 'POST', path: '/api/reports', query: ['borehole'] },
  { method: 'DELETE', path: '/api/reports/:x', query: ['x'] },
  { method: 'GET', path: '/api/admin/users', query: ['tenant'] },
  { method: 'GET', path: '/api/admin/audit', query: ['tenant', 'action', 'before'] },
  { method: 'PATCH', path: '/api/admin/users/:x', query: [], body: ['role', 'disabled'] },
  { method: 'DELETE', path: '/api/invitations/:x', query: ['x'] },
  { method: 'POST', path: '/api/exports', query: [], body: ['format', 'what', 'count', 'tenant'] },
  { method: 'PUT', path: '/api/reports/:x/file', query: ['x'] },
  { method: 'GET', path: '/api/tokens', query: ['x'] },
  { method: 'POST', path: '/api/tokens', query: [], body: ['name', 'scopes', 'days', 'allowedIps'] },
  { method: 'POST', path: '/api/tokens/:x/rotate', query: [], body: ['graceHours'] },
  { method: 'DELETE', path: '/api/tokens/:x', query: ['x'] },
  { method: 'GET', path: '/api/webhooks', query: ['tenant'] },
  { method: 'POST', path: '/api/webhooks', query: [], body: ['tenantSlug', 'url', 'events'] },
  { method: 'DELETE', path: '/api/webhooks/:x', query: ['x'] },
  { method: 'POST', path: '/api/webhooks/:x/test', query: [], body: ['x'] },
  { method: 'GET', path: '/api/webhooks/:x/deliveries', query: ['x'] },
  { method: 'GET', path: '/v1/boreholes', query: V1_SEARCH, bearer: true },
  { method: 'GET', path: '/v1/boreholes/:x', query: ['x'], bearer: true },
  { method: 'GET', path: '/v1/boreholes/:x/log.svg', query: ['x'], bearer: true },
  { method: 'GET', path: '/v1/openapi.json', query: ['x'] },
  { method: 'GET', path: '/v1/ogc', query: ['f'], bearer: true },
  { method: 'GET', path: '/v1/ogc/', query: ['f'], bearer: true },
  { method: 'GET', path: '/v1/ogc/conformance', query: ['f'], bearer: true },
  { method: 'GET', path: '/v1/ogc/collections', query: ['f'], bearer: true },
  { method: 'GET', path: '/v1/ogc/collections/boreholes', query: ['f'], bearer: true },
  { method: 'GET', path: '/v1/ogc/collections/:x', query: ['f'], bearer: true },
  { method: 'GET', path: '/v1/ogc/collections/boreholes/items', query: OGC_ITEMS, bearer: true },
  { method: 'GET', path: '/v1/ogc/collections/boreholes/items/:x', query: ['f'], bearer: true },
  { method: 'POST', path: '/v1/exports/geopackage', query: [], body: ['filter'], bearer: true },
  { method: 'GET', path: '/v1/exports/:x', query: ['x'], bearer: true },
  { method: 'GET', path: '/v1/exports/:x/download', query: ['exp', 'sig'] },
];

/** A path segment as a client could write it: percent-encoded UTF-8, or a raw `%00`. */
const segment = fc.oneof(
  nasty.map((value) => encodeURIComponent(value.toWellFormed())),
  fc.constantFrom('%00', 'MTL-BH-01%00', '%E0%A4%A', '%ED%A0%80', '..%2F..%2Fetc%2Fpasswd'),
);

const request = (route: Route) =>
  fc.record({
    segment,
    // Names from the route, and a few others; repeated names stay repeated.
    params: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...route.query, 'x'), nasty), nasty), { maxLength: 6 }),
    body: fc.oneof(
      fc.constant(undefined),
      fc.dictionary(fc.constantFrom(...(route.body ?? ['x']), 'extra'), jsonValue, { maxKeys: 5 }),
      fc.array(jsonValue, { maxLength: 3 }),
      nasty.map((text) => ({ raw: text })),
    ),
    signedIn: fc.boolean(),
  });

describe(`every route against hostile input, on ${testDatabaseKind}`, () => {
  let api: TestApp;
  let token = '';
  const stored = async () =>
    (
      await api.db.query<{ counts: string }>(
        `SELECT concat_ws(',', (SELECT count(*) FROM users), (SELECT count(*) FROM boreholes),
                (SELECT count(*) FROM reports), (SELECT count(*) FROM webhook_subscriptions),
                (SELECT count(*) FROM imports), (SELECT count(*) FROM projects)) AS counts`,
      )
    )[0]!.counts;

  beforeAll(async () => {
    // A bucket no fuzz run empties: past the rate limit, every bearer route would answer 429 alone.
    api = await createTestApp({ settings: { apiRateLimit: { capacity: 1_000_000, perMinute: 1_000_000 } } });
    const made = await api.call('/api/tokens', {
      as: admin.email,
      body: { name: 'Fuzz', scopes: ['read:boreholes', 'read:exports', 'write:exports', 'admin:project'] },
    });
    token = ((await made.json()) as { token: string }).token;
  });
  afterAll(() => api.close());

  it('refuses NUL and lone surrogates with a French 400, in the query and in the body', async () => {
    const cases: [string, { as: string; method?: string; body?: unknown }][] = [
      ['/api/boreholes?project=a%00b', { as: admin.email }],
      ['/api/boreholes?ids=MTL-BH-01%00', { as: admin.email }],
      ['/api/boreholes?lithology=%00', { as: admin.email }],
      ['/api/reports?project=%00', { as: admin.email }],
      ['/api/boreholes/MTL-BH-01%00', { as: admin.email }],
      ['/api/login', { as: '', body: { email: 'admin@geosonde.ca\u0000', password: 'x' } }],
      ['/api/login', { as: '', body: { email: 'a\uD800@geosonde.ca', password: 'x' } }],
      ['/ask', { as: '', body: { query: 'forage\u0000' } }],
    ];
    for (const [path, options] of cases) {
      const response = await api.call(path, options);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toEqual({ error: FORBIDDEN_TEXT });
    }
  });

  it('bounds every number: a huge offset is a French 400, not a database error', async () => {
    const response = await api.call('/api/boreholes?offset=99999999999', { as: admin.email });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/^offset vaut au plus/);
    const yearZero = await api.call('/api/boreholes?dateTo=0000-01-01', { as: admin.email });
    expect(yearZero.status).toBe(400);
    expect(((await yearZero.json()) as { error: string }).error).toMatch(/an 1/);
    const repeated = await api.call('/api/boreholes?limit=5&limit=6', { as: admin.email });
    expect(repeated.status).toBe(400);
  });

  // One rule for every route, of the workspace and of /v1: the same query refused by both, the
  // same numbers read by both.
  it('refuses query bytes that are not UTF-8 and numbers that are not decimal, on /api and /v1 alike', async () => {
    const v1 = (path: string) =>
      api.app.request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } });
    for (const query of ['muni=%ED%A0%80', 'muni=%FF', 'x%ED%A0%80=1']) {
      const workspace = await api.call(`/api/boreholes?${query.replace('muni', 'municipality')}`, { as: admin.email });
      expect([query, workspace.status]).toEqual([query, 400]);
      expect(await workspace.json()).toEqual({ error: FORBIDDEN_TEXT });
      const open = await v1(`/v1/boreholes?${query}`);
      expect([query, open.status]).toEqual([query, 400]);
      expect(((await open.json()) as { code: string }).code).toBe('malformed_request');
    }
    for (const [name, value] of [
      ['offset', '0x10'],
      ['limit', '1e1'],
      ['depthMin', '0b1'],
      ['depthMax', 'Infinity'],
      ['centerLat', '0x2D'],
    ]) {
      const response = await api.call(`/api/boreholes?${name}=${value}`, { as: admin.email });
      expect([name, value, response.status]).toEqual([name, value, 400]);
    }
    expect((await api.call('/api/boreholes?offset=%2B2&limit=1.0', { as: admin.email })).status).toBe(200);
    for (const query of ['limit=0x10', 'depth_min=1e1', 'bbox=-74,45,-73,0x2E']) {
      const response = await v1(`/v1/boreholes?${query}`);
      expect([query, response.status]).toEqual([query, 422]);
    }
    const ogc = await v1('/v1/ogc/collections/boreholes/items?limit=0x10');
    expect(ogc.status).toBe(400);
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.path}: never a 5xx, nothing stored changes`, async () => {
      const before = await stored();
      await fc.assert(
        fc.asyncProperty(request(route), async ({ segment: part, params, body, signedIn }) => {
          const query = params.map(([name, value]) => [name.toWellFormed(), value.toWellFormed()]);
          const search = new URLSearchParams(query).toString();
          const path = `${route.path.replace(':x', part || 'x')}${search ? `?${search}` : ''}`;
          const payload =
            route.method === 'GET' || body === undefined
              ? undefined
              : typeof body === 'object' && body !== null && 'raw' in body
                ? JSON.stringify(body.raw)
                : JSON.stringify(body);
          const response = await api.call(path, {
            method: route.method,
            ...(signedIn && !route.bearer ? { as: admin.email } : {}),
            ...(signedIn && route.bearer ? { headers: { authorization: `Bearer ${token}` } } : {}),
            ...(payload === undefined ? {} : { body: payload }),
          });
          const text = await response.text();
          expect(response.status, `${path} ${payload ?? ''} → ${text.slice(0, 200)}`).toBeLessThan(500);
        }),
        {
          numRuns: ['/api/boreholes', '/api/reports', '/v1/boreholes', '/v1/ogc/collections/boreholes/items'].includes(
            route.path,
          )
            ? 300
            : 120,
        },
      );
      expect(await stored()).toBe(before);
    }, 120_000);
  }
});
