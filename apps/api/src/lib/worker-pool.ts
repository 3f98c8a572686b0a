/**
 * Heavy work in worker threads (piscina), behind a fair share per user (fair-share.ts). The main thread only routes:
 * a parse, a solve or a report runs on a pool thread, with a time budget and an AbortSignal. An aborted task that is
 * already running has its thread terminated (piscina starts a fresh one), so neither a client that went away nor a
 * hostile input keeps a thread busy past its budget.
 *
 * Each worker module exports one default function `(call: { fn, args }) => result` (workerDispatch below), so one
 * pool serves the several functions of its feature. From the sources the worker file is a `.mjs` next to the `.ts`
 * that registers tsx first; in the build it is the bundled worker of the same name (apps/api/scripts/build.mjs).
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { FairShare, WorkAbortedError, isAbort, type FairShareOptions, type RunOptions } from './fair-share.ts';
import type { Call, Outcome } from './worker-dispatch.ts';

export interface WorkerPoolOptions extends Omit<FairShareOptions, 'slots'> {
  filename: URL;
  /** Threads of the pool (also the fair share's slots). Default: the cores, 2 to 4. */
  threads?: number;
  /** Heap cap of each thread: a task past it ends that thread with ERR_WORKER_OUT_OF_MEMORY, not the process. */
  maxOldGenerationSizeMb?: number;
  /** Maps a thread's error (name and message as thrown in the worker) to the error the caller sees. */
  mapError?: (err: Error) => Error;
  /** Handed to each thread (piscina's workerData), e.g. the nice value it runs at. */
  workerData?: unknown;
}

export const defaultThreads = () => Math.max(2, Math.min(4, availableParallelism()));

export class WorkerPool {
  readonly share: FairShare;
  private pool: Piscina | null = null;
  private readonly options: WorkerPoolOptions;

  constructor(options: WorkerPoolOptions) {
    this.options = options;
    this.share = new FairShare({ ...options, slots: options.threads ?? defaultThreads() });
  }

  private piscina(): Piscina {
    if (this.pool) return this.pool;
    this.pool = new Piscina({
      filename: this.options.filename.href,
      minThreads: 0,
      maxThreads: this.share.options.slots,
      // Threads are started on first use and stop after a quiet minute (their memory goes back with them).
      idleTimeout: 60_000,
      // The fair share hands over at most `slots` tasks: piscina's own queue never holds any.
      maxQueue: this.share.options.slots,
      ...(this.options.workerData !== undefined ? { workerData: this.options.workerData } : {}),
      ...(this.options.maxOldGenerationSizeMb ? { resourceLimits: { maxOldGenerationSizeMb: this.options.maxOldGenerationSizeMb } } : {}),
    });
    return this.pool;
  }

  /** Sets the threads (PLANNER_THREADS): takes effect for the pool at once, and for piscina when it next starts. */
  setThreads(threads: number) {
    if (threads === this.share.options.slots) return;
    this.share.resize(threads);
    const old = this.pool;
    this.pool = null;
    void old?.close();
  }

  /** `fn(...args)` on a pool thread, when it is this user's turn (429 past the user's allowance). */
  run<T>(fn: string, args: unknown[], opts: RunOptions): Promise<T> {
    return this.share.run(opts, async (signal) => {
      try {
        const out = (await this.piscina().run({ fn, args } satisfies Call, { signal })) as Outcome;
        if (out.ok) return out.value as T;
        const err = new Error(out.message);
        err.name = out.name;
        throw err;
      } catch (err) {
        if (signal.aborted && isAbort(err)) throw new WorkAbortedError(signal.reason);
        throw this.options.mapError ? this.options.mapError(err as Error) : err;
      }
    });
  }

  async close() {
    const p = this.pool;
    this.pool = null;
    await p?.destroy();
  }
}
