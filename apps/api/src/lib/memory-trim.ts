/**
 * Gives the memory the C allocator holds free back to the system, after the planner's work.
 *
 * While HiGHS (the planner's WebAssembly solver) runs, V8 compiles its hot functions with its optimising compiler on a
 * background thread. The compiler frees its scratch memory afterwards, but the compiled code's records were allocated
 * in the same glibc arena between those freed pieces, and glibc gives an arena's pages back on its own only from the
 * arena's top. About 20 MB stayed resident for the life of the process (docs/benchmarks.md, sessions 37 and 38).
 * glibc's `malloc_trim(0)` walks every arena and releases each whole free page, wherever it lies.
 *
 * Node has no binding for it, so koffi (a foreign-function interface with prebuilt binaries) calls libc's. Where that
 * is not possible (not glibc, e.g. musl or macOS; no prebuilt binary for the platform), trimming is skipped: the
 * memory is still reused by later allocations, only not returned.
 */
import { createRequire } from 'node:module';

type Trim = (pad: number) => number;

let trimFn: Trim | null | undefined;

/** libc's malloc_trim, or null where it cannot be called. Loaded on first use. */
function mallocTrim(): Trim | null {
  if (trimFn !== undefined) return trimFn;
  trimFn = null;
  if (process.platform !== 'linux' || process.env.MEMORY_TRIM === 'off') return trimFn;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    // glibc's soname; musl's libc has another, so load() throws there and trimming stays off.
    trimFn = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as Trim;
  } catch {
    trimFn = null;
  }
  return trimFn;
}

/** Whether this process can trim (Linux with glibc, koffi's binary loaded, MEMORY_TRIM not `off`). */
export const canTrimMemory = (): boolean => mallocTrim() !== null;

/** Trims now. Returns whether any memory was given back (false also where trimming is not possible). */
export function trimMemory(): boolean {
  const trim = mallocTrim();
  return trim ? trim(0) === 1 : false;
}

/** At most one trim per this many ms: a trim walks every arena, a few ms with the planner's heap. */
export const TRIM_MIN_GAP_MS = 2_000;

let lastTrim = -Infinity;
let timer: ReturnType<typeof setTimeout> | null = null;

/**
 * Asks for a trim after a piece of heavy work: now if the last one was at least TRIM_MIN_GAP_MS ago, else once that
 * gap has passed. Calls in between share the one pending trim, so a busy planner trims every 2 s and once after its
 * last job. The timer does not keep the process or thread alive.
 */
export function scheduleTrim(): void {
  if (timer || !canTrimMemory()) return;
  const delay = Math.max(0, lastTrim + TRIM_MIN_GAP_MS - performance.now());
  timer = setTimeout(() => {
    timer = null;
    lastTrim = performance.now();
    trimMemory();
  }, delay);
  timer.unref();
}
