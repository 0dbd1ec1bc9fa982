import { strToU8, zipSync } from 'fflate';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../src/domain/ags/import/prepare-import.ts';
import { readFixture } from '../../tests/ags-fixtures.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';
import type { Database } from '../db/database.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { fileStore, type FileStore } from '../files/file-store.ts';
import { ZIP_LIMITS } from './read-zip.ts';

const [, montreal] = DEMO_ACCOUNTS;
const SAME_ORIGIN = { origin: 'http://localhost', host: 'localhost' };
const PDF = strToU8('%PDF-1.7\n% journal de forage\n%%EOF\n');
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/** Hindley Mill with WS03 naming file set FS1, and a FILE group listing a PDF, a PNG and a text file. */
function hindleyWithFiles(): Uint8Array {
  const lines = readFixture('Hindley Mill Embankment FRA01.ags').toString('latin1').split(/\r?\n/);
  const loca = lines.indexOf('"GROUP","LOCA"');
  const at = lines[loca + 1]!.split('","').indexOf('FILE_FSET');
  const row = lines.findIndex((line, i) => i > loca && line.startsWith('"DATA","WS03",'));
  const values = lines[row]!.split('","');
  values[at] = 'FS1';
  lines[row] = values.join('","');
  const file = [
    '"GROUP","FILE"',
    '"HEADING","FILE_FSET","FILE_NAME","FILE_DESC","FILE_DATE"',
    '"UNIT","","","","yyyy-mm-dd"',
    '"TYPE","X","X","X","DT"',
    '"DATA","FS1","journal WS03.pdf","Journal de forage WS03","2017-10-24"',
    '"DATA","FS1","carottes.png","","2017-10-24"',
    '"DATA","FS1","notes.txt","Notes de chantier",""',
    '',
  ];
  return Buffer.from([...lines.slice(0, -1), '', ...file].join('\r\n'), 'latin1');
}

interface Answer {
  id: string;
  status: string;
  report: ImportReport;
  error?: string;
  created?: number;
  documents?: number;
  boreholes?: { id: string; locaId: string }[];
}

