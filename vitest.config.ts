import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'api/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Each database test file opens its own PGlite instance (or PostgreSQL schema).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
