import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FoodLogBatchSchema } from '@app/contracts';
import { createTestApp, isErrorBody, waitFor, type TestApp } from '../../../test/helpers.ts';
import { daily_meal_plans, food_logs, foods } from '../../db/schema/index.ts';
import { makeUser, type TestUser } from '../meal-plans/test-support.ts';

let t: TestApp;
let ny: TestUser;
const GOALS = { daily_calorie_goal: 2200, daily_protein_goal: 120, daily_carbs_goal: 250, daily_fat_goal: 75, daily_fiber_goal: 30 };

beforeAll(async () => {
  t = await createTestApp();
  ny = await makeUser(t, { timezone: 'America/New_York', ...GOALS });
});
afterAll(async () => {
  await t?.close();
});

/** A manual log entry (the food-logs feature's table), as if the user had logged it. */
async function logFood(userId: number, date: string, meal_type: string, kcal: number, protein: number, carbs: number, fat: number) {
  await t.app.db.insert(food_logs).values({ user_id: userId, food_name: `Test ${meal_type}`, calories: kcal, protein, carbohydrates: carbs, fat, meal_type, date });
}

async function requestDaily(user: TestUser, query: string, body?: unknown) {
  const res = await t.http.post(`/recommendations/daily-meal-plan/request?${query}`, body, { token: user.token });
  expect(res.status, res.text).toBe(202);
  expect(res.json).toEqual({ id: expect.any(Number), status: 'processing' });
  return waitFor(async () => {
    const s = await t.http.get(`/recommendations/daily-meal-plan/status/${res.json.id}`, { token: user.token });
    return s.json.status !== 'processing' ? s.json : null;
  }, 60_000, 250);
}

describe('daily meal plan', () => {
  it('answers 404 for latest before any plan exists', async () => {
    const res = await t.http.get('/recommendations/daily-meal-plan/latest', { token: ny.token });
    expect(res.status).toBe(404);
    expect(isErrorBody(res)).toBe(true);
  });

  it('plans the whole day in the morning, sized to the goals', async () => {
    // 11:00 UTC is 07:00 in New York (EDT).
    const status = await requestDaily(ny, 'timestamp=2025-06-02T11:00:00Z');
    expect(status.status).toBe('completed');
    const plan = status.plan;
    expect(plan).toMatchObject({ date: '2025-06-02', local_time: '07:00', planned_meals: ['breakfast', 'lunch', 'dinner', 'snack'], skipped_meals: [] });
    expect(plan.remaining_macros).toEqual({ calories: 2200, protein: 120, carbs: 250, fat: 75, fiber: 30 });
    for (const m of ['breakfast', 'lunch', 'dinner', 'snack']) expect(plan[m].foods.length).toBeGreaterThan(0);
    expect(Math.abs(plan.total_calories - 2200) / 2200).toBeLessThan(0.15);
    expect(plan.macro_distribution.protein + plan.macro_distribution.carbs + plan.macro_distribution.fat).toBeCloseTo(100, 0);
    expect(plan.personalized_notes.length).toBeGreaterThan(0);
    const latest = await t.http.get('/recommendations/daily-meal-plan/latest', { token: ny.token });
    expect(latest.json).toMatchObject({ id: status.id, status: 'completed' });
  }, 90_000);

  it('fills only what is left after logged food: logged and past meals are not re-planned', async () => {
    await logFood(ny.id, '2025-06-03', 'breakfast', 600, 30, 70, 20);
    const status = await requestDaily(ny, 'timestamp=2025-06-03T17:00:00Z&current_time=13:00', { meal_times: { lunch: '12:30', dinner: '18:30' } });
    expect(status.status).toBe('completed');
    const plan = status.plan;
    expect(plan.skipped_meals).toEqual([{ meal_type: 'breakfast', reason: 'logged' }]);
    expect(plan.breakfast.foods).toEqual([]);
    expect(plan.breakfast.notes).toBe('Already logged: 600 kcal.');
    expect(plan.logged).toMatchObject({ calories: 600, protein: 30, carbs: 70, fat: 20 });
    expect(plan.remaining_macros).toEqual({ calories: 1600, protein: 90, carbs: 180, fat: 55, fiber: 30 });
    // The rest of the day is sized to what is left, not to the whole goal.
    expect(Math.abs(plan.total_calories - 1600) / 1600).toBeLessThan(0.2);

    const evening = await requestDaily(ny, 'timestamp=2025-06-03T23:30:00Z');
    expect(evening.plan.local_time).toBe('19:30');
    expect(evening.plan.skipped_meals).toEqual([
      { meal_type: 'breakfast', reason: 'logged' },
      { meal_type: 'lunch', reason: 'past' },
    ]);
    expect(evening.plan.planned_meals).toEqual(['dinner', 'snack']);
    expect(evening.plan.lunch.notes).toMatch(/has passed/);
  }, 120_000);

  it("uses the user's time zone for 'today': late evening in New York is still yesterday in UTC terms", async () => {
    await logFood(ny.id, '2025-06-04', 'dinner', 900, 40, 80, 40);
    // 02:00 UTC on the 5th is 22:00 on the 4th in New York.
    const status = await requestDaily(ny, 'timestamp=2025-06-05T02:00:00Z');
    expect(status.plan).toMatchObject({ date: '2025-06-04', local_time: '22:00', logged: { calories: 900 } });
  }, 60_000);

  it('fails a plan that cannot be made, with the reason', async () => {
    const greedy = await makeUser(t, { daily_calorie_goal: 9500, daily_protein_goal: 900, daily_carbs_goal: 1400, daily_fat_goal: 650 });
    const status = await requestDaily(greedy, 'current_time=06:00');
    expect(status.status).toBe('failed');
    expect(status.plan).toBeNull();
    expect(status.error_message).toMatch(/calorie goal/);
  }, 60_000);

  it('reports a request whose job never finished as timed out (spec §8 message)', async () => {
    // What a request looks like when its worker died two minutes ago and no retry picked it up.
    const [row] = await t.app.db
      .insert(daily_meal_plans)
      .values({ user_id: ny.id, date: '2025-06-06', local_time: '09:00', meal_times: {}, seed: 1, created_at: new Date(Date.now() - 5 * 60_000) })
      .returning();
    const res = await t.http.get(`/recommendations/daily-meal-plan/status/${row!.id}`, { token: ny.token });
    expect(res.json).toMatchObject({ status: 'failed', error_message: 'Meal plan generation timed out', plan: null });
  });

  it('keeps requests private and rejects bad input', async () => {
    const other = await makeUser(t);
    const mine = await t.http.post('/recommendations/daily-meal-plan/request', undefined, { token: ny.token });
    expect(mine.status).toBe(202);
    const res = await t.http.get(`/recommendations/daily-meal-plan/status/${mine.json.id}`, { token: other.token });
    expect(res.status).toBe(404);
    expect(isErrorBody(res)).toBe(true);
    expect((await t.http.get('/recommendations/daily-meal-plan/latest', { token: other.token })).status).toBe(404);
    expect((await t.http.get('/recommendations/daily-meal-plan/status/abc', { token: ny.token })).status).toBe(422);
    expect((await t.http.post('/recommendations/daily-meal-plan/request?timestamp=yesterday', {}, { token: ny.token })).status).toBe(422);
    expect((await t.http.post('/recommendations/daily-meal-plan/request', { meal_times: { lunch: '25:00' } }, { token: ny.token })).status).toBe(422);
    expect((await t.http.post('/recommendations/daily-meal-plan/request', { dinner: 7 }, { token: ny.token })).status).toBe(422);
  });
});