describe(`import formats on ${testDatabaseKind}`, () => {
  let db: Database;
  let dir: string;
  let files: FileStore;
  let app: TestApp['app'];
  let cookie: string;

  const request = async (path: string, init: RequestInit = {}) => {
    const response = await app.request(path, {
      ...init,
      headers: { ...SAME_ORIGIN, cookie, ...(init.headers as Record<string, string>) },
    });
    return response;
  };
  const send = async (name: string, bytes: Uint8Array, fields: Record<string, string> = {}) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    body.append('file', new Blob([bytes as BlobPart]), name);
    const response = await request('/api/imports', { method: 'POST', body });
    return { status: response.status, body: (await response.json()) as Answer };
  };
  const commit = async (id: string) => {
    const response = await request(`/api/imports/${id}/commit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return { status: response.status, body: (await response.json()) as Answer };
  };
  const count = async (table: string) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-import-formats-'));
    files = fileStore(dir);
    let cookies: Map<string, string>;
    ({ db, app, cookies } = await createTestApp({ settings: { files, uploadMaxBytes: 4 * 1024 * 1024 } }));
    cookie = cookies.get(montreal.email)!;
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('imports a ZIP submission: its PDF and image become documents of their borehole, once', async () => {
    const zip = zipSync({
      'envoi/Hindley.ags': hindleyWithFiles(),
      'envoi/FILE/FS1/journal WS03.pdf': PDF,
      'envoi/FILE/FS1/carottes.png': PNG,
      'envoi/FILE/FS1/notes.txt': strToU8('à relire'),
      '__MACOSX/envoi/._Hindley.ags': strToU8('litter'),
    });
    const validated = await send('hindley.zip', zip, { crs: '27700' });
    expect(validated.status).toBe(201);
    expect(validated.body.report).toMatchObject({
      valid: true,
      summary: '12 forages, 71 couches, 77 essais SPT, 2 documents joints',
    });
    const attachmentWarnings = validated.body.report.warnings['Fichiers joints'] as { message: string }[];
    expect(attachmentWarnings.map((entry) => entry.message)).toEqual([
      expect.stringContaining('FILE/FS1/notes.txt : ni PDF ni image'),
    ]);
    // Rule 20 found the files beside the .ags: none is missing.
    expect(validated.body.report.errors['AGS Format Rule 20']).toBeUndefined();

    const committed = await commit(validated.body.id);
    expect(committed.body).toMatchObject({ created: 12, documents: 2 });
    const ws03 = committed.body.boreholes!.find((b) => b.locaId === 'WS03')!.id;
    const documents = await db.query<{ title: string; kind: string; date: string; storage_key: string; mime: string }>(
      `SELECT title, kind, to_char(date, 'YYYY-MM-DD') AS date, storage_key, mime FROM reports
       WHERE borehole_id = $1 ORDER BY kind`,
      [ws03],
    );
    expect(documents.map(({ title, kind, date, mime }) => ({ title, kind, date, mime }))).toEqual([
      { title: 'carottes', kind: 'image', date: '2017-10-24', mime: 'image/png' },
      { title: 'Journal de forage WS03', kind: 'pdf', date: '2017-10-24', mime: 'application/pdf' },
    ]);
    const stored = await buffer(files.read(documents[1]!.storage_key));
    expect(new Uint8Array(stored)).toEqual(PDF);

    // The same submission again: nothing changes, no document listed twice.
    const again = await send('hindley.zip', zip, { crs: '27700' });
    expect((await commit(again.body.id)).body).toMatchObject({ created: 0, unchanged: 12, documents: 0 });
    expect(await db.query('SELECT 1 FROM reports WHERE borehole_id = $1', [ws03])).toHaveLength(2);
  });

  it('imports the boreholes it can place and leaves out, with its rows and documents, one it cannot', async () => {
    // Another project (TOP3399), whose WS03 has lost its coordinates, which AGS 4 allows.
    const ags = Buffer.from(hindleyWithFiles())
      .toString('latin1')
      .replace('"DATA","TOP3398"', '"DATA","TOP3399"')
      .replace('"DATA","WS03","WS","","362430.88","405269.79"', '"DATA","WS03","WS","","",""');
    const zip = zipSync({
      'Hindley.ags': Buffer.from(ags, 'latin1'),
      'FILE/FS1/journal WS03.pdf': PDF,
      'FILE/FS1/carottes.png': PNG,
      'FILE/FS1/notes.txt': strToU8('à relire'),
    });
    const validated = await send('hindley-sans-ws03.zip', zip, { crs: '27700' });
    expect(validated.status).toBe(201);
    expect(validated.body.report).toMatchObject({
      valid: true,
      summary: '11 forages, 66 couches, 73 essais SPT ; 1 forage écarté, que GéoSonde ne peut pas ranger',
      setAside: { 'Règle GéoSonde 2': [{ group: 'LOCA', message: expect.stringMatching(/^WS03 : /) as string }] },
    });
    const committed = await commit(validated.body.id);
    expect(committed.body).toMatchObject({ created: 11, documents: 0 });
    expect(committed.body.boreholes!.map((b) => b.locaId)).not.toContain('WS03');
    const [project] = await db.query<{ id: string }>("SELECT id FROM projects WHERE code = 'TOP3399'");
    const kept = await db.query<{ name: string }>(
      `SELECT name FROM project_groups, jsonb_array_elements(rows) AS row
       WHERE project_id = $1 AND row ? 'WS03'`,
      [project!.id],
    );
    expect(kept).toEqual([]);
  });

  it('refuses ZIPs that climb out of the submission, bombs and broken archives, storing nothing', async () => {
    const [imports, reports] = [await count('imports'), await count('reports')];
    const climbing = zipSync({ '../../etc/Hindley.ags': readFixture('Hindley Mill Embankment FRA01.ags') });
    expect(await send('evasion.zip', climbing)).toMatchObject({
      status: 400,
      body: { error: 'ZIP refusé : le chemin « ../../etc/Hindley.ags » sort de l’envoi.' },
    });
    // 300 Mo of zeros, 300 Ko once compressed: refused once 200 Mo are inflated.
    const bomb = zipSync({ 'bombe.ags': new Uint8Array(300 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    expect(await send('bombe.zip', bomb)).toMatchObject({
      status: 413,
      body: { error: 'ZIP refusé : son contenu dépasse 200 Mo une fois décompressé.' },
    });
    expect(performance.now() - started).toBeLessThan(20_000);
    expect((await send('abime.zip', strToU8('PK\u0003\u0004 pas vraiment un zip'))).status).toBeGreaterThanOrEqual(400);
    const two = zipSync({ 'a.ags': strToU8('"GROUP","PROJ"'), 'b.ags': strToU8('"GROUP","PROJ"') });
    expect(await send('deux.zip', two)).toMatchObject({
      status: 422,
      body: { error: '« deux.zip » contient 2 fichiers .ags : un import par fichier AGS.' },
    });
    expect(await send('notes.txt', strToU8('Forage;X'))).toMatchObject({ status: 415 });
    expect([await count('imports'), await count('reports')]).toEqual([imports, reports]);
  });

  it('refuses ZIP entries named outside the submission, and more entries than the limit, storing nothing', async () => {
    const stored = async () => [await count('imports'), await count('reports'), await count('boreholes')];
    const before = await stored();
    const hindley = readFixture('Hindley Mill Embankment FRA01.ags');
    // Backslashes are read as folder separators, as Windows archivers write them: they do not hide a climb.
    for (const [entry, shown] of [
      ['/etc/Hindley.ags', '/etc/Hindley.ags'],
      ['C:\\envoi\\Hindley.ags', 'C:/envoi/Hindley.ags'],
      ['c:Hindley.ags', 'c:Hindley.ags'],
      ['\\\\serveur\\partage\\Hindley.ags', '//serveur/partage/Hindley.ags'],
      ['\\etc\\Hindley.ags', '/etc/Hindley.ags'],
      ['envoi\\..\\..\\Hindley.ags', 'envoi/../../Hindley.ags'],
    ]) {
      expect(await send('envoi.zip', zipSync({ [entry!]: hindley }), { crs: '27700' }), entry).toMatchObject({
        status: 400,
        body: { error: `ZIP refusé : le chemin « ${shown} » sort de l’envoi.` },
      });
    }
    // One entry over the limit (folders and litter count too): refused before anything is inflated.
    const crowded = zipSync(
      Object.fromEntries(Array.from({ length: ZIP_LIMITS.entries + 1 }, (_, i) => [`FILE/F${i}/n.txt`, strToU8('x')])),
    );
    expect(await send('foule.zip', crowded)).toMatchObject({
      status: 413,
      body: { error: `ZIP refusé : plus de ${ZIP_LIMITS.entries} fichiers.` },
    });
    expect(await stored()).toEqual(before);
  });

  it('imports the template as a workbook: boreholes, layers and SPT tests read under French headers', async () => {
    const template = await request('/api/imports/modele.xlsx');
    expect(template.status).toBe(200);
    const sheets = await readXlsxFile(Buffer.from(await template.arrayBuffer()));
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(['Forages', 'Couches', 'Essais SPT', 'Venues d’eau', 'Notice']);
    const headers = sheets.map((sheet) => sheet.data[0]);
    expect(headers[0]).toContain('Système de coordonnées');

    // Filled as a user would: numbers, a spreadsheet date, a decimal comma in text.
    const workbook = await writeXlsxFile([
      {
        sheet: 'Forages',
        data: [
          headers[0]!.map((value) => ({ value: String(value) })),
          ...[
            [
              'P-100',
              'F-01',
              'RC',
              299512.4,
              5040123.75,
              'EPSG:32188',
              null,
              null,
              31.2,
              12.5,
              new Date(Date.UTC(2024, 4, 13)),
              null,
              'Remarque',
            ],
            ['P-100', 'F-02', 'RC', '299 600,5', '5 040 200', 'MTM 8', null, null, 30.8, 8, '2024-05-14', null, null],
          ].map((row) =>
            row.map((value) =>
              value instanceof Date ? { value, format: 'yyyy-mm-dd' } : { value: value ?? undefined },
            ),
          ),
        ],
      },
      {
        sheet: 'Couches',
        data: [
          ['Forage', 'Toit (m)', 'Base (m)', 'Description'].map((value) => ({ value })),
          ...[
            ['F-01', 0, 1.8, 'Sable silteux brun'],
            ['F-01', 1.8, 12.5, 'Argile grise'],
            ['F-02', 0, 8, 'Remblai'],
          ].map((row) => row.map((value) => ({ value }))),
        ],
      },
      {
        sheet: 'Essais SPT',
        data: [
          ['Forage', 'Profondeur (m)', 'N'].map((value) => ({ value })),
          ...[['F-01', 1.5, 14]].map((row) => row.map((value) => ({ value }))),
        ],
      },
      {
        sheet: 'Venues d’eau',
        data: [
          ['Forage', 'Profondeur (m)', 'Remarques'].map((value) => ({ value })),
          ...[
            ['F-01', 4.5, 'Venue franche'],
            ['F-01', 3.2, ''],
          ].map((row) => row.map((value) => ({ value }))),
        ],
      },
    ]).toBuffer();
    const validated = await send('forages-2024.xlsx', workbook);
    expect(validated.body.report).toMatchObject({ valid: true, summary: '2 forages, 3 couches, 1 essai SPT' });
    const committed = await commit(validated.body.id);
    expect(committed.body).toMatchObject({ created: 2 });
    const rows = await db.query<{ loca_id: string; lat: number; date: string; depth: number; code: string }>(
      `SELECT b.loca_id, b.lat, to_char(b.date, 'YYYY-MM-DD') AS date, b.depth, p.code
       FROM boreholes b JOIN projects p ON p.id = b.project_id WHERE p.code = 'P-100' ORDER BY b.loca_id`,
    );
    expect(rows.map(({ loca_id, date, depth, code }) => ({ loca_id, date, depth: Number(depth), code }))).toEqual([
      { loca_id: 'F-01', date: '2024-05-13', depth: 12.5, code: 'P-100' },
      { loca_id: 'F-02', date: '2024-05-14', depth: 8, code: 'P-100' },
    ]);
    // MTM 8 places them in Montréal.
    expect(rows.every((row) => row.lat > 45.4 && row.lat < 45.6)).toBe(true);
    // The shallowest water strike is the borehole's water depth; F-02 has none.
    const listed = (await (await request('/api/boreholes?project=P-100')).json()) as {
      items: { id: string; waterDepth: number | null }[];
    };
    expect(listed.items.map((item) => item.waterDepth).sort()).toEqual([3.2, null]);
  });

  it('reads CSV files alone or zipped, and says in French what does not follow the template', async () => {
    const forages = 'Forage;X;Y;Profondeur finale (m);Couleur\r\nC-01;299512,4;5040123,75;6\r\nC-02;abc;5040200;4\r\n';
    const refused = await send('forages.csv', Buffer.from(`\ufeff${forages}`), { crs: 'EPSG:32188' });
    expect(refused.status).toBe(422);
    expect(refused.body.report.valid).toBe(false);
    expect(refused.body.report.errors['Modèle GéoSonde']).toEqual([
      { line: 3, group: 'Forages', message: 'Colonne « X » : « abc » n’est pas un nombre.' },
    ]);
    expect(refused.body.report.warnings['Modèle GéoSonde']).toEqual([
      { line: 1, group: 'Forages', message: 'Colonne « Couleur » inconnue du modèle : ignorée.' },
    ]);

    const template = await request('/api/imports/modele-csv.zip');
    expect(template.status).toBe(200);
    const zip = zipSync({
      'forages.csv': strToU8(forages.replace('abc', '299600')),
      'couches.csv': strToU8('Forage;Toit (m);Base (m);Description\r\nC-01;0;6;Till\r\nC-03;0;1;Sable\r\n'),
    });
    const unknown = await send('lot.zip', zip, { crs: 'EPSG:32188' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.report.errors['Modèle GéoSonde']).toEqual([
      { line: 3, group: 'couches.csv', message: 'Forage « C-03 » absent de la feuille « Forages ».' },
    ]);
    const fixed = zipSync({
      'forages.csv': strToU8(forages.replace('abc', '299600')),
      'couches.csv': strToU8('Forage;Toit (m);Base (m);Description\r\nC-01;0;6;Till\r\n'),
    });
    const validated = await send('lot.zip', fixed, { crs: 'EPSG:32188' });
    expect(validated.status).toBe(201);
    expect(validated.body.report).toMatchObject({ valid: true, summary: '2 forages, 1 couche, 0 essai SPT' });
    expect((await commit(validated.body.id)).body).toMatchObject({ created: 2 });

    const broken = await send('guillemets.csv', strToU8('Forage;X\r\n"C-09;1\r\n'));
    expect(broken.status).toBe(422);
    expect(broken.body.error).toMatch(/n’est pas un CSV lisible/);
  });
});
