/**
 * The planner's child process (started by planner-thread.ts with an IPC channel): the optimiser's solves
 * are synchronous WASM and would block the API's event loop. It exits when the server closes the channel
 * (idle, shutting down, or the server itself gone).
 */
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import * as planner from './planner.ts';

// Most of this process's work is plans generated in the background (the app polls for them); a person
// waiting on a page is not. It steps back (nice 10) so the API's requests and the database keep their
// CPU when the machine is full (200 users making 10 plan requests a second kept the planner busy on a
// whole core). The interactive solves (today's plan, meal options) step back too, which only shows when
// the CPU is full. On Linux nice is per thread: every thread running now (V8's compiler and GC helpers
// among them) is set; threads started later inherit it.
try {
  for (const tid of readdirSync('/proc/self/task')) setPriority(Number(tid), 10);
} catch {
  try {
    setPriority(10); // not Linux: the whole process
  } catch {
    // not allowed: the process keeps its priority
  }
}

const fns = { planPlanDay: planner.planPlanDay, replan: planner.replan, planToday: planner.planToday, mealOptions: planner.mealOptions } as Record<string, (...args: any[]) => unknown>;

if (!process.send) throw new Error('planner-worker runs as a child process of the server (planner-thread.ts), with an IPC channel');
const send = process.send.bind(process);

process.on('message', async (msg: { id: number; fn: string; args: unknown[] }) => {
  try {
    const value = await fns[msg.fn]!(...msg.args);
    send({ id: msg.id, ok: true, value });
  } catch (err) {
    const e = err as Error;
    send({ id: msg.id, ok: false, name: e.name, message: e.message });
  }
});
process.on('disconnect', () => process.exit(0));
