/** Runs in a pool thread (planner-thread.ts): the optimiser's solves are synchronous WASM and would block the API's event loop. */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { scheduleTrim } from '../../lib/memory-trim.ts';
import { workerDispatch } from '../../lib/worker-dispatch.ts';
import * as planner from './planner.ts';

// Two pools run this file (planner-thread.ts): the interactive one (meal options, what to eat) at the process's
// priority, and the background one (plans the app polls for: today's plan, multi-day plans, reminders) with a nice
// value of 10, so on a full machine the API's requests, the database and a person waiting on suggestions keep their
// CPU (200 users making 10 plan requests a second kept the planner busy on a whole core). A thread that stepped back
// cannot step forward again without privileges, hence two pools rather than one thread changing per task.
const nice = (workerData as { nice?: number } | null)?.nice ?? 0;
if (nice > 0) {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (tid > 0) setPriority(tid, nice);
  } catch {
    // not Linux: the thread keeps the process's priority
  }
}

// The solver's optimised code leaves freed memory stranded in the allocator (lib/memory-trim.ts): give it back after each job.
export default workerDispatch({ planPlanDay: planner.planPlanDay, replan: planner.replan, planToday: planner.planToday, mealOptions: planner.mealOptions }, scheduleTrim);
