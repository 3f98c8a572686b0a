import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrontDoor } from './front-door.ts';

describe('FrontDoor', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-12-02T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('admits a user up to their share of requests at once, and another user is not counted with them', () => {
    const door = new FrontDoor({ perUser: 3 });
    const slots = [1, 2, 3, 4].map(() => door.enter(1));
    expect(slots.map(Boolean)).toEqual([true, true, true, false]);
    expect(door.enter(2)).toBeTruthy();
    slots[0]!();
    slots[0]!(); // given back once, however often it is called
    expect(door.enter(1)).toBeTruthy();
    expect(door.snapshot(1).inFlight).toBe(3);
  });

  it('answers a person who hits a limit at once, and holds the refusals of a user who keeps on', () => {
    const door = new FrontDoor({ floodRefusals: 5, holdMs: 800 });
    expect([1, 2, 3, 4, 5].map(() => door.refused(1))).toEqual([0, 0, 0, 0, 0]);
    expect(door.refused(1)).toBe(800);
    expect(door.refused(2)).toBe(0);
    expect(door.snapshot(1)).toMatchObject({ flooding: true, held: 1 });
    door.released();
    expect(door.snapshot(1).held).toBe(0);
  });

  it('lets a flooding user only a couple of requests in flight, and forgives them once they stop', () => {
    const door = new FrontDoor({ perUser: 10, perFloodingUser: 2, floodRefusals: 3, floodWindowMs: 10_000 });
    for (let i = 0; i < 3; i++) door.refused(7);
    const slots = [1, 2, 3].map(() => door.enter(7));
    expect(slots.map(Boolean)).toEqual([true, true, false]);
    slots[0]!();
    slots[1]!();
    // The window slides: half a window later half of the last window's refusals still count (1.5 < 3).
    vi.advanceTimersByTime(15_000);
    expect(door.snapshot(7).flooding).toBe(false);
    expect([1, 2, 3, 4].map(() => door.enter(7)).map(Boolean)).toEqual([true, true, true, true]);
    vi.advanceTimersByTime(30_000);
    expect(door.refused(7)).toBe(0);
  });

  it('gives way to the other requests in flight, but not for longer than asked', async () => {
    const door = new FrontDoor();
    const mine = door.enter(1)!;
    let done = false;
    void door.giveWay(1, 1_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true); // only its own request is in flight
    const other = door.enter(2)!;
    done = false;
    void door.giveWay(1, 1_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(false);
    other();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    const stuck = door.enter(3)!;
    done = false;
    void door.giveWay(1, 300).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(299);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    stuck();
    mine();
  });

  it('two long calls giving way take turns instead of waiting for each other, and a held refusal is not waited for', async () => {
    const door = new FrontDoor({ floodRefusals: 1 });
    const a = door.enter(1)!;
    const b = door.enter(2)!;
    const order: string[] = [];
    // Each request takes three steps, giving way before each, and ends (its slot given back).
    const steps = async (who: string, id: number, leave: () => void) => {
      for (let i = 0; i < 3; i++) {
        await door.giveWay(id, 10_000);
        order.push(who);
      }
      leave();
    };
    const both = Promise.all([steps('a', 1, a), steps('b', 2, b)]);
    await vi.advanceTimersByTimeAsync(0);
    await both;
    expect(order).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    const d = door.enter(1)!;
    const c = door.enter(3)!;
    door.refused(3);
    door.refused(3);
    const release = door.holding(3);
    let done = false;
    void door.giveWay(1, 10_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true); // user 3's only request is a refusal being held
    release();
    c();
    d();
  });

  it('sends refusals at once past the number it may hold, and never holds with holdMs 0', () => {
    const door = new FrontDoor({ floodRefusals: 1, holdMs: 500, maxHeld: 2 });
    door.refused(1);
    expect([door.refused(1), door.refused(1), door.refused(1)]).toEqual([500, 500, 0]);
    const off = new FrontDoor({ floodRefusals: 1, holdMs: 0 });
    off.refused(1);
    expect(off.refused(1)).toBe(0);
  });
});
