import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// CI asks for a JSON report of every run so it can print one closing line for all of them.
const reportDir = process.env.VITEST_REPORT_DIR;
const reporters = reportDir ? ['default', ['json', { outputFile: join(reportDir, `e2e-${Date.now()}-${process.pid}.json`) }]] : ['default'];

// Browser tests against the real product: each file starts its own server (fresh DATA_DIR, free port).
// Files run one after another: every server loads the food database and runs a browser, and
// `npm start` may rebuild the web app, which must not happen twice at once.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    root: new URL('..', import.meta.url).pathname,
    reporters: reporters as any,
    fileParallelism: false,
    // Builds the web app and makes the database every file's server starts from a copy of (once, not per file).
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 240_000,
  },
});
