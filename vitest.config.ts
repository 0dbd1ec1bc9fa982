import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'api/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
    // Each database test file opens its own PGlite instance (or PostgreSQL schema).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // CI sets VITEST_REPORT to keep a JSON report for the closing summary line.
    reporters: process.env.VITEST_REPORT ? ['default', 'json'] : ['default'],
    ...(process.env.VITEST_REPORT ? { outputFile: { json: process.env.VITEST_REPORT } } : {}),
  },
});
