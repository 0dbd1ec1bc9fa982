// Measures whether the server stays responsive while documents are read by OCR (issue #20: the
// API's p95 unchanged within 20 %). Real servers (`node api/index.ts`, embedded database, demo
// data) on one data directory, where scanned logs (PNG, read by OCR) wait to be read. Phases
// alternate between a server that does not read (DOCUMENT_WORKER=0) and one that reads them (the
// document worker in the server, as by default), in the order AB BA AB…, so that a drift of the
// machine weighs on both. Each phase starts its own server, warms it up, then measures three loads
// on the workspace's table page and a borehole's record:
//  - « saturée » : 4 clients that call again as soon as answered, the server never idle;
//  - « régulière » : calls started at a steady rate (--rate per second) whatever the answers,
//    each timed from when it was due;
//  - « rafales » : 4 calls at once every 250 ms, as pages that ask for several things at a time.
// Prints p50 / p95 of each load in each phase, with the share of a core the reading process had
// (from Linux's /proc), and the share it has once the load stops; then the median of the phases'
// p95 with and without reading, and the spread between phases without reading (what the measure
// itself varies).
// The reading's share is of one core (100 % = a core all the time).
// Usage: npm run bench:ocr-load [-- --seconds 10 --rounds 3 --documents 12 --rate 40]
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pdfPageImages } from '../api/digitise/raster.ts';
import { logsPdf } from '../api/files/log-pdf.ts';
import { startServer } from './bench-server.ts';
import { generatedLogs } from './generated-logs.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    documents: { type: 'string', default: '12' },
    rate: { type: 'string', default: '40' },
  },
});
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const DOCUMENTS = Number(values.documents);
const RATE = Number(values.rate);
const PORT = 4700 + Math.floor(Math.random() * 50);
const origin = `http://127.0.0.1:${PORT}`;
const paths = ['/api/boreholes/table?limit=100&total=false', '/api/boreholes/MTL-BH-01/record'];

