/**
 * The planner off the main thread, in a child process. A day's solve takes 0.5–3 s of synchronous WASM;
 * run in process it held every API request for seconds (a GET took 9 s during a 5-day generation).
 *
 * One child per server process, started on the first plan request and ended after PLANNER_IDLE_MS
 * without plan work (30 s by default). A process, not a worker thread: the solver's memory (~50 MB of
 * heap plus ~55 MB of V8's optimised code for HiGHS's WebAssembly) stayed in the server's RSS after a
 * thread was terminated; a process that exits gives it back to the system. It does not keep the server
 * alive. If the child dies (killed, out of memory), the calls it was working on reject with a plain
 * Error, as a crashed thread's did: a plan task is retried by its queue, a request answers 500, and the
 * next call starts a new child.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PlanInfeasibleError, type DailyMealPlan, type MealOptionOut, type Meals, type MealType, type PlanInputs, type StoredDay, type TodayInputs } from './planner.ts';

type Pending = { resolve: (v: any) => void; reject: (e: Error) => void };
type Reply = { id: number; ok: boolean; value?: unknown; name?: string; message?: string };
interface Planner {
  child: ChildProcess;
  pending: Map<number, Pending>;
  idle: NodeJS.Timeout | null;
}

export const DEFAULT_PLANNER_IDLE_MS = 30_000;
let idleMs = DEFAULT_PLANNER_IDLE_MS;
let current: Planner | null = null;
let seq = 0;

/** How long the child stays after its last answer (PLANNER_IDLE_MS; buildApp sets it from the config). */
export function setPlannerIdleMs(ms: number) {
  idleMs = ms;
  if (current && current.pending.size === 0) idleSoon(current);
}

/** The running child (its process id and the calls it is working on), or null when none runs. */
export const plannerProcess = (): { pid: number; calls: number } | null => (current?.child.pid ? { pid: current.child.pid, calls: current.pending.size } : null);

function settleAll(p: Planner, err: Error) {
  if (current === p) current = null;
  if (p.idle) clearTimeout(p.idle);
  for (const x of p.pending.values()) x.reject(err);
  p.pending.clear();
}

function idleSoon(p: Planner) {
  if (p.idle) clearTimeout(p.idle);
  p.idle = setTimeout(() => {
    if (p.pending.size > 0) return;
    if (current === p) current = null;
    // Closing the channel ends the child (planner-worker.ts exits on 'disconnect'); a call made from now
    // on starts a new one.
    if (p.child.connected) p.child.disconnect();
  }, idleMs);
  p.idle.unref();
}

function planner(): Planner {
  if (current) return current;
  // From the sources, planner-worker.mjs registers tsx and loads planner-worker.ts; in the build
  // (apps/api/dist, bundled into server.mjs) the same name is the compiled entry next to it. The parent's
  // own flags (tsx's loader, --cpu-prof, --inspect) are not passed on.
  const child = fork(fileURLToPath(new URL('./planner-worker.mjs', import.meta.url)), [], {
    execArgv: process.execArgv.filter((a) => a === '--enable-source-maps'),
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const p: Planner = { child, pending: new Map(), idle: null };
  child.unref();
  (child.channel as { unref?: () => void } | undefined)?.unref?.();
  child.on('message', (m: Reply) => {
    const x = p.pending.get(m.id);
    if (!x) return;
    p.pending.delete(m.id);
    if (m.ok) x.resolve(m.value);
    else x.reject(m.name === 'PlanInfeasibleError' ? new PlanInfeasibleError(m.message!) : new Error(m.message));
    if (p.pending.size === 0) idleSoon(p);
  });
  child.on('error', (err) => {
    settleAll(p, err);
    child.kill('SIGKILL');
  });
  child.on('exit', (code, signal) => settleAll(p, new Error(`planner process exited with ${signal ?? `code ${code}`}`)));
  current = p;
  return p;
}

function call<T>(fn: string, args: unknown[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const p = planner();
    const id = ++seq;
    if (p.idle) clearTimeout(p.idle);
    p.idle = null;
    p.pending.set(id, { resolve, reject });
    p.child.send({ id, fn, args }, (err) => {
      if (!err || !p.pending.has(id)) return;
      p.pending.delete(id);
      reject(err);
    });
  });
}

export const planPlanDayOffThread = (input: PlanInputs, dayNumber: number, stored: StoredDay[]) =>
  call<{ date: string; meals: Meals }>('planPlanDay', [input, dayNumber, stored]);
export const replanOffThread = (input: PlanInputs, dayNumber: number, stored: StoredDay[], mealType: MealType | null) =>
  call<Meals>('replan', [input, dayNumber, stored, mealType]);
export const planTodayOffThread = (input: TodayInputs) => call<DailyMealPlan>('planToday', [input]);
export const mealOptionsOffThread = (...args: Parameters<typeof import('./planner.ts').mealOptions>) => call<MealOptionOut[]>('mealOptions', args);
