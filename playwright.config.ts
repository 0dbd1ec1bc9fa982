import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from './scripts/chromium.ts';

// Five ports from GS_E2E_PORT down (4399 by default), so that two checkouts can test side by side.
const PORT = Number(process.env.GS_E2E_PORT ?? 4399);
// The served database's folder; the account tests read the e-mails written to its outbox.
const DATA_DIR = (process.env.GS_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'geosonde-e2e-')));
const DEV_PORT = PORT - 1;
// A server of its own for the tests that add documents, so that the others' counts stay true.
const UPLOADS_PORT = PORT - 2;
// Its database's folder: the record tests end a share link there, as time would.
const UPLOADS_DATA_DIR = (process.env.GS_E2E_UPLOADS_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'geosonde-uploads-')));
const launchOptions = {
  executablePath: findChromium({ headlessShell: true }),
  args: CHROMIUM_FLAGS,
};

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A chain of navigations (sign-up → /client → the map, a failed chunk → reload → sign-in) can take
  // more than Playwright's default 5 s on a 2-CPU machine serving three sites and their databases.
  expect: { timeout: 15_000 },
  // The longest scenarios (a record opened from the map and the table, then exported four ways) take
  // 18 s alone and went past Playwright's default 30 s beside another worker on a loaded 2-CPU
  // machine, at this commit and the one before; what the product's speed is, the benches measure.
  timeout: 60_000,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'reports/e2e.json' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Traces (a screencast of every action) cost a third of the run's time: kept locally, off in CI.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions,
  },
  projects: [
    // Each demo account signed in once per server; the tests reuse these sessions (sign-in.setup.ts).
    { name: 'sign-in', testMatch: /sign-in\.setup\.ts/ },
    { name: 'sign-in-uploads', testMatch: /sign-in\.setup\.ts/, use: { baseURL: `http://127.0.0.1:${UPLOADS_PORT}` } },
    {
      name: 'desktop',
      testIgnore: /dev-server|uploads/,
      dependencies: ['sign-in'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    // Layout-dependent tests run on a phone too; content, forms and quality checks once, on desktop.
    {
      name: 'mobile',
      testMatch: /(routes|redirects|header|home|home-assistant)\.spec/,
      dependencies: ['sign-in'],
      use: { ...devices['Pixel 7'], launchOptions },
    },
    { name: 'dev-server', testMatch: /dev-server/, use: { baseURL: `http://127.0.0.1:${DEV_PORT}` } },
    {
      name: 'uploads',
      testMatch: /uploads.*\.spec/,
      dependencies: ['sign-in-uploads'],
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        baseURL: `http://127.0.0.1:${UPLOADS_PORT}`,
        launchOptions,
      },
    },
  ],
  webServer: [
    {
      // The built site served by the real server, on a fresh embedded database.
      command: 'node api/index.ts',
      url: `http://127.0.0.1:${PORT}/api/health`,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        DATABASE_URL: '',
        NODE_ENV: 'test',
        // The download tests' loopback server (a reachable port, and one left closed).
        DOWNLOAD_ORIGINS: `http://127.0.0.1:${PORT - 3},http://127.0.0.1:${PORT - 4}`,
        // The webhook test's receiver listens on the loopback interface.
        WEBHOOK_ALLOW_LOOPBACK: '1',
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'node api/index.ts',
      url: `http://127.0.0.1:${UPLOADS_PORT}/api/health`,
      env: {
        PORT: String(UPLOADS_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: UPLOADS_DATA_DIR,
        DATABASE_URL: '',
        NODE_ENV: 'test',
        UPLOAD_MAX_MB: '2',
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `astro dev --port ${DEV_PORT} --host 127.0.0.1`,
      url: `http://127.0.0.1:${DEV_PORT}/api/health`,
      env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'geosonde-dev-')), ASTRO_TELEMETRY_DISABLED: '1', DATABASE_URL: '' },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
