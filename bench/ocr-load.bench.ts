// Measures whether the server stays responsive while documents are read by OCR (issue #20: the
// API's p95 unchanged within 20 %). Real servers (`node api/index.ts`, embedded database, demo
// data) on one data directory; 4 clients call the workspace's table page and a borehole's record.
// First a server that does not read (DOCUMENT_WORKER=0): 15 s to warm up, 6 scanned logs (PNG,
// OCR) uploaded, 15 s measured while they wait. Then the same data under a server that reads them
// (the document worker in the server, as by default): 15 s to warm up, 15 s measured while it
// reads. Both measures thus see the same documents, thumbnails and records; only the reading
// differs. Prints p50 / p95 of each phase and how many documents were read.
// Usage: npm run bench:ocr-load [-- --seconds 15 --documents 6]
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pdfPageImages } from '../api/digitise/raster.ts';
import { logsPdf } from '../api/files/log-pdf.ts';
import { startServer } from './bench-server.ts';
import { generatedLogs } from './generated-logs.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '15' }, documents: { type: 'string', default: '6' } },
});
const SECONDS = Number(values.seconds);
const DOCUMENTS = Number(values.documents);
const PORT = 4700 + Math.floor(Math.random() * 50);
const origin = `http://127.0.0.1:${PORT}`;

const dir = await mkdtemp(join(tmpdir(), 'geosonde-ocr-load-'));
const paths = ['/api/boreholes/table?limit=100&total=false', '/api/boreholes/MTL-BH-01/record'];

const signIn = async () => {
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'geotech@montreal.ca', password: 'GeoSonde-montreal-1' }),
  });
  return login.headers.getSetCookie()[0]!.split(';')[0]!;
};
const measure = async (label: string, cookie: string) => {
  const times: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: 4 }, async (_, client) => {
      for (let i = client; performance.now() < end; i++) {
        const started = performance.now();
        const response = await fetch(`${origin}${paths[i % paths.length]}`, { headers: { cookie } });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${response.status} ${paths[i % paths.length]}`);
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!.toFixed(1);
  console.log(
    `${label} : ${times.length} appels, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (charge ${loadavg()[0]!.toFixed(2)})`,
  );
  return Number(at(0.95));
};
const readCount = async (cookie: string) => {
  const library = await fetch(`${origin}/api/reports?tenant=montreal`, { headers: { cookie } });
  const { items } = (await library.json()) as { items: { title: string; status: string }[] };
  return items.filter((item) => item.title.startsWith('scan banc') && item.status !== 'processing').length;
};
const stop = async (server: ChildProcess) => {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
};

let server = await startServer(PORT, dir, { DOCUMENT_WORKER: '0' });
try {
  let cookie = await signIn();
  await measure('échauffement', cookie);
  // Scanned logs: our log's pages drawn at 300 dpi, sent as PNG images (read by OCR).
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
  const quiet = await measure(`${DOCUMENTS} documents en attente, sans lecture`, cookie);
  await stop(server);

  server = await startServer(PORT, dir);
  cookie = await signIn();
  await measure('échauffement, lecture en cours', cookie);
  const busy = await measure('pendant la lecture (OCR)', cookie);
  console.log(
    `${await readCount(cookie)} documents sur ${DOCUMENTS} lus en ${2 * SECONDS} s de charge ; ` +
      `p95 ${((busy / quiet - 1) * 100).toFixed(0)} % de plus pendant la lecture`,
  );
} finally {
  await stop(server);
  await rm(dir, { recursive: true, force: true });
}
