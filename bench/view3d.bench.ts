// Measures the 3D view (issue #36) in headless Chromium drawing WebGL on the CPU (SwiftShader, no
// graphics card): 5,000 boreholes of 5 layers imported through the real server, the view opened on
// them, then the time between frames while it turns on itself (« Faire tourner »), each frame a
// full draw of the 25,000 layers. Also the view's first frame after the page opens, and what the 3D
// code weighs (loaded with the view alone).
// Usage: npm run bench:view3d (builds the site first)
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { findChromium, WEBGL_FLAGS } from '../scripts/chromium.ts';
import { importAgs, signInGeotech, startServer } from './bench-server.ts';
import { generatedAgs } from './generated-ags.ts';

const port = 4393;
const origin = `http://127.0.0.1:${port}`;
const dataDir = await mkdtemp(join(tmpdir(), 'geosonde-bench-view3d-'));
const server = await startServer(port, dataDir);
const browser = await chromium.launch({ executablePath: findChromium({ headlessShell: true }), args: WEBGL_FLAGS });
try {
  const cookie = await signInGeotech(origin);
  // 71 × 71 boreholes 40 m apart (2.8 km square, MTM zone 8 about Montréal), 20 m deep, 5 layers.
  const imported = await importAgs(
    origin,
    cookie,
    generatedAgs(
      5000,
      'BENCH-3D',
      { depth: 20, layers: 5, spt: 1 },
      { place: (i) => [290_000 + (i % 71) * 40, 5_030_000 + Math.floor(i / 71) * 40] },
    ),
    'vue3d.ags',
  );
  console.log(`${imported.length} forages importés`);

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204 }));
  await page.goto(`${origin}/login`);
  await page.getByLabel('Adresse courriel').fill('geotech@montreal.ca');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByLabel('Mot de passe', { exact: true }).fill('GeoSonde-montreal-1');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(/\/client\//);

  const start = performance.now();
  await page.goto(`${origin}/client/view3d?tenant=montreal&bbox=-73.70,45.35,-73.50,45.45`);
  await page.locator('.view3d__canvas canvas').waitFor();
  await page.locator('.view3d__summary').waitFor();
  const opened = performance.now() - start;
  const summary = await page.locator('.view3d__summary').textContent();
  console.log(`Vue ouverte, première image en ${(opened / 1000).toFixed(2)} s : ${summary}`);

  await page.getByRole('button', { name: 'Faire tourner' }).click();
  await page.waitForTimeout(500);
  const drawn = await page
    .locator('.view3d__canvas canvas')
    .evaluate(
      (canvas: HTMLCanvasElement) =>
        `${canvas.width} × ${canvas.height} px pour ${canvas.clientWidth} × ${canvas.clientHeight} à l’écran`,
    );
  const deltas = await page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const times: number[] = [];
        const tick = (now: number) => {
          times.push(now);
          if (now - times[0]! < 8000) requestAnimationFrame(tick);
          else resolve(times.slice(1).map((time, i) => time - times[i]!));
        };
        requestAnimationFrame(tick);
      }),
  );
  const sorted = deltas.slice(10).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  console.log(
    `En rotation (dessin de ${drawn}), ${sorted.length} images en 8 s : p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, pire ${at(1)} ms (objectif p95 ≤ 50 ms)`,
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}

// What the 3D view's code weighs, compressed as served: the chunks only its screen loads.
const assets = join('dist', '_astro');
let [raw, gzipped] = [0, 0];
for (const name of await readdir(assets)) {
  if (!name.endsWith('.js')) continue;
  const text = await readFile(join(assets, name));
  if (!name.startsWith('view3d-screen.')) continue;
  raw += text.length;
  gzipped += gzipSync(text).length;
}
console.log(
  `Code de la vue 3D (three.js compris) : ${(raw / 1024).toFixed(0)} Kio, ${(gzipped / 1024).toFixed(0)} Kio compressé (gzip)`,
);
