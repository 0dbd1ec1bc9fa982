import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewApiToken } from '../../src/domain/api-tokens.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';
import type { Database, Queryable } from '../db/database.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import type { ExportView } from '../exports/api-exports.ts';
import { startExportWorker, type Worker } from '../exports/export-worker.ts';
import { fileStore } from '../files/file-store.ts';
import { signQuery } from '../files/signed-links.ts';

const run = promisify(execFile);
const [admin, montreal, stjulie] = DEMO_ACCOUNTS;
const ORIGIN = 'https://geosonde.example';
const SIGNING_KEY = new Uint8Array(32).fill(7);

describe(`exports ordered through the public API, on ${testDatabaseKind}`, () => {
  let db: Database;
  let dir: string;
  let call: TestApp['call'];
  let app: TestApp['app'];
  let worker: Worker;
  const announced: { id: string; tenantSlug: string; inTransaction: boolean }[] = [];
  const tokens: Record<string, string> = {};

  const v1 = (path: string, token: string | null, init: { method?: string; body?: string; type?: string } = {}) =>
    app.request(new URL(path, ORIGIN).href, {
      method: init.method ?? 'GET',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(init.body !== undefined ? { 'content-type': init.type ?? 'application/json' } : {}),
      },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
  const order = (token: string, filter: unknown) =>
    v1('/v1/exports/geopackage', token, { method: 'POST', body: JSON.stringify({ filter }) });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-exports-'));
    const files = fileStore(join(dir, 'files'));
    const settings = { files, publicOrigin: ORIGIN, signingKey: SIGNING_KEY };
    ({ db, call, app } = await createTestApp({ settings }));
    worker = startExportWorker(
      db,
      settings,
      async (tx: Queryable, ready: ExportView & { tenantSlug: string }) => {
        const [row] = await tx.query<{ status: string }>('SELECT status FROM api_exports WHERE id = $1', [ready.id]);
        announced.push({ id: ready.id, tenantSlug: ready.tenantSlug, inTransaction: row?.status === 'ready' });
      },
      { loop: false },
    );
    const scopes = ['read:boreholes', 'read:exports', 'write:exports'];
    for (const [account, granted] of [
      [montreal, scopes],
      [stjulie, scopes],
      [admin, ['read:boreholes']],
    ] as const) {
      const made = await call('/api/tokens', { as: account.email, body: { name: 'Exports', scopes: granted } });
      tokens[account.email] = ((await made.json()) as NewApiToken).token;
    }
  });
  afterAll(async () => {
    await worker.stop();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('accepts an order with 202, makes it in the background, and serves it by a signed link GDAL reads', async () => {
    const token = tokens[montreal.email]!;
    const accepted = await order(token, { muni: 'Montréal', purpose: 'geotech' });
    expect(accepted.status).toBe(202);
    const queued = (await accepted.json()) as ExportView;
    expect(queued).toMatchObject({
      status: 'queued',
      format: 'geopackage',
      filter: { muni: 'Montréal', purpose: 'geotech' },
    });
    expect(queued.id).toMatch(/^exp_[0-9A-Z]{16}$/);
    expect(accepted.headers.get('location')).toBe(`/v1/exports/${queued.id}`);
    expect(Date.now() - Date.parse(queued.created_at)).toBeLessThan(60_000);

    expect(await worker.runOnce()).toBe(1);
    const read = await v1(`/v1/exports/${queued.id}`, token);
    const ready = (await read.json()) as ExportView;
    expect(ready.status).toBe('ready');
    expect(announced).toContainEqual({ id: queued.id, tenantSlug: 'montreal', inTransaction: true });
    expect(ready.download_url).toMatch(new RegExp(`^${ORIGIN}/v1/exports/${queued.id}/download\\?exp=\\d+&sig=`));
    const hours = (Date.parse(ready.download_expires_at!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const { total } = (await (await v1('/v1/boreholes?muni=Montréal&purpose=geotech&limit=500', token)).json()) as {
      total: number;
    };
    expect(total).toBeGreaterThan(0);
    expect(ready.boreholes).toBe(total);

    const download = await v1(ready.download_url!, null);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/geopackage+sqlite3');
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(ready.size_bytes);
    const path = join(dir, 'export.gpkg');
    await writeFile(path, bytes);
    const { stdout, stderr } = await run('ogrinfo', ['-ro', '-so', '-al', path]);
    expect(stderr).not.toMatch(/error|warning/i);
    expect(stdout).toContain('Layer name: database');
    expect(stdout).toContain('Layer name: reports');
    expect(stdout).toContain(`Feature Count: ${total}`);
    expect(stdout).toMatch(/Geometry: Point/);
    expect(stdout).toMatch(/municipality: String/);
    const { stdout: one } = await run('ogrinfo', ['-ro', '-al', '-q', path, 'database', '-where', "id = 'MTL-BH-01'"]);
    expect(one).toMatch(/municipality \(String\) = Montréal/);
    expect(one).toMatch(/POINT \(-73\.\d+ 45\.\d+\)/);
  });

  it('keeps an export to the account that ordered it, and its link to its signature and time', async () => {
    const accepted = (await (await order(tokens[montreal.email]!, {})).json()) as ExportView;
    await worker.runOnce();
    expect((await v1(`/v1/exports/${accepted.id}`, tokens[stjulie.email]!)).status).toBe(404);
    expect((await v1('/v1/exports/exp_0000000000000000', tokens[montreal.email]!)).status).toBe(404);
    // The administrator's token may read boreholes but neither order nor read exports.
    const refused = await order(tokens[admin.email]!, {});
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('insufficient_scope');
    expect((await v1(`/v1/exports/${accepted.id}`, tokens[admin.email]!)).status).toBe(403);

    const tampered = `/v1/exports/${accepted.id}/download?exp=9999999999&sig=AAAA`;
    expect((await v1(tampered, null)).status).toBe(404);
    const stale = `/v1/exports/${accepted.id}/download?${signQuery(SIGNING_KEY, 'export', accepted.id, 1, Date.now() - 3_600_000)}`;
    const expired = await v1(stale, null);
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { code: string }).code).toBe('link_expired');
    // A document link's signature does not open an export.
    const other = `/v1/exports/${accepted.id}/download?${signQuery(SIGNING_KEY, 'file', accepted.id, 10)}`;
    expect((await v1(other, null)).status).toBe(404);
  });

  it('reads only what the owner may: Sainte-Julie’s export holds no Montréal borehole', async () => {
    const accepted = (await (await order(tokens[stjulie.email]!, { muni: 'Montréal' })).json()) as ExportView;
    await worker.runOnce();
    const ready = (await (await v1(`/v1/exports/${accepted.id}`, tokens[stjulie.email]!)).json()) as ExportView;
    expect(ready.status).toBe('ready');
    expect(ready.boreholes).toBe(0);
  });

  it('refuses a bad order with its code, and stores nothing', async () => {
    const token = tokens[montreal.email]!;
    const [before] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM api_exports');
    const cases: [RequestInit & { body: string; type?: string }, number, string][] = [
      [{ body: JSON.stringify({ filter: { town: 'Laval' } }) }, 422, 'invalid_parameter'],
      [{ body: JSON.stringify({ filter: { purpose: 'mine' } }) }, 422, 'invalid_parameter'],
      [{ body: JSON.stringify({ filter: {}, extra: 1 }) }, 422, 'invalid_parameter'],
      [{ body: '{"filter":' }, 400, 'malformed_request'],
      [{ body: JSON.stringify({ filter: { muni: 'a\u0000b' } }) }, 400, 'malformed_request'],
      [{ body: 'filter=x', type: 'application/x-www-form-urlencoded' }, 415, 'unsupported_media_type'],
      [{ body: JSON.stringify({ filter: { muni: 'x'.repeat(70_000) } }) }, 413, 'payload_too_large'],
    ];
    for (const [init, status, code] of cases) {
      const response = await v1('/v1/exports/geopackage', token, { method: 'POST', body: init.body, type: init.type });
      const body = (await response.json()) as { code: string; error: string };
      expect([init.body.slice(0, 40), response.status, body.code]).toEqual([init.body.slice(0, 40), status, code]);
      expect(body.error.length).toBeGreaterThan(10);
    }
    const [after] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM api_exports');
    expect(after!.count).toBe(before!.count);
  });

  it('takes up an export whose worker died, after its lease', async () => {
    const accepted = (await (await order(tokens[montreal.email]!, { purpose: 'hydro' })).json()) as ExportView;
    // As if a process had claimed it, then been killed: running, its lease over.
    await db.query(
      `UPDATE api_exports SET status = 'running', attempts = 1, locked_until = now() - interval '1 second' WHERE id = $1`,
      [accepted.id],
    );
    expect(await worker.runOnce()).toBe(1);
    const ready = (await (await v1(`/v1/exports/${accepted.id}`, tokens[montreal.email]!)).json()) as ExportView;
    expect(ready.status).toBe('ready');
    expect(ready.boreholes).toBeGreaterThan(0);
  });
});
