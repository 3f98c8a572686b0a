/**
 * The planner off the main thread, in a pool of threads with a fair share per user (lib/worker-pool.ts). A day's
 * solve takes 0.3–3 s of synchronous WASM; run in process it held every API request for seconds, and one shared thread
 * let one user's 100 calls make another user's wait 52 s (issue 39 item 4). Now each user has one solve running at
 * a time and a few waiting (429 past them), and waiting solves are taken round robin by user: with two threads, one
 * is always free for the other users.
 */
import { HttpError } from '../../lib/http-error.ts';
import type { RunOptions } from '../../lib/fair-share.ts';
import { WorkerPool } from '../../lib/worker-pool.ts';
import { PlanInfeasibleError, type DailyMealPlan, type MealOptionOut, type Meals, type MealType, type PlanInputs, type StoredDay, type TodayInputs } from './planner.ts';

/** Per user: solves running at once in a process, and solves waiting for a thread (one more answers 429). */
export const PLANNER_PER_USER_RUNNING = 1;
export const PLANNER_PER_USER_QUEUED = 2;
/** A solve still running after this is stopped (its thread is replaced): the longest real one takes ~3 s. */
export const PLANNER_TIME_BUDGET_MS = 30_000;

const poolOptions = (name: string, nice: number) => ({
  name,
  // From the sources, planner-worker.mjs registers tsx and loads planner-worker.ts; in the build (apps/api/dist,
  // bundled into server.mjs) the same name is the compiled worker next to it.
  filename: new URL('./planner-worker.mjs', import.meta.url),
  // PLANNER_THREADS (2 by default; buildApp sets it): with one solve per user, another user always finds a thread free.
  threads: 2,
  perUserRunning: PLANNER_PER_USER_RUNNING,
  perUserQueued: PLANNER_PER_USER_QUEUED,
  retryAfterSeconds: 2,
  busyMessage: 'You already have meal suggestions being worked out. Please wait for them and try again.',
  mapError: (err: Error) => (err.name === 'PlanInfeasibleError' ? new PlanInfeasibleError(err.message) : err instanceof HttpError ? err : new Error(err.message)),
  workerData: { nice },
});

/** Solves a person is waiting for (meal options, what to eat): threads at the process's priority. */
export const plannerPool = new WorkerPool(poolOptions('meal planner', 0));
/**
 * Solves of background jobs (today's plan, multi-day plans, reminders; `background: true`): their own threads, with a
 * nice value of 10 (planner-worker.ts). Under a flood of plan requests a person's suggestions still find a thread at
 * full priority (bench:fairness: B's suggestions took 1.2–8 s with every solve stepped back on a busy machine).
 */
export const backgroundPlannerPool = new WorkerPool(poolOptions('meal planner (background)', 10));

type Who = Pick<RunOptions, 'userId' | 'signal' | 'background'>;
const call = <T>(fn: string, args: unknown[], who: Who) => (who.background ? backgroundPlannerPool : plannerPool).run<T>(fn, args, { ...who, timeoutMs: PLANNER_TIME_BUDGET_MS });

export const planPlanDayOffThread = (who: Who, input: PlanInputs, dayNumber: number, stored: StoredDay[]) =>
  call<{ date: string; meals: Meals }>('planPlanDay', [input, dayNumber, stored], who);
export const replanOffThread = (who: Who, input: PlanInputs, dayNumber: number, stored: StoredDay[], mealType: MealType | null) =>
  call<Meals>('replan', [input, dayNumber, stored, mealType], who);
export const planTodayOffThread = (who: Who, input: TodayInputs) => call<DailyMealPlan>('planToday', [input], who);
export const mealOptionsOffThread = (who: Who, ...args: Parameters<typeof import('./planner.ts').mealOptions>) => call<MealOptionOut[]>('mealOptions', args, who);
