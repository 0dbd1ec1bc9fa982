import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoreholeRecordView, ShareLink, VersionEntry } from '../../src/domain/record.ts';
import { readFixture } from '../../tests/ags-fixtures.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';
import { createSession, SESSION_COOKIE } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { fileStore } from '../files/file-store.ts';

const [admin, montreal, stjulie] = DEMO_ACCOUNTS;
const VIEWER = 'lecteur@montreal.ca';
const HINDLEY = 'Hindley Mill Embankment FRA01.ags';
const WS03_LOCA = '"WS03","WS","","362430.88","405269.79","","59.96"';
const WS03_TOP_LAYER = '"WS03","0.00","0.30","MADE GROUND:  Dark brown slightly gravelly sandy SILT';

describe(`borehole records, history and share links on ${testDatabaseKind}`, () => {
  let db: Database;
  let dir: string;
  let call: TestApp['call'];
  let cookies: TestApp['cookies'];
  let ws03 = '';

  const json = async <T>(response: Response) => ({ status: response.status, body: (await response.json()) as T });
  const importFile = async (name: string, text: string) => {
    const form = new FormData();
    form.append('crs', '27700');
    form.append('file', new Blob([Buffer.from(text, 'latin1')]), name);
    const validated = await json<{ id: string }>(await call('/api/imports', { as: montreal.email, body: form }));
    expect(validated.status).toBe(201);
    const committed = await call(`/api/imports/${validated.body.id}/commit`, { as: montreal.email, body: {} });
    expect(committed.status).toBe(200);
    return (await committed.json()) as { boreholes: { id: string; locaId: string }[] };
  };
  const record = async (id: string, as: string = montreal.email) =>
    json<BoreholeRecordView>(await call(`/api/boreholes/${encodeURIComponent(id)}/record`, { as }));
  const history = async (id: string) =>
    (await json<{ versions: VersionEntry[] }>(await call(`/api/boreholes/${id}/versions`, { as: montreal.email }))).body
      .versions;
  const share = (id: string, body: unknown, as: string = montreal.email) =>
    call(`/api/boreholes/${id}/shares`, { as, body });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-records-'));
    ({ db, call, cookies } = await createTestApp({
      settings: { files: fileStore(dir), uploadMaxBytes: 2 * 1024 * 1024, publicOrigin: 'https://geosonde.example' },
    }));
    const [viewer] = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, display_name, role, tenant_slug)
       VALUES ($1, 'x', 'Lecteur', 'viewer', 'montreal') RETURNING id`,
      [VIEWER],
    );
    cookies.set(
      VIEWER,
      `${SESSION_COOKIE}=${await createSession(db, viewer!.id, { idleMinutes: 30, absoluteHours: 12 })}`,
    );
    // Version 1 from the file; version 2 changes WS03's ground level and its first layer's words.
    const text = readFixture(HINDLEY).toString('latin1');
    const first = await importFile(HINDLEY, text);
    ws03 = first.boreholes.find((b) => b.locaId === 'WS03')!.id;
    const changed = text
      .replace(WS03_LOCA, WS03_LOCA.replace('59.96', '60.10'))
      .replace(WS03_TOP_LAYER, WS03_TOP_LAYER.replace('Dark brown', 'Black'));
    expect(changed).not.toBe(text);
    await importFile('Hindley v2.ags', changed);
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives the record of a borehole in scope: its fields, its log, its version and its project', async () => {
    const { status, body } = await record(ws03);
    expect(status).toBe(200);
    expect(body.borehole.id).toBe(ws03);
    expect(body.version).toBe(2);
    expect(body.projectId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.log.groundLevel).toBe(60.1);
    expect(body.log.original).toEqual({ crs: 'EPSG:27700', x: 362430.88, y: 405269.79 });
    expect(body.log.layers[0]).toMatchObject({ top: 0, base: 0.3 });
    expect(body.log.layers[0]!.description).toMatch(/^MADE GROUND: {2}Black/);
    expect(body.log.holeType).toEqual({ code: 'WS', label: 'Échantillonneur à fenêtre' });
    // A sample borehole has no AGS file of its own.
    const sample = await record('MTL-BH-01');
    expect(sample.status).toBe(200);
    expect(sample.body).toMatchObject({ version: 1, projectId: null });
    expect(sample.body.log.layers.length).toBeGreaterThan(0);
    expect(sample.body.log.holeType).toBeNull();
  });

  it('names a hole type by the standard, else by the file’s own ABBR group', async () => {
    // Another project, whose file defines a code of its own in its ABBR group (AGS rule 16 wants it there).
    const text = readFixture(HINDLEY)
      .toString('latin1')
      .replace('"DATA","TOP3398"', '"DATA","TOP3398-TYPES"')
      .replace('"DATA","WS01","WS"', '"DATA","WS01","WSX"')
      .replace(
        '"DATA","DICT_TYPE","GROUP"',
        '"DATA","LOCA_TYPE","WSX","Échantillonneur à fenêtre lourd","","",""\n"DATA","DICT_TYPE","GROUP"',
      );
    const { boreholes } = await importFile('types.ags', text);
    const holeType = async (locaId: string) =>
      (await record(boreholes.find((b) => b.locaId === locaId)!.id)).body.log.holeType;
    expect(await holeType('WS01')).toEqual({ code: 'WSX', label: 'Échantillonneur à fenêtre lourd' });
    expect(await holeType('WS03')).toEqual({ code: 'WS', label: 'Échantillonneur à fenêtre' });
  });

  it('answers 404 alike for another tenant’s borehole and an absent one, 401 without a session', async () => {
    expect((await record(ws03, stjulie.email)).status).toBe(404);
    expect((await record('SJ-BH-01')).status).toBe(404);
    expect((await record('NOPE')).status).toBe(404);
    expect((await record('x'.repeat(65))).status).toBe(404);
    expect((await call(`/api/boreholes/${ws03}/record`)).status).toBe(401);
    expect((await call(`/api/boreholes/${ws03}/versions`, { as: stjulie.email })).status).toBe(404);
  });

  it('lists the versions newest first, with who, from which file, and each changed value', async () => {
    const versions = await history(ws03);
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    const [second, first] = versions as [VersionEntry, VersionEntry];
    expect(second).toMatchObject({ importFile: 'Hindley v2.ags', restorable: false, restoredFrom: null });
    expect(second.author).toBe(montreal.displayName ?? montreal.email);
    expect(second.changes).toContainEqual({ what: 'Niveau du terrain', before: '59,96 m', after: '60,1 m' });
    const layer = second.changes.find((change) => change.what === 'Couche 1')!;
    expect(layer.before).toContain('Dark brown');
    expect(layer.after).toContain('Black');
    expect(second.changes).toHaveLength(2);
    expect(first).toMatchObject({ importFile: HINDLEY, restorable: true, changes: [] });
    expect(Date.parse(first.at!)).toBeLessThanOrEqual(Date.parse(second.at!));
  });

  it('restores a version as a new one, nothing deleted, and can restore the restored one back', async () => {
    const viewer = await call(`/api/boreholes/${ws03}/versions/1/restore`, { as: VIEWER, body: {} });
    expect(viewer.status).toBe(403);
    expect(((await viewer.json()) as { error: string }).error).toMatch(/lecture seule/);
    expect((await call(`/api/boreholes/${ws03}/versions/1/restore`, { as: stjulie.email, body: {} })).status).toBe(404);
    const geolBefore = await db.query('SELECT * FROM geol WHERE borehole_id = $1 ORDER BY position', [ws03]);

    const restored = await json<{ version: number }>(
      await call(`/api/boreholes/${ws03}/versions/1/restore`, { as: montreal.email, body: {} }),
    );
    expect(restored).toEqual({ status: 201, body: { version: 3, restoredFrom: 1 } });
    const now = await record(ws03);
    expect(now.body.version).toBe(3);
    expect(now.body.log.groundLevel).toBe(59.96);
    expect(now.body.log.layers[0]!.description).toMatch(/Dark brown/);
    const geolAfter = await db.query<{ top: number; search_description: string }>(
      'SELECT * FROM geol WHERE borehole_id = $1 ORDER BY position',
      [ws03],
    );
    expect(geolAfter).toHaveLength(geolBefore.length);
    expect(geolAfter.find((layer) => layer.top === 0)!.search_description).toContain('dark brown');

    const versions = await history(ws03);
    expect(versions.map((v) => [v.version, v.restoredFrom, v.restorable])).toEqual([
      [3, 1, false],
      [2, null, true],
      [1, null, true],
    ]);
    expect(versions[0]!.changes).toContainEqual({ what: 'Niveau du terrain', before: '60,1 m', after: '59,96 m' });

    // The same values again: nothing to write. The current version: not restorable.
    const same = await call(`/api/boreholes/${ws03}/versions/1/restore`, { as: montreal.email, body: {} });
    expect(same.status).toBe(409);
    expect((await call(`/api/boreholes/${ws03}/versions/3/restore`, { as: montreal.email, body: {} })).status).toBe(
      404,
    );
    expect(
      (await call(`/api/boreholes/${ws03}/versions/99999999999/restore`, { as: montreal.email, body: {} })).status,
    ).toBe(404);
    expect((await call(`/api/boreholes/${ws03}/versions/abc/restore`, { as: montreal.email, body: {} })).status).toBe(
      400,
    );

    // Version 2 was kept when version 3 replaced it: it comes back whole.
    const back = await call(`/api/boreholes/${ws03}/versions/2/restore`, { as: montreal.email, body: {} });
    expect(back.status).toBe(201);
    expect((await record(ws03)).body.log.groundLevel).toBe(60.1);
    const [audit] = await db.query<{ target: string; detail: unknown }>(
      `SELECT target, detail FROM audit_events WHERE action = 'borehole.restore' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toEqual({ target: ws03, detail: { restored: 2, version: 4 } });
  });

  it('makes share links of 1 to 30 days, keeping only their hash, refusing viewers and other tenants', async () => {
    for (const days of [0, 31, 2.5, '7']) {
      const refused = await share(ws03, { days });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe('La durée du lien va de 1 à 30 jours.');
    }
    expect((await share(ws03, { days: 3 }, VIEWER)).status).toBe(403);
    expect((await share(ws03, { days: 3 }, stjulie.email)).status).toBe(404);
    const made = await json<ShareLink & { url: string }>(await share(ws03, {}));
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(/^https:\/\/geosonde\.example\/partage\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(made.body.expiresAt) - Date.parse(made.body.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);
    const token = made.body.url.split('/').at(-1)!;
    const stored = await db.query<{ token_sha256: string }>('SELECT token_sha256 FROM share_links');
    expect(stored.map((row) => row.token_sha256).join()).not.toContain(token);
    const listed = await json<{ shares: ShareLink[] }>(
      await call(`/api/boreholes/${ws03}/shares`, { as: montreal.email }),
    );
    expect(listed.body.shares[0]).toMatchObject({ id: made.body.id, active: true, author: montreal.displayName });
  });

  it('opens a shared record signed out, noindex, until the link is revoked', async () => {
    const made = (await (await share(ws03, { days: 1 })).json()) as ShareLink & { url: string };
    const token = made.url.split('/').at(-1)!;
    const open = await call(`/api/shared/${token}`);
    expect(open.status).toBe(200);
    expect(open.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const shared = (await open.json()) as BoreholeRecordView;
    expect(shared).toMatchObject({ borehole: { id: ws03 }, projectId: null, sharedUntil: made.expiresAt });
    const svg = await call(`/api/shared/${token}/log.svg?scale=200`);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(await svg.text()).toMatch(new RegExp(`<title id="log-title">[^<]*${ws03}`));
    const pdf = await call(`/api/shared/${token}/log.pdf`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await call(`/api/shared/${token}/log.svg?scale=75`)).status).toBe(400);

    const revoked = await call(`/api/boreholes/${ws03}/shares/${made.id}`, { as: montreal.email, method: 'DELETE' });
    expect(revoked.status).toBe(200);
    for (const path of ['', '/log.svg', '/log.pdf']) {
      const gone = await call(`/api/shared/${token}${path}`);
      expect(gone.status).toBe(404);
      expect(((await gone.json()) as { error: string }).error).toBe(
        'Ce lien de partage n’existe pas, a expiré ou a été révoqué.',
      );
    }
    expect(
      (await call(`/api/boreholes/${ws03}/shares/${made.id}`, { as: montreal.email, method: 'DELETE' })).status,
    ).toBe(404);
    expect((await call(`/api/shared/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await call('/api/shared/court')).status).toBe(404);
  });

  it('stops a link once it has expired, and lists it as inactive', async () => {
    const made = (await (await share(ws03, { days: 1 })).json()) as ShareLink & { url: string };
    const token = made.url.split('/').at(-1)!;
    expect((await call(`/api/shared/${token}`)).status).toBe(200);
    await db.query(
      `UPDATE share_links SET created_at = now() - interval '2 days', expires_at = now() - interval '1 second' WHERE id = $1`,
      [made.id],
    );
    expect((await call(`/api/shared/${token}`)).status).toBe(404);
    const listed = (await (await call(`/api/boreholes/${ws03}/shares`, { as: montreal.email })).json()) as {
      shares: ShareLink[];
    };
    expect(listed.shares.find((link) => link.id === made.id)).toMatchObject({ active: false, revokedAt: null });
  });

  it('draws the logs of a selection as one PDF, in the order chosen, within scope', async () => {
    const response = await call(`/api/boreholes/logs.pdf?ids=MTL-BH-02,${ws03},SJ-BH-01&scale=200`, {
      as: montreal.email,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('journaux-2-forages.pdf');
    const path = join(dir, 'journaux.pdf');
    await writeFile(path, Buffer.from(await response.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
    expect(text.indexOf('MTL-BH-02')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('MTL-BH-02')).toBeLessThan(text.indexOf(ws03));
    expect(text).not.toContain('SJ-BH-01');
    expect((await call('/api/boreholes/logs.pdf', { as: montreal.email })).status).toBe(400);
    expect((await call('/api/boreholes/logs.pdf?ids=SJ-BH-01', { as: montreal.email })).status).toBe(404);
    const many = Array.from({ length: 201 }, (_, i) => `B${i}`).join(',');
    expect((await call(`/api/boreholes/logs.pdf?ids=${many}`, { as: montreal.email })).status).toBe(400);
    expect((await call(`/api/boreholes/logs.pdf?ids=${ws03}`, { as: admin.email })).status).toBe(200);
  });

  it('exports one borehole as AGS 4: its rows of every group, no other borehole’s', async () => {
    const response = await call(`/api/boreholes/${ws03}/ags`, { as: montreal.email });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(`${ws03}.ags`);
    const text = await response.text();
    expect(text).toMatch(/"DATA","WS03"/);
    expect(text).not.toMatch(/"DATA","WS0[124]"/);
    expect(text).toContain('"GROUP","GEOL"');
    expect(text).toContain('"GROUP","PROJ"');
    const sample = await call('/api/boreholes/MTL-BH-01/ags', { as: montreal.email });
    expect(sample.status).toBe(200);
    expect(await sample.text()).toContain('"DATA","MTL-BH-01"');
    expect((await call(`/api/boreholes/${ws03}/ags`, { as: stjulie.email })).status).toBe(404);
  });
});
