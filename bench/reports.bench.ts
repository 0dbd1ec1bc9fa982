// Measures the reports side: uploads through real HTTP (throughput, and the server's memory while
// a large file streams in), a refused upload's answer time, and the AGS 4 text of 10,000
// documents. Prints numbers only, no thresholds.
// Usage: npm run bench:reports   (BENCH_UPLOAD_MB for the large file, 200 by default)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../api/db/seed/seed.ts';
import { AGS_FILE_TYPES, agsFileName, type AgsDocument } from '../src/domain/ags/ags-export.ts';
import { writeAgs } from '../src/domain/ags/write-ags.ts';
import { rssOf, startServer } from './bench-server.ts';
import { generatedBoreholes } from './generated-boreholes.ts';

const LARGE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const SMALL_RUNS = 50;
const MB = 1024 * 1024;
const PORT = Number(process.env.BENCH_PORT ?? 4611);
const origin = `http://127.0.0.1:${PORT}`;

const quantile = (samples: number[], q: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;
// The real server in its own process, so that its memory is its own.
const dataDir = mkdtempSync(join(tmpdir(), 'gs-bench-reports-'));
const server = await startServer(PORT, dataDir, { NODE_ENV: 'test', UPLOAD_MAX_MB: String(LARGE_MB + 1) });

try {
  const account = DEMO_ACCOUNTS.find((a) => a.email === 'geotech@montreal.ca')!;
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const send = async (bytes: Uint8Array, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([bytes as BlobPart]), name);
    const started = performance.now();
    const response = await fetch(`${origin}/api/reports?borehole=MTL-BH-01`, {
      method: 'POST',
      headers: { origin, cookie },
      body: form,
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };
  const pdf = (size: number) => {
    const bytes = new Uint8Array(size).fill(0x41);
    bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
    return bytes;
  };

  // Small documents, one request each: answer time.
  const small = pdf(300 * 1024);
  const times: number[] = [];
  for (let i = 0; i < SMALL_RUNS; i += 1) times.push((await send(small, `journal-${i}.pdf`)).ms);
  console.log(`upload 300 Ko ×${SMALL_RUNS}: p50 ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}`);

  // A refused document (type by content): answer time.
  const refused: number[] = [];
  for (let i = 0; i < SMALL_RUNS; i += 1) {
    const { status, ms: time } = await send(new Uint8Array(300 * 1024).fill(0x20), 'faux.pdf');
    if (status !== 415) throw new Error(`refus attendu, reçu ${status}`);
    refused.push(time);
  }
  console.log(`refused 300 Ko ×${SMALL_RUNS}: p50 ${ms(quantile(refused, 0.5))}`);

  // One large document: throughput, and how much the process grows while it streams in.
  const large = pdf(LARGE_MB * MB);
  const before = rssOf(server.pid!);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid!))), 5);
  const { status, ms: time } = await send(large, 'gros.pdf');
  clearInterval(sampler);
  console.log(
    `upload ${LARGE_MB} Mo: ${status}, ${ms(time)}, ${((LARGE_MB / time) * 1000).toFixed(0)} Mo/s, ` +
      `server RSS ${(before / MB).toFixed(0)} Mo before, peak +${((peak - before) / MB).toFixed(0)} Mo during the upload`,
  );

  // The AGS 4 text of 10,000 documents on 2,000 boreholes.
  const boreholes = [
    ...generatedBoreholes(2_000, { tenants: ['montreal'], munis: ['Montréal', 'Laval', 'Longueuil'] }),
  ];
  const documents: AgsDocument[] = Array.from({ length: 10_000 }, (_, i) => {
    const b = boreholes[i % boreholes.length]!;
    const id = `${b.id}-D${i}`;
    return {
      report: {
        id,
        bhId: b.id,
        title: `Journal de forage ${b.id} – phase ${i}`,
        kind: 'pdf',
        site: b.site,
        muni: b.muni,
        date: b.date ?? '2024-01-01',
        size: 839_680,
        status: 'ready',
        statusReason: null,
        href: null,
        lat: b.lat,
        lon: b.lon,
        canChange: false,
        thumbnail: null,
      },
      file: { name: agsFileName(id, AGS_FILE_TYPES['application/pdf']), type: 'PDF' },
    };
  });
  const agsTimes: number[] = [];
  let length = 0;
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    length = writeAgs({ documents, boreholes, date: '2026-11-21', recipient: 'Ville de Montréal' }).length;
    agsTimes.push(performance.now() - started);
  }
  console.log(
    `AGS text, 10,000 documents / 2,000 boreholes: p50 ${ms(quantile(agsTimes, 0.5))}, ${(length / MB).toFixed(1)} Mo`,
  );
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
