import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../src/domain/ags/import/prepare-import.ts';
import { reportCsv } from '../../src/domain/ags/import/report-csv.ts';
import { readFixture } from '../../tests/ags-fixtures.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';
import { createSession, SESSION_COOKIE } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { fileStore } from '../files/file-store.ts';

const [admin, montreal, stjulie] = DEMO_ACCOUNTS;
const SAME_ORIGIN = { origin: 'http://localhost', host: 'localhost' };
const HINDLEY = 'Hindley Mill Embankment FRA01.ags';

interface Validated {
  id: string;
  status: string;
  report: ImportReport;
  error?: string;
}
interface Committed {
  created: number;
  updated: number;
  unchanged: number;
  boreholes: { id: string; locaId: string; status: string }[];
  error?: string;
}

describe(`imports on ${testDatabaseKind}`, () => {
  let db: Database;
  let dir: string;
  let app: TestApp['app'];
  let cookies: Map<string, string>;

  const send = async (email: string, name: string, bytes: Uint8Array, fields: Record<string, string> = {}) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    body.append('file', new Blob([bytes as BlobPart]), name);
    const response = await app.request('/api/imports', {
      method: 'POST',
      headers: { ...SAME_ORIGIN, cookie: cookies.get(email)! },
      body,
    });
    return { status: response.status, body: (await response.json()) as Validated };
  };
  const commit = async (email: string, id: string) => {
    const response = await app.request(`/api/imports/${id}/commit`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, cookie: cookies.get(email)!, 'content-type': 'application/json' },
      body: '{}',
    });
    return { status: response.status, body: (await response.json()) as Committed };
  };
  const counts = async () =>
    (
      await db.query<{ boreholes: number; geol: number; ispt: number; imports: number; versions: number }>(
        `SELECT (SELECT count(*)::int FROM boreholes) AS boreholes, (SELECT count(*)::int FROM geol) AS geol,
                (SELECT count(*)::int FROM ispt) AS ispt, (SELECT count(*)::int FROM imports) AS imports,
                (SELECT count(*)::int FROM borehole_versions) AS versions`,
      )
    )[0]!;

  /** The files in the store: committed, and staged (an upload under way, or one left behind). */
  const storedFiles = async () => {
    const { committed, staged } = await fileStore(dir).inventory();
    return { committed: committed.length, staged: staged.length };
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-imports-'));
    ({ db, app, cookies } = await createTestApp({
      settings: { files: fileStore(dir), uploadMaxBytes: 2 * 1024 * 1024 },
    }));
    const [viewer] = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, display_name, role, tenant_slug)
       VALUES ('lecteur@montreal.ca', 'x', 'Lecteur', 'viewer', 'montreal') RETURNING id`,
    );
    cookies.set(
      'lecteur@montreal.ca',
      `${SESSION_COOKIE}=${await createSession(db, viewer!.id, { idleMinutes: 30, absoluteHours: 12 })}`,
    );
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('checks a file and keeps it, writing no borehole; the commit writes them all, once', async () => {
    const before = await counts();
    const validated = await send(montreal.email, HINDLEY, readFixture(HINDLEY), { crs: 'EPSG:27700' });
    expect(validated.status).toBe(201);
    expect(validated.body).toMatchObject({
      status: 'validated',
      report: { valid: true, summary: '12 forages, 71 couches, 77 essais SPT' },
    });
    expect(await counts()).toEqual({ ...before, imports: before.imports + 1 });

    const committed = await commit(montreal.email, validated.body.id);
    expect(committed.status).toBe(200);
    expect(committed.body).toMatchObject({ created: 12, updated: 0, unchanged: 0 });
    expect(await counts()).toEqual({
      boreholes: before.boreholes + 12,
      geol: before.geol + 71,
      ispt: before.ispt + 77,
      imports: before.imports + 1,
      versions: before.versions + 12,
    });
    // Montréal's boreholes now include them, placed in England with the confidence of a chosen system.
    const listed = await app.request(`/api/boreholes?ids=${committed.body.boreholes.map((b) => b.id).join(',')}`, {
      headers: { ...SAME_ORIGIN, cookie: cookies.get(montreal.email)! },
    });
    const { items } = (await listed.json()) as {
      items: { id: string; lat: number; purpose: string; horizons: unknown[] }[];
    };
    expect(items).toHaveLength(12);
    expect(items.every((item) => item.lat > 53.5 && item.lat < 53.6 && item.purpose === 'geotech')).toBe(true);
    const [stored] = await db.query(
      `SELECT b.tenant_slug, b.loca_id, b.crs, b.location_confidence, p.code, p.name
       FROM boreholes b JOIN projects p ON p.id = b.project_id WHERE b.id = $1`,
      [committed.body.boreholes[0]!.id],
    );
    expect(stored).toMatchObject({
      tenant_slug: 'montreal',
      crs: 'EPSG:27700',
      location_confidence: 'approximate',
      code: 'TOP3398',
    });
    // « Projet » finds them by the project's code (PROJ_ID) as by its name (PROJ_NAME).
    for (const project of ['top3398', 'Hindley Mill']) {
      const found = await app.request(`/api/boreholes/table?project=${encodeURIComponent(project)}&limit=100`, {
        headers: { ...SAME_ORIGIN, cookie: cookies.get(montreal.email)! },
      });
      expect(((await found.json()) as { items: unknown[] }).items, project).toHaveLength(12);
    }

    // The same import twice: refused; the same file again: nothing changes.
    expect((await commit(montreal.email, validated.body.id)).status).toBe(409);
    const again = await send(montreal.email, HINDLEY, readFixture(HINDLEY), { crs: '27700' });
    expect(again.body.report.summary).toBe(
      '12 forages, 71 couches, 77 essais SPT ; 12 forages existent déjà et seront mis à jour',
    );
    const same = await commit(montreal.email, again.body.id);
    expect(same.body).toMatchObject({ created: 0, updated: 0, unchanged: 12 });
    expect((await counts()).versions).toBe(before.versions + 12);
  });

  it('writes a new version of a borehole whose values changed, keeping the previous one', async () => {
    const text = readFixture(HINDLEY).toString('latin1');
    // WS03's ground level changes in the new file.
    const changed = text.replace(
      '"WS03","WS","","362430.88","405269.79","","59.96"',
      '"WS03","WS","","362430.88","405269.79","","60.10"',
    );
    expect(changed).not.toBe(text);
    const validated = await send(montreal.email, 'Hindley v2.ags', Buffer.from(changed, 'latin1'), { crs: '27700' });
    const committed = await commit(montreal.email, validated.body.id);
    expect(committed.body).toMatchObject({ created: 0, updated: 1, unchanged: 11 });
    const id = committed.body.boreholes.find((b) => b.locaId === 'WS03')!.id;
    const versions = await db.query<{
      version: number;
      changed: string[];
      import_id: string;
      snapshot: { fields: { groundLevel: number; extra: Record<string, string> }; geol: unknown[] } | null;
    }>('SELECT version, changed, import_id, snapshot FROM borehole_versions WHERE borehole_id = $1 ORDER BY version', [
      id,
    ]);
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    // Version 1 keeps what it was; version 2, the current one, is what the tables hold.
    expect(versions[0]!.snapshot?.fields).toMatchObject({ groundLevel: 59.96, extra: { LOCA_GL: '59.96' } });
    expect(versions[0]!.snapshot?.geol.length).toBeGreaterThan(0);
    expect(versions[1]!.snapshot).toBeNull();
    expect(versions[1]!.import_id).toBe(validated.body.id);
    expect(versions[1]!.changed).toEqual(['groundLevel']);
    const [{ version } = { version: 0 }] = await db.query<{ version: number }>(
      'SELECT version FROM boreholes WHERE id = $1',
      [id],
    );
    expect(version).toBe(2);
  });

  it('never touches another tenant’s boreholes: the same project elsewhere is another project', async () => {
    const validated = await send(stjulie.email, HINDLEY, readFixture(HINDLEY), { crs: '27700' });
    expect(validated.body.report.summary).toBe('12 forages, 71 couches, 77 essais SPT');
    const committed = await commit(stjulie.email, validated.body.id);
    expect(committed.body).toMatchObject({ created: 12, updated: 0 });
    const owners = await db.query<{ tenant_slug: string; n: number }>(
      `SELECT tenant_slug, count(*)::int AS n FROM boreholes WHERE loca_id = 'WS03' GROUP BY tenant_slug ORDER BY tenant_slug`,
    );
    expect(owners).toEqual([
      { tenant_slug: 'montreal', n: 1 },
      { tenant_slug: 'stjulie', n: 1 },
    ]);
    // Sainte-Julie reads what it owns, though it lies far outside its circle.
    const listed = await app.request(`/api/boreholes?ids=${committed.body.boreholes[0]!.id}`, {
      headers: { ...SAME_ORIGIN, cookie: cookies.get(stjulie.email)! },
    });
    expect(((await listed.json()) as { total: number }).total).toBe(1);
    // Nor can it commit Montréal's imports, or see them.
    const [theirs] = await db.query<{ id: string }>(`SELECT id FROM imports WHERE tenant_slug = 'montreal' LIMIT 1`);
    expect((await commit(stjulie.email, theirs!.id)).status).toBe(404);
  });

  it('refuses a viewer, and anything that is not a valid AGS 4 file, keeping nothing it refused', async () => {
    const before = await counts();
    const filesBefore = await storedFiles();
    const viewer = await send('lecteur@montreal.ca', HINDLEY, readFixture(HINDLEY));
    expect(viewer).toMatchObject({
      status: 403,
      body: { error: 'Votre compte est en lecture seule : il ne peut pas importer de données.' },
    });
    expect((await send(montreal.email, 'forages.txt', Buffer.from('Forage;X;Y\n'))).status).toBe(415);
    expect((await send(montreal.email, 'vide.ags', new Uint8Array())).status).toBe(400);
    expect((await send(montreal.email, 'gros.ags', new Uint8Array(2 * 1024 * 1024 + 1))).status).toBe(413);
    expect((await send(montreal.email, 'x.ags', readFixture(HINDLEY), { crs: 'EPSG:9999' })).status).toBe(400);
    expect(await counts()).toEqual(before);
    // Each upload was written to the store as it came: none of the refused ones is left there.
    expect(await storedFiles()).toEqual(filesBefore);

    // Binary bytes, a NUL character inside a field, a lone surrogate's bytes: a French report, never a 500.
    const hindley = readFixture(HINDLEY).toString('latin1');
    for (const [name, bytes] of [
      ['binaire.ags', Uint8Array.from({ length: 8192 }, (_, i) => (i * 7919) % 256)],
      ['nul.ags', Buffer.from(hindley.replace('"WS03","WS"', '"WS03","W\u0000S"'), 'latin1')],
      [
        'surrogat.ags',
        Buffer.concat([
          Buffer.from('"GROUP","PROJ"\r\n"HEADING","PROJ_ID"\r\n"DATA","'),
          Buffer.from([0xed, 0xa0, 0x80]),
          Buffer.from('"\r\n'),
        ]),
      ],
    ] as const) {
      const answer = await send(montreal.email, name, bytes, { crs: '27700' });
      expect(answer.status, name).toBe(422);
      expect(answer.body, name).toMatchObject({ id: expect.any(String) as string, status: 'refused' });
      expect(answer.body.report.valid, name).toBe(false);
    }
    const nul = await send(
      montreal.email,
      'nul.ags',
      Buffer.from(hindley.replace('"WS03","WS"', '"WS03","W\u0000S"'), 'latin1'),
    );
    expect(nul.body.report.errors.Encodage?.[0]?.message).toBe(
      'Caractère nul (code 0) : le fichier semble binaire ou abîmé.',
    );
    expect({ ...(await counts()), imports: 0 }).toEqual({ ...before, imports: 0 });

    // A file with errors answers 422 with its French report; it is kept, with its report, and its
    // file can be downloaded again, but it cannot be committed.
    const wigan = await send(montreal.email, 'Wigan Depot.ags', readFixture('Wigan Depot.ags'), { crs: '27700' });
    expect(wigan.status).toBe(422);
    expect(wigan.body).toMatchObject({ status: 'refused', report: { valid: false } });
    expect(wigan.body.report.errors['AGS Format Rule 10b']).toHaveLength(158);
    const [kept] = await db.query<{ status: string; report: ImportReport }>(
      'SELECT status, report FROM imports WHERE id = $1',
      [wigan.body.id],
    );
    expect(kept).toEqual({ status: 'refused', report: wigan.body.report });
    const file = await app.request(`/api/imports/${wigan.body.id}/file`, {
      headers: { ...SAME_ORIGIN, cookie: cookies.get(montreal.email)! },
    });
    expect(Buffer.from(await file.arrayBuffer()).equals(readFixture('Wigan Depot.ags'))).toBe(true);
    const csv = await app.request(`/api/imports/${wigan.body.id}/report.csv`, {
      headers: { ...SAME_ORIGIN, cookie: cookies.get(montreal.email)! },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Wigan%20Depot.ags.rapport.csv");
    // The screen's CSV, byte-order mark included (Excel reads it as UTF-8); rules in the order the
    // database keeps them (jsonb), not necessarily the order met.
    const lines = (text: string) => text.split('\r\n').sort();
    const text = Buffer.from(await csv.arrayBuffer()).toString('utf8');
    expect(
      text.startsWith('\ufeffFichier;Niveau;Règle;Ce que demande la règle;Ligne;Groupe;Message;Texte de la ligne\r\n'),
    ).toBe(true);
    // Each entry says its rule in French, what the rule asks, and the line as the file writes it.
    expect(text).toContain(
      'Wigan Depot.ags;Erreur;Règle AGS 10b;Les champs obligatoires sont présents et remplis.;2014;GCHM;Champ(s) obligatoire(s) vide(s).;"""DATA"",""ARC/2015/ABS05"",""1.80""',
    );
    expect(lines(text)).toEqual(lines(reportCsv('Wigan Depot.ags', wigan.body.report)));
    const elsewhere = await app.request(`/api/imports/${wigan.body.id}/report.csv`, {
      headers: { ...SAME_ORIGIN, cookie: cookies.get(stjulie.email)! },
    });
    expect(elsewhere.status).toBe(404);
    expect((await commit(montreal.email, wigan.body.id)).status).toBe(409);
    expect({ ...(await counts()), imports: 0 }).toEqual({ ...before, imports: 0 });
  });

  it('lists the tenant’s imports, newest first, and gives the original file back', async () => {
    const response = await app.request('/api/imports', {
      headers: { ...SAME_ORIGIN, cookie: cookies.get(montreal.email)! },
    });
    const { items } = (await response.json()) as {
      items: { id: string; tenantSlug: string; fileName: string; status: string; by: string }[];
    };
    expect(items.every((item) => item.tenantSlug === 'montreal')).toBe(true);
    expect(items[0]).toMatchObject({ fileName: 'Wigan Depot.ags', status: 'refused', by: montreal.displayName });
    const original = await app.request(`/api/imports/${items.at(-1)!.id}/file`, {
      headers: { ...SAME_ORIGIN, cookie: cookies.get(montreal.email)! },
    });
    expect(Buffer.from(await original.arrayBuffer()).equals(readFixture(HINDLEY))).toBe(true);
    // The administrator sees every tenant's.
    const all = await app.request('/api/imports', { headers: { ...SAME_ORIGIN, cookie: cookies.get(admin.email)! } });
    const tenants = new Set(
      ((await all.json()) as { items: { tenantSlug: string }[] }).items.map((item) => item.tenantSlug),
    );
    expect([...tenants].sort()).toEqual(['montreal', 'stjulie']);
    expect((await readdir(dir, { recursive: true })).length).toBeGreaterThan(0);
  });

  it('lets the author remove an import that wrote nothing, file and all, never one that wrote boreholes', async () => {
    const [other] = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, display_name, role, tenant_slug)
       VALUES ('autre@montreal.ca', 'x', 'Autre', 'member', 'montreal') RETURNING id`,
    );
    cookies.set(
      'autre@montreal.ca',
      `${SESSION_COOKIE}=${await createSession(db, other!.id, { idleMinutes: 30, absoluteHours: 12 })}`,
    );
    const refused = await send(montreal.email, 'à-retirer.ags', readFixture('Wigan Depot.ags'), { crs: '27700' });
    expect(refused.status).toBe(422);
    const id = refused.body.id;
    const list = async (email: string) =>
      (
        (await (
          await app.request('/api/imports', { headers: { ...SAME_ORIGIN, cookie: cookies.get(email)! } })
        ).json()) as { items: { id: string; status: string; removable: boolean }[] }
      ).items;
    const remove = (email: string, importId: string) =>
      app.request(`/api/imports/${importId}`, {
        method: 'DELETE',
        headers: { ...SAME_ORIGIN, cookie: cookies.get(email)! },
      });
    expect((await list(montreal.email)).find((item) => item.id === id)?.removable).toBe(true);
    expect((await list('autre@montreal.ca')).find((item) => item.id === id)?.removable).toBe(false);
    // Only its author: another member, a viewer, another organisation cannot.
    expect((await remove('autre@montreal.ca', id)).status).toBe(404);
    expect((await remove('lecteur@montreal.ca', id)).status).toBe(403);
    expect((await remove(stjulie.email, id)).status).toBe(404);
    const before = await storedFiles();
    expect((await remove(montreal.email, id)).status).toBe(204);
    expect((await list(montreal.email)).some((item) => item.id === id)).toBe(false);
    expect(await storedFiles()).toEqual({ ...before, committed: before.committed - 1 });
    expect((await remove(montreal.email, id)).status).toBe(404);
    // An import that wrote boreholes stays: they come from it.
    const committed = (await list(montreal.email)).find((item) => item.status === 'committed')!;
    expect(committed).toMatchObject({ removable: false });
    expect((await remove(montreal.email, committed.id)).status).toBe(409);
    expect((await list(montreal.email)).some((item) => item.id === committed.id)).toBe(true);
  });

  it('answers an AGS 3 file, a truncated file and broken quotes with a French 422 report, writing no borehole', async () => {
    const before = await counts();
    const hindley = readFixture(HINDLEY).toString('latin1');
    const ags3 = await send(
      montreal.email,
      'ancien.ags',
      Buffer.from('"**PROJ"\r\n"*PROJ_ID","*PROJ_NAME"\r\n"P1","Site"\r\n'),
    );
    expect(ags3.status).toBe(422);
    expect(ags3.body).toMatchObject({ status: 'refused', report: { valid: false } });
    expect(ags3.body.report.errors).toEqual({
      'AGS Format Rule 3': [
        {
          line: 1,
          group: '',
          message: 'La ligne commence par "**PROJ" : c’est un fichier AGS 3, que GéoSonde ne lit pas.',
          text: '"**PROJ"',
        },
      ],
      'Validator Process Error': [{ line: null, group: '', message: 'Vérification arrêtée : fichier AGS 3.' }],
    });

    // Cut in the middle of a row, as an interrupted copy leaves it.
    const cut = hindley.slice(0, hindley.indexOf('"DATA","WS03"') + 20);
    const truncated = await send(montreal.email, 'coupe.ags', Buffer.from(cut, 'latin1'), { crs: '27700' });
    expect(truncated.status).toBe(422);
    expect(truncated.body.report.summary).toBe('lecture arrêtée avant la fin du fichier, aucun forage lu');
    const stop = truncated.body.report.errors['Validator Process Error']?.[0];
    expect(stop?.message).toMatch(/^La ligne \d+ n’a pas autant de champs que la ligne HEADING du groupe BKFL/);
    // The line it stopped at, as the file writes it: the row cut short.
    expect(stop?.text).toBe(cut.slice(cut.lastIndexOf('\n') + 1).replace(/\r$/, ''));

    // A closing quote lost: the row no longer has its fields.
    const quotes = hindley.replace('"WS03","WS"', '"WS03","WS');
    const broken = await send(montreal.email, 'guillemets.ags', Buffer.from(quotes, 'latin1'), { crs: '27700' });
    expect(broken.status).toBe(422);
    // As the reference validator reads it: each piece between commas is enclosed (rule 5 holds),
    // the row has one field too many (rule 4).
    expect(broken.body.report.errors['AGS Format Rule 5']).toBeUndefined();
    expect(broken.body.report.errors['AGS Format Rule 4']).toEqual([
      {
        line: expect.any(Number) as number,
        group: 'LOCA',
        message: 'Le nombre de champs diffère de celui de la ligne HEADING.',
        text: expect.stringContaining('"DATA","WS03","WS,""') as string,
      },
    ]);
    expect(broken.body.report.errors['Validator Process Error']?.[0]?.message).toMatch(/groupe LOCA/);

    // Each kept, refused, with its report; no borehole, layer, test or version written.
    expect(await counts()).toEqual({ ...before, imports: before.imports + 3 });
    for (const { body } of [ags3, truncated, broken]) expect((await commit(montreal.email, body.id)).status).toBe(409);
  });

  it('answers malformed multipart bodies with a 4xx, never a 5xx, writing no borehole', async () => {
    const encoder = new TextEncoder();
    const hindley = readFixture(HINDLEY);
    const part = fc.record({
      header: fc.oneof(
        {
          arbitrary: fc
            .tuple(
              fc.constantFrom('file', 'file', 'file', 'crs', 'autre'),
              fc.constantFrom('', '.ags', '.zip', '.csv', '.xlsx', '.txt'),
            )
            .map(([name, ext]) => `Content-Disposition: form-data; name="${name}"; filename="f${ext}"`),
          weight: 4,
        },
        {
          arbitrary: fc.constantFrom(
            'Content-Disposition: form-data; name="crs"',
            'Content-Disposition: form-data; name="tenant"',
          ),
          weight: 1,
        },
        { arbitrary: fc.string({ maxLength: 80 }), weight: 1 },
      ),
      body: fc.oneof(
        fc.uint8Array({ maxLength: 300 }),
        fc.string({ maxLength: 200 }).map((text) => encoder.encode(text)),
        // A real file cut anywhere, or a ZIP's first bytes.
        fc.nat({ max: 4000 }).map((end) => hindley.subarray(0, end)),
        fc.uint8Array({ maxLength: 60 }).map((rest) => Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...rest])),
      ),
    });
    // Mostly a well-declared multipart body, so that most cases reach the parts and the files.
    const request = fc.record({
      boundary: fc.oneof(
        { arbitrary: fc.constant('b0und'), weight: 4 },
        { arbitrary: fc.string({ minLength: 0, maxLength: 90 }), weight: 1 },
      ),
      declared: fc.oneof(
        { arbitrary: fc.constant('multipart/form-data; boundary='), weight: 6 },
        { arbitrary: fc.constant('multipart/form-data'), weight: 1 },
        { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
      ),
      parts: fc.array(part, { maxLength: 3 }),
      tail: fc.oneof(
        { arbitrary: fc.constant('--\r\n'), weight: 3 },
        { arbitrary: fc.constant(''), weight: 1 },
        { arbitrary: fc.string({ maxLength: 10 }), weight: 1 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ boundary, declared, parts, tail }) => {
        const chunks: Uint8Array[] = [];
        for (const p of parts) {
          chunks.push(encoder.encode(`--${boundary}\r\n${p.header}\r\n\r\n`), p.body, encoder.encode('\r\n'));
        }
        chunks.push(encoder.encode(`--${boundary}${tail}`));
        const body = Buffer.concat(chunks);
        const contentType = declared.endsWith('=') ? `${declared}${boundary}` : declared;
        const before = await counts();
        let response: Response;
        try {
          response = await app.request('/api/imports', {
            method: 'POST',
            headers: { ...SAME_ORIGIN, cookie: cookies.get(montreal.email)!, 'content-type': contentType },
            body,
          });
        } catch (error) {
          // A content type that HTTP itself refuses never reaches the server.
          if (error instanceof TypeError) return;
          throw error;
        }
        const answer = (await response.json()) as Partial<Validated>;
        expect(response.status, JSON.stringify(answer).slice(0, 300)).toBeGreaterThanOrEqual(400);
        expect(response.status, JSON.stringify(answer).slice(0, 300)).toBeLessThan(500);
        // Refused before it was read: nothing kept. Read and refused (422 and its report): the
        // import is kept as refused, and nothing else.
        const kept = answer.report ? 1 : 0;
        if (kept) expect(answer).toMatchObject({ status: 'refused', report: { valid: false } });
        expect(await counts()).toEqual({ ...before, imports: before.imports + kept });
        expect((await storedFiles()).staged).toBe(0);
      }),
      { numRuns: 200 },
    );
  }, 120_000);
});
