/**
 * Runs in a page thread (extract-pool.ts): cheerio, parse5 and the JSON-LD walks are synchronous and, on a hostile
 * page, slow and deep. Here they hold only this thread, within its time budget and heap cap.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { workerDispatch } from '../../lib/worker-dispatch.ts';
import { extractRecipe } from './extract.ts';

// As the planner's threads (meal-plans/planner-worker.ts): on Linux a thread has its own nice value, and this one
// steps back so that the API's event loop keeps its CPU while a page is read (on two cores, a 5 MB page being read
// otherwise slows every other answer). A real page takes milliseconds either way.
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) setPriority(tid, 10);
} catch {
  // not Linux: the thread keeps the process's priority
}

export default workerDispatch({ extractRecipe });
