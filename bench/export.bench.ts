// Measures the streamed exports at scale (issue #19: a CSV of 1,000,000 rows in ≤ 20 s, the
// server's RSS growing by ≤ 200 MB): loads generated boreholes in bulk (bench/bulk-load.ts), serves
// the API over HTTP in this process, downloads each export as a client would and reports rows,
// bytes, seconds, rows/s, this process's RSS (before, peak sampled every 100 ms, after) and the
// machine's load. On the embedded PostgreSQL (1,000,000 boreholes by default: CSV of everything,
// the other formats of one town, about 125,000 rows) then on PGlite (100,000: every format).
// Usage: npm run bench:export [-- --rows 1000000 --pglite-rows 100000 --only postgres|pglite]
import { serve } from '@hono/node-server';
import { mkdtemp, rm } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../api/app.ts';
import { createSession, SESSION_COOKIE } from '../api/auth/sessions.ts';
import { exportBatches } from '../api/boreholes/export-repo.ts';
import { tablePage, type TablePosition } from '../api/boreholes/table-repo.ts';
import { openPglite, type Database } from '../api/db/database.ts';
import { migrate } from '../api/db/migrate.ts';
import { openDatabase } from '../api/db/open.ts';
import { seedDemo, seedTenants } from '../api/db/seed/seed.ts';
import { csvChunks } from '../api/exports/text-exports.ts';
import { loadGeneratedBoreholes } from './bulk-load.ts';

export const MUNIS = ['Montréal', 'Laval', 'Longueuil', 'Brossard', 'Terrebonne', 'Repentigny', 'Boucherville'];

/** One download to time: a format, a query, and the encoding the client accepts. */
export interface ExportCase {
  format: 'csv' | 'geojson' | 'xlsx' | 'gpkg';
  query?: string;
  /** 'identity' (a script), or 'br, gzip' as a browser sends it. */
  encoding?: string;
}

