import { defineConfig } from 'vitest/config';

// Two projects (docs/testing.md):
// - `unit`: every test file, two at a time (this machine's two cores), passwords hashed at the
//   tests' cost;
// - `timing`: the files that measure time or a share of the processor (`*.timing.test.ts`), one
//   at a time after the others, with the production hash cost.
// Every database test file gets a copy of a template database made once per run by the global
// setup (`tests/support/database-server.ts`).
const TIMING = '**/*.timing.test.ts';
// What both projects share; the global setup stays at the root, so that it runs once.
const common = {
  // Generous for a loaded 2-core machine; what a file may take is checked by `scripts/test-summary.ts`.
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    globalSetup: ['tests/support/database-server.ts'],
    // CI sets VITEST_REPORT to keep a JSON report for the closing summary and the slowest files.
    reporters: process.env.VITEST_REPORT ? ['default', 'json'] : ['default'],
    ...(process.env.VITEST_REPORT ? { outputFile: { json: process.env.VITEST_REPORT } } : {}),
    projects: [
      {
        test: {
          ...common,
          name: 'unit',
          include: ['src/**/*.test.ts', 'api/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: [TIMING, '**/node_modules/**'],
          setupFiles: ['tests/support/cheap-hashing.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...common,
          name: 'timing',
          include: [`api/${TIMING}`, `src/${TIMING}`, `scripts/${TIMING}`],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
