import { defineConfig } from 'vitest/config';

// One runner, four projects: pure packages, the API (real HTTP on a fresh database per file)
// and the web app's client logic. End-to-end browser tests have their own config (apps/web/e2e).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/**/*.test.ts'] } },
      { test: { name: 'nutrition', include: ['packages/nutrition/**/*.test.ts'], testTimeout: 60_000 } },
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite is single-threaded WASM: two files at once on two cores is the sweet spot.
          maxWorkers: 2,
        },
      },
      { extends: './apps/web/vite.config.ts', test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
    ],
  },
});
