// Issue 39: the embedded database serves its users in turns, not first come first served, and lets the event
// loop turn between a long run of statements.
import { requestContext } from '@fastify/request-context';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/helpers.ts';
import { FairOrder } from './fair-order.ts';

describe('FairOrder', () => {
  /** Calls that take `cost` ms of a fake clock, so that the order depends on the rule, not on the machine. */
  function fakeClock() {
    let t = 0;
    const ran: string[] = [];
    const call = (name: string, cost: number) => async () => {
      ran.push(name);
      t += cost;
      await new Promise((r) => setTimeout(r, 0));
      return name;
    };
    return { now: () => t, ran, call };
  }

  it("serves the share that has used the least of the database: a bystander's quick calls go ahead of a flood's slow ones", async () => {
    const clock = fakeClock();
    const order = new FairOrder(5, clock.now);
    const done = [
      ...Array.from({ length: 5 }, (_, i) => order.run('flood', clock.call(`a${i}`, 10))),
      ...Array.from({ length: 3 }, (_, i) => order.run('bystander', clock.call(`b${i}`, 1))),
    ];
    await Promise.all(done);
    // Turn by turn (round robin) it was a0 b0 a1 b1 a2 b2: each of the bystander's calls waited for a 10 ms one.
    expect(clock.ran).toEqual(['a0', 'b0', 'b1', 'b2', 'a1', 'a2', 'a3', 'a4']);
  });

  it('a share back from idle starts level with the others: no run of turns for the time it did not use', async () => {
    const clock = fakeClock();
    const order = new FairOrder(5, clock.now);
    await Promise.all(Array.from({ length: 10 }, (_, i) => order.run('a', clock.call(`early${i}`, 10))));
    clock.ran.length = 0;
    // Past the 5 ms slice, the next call waits for a turn of the event loop, so all six below are queued before one starts.
    await new Promise((r) => setTimeout(r, 20));
    await Promise.all([
      ...Array.from({ length: 3 }, (_, i) => order.run('a', clock.call(`a${i}`, 10))),
      ...Array.from({ length: 3 }, (_, i) => order.run('b', clock.call(`b${i}`, 10))),
    ]);
    expect(clock.ran).toEqual(['b0', 'a0', 'b1', 'a1', 'b2', 'a2']);
  });

  it('runs one call at a time and passes errors on without stopping the queue', async () => {
    const order = new FairOrder();
    let running = 0;
    let most = 0;
    const call = (fail: boolean) => async () => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 2));
      running--;
      if (fail) throw new Error('boom');
      return 'ok';
    };
    const results = await Promise.allSettled([order.run('a', call(true)), order.run('b', call(false)), order.run('a', () => { throw new Error('sync'); }), order.run('a', call(false))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect(most).toBe(1);
  });

  it("lets the event loop turn during one request's long run of statements that each settle at once", async () => {
    // PGlite settles a statement as a microtask: a request's run of them, one after another, never let a timer,
    // a static file or another answer through until it was done (the ingredients flood of bench:fairness).
    const order = new FairOrder();
    const statement = async () => {
      const until = performance.now() + 0.2;
      while (performance.now() < until);
    };
    await order.run('a', statement);
    let turnedAt = -1;
    let i = 1;
    setImmediate(() => (turnedAt = i));
    for (; i < 500; i++) await order.run('a', statement);
    // 500 × 0.2 ms = 100 ms of statements; the loop turned after the first slice (5 ms), not after all of them.
    expect(turnedAt).toBeGreaterThanOrEqual(1);
    expect(turnedAt).toBeLessThan(100);
  });
});

describe('whose turn a request takes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("a signed-in request's statements, before and after its body is read, are its user's; a sign-in is its network's", async (ctx) => {
    if (t.database.kind !== 'pglite') ctx.skip(); // PostgreSQL does not take turns
    const seen: string[] = [];
    t.database.shareBy(() => {
      const share = requestContext.get('dbShare');
      if (share) seen.push(share);
      return share;
    });
    const a = await createUser(t);
    const b = await createUser(t);
    expect(seen).toContain('net:127.0.0.1'); // registration and sign-in
    seen.length = 0;
    const day = new Date().toISOString().slice(0, 10);
    expect((await t.http.post('/food-logs', { food_name: 'Apple', calories: 95, meal_type: 'snack', date: day }, { token: a.token })).status).toBe(201);
    expect(new Set(seen)).toEqual(new Set([`user:${a.user.id}`]));
    seen.length = 0;
    expect((await t.http.get(`/food-logs/daily-summary/${day}`, { token: b.token })).status).toBe(200);
    expect(new Set(seen)).toEqual(new Set([`user:${b.user.id}`]));
  });
});
