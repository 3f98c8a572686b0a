/**
 * The planner off the main thread. A day's solve takes 0.5–3 s of synchronous WASM; run in process it
 * held every API request for seconds (a GET took 9 s during a 5-day generation). One thread is kept
 * per process, started on first use; it does not keep the process alive.
 */
import { Worker } from 'node:worker_threads';
import { PlanInfeasibleError, type DailyMealPlan, type MealOptionOut, type Meals, type MealType, type PlanInputs, type StoredDay, type TodayInputs } from './planner.ts';

type Pending = { resolve: (v: any) => void; reject: (e: Error) => void };
let worker: Worker | null = null;
let seq = 0;
const pending = new Map<number, Pending>();

function failAll(err: Error) {
  for (const p of pending.values()) p.reject(err);
  pending.clear();
  worker = null;
}

function thread(): Worker {
  if (worker) return worker;
  // From the sources, planner-worker.mjs registers tsx and loads planner-worker.ts; in the build
  // (apps/api/dist, bundled into server.mjs) the same name is the compiled worker next to it.
  const w = new Worker(new URL('./planner-worker.mjs', import.meta.url));
  w.unref();
  w.on('message', (m: { id: number; ok: boolean; value?: unknown; name?: string; message?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.ok) p.resolve(m.value);
    else p.reject(m.name === 'PlanInfeasibleError' ? new PlanInfeasibleError(m.message!) : new Error(m.message));
  });
  w.on('error', (err) => failAll(err));
  w.on('exit', (code) => failAll(new Error(`planner thread exited with code ${code}`)));
  worker = w;
  return w;
}

function call<T>(fn: string, args: unknown[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const id = ++seq;
    pending.set(id, { resolve, reject });
    thread().postMessage({ id, fn, args });
  });
}

export const planPlanDayOffThread = (input: PlanInputs, dayNumber: number, stored: StoredDay[]) =>
  call<{ date: string; meals: Meals }>('planPlanDay', [input, dayNumber, stored]);
export const replanOffThread = (input: PlanInputs, dayNumber: number, stored: StoredDay[], mealType: MealType | null) =>
  call<Meals>('replan', [input, dayNumber, stored, mealType]);
export const planTodayOffThread = (input: TodayInputs) => call<DailyMealPlan>('planToday', [input]);
export const mealOptionsOffThread = (...args: Parameters<typeof import('./planner.ts').mealOptions>) => call<MealOptionOut[]>('mealOptions', args);