const signIn = async () => {
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'geotech@montreal.ca', password: 'GeoSonde-montreal-1' }),
  });
  return login.headers.getSetCookie()[0]!.split(';')[0]!;
};
/** One call's time in ms, from `since` (when it started, or was due) to the end of its answer. */
const call = async (cookie: string, i: number, since = performance.now()) => {
  const response = await fetch(`${origin}${paths[i % paths.length]}`, { headers: { cookie } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${response.status} ${paths[i % paths.length]}`);
  return performance.now() - since;
};
const saturated = async (cookie: string, seconds: number) => {
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 4 }, async (_, client) => {
      for (let i = client; performance.now() < end; i++) times.push(await call(cookie, i));
    }),
  );
  return times;
};
const steady = async (cookie: string, seconds: number) => {
  const calls: Promise<number>[] = [];
  const start = performance.now();
  for (let i = 0; i < seconds * RATE; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(call(cookie, i, due));
  }
  return Promise.all(calls);
};
const bursts = async (cookie: string, seconds: number) => {
  const times: number[] = [];
  for (let burst = 0; burst < seconds * 4; burst++) {
    const due = performance.now();
    times.push(...(await Promise.all([0, 1, 2, 3].map((i) => call(cookie, i, due)))));
    await new Promise((resolve) => setTimeout(resolve, due + 250 - performance.now()));
  }
  return times;
};
/** CPU time (ms) of the reading processes the server `pid` started, from Linux's /proc. */
const readingCpuMs = (pid: number) => {
  let ticks = 0;
  for (const child of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = readFileSync(`/proc/${child}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === pid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Ended meanwhile.
    }
  }
  return ticks * 10; // 100 ticks a second on Linux.
};
const percentiles = (times: number[]) => {
  const sorted = times.toSorted((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95) };
};
const median = (numbers: number[]) => {
  const sorted = numbers.toSorted((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const stop = async (server: ChildProcess) => {
  if (server.exitCode !== null || server.signalCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
};
const waiting = async (cookie: string) => {
  const library = await fetch(`${origin}/api/reports?tenant=montreal`, { headers: { cookie } });
  const { items } = (await library.json()) as { items: { title: string; status: string }[] };
  return items.filter((item) => item.title.startsWith('scan banc') && item.status === 'processing').length;
};

const dir = await mkdtemp(join(tmpdir(), 'geosonde-ocr-load-'));
const loads = { saturée: saturated, régulière: steady, rafales: bursts } as const;
type Load = keyof typeof loads;
const p95s: Record<'sans' | 'avec', Record<Load, number[]>> = {
  sans: { saturée: [], régulière: [], rafales: [] },
  avec: { saturée: [], régulière: [], rafales: [] },
};
let server = await startServer(PORT, dir, { DOCUMENT_WORKER: '0' });
try {
  // Scanned logs: our log's pages drawn at 300 dpi, sent as PNG images (read by OCR).
  let cookie = await signIn();
  for (const [i, log] of generatedLogs(DOCUMENTS, 515).entries()) {
    const [page] = await pdfPageImages(logsPdf([log], 100), 300);
    const form = new FormData();
    form.append('file', new Blob([page!.png as BlobPart], { type: 'image/png' }), `scan banc ${i + 1}.png`);
    const sent = await fetch(`${origin}/api/reports?borehole=MTL-BH-0${1 + (i % 9)}`, {
      method: 'POST',
      headers: { cookie, origin },
      body: form,
    });
    if (sent.status !== 201) throw new Error(`Envoi refusé : ${sent.status} ${await sent.text()}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 5000)); // Their thumbnails drawn.
  await stop(server);

  for (let round = 0; round < ROUNDS; round++) {
    const order: ('sans' | 'avec')[] = round % 2 ? ['avec', 'sans'] : ['sans', 'avec'];
    for (const reading of order) {
      server = await startServer(PORT, dir, reading === 'sans' ? { DOCUMENT_WORKER: '0' } : {});
      cookie = await signIn();
      const before = await waiting(cookie);
      await saturated(cookie, 5); // Warm-up; the reader starts its first document meanwhile.
      const line: string[] = [];
      for (const [load, run] of Object.entries(loads) as [Load, typeof saturated][]) {
        const cpuBefore = readingCpuMs(server.pid!);
        const { count, p50, p95 } = percentiles(await run(cookie, SECONDS));
        const cpu = (readingCpuMs(server.pid!) - cpuBefore) / (SECONDS * 10);
        p95s[reading][load].push(p95);
        line.push(
          `  ${load} : ${count} appels, p50 ${p50.toFixed(1)}, p95 ${p95.toFixed(1)} ms, lecture ${cpu.toFixed(0)} %`,
        );
      }
      if (reading === 'avec') {
        const cpuBefore = readingCpuMs(server.pid!);
        await new Promise((resolve) => setTimeout(resolve, 5000));
        line.push(`  sans requêtes : lecture ${((readingCpuMs(server.pid!) - cpuBefore) / 50).toFixed(0)} %`);
      }
      const read = before - (await waiting(cookie));
      console.log(`${round + 1}. ${reading} lecture (${read} documents lus)\n${line.join('\n')}`);
      await stop(server);
    }
  }
  for (const load of Object.keys(loads) as Load[]) {
    const without = p95s.sans[load];
    const withReading = median(p95s.avec[load]);
    console.log(
      `Charge ${load} : p95 médiane ${median(without).toFixed(1)} ms sans lecture ` +
        `(de ${Math.min(...without).toFixed(1)} à ${Math.max(...without).toFixed(1)}), ` +
        `${withReading.toFixed(1)} ms pendant la lecture : ` +
        `${((withReading / median(without) - 1) * 100).toFixed(0)} %`,
    );
  }
} finally {
  await stop(server);
  await rm(dir, { recursive: true, force: true });
}
