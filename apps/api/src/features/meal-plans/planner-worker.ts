/** Runs in a pool thread (planner-thread.ts): the optimiser's solves are synchronous WASM and would block the API's event loop. */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { scheduleTrim } from '../../lib/memory-trim.ts';
import { workerDispatch } from '../../lib/worker-dispatch.ts';
import * as planner from './planner.ts';

// Most of this thread's work is plans generated in the background (the app polls for them); a person
// waiting on a page is not. On Linux a thread has its own nice value: this thread steps back so the API's
// requests and the database keep their CPU when the machine is full (200 users making 10 plan requests a
// second kept the planner busy on a whole core). The interactive solves (today's plan, meal options) step
// back too, which only shows when the CPU is full.
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) setPriority(tid, 10);
} catch {
  // not Linux: the thread keeps the process's priority
}

// The solver's optimised code leaves freed memory stranded in the allocator (lib/memory-trim.ts): give it back after each job.
export default workerDispatch({ planPlanDay: planner.planPlanDay, replan: planner.replan, planToday: planner.planToday, mealOptions: planner.mealOptions }, scheduleTrim);
