/**
 * glibc's allocator, fixed thresholds: allocations from 128 KiB up get their own mapping, given back to the system
 * when freed, and free memory at the top of the heap is returned from 128 KiB. By default glibc raises both
 * thresholds after the first large free (up to 32 MiB), after which the planner's and the database driver's large
 * buffers stay in the heap for good. Measured with `bench:load` (mixed workload): the server's RSS after the run,
 * PostgreSQL 285–303 → 233–253 MB, PGlite 483 → 429 MB (docs/benchmarks.md). glibc reads them when the process
 * starts, so they go into the server's environment: scripts/start.mjs and bench:load use this; the Dockerfile and
 * the systemd units (deploy/systemd) carry the same two values.
 */
export const ALLOCATOR_ENV = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };

/**
 * V8's cap on the old generation of each of the server's heaps (main thread and planner thread), in MB. Node sizes
 * it from the machine's memory (4,144 MB with 16 GB or more), and with a cap that high V8 holds off its first full
 * garbage collection until the old generation reaches hundreds of MB: right after the same `bench:load` run on
 * PostgreSQL the server held 230–414 MB, depending on whether that collection had come yet (heap used 200 MB, most
 * of it garbage). With 1,024 MB V8 collects as it goes (6–16 full collections in a run, 50–150 ms in all) and the
 * server held 237–273 MB in nine runs (docs/benchmarks.md, session 24). The server's live heap is ~45–70 MB under
 * load, so the cap leaves ample room; an operator with a bigger need sets its own in NODE_OPTIONS, which wins.
 */
export const HEAP_CAP_MB = 1024;

/**
 * V8's young generation: semi-spaces of 8 MB instead of Node's 16 MB, so the main thread's new space commits 16 MB
 * instead of 32 (and each worker thread's likewise). Measured with `bench:load` on PostgreSQL together with one
 * WebAssembly compile thread (apps/api/src/v8-flags.ts): the server's RSS right after the runs 235–252 MB (5 runs)
 * → 208–223 MB (10 runs), server CPU per request within the run-to-run spread (docs/benchmarks.md, session 29).
 * 4 MB cost the daily summary ~60 % more CPU per request (more scavenges, more promoted) and saved nothing.
 */
export const SEMI_SPACE_MB = 8;

/** NODE_OPTIONS for the server: the caller's, plus the heap cap and the semi-space size unless it already names them. */
export function serverNodeOptions(nodeOptions = '') {
  let options = nodeOptions;
  if (!/--max-old-space-size[=\s]/.test(options)) options = `${options} --max-old-space-size=${HEAP_CAP_MB}`;
  if (!/--max-semi-space-size[=\s]/.test(options)) options = `${options} --max-semi-space-size=${SEMI_SPACE_MB}`;
  return options.trim();
}
