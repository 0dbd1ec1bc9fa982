// Runs Lighthouse (mobile settings, Debian's Chromium) on the home page and two text pages of the
// built site served by the real server, and prints the scores and the Web Vitals.
// Usage: npm run bench:site   (builds first; CHROMIUM_PATH to use another browser)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, findChromium } from '../scripts/chromium.ts';
import { startServer } from './bench-server.ts';

const PORT = 4397;
const PAGES = ['/', '/legal', '/developers'];
const chromePath = findChromium();

const server = await startServer(PORT, mkdtempSync(join(tmpdir(), 'gs-bench-')));
try {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    console.log('Lighthouse, réglages mobiles (Moto G Power, 4G lente simulée)\n');
    for (const path of PAGES) {
      const run = () =>
        lighthouse(`http://127.0.0.1:${PORT}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
      // A run that the browser could not complete is tried once more rather than printed as 0.
      let result = await run();
      if (result?.lhr.runtimeError) result = await run();
      if (!result || result.lhr.runtimeError) {
        console.log(`${path.padEnd(12)} échec : ${result?.lhr.runtimeError?.message ?? 'aucun résultat'}`);
        continue;
      }
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      const items =
        (
          audits['resource-summary']?.details as
            { items?: { resourceType: string; transferSize: number }[] } | undefined
        )?.items ?? [];
      const jsBytes = items.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
      console.log(
        `${path.padEnd(12)} performance ${score('performance')}, accessibilité ${score('accessibility')}, ` +
          `bonnes pratiques ${score('best-practices')}, SEO ${score('seo')} | LCP ${Math.round(value('largest-contentful-paint'))} ms, ` +
          `TBT ${Math.round(value('total-blocking-time'))} ms, CLS ${value('cumulative-layout-shift').toFixed(3)}, JS ${(jsBytes / 1024).toFixed(1)} kB`,
      );
    }
  } finally {
    chrome.kill();
  }
} finally {
  server.kill();
}