describe('what to eat', () => {
  it('offers 3 options for a meal, each with foods, totals, reasons and a ready-to-log entry', async () => {
    const res = await t.http.get('/recommendations/meal?meal_type=lunch&timestamp=2025-06-10T16:00:00Z', { token: ny.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ meal_type: 'lunch', date: '2025-06-10', message: null });
    expect(res.json.options).toHaveLength(3);
    const mains = new Set(res.json.options.map((o: any) => o.foods[0].food_id));
    expect(mains.size).toBe(3);
    for (const o of res.json.options) {
      expect(o.foods.length).toBeGreaterThan(0);
      expect(o.total_calories).toBeCloseTo(o.foods.reduce((s: number, f: any) => s + f.calories, 0), 0);
      expect(o.reasons.length).toBeGreaterThan(0);
      for (const f of o.foods) expect(f.log_entry).toMatchObject({ food_id: f.food_id, meal_type: 'lunch', date: '2025-06-10', number_of_servings: 1, serving: { grams: expect.any(Number) } });
    }
    // "Log this" goes straight to POST /food-logs/batch.
    expect(FoodLogBatchSchema.safeParse(res.json.options[0].foods.map((f: any) => f.log_entry)).success).toBe(true);
  }, 60_000);

  it('picks the next meal by the clock and sizes it to what is left', async () => {
    const res = await t.http.post('/recommendations/what-to-eat', { timestamp: '2025-06-11T22:30:00Z', count: 4 }, { token: ny.token });
    expect(res.status).toBe(200);
    expect(res.json.meal_type).toBe('dinner');
    expect(res.json.options.length).toBeGreaterThanOrEqual(3);
    expect(res.json.options.length).toBeLessThanOrEqual(4);
    const withMeal = await t.http.post('/recommendations/what-to-eat', { meal_type: 'snack' }, { token: ny.token });
    expect(withMeal.json.meal_type).toBe('snack');
    for (const o of withMeal.json.options) expect(o.total_calories).toBeLessThan(450);
  }, 60_000);

  it('says so when the day is already full, and rejects bad input', async () => {
    await logFood(ny.id, '2025-06-12', 'lunch', 2300, 120, 250, 80);
    const full = await t.http.get('/recommendations/meal?meal_type=dinner&timestamp=2025-06-12T22:00:00Z', { token: ny.token });
    expect(full.json).toMatchObject({ options: [], message: expect.stringMatching(/reached/) });
    expect(full.json.remaining_macros.calories).toBe(-100);
    expect((await t.http.get('/recommendations/meal?meal_type=brunch', { token: ny.token })).status).toBe(422);
    expect((await t.http.get('/recommendations/meal?count=9', { token: ny.token })).status).toBe(422);
    expect((await t.http.post('/recommendations/what-to-eat', { meal_type: 'supper' }, { token: ny.token })).status).toBe(422);
    expect((await t.http.get('/recommendations/meal')).status).toBe(401);
  });
});

