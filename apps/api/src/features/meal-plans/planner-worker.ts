/**
 * The planner's child process (started by planner-thread.ts with an IPC channel): the optimiser's solves
 * are synchronous WASM and would block the API's event loop. It exits when the server closes the channel
 * (idle, shutting down, or the server itself gone).
 */
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

if (!process.send) throw new Error('planner-worker runs as a child process of the server (planner-thread.ts), with an IPC channel');
const send = process.send.bind(process);

// The server's shutdown decides when this process ends: systemd (KillMode=control-group) and a terminal's
// Ctrl-C signal every process of the service at once, and the day being solved must still reach the
// server, which stops its jobs between days. The channel closes when the server exits, and this follows.
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(sig, () => {});
process.on('disconnect', () => process.exit(0));

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

// Loaded after the handlers above are in place (it takes a second or so); calls that arrive meanwhile wait for it.
const planner = import('./planner.ts').then((p) => ({ planPlanDay: p.planPlanDay, replan: p.replan, planToday: p.planToday, mealOptions: p.mealOptions }) as Record<string, (...args: any[]) => unknown>);

process.on('message', async (msg: { id: number; fn: string; args: unknown[] }) => {
  try {
    const value = await (await planner)[msg.fn]!(...msg.args);
    send({ id: msg.id, ok: true, value });
  } catch (err) {
    const e = err as Error;
    send({ id: msg.id, ok: false, name: e.name, message: e.message });
  }
});
