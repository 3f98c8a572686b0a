import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// CI asks for a JSON report of every run so it can print one closing line for all of them.
const reportDir = process.env.VITEST_REPORT_DIR;
const reporters = reportDir ? ['default', ['json', { outputFile: join(reportDir, `unit-api-${Date.now()}-${process.pid}.json`) }]] : ['default'];

// One runner, four projects: pure packages, the API (real HTTP on a fresh database per file)
// and the web app's client logic. End-to-end browser tests have their own config (apps/web/e2e).
export default defineConfig({
  test: {
    reporters: reporters as any,
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/**/*.test.ts'] } },
      { test: { name: 'nutrition', include: ['packages/nutrition/**/*.test.ts'], testTimeout: 60_000 } },
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts'],
          // One migrated database that each file's fresh one is copied from (initdb and migrations once, not per file).
          globalSetup: ['apps/api/test/global-setup.ts'],
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
