#!/usr/bin/env node
// Builds the API for production: `npm run build -w apps/api`, or `node apps/api/scripts/build.mjs
// --if-changed` (what `npm start` runs: builds only when a source is newer than the build). esbuild
// bundles the server and the planner thread's entry, with the workspace packages (@app/contracts,
// @app/nutrition) compiled in and every other package left to node_modules, into apps/api/dist
// (git-ignored). Production then runs plain JavaScript: no TypeScript loader thread, no compiler, no
// inline source maps held in memory. `npm run dev` and the tests keep running the sources with tsx.
// Source maps are written next to the bundle (dist/*.map); Node uses them with --enable-source-maps.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const api = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(api, '../..');
const outDir = join(api, 'dist');
/** What `node` runs in production. */
const serverFile = join(outDir, 'server.mjs');

/** Everything compiled into the bundle: a change to any of these makes the build stale (the lock file: BUNDLED's versions). */
const SOURCES = [join(api, 'src'), join(root, 'packages/contracts/src'), join(root, 'packages/nutrition/src'), join(root, 'packages/nutrition/data'), join(root, 'package-lock.json'), fileURLToPath(import.meta.url)];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = 0;
  for (const e of readdirSync(path)) if (e !== 'node_modules' && !e.startsWith('.')) t = Math.max(t, newest(join(path, e)));
  return t;
}

const upToDate = () => ['planner-worker', 'extract-worker', 'pglite-worker'].every((w) => existsSync(join(outDir, `${w}.mjs`))) && existsSync(serverFile) && statSync(serverFile).mtimeMs >= Math.max(...SOURCES.map(newest));
if (process.argv.includes('--if-changed') && upToDate()) process.exit(0);

/**
 * Pure-JavaScript libraries published as hundreds of small ES modules, compiled into the bundle so that only what the
 * server uses is loaded: imported from node_modules, date-fns alone loads 304 modules (every function its index
 * re-exports), zod 95 and jose 46, each module's source text and records kept on the heap for the process's life.
 * zod goes with fastify-type-provider-zod, its one other importer, so that both use one copy. drizzle-orm stays
 * external: its PGlite driver imports the embedded database, which a server on PostgreSQL then never loads
 * (db/client.ts imports it when it opens PGlite). The server's live heap after start: 45.2 → 41.4 MB.
 */
const BUNDLED = ['date-fns', '@date-fns/tz', 'zod', 'fastify-type-provider-zod', 'jose'];
const bundled = (path) => BUNDLED.some((p) => path === p || path.startsWith(`${p}/`));

/** Other packages stay external (loaded from node_modules at run time); the workspace's own are TypeScript and get bundled. */
const nodeModulesExternal = {
  name: 'node-modules-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@app/') || bundled(args.path) ? undefined : { path: args.path, external: true }));
  },
};

const { build } = await import('esbuild');
const started = performance.now();
const result = await build({
  absWorkingDir: api,
  entryPoints: {
    server: 'src/server.ts',
    // planner-thread.ts starts `./planner-worker.mjs` next to its own module: in the bundle that is this
    // file, the worker compiled (in the sources, that .mjs registers tsx and imports planner-worker.ts).
    'planner-worker': 'src/features/meal-plans/planner-worker.ts',
    // The same for the recipe page threads (recipes/extract-pool.ts starts `./extract-worker.mjs`).
    'extract-worker': 'src/features/recipes/extract-worker.ts',
    // The embedded database's thread (db/pglite-thread.ts starts `./pglite-worker.mjs`).
    'pglite-worker': 'src/db/pglite-worker.ts',
  },
  outdir: outDir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  plugins: [nodeModulesExternal],
  logLevel: 'warning',
  write: false,
});
// Each file is written aside and renamed into place: several `npm start`s at once (the e2e suite starts
// one server per test file) may build together, and a server starting meanwhile never reads half a file.
// The server last, since its time stamp says the build is complete.
mkdirSync(outDir, { recursive: true });
const files = [...result.outputFiles].sort((a, b) => (a.path === serverFile) - (b.path === serverFile));
for (const f of files) {
  const tmp = `${f.path}.${process.pid}.tmp`;
  writeFileSync(tmp, f.contents);
  renameSync(tmp, f.path);
}
console.log(`Built the API into ${outDir} (${Math.round(performance.now() - started)} ms)`);
