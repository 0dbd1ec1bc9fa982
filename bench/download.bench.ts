// Measures the desktop app's download in Chromium: a 200 Mo release streamed from the real server,
// counted and hashed as it arrives (MB/s from the first byte requested to the hash), and the
// memory of the page while it downloads (its renderer process and its JavaScript heap), to show
// that the file is never held twice. Prints numbers only, no thresholds.
// Usage: npm run bench:download   (builds first; BENCH_RELEASE_MB for another size)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { chromium } from '@playwright/test';
import { releaseKeySource } from '../api/env.ts';
import { loadReleaseKeys } from '../api/releases/release-keys.ts';
import { releaseStore } from '../api/releases/release-store.ts';
import { CHROMIUM_FLAGS, findChromium } from '../scripts/chromium.ts';
import { rssOf, startServer } from './bench-server.ts';

const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.BENCH_RELEASE_MB ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 4612);
const origin = `http://127.0.0.1:${PORT}`;

// A release bigger than the samples, published before the server starts.
const dataDir = mkdtempSync(join(tmpdir(), 'gs-bench-download-'));
const installer = join(dataDir, 'installer.bin');
const chunks = Array.from({ length: SIZE_MB }, () => randomBytes(MB));
writeFileSync(installer, Buffer.concat(chunks));
chunks.length = 0;
await releaseStore(join(dataDir, 'releases')).publish(
  { platform: 'win', file: installer, version: '1.0.0' },
  loadReleaseKeys(releaseKeySource()).privateKey,
);
rmSync(installer);

const server = await startServer(PORT, dataDir, { NODE_ENV: 'test' });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_FLAGS });
try {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${origin}/login`);
  await page.getByLabel('Adresse e-mail').fill('admin@geosonde.ca');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByLabel('Mot de passe', { exact: true }).fill('GeoSonde-admin-1');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(/\/client\//);
  await page.goto(`${origin}/softwareinst`);
  await page.getByRole('button', { name: 'Télécharger pour Windows' }).waitFor();

  // The page's renderer: the process Chromium lists as a renderer with the newest start.
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  const renderers = processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
  const pageCdp = await context.newCDPSession(page);
  await pageCdp.send('Performance.enable');
  const heap = async () => {
    const { metrics } = await pageCdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'JSHeapUsedSize')!.value;
  };
  const rss = () => Math.max(...renderers.map(rssOf));
  const before = { rss: rss(), heap: await heap() };
  const peak = { ...before };
  const sampler = setInterval(() => {
    peak.rss = Math.max(peak.rss, rss());
    void heap().then(
      (value) => (peak.heap = Math.max(peak.heap, value)),
      () => undefined,
    );
  }, 20);

  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 300_000 }),
    page.getByRole('button', { name: 'Télécharger pour Windows' }).click(),
  ]);
  await page.locator('.download__status[data-phase="done"]').waitFor({ timeout: 300_000 });
  clearInterval(sampler);
  const measured = await page.evaluate(() => performance.getEntriesByName('download')[0]?.duration ?? 0);
  await download.delete();

  console.log(
    `release ${SIZE_MB} Mo: download + streamed SHA-256 in ${measured.toFixed(0)} ms = ${((SIZE_MB / measured) * 1000).toFixed(0)} Mo/s`,
  );
  console.log(
    `renderer RSS ${(before.rss / MB).toFixed(0)} Mo before, peak +${((peak.rss - before.rss) / MB).toFixed(0)} Mo; ` +
      `JS heap ${(before.heap / MB).toFixed(1)} Mo before, peak +${((peak.heap - before.heap) / MB).toFixed(1)} Mo`,
  );
} finally {
  await browser.close();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
