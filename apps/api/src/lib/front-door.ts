import { LRUCache } from 'lru-cache';

/**
 * The front door (issue 39): what one signed-in user may have in flight in this process, checked right after the
 * token's signature (in memory) and before anything touches the database.
 *
 * A refusal that is answered at once invites the next request at once: a client that ignores Retry-After and keeps
 * 20 connections busy gets thousands of cheap 429s a second, and on an embedded database every one of them still
 * reads the user's row and counts a hit on the one database thread, so everyone else waits. The door therefore:
 *
 * - admits at most `perUser` requests of one user at a time (a page of the app sends a handful at once);
 * - notes each user's refusals (any 429); a user refused `floodRefusals` times within `floodWindowMs` is flooding;
 * - admits a flooding user `perFloodingUser` requests at a time, and holds every 429 it gets for `holdMs` before
 *   sending it (the slot it took stays taken meanwhile), so a flood costs the server a few timers instead of a
 *   stream of queries: a client's rate is bounded by its connections, not by how fast we can say no.
 *
 * A person who hits a limit once or twice is answered at once, as before. Everything here is per process and
 * in memory on purpose: it only ever refuses sooner, and every allowance that decides what may run is still
 * counted in the database.
 */
export interface FrontDoorOptions {
  perUser: number;
  perFloodingUser: number;
  floodRefusals: number;
  floodWindowMs: number;
  holdMs: number;
  /** At most this many refusals held at once in the process; past it they are sent at once. */
  maxHeld: number;
}

export const FRONT_DOOR_DEFAULTS: FrontDoorOptions = {
  perUser: 16,
  perFloodingUser: 2,
  floodRefusals: 10,
  floodWindowMs: 10_000,
  holdMs: 1_000,
  maxHeld: 10_000,
};

interface UserState {
  inFlight: number;
  /** Of those, requests that are not using the event loop: giving way (giveWay) or a refusal being held. */
  idle: number;
  /** Refusals in the current window and the one before (a sliding count of two fixed windows). */
  windowStart: number;
  refusals: number;
  previousRefusals: number;
}

export class FrontDoor {
  readonly options: FrontDoorOptions;
  private readonly users: LRUCache<number, UserState>;
  private held = 0;
  private inFlight = 0;
  private idle = 0;
  private waiters: { userId: number; resolve: () => void }[] = [];

  constructor(options: Partial<FrontDoorOptions> = {}) {
    this.options = { ...FRONT_DOOR_DEFAULTS, ...options };
    // Users with requests in flight are never evicted (their state is read again when they leave).
    this.users = new LRUCache<number, UserState>({ max: 100_000 });
  }

  private state(userId: number, now: number): UserState {
    let s = this.users.get(userId);
    if (!s) {
      s = { inFlight: 0, idle: 0, windowStart: now, refusals: 0, previousRefusals: 0 };
      this.users.set(userId, s);
    }
    const w = this.options.floodWindowMs;
    if (now - s.windowStart >= w) {
      s.previousRefusals = now - s.windowStart >= 2 * w ? 0 : s.refusals;
      s.refusals = 0;
      s.windowStart = now - ((now - s.windowStart) % w);
    }
    return s;
  }

  /** Whether the user refused enough lately to count as flooding: the count of the last window, pro rata. */
  flooding(userId: number, now = Date.now()): boolean {
    const s = this.state(userId, now);
    const w = this.options.floodWindowMs;
    const weight = 1 - (now - s.windowStart) / w;
    return s.refusals + s.previousRefusals * weight >= this.options.floodRefusals;
  }

  /**
   * Takes a slot for one request: a function that gives it back (call it once, when the answer is sent or the client
   * is gone), or null when the user has all theirs in flight. It holds on to the user's state, so the counts stay
   * right even if the state was dropped from the cache meanwhile.
   */
  enter(userId: number): (() => void) | null {
    const now = Date.now();
    const s = this.state(userId, now);
    const cap = this.flooding(userId, now) ? this.options.perFloodingUser : this.options.perUser;
    if (s.inFlight >= cap) return null;
    s.inFlight++;
    this.inFlight++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      s.inFlight--;
      this.inFlight--;
      if (this.users.get(userId) !== s && s.inFlight > 0) this.users.set(userId, s);
      this.wake();
    };
  }

  /** Marks one of the user's requests as not using the event loop until the returned function is called. */
  private pause(userId: number): () => void {
    const s = this.state(userId, Date.now());
    s.idle++;
    this.idle++;
    let resumed = false;
    return () => {
      if (resumed) return;
      resumed = true;
      s.idle = Math.max(0, s.idle - 1);
      this.idle = Math.max(0, this.idle - 1);
    };
  }

  /** When no request uses the event loop, the call that has given way longest takes its turn. */
  private wake() {
    if (this.waiters.length && this.inFlight - this.idle <= 0) this.waiters[0]!.resolve();
  }

  /**
   * For long work done on the main thread step by step (the database queries of a recipe analysis, the pages of a
   * CSV export), called from within the request it belongs to: before its next step it gives way to the other
   * requests in flight, waiting until they are answered (or are waiting themselves) or `maxMs` has passed. A quick
   * call then waits for about one step of a long one, long calls take turns step by step, and a long call runs at
   * full speed whenever nobody else is there.
   */
  giveWay(userId: number, maxMs = 50): Promise<void> {
    // The caller's own request is one of those in flight.
    if (this.inFlight - this.idle <= 1 && !this.waiters.length) return Promise.resolve();
    const resume = this.pause(userId);
    return new Promise((resolve) => {
      const waiter = {
        userId,
        resolve: () => {
          clearTimeout(timer);
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resume();
          resolve();
        },
      };
      const timer = setTimeout(() => waiter.resolve(), maxMs);
      this.waiters.push(waiter);
      this.wake();
    });
  }

  /**
   * A 429 is about to be sent to this user: counts it, and answers how long to hold it first (0: send at once).
   * Pair a non-zero answer with `released` once it is sent or its client is gone.
   */
  refused(userId: number): number {
    const now = Date.now();
    const wasFlooding = this.flooding(userId, now);
    this.state(userId, now).refusals++;
    if (!wasFlooding || this.options.holdMs <= 0 || this.held >= this.options.maxHeld) return 0;
    this.held++;
    return this.options.holdMs;
  }

  /** A held refusal does not use the event loop: others' long calls need not give way to it. Returns `released`. */
  holding(userId: number): () => void {
    const resume = this.pause(userId);
    this.wake();
    return () => {
      resume();
      this.released();
    };
  }

  released(): void {
    if (this.held > 0) this.held--;
  }

  /** For tests and the metrics: what the door holds now. */
  snapshot(userId: number) {
    const s = this.users.get(userId);
    return { inFlight: s?.inFlight ?? 0, flooding: this.flooding(userId), held: this.held };
  }
}
