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
    expect([1, 2, 3, 4].map(() => door.enter(1))).toEqual([true, true, true, false]);
    expect(door.enter(2)).toBe(true);
    door.leave(1);
    expect(door.enter(1)).toBe(true);
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
    expect([1, 2, 3].map(() => door.enter(7))).toEqual([true, true, false]);
    door.leave(7);
    door.leave(7);
    // The window slides: half a window later half of the last window's refusals still count (1.5 < 3).
    vi.advanceTimersByTime(15_000);
    expect(door.snapshot(7).flooding).toBe(false);
    expect([1, 2, 3, 4].map(() => door.enter(7))).toEqual([true, true, true, true]);
    vi.advanceTimersByTime(30_000);
    expect(door.refused(7)).toBe(0);
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
