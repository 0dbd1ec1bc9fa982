// Measures the borehole search: SQL repository (PGlite in memory, or BENCH_DATABASE_URL) against
// the reference domain filter, on a generated data set. Prints median and p95 per query.
// Usage: npm run bench [-- --rows 10000 --runs 50]
import { parseArgs } from 'node:util';
import { listBoreholes, upsertBorehole } from '../api/boreholes/repo.ts';
import { openPglite, openPostgres } from '../api/db/database.ts';
import { migrate } from '../api/db/migrate.ts';
import { seedTenants } from '../api/db/seed/seed.ts';
import { filterBoreholes, type BoreholeFilters } from '../src/domain/filters.ts';
import { TENANTS, type DataScope } from '../src/domain/tenants.ts';
import { generatedBoreholes } from './generated-boreholes.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '10000' }, runs: { type: 'string', default: '30' } },
});
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);

const url = process.env.BENCH_DATABASE_URL;
const db = url ? openPostgres(url) : await openPglite();
await migrate(db);
await seedTenants(db);
if (url) await db.query('TRUNCATE boreholes CASCADE');

let started = performance.now();
await db.transaction(async (tx) => {
  const munis = ['Montréal', 'Sainte-Julie', 'Longueuil', 'Laval', 'Boucherville', 'Varennes', 'Brossard'];
  for (const borehole of generatedBoreholes(ROWS, { tenants: ['montreal', 'stjulie'], munis })) {
    await upsertBorehole(tx, borehole);
  }
});
console.log(`${ROWS} forages écrits en ${((performance.now() - started) / 1000).toFixed(1)} s (${db.kind})`);

const everything = (await listBoreholes(db, { scope: { type: 'all' }, filters: {} })).items;
const cases: [string, DataScope, BoreholeFilters][] = [
  ['tout, page de 50', { type: 'all' }, {}],
  ['municipalité contient « mont »', { type: 'all' }, { municipality: 'mont' }],
  ['but + profondeur + dates', { type: 'all' }, { purpose: 'hydro', depthMin: 5, dateFrom: '2020-01-01' }],
  ['portée Sainte-Julie (rayon 8 km)', TENANTS.stjulie.dataScope, {}],
  ['portée Montréal + texte', TENANTS.montreal.dataScope, { project: 'pont' }],
  ['rayon utilisateur 3 km', { type: 'all' }, { centerLat: 45.5, centerLng: -73.6, radiusKm: 3 }],
];

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `médiane ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms`;
};

console.log(`\nRecherche sur ${ROWS} forages, ${RUNS} essais par requête`);
for (const [name, scope, filters] of cases) {
  const sql: number[] = [];
  const js: number[] = [];
  let total = 0;
  for (let run = 0; run < RUNS; run++) {
    started = performance.now();
    total = (await listBoreholes(db, { scope, filters, limit: 50 })).total;
    sql.push(performance.now() - started);
    started = performance.now();
    filterBoreholes(everything, filters, scope);
    js.push(performance.now() - started);
  }
  console.log(`- ${name} (${total} résultats) : SQL ${stats(sql)} | domaine JS ${stats(js)}`);
}
await db.close();
