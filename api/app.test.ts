import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './db/seed/seed.ts';
import { createTestApp, type TestApp } from '../tests/support/test-app.ts';
import type { Database } from './db/database.ts';
import { openTestDatabase } from '../tests/support/test-database.ts';
import { createServerApp } from './server.ts';

describe('API and server', () => {
  let db: Database;
  let app: Awaited<ReturnType<typeof createServerApp>>;

  beforeAll(async () => {
    db = await openTestDatabase();
    const siteDir = await mkdtemp(join(tmpdir(), 'gs-site-'));
    await writeFile(join(siteDir, 'index.html'), `<h1>Accueil</h1>${'<p>Forages du Québec.</p>'.repeat(100)}`);
    await writeFile(join(siteDir, '404.html'), '<h1>Accueil (404)</h1><script>console.log("menus")</script>');
    app = await createServerApp({ db, siteDir });
  });
  afterAll(() => db.close());

  it('GET /api/health reports a reachable database', async () => {
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
    const health = (await response.json()) as { diskFreeBytes: number };
    expect(health).toMatchObject({ status: 'ok', database: db.kind, writable: true });
    expect(health.diskFreeBytes).toBeGreaterThan(0);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('GET /api/health says "degraded" when the disk has less room than one upload', async () => {
    const tight = await createServerApp({ db, siteDir: '.', settings: { uploadMaxBytes: Number.MAX_SAFE_INTEGER } });
    const response = await tight.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'degraded', writable: true });
  });

  it('GET /api/health answers 503 when the database is gone', async () => {
    const broken = await createServerApp({
      db: { ...db, query: () => Promise.reject(new Error('connection refused')) },
      siteDir: '.',
    });
    const response = await broken.request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'error', error: 'Base de données injoignable.' });
  });

  it('GET /api/me is null for an anonymous visitor, never cached', async () => {
    const response = await app.request('/api/me');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toBeNull();
  });

  it.each(['/api/nothing-here', '/api/me/extra', '/api'])('answers %s with a JSON 404', async (path) => {
    const response = await app.request(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ error: 'Ressource introuvable.' });
  });

  it.each([
    ['a malformed escape in the path', '/api/%E0%A4%A', { method: 'GET' }],
    ['a wrong method', '/api/me', { method: 'DELETE' }],
    [
      'a JSON body that does not parse',
      '/api/me',
      { method: 'POST', body: '{"email":', headers: { 'content-type': 'application/json' } },
    ],
  ])('answers %s with a JSON 4xx', async (_name, path, init) => {
    const response = await app.request(path, init);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect((await response.json()) as object).toHaveProperty('error');
  });

  it('allows exactly the inline scripts of the built site, by hash', async () => {
    const csp = (await app.request('/api/health')).headers.get('content-security-policy')!;
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'))!;
    // sha256 of console.log("menus"), the only inline script of the test site.
    expect(scriptSrc).toContain("'sha256-");
    expect(scriptSrc.match(/'sha256-/g)).toHaveLength(1);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(scriptSrc).toContain("'wasm-unsafe-eval'");
  });

  it('sends security headers', async () => {
    const response = await app.request('/api/health');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-request-id')).toBeTruthy();
    const permissions = response.headers.get('permissions-policy')!;
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) {
      expect(permissions).toContain(feature);
    }
  });

  it('compresses the pages it serves when the browser accepts it', async () => {
    const page = await app.request('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toContain('Accueil');
  });

  it.each([
    ['/solutions/3d', '/solutions#threed'],
    ['/solutions/digitisation?tenant=stjulie', '/solutions?tenant=stjulie#digitisation'],
    ['/sectors/municipal/', '/sectors#municipal'],
    ['/legal/licensing', '/pricing#license'],
  ])('redirects %s to %s with a 301', async (from, to) => {
    const response = await app.request(from);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(to);
  });

  it('shows the home page with a 404 status for an unknown path', async () => {
    const response = await app.request('/no/such/page');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Accueil (404)');
  });
});

describe('compressed API answers', () => {
  let api: TestApp;
  const [admin] = DEMO_ACCOUNTS;
  beforeAll(async () => {
    api = await createTestApp();
  });
  afterAll(() => api.close());

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('sends /api/boreholes in %s when the client asks, and the same rows', async (encoding, decode) => {
    const plain = await api.call('/api/boreholes', { as: admin.email });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const rows = await plain.text();
    const packed = await api.call('/api/boreholes', {
      as: admin.email,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(packed.status).toBe(200);
    // Offered both, the server prefers br (smaller for the same time).
    expect(packed.headers.get('content-encoding')).toBe('br');
    expect(packed.headers.get('vary')).toMatch(/accept-encoding/i);
    const only = await api.call('/api/boreholes', { as: admin.email, headers: { 'accept-encoding': encoding } });
    expect(only.headers.get('content-encoding')).toBe(encoding);
    expect(only.headers.get('content-length')).toBeNull();
    const body = Buffer.from(await only.arrayBuffer());
    expect(body.length).toBeLessThan(rows.length / 4);
    expect(decode(body).toString()).toBe(rows);
    expect((JSON.parse(rows) as { items: unknown[] }).items).toHaveLength(30);
  });
});
