// Measures the drawing of a borehole log (SVG), for a 30 m borehole with 40 layers, 20 SPT tests,
// samples, water and core runs: the whole log, then each A4 page at 1:100; then the same through
// the real server over HTTP.
// Usage: npm run bench:log
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { importAgs, signInGeotech, startServer } from './bench-server.ts';
import { generatedAgs } from './generated-ags.ts';
import { logsPdf } from '../api/files/log-pdf.ts';
import { drawLog, logPages } from '../src/domain/log/draw-log.ts';

const WORDS = [
  'ARGILE',
  'silteuse',
  'grise',
  'SABLE',
  'fin',
  'à',
  'moyen',
  'compact',
  'TILL',
  'humide',
  'traces',
  'de',
  'gravier',
];
const sentence = (seed: number) =>
  Array.from({ length: 8 + (seed % 14) }, (_, i) => WORDS[(seed * 7 + i * 3) % WORDS.length]).join(' ');

const log: BoreholeLog = {
  id: 'BENCH-01',
  locaId: null,
  project: 'Banc d’essai',
  site: 'Montréal',
  organisation: 'Ville de Montréal',
  lat: 45.5,
  lon: -73.57,
  original: { crs: 'EPSG:32188', x: 299_000, y: 5_040_000 },
  locationConfidence: 'surveyed',
  groundLevel: 25,
  depth: 30,
  date: '2025-06-01',
  endDate: '2025-06-02',
  method: 'rotary',
  holeType: null,
  screen: null,
  layers: Array.from({ length: 40 }, (_, i) => ({
    top: i * 0.75,
    base: (i + 1) * 0.75,
    description: sentence(i),
    legend: '',
    geology: '',
  })),
  spt: Array.from({ length: 20 }, (_, i) => ({ top: 1 + i * 1.5, n: (i * 7) % 60, refusal: null })),
  samples: Array.from({ length: 20 }, (_, i) => ({
    top: 1 + i * 1.5,
    base: 1.45 + i * 1.5,
    type: 'SS',
    ref: String(i + 1),
  })),
  waterStrikes: [4.2],
  standingLevels: [3.1],
  cores: Array.from({ length: 6 }, (_, i) => ({ top: 21 + i * 1.5, base: 22.5 + i * 1.5, rqd: 40 + i * 9 })),
};

function measure(label: string, work: () => unknown, runs = 500) {
  for (let i = 0; i < 20; i++) work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(`${label} : p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${runs} tracés)`);
}

const whole = drawLog(log);
console.log(`Journal de 30 m, 40 couches : SVG de ${(whole.length / 1024).toFixed(0)} Ko`);
measure('Journal entier, 1:100', () => drawLog(log));
measure('Journal entier, 1:50', () => drawLog(log, { scale: 50 }));
const pages = logPages(log, 100);
measure(`Les ${pages.length} pages A4 à 1:100`, () =>
  pages.map((page, i) => drawLog(log, { ...page, page: { number: i + 1, total: pages.length } })),
);
measure('PDF vectoriel du journal, 1:100', () => logsPdf([log], 100), 200);
const hundred = Array.from({ length: 100 }, (_, i) => ({ ...log, id: `BENCH-${i + 1}` }));
const start = performance.now();
const pdf = logsPdf(hundred, 100);
console.log(
  `100 journaux en un PDF : ${Math.round(performance.now() - start)} ms, ${(pdf.length / 1e6).toFixed(1)} Mo, ` +
    `${hundred.length * logPages(log, 100).length} pages`,
);

// Through the real server and its embedded PostgreSQL, over HTTP: 100 boreholes of 30 m and 40
// layers imported, then the record, the log (SVG, PDF) of one, and the 100 logs as one PDF.
const port = 4390;
const origin = `http://127.0.0.1:${port}`;
const dataDir = await mkdtemp(join(tmpdir(), 'geosonde-bench-log-'));
const server = await startServer(port, dataDir);
try {
  const cookie = await signInGeotech(origin);
  const imported = await importAgs(
    origin,
    cookie,
    generatedAgs(100, 'BENCH-LOG', { depth: 30, layers: 40, spt: 20 }),
    'journaux.ags',
  );
  const ids = imported.map((b) => b.id);
  const get = async (path: string) => {
    const response = await fetch(`${origin}${path}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${path} : ${response.status}`);
    return response.arrayBuffer();
  };
  async function measureHttp(label: string, path: (i: number) => string, runs: number) {
    for (let i = 0; i < 5; i++) await get(path(i));
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await get(path(i));
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`HTTP ${label} : p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${runs} requêtes)`);
  }
  const one = (i: number) => `/api/boreholes/${ids[i % ids.length]}`;
  await measureHttp('fiche (JSON)', (i) => `${one(i)}/record`, 200);
  await measureHttp('journal SVG 1:100', (i) => `${one(i)}/log.svg`, 200);
  await measureHttp('journal PDF 1:100', (i) => `${one(i)}/log.pdf`, 100);
  await measureHttp('historique', (i) => `${one(i)}/versions`, 200);
  const startAll = performance.now();
  const all = await get(`/api/boreholes/logs.pdf?ids=${ids.join(',')}`);
  console.log(
    `HTTP 100 journaux en un PDF : ${Math.round(performance.now() - startAll)} ms, ${(all.byteLength / 1e6).toFixed(1)} Mo`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
