import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ApiTokenView, NewApiToken } from '../../src/domain/api-tokens.ts';
import { readFixture } from '../../tests/ags-fixtures.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';
import { createApp } from '../app.ts';
import { createSession, SESSION_COOKIE } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { fileStore } from '../files/file-store.ts';
import { documentedRoutes } from '../openapi.ts';
import { v1Routes } from './v1.ts';

const [admin, montreal, stjulie] = DEMO_ACCOUNTS;
const VIEWER = 'lecteur-api@montreal.ca';

interface Page {
  items: { id: string; muni: string; date: string; depth_m: number }[];
  total: number;
  next_cursor: string | null;
}

describe(`public API v1 and its tokens on ${testDatabaseKind}`, () => {
  let db: Database;
  let call: TestApp['call'];
  let cookies: TestApp['cookies'];
  let app: TestApp['app'];
  const tokens: Record<string, string> = {};

  const makeToken = async (as: string, body: Record<string, unknown>) => {
    const response = await call('/api/tokens', {
      as,
      body: { name: 'Intégration', scopes: ['read:boreholes'], ...body },
    });
    return { status: response.status, body: (await response.json()) as NewApiToken & { error?: string } };
  };
  const v1 = (path: string, token: string | null, headers: Record<string, string> = {}, target = app) =>
    target.request(`http://localhost${path}`, {
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  const page = async (path: string, token: string) => {
    const response = await v1(path, token);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Page;
  };

  beforeAll(async () => {
    ({ db, call, cookies, app } = await createTestApp());
    const [viewer] = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, display_name, role, tenant_slug)
       VALUES ($1, 'x', 'Lecteur', 'viewer', 'montreal') RETURNING id`,
      [VIEWER],
    );
    cookies.set(
      VIEWER,
      `${SESSION_COOKIE}=${await createSession(db, viewer!.id, { idleMinutes: 30, absoluteHours: 12 })}`,
    );
    for (const account of [admin, montreal, stjulie]) {
      const made = await makeToken(account.email, { name: `SIG ${account.email}` });
      expect(made.status).toBe(201);
      tokens[account.email] = made.body.token;
    }
  });
  afterAll(() => db.close());

  it('shows a token once, keeps only its hash, and lists it without the secret', async () => {
    const token = tokens[montreal.email]!;
    expect(token).toMatch(/^gs_[A-Za-z0-9_-]{43}$/);
    const stored = await db.query<{ token_sha256: string }>('SELECT token_sha256 FROM api_tokens');
    expect(stored.some((row) => row.token_sha256.includes(token.slice(3)))).toBe(false);
    const listed = await call('/api/tokens', { as: montreal.email });
    const text = await listed.text();
    expect(text).not.toContain(token.slice(3, 20));
    const { items, scopes } = JSON.parse(text) as { items: ApiTokenView[]; scopes: string[] };
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ prefix: token.slice(0, 9), scopes: ['read:boreholes'], active: true });
    expect(scopes).not.toContain('admin:project');
  });

  it('lets only administrators grant admin:project, and no viewer make a token', async () => {
    const member = await makeToken(montreal.email, { scopes: ['read:boreholes', 'admin:project'] });
    expect(member.status).toBe(403);
    expect(member.body.error).toMatch(/réservée aux administrateurs/);
    expect((await makeToken(admin.email, { scopes: ['admin:project'] })).status).toBe(201);
    const viewer = await makeToken(VIEWER, {});
    expect(viewer.status).toBe(403);
    expect(viewer.body.error).toMatch(/lecture seule/);
    const badIp = await makeToken(montreal.email, { allowedIps: ['10.0.0.0/33'] });
    expect(badIp.status).toBe(400);
    expect(badIp.body.error).toContain('10.0.0.0/33');
    expect((await makeToken(montreal.email, { scopes: [] })).status).toBe(400);
    expect((await makeToken(montreal.email, { days: 366 })).status).toBe(400);
  });

  it('opens no call with admin:project alone, as the developers page says', async () => {
    const made = await makeToken(admin.email, { name: 'Administration', scopes: ['admin:project'] });
    expect(made.status).toBe(201);
    const calls: [string, RequestInit][] = [
      ['/v1/boreholes', {}],
      ['/v1/boreholes/SJ-BH-03', {}],
      ['/v1/ogc/collections', {}],
      ['/v1/exports/exp_0000000000000000', {}],
      ['/v1/exports/geopackage', { method: 'POST', body: '{"filter":{}}' }],
    ];
    for (const [path, init] of calls) {
      const response = await app.request(`http://localhost${path}`, {
        ...init,
        headers: { authorization: `Bearer ${made.body.token}`, 'content-type': 'application/json' },
      });
      expect([path, response.status, ((await response.json()) as { code: string }).code]).toEqual([
        path,
        403,
        'insufficient_scope',
      ]);
    }
  });

  it('reads exactly what the owner reads: Montréal its own, Sainte-Julie its 8 km, the administrator all', async () => {
    const mtl = await page('/v1/boreholes?limit=500', tokens[montreal.email]!);
    expect(mtl.total).toBe(15);
    expect(mtl.items.every((item) => item.id.startsWith('MTL-'))).toBe(true);
    const sj = await page('/v1/boreholes?limit=500', tokens[stjulie.email]!);
    expect(sj.items.every((item) => item.id.startsWith('SJ-'))).toBe(true);
    expect(sj.total).toBe(15);
    expect((await page('/v1/boreholes?limit=500', tokens[admin.email]!)).total).toBe(30);
    const elsewhere = await v1('/v1/boreholes/SJ-BH-03', tokens[montreal.email]!);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toEqual({
      code: 'borehole_not_found',
      error: 'Forage introuvable dans les données accessibles à ce jeton.',
    });
    const svg = await v1('/v1/boreholes/MTL-BH-04/log.svg', tokens[montreal.email]!);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toContain('MTL-BH-04');
  });

  it('walks every page with next_cursor, without a repeat or a gap, in the order of one long page', async () => {
    const token = tokens[admin.email]!;
    const whole = await page('/v1/boreholes?limit=500', token);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const next: Page = await page(`/v1/boreholes?limit=7${cursor ? `&cursor=${cursor}` : ''}`, token);
      expect(next.total).toBe(30);
      seen.push(...next.items.map((item) => item.id));
      cursor = next.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(whole.items.map((item) => item.id));
  });

  it('filters by bbox and by the workspace’s filters', async () => {
    const token = tokens[admin.email]!;
    const [lat, lon] = [45.60004, -73.33502];
    const box = await page(`/v1/boreholes?bbox=${lon - 0.0001},${lat - 0.0001},${lon + 0.0001},${lat + 0.0001}`, token);
    expect(box.items.map((item) => item.id)).toEqual(['SJ-BH-03']);
    const clay = await page('/v1/boreholes?lithology=argile&muni=sainte-julie&purpose=geotech&limit=500', token);
    expect(clay.total).toBeGreaterThan(0);
    expect(clay.items.every((item) => item.muni === 'Sainte-Julie')).toBe(true);
  });

  it('refuses bad parameters with 422 and a stable code, never a 500', async () => {
    const token = tokens[admin.email]!;
    const cases: [string, RegExp][] = [
      ['/v1/boreholes?town=Laval', /Paramètre inconnu : town/],
      ['/v1/boreholes?limit=501', /limit : au plus 500/],
      ['/v1/boreholes?limit=0', /limit/],
      ['/v1/boreholes?purpose=mine', /purpose : valeurs admises/],
      ['/v1/boreholes?muni=a&muni=b', /muni : une seule valeur/],
      ['/v1/boreholes?bbox=1,2,3', /bbox/],
      ['/v1/boreholes?bbox=10,0,-10,5', /bbox/],
      ['/v1/boreholes?cursor=abc', /curseur invalide/],
      [`/v1/boreholes?cursor=${Buffer.from('["2024-02-31","x"]').toString('base64url')}`, /curseur invalide/],
      ['/v1/boreholes?date_from=2024-13-01', /date_from/],
    ];
    for (const [path, message] of cases) {
      const response = await v1(path, token);
      const body = (await response.json()) as { code: string; error: string };
      expect([path, response.status, body.code]).toEqual([path, 422, 'invalid_parameter']);
      expect(body.error).toMatch(message);
    }
    const nul = await v1('/v1/boreholes?muni=a%00b', token);
    expect(nul.status).toBe(400);
    expect(((await nul.json()) as { code: string }).code).toBe('malformed_request');
    const unknown = await v1('/v1/nothing', token);
    expect(unknown.status).toBe(404);
  });

  it('answers 401 without a token, with an unknown, revoked or expired one, and 403 without the scope', async () => {
    const codeOf = async (token: string | null, path = '/v1/boreholes') => {
      const response = await v1(path, token);
      return [response.status, ((await response.json()) as { code: string }).code];
    };
    expect(await codeOf(null)).toEqual([401, 'missing_token']);
    expect(await codeOf(`gs_${'A'.repeat(43)}`)).toEqual([401, 'invalid_token']);
    expect(await codeOf('not-even-ours')).toEqual([401, 'invalid_token']);

    const exportsOnly = await makeToken(montreal.email, { scopes: ['write:exports'] });
    expect(await codeOf(exportsOnly.body.token)).toEqual([403, 'insufficient_scope']);

    const doomed = await makeToken(montreal.email, {});
    expect(await codeOf(doomed.body.token)).toEqual([200, undefined]);
    const revoked = await call(`/api/tokens/${doomed.body.item.id}`, { as: montreal.email, method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect(await codeOf(doomed.body.token)).toEqual([401, 'token_revoked']);
    // Someone else's token cannot be revoked: it looks absent.
    const other = await call(`/api/tokens/${exportsOnly.body.item.id}`, { as: stjulie.email, method: 'DELETE' });
    expect(other.status).toBe(404);

    const old = await makeToken(montreal.email, {});
    await db.query(
      `UPDATE api_tokens SET created_at = now() - interval '2 days', expires_at = now() - interval '1 second'
      WHERE id = $1`,
      [old.body.item.id],
    );
    expect(await codeOf(old.body.token)).toEqual([401, 'token_expired']);
  });

  it('refuses a call from outside the allow-list with 403', async () => {
    const fenced = await makeToken(montreal.email, { allowedIps: ['203.0.113.0/24', '2001:db8::1'] });
    expect(fenced.status).toBe(201);
    expect(fenced.body.item.allowedIps).toEqual(['203.0.113.0/24', '2001:db8::1']);
    // This request has no socket: its address is not in the list.
    const response = await v1('/v1/boreholes', fenced.body.token);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe('ip_not_allowed');
  });

  it('rotates a token: the new one works at once, the old one until its grace period ends', async () => {
    const first = await makeToken(montreal.email, { name: 'Rotation' });
    const rotated = await call(`/api/tokens/${first.body.item.id}/rotate`, {
      as: montreal.email,
      body: { graceHours: 2 },
    });
    expect(rotated.status).toBe(201);
    const { token, previous } = (await rotated.json()) as NewApiToken & { previous: ApiTokenView };
    expect(token).not.toBe(first.body.token);
    expect(previous.replacedBy).not.toBeNull();
    const graceEnd = Date.parse(previous.expiresAt) - Date.now();
    expect(graceEnd).toBeGreaterThan(110 * 60_000);
    expect(graceEnd).toBeLessThan(121 * 60_000);
    expect((await v1('/v1/boreholes?limit=1', token)).status).toBe(200);
    expect((await v1('/v1/boreholes?limit=1', first.body.token)).status).toBe(200);
    // A replaced token cannot be rotated again (its replacement can).
    expect((await call(`/api/tokens/${first.body.item.id}/rotate`, { as: montreal.email, body: {} })).status).toBe(404);

    const now = await call(`/api/tokens/${previous.replacedBy}/rotate`, {
      as: montreal.email,
      body: { graceHours: 0 },
    });
    expect(now.status).toBe(201);
    expect((await v1('/v1/boreholes?limit=1', token)).status).toBe(401);
  });

  it('rotates a token once when asked twice at the same instant', async () => {
    const made = await makeToken(montreal.email, { name: 'Double' });
    const rotate = () => call(`/api/tokens/${made.body.item.id}/rotate`, { as: montreal.email, body: {} });
    const statuses = (await Promise.all([rotate(), rotate()])).map((response) => response.status).sort();
    expect(statuses).toEqual([201, 404]);
    const [row] = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM api_tokens WHERE name = 'Double' AND revoked_at IS NULL`,
    );
    expect(row!.count).toBe(2);
  });

  it('records the last use and X-Client of a token', async () => {
    const made = await makeToken(stjulie.email, { name: 'Client' });
    await v1('/v1/boreholes?limit=1', made.body.token, { 'x-client': 'sig-sainte-julie/2.3' });
    const { items } = (await (await call('/api/tokens', { as: stjulie.email })).json()) as { items: ApiTokenView[] };
    const item = items.find((token) => token.id === made.body.item.id)!;
    expect(item.lastClient).toBe('sig-sainte-julie/2.3');
    expect(Date.now() - Date.parse(item.lastUsedAt!)).toBeLessThan(60_000);
  });

  it('limits the rate per token in the database, shared by two API processes', async () => {
    const limit = { capacity: 3, perMinute: 6 };
    const [one, two] = [
      createApp({ db, settings: { apiRateLimit: limit } }),
      createApp({ db, settings: { apiRateLimit: limit } }),
    ];
    const made = await makeToken(montreal.email, { name: 'Débit' });
    const statuses: number[] = [];
    let last: Response | null = null;
    for (const target of [one, two, one, two]) {
      last = await v1('/v1/boreholes?limit=1', made.body.token, {}, target);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last!.headers.get('retry-after')).toBe('10');
    expect(last!.headers.get('ratelimit-limit')).toBe('3');
    expect(last!.headers.get('ratelimit-remaining')).toBe('0');
    expect(((await last!.json()) as { code: string }).code).toBe('rate_limited');
  });

  // The routes declare their answers without the compiler checking them: this test does, on every
  // documented GET that a borehole id is enough to call (exports need an order: exports-routes.test.ts;
  // a section, a saved one: api/subsurface/sections-routes.test.ts).
  it('answers each documented GET with the status, type and shape its description declares', async () => {
    const routes = documentedRoutes(v1Routes()).filter(
      (route) => route.method === 'get' && !route.path.startsWith('/exports') && !route.path.startsWith('/sections/'),
    );
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/boreholes', '/boreholes/{id}', '/ogc/collections/boreholes/items/{featureId}']),
    );
    for (const route of routes) {
      for (const [id, status] of [
        ['MTL-BH-04', '200'],
        ['SJ-BH-03', '404'],
      ] as const) {
        if (status === '404' && !route.path.includes('{')) continue;
        const path = `/v1${route.path.replace(/\{\w+\}/, id)}`;
        const response = await v1(path, tokens[montreal.email]!);
        expect([path, String(response.status)]).toEqual([path, status]);
        const declared = route.doc.responses[status] as { content: Record<string, { schema: z.ZodType }> };
        const type = response.headers.get('content-type')!.split(';')[0]!;
        expect(Object.keys(declared.content), path).toContain(type);
        if (!type.includes('json')) continue;
        const checked = declared.content[type]!.schema.safeParse(await response.json());
        expect(checked.error?.issues ?? [], path).toEqual([]);
      }
    }
  });

  it('describes itself in OpenAPI 3.1, from the schemas that validate', async () => {
    const response = await app.request('http://localhost/v1/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, { get?: { parameters?: { name: string }[]; security?: unknown[] } }>;
      components: { securitySchemes: Record<string, { scheme: string }>; schemas: Record<string, unknown> };
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/boreholes', '/boreholes/{id}', '/boreholes/{id}/log.svg']),
    );
    const names = document.paths['/boreholes']!.get!.parameters!.map((parameter) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(['muni', 'depth_min', 'purpose', 'limit', 'cursor', 'bbox']));
    expect(document.components.securitySchemes.bearer!.scheme).toBe('bearer');
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Borehole', 'BoreholePage', 'Error']),
    );
  });
});

// The demo boreholes have no SPT nor water reading: a real AGS file brings them, through the import.
describe(`GET /v1/boreholes/{id} with the SPT and water levels of an imported AGS file, on ${testDatabaseKind}`, () => {
  const HINDLEY = 'Hindley Mill Embankment FRA01.ags';
  let api: TestApp;
  let dir: string;

  const importAgs = async (bytes: Uint8Array) => {
    const body = new FormData();
    body.append('crs', 'EPSG:27700');
    body.append('file', new Blob([new Uint8Array(bytes)]), HINDLEY);
    const checked = (await (await api.call('/api/imports', { as: montreal.email, body })).json()) as {
      id: string;
      status: string;
    };
    expect(checked.status).toBe('validated');
    expect((await api.call(`/api/imports/${checked.id}/commit`, { as: montreal.email, body: {} })).status).toBe(200);
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-v1-ags-'));
    api = await createTestApp({ settings: { files: fileStore(dir) } });
    await importAgs(readFixture(HINDLEY));
    // The same holes in a second project: their ids take a suffix, their LOCA_ID stays.
    const second = Buffer.from(readFixture(HINDLEY))
      .toString('latin1')
      .replace('"DATA","TOP3398"', '"DATA","TOP3398-B"');
    await importAgs(Buffer.from(second, 'latin1'));
  });
  afterAll(async () => {
    await api.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives each SPT (depth, N) and each water strike and standing level of the log, in metres', async () => {
    const made = await api.call('/api/tokens', {
      as: montreal.email,
      body: { name: 'SIG', scopes: ['read:boreholes'] },
    });
    const { token } = (await made.json()) as NewApiToken;
    const response = await api.app.request('http://localhost/v1/boreholes/WS01', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const record = (await response.json()) as Record<string, unknown>;
    // Hindley Mill WS01: ISPT at 1.20 (N=2), 2.00 (6), 3.00 (7), 4.00 (7), 5.00 (9); water struck at
    // 4.20 m, standing at 4.70 m after 20 minutes (WSTG, WSTD).
    expect(record).toMatchObject({ id: 'WS01', depth_m: 6 });
    const full = (top_m: number, n: number) => ({ top_m, n, refusal: null, result: String(n) });
    expect(record.spt).toEqual([full(1.2, 2), full(2, 6), full(3, 7), full(4, 7), full(5, 9)]);
    expect(record.water_levels).toEqual([
      { depth_m: 4.2, kind: 'strike' },
      { depth_m: 4.7, kind: 'standing' },
    ]);
    // WS08 at 6.80 m: ISPT_NVAL empty, 25 blows for the first 5 mm of the test drive (ISPT_REP
    // « N=25 (8,25/25 for 5mm) », ISPT_NPEN 155).
    const ws08 = (await (
      await api.app.request('http://localhost/v1/boreholes/WS08', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { id: string; spt: { top_m: number }[] };
    expect(ws08).toMatchObject({ id: 'WS08', loca_id: 'WS08', project_code: 'TOP3398' });
    expect(ws08.spt.find((test) => test.top_m === 6.8)).toEqual({
      top_m: 6.8,
      n: 25,
      refusal: { blows: 25, penetration_mm: 5, seating_drive: false },
      result: '25/5 mm',
    });
  });

  it('gives each borehole its LOCA_ID, project, type, ground level and position, in the list and in OGC', async () => {
    const made = await api.call('/api/tokens', {
      as: montreal.email,
      body: { name: 'SIG projet', scopes: ['read:boreholes'] },
    });
    const { token } = (await made.json()) as NewApiToken;
    const get = async (path: string) =>
      (await (
        await api.app.request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        items: Record<string, unknown>[];
        features: { properties: Record<string, unknown> }[];
      };
    const { items } = await get('/v1/boreholes?project=TOP3398-B&limit=500');
    const ws01 = items.find((item) => item.loca_id === 'WS01')!;
    // WS01 of the second project: its id is not « WS01 » (taken by the first), its LOCA_ID is.
    expect(ws01.id).toMatch(/^WS01-[0-9A-F]{6}$/);
    expect(ws01).toMatchObject({
      loca_id: 'WS01',
      project: 'Hindley Mill Embankment',
      project_code: 'TOP3398-B',
      type: 'test_hole',
      depth_m: 6,
      ground_level_m: expect.any(Number) as number,
    });
    expect(ws01.lat).toBeCloseTo(53.5, 0);
    expect(ws01.lon).toBeCloseTo(-2.6, 0);
    const { features } = await get(`/v1/ogc/collections/boreholes/items?limit=1000`);
    expect(features.find((feature) => feature.properties.id === ws01.id)?.properties).toMatchObject({
      loca_id: 'WS01',
      project_code: 'TOP3398-B',
      ground_level_m: ws01.ground_level_m,
    });
  });
});
