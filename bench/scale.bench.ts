// Measures the database screen's table at scale (issue #19): loads generated boreholes in bulk
// (bench/bulk-load.ts), then times, one call at a time through the API in process, a page of 100
// sorted by date, by depth, filtered by a "contains", a deep page by cursor and an exact count with
// three filters; p50 and p95, each with the machine's load average. On the embedded PostgreSQL
// (1,000,000 boreholes by default) then on PGlite (100,000).
// Usage: npm run bench:scale [-- --rows 1000000 --pglite-rows 100000 --runs 50 --only postgres|pglite
//        --database-url postgres://…]  (an empty database of another server instead of the embedded one)
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../api/app.ts';
import { createSession, SESSION_COOKIE } from '../api/auth/sessions.ts';
import { openPglite, type Database } from '../api/db/database.ts';
import { migrate } from '../api/db/migrate.ts';
import { openDatabase } from '../api/db/open.ts';
import { seedDemo, seedTenants } from '../api/db/seed/seed.ts';
import { tableCursorOf } from '../api/boreholes/table-routes.ts';
import { loadGeneratedBoreholes } from './bulk-load.ts';
import { measureMap } from './scale-map.ts';
import { describeMeasure, measureExports } from './export.bench.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    'pglite-rows': { type: 'string', default: '100000' },
    runs: { type: 'string', default: '50' },
    only: { type: 'string' },
    'database-url': { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const MUNIS = [
  'Montréal',
  'Laval',
  'Longueuil',
  'Brossard',
  'Terrebonne',
  'Repentigny',
  'Boucherville',
  'Sainte-Julie',
];

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

/** p50 and p95 of `RUNS` calls made one at a time, with the load average after them. */
async function serial(label: string, call: () => Promise<Response>) {
  for (let i = 0; i < 3; i++) await (await call()).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const response = await call();
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${label} : ${response.status} ${await response.text()}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`  ${label} : p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${RUNS} appels ; charge 1/5/15 min ${load()})`);
}

async function measure(label: string, db: Database, rows: number) {
  const start = performance.now();
  await loadGeneratedBoreholes(db, rows, { tenants: ['montreal', 'stjulie'], munis: MUNIS });
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `${label} — ${rows.toLocaleString('fr-CA')} forages chargés en ${seconds.toFixed(1)} s (charge ${load()})`,
  );

  const [admin] = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'admin@geosonde.ca'`);
  const session = await createSession(db, admin!.id, { idleMinutes: 600, absoluteHours: 12 });
  const app = createApp({ db, settings: {} });
  const get = (path: string) =>
    Promise.resolve(app.request(`http://localhost${path}`, { headers: { cookie: `${SESSION_COOKIE}=${session}` } }));
  // The cursor of the middle of the table sorted by date.
  const [middle] = await db.query<{ date: string; id: string }>(
    `SELECT date, id FROM boreholes ORDER BY date DESC, id COLLATE "C" DESC OFFSET $1 LIMIT 1`,
    [Math.floor(rows / 2)],
  );
  const deep = tableCursorOf('date', 'desc', { key: middle!.date, id: middle!.id });

  // The workspace asks a page without its total (total=false) and the count beside it.
  const page = (query: string) => get(`/api/boreholes/table?limit=100&total=false&${query}`);
  await serial('page de 100 par date', () => page('sort=date&dir=desc'));
  await serial('page de 100 par date, avec le total (compté en même temps)', () =>
    get('/api/boreholes/table?sort=date&dir=desc&limit=100'),
  );
  await serial('page de 100 par profondeur', () => page('sort=depth&dir=desc'));
  await serial('page de 100 par projet (texte)', () => page('sort=project'));
  await serial('page de 100, rayon de 2 km', () => page('sort=date&centerLat=45.55&centerLng=-73.6&radiusKm=2'));
  await serial('page de 100, projet contient « égout »', () => page('sort=date&project=%C3%A9gout'));
  await serial('page de 100, projet contient « 4242 »', () => page('sort=date&project=4242'));
  await serial(`page de 100 au milieu (curseur, rang ${Math.floor(rows / 2).toLocaleString('fr-CA')})`, () =>
    page(`sort=date&dir=desc&cursor=${deep}`),
  );
  await serial('compte exact, sans filtre', () => get('/api/boreholes/table/count'));
  await serial('compte exact, 3 filtres (but, profondeur, municipalité)', () =>
    get('/api/boreholes/table/count?purpose=hydro&depthMin=5&municipality=laval'),
  );
  await serial('compte exact, 3 filtres dans la portée de Montréal (type, méthode, municipalité)', () =>
    get('/api/boreholes/table/count?tenant=montreal&type=piezometer&method=sonic&municipality=laval'),
  );
  await serial('compte exact, 3 filtres hors classification (date, profondeur, municipalité)', () =>
    get('/api/boreholes/table/count?dateFrom=2020-01-01&depthMin=5&municipality=laval'),
  );
  await measureMap(get, serial);
  // The streamed exports: every borehole as CSV over HTTP (bench:export times the other formats).
  const expected = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM boreholes'))[0]!.n;
  for (const result of await measureExports(db, [{ format: 'csv' }])) {
    if (result.status !== 200 || result.rows !== expected)
      throw new Error(`Export CSV : ${result.status}, ${result.rows}`);
    console.log(`  ${describeMeasure(result)}`);
  }
}

const root = await mkdtemp(join(tmpdir(), 'geosonde-bench-scale-'));
try {
  if (values.only !== 'pglite') {
    const url = values['database-url'];
    const opened = await openDatabase({ DATA_DIR: join(root, 'pg'), DATABASE_URL: url, GS_DEMO: true }, 'bench');
    try {
      await measure(url ? 'PostgreSQL (DATABASE_URL)' : 'PostgreSQL embarqué', opened.db, Number(values.rows));
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
      await measure('PGlite (en mémoire)', pglite, Number(values['pglite-rows']));
    } finally {
      await pglite.close();
    }
  }
} finally {
  await rm(root, { recursive: true, force: true });
}
