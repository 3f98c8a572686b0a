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