export interface ExportMeasure extends Required<ExportCase> {
  status: number;
  rows: number;
  bytes: number;
  seconds: number;
  rss: { before: number; peak: number; after: number };
  load: number[];
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} Mo`;
const loadText = (load: number[]) => load.map((value) => value.toFixed(2)).join(' / ');

/** Downloads `path` over HTTP, counting the bytes and keeping none of them. */
function download(port: number, path: string, cookie: string, encoding: string) {
  return new Promise<{ status: number; total: number; bytes: number }>((resolve, reject) => {
    httpGet(
      { host: '127.0.0.1', port, path, headers: { cookie, host: 'localhost', 'accept-encoding': encoding } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, total: Number(response.headers['x-total-count']), bytes }),
        );
        response.on('error', reject);
      },
    ).on('error', reject);
  });
}

/**
 * Times each export of `cases` through a real HTTP server (in this process, so that its RSS is
 * the server's: the database is another process on PostgreSQL, in it on PGlite), signed in as the
 * demo administrator. For bench:scale too, with small numbers in CI.
 *
 * @example const [csv] = await measureExports(db, [{ format: 'csv' }]); csv.seconds
 */
export async function measureExports(db: Database, cases: readonly ExportCase[]): Promise<ExportMeasure[]> {
  const [admin] = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'admin@geosonde.ca'`);
  const session = await createSession(db, admin!.id, { idleMinutes: 600, absoluteHours: 12 });
  const cookie = `${SESSION_COOKIE}=${session}`;
  const app = createApp({ db, settings: {} });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  const results: ExportMeasure[] = [];
  try {
    for (const { format, query = '', encoding = 'identity' } of cases) {
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
      const start = performance.now();
      const answer = await download(port, `/api/boreholes/export.${format}?${query}`, cookie, encoding);
      const seconds = (performance.now() - start) / 1000;
      clearInterval(sampler);
      const after = process.memoryUsage().rss;
      peak = Math.max(peak, after);
      results.push({
        format,
        query,
        encoding,
        status: answer.status,
        rows: answer.total,
        bytes: answer.bytes,
        seconds,
        rss: { before, peak, after },
        load: loadavg(),
      });
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return results;
}

/** One line of figures for a measure. */
export const describeMeasure = (m: ExportMeasure) =>
  `  ${m.format.toUpperCase()}${m.query ? ` (${m.query})` : ''}${m.encoding === 'identity' ? '' : ` [${m.encoding}]`} : ` +
  `${m.status} · ${m.rows.toLocaleString('fr-CA')} lignes, ${mb(m.bytes)} en ${m.seconds.toFixed(1)} s ` +
  `(${Math.round(m.rows / m.seconds).toLocaleString('fr-CA')} lignes/s) · RSS ${mb(m.rss.before)} → pic ` +
  `${mb(m.rss.peak)} (+${mb(m.rss.peak - m.rss.before)}) → ${mb(m.rss.after)} · charge 1/5/15 min ${loadText(m.load)}`;

const everything = { scope: { type: 'all' } as const, filters: {}, sort: 'date' as const, dir: 'desc' as const };
const rate = (rows: number, start: number) =>
  `${Math.round(rows / ((performance.now() - start) / 1000)).toLocaleString('fr-CA')} lignes/s`;

/** Reads `rows` rows in the date order by batches of `batch`, with the export's lean query or the table's page. */
async function readRows(db: Database, rows: number, batch: number, query: 'lean' | 'table') {
  const start = performance.now();
  let read = 0;
  if (query === 'lean') {
    for await (const got of exportBatches(db, everything, batch)) if ((read += got.length) >= rows) break;
  } else {
    let after: TablePosition | null = null;
    do {
      const page = await tablePage(db, { ...everything, limit: batch, after });
      read += page.items.length;
      after = page.next;
    } while (after && read < rows);
  }
  return rate(read, start);
}

/** The CSV of `rows` rows made without HTTP, the next batch read after or while the last is written. */
async function csvRate(db: Database, rows: number, readAhead: boolean) {
  const start = performance.now();
  let made = 0;
  const batches = async function* () {
    for await (const batch of exportBatches(db, everything, 2000, { readAhead })) {
      yield batch;
      if ((made += batch.length) >= rows) return;
    }
  };
  let bytes = 0;
  for await (const chunk of csvChunks(batches())) bytes += chunk.length;
  return `${rate(made, start)} (${(bytes / 1024 / 1024).toFixed(0)} Mo)`;
}

async function measure(label: string, db: Database, rows: number, cases: ExportCase[]) {
  const start = performance.now();
  await loadGeneratedBoreholes(db, rows, { tenants: ['montreal', 'stjulie'], munis: MUNIS });
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `${label} — ${rows.toLocaleString('fr-CA')} forages chargés en ${seconds.toFixed(1)} s (charge ${loadText(loadavg())})`,
  );
  const sample = Math.min(rows, 100_000);
  for (const batch of [1000, 2000, 5000]) {
    console.log(
      `  lecture de ${sample.toLocaleString('fr-CA')} lignes par lots de ${batch} : requête de l’export ` +
        `${await readRows(db, sample, batch, 'lean')}, page du tableau ${await readRows(db, sample, batch, 'table')} ` +
        `(charge ${loadText(loadavg())})`,
    );
  }
  const serial = await csvRate(db, sample, false);
  const overlapped = await csvRate(db, sample, true);
  console.log(
    `  CSV de ${sample.toLocaleString('fr-CA')} lignes sans HTTP : lot suivant lu après l’envoi ${serial}, ` +
      `pendant l’envoi ${overlapped} (charge ${loadText(loadavg())})`,
  );
  for (const result of await measureExports(db, cases)) console.log(describeMeasure(result));
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '1000000' },
      'pglite-rows': { type: 'string', default: '100000' },
      only: { type: 'string' },
    },
  });
  const root = await mkdtemp(join(tmpdir(), 'geosonde-bench-export-'));
  try {
    if (values.only !== 'pglite') {
      const opened = await openDatabase(
        { DATA_DIR: join(root, 'pg'), DATABASE_URL: undefined, GS_DEMO: true },
        'bench',
      );
      try {
        const town = 'municipality=laval';
        await measure('PostgreSQL embarqué', opened.db, Number(values.rows), [
          { format: 'csv' },
          { format: 'csv', encoding: 'br, gzip' },
          { format: 'geojson', query: town },
          { format: 'xlsx', query: town },
          { format: 'gpkg', query: town },
        ]);
      } finally {
        await opened.db.close();
      }
    }
    if (values.only !== 'postgres') {
      const pglite = await openPglite();
      try {
        await migrate(pglite);
        await seedTenants(pglite);
        await seedDemo(pglite);
        await measure('PGlite (en mémoire)', pglite, Number(values['pglite-rows']), [
          { format: 'csv' },
          { format: 'geojson' },
          { format: 'xlsx' },
          { format: 'gpkg' },
        ]);
      } finally {
        await pglite.close();
      }
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
