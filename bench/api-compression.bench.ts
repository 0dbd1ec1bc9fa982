// Measures what `GET /api/boreholes` sends for 10,000 boreholes: the JSON as it is, gzip and br,
// and how long each takes to produce and receive, through the app as the server runs it.
// Usage: npm run bench:compression [-- --rows 10000 --runs 10]
import { parseArgs } from 'node:util';
import { createApp } from '../api/app.ts';
import { upsertBorehole } from '../api/boreholes/repo.ts';
import { openPglite } from '../api/db/database.ts';
import { migrate } from '../api/db/migrate.ts';
import { seedDemo, seedTenants, DEMO_ACCOUNTS } from '../api/db/seed/seed.ts';
import { generatedBoreholes } from './generated-boreholes.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '10000' }, runs: { type: 'string', default: '10' } },
});
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);

const db = await openPglite();
await migrate(db);
await seedTenants(db);
await seedDemo(db);
await db.transaction(async (tx) => {
  for (const borehole of generatedBoreholes(ROWS - 30, { tenants: ['montreal', 'stjulie'], munis: ['Montréal'] })) {
    await upsertBorehole(tx, borehole);
  }
});
const app = createApp({ db });
const [admin] = DEMO_ACCOUNTS;
const login = await app.request('/api/login', {
  method: 'POST',
  headers: { origin: 'http://localhost', 'content-type': 'application/json' },
  body: JSON.stringify({ email: admin.email, password: admin.password }),
});
const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

const kb = (bytes: number) => `${(bytes / 1024).toLocaleString('fr-CA', { maximumFractionDigits: 0 })} Ko`;
console.log(`GET /api/boreholes, ${ROWS} forages, ${RUNS} essais par encodage`);
for (const encoding of ['identity', 'gzip', 'br']) {
  const times: number[] = [];
  let size = 0;
  let rows = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const response = await app.request('/api/boreholes', { headers: { cookie, 'accept-encoding': encoding } });
    const body = new Uint8Array(await response.arrayBuffer());
    times.push(performance.now() - started);
    size = body.length;
    if (response.headers.get('content-encoding') !== (encoding === 'identity' ? null : encoding)) {
      throw new Error(`${encoding} : réponse encodée ${response.headers.get('content-encoding')}`);
    }
    if (encoding === 'identity')
      rows = (JSON.parse(new TextDecoder().decode(body)) as { items: unknown[] }).items.length;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `${encoding.padEnd(8)} ${kb(size).padStart(9)}  médiane ${median.toFixed(0)} ms${rows ? ` (${rows} lignes)` : ''}`,
  );
}
await db.close();
