// Measures the signed-in workspace map on 10,000 generated boreholes of Montréal: the API
// (a filtered query and every row), the time from navigation to the dots drawn in Chromium,
// and the frame times while panning and zooming. Prints numbers only, no thresholds.
// Usage: npm run bench:workspace [-- --rows 1000000]   (builds first; CHROMIUM_PATH to use
// another browser, BENCH_PORT for another port than 4610)
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { commandDatabase } from '../api/db/command-database.ts';
import { migrate } from '../api/db/migrate.ts';
import { DEMO_ACCOUNTS, seedDemo, seedTenants } from '../api/db/seed/seed.ts';
import { CHROMIUM_FLAGS, findChromium } from '../scripts/chromium.ts';
import { startServer } from './bench-server.ts';
import { loadGeneratedBoreholes } from './bulk-load.ts';

const ROWS = Number(parseArgs({ options: { rows: { type: 'string', default: '10000' } } }).values.rows);
const PORT = Number(process.env.BENCH_PORT ?? 4610);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const ACCOUNT = DEMO_ACCOUNTS.find((account) => account.email === 'geotech@montreal.ca')!;
const FILTERED = '/api/boreholes?tenant=montreal&purpose=geotech&depthMin=3';
const ALL = '/api/boreholes?tenant=montreal';
const MAP = '/client/map?tenant=montreal';
const NAVIGATIONS = 5;

const sortedOf = (samples: number[]) => [...samples].sort((a, b) => a - b);
const quantile = (samples: number[], q: number) => {
  const sorted = sortedOf(samples);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const mean = (samples: number[]) => samples.reduce((sum, value) => sum + value, 0) / samples.length;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('fr-CA')} KB`;
const count = (value: number) => value.toLocaleString('fr-CA');

const dataDir = mkdtempSync(join(tmpdir(), 'gs-bench-workspace-'));
let server: ChildProcess | undefined;
let browser: Browser | undefined;

const running = (child: ChildProcess | undefined): child is ChildProcess =>
  Boolean(child && child.exitCode === null && child.signalCode === null);

/** Ends the server and removes the data folder; safe to call twice. */
function cleanUp() {
  if (running(server)) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}

/** Asks the server to stop (it closes its database), waits up to 5 s, then cleans up. */
async function stopServer() {
  if (running(server)) {
    const child = server;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  }
  cleanUp();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

/** Writes the demo data (accounts and 30 samples), then ROWS boreholes of Montréal, into the server's folder. */
async function generate() {
  const db = await commandDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined }, 'npm run bench:workspace', {
    besideServer: false,
    create: true,
  });
  try {
    await migrate(db);
    await seedTenants(db);
    await seedDemo(db);
    const munis = ['Montréal', 'Verdun', 'Lachine', 'Anjou', 'Saint-Laurent', 'Outremont', 'LaSalle'];
    await loadGeneratedBoreholes(db, ROWS, { tenants: ['montreal'], munis });
  } finally {
    await db.close();
  }
}

/** Signs in through the API; the `name=value` of the session cookie (Secure, so sent back by hand over http). */
async function signInApi(): Promise<string> {
  const response = await fetch(`${ORIGIN}/api/login`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email: ACCOUNT.email, password: ACCOUNT.password }),
  });
  if (response.status !== 200) throw new Error(`Connexion refusée (${response.status}) : ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => pair.startsWith('__Host-gs_session='));
  if (!cookie) throw new Error('Pas de cookie de session après la connexion.');
  return cookie;
}

interface ApiResult {
  times: number[];
  rows: number;
  total: number;
  bytes: number;
  gzipBytes: number;
}

