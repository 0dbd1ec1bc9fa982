// What one member's hostile files and a burst of sign-ins do to everyone else (issue #32). A real
// server (`node api/index.ts`, embedded database, demo data, one process) answers a steady load of
// another tenant (Sainte-Julie: its table page and the health check, calls started at --rate per
// second whatever the answers, each timed from when it was due) while, in turn, nothing happens
// (« calme ») and one hostile input is sent by Montréal (« hostile »): phases alternate calme,
// hostile, calme, hostile…, so that a drift of the machine weighs on both.
// The hostile inputs: each attack of the issue, and the worst file each limit still accepts.
// Prints, for each input, what it got and how long it took; the other tenant's p50 and p99 in the
// calm phases and in the hostile ones; the server's peak RSS (with its children: the document
// reader); the 5xx answers and the lost connections.
// Goal: hostile p99 within 25 % of the calm p99, RSS ≤ 1 GB, 0 × 5xx, no lost connection.
// Usage: npm run bench:hostile [-- --rate 20 --seconds 6 --only PDF]
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { jsPDF } from 'jspdf';
import { failingRowsAgs, realWorkbook, tallCsv, tallWorkbook, wideHeadingAgs } from '../tests/support/hostile-files.ts';
import { IMPORT_LIMITS } from '../src/domain/ags/import/import-limits.ts';
import { rssOf, startServer } from './bench-server.ts';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '6' },
    // Only the inputs whose name holds this text (« PDF », « AGS »…).
    only: { type: 'string', default: '' },
  },
});
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const PORT = 4750 + Math.floor(Math.random() * 50);
const origin = `http://127.0.0.1:${PORT}`;

/**
 * The pids of a process and of all its descendants, from Linux's /proc, PostgreSQL's left out: its
 * processes share their buffers, which each one's RSS counts again.
 */
function family(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children = tasks.flatMap((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    } catch {
      return [];
    }
  });
  let own = [pid];
  try {
    if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') own = [];
  } catch {
    own = []; // ended meanwhile
  }
  return [...own, ...children.flatMap((child) => family(Number(child)))];
}

const signIn = async (email: string, password: string, extra: Record<string, string> = {}) => {
  const response = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...extra },
    body: JSON.stringify({ email, password }),
  });
  return response;
};
const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');

/** A PDF of `pages` blank letter pages, or of one page `points` wide and high. */
function blankPdf(pages: number, points?: number): Uint8Array {
  const pdf = points ? new jsPDF({ unit: 'pt', format: [points, points] }) : new jsPDF({ format: 'letter' });
  for (let i = 1; i < pages; i++) pdf.addPage();
  return new Uint8Array(pdf.output('arraybuffer'));
}

/** A TIFF header whose first image is `width` × `height` (LONG values). */
function tiffHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(8 + 2 + 2 * 12 + 4);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 0x4949);
  view.setUint16(2, 42, true);
  view.setUint32(4, 8, true);
  view.setUint16(8, 2, true);
  [
    [256, width],
    [257, height],
  ].forEach(([tag, value], i) => {
    view.setUint16(10 + i * 12, tag!, true);
    view.setUint16(12 + i * 12, 4, true);
    view.setUint32(14 + i * 12, 1, true);
    view.setUint32(18 + i * 12, value!, true);
  });
  return bytes;
}

interface Hostile {
  name: string;
  /** Sends the input; what it got, in a few words. */
  send: (montreal: string, known: string) => Promise<string>;
}

// Every file is made before the measure starts: made during a phase, it would hold this process's
// own event loop, and the other tenant's calls would look late for a reason not the server's.
const files = {
  tallWorkbook: tallWorkbook(2_500_000),
  // 100,000 rows of 10 cells: both workbook limits reached, read as a real workbook.
  limitWorkbook: await realWorkbook(IMPORT_LIMITS.workbookRows - 1, 10),
  limitCsv: tallCsv(IMPORT_LIMITS.sheetRows - 2),
  wideAgs: wideHeadingAgs(1_000_000),
  limitAgs: wideHeadingAgs(IMPORT_LIMITS.columns),
  failingAgs: failingRowsAgs(300_000),
  blankPdf: blankPdf(3000),
  hugePage: blankPdf(1, 14_400),
  hugeTiff: tiffHeader(100_000, 100_000),
};

