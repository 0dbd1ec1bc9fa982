// Measures the drawing of a borehole log (SVG), for a 30 m borehole with 40 layers, 20 SPT tests,
// samples, water and core runs: the whole log, then each A4 page at 1:100.
// Usage: npm run bench:log
import type { BoreholeLog } from '../src/domain/log/borehole-log.ts';
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
  layers: Array.from({ length: 40 }, (_, i) => ({
    top: i * 0.75,
    base: (i + 1) * 0.75,
    description: sentence(i),
    legend: '',
    geology: '',
  })),
  spt: Array.from({ length: 20 }, (_, i) => ({ top: 1 + i * 1.5, n: (i * 7) % 60 })),
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
