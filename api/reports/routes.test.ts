import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { attachSampleFiles, DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';
import { fileStore } from '../files/file-store.ts';
import { LINK_MINUTES, signLink } from '../files/signed-links.ts';

const [admin, montreal, stjulie] = DEMO_ACCOUNTS;
const KEY = Buffer.from('une-clé-de-test-assez-longue-pour-signer-les-liens');

interface Library {
  items: { id: string; bhId: string; kind: string; size: number; href: string | null; status: string }[];
  total: number;
}

describe(`the reports library and its files on ${testDatabaseKind}`, () => {
  let db: Database;
  let dir: string;
  let app: TestApp['app'];
  let cookies = new Map<string, string>();
  const get = (path: string, email?: string) =>
    app.request(path, { headers: email ? { cookie: cookies.get(email)! } : {} });
  const library = async (email: string, query = '') => {
    const response = await get(`/api/reports${query}`, email);
    expect(response.status).toBe(200);
    return (await response.json()) as Library;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'geosonde-files-'));
    ({ db, app, cookies } = await createTestApp({ settings: { files: fileStore(dir), signingKey: KEY } }));
    expect(await attachSampleFiles(db, fileStore(dir))).toBe(90);
    expect(await attachSampleFiles(db, fileStore(dir))).toBe(0);
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('lists each tenant’s documents only, three per borehole, newest first', async () => {
    expect((await get('/api/reports')).status).toBe(401);
    const all = await library(admin.email);
    expect(all.total).toBe(90);
    const mtl = await library(montreal.email, '?tenant=stjulie&ids=SJ-BH-01');
    expect(mtl.items).toEqual([]);
    const own = await library(montreal.email);
    expect(own.total).toBe(45);
    expect(own.items.every((item) => item.bhId.startsWith('MTL-BH-'))).toBe(true);
    const dates = (await library(stjulie.email)).items.map((item) => (item as unknown as { date: string }).date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('filters by the boreholes’ filters', async () => {
    const { items } = await library(admin.email, '?ids=SJ-BH-02,MTL-BH-03');
    expect(new Set(items.map((item) => item.bhId))).toEqual(new Set(['SJ-BH-02', 'MTL-BH-03']));
    expect((await get('/api/reports?depthMin=-1', admin.email)).status).toBe(400);
  });

  it('serves a real PDF and a real PNG through a signed link', async () => {
    const { items } = await library(montreal.email, '?ids=MTL-BH-01');
    const pdf = items.find((item) => item.kind === 'pdf')!;
    const image = items.find((item) => item.kind === 'image')!;
    expect(pdf.href).toMatch(/^\/api\/files\/MTL-BH-01-R\d\?exp=\d+&sig=[\w-]{43}$/);
    const response = await get(pdf.href!, montreal.email);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.byteLength).toBe(pdf.size);
    const png = new Uint8Array(await (await get(image.href!, montreal.email)).arrayBuffer());
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.byteLength).toBe(image.size);
  });

  it('refuses a link that is tampered with, expired, anonymous, or for another tenant', async () => {
    const { items } = await library(montreal.email, '?ids=MTL-BH-02');
    const href = items[0]!.href!;
    // Change the signature's first character to another one (never to itself, whatever the key).
    const tampered = href.replace(/sig=(.)/, (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
    expect(tampered).not.toBe(href);
    expect((await get(tampered, montreal.email)).status).toBe(403);
    expect((await get(href.replace('MTL-BH-02', 'MTL-BH-03'), montreal.email)).status).toBe(403);
    expect((await get(href.split('?')[0]!, montreal.email)).status).toBe(403);
    expect((await get(href)).status).toBe(401);
    // Signed with the right key, but for a borehole outside the reader's scope.
    const other = signLink(KEY, 'SJ-BH-01-R1');
    expect((await get(other, montreal.email)).status).toBe(404);
    expect((await get(other, stjulie.email)).status).toBe(200);
    // Signed 16 minutes ago: expired.
    const old = signLink(KEY, 'MTL-BH-02-R1', Date.now() - (LINK_MINUTES + 1) * 60_000);
    const expired = await get(old, montreal.email);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({ error: 'Ce lien a expiré : rouvrez le document depuis la bibliothèque.' });
    // Another key (another server, a forged link) never verifies.
    expect((await get(signLink(Buffer.from('x'.repeat(40)), 'MTL-BH-02-R1'), montreal.email)).status).toBe(403);
  });

  it('keeps files under random keys, never under a user’s name', async () => {
    const folders = await readdir(dir);
    expect(folders.every((name) => /^[0-9a-f]{2}$/.test(name))).toBe(true);
    const [key] = await db.query<{ storage_key: string }>(`SELECT storage_key FROM reports WHERE id = 'SJ-BH-01-R1'`);
    expect(key!.storage_key).toMatch(/^[0-9a-f]{32}$/);
  });
});
