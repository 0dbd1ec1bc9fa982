import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';

const MTL = Array.from({ length: 15 }, (_, i) => `MTL-BH-${String(i + 1).padStart(2, '0')}`);
const SJ = Array.from({ length: 15 }, (_, i) => `SJ-BH-${String(i + 1).padStart(2, '0')}`);
const [admin, montreal, stjulie] = DEMO_ACCOUNTS;

interface Page {
  items: { id: string; date: string; horizons: unknown[] }[];
  total: number;
}

describe(`GET /api/boreholes on ${testDatabaseKind}`, () => {
  let db: Database;
  let app: TestApp['app'];
  let cookies = new Map<string, string>();

  const get = (path: string, email?: string) =>
    app.request(path, { headers: email ? { cookie: cookies.get(email)! } : {} });
  const ids = async (path: string, email: string) => {
    const response = await get(path, email);
    expect(response.status).toBe(200);
    return ((await response.json()) as Page).items.map((item) => item.id).sort();
  };

  beforeAll(async () => {
    ({ db, app, cookies } = await createTestApp());
  });
  afterAll(() => db.close());

  it('needs a session', async () => {
    expect((await get('/api/boreholes')).status).toBe(401);
    expect((await get('/api/boreholes/MTL-BH-01')).status).toBe(401);
  });

  it.each([
    ['the administrator', admin.email, [...MTL, ...SJ].sort()],
    ['Montréal', montreal.email, MTL],
    ['Sainte-Julie', stjulie.email, SJ],
  ])('gives %s exactly the boreholes of its scope', async (_name, email, expected) => {
    expect(await ids('/api/boreholes', email)).toEqual(expected);
  });

  it.each([
    ['tenant=admin', montreal.email, MTL],
    ['tenant=stjulie', montreal.email, MTL],
    ['ids=SJ-BH-01,SJ-BH-02', montreal.email, []],
    ['ids=MTL-BH-01,SJ-BH-02&tenant=stjulie', montreal.email, ['MTL-BH-01']],
    ['tenant=montreal&ids=MTL-BH-01', stjulie.email, []],
    ['tenant=admin', stjulie.email, SJ],
  ])('keeps a member to its scope whatever the URL says (%s)', async (query, email, expected) => {
    expect(await ids(`/api/boreholes?${query}`, email)).toEqual(expected);
  });

  it.each([
    ['tenant=stjulie', SJ],
    ['tenant=montreal', MTL],
    ['tenant=inconnu', [...MTL, ...SJ].sort()],
  ])('lets the administrator view as a tenant (%s)', async (query, expected) => {
    expect(await ids(`/api/boreholes?${query}`, admin.email)).toEqual(expected);
  });

  it('applies the filters in SQL and answers newest first', async () => {
    const response = await get('/api/boreholes?purpose=hydro&municipality=montreal', admin.email);
    const page = (await response.json()) as Page;
    expect(page.items.map((item) => item.id)).toEqual(['MTL-BH-15', 'MTL-BH-02', 'MTL-BH-09']);
    expect(page.total).toBe(3);
    const dates = page.items.map((item) => item.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('pages with limit and offset, keeping the total', async () => {
    const page = (await (await get('/api/boreholes?limit=10&offset=25', admin.email)).json()) as Page;
    expect(page.items).toHaveLength(5);
    expect(page.total).toBe(30);
  });

  it.each([
    ['depthMin=abc', 'Une profondeur doit être un nombre.'],
    ['purpose=mining', 'But inconnu'],
    ['dateFrom=2024-13-01', 'Une date doit être au format AAAA-MM-JJ.'],
    ['limit=0', 'limit vaut au moins 1.'],
    ['offset=-1', 'offset ne peut pas être négatif.'],
    [
      'centerLat=45.5',
      'Une recherche par rayon demande la latitude du centre, la longitude du centre et le rayon (km).',
    ],
  ])('answers %s with a 400 in French', async (query, message) => {
    const response = await get(`/api/boreholes?${query}`, admin.email);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain(message);
  });

  it('reads one borehole with its log, only within the scope', async () => {
    const own = await get('/api/boreholes/SJ-BH-03', stjulie.email);
    expect(own.status).toBe(200);
    expect(((await own.json()) as Page['items'][number]).horizons).toHaveLength(4);
    for (const [id, email] of [
      ['SJ-BH-03', montreal.email],
      ['MTL-BH-01', stjulie.email],
      ['NOPE', admin.email],
      ['x'.repeat(300), admin.email],
    ] as const) {
      const response = await get(`/api/boreholes/${encodeURIComponent(id)}`, email);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Forage introuvable.' });
    }
  });

  it("draws a borehole's log as SVG, only within the scope", async () => {
    const response = await get('/api/boreholes/SJ-BH-03/log.svg', stjulie.email);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain(
      '<title id="log-title">Journal de forage SJ-BH-03 · Agrandissement d’une école primaire</title>',
    );
    expect(svg).toContain('Ville de Sainte-Julie');
    // Its four layers, one band each, the first from the ground.
    const bands = [...svg.matchAll(/class="log-layer" data-top="([\d.]+)"/g)].map((match) => Number(match[1]));
    expect(bands).toHaveLength(4);
    expect(bands[0]).toBe(0);
    // 1:50 draws the same log twice as tall.
    const height = (text: string) => Number(/viewBox="0 0 210 ([\d.]+)"/.exec(text)![1]);
    const half = await (await get('/api/boreholes/SJ-BH-03/log.svg?scale=50', stjulie.email)).text();
    expect(height(half)).toBeGreaterThan(height(svg));

    for (const [id, email] of [
      ['SJ-BH-03', montreal.email],
      ['NOPE', admin.email],
      ['x'.repeat(300), admin.email],
    ] as const) {
      const refused = await get(`/api/boreholes/${encodeURIComponent(id)}/log.svg`, email);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ error: 'Forage introuvable.' });
    }
    expect((await get('/api/boreholes/SJ-BH-03/log.svg')).status).toBe(401);
    const badScale = await get('/api/boreholes/SJ-BH-03/log.svg?scale=75', stjulie.email);
    expect(badScale.status).toBe(400);
    expect(((await badScale.json()) as { error: string }).error).toContain('scale doit être 50, 100 ou 200.');
  });

  it('gives the log as a PDF, only within the scope', async () => {
    const response = await get('/api/boreholes/SJ-BH-03/log.pdf?scale=200', stjulie.email);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('inline; filename="journal-SJ-BH-03.pdf"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get('/api/boreholes/SJ-BH-03/log.pdf', montreal.email)).status).toBe(404);
    expect((await get('/api/boreholes/SJ-BH-03/log.pdf?scale=0', stjulie.email)).status).toBe(400);
  });
});