describe('what to eat: fits, skips logged meals, knows what was logged (issue 10 item 3)', () => {
  it('never offers the meal already logged when none is asked for, and lists what is logged', async () => {
    const u = await makeUser(t, { timezone: 'America/New_York', ...GOALS });
    await logFood(u.id, '2025-06-13', 'lunch', 700, 40, 80, 20);
    // 12:40 in New York: lunch time by the clock, but lunch is logged.
    const res = await t.http.post('/recommendations/what-to-eat', { timestamp: '2025-06-13T16:40:00Z' }, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.json.meal_type).not.toBe('lunch');
    expect(res.json.logged_meals).toEqual([{ meal_type: 'lunch', calories: 700, food_ids: [] }]);
  }, 60_000);

  it('offers only options that fit what is left, or says plainly that nothing fits and shows the closest', async () => {
    const u = await makeUser(t, { timezone: 'America/New_York', ...GOALS });
    // 2,200 kcal goal, 2,050 eaten: 150 kcal left, carbs 10 g over already.
    await logFood(u.id, '2025-06-14', 'breakfast', 900, 50, 120, 30);
    await logFood(u.id, '2025-06-14', 'lunch', 1150, 60, 140, 40);
    const res = await t.http.post('/recommendations/what-to-eat', { meal_type: 'dinner', timestamp: '2025-06-14T22:00:00Z' }, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.json.remaining_macros).toMatchObject({ calories: 150, carbs: -10 });
    const left = res.json.remaining_macros.calories;
    if (res.json.options.length === 1 && !res.json.options[0].fits) {
      expect(res.json.message).toMatch(/^Nothing fits the 150 kcal left today; the closest option is shown\.$/);
      expect(res.json.options[0].reasons.join(' ')).toMatch(/\d+ kcal over what is left today/);
    } else {
      expect(res.json.options.length).toBeGreaterThan(0);
      for (const o of res.json.options) {
        expect(o.fits).toBe(true);
        expect(o.total_calories).toBeLessThanOrEqual(left + Math.max(5, left * 0.05));
        expect(o.reasons.join(' ')).not.toMatch(/Leaves -|fits the/);
      }
    }
  }, 60_000);

  it('after logging an option, asking again tells which foods of that meal are logged', async () => {
    const u = await makeUser(t, { timezone: 'America/New_York', ...GOALS });
    const first = await t.http.post('/recommendations/what-to-eat', { meal_type: 'breakfast', timestamp: '2025-06-15T11:00:00Z' }, { token: u.token });
    const option = first.json.options[0];
    expect(option).toMatchObject({ fits: true, logged: false });
    // The tests run without the seeded food table: the option's foods go in as rows first, then the client's "Log this".
    for (const f of option.foods) {
      await t.app.db.insert(foods).values({ id: f.food_id, source: 'test', source_id: f.food_id, name: f.name, search_text: f.name.toLowerCase(), calories: f.calories, protein: f.protein, carbs: f.carbs, fat: f.fat, fiber: f.fiber } as never).onConflictDoNothing();
    }
    const logged = await t.http.post('/food-logs/batch', option.foods.map((f: any) => f.log_entry), { token: u.token });
    expect(logged.status, logged.text).toBe(201);
    const again = await t.http.post('/recommendations/what-to-eat', { meal_type: 'breakfast', timestamp: '2025-06-15T11:05:00Z' }, { token: u.token });
    expect(again.status).toBe(200);
    const entry = again.json.logged_meals.find((m: any) => m.meal_type === 'breakfast');
    expect(entry.food_ids.slice().sort()).toEqual([...new Set(option.foods.map((f: any) => f.food_id))].sort());
    expect(again.json.message).toMatch(/You already logged breakfast today/);
    // Without a meal type, the logged breakfast is skipped.
    const next = await t.http.post('/recommendations/what-to-eat', { timestamp: '2025-06-15T11:05:00Z' }, { token: u.token });
    expect(next.json.meal_type).not.toBe('breakfast');
  }, 90_000);
});
