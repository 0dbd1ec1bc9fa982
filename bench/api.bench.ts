// Measures the public API under load: GET /v1/boreholes?limit=50 (the documented call) by 50 clients
// at once for 30 s, on 100,000 imported boreholes — through the real server and its PostgreSQL over
// HTTP, then in-process on PGlite (the tests' database, one connection). Prints the throughput,
// p50 and p99, and the errors. A deep page (by cursor) and a record are measured too.
// Usage: npm run bench:api [-- --rows 100000 --seconds 30 --clients 50]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../api/app.ts';
import { createToken } from '../api/tokens/repo.ts';
import { openPglite, type Database } from '../api/db/database.ts';
import { migrate } from '../api/db/migrate.ts';
import { openDatabase } from '../api/db/open.ts';
import { seedDemo, seedTenants } from '../api/db/seed/seed.ts';
import { fileStore, type FileStore } from '../api/files/file-store.ts';
import { commitImport, validateImport } from '../api/imports/import-service.ts';
import { startServer } from './bench-server.ts';
import { generatedAgs } from './generated-ags.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '30' },
    clients: { type: 'string', default: '50' },
  },
});
const ROWS = Number(values.rows);
const SECONDS = Number(values.seconds);
const CLIENTS = Number(values.clients);
// The bucket is still counted on every call (its UPDATE is part of what is measured), but large
// enough that the load is not refused.
const UNLIMITED = { capacity: 1_000_000, perMinute: 1_000_000 };

/** Imports the generated boreholes into Montréal, as the import screen does. */
async function load(db: Database, files: FileStore) {
  const start = performance.now();
  const bytes = new TextEncoder().encode(generatedAgs(ROWS, 'BENCH-API'));
  const { id, report } = await validateImport(db, files, {
    tenantSlug: 'montreal',
    userId: null,
    fileName: 'api.ags',
    staged: await files.stage([bytes]),
    crs: 'EPSG:27700',
  });
  if (!report.valid) throw new Error('Fichier généré refusé.');
  const outcome = await commitImport(db, files, id, null, () => true);
  if (!outcome.ok) throw new Error(outcome.message);
  console.log(`${outcome.result.created} forages importés en ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

async function tokenFor(db: Database) {
  const [owner] = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'geotech@montreal.ca'`);
  return (await createToken(db, owner!.id, { name: 'Banc', scopes: ['read:boreholes'], days: 1, allowedIps: [] }))
    .token;
}

/** `clients` loops calling `call` for `seconds`; the latencies, the answers per second and the errors. */
async function loadTest(label: string, call: () => Promise<Response>) {
  for (let i = 0; i < 20; i++) await (await call()).arrayBuffer();
  const times: number[] = [];
  let errors = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        try {
          const response = await call();
          await response.arrayBuffer();
          if (response.status !== 200) errors += 1;
        } catch {
          errors += 1;
        }
        times.push(performance.now() - start);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(
    `${label} : ${Math.round(times.length / SECONDS)} réponses/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ` +
      `${errors} erreur(s) sur ${times.length} (${CLIENTS} clients, ${SECONDS} s)`,
  );
}

/** One call at a time: p50 and p95 of `runs` calls. */
async function serial(label: string, call: () => Promise<Response>, runs = 100) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const response = await call();
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${label} : ${response.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.floor(q * times.length)]!.toFixed(1);
  console.log(`${label} : p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${runs} appels, un à la fois)`);
}

/** The cursor of the page after `pages` pages of 500. */
async function deepCursor(get: (path: string) => Promise<Response>, pages: number) {
  let cursor = '';
  for (let i = 0; i < pages; i++) {
    const page = (await (await get(`/v1/boreholes?limit=500${cursor ? `&cursor=${cursor}` : ''}`)).json()) as {
      next_cursor: string;
    };
    cursor = page.next_cursor;
  }
  return cursor;
}

async function measure(label: string, get: (path: string) => Promise<Response>) {
  await loadTest(`${label} — GET /v1/boreholes?limit=50`, () => get('/v1/boreholes?limit=50'));
  const deep = await deepCursor(get, 100);
  await serial(`${label} — page 50 001 à 50 050 (curseur)`, () => get(`/v1/boreholes?limit=50&cursor=${deep}`));
  await serial(`${label} — GET /v1/boreholes/{id}`, () => get('/v1/boreholes/MTL-BH-04'));
}

const root = await mkdtemp(join(tmpdir(), 'geosonde-bench-api-'));
try {
  // 1. The real server: its embedded PostgreSQL, over HTTP.
  const dataDir = join(root, 'pg');
  const opened = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined, GS_DEMO: true }, 'bench');
  await load(opened.db, opened.files);
  const pgToken = await tokenFor(opened.db);
  await opened.db.close();
  const port = 4391;
  const server = await startServer(port, dataDir, {
    API_RATE_CAPACITY: String(UNLIMITED.capacity),
    API_RATE_PER_MINUTE: String(UNLIMITED.perMinute),
  });
  try {
    const origin = `http://127.0.0.1:${port}`;
    await measure('PostgreSQL (serveur réel, HTTP)', (path) =>
      fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${pgToken}` } }),
    );
  } finally {
    server.kill();
  }

  // 2. PGlite in the same process (no network, one connection).
  const pglite = await openPglite();
  await migrate(pglite);
  await seedTenants(pglite);
  await seedDemo(pglite);
  await load(pglite, fileStore(join(root, 'pglite-files')));
  const token = await tokenFor(pglite);
  const app = createApp({ db: pglite, settings: { apiRateLimit: UNLIMITED } });
  await measure('PGlite (en mémoire, sans réseau)', (path) =>
    Promise.resolve(app.request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } })),
  );
  await pglite.close();
} finally {
  await rm(root, { recursive: true, force: true });
}