/** Times `runs` requests after `warmUps` (body read and parsed, as the page does). */
async function timeApi(path: string, cookie: string, warmUps: number, runs: number): Promise<ApiResult> {
  const times: number[] = [];
  let body = '';
  let parsed: { items: unknown[]; total: number } = { items: [], total: 0 };
  for (let run = 0; run < warmUps + runs; run++) {
    const started = performance.now();
    const response = await fetch(`${ORIGIN}${path}`, { headers: { cookie, 'accept-encoding': 'gzip' } });
    body = await response.text();
    parsed = JSON.parse(body) as typeof parsed;
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${path} : ${response.status} ${body.slice(0, 200)}`);
    if (run >= warmUps) times.push(elapsed);
  }
  const bytes = Buffer.byteLength(body);
  return { times, rows: parsed.items.length, total: parsed.total, bytes, gzipBytes: gzipSync(body).length };
}

declare global {
  interface Window {
    __bench?: { dotsAt?: number; headingAt?: number; frames?: number[]; recording?: boolean };
  }
}

/**
 * Installed before every page's scripts: on the map page, polls once per frame until the overlay
 * canvas has non-transparent pixels and the results heading shows a count, and records when.
 */
function watchDots() {
  if (location.pathname !== '/client/map') return;
  const bench: NonNullable<Window['__bench']> = (window.__bench = {});
  const probe = document.createElement('canvas');
  probe.width = 64;
  probe.height = 64;
  const probeContext = probe.getContext('2d', { willReadFrequently: true })!;
  const hasDots = () => {
    const canvas = document.querySelector<HTMLCanvasElement>('.borehole-map .leaflet-overlay-pane canvas');
    if (!canvas || canvas.width === 0 || canvas.height === 0) return false;
    probeContext.clearRect(0, 0, 64, 64);
    probeContext.drawImage(canvas, 0, 0, 64, 64);
    const pixels = probeContext.getImageData(0, 0, 64, 64).data;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) return true;
    return false;
  };
  const check = () => {
    const heading = document.querySelector('aside[aria-label="Résultats"] h2')?.textContent ?? '';
    if (bench.headingAt === undefined && /\d+ résultats/.test(heading)) bench.headingAt = performance.now();
    if (bench.dotsAt === undefined && hasDots()) bench.dotsAt = performance.now();
    if (bench.dotsAt === undefined || bench.headingAt === undefined) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

interface Navigation {
  drawn: number;
  dots: number;
  heading: number;
  apiEnd: number;
}

async function navigate(page: Page): Promise<Navigation> {
  await page.goto(MAP, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => window.__bench?.dotsAt !== undefined && window.__bench.headingAt !== undefined,
    null,
    {
      timeout: 60_000,
      polling: 100,
    },
  );
  return page.evaluate(() => {
    const bench = window.__bench!;
    const api = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/api/boreholes')) as
      PerformanceResourceTiming | undefined;
    return {
      drawn: Math.max(bench.dotsAt!, bench.headingAt!),
      dots: bench.dotsAt!,
      heading: bench.headingAt!,
      apiEnd: api?.responseEnd ?? Number.NaN,
    };
  });
}

/** Runs `gesture` while a requestAnimationFrame loop records the frame intervals; returns them. */
async function recordFrames(page: Page, gesture: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    const bench = (window.__bench ??= {});
    bench.frames = [];
    bench.recording = true;
    let last = performance.now();
    const tick = (now: number) => {
      bench.frames!.push(now - last);
      last = now;
      if (bench.recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(tick);
    });
  });
  await gesture();
  // Let the last redraw (Leaflet redraws the canvas at 'moveend' / 'zoomend') land in the record.
  await page.waitForTimeout(800);
  return page.evaluate(() => {
    window.__bench!.recording = false;
    return window.__bench!.frames!;
  });
}

/**
 * The map's view read from Leaflet's zoom-animation proxy, which Leaflet sets at each 'moveend'
 * to translate(project(centre, zoom)) scale(2^(zoom - 1)): the zoom and the centre in pixels.
 */
async function mapView(page: Page) {
  return page.evaluate(() => {
    const proxy = document.querySelector<HTMLElement>('.borehole-map .leaflet-proxy');
    const matrix = new DOMMatrixReadOnly(proxy ? getComputedStyle(proxy).transform : 'none');
    return { zoom: Math.round(Math.log2(matrix.a) + 1), x: matrix.e, y: matrix.f };
  });
}

const frameLine = (frames: number[]) =>
  `median ${ms(quantile(frames, 0.5))}  p95 ${ms(quantile(frames, 0.95))}  max ${ms(Math.max(...frames))}  ` +
  `(frames > 50 ms: ${frames.filter((f) => f > 50).length} / ${frames.length})`;

try {
  let started = performance.now();
  await generate();
  console.log(
    `${count(ROWS)} forages générés dans ${dataDir} en ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  server = await startServer(PORT, dataDir, {
    GS_DEMO: '',
    GS_LOG_REQUESTS: '',
    NODE_ENV: 'production',
    PUBLIC_URL: ORIGIN,
  });
  const cookie = await signInApi();

  // 1. The API.
  const filtered = await timeApi(FILTERED, cookie, 5, 50);
  const all = await timeApi(ALL, cookie, 2, 20);
  console.log(`API : ${filtered.rows} lignes filtrées, ${all.rows} lignes en tout`);

  // 2. Navigation to the dots drawn.
  browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_FLAGS });
  const browserVersion = browser.version();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: ORIGIN });
  const page = await context.newPage();
  await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204 }));
  await page.addInitScript(watchDots);
  page.setDefaultTimeout(60_000);
  started = performance.now();
  await page.goto('/login');
  await page.getByLabel('Adresse courriel').fill(ACCOUNT.email);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByLabel('Mot de passe', { exact: true }).fill(ACCOUNT.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(/\/client\/map/);
  console.log(`Connexion par l’interface : ${ms(performance.now() - started)}`);

  const navigations: Navigation[] = [];
  for (let run = 0; run < NAVIGATIONS; run++) {
    const navigation = await navigate(page);
    navigations.push(navigation);
    console.log(
      `  navigation ${run + 1} : points dessinés ${ms(navigation.dots)}, titre ${ms(navigation.heading)}, ` +
        `réponse API reçue ${ms(navigation.apiEnd)}`,
    );
  }
  const dom = await page.evaluate(() => ({
    markerIcons: document.querySelectorAll('.leaflet-marker-icon').length,
    paths: document.querySelectorAll('.borehole-map .leaflet-overlay-pane path').length,
    canvases: document.querySelectorAll('.borehole-map .leaflet-overlay-pane canvas').length,
    cards: document.querySelectorAll('.result-card').length,
    elements: document.getElementsByTagName('*').length,
    heading: document.querySelector('aside[aria-label="Résultats"] h2')?.textContent ?? '',
  }));

  // 3. Frame times while panning and zooming.
  await page.waitForTimeout(500);
  const box = (await page.locator('.borehole-map').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const drag = async (dx: number, dy: number) => {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let step = 1; step <= 40; step++) await page.mouse.move(cx + dx * step, cy + dy * step);
    await page.mouse.up();
  };
  // The views reached, as proof that the gestures moved the map.
  const before = await mapView(page);
  let panned = before;
  let zoomed = before;
  const pan = await recordFrames(page, async () => {
    await drag(10, 0);
    await page.waitForTimeout(300);
    panned = await mapView(page);
    await drag(-10, 0);
  });
  const zoom = await recordFrames(page, async () => {
    await page.mouse.move(cx, cy);
    await page.mouse.wheel(0, -50);
    await page.waitForTimeout(800);
    zoomed = await mapView(page);
    await page.mouse.wheel(0, 50);
  });
  const after = await mapView(page);
  await browser.close();
  browser = undefined;

  const drawn = navigations.map((n) => n.drawn);
  const apiEnds = navigations.map((n) => n.apiEnd);
  const apiLine = (label: string, result: ApiResult, withMean: boolean) =>
    `${label.padEnd(21)}p50 ${ms(quantile(result.times, 0.5))}  p95 ${ms(quantile(result.times, 0.95))}  ` +
    `${withMean ? `mean ${ms(mean(result.times))}  ` : ''}` +
    `(${count(result.rows)} rows of ${count(result.total)}, ${kb(result.bytes)} JSON, ${kb(result.gzipBytes)} gzip; ` +
    `${result.times.length} runs)`;
  console.log(
    `\nbench:workspace — ${count(all.total)} forages (Montréal), Chromium ${browserVersion}, 1440×900, ` +
      `${availableParallelism()} CPU, load average ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log(apiLine('API filtered query', filtered, true));
  console.log(apiLine('API all rows', all, false));
  console.log(
    `${'navigation → dots'.padEnd(21)}median ${ms(quantile(drawn, 0.5))}  max ${ms(Math.max(...drawn))}  ` +
      `(API answer received at median ${ms(quantile(apiEnds, 0.5))}; DOM markers: ${dom.markerIcons}, ` +
      `SVG paths: ${dom.paths}, canvases: ${dom.canvases})`,
  );
  console.log(
    `${'page DOM'.padEnd(21)}${count(dom.elements)} elements, ${count(dom.cards)} result cards, heading « ${dom.heading} »`,
  );
  console.log(
    `${'pan frame time'.padEnd(21)}${frameLine(pan)}  (2 drags of 40 × 10 px: moved ${Math.round(before.x - panned.x)} px and back)`,
  );
  console.log(
    `${'wheel zoom frames'.padEnd(21)}${frameLine(zoom)}  (zoom ${before.zoom} → ${zoomed.zoom} → ${after.zoom})`,
  );
} finally {
  await browser?.close().catch(() => undefined);
  await stopServer();
}
