// Issue 39 items 4 and 5: one user's flood of meal suggestions or of today's plans must not take the planner from
// everyone else. The flooding user gets 429s; the other user is never refused and is served in turn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isErrorBody, waitFor, type TestApp } from '../../../test/helpers.ts';
import { makeUser, type TestUser } from '../meal-plans/test-support.ts';
import { DAILY_PLANS_IN_PROGRESS } from './routes.ts';

let t: TestApp;
let flooder: TestUser;
let bystander: TestUser;
const GOALS = { daily_calorie_goal: 2000, daily_protein_goal: 110, daily_carbs_goal: 230, daily_fat_goal: 70 };

beforeAll(async () => {
  t = await createTestApp();
  flooder = await makeUser(t, GOALS);
  bystander = await makeUser(t, GOALS);
  // Warm the planner's threads, so a thread's start-up (~1 s) is not part of what the tests see: the interactive pool
  // by a suggestion, and both threads of the background pool (today's plans) by two plans of two other users at once.
  await t.http.get('/recommendations/meal?meal_type=lunch', { token: bystander.token });
  const warmers = await Promise.all([makeUser(t, GOALS), makeUser(t, GOALS)]);
  const plans = await Promise.all(warmers.map((u) => t.http.post('/recommendations/daily-meal-plan/request?timestamp=2025-06-02T07:00:00Z', {}, { token: u.token })));
  await Promise.all(
    plans.map((p, i) =>
      waitFor(async () => (await t.http.get(`/recommendations/daily-meal-plan/status/${p.json.id}`, { token: warmers[i]!.token })).json.status === 'completed', 60_000, 100),
    ),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('meal suggestions under one user\'s flood', () => {
  it('the flooding user gets 429s with Retry-After; the other user is answered, not refused', async () => {
    const flood = Array.from({ length: 20 }, () => t.http.get('/recommendations/meal?meal_type=dinner', { token: flooder.token }));
    const mine = t.http.get('/recommendations/meal?meal_type=lunch', { token: bystander.token });
    const [answers, own] = await Promise.all([Promise.all(flood), mine]);
    expect(own.status).toBe(200);
    expect(own.json.options.length).toBeGreaterThan(0);
    const refused = answers.filter((a) => a.status === 429);
    const served = answers.filter((a) => a.status === 200);
    // One running and two waiting per user: the other 17 were refused at once.
    expect(served.length).toBeGreaterThanOrEqual(1);
    expect(served.length).toBeLessThanOrEqual(3);
    expect(refused.length).toBe(20 - served.length);
    for (const r of refused) {
      expect(isErrorBody(r)).toBe(true);
      expect(r.json.detail.type).toBe('rate_limited');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    // What-to-eat shares the allowance, and once the flood is over the flooding user is served again.
    expect((await t.http.post('/recommendations/what-to-eat', { meal_type: 'snack' }, { token: flooder.token })).status).toBe(200);
  }, 90_000);
});

describe("today's plans under one user's flood", () => {
  it(`refuses a user's request past ${DAILY_PLANS_IN_PROGRESS} being made, and makes another user's plan before the flooder's later ones`, async () => {
    // A flooder of its own: the suggestions flood above made `flooder` a flooding user at the front door (2 requests
    // in flight, lib/front-door.ts), which this test is not about.
    const planFlooder = await makeUser(t, GOALS);
    const ask = (u: TestUser) => t.http.post('/recommendations/daily-meal-plan/request?timestamp=2025-06-02T07:00:00Z', {}, { token: u.token });
    // All at once: never more than three are accepted, counted under one lock (on PostgreSQL a request that finds
    // the lock taken may be refused too, so fewer can be). Then, one after another at once, up to three in progress,
    // so the flooder has a third plan waiting when the other user asks.
    const flood = await Promise.all(Array.from({ length: DAILY_PLANS_IN_PROGRESS + 3 }, () => ask(planFlooder)));
    const accepted = flood.filter((r) => r.status === 202);
    const refused = flood.filter((r) => r.status === 429);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expect(accepted.length).toBeLessThanOrEqual(DAILY_PLANS_IN_PROGRESS);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.json.detail.msg).toMatch(/being made/);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    for (let i = 0; i < 10 && accepted.length < DAILY_PLANS_IN_PROGRESS; i++) {
      const more = await ask(planFlooder);
      if (more.status === 202) accepted.push(more);
    }
    const mine = await ask(bystander);
    expect(mine.status).toBe(202);
    const done = async (u: TestUser, id: number) =>
      waitFor(async () => {
        const s = await t.http.get(`/recommendations/daily-meal-plan/status/${id}`, { token: u.token });
        return s.json.status === 'completed' ? s.json : null;
      }, 60_000, 100);
    const own = await done(bystander, mine.json.id);
    const last = await done(planFlooder, Math.max(...accepted.map((r) => r.json.id as number)));
    // The other user's plan was asked for last, yet made before the flooder's last one.
    expect(new Date(own.completed_at).getTime()).toBeLessThanOrEqual(new Date(last.completed_at).getTime());
  }, 120_000);
});
