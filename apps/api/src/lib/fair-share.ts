/**
 * A fair share of the expensive work for every user (issue 39).
 *
 * One scheduler per kind of work (the planner's threads, the page parser's threads, CSV exports, recipe analyses…).
 * Each has a number of slots (what may run at once in this process), and every user has at most `perUserRunning` of
 * them and `perUserQueued` waiting. Waiting work is taken round robin by user, not first come first served: a user who
 * queued 20 calls waits behind everyone else's first call, and another user's single call runs next. A user past the
 * waiting allowance gets 429 with `Retry-After` at once, before any work is done for the call.
 *
 * `perUserRunning` below `slots` keeps a slot free for other users however hard one user pushes: with two planner
 * threads and one per user, another user's plan never waits behind the flooding user's at all.
 *
 * The counts live in this process, since they are what stands between one user and this process's threads. The
 * allowances over time (calls an hour, exports a day) are kept in the database, by the rate limits of the routes and
 * the quota tables, so that they hold across processes (docs/limits.md lists both).
 */
import { tooManyRequests, unavailable, HttpError } from './http-error.ts';

export interface FairShareOptions {
  /** For the metrics and the 429 message. */
  name: string;
  /** What may run at once in this process. */
  slots: number;
  /** Of those, what one user may hold. */
  perUserRunning: number;
  /** Calls of one user that may wait for a slot; one more answers 429. */
  perUserQueued: number;
  /** The `Retry-After` of that 429, in seconds. */
  retryAfterSeconds: number;
  /** What a refused call says (the 429's message). */
  busyMessage?: string;
}

export interface RunOptions {
  userId: number;
  /** Aborts the call while it waits or runs (the client went away). */
  signal?: AbortSignal;
  /** Time budget from the moment the call starts running; past it the work is aborted and `onTimeout()` thrown. */
  timeoutMs?: number;
  onTimeout?: () => Error;
  /**
   * Background work (a queued job) waits however long its user's queue is instead of getting 429: its queue already
   * bounds it, and a refused job would only be retried. It still takes its turn round robin.
   */
  background?: boolean;
}

interface Waiting {
  userId: number;
  start: () => void;
  fail: (err: Error) => void;
}

/** The error a call gets when its client went away (or its budget ran out) before it finished. */
export class WorkAbortedError extends Error {
  constructor(reason?: unknown) {
    super(typeof reason === 'string' ? reason : reason instanceof Error ? reason.message : 'The work was aborted');
    this.name = 'AbortError';
  }
}

export const isAbort = (err: unknown): boolean => err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');

export class FairShare {
  options: FairShareOptions;
  private running = 0;
  private readonly runningBy = new Map<number, number>();
  private readonly queues = new Map<number, Waiting[]>();
  /** When each user with calls running or waiting was last served (a start counter): the least recently served goes next. */
  private readonly lastServed = new Map<number, number>();
  private served = 0;
  /** Totals for /metrics and the bench. */
  readonly stats = { started: 0, refused: 0, aborted: 0, timedOut: 0 };

  constructor(options: FairShareOptions) {
    if (options.perUserRunning < 1 || options.slots < 1) throw new Error(`${options.name}: slots and perUserRunning must be at least 1`);
    this.options = options;
  }

  /** Changes the slots (a pool sized by the configuration); work already running keeps its slot. */
  resize(slots: number) {
    if (slots < 1) throw new Error(`${this.options.name}: slots must be at least 1`);
    this.options = { ...this.options, slots };
    this.pump();
  }

  /** Calls running and waiting now (all users, or one). */
  load(userId?: number) {
    if (userId == null) return { running: this.running, waiting: [...this.queues.values()].reduce((n, q) => n + q.length, 0) };
    return { running: this.runningBy.get(userId) ?? 0, waiting: this.queues.get(userId)?.length ?? 0 };
  }

