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
  /** Refusals in the current window and the one before (a sliding count of two fixed windows). */
  windowStart: number;
  refusals: number;
  previousRefusals: number;
}

export class FrontDoor {
  readonly options: FrontDoorOptions;
  private readonly users: LRUCache<number, UserState>;
  private held = 0;

  constructor(options: Partial<FrontDoorOptions> = {}) {
    this.options = { ...FRONT_DOOR_DEFAULTS, ...options };
    // Users with requests in flight are never evicted (their state is read again when they leave).
    this.users = new LRUCache<number, UserState>({ max: 100_000 });
  }

  private state(userId: number, now: number): UserState {
    let s = this.users.get(userId);
    if (!s) {
      s = { inFlight: 0, windowStart: now, refusals: 0, previousRefusals: 0 };
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

  /** Takes a slot for one request, or false when the user has all theirs in flight. Pair with `leave`. */
  enter(userId: number): boolean {
    const now = Date.now();
    const s = this.state(userId, now);
    const cap = this.flooding(userId, now) ? this.options.perFloodingUser : this.options.perUser;
    if (s.inFlight >= cap) return false;
    s.inFlight++;
    return true;
  }

  leave(userId: number): void {
    const s = this.users.get(userId);
    if (s && s.inFlight > 0) s.inFlight--;
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

  released(): void {
    if (this.held > 0) this.held--;
  }

  /** For tests and the metrics: what the door holds now. */
  snapshot(userId: number) {
    const s = this.users.get(userId);
    return { inFlight: s?.inFlight ?? 0, flooding: this.flooding(userId), held: this.held };
  }
}
