/**
 * The embedded database's fair order (issue 39). PGlite runs one statement (or one transaction) at a time, and
 * its own queue is first come, first served: a user who keeps 16 requests in flight, each a run of statements,
 * puts ~16 statements in front of every statement of everyone else, so a bystander's request of ten statements
 * waits behind ~160 of the flood's. Here every call (query, exec, transaction) waits in the queue of its share
 * (the signed-in user, else the client's network, else the background jobs), and the next call is taken from the
 * share that has used the least of the database's time (start-time fair queuing, as a well-run multi-tenant queue
 * or Linux's CFS does): a share that comes back after being idle starts level with the busiest, never with banked
 * credit, and a flooding share that ran 20 ms statements waits behind a bystander's 1 ms ones instead of taking
 * every other turn. A bystander's statement waits for the call that is running, and for no queue.
 *
 * A transaction is one call: its statements run on the transaction's own handle, which does not queue here (it
 * already holds the database, as it did before). Nothing new can wait on itself: a call made on the top-level
 * handle from inside a transaction waited for ever on PGlite's own lock before, and still does.
 */
export class FairOrder {
  /** Calls waiting, per share with any; among shares of equal use, the Map's order (longest unserved first) decides. */
  private readonly waiting = new Map<string, (() => void)[]>();
  /** Each share's virtual time: the database time (ms) it has used, counted from where the busiest share stood when it joined. */
  private readonly used = new Map<string, number>();
  /** The virtual time of the call started last: where a share that was idle starts again. */
  private virtualNow = 0;
  private calls = 0;
  private running = false;
  private scheduled = false;
  /** When the event loop last came round to us (a setImmediate of ours ran). */
  private lastTurn = -Infinity;

  /**
   * One call runs at a time (PGlite serialises them anyway).
   * @param sliceMs how long calls may follow one another without letting the event loop turn. A client that settles
   *   its calls as microtasks (PGlite did, when it ran on the main thread: a request's 400 statements held the loop
   *   for seconds) could otherwise starve timers and I/O; past the slice, the next call waits one turn. Calls to the
   *   database thread (pglite-thread.ts) settle on message events, so there the loop turns between them anyway.
   */
  constructor(
    private readonly sliceMs = 5,
    private readonly now: () => number = () => performance.now(),
  ) {}

  run<T>(share: string, call: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running = true;
        const began = this.now();
        let p: Promise<T>;
        try {
          p = call();
        } catch (err) {
          p = Promise.reject(err);
        }
        p.then(resolve, reject).finally(() => {
          this.used.set(share, (this.used.get(share) ?? this.virtualNow) + (this.now() - began));
          this.running = false;
          this.next();
        });
      };
      const q = this.waiting.get(share);
      if (q) q.push(start);
      else {
        // Idle until now: level with the current virtual time, never ahead of the others with time it did not use.
        this.used.set(share, Math.max(this.used.get(share) ?? 0, this.virtualNow));
        this.waiting.set(share, [start]);
      }
      this.next();
    });
  }

  private next() {
    if (this.scheduled || this.running || this.waiting.size === 0) return;
    if (performance.now() - this.lastTurn > this.sliceMs) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.lastTurn = performance.now();
        this.next();
      });
      return;
    }
    // The share that has used the least; on a tie the one served longest ago (first in the Map). Once served, a
    // share goes to the back of the Map if it has more waiting.
    let share = '';
    let least = Infinity;
    for (const s of this.waiting.keys()) {
      const u = this.used.get(s) ?? this.virtualNow;
      if (u < least) [share, least] = [s, u];
    }
    const q = this.waiting.get(share)!;
    const start = q.shift()!;
    this.waiting.delete(share);
    if (q.length) this.waiting.set(share, q);
    this.virtualNow = Math.max(this.virtualNow, least);
    if (++this.calls % 1000 === 0) this.forgetIdle();
    start();
  }

  /** Shares with nothing waiting and no time owed (at or behind the virtual time) would start there anyway: dropped. */
  private forgetIdle() {
    for (const [s, u] of this.used) if (u <= this.virtualNow && !this.waiting.has(s)) this.used.delete(s);
  }
}

/** Who the current call is for; undefined outside any request (jobs, start-up, scripts). */
export type ShareOf = () => string | undefined;

const BACKGROUND_SHARE = 'background';

interface Queueable {
  query(...args: any[]): Promise<any>;
  exec(...args: any[]): Promise<any>;
  transaction(...args: any[]): Promise<any>;
}

/**
 * Routes a PGlite instance's query, exec and transaction (all that drizzle, pg-boss and our raw SQL use) through a
 * FairOrder. `shareOf` is read when the call is made; it may be replaced later (the app sets it once it knows its
 * request context), with `setShareOf`.
 */
export function queueFairly(client: Queueable) {
  const order = new FairOrder();
  let shareOf: ShareOf = () => undefined;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = client[method].bind(client);
    client[method] = (...args: any[]) => order.run(shareOf() ?? BACKGROUND_SHARE, () => original(...args));
  }
  return {
    setShareOf(fn: ShareOf) {
      shareOf = fn;
    },
  };
}