  /**
   * Runs `work` when a slot is free and it is this user's turn. `work` gets a signal that fires when the client goes
   * away or the time budget runs out; pass it on (to a worker thread, a query loop) so the work stops too.
   */
  async run<T>(opts: RunOptions, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const { userId } = opts;
    if (opts.signal?.aborted) throw new WorkAbortedError(opts.signal.reason);
    await this.acquire(userId, opts.signal, opts.background);
    const ac = new AbortController();
    let timedOut = false;
    const onAbort = () => ac.abort(opts.signal?.reason ?? new WorkAbortedError('The client went away'));
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = opts.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          ac.abort(new WorkAbortedError('The time budget ran out'));
        }, opts.timeoutMs)
      : null;
    timer?.unref();
    try {
      this.stats.started++;
      return await work(ac.signal);
    } catch (err) {
      if (timedOut) {
        this.stats.timedOut++;
        throw opts.onTimeout?.() ?? unavailable(`This is taking too long right now (over ${Math.round(opts.timeoutMs! / 1000)} s). Please try again later.`);
      }
      if (ac.signal.aborted && isAbort(err)) this.stats.aborted++;
      throw err;
    } finally {
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      this.release(userId);
    }
  }

  /**
   * A slot held until `release()` is called: for work that outlives a function call, such as a streamed answer
   * (release it when the stream closes, however it closes). Release is idempotent.
   */
  async hold(opts: Pick<RunOptions, 'userId' | 'signal'>): Promise<() => void> {
    if (opts.signal?.aborted) throw new WorkAbortedError(opts.signal.reason);
    await this.acquire(opts.userId, opts.signal);
    this.stats.started++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.release(opts.userId);
    };
  }

  private canStart(userId: number) {
    return this.running < this.options.slots && (this.runningBy.get(userId) ?? 0) < this.options.perUserRunning;
  }

  private take(userId: number) {
    this.running++;
    this.runningBy.set(userId, (this.runningBy.get(userId) ?? 0) + 1);
    this.lastServed.set(userId, ++this.served);
  }

  private acquire(userId: number, signal?: AbortSignal, background = false): Promise<void> {
    if (!this.queues.has(userId) && this.canStart(userId)) {
      this.take(userId);
      return Promise.resolve();
    }
    const queue = this.queues.get(userId) ?? [];
    if (!background && queue.length >= this.options.perUserQueued) {
      this.stats.refused++;
      return Promise.reject(this.refusal());
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const q = this.queues.get(userId);
        const i = q?.indexOf(entry) ?? -1;
        if (i >= 0) {
          q!.splice(i, 1);
          if (!q!.length) this.dropUser(userId);
        }
        this.stats.aborted++;
        reject(new WorkAbortedError(signal?.reason));
      };
      const entry: Waiting = {
        userId,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        fail: reject,
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(entry);
      if (!this.queues.has(userId)) this.queues.set(userId, queue);
    });
  }

  private dropUser(userId: number) {
    this.queues.delete(userId);
    if (!this.runningBy.has(userId)) this.lastServed.delete(userId);
  }

  private release(userId: number) {
    this.running--;
    const n = (this.runningBy.get(userId) ?? 1) - 1;
    if (n > 0) this.runningBy.set(userId, n);
    else {
      this.runningBy.delete(userId);
      if (!this.queues.has(userId)) this.lastServed.delete(userId);
    }
    this.pump();
  }

  /**
   * Starts waiting calls while slots are free: of the users who may run one more, the one served least recently (one
   * never served yet first). A user who queued 20 calls gets its second only after every other waiting user's first.
   */
  private pump() {
    while (this.running < this.options.slots) {
      let next: number | null = null;
      let best = Infinity;
      for (const userId of this.queues.keys()) {
        if (!this.canStart(userId)) continue;
        const at = this.lastServed.get(userId) ?? 0;
        if (at < best) {
          best = at;
          next = userId;
        }
      }
      if (next == null) return;
      const queue = this.queues.get(next)!;
      const entry = queue.shift()!;
      if (!queue.length) this.queues.delete(next);
      this.take(next);
      entry.start();
    }
  }

  private refusal(): HttpError {
    const o = this.options;
    return tooManyRequests(o.busyMessage ?? `You have too many ${o.name} requests running. Please wait for them to finish and try again.`, o.retryAfterSeconds);
  }
}