const upload = async (cookie: string, path: string, name: string, bytes: Uint8Array, type: string) => {
  const body = new FormData();
  body.append('file', new Blob([bytes as BlobPart], { type }), name);
  const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { cookie, origin }, body });
  const answer = (await response.json()) as {
    error?: string;
    report?: { errors: Record<string, unknown[]> };
    items?: { id: string }[];
  };
  const said = answer.error ?? Object.keys(answer.report?.errors ?? {}).join(', ');
  return { said: `${response.status} ${said.slice(0, 110)}`, id: answer.items?.[0]?.id ?? null };
};
/** Waits until document `id` is read (60 s at most), and says how it ended. */
const readDocument = async (cookie: string, id: string | null) => {
  if (!id) return 'pas de document';
  const until = performance.now() + 60_000;
  for (;;) {
    if (performance.now() > until) return 'toujours « En traitement » après 60 s';
    const response = await fetch(`${origin}/api/reports?ids=MTL-BH-01`, { headers: { cookie } });
    const { items } = (await response.json()) as {
      items: { id: string; status: string; statusReason: string | null }[];
    };
    const document = items.find((item) => item.id === id);
    if (document && document.status !== 'processing') {
      return `« ${document.status} » ${(document.statusReason ?? '').slice(0, 110)}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

const HOSTILE: Hostile[] = [
  {
    name: 'classeur de 2 500 000 lignes (185 Mo décompressé)',
    send: async (cookie) =>
      (await upload(cookie, '/api/imports', 'tableur.xlsx', files.tallWorkbook, 'application/zip')).said,
  },
  {
    name: `classeur de ${IMPORT_LIMITS.workbookRows.toLocaleString('fr-CA')} lignes et ${IMPORT_LIMITS.workbookCells.toLocaleString('fr-CA')} cellules (le plus grand accepté)`,
    send: async (cookie) =>
      (await upload(cookie, '/api/imports', 'tableur.xlsx', files.limitWorkbook, 'application/zip')).said,
  },
  {
    name: 'CSV de 200 000 lignes (le plus grand accepté)',
    send: async (cookie) => (await upload(cookie, '/api/imports', 'forages.csv', files.limitCsv, 'text/csv')).said,
  },
  {
    name: 'AGS, un HEADING de 1 000 000 colonnes (9,9 Mo)',
    send: async (cookie) => (await upload(cookie, '/api/imports', 'large.ags', files.wideAgs, 'text/plain')).said,
  },
  {
    name: `AGS, ${IMPORT_LIMITS.columns} colonnes (le plus large accepté)`,
    send: async (cookie) => (await upload(cookie, '/api/imports', 'large.ags', files.limitAgs, 'text/plain')).said,
  },
  {
    name: 'AGS, 300 000 lignes en faute (une règle, 300 000 fois)',
    send: async (cookie) => (await upload(cookie, '/api/imports', 'fautes.ags', files.failingAgs, 'text/plain')).said,
  },
  {
    name: 'PDF de 3 000 pages blanches',
    send: async (cookie) => {
      const sent = await upload(
        cookie,
        '/api/reports?borehole=MTL-BH-01',
        'vide.pdf',
        files.blankPdf,
        'application/pdf',
      );
      return `${sent.said} → ${await readDocument(cookie, sent.id)}`;
    },
  },
  {
    name: 'PDF, une page de 14 400 pt',
    send: async (cookie) => {
      const sent = await upload(
        cookie,
        '/api/reports?borehole=MTL-BH-01',
        'immense.pdf',
        files.hugePage,
        'application/pdf',
      );
      return `${sent.said} → ${await readDocument(cookie, sent.id)}`;
    },
  },
  {
    name: 'TIFF de 100 000 × 100 000 pixels',
    send: async (cookie) => {
      const sent = await upload(cookie, '/api/reports?borehole=MTL-BH-01', 'immense.tif', files.hugeTiff, 'image/tiff');
      return `${sent.said} → ${await readDocument(cookie, sent.id)}`;
    },
  },
  {
    name: '50 connexions de 50 réseaux, et celle d’un vrai utilisateur',
    send: async (_, known) => {
      const burst = Array.from({ length: 50 }, (_, i) =>
        signIn(`personne${i}@exemple.ca`, 'mauvais-mot-de-passe', { 'x-forwarded-for': `198.${18 + (i % 2)}.${i}.7` }),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = performance.now();
      const real = await signIn('urbanisme@ville.sainte-julie.qc.ca', 'GeoSonde-stjulie-1', {
        cookie: known,
        'x-forwarded-for': '203.0.113.9',
      });
      const waited = performance.now() - started;
      const statuses = (await Promise.all(burst)).map((response) => response.status);
      const counts = Object.entries(
        statuses.reduce<Record<number, number>>((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {}),
      )
        .map(([status, count]) => `${count} × ${status}`)
        .join(', ');
      return `rafale : ${counts} ; vraie connexion ${real.status} en ${Math.round(waited)} ms`;
    },
  },
];

interface Load {
  times: number[];
  errors5xx: number;
  lost: number;
}

/** The other tenant's steady load until `stop()`, in a thread of its own (steady-load.ts). */
function steadyLoad(cookie: string): { stop: () => Promise<Load> } {
  const worker = new Worker(new URL('./steady-load.ts', import.meta.url), {
    workerData: { origin, cookie, rate: RATE, paths: ['/api/boreholes/table?limit=100&total=false', '/api/health'] },
  });
  return {
    stop: async () => {
      const answer = new Promise<Load>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const load = await answer;
      await worker.terminate();
      return load;
    },
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1).replace('.', ',')} ms`;

const dataDir = await mkdtemp(join(tmpdir(), 'geosonde-hostile-'));
const server = await startServer(PORT, dataDir, { TRUST_PROXY: '1', UPLOAD_MAX_MB: '64' });
let peak = 0;
const sampler = setInterval(() => {
  const total = family(server.pid!).reduce((sum, pid) => sum + rssOf(pid), 0);
  peak = Math.max(peak, total);
}, 100);
try {
  const montreal = cookieOf(await signIn('geotech@montreal.ca', 'GeoSonde-montreal-1'));
  const stjulie = cookieOf(await signIn('urbanisme@ville.sainte-julie.qc.ca', 'GeoSonde-stjulie-1'));
  const known = stjulie.split('; ').find((cookie) => cookie.startsWith('gs_device='))!;
  // Warm-up: the first calls load the code and fill the caches.
  await steadyLoad(stjulie).stop();
  await new Promise((resolve) => setTimeout(resolve, 2000));

  const calm: Load = { times: [], errors5xx: 0, lost: 0 };
  const hostile: Load = { times: [], errors5xx: 0, lost: 0 };
  const add = (into: Load, load: Load) => {
    into.times.push(...load.times);
    into.errors5xx += load.errors5xx;
    into.lost += load.lost;
  };
  console.log(`Charge d’une autre organisation : ${RATE} appels/s (tableau, santé).\n`);
  for (const input of HOSTILE.filter((hostile) => hostile.name.includes(values.only))) {
    const quiet = steadyLoad(stjulie);
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    const quietLoad = await quiet.stop();
    add(calm, quietLoad);
    const loud = steadyLoad(stjulie);
    const started = performance.now();
    const got = await input.send(montreal, known).catch((error: unknown) => `échec : ${String(error)}`);
    const took = performance.now() - started;
    // At least SECONDS of load in the phase, whatever the input took.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, SECONDS * 1000 - took)));
    const loudLoad = await loud.stop();
    add(hostile, loudLoad);
    console.log(`${input.name}\n  reçu : ${got} (${(took / 1000).toFixed(1).replace('.', ',')} s)`);
    console.log(
      `  autre organisation : p99 ${ms(percentile(quietLoad.times, 99))} au calme, ${ms(percentile(loudLoad.times, 99))} pendant`,
    );
  }
  const p99Calm = percentile(calm.times, 99);
  const p99Hostile = percentile(hostile.times, 99);
  console.log('\nAutre organisation, toutes phases :');
  console.log(`  calme   : p50 ${ms(percentile(calm.times, 50))}, p99 ${ms(p99Calm)} (${calm.times.length} appels)`);
  console.log(
    `  hostile : p50 ${ms(percentile(hostile.times, 50))}, p99 ${ms(p99Hostile)} (${hostile.times.length} appels)`,
  );
  console.log(`  p99 hostile / calme : ${((p99Hostile / p99Calm - 1) * 100).toFixed(0)} % (but : ≤ 25 %)`);
  console.log(
    `  5xx : ${calm.errors5xx + hostile.errors5xx} ; connexions perdues : ${calm.lost + hostile.lost} (but : 0)`,
  );
  console.log(
    `Mémoire du serveur (RSS de Node et du lecteur de documents, sans PostgreSQL), au plus : ${Math.round(peak / 1024 / 1024)} Mo (but : ≤ 1 024 Mo)`,
  );
} finally {
  clearInterval(sampler);
  server.kill();
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
