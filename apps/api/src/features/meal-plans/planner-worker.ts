/** Runs in a worker thread: the optimiser's solves are synchronous WASM and would block the API's event loop. */
import { parentPort } from 'node:worker_threads';
import * as planner from './planner.ts';

const fns = { planPlanDay: planner.planPlanDay, replan: planner.replan, planToday: planner.planToday, mealOptions: planner.mealOptions } as Record<string, (...args: any[]) => unknown>;

parentPort!.on('message', async (msg: { id: number; fn: string; args: unknown[] }) => {
  try {
    const value = await fns[msg.fn]!(...msg.args);
    parentPort!.postMessage({ id: msg.id, ok: true, value });
  } catch (err) {
    const e = err as Error;
    parentPort!.postMessage({ id: msg.id, ok: false, name: e.name, message: e.message });
  }
});
