import { serve, type ServerType } from '@hono/node-server';
import { parse as parseCsv } from 'csv-parse/sync';
import { unzipSync, strFromU8 } from 'fflate';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOREHOLE_TYPES,
  DRILLING_METHODS,
  PURPOSE_LABELS,
  PURPOSES,
  type Borehole,
} from '../../src/domain/borehole.ts';
import { DATABASE_COLUMNS, databaseRow, toCsv, toGeoJson } from '../../src/domain/export-rows.ts';
import { createApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { upsertBorehole, type NewBorehole } from './repo.ts';
import { DEMO_ACCOUNTS } from '../db/seed/seed.ts';
import { XLSX_MAX_ROWS } from '../exports/xlsx-stream.ts';
import { createTestApp, SAME_ORIGIN, type TestApp } from '../../tests/support/test-app.ts';
import { testDatabaseKind } from '../../tests/support/test-database.ts';
import { TOO_MANY_FOR_XLSX, xlsxRefusal } from './export-routes.ts';

const [admin, montreal] = DEMO_ACCOUNTS;
/** Rows per database read: small, so that every export below spans many batches. */
const BATCH = 4;

/** Boreholes that tie on dates and depths, some without date, method or coordinates, with text that needs quoting. */
function trickyBoreholes(count: number): NewBorehole[] {
  const texts = [
    'Virgule, "guillemets" et\r\nretour',
    '=HYPERLINK("http://x")',
    'Île <&> Perrot — é',
    '  espaces autour  ',
    'ligne\nseule',
    'contrôle\u0007caché',
    // Imported from a CSV by a member: French Excel splits on « ; » and would run the two formulas.
    "P;=cmd|' /C calc'!A0;=2+3;Q",
  ];
  return Array.from({ length: count }, (_, i) => ({
    id: `EXP-${String((i * 7) % count).padStart(2, '0')}`,
    tenantSlug: (['montreal', 'stjulie'] as const)[i % 2]!,
    project: texts[i % texts.length]!,
    site: texts[(i + 1) % texts.length]!,
    muni: i % 3 === 0 ? 'Montréal' : 'Lévis',
    date: i % 5 === 0 ? null : `2023-0${1 + (i % 2)}-15`,
    purpose: PURPOSES[i % PURPOSES.length]!,
    type: BOREHOLE_TYPES[i % BOREHOLE_TYPES.length]!,
    method: i % 4 === 0 ? null : DRILLING_METHODS[i % DRILLING_METHODS.length]!,
    holeState: null,
    depth: [2.5, 10][i % 2]!,
    lat: i % 6 === 0 ? null : 45.5 + i / 1000,
    lon: i % 6 === 0 ? null : -73.6 + i / 1000,
    addr: i % 4 === 1 ? '' : texts[(i + 2) % texts.length]!,
    screenTop: null,
    screenBottom: null,
    waterDepth: null,
    has_chem: false,
    horizons: [],
  }));
}

/** The records of a CSV text, its byte-order mark aside. */
function csvRecords(text: string): string[][] {
  return parseCsv(text.replace(/^\uFEFF/, ''));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A database that counts the export's batch reads, and can pretend a count is huge. */
function spiedDatabase(db: Database) {
  const spy = { batchReads: 0, countAnswer: null as number | null, delayMs: 0 };
  const query: Database['query'] = async (sql, params) => {
    if (sql.includes('AS sort_key') && sql.includes('b.addr')) {
      spy.batchReads++;
      if (spy.delayMs) await sleep(spy.delayMs);
    }
    if (spy.countAnswer !== null && sql.startsWith('SELECT count(*)::int AS total FROM boreholes')) {
      return [{ total: spy.countAnswer }] as never;
    }
    return db.query(sql, params);
  };
  return { spy, db: { ...db, query } };
}

describe(`GET /api/boreholes/export.* on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let spied: ReturnType<typeof spiedDatabase>;
  let spiedApp: ReturnType<typeof createApp>;
  let temp: string;
  const previousTmp = process.env.TMPDIR;

  const get = (path: string, as: string | null = admin.email) => t.call(path, as ? { as } : {});
  /** The table's rows for the same query, every page: the order and content an export must have. */
  const tableRows = async (query: string, as: string = admin.email) => {
    const items: Borehole[] = [];
    let cursor: string | null = null;
    do {
      const response = await get(`/api/boreholes/table?limit=500&${query}${cursor ? `&cursor=${cursor}` : ''}`, as);
      expect(response.status).toBe(200);
      const page = (await response.json()) as { items: Borehole[]; next_cursor: string | null };
      items.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    return items;
  };
  const placed = (items: Borehole[]) => items.filter((b) => b.lat !== null && b.lon !== null);

  beforeAll(async () => {
    // The exports' temporary files go to a folder of this test's own, to be watched.
    temp = await mkdtemp(join(tmpdir(), 'geosonde-export-test-'));
    process.env.TMPDIR = temp;
    t = await createTestApp({ settings: { exportBatchRows: BATCH } });
    await t.db.transaction(async (tx) => {
      for (const borehole of trickyBoreholes(36)) await upsertBorehole(tx, borehole);
    });
    spied = spiedDatabase(t.db);
    spiedApp = createApp({ db: spied.db, settings: { exportBatchRows: 2 } });
  });
  afterAll(async () => {
    process.env.TMPDIR = previousTmp;
    await t.close();
    await rm(temp, { recursive: true, force: true });
  });

  it('answers a CSV equal to the workspace CSV of the table rows, in their order, batch after batch', async () => {
    const response = await get('/api/boreholes/export.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="geosonde-database.csv"');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const items = await tableRows('');
    expect(items.length).toBe(66);
    expect(response.headers.get('x-total-count')).toBe('66');
    const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
    expect(text).toBe(toCsv(DATABASE_COLUMNS, items.map(databaseRow)));
    // Read back by a CSV reader: every character comes back, formulas neutralised.
    const [header, ...rows] = csvRecords(text);
    expect(header).toEqual([...DATABASE_COLUMNS]);
    expect(new Set(rows.map((row) => row[0])).size).toBe(66);
    const tricky = rows.find((row) => row[0] === 'EXP-00')!;
    expect(tricky[1]).toBe('Virgule, "guillemets" et\r\nretour');
    expect(rows.find((row) => row[1]!.includes('HYPERLINK'))![1]).toBe(`'=HYPERLINK("http://x")`);
    expect(rows.some((row) => row[2] === 'Île <&> Perrot — é')).toBe(true);
    // Opened by French Excel, which splits each line on « ; » whatever the quotes inside a field:
    // no cell starts as a formula.
    const frenchCells = text.split('\r\n').flatMap((line) => line.split(';').map((cell) => cell.replace(/^"/, '')));
    expect(frenchCells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    expect(rows.some((row) => row[1] === "P;'=cmd|' /C calc'!A0;'=2+3;Q")).toBe(true);
  });

  it('answers the same rows for French Excel: semicolons, French headings and labels, decimal commas', async () => {
    const response = await get('/api/boreholes/export.excel.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="geosonde-database-excel.csv"');
    const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
    expect(text.startsWith('\uFEFFID;Projet;Site;Municipalité;Date;But;Type;Méthode;Profondeur (m);')).toBe(true);
    const items = await tableRows('');
    const records: string[][] = parseCsv(text.replace(/^\uFEFF/, ''), { delimiter: ';' });
    const [header, ...rows] = records;
    expect(header).toHaveLength(14);
    expect(rows).toHaveLength(items.length);
    const first = rows.find((row) => row[0] === items[0]!.id)!;
    expect(first[5]).toBe(PURPOSE_LABELS[items[0]!.purpose]);
    expect(first[8]).toBe(String(items[0]!.depth).replace('.', ','));
    // Opened by English Excel or a tool splitting on commas: still no cell starts as a formula.
    const englishCells = text.split('\r\n').flatMap((line) => line.split(',').map((cell) => cell.replace(/^"/, '')));
    expect(englishCells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
  });

  it('answers the GeoJSON of the workspace: placed boreholes only, counted in X-Total-Count', async () => {
    const response = await get('/api/boreholes/export.geojson?sort=depth&dir=asc');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/geo+json');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="geosonde-database.geojson"');
    const items = placed(await tableRows('sort=depth&dir=asc'));
    expect(response.headers.get('x-total-count')).toBe(String(items.length));
    const text = await response.text();
    expect(JSON.parse(text)).toEqual(toGeoJson(items));
    // One feature per line, so that the page can count them as they come.
    expect(text.split('\n').filter((line) => line.startsWith('{"type":"Feature"'))).toHaveLength(items.length);
  });

  it('answers an XLSX that read-excel-file reads back: bold frozen header, date cells, every value', async () => {
    const response = await get('/api/boreholes/export.xlsx?sort=municipality&dir=desc');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="geosonde-database.xlsx"');
    const bytes = Buffer.from(await response.arrayBuffer());
    const items = await tableRows('sort=municipality&dir=desc');
    expect(response.headers.get('x-total-count')).toBe(String(items.length));

    const [sheet, ...others] = await readXlsxFile(bytes, { trim: false });
    expect(others).toEqual([]);
    expect(sheet!.sheet).toBe('Database');
    const expected = items.map((b) => {
      const row = databaseRow(b);
      return DATABASE_COLUMNS.map((column) => {
        const value = row[column];
        if (column === 'date' && typeof value === 'string' && value) return new Date(`${value}T00:00:00Z`);
        // XML cannot hold most control characters: they are dropped, as write-excel-file does.
        return value === '' ? null : typeof value === 'string' ? value.replaceAll('\u0007', '') : value;
      });
    });
    expect(sheet!.data).toEqual([[...DATABASE_COLUMNS], ...expected]);

    // The parts the workspace's XLSX has, and that the end-to-end test reads with unzip.
    const parts = unzipSync(bytes);
    const xml = (name: string) => strFromU8(parts[name]!);
    expect(xml('xl/workbook.xml')).toMatch(/<sheet [^>]*name="Database"/);
    const sheetXml = xml('xl/worksheets/sheet1.xml');
    expect(sheetXml.match(/<row /g)).toHaveLength(items.length + 1);
    expect(sheetXml).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
    expect(sheetXml).toMatch(/<row r="1"><c r="A1" s="1" t="s"><v>0<\/v><\/c>/);
    expect(xml('xl/styles.xml')).toContain('formatCode="yyyy-mm-dd"');
    expect(xml('xl/styles.xml')).toMatch(/<font>.*<b\/>.*<\/font>/);
    const strings = xml('xl/sharedStrings.xml');
    for (const column of DATABASE_COLUMNS) expect(strings).toContain(`>${column}<`);
    expect(strings).not.toMatch(/>20\d\d-\d\d-\d\d</);
    expect(strings).toContain('>Île &lt;&amp;&gt; Perrot — é<');
  });

  it('answers a GeoPackage table "database" of the placed boreholes that SQLite and GDAL read', async () => {
    const response = await get('/api/boreholes/export.gpkg?sort=id&dir=desc&tenant=montreal');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/geopackage+sqlite3');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="geosonde-database.gpkg"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    const items = placed(await tableRows('sort=id&dir=desc&tenant=montreal'));
    expect(response.headers.get('x-total-count')).toBe(String(items.length));
    const path = join(temp, 'read.gpkg');
    await writeFile(path, bytes);
    const gpkg = new DatabaseSync(path, { readOnly: true });
    try {
      const rows = gpkg.prepare(`SELECT * FROM database ORDER BY fid`).all() as Record<string, unknown>[];
      expect(rows.map((row) => DATABASE_COLUMNS.map((column) => row[column]))).toEqual(
        items.map((b) => {
          const row = databaseRow(b);
          return DATABASE_COLUMNS.map((column) => row[column]);
        }),
      );
      const geometry = rows[0]!.geom as Uint8Array;
      const view = Buffer.from(geometry);
      expect([view.readDoubleLE(13), view.readDoubleLE(21)]).toEqual([items[0]!.lon, items[0]!.lat]);
      const contents = gpkg.prepare(`SELECT * FROM gpkg_contents`).get() as Record<string, unknown>;
      expect(contents).toMatchObject({
        table_name: 'database',
        srs_id: 4326,
        min_x: Math.min(...items.map((b) => b.lon!)),
        max_y: Math.max(...items.map((b) => b.lat!)),
      });
    } finally {
      gpkg.close();
    }
    if (existsSync('/usr/bin/ogrinfo')) {
      const info = execFileSync('ogrinfo', ['-so', path, 'database'], { encoding: 'utf8' });
      expect(info).toMatch(new RegExp(`Feature Count: ${items.length}\\b`));
      for (const column of ['id: String', 'depth_m: Real', 'lat: Real', 'lon: Real']) expect(info).toContain(column);
    }
    // Nothing is left behind.
    expect((await readdir(temp)).filter((name) => name.startsWith('geosonde-gpkg-'))).toEqual([]);
  });

  it.each(['csv', 'geojson', 'xlsx', 'gpkg'])('keeps the filters, ids and sort of the table (%s)', async (format) => {
    const query =
      'municipality=levis&depthMin=5&sort=date&dir=asc&ids=EXP-01,EXP-02,EXP-03,EXP-05,EXP-07,EXP-09,MTL-BH-01';
    const items = await tableRows(query);
    const want = format === 'geojson' || format === 'gpkg' ? placed(items) : items;
    expect(want.length).toBeGreaterThan(1);
    const response = await get(`/api/boreholes/export.${format}?${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe(String(want.length));
    const bytes = Buffer.from(await response.arrayBuffer());
    let ids: unknown[];
    if (format === 'csv')
      ids = csvRecords(bytes.toString('utf8'))
        .slice(1)
        .map((r) => r[0]);
    else if (format === 'geojson')
      ids = (JSON.parse(bytes.toString()) as { features: { id: string }[] }).features.map((f) => f.id);
    else if (format === 'xlsx') ids = (await readXlsxFile(bytes))[0]!.data.slice(1).map((row) => row[0]);
    else {
      const path = join(temp, 'filtered.gpkg');
      await writeFile(path, bytes);
      const gpkg = new DatabaseSync(path, { readOnly: true });
      ids = gpkg
        .prepare('SELECT id FROM database ORDER BY fid')
        .all()
        .map((row) => row.id);
      gpkg.close();
    }
    expect(ids).toEqual(want.map((b) => b.id));
  });

  it('never exports another tenant’s boreholes, and needs a session', async () => {
    for (const format of ['csv', 'geojson', 'xlsx', 'gpkg']) {
      expect((await get(`/api/boreholes/export.${format}`, null)).status).toBe(401);
    }
    const own = await tableRows('', montreal.email);
    expect(new Set(own.map((b) => b.tenantSlug))).toEqual(new Set(['montreal']));
    for (const query of ['tenant=stjulie', 'tenant=admin&ids=SJ-BH-01,EXP-01,MTL-BH-02', '']) {
      const response = await get(`/api/boreholes/export.csv?${query}`, montreal.email);
      const rows = csvRecords(await response.text()).slice(1);
      const allowed = new Set(own.map((b) => b.id));
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(allowed.has(row[0]!), row[0]).toBe(true);
      expect(response.headers.get('x-total-count')).toBe(String(rows.length));
    }
  });

  it('refuses a bad query with a French 400 before any byte', async () => {
    for (const [query, message] of [
      ['sort=colour', /^Colonne de tri inconnue/],
      ['dir=up', /^dir vaut asc ou desc/],
      ['dateFrom=2024-13-01', /./],
      [`ids=${Array.from({ length: 1001 }, (_, i) => `X${i}`).join(',')}`, /Au plus 1000 identifiants/],
    ] as const) {
      const response = await get(`/api/boreholes/export.csv?${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
  });

  it('exports an empty search as a valid empty file in every format', async () => {
    const csv = await get('/api/boreholes/export.csv?ids=NOPE');
    expect(csv.headers.get('x-total-count')).toBe('0');
    expect(Buffer.from(await csv.arrayBuffer()).toString('utf8')).toBe(toCsv(DATABASE_COLUMNS, []));
    expect(await (await get('/api/boreholes/export.geojson?ids=NOPE')).json()).toEqual(toGeoJson([]));
    const xlsx = Buffer.from(await (await get('/api/boreholes/export.xlsx?ids=NOPE')).arrayBuffer());
    expect((await readXlsxFile(xlsx))[0]!.data).toEqual([[...DATABASE_COLUMNS]]);
    const gpkg = await get('/api/boreholes/export.gpkg?ids=NOPE');
    const path = join(temp, 'empty.gpkg');
    await writeFile(path, Buffer.from(await gpkg.arrayBuffer()));
    const db = new DatabaseSync(path, { readOnly: true });
    expect(db.prepare('SELECT count(*) AS n FROM database').get()).toEqual({ n: 0 });
    db.close();
  });

  it('refuses an XLSX of more rows than a sheet holds, before streaming, in French', async () => {
    expect(xlsxRefusal(XLSX_MAX_ROWS)).toBeNull();
    expect(xlsxRefusal(XLSX_MAX_ROWS + 1)).toBe(TOO_MANY_FOR_XLSX);
    expect(TOO_MANY_FOR_XLSX).toMatch(
      /^Un classeur XLSX contient au plus 1\s048\s575 forages : réduisez la recherche ou choisissez CSV\.$/,
    );
    const cookie = t.cookies.get(admin.email)!;
    spied.spy.countAnswer = XLSX_MAX_ROWS + 1;
    try {
      const refused = await spiedApp.request('http://localhost/api/boreholes/export.xlsx', {
        headers: { ...SAME_ORIGIN, cookie },
      });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toEqual({ error: TOO_MANY_FOR_XLSX });
      spied.spy.countAnswer = XLSX_MAX_ROWS;
      const reads = spied.spy.batchReads;
      const accepted = await spiedApp.request('http://localhost/api/boreholes/export.xlsx', {
        headers: { ...SAME_ORIGIN, cookie },
      });
      expect(accepted.status).toBe(200);
      await accepted.arrayBuffer();
      expect(spied.spy.batchReads).toBeGreaterThan(reads);
    } finally {
      spied.spy.countAnswer = null;
    }
  });

  it('reads each batch only when the client has taken the last, and stops when it cancels', async () => {
    const cookie = t.cookies.get(admin.email)!;
    for (const format of ['csv', 'geojson', 'xlsx']) {
      const before = spied.spy.batchReads;
      const response = await spiedApp.request(`http://localhost/api/boreholes/export.${format}`, {
        headers: { ...SAME_ORIGIN, cookie },
      });
      expect(response.status).toBe(200);
      // Nothing is read before the client asks.
      await sleep(50);
      expect(spied.spy.batchReads - before).toBe(0);
      const reader = response.body!.getReader();
      await reader.read();
      await reader.read();
      await sleep(50);
      const read = spied.spy.batchReads - before;
      expect(read).toBeGreaterThanOrEqual(1);
      expect(read).toBeLessThanOrEqual(2);
      await reader.cancel();
      await sleep(100);
      // 66 rows by 2 would be 34 reads: the loop ended with the client.
      expect(spied.spy.batchReads - before, format).toBe(read);
    }
    expect((await readdir(temp)).filter((name) => name.startsWith('geosonde-xlsx-'))).toEqual([]);
  });

  it('stops reading and removes its files when an HTTP client disconnects midway', async () => {
    const cookie = t.cookies.get(admin.email)!;
    const server: ServerType = await new Promise((resolve) => {
      const started = serve({ fetch: spiedApp.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
    });
    const { port } = server.address() as AddressInfo;
    /** Asks for an export, and hangs up after the first chunk of the body, or after `hangUpMs` without one. */
    const hangUp = (format: string, hangUpMs: number) =>
      new Promise<number | null>((resolve, reject) => {
        const request = httpGet(
          { host: '127.0.0.1', port, path: `/api/boreholes/export.${format}`, headers: { cookie, host: 'localhost' } },
          (response) => {
            response.once('data', () => {
              request.destroy();
              resolve(response.statusCode ?? null);
            });
          },
        );
        request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
        setTimeout(() => {
          request.destroy();
          resolve(null);
        }, hangUpMs);
      });
    try {
      // Reads slow enough that the socket's buffers do not take the whole export before the client leaves.
      spied.spy.delayMs = 20;
      for (const format of ['csv', 'geojson', 'xlsx', 'gpkg']) {
        const before = spied.spy.batchReads;
        expect(await hangUp(format, 5_000), format).toBe(200);
        await sleep(200);
        const read = spied.spy.batchReads - before;
        await sleep(200);
        expect(spied.spy.batchReads - before, format).toBe(read);
        // 66 rows by 2 would be 34 reads; the GeoPackage is written whole before its first byte.
        if (format !== 'gpkg') expect(read, format).toBeLessThanOrEqual(3);
      }
      // A client that leaves while the GeoPackage is being written stops its reads too.
      const before = spied.spy.batchReads;
      expect(await hangUp('gpkg', 150)).toBeNull();
      await sleep(200);
      const read = spied.spy.batchReads - before;
      await sleep(200);
      expect(spied.spy.batchReads - before).toBe(read);
      expect(read).toBeLessThan(20);
      expect((await readdir(temp)).filter((name) => /^geosonde-(xlsx|gpkg)-/.test(name))).toEqual([]);
    } finally {
      spied.spy.delayMs = 0;
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
