/**
 * Recipe pages are read in a pool of threads (lib/worker-pool.ts), not on the API's event loop: cheerio on a page of
 * 200,000 nested elements held the whole process for 6 minutes (issue 39 item 2). The thread checks the page's caps
 * first (page-limits.ts); whatever a page then costs, it costs one thread for at most PAGE_TIME_BUDGET_MS and
 * PAGE_HEAP_MB of heap, and the thread is ended (piscina starts a fresh one) when the client goes away.
 */
import type { RunOptions } from '../../lib/fair-share.ts';
import { HttpError, unprocessable } from '../../lib/http-error.ts';
import { WorkerPool } from '../../lib/worker-pool.ts';
import type { ExtractedRecipe } from './extract.ts';
import { MAX_PAGE_DEPTH } from './page-limits.ts';

/** Threads reading pages in a process: a real page takes 20–200 ms, so two serve many imports. */
export const PAGE_THREADS = 2;
/** Per user: pages being read at once, and pages waiting for a thread (one more answers 429). */
export const PAGE_PER_USER_RUNNING = 1;
export const PAGE_PER_USER_QUEUED = 1;
/** A page still being read after this gets 422 (its thread is replaced): real pages take well under a second. */
export const PAGE_TIME_BUDGET_MS = 10_000;
/** Heap of a page thread: a real page's DOM takes 10–40 MB; past this the thread ends, not the process. */
export const PAGE_HEAP_MB = 256;

const where = ['body', 'url'];

/** The thread's errors (name and message as thrown there) as the answers a person reads. */
export function pageError(err: Error, heapMb = PAGE_HEAP_MB): Error {
  if (err instanceof HttpError) return err;
  if (err.name === 'PageLimitError') return unprocessable(err.message, where);
  if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' || /memory limit|out of memory/i.test(err.message)) {
    return unprocessable(`This page needs too much memory to read (more than ${heapMb} MB)`, where);
  }
  // Nesting the pre-scan did not see coming (the DOM's rules differ from the tokenizer's in odd corners).
  if (err.name === 'RangeError' && /call stack/i.test(err.message)) return unprocessable(`This page is too deeply nested to read (more than ${MAX_PAGE_DEPTH} levels)`, where);
  const e = new Error(err.message);
  e.name = err.name;
  return e;
}

export function createPagePool(opts: { threads?: number; heapMb?: number } = {}) {
  const heapMb = opts.heapMb ?? PAGE_HEAP_MB;
  return new WorkerPool({
    name: 'recipe page',
    // From the sources, extract-worker.mjs registers tsx and loads extract-worker.ts; in the build (apps/api/dist,
    // bundled into server.mjs) the same name is the compiled worker next to it.
    filename: new URL('./extract-worker.mjs', import.meta.url),
    threads: opts.threads ?? PAGE_THREADS,
    perUserRunning: PAGE_PER_USER_RUNNING,
    perUserQueued: PAGE_PER_USER_QUEUED,
    retryAfterSeconds: 2,
    maxOldGenerationSizeMb: heapMb,
    busyMessage: 'You already have a recipe page being read. Please wait for it and try again.',
    mapError: (err) => pageError(err, heapMb),
  });
}

export const pagePool = createPagePool();

type Who = Pick<RunOptions, 'userId' | 'signal'>;

/** extractRecipe (extract.ts) on a page thread, in the user's share; 422 past a cap or the budget. */
export function extractOffThread(who: Who, html: string, url: string, pool: WorkerPool = pagePool, timeoutMs = PAGE_TIME_BUDGET_MS): Promise<ExtractedRecipe | null> {
  return pool.run<ExtractedRecipe | null>('extractRecipe', [html, url], {
    ...who,
    timeoutMs,
    onTimeout: () => unprocessable(`This page took too long to read (more than ${Math.ceil(timeoutMs / 1000)} s)`, where),
  });
}
