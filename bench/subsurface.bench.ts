// Measures the cross-sections (issue #36): in the process, a section of 50 boreholes of 30 m and
// 40 layers (placing, correlation), its drawing (SVG), its PDF and its DXF; then through the real
// server and its embedded PostgreSQL, over HTTP, a section through 50 of 2,000 imported boreholes.
// Usage: npm run bench:subsurface
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sectionDxf } from '../api/subsurface/section-dxf.ts';
import { sectionPdf } from '../api/subsurface/section-pdf.ts';
import type { Borehole } from '../src/domain/borehole.ts';
import { blankLog, type BoreholeLog } from '../src/domain/log/borehole-log.ts';
import { svgOf } from '../src/domain/log/sheet.ts';
import { sectionOf } from '../src/domain/subsurface/section.ts';
import { sectionSheet } from '../src/domain/subsurface/section-sheet.ts';
import { importAgs, signInGeotech, startServer } from './bench-server.ts';
import { generatedAgs } from './generated-ags.ts';

const MATERIALS = ['Remblai', 'Argile silteuse grise', 'Sable fin', 'Till', 'Roc calcaire'];
const METRE_LAT = 1 / 111_195;
const METRE_LNG = METRE_LAT / Math.cos((45.5 * Math.PI) / 180);

/** 50 boreholes 40 m apart along an east-west street, 30 m deep, 40 layers and 20 SPT each. */
const logs: BoreholeLog[] = Array.from({ length: 50 }, (_, i) => ({
  ...blankLog(`COUPE-${i + 1}`),
  lat: 45.5 + ((i % 3) - 1) * 4 * METRE_LAT,
  lon: -73.6 + i * 40 * METRE_LNG,
  groundLevel: 30 + Math.sin(i / 5) * 3,
  depth: 30,
  layers: Array.from({ length: 40 }, (_, k) => ({
    top: k * 0.75,
    base: (k + 1) * 0.75,
    description: MATERIALS[Math.min(4, Math.floor((k + (i % 4)) / 9))]!,
    legend: '',
    geology: '',
  })),
  spt: Array.from({ length: 20 }, (_, k) => ({ top: 1 + k * 1.5, n: (k * 7 + i) % 60, refusal: null })),
  waterStrikes: [3 + (i % 5) * 0.3],
}));
const line = [
  { lat: 45.5, lng: -73.6 - 10 * METRE_LNG },
  { lat: 45.5, lng: -73.6 + 2000 * METRE_LNG },
];
const options = {
  paper: 'A3' as const,
  exaggeration: 10,
  links: true,
  title: 'Banc',
  organisation: 'GéoSonde',
  date: '2026-11-29',
};

function measure(label: string, work: () => unknown, runs = 50) {
  for (let i = 0; i < 5; i++) work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(`${label} : p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${runs} fois)`);
}

const section = sectionOf({ line, corridor: 25 }, logs);
console.log(
  `Coupe de ${section.length.toFixed(0)} m : ${section.columns.length} forages, ${section.links.length} limites reliées`,
);
measure('Coupe de 50 forages (placement, unités, corrélation)', () => sectionOf({ line, corridor: 25 }, logs));
measure('Dessin SVG de la coupe', () => svgOf(sectionSheet(section, options)));
measure('PDF vectoriel A3 de la coupe', () => sectionPdf(sectionSheet(section, options)), 20);
measure('PDF vectoriel A1 de la coupe', () => sectionPdf(sectionSheet(section, { ...options, paper: 'A1' })), 20);
measure('DXF de la coupe', () => sectionDxf(section, options), 20);

// Through the server: 2,000 boreholes in rows of 400, 50 m apart (generatedAgs); the line runs
// along the first row over its first 50.
const port = 4391;
const origin = `http://127.0.0.1:${port}`;
const dataDir = await mkdtemp(join(tmpdir(), 'geosonde-bench-subsurface-'));
const server = await startServer(port, dataDir);
try {
  const cookie = await signInGeotech(origin);
  const imported = await importAgs(
    origin,
    cookie,
    generatedAgs(2000, 'BENCH-COUPE', { depth: 30, layers: 40, spt: 20 }),
    'coupe.ags',
  );
  const ends = ['F-000000', 'F-000049'].map((locaId) => imported.find((b) => b.locaId === locaId)!.id);
  const { items } = (await (
    await fetch(`${origin}/api/boreholes?ids=${ends.map(encodeURIComponent).join(',')}`, { headers: { cookie } })
  ).json()) as { items: Borehole[] };
  const placed = ends.map((id) => items.find((item) => item.id === id)!);
  const body = (format: string) =>
    JSON.stringify({ line: placed.map((b) => ({ lat: b.lat, lng: b.lon })), corridor: 20, format });
  async function measureHttp(label: string, format: string, runs: number) {
    const ask = async () => {
      const response = await fetch(`${origin}/api/sections`, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json' },
        body: body(format),
      });
      if (!response.ok) throw new Error(`${label} : ${response.status} ${await response.text()}`);
      return response.arrayBuffer();
    };
    const first = await ask();
    if (format === 'json') {
      const drawn = JSON.parse(new TextDecoder().decode(first)) as { columns: unknown[] };
      console.log(`HTTP : la coupe prend ${drawn.columns.length} des 2 000 forages`);
    }
    for (let i = 0; i < 3; i++) await ask();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await ask();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`HTTP ${label} : p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${runs} requêtes)`);
  }
  await measureHttp('coupe de 50 forages (JSON)', 'json', 30);
  await measureHttp('coupe de 50 forages (PDF A3)', 'pdf', 20);
  await measureHttp('coupe de 50 forages (DXF)', 'dxf', 20);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
