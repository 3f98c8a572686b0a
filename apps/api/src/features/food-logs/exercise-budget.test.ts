/**
 * Issue 42 §9: the day's calorie budget is the goal plus the chosen share (0, 50 or 100 %) of the day's workout
 * calories, and the daily summary says how much exercise there was and how much of it was added.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeUser } from '../foods/test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = '2025-04-02';

/** A user with a 2,000 kcal goal, the given share, 1,200 kcal eaten on DAY and two workouts (300 + 150.4 kcal). */
async function userWith(pct: 0 | 50 | 100, goal: number | null = 2000) {
  const { token } = await makeUser(t, { daily_calorie_goal: goal, exercise_calories_back_pct: pct });
  await t.http.post('/food-logs', { food_name: 'Lunch', calories: 1200, meal_type: 'lunch', date: DAY }, { token });
  for (const [type, kcal] of [['Run', 300], ['Walk', 150.4]] as const) {
    const w = await t.http.post('/health-metrics/workout', { date: DAY, type, duration_min: 30, calories_burned: kcal }, { token });
    expect(w.status).toBe(201);
  }
  // Another day's workout and one without calories count for nothing here.
  await t.http.post('/health-metrics/workout', { date: '2025-04-01', type: 'Swim', duration_min: 40, calories_burned: 500 }, { token });
  await t.http.post('/health-metrics/workout', { date: DAY, type: 'Yoga', duration_min: 20 }, { token });
  return token;
}

const summary = async (token: string, date = DAY, query = '') => {
  const res = await t.http.get(`/food-logs/daily-summary/${date}${query}`, { token });
  expect(res.status).toBe(200);
  return res.json;
};

describe('GET /food-logs/daily-summary: exercise in the budget', () => {
  it('0 % (the default): the budget is the goal, and the exercise is still reported', async () => {
    const s = await summary(await userWith(0));
    expect(s).toMatchObject({ exercise_calories: 450, exercise_calories_back_pct: 0, exercise_calories_added: 0, calorie_budget: 2000 });
    expect(s.goals.calories).toBe(2000);
    expect(s.daily_totals.calories).toBe(1200);
  });

  it('50 %: half of the day’s workout calories is added to the goal', async () => {
    const s = await summary(await userWith(50));
    expect(s).toMatchObject({ exercise_calories: 450, exercise_calories_back_pct: 50, exercise_calories_added: 225, calorie_budget: 2225 });
    expect(s.goals.calories).toBe(2000);
  });

  it('100 %: all of it is added', async () => {
    const token = await userWith(100);
    expect(await summary(token)).toMatchObject({ exercise_calories: 450, exercise_calories_back_pct: 100, exercise_calories_added: 450, calorie_budget: 2450 });
    // The day before has only its own workout.
    expect(await summary(token, '2025-04-01')).toMatchObject({ exercise_calories: 500, exercise_calories_added: 500, calorie_budget: 2500 });
    // A day without workouts: nothing added.
    expect(await summary(token, '2025-04-03')).toMatchObject({ exercise_calories: 0, exercise_calories_added: 0, calorie_budget: 2000 });
    // A goal given for this answer only is the one exercise is added to.
    expect(await summary(token, DAY, `?goals=${encodeURIComponent(JSON.stringify({ calories: 1800 }))}`)).toMatchObject({ calorie_budget: 2250, exercise_calories_added: 450 });
  });

  it('follows a change of the workouts: a deleted workout leaves the budget', async () => {
    const token = await userWith(100);
    const list = await t.http.get(`/health-metrics/workout?start_date=${DAY}&end_date=${DAY}`, { token });
    const run = list.json.find((w: { type: string }) => w.type === 'Run');
    expect((await t.http.del(`/health-metrics/workout/${run.id}`, { token })).status).toBe(204);
    expect(await summary(token)).toMatchObject({ exercise_calories: 150, exercise_calories_added: 150, calorie_budget: 2150 });
  });

  it('no calorie goal: exercise is reported, nothing is added to a budget that does not exist', async () => {
    expect(await summary(await userWith(100, null))).toMatchObject({ goals: { calories: 0 }, exercise_calories: 450, exercise_calories_added: 0, calorie_budget: 0 });
  });

  it('a user with no settings row and no workouts gets zeros', async () => {
    const { token } = await makeUser(t);
    expect(await summary(token)).toMatchObject({ exercise_calories: 0, exercise_calories_back_pct: 0, exercise_calories_added: 0, calorie_budget: 0 });
  });

  it("another user's workouts never count", async () => {
    await userWith(100);
    const { token } = await makeUser(t, { daily_calorie_goal: 1800, exercise_calories_back_pct: 100 });
    expect(await summary(token)).toMatchObject({ exercise_calories: 0, calorie_budget: 1800 });
  });
});
