/**
 * Issue 40 item 5: one logged item no longer marks a whole meal as done. A meal is done when what is logged in it
 * reaches 80 % of its share of the day (the planner's meal split) or its time has passed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mealProgress, MEAL_DONE_FRACTION } from '@app/nutrition';
import { createTestApp, waitFor, type TestApp } from '../../../test/helpers.ts';
import { food_logs } from '../../db/schema/index.ts';
import { makeUser } from '../meal-plans/test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const GOALS = { daily_calorie_goal: 2000, daily_protein_goal: 110, daily_carbs_goal: 230, daily_fat_goal: 70, daily_fiber_goal: 30 };

describe('meal shares of the day', () => {
  it('splits the day by the planner split and calls a meal done at 80 % of its share', () => {
    const p = mealProgress(2000, { lunch: 500, dinner: 100, snack: 135 });
    expect(MEAL_DONE_FRACTION).toBe(0.8);
    expect(Math.round(p.breakfast.share + p.lunch.share + p.dinner.share + p.snack.share)).toBe(2000);
    expect(Math.round(p.dinner.share)).toBe(696); // 800 / 2300 of the day
    expect(p.lunch.done).toBe(true); // 500 of 609 kcal
    expect(p.dinner).toMatchObject({ done: false, logged: 100 });
    expect(Math.round(p.dinner.left)).toBe(596);
    expect(p.snack.done).toBe(false); // 135 of 261 kcal
    expect(p.breakfast.done).toBe(false); // nothing logged
  });
});

describe('daily plan with partly logged meals (issue 40 item 5)', () => {
  it('at 11:00 with dinner ahead and 765 kcal left, the plan is not empty: dinner and the snack get what is left', async () => {
    const u = await makeUser(t, { timezone: 'UTC', ...GOALS });
    const date = '2025-07-01';
    const log = (meal_type: string, calories: number, protein: number, carbohydrates: number, fat: number) =>
      t.app.db.insert(food_logs).values({ user_id: u.id, food_name: `Test ${meal_type}`, calories, protein, carbohydrates, fat, meal_type, date });
    // 1,235 kcal logged, one item in each meal: 765 kcal of 2,000 left.
    await log('breakfast', 500, 25, 60, 18);
    await log('lunch', 500, 30, 55, 17);
    await log('snack', 135, 3, 20, 5);
    await log('dinner', 100, 2, 12, 5);
    const req = await t.http.post(`/recommendations/daily-meal-plan/request?timestamp=${date}T11:00:00Z`, undefined, { token: u.token });
    expect(req.status, req.text).toBe(202);
    const status = await waitFor(async () => {
      const s = await t.http.get(`/recommendations/daily-meal-plan/status/${req.json.id}`, { token: u.token });
      return s.json.status !== 'processing' ? s.json : null;
    }, 60_000, 250);
    expect(status.status, status.error_message).toBe('completed');
    const plan = status.plan;
    expect(plan.local_time).toBe('11:00');
    expect(plan.remaining_macros.calories).toBe(765);
    expect(plan.skipped_meals).toEqual([
      { meal_type: 'breakfast', reason: 'logged' },
      { meal_type: 'lunch', reason: 'logged' },
    ]);
    expect(plan.planned_meals).toEqual(['dinner', 'snack']);
    expect(plan.dinner.foods.length).toBeGreaterThan(0);
    expect(plan.snack.foods.length).toBeGreaterThan(0);
    expect(plan.dinner.notes).toMatch(/^Logged so far: 100 of about 696 kcal/);
    // What is planned fills what is left of the day, most of it at dinner.
    expect(Math.abs(plan.total_calories - 765) / 765).toBeLessThan(0.15);
    expect(plan.dinner.total_calories).toBeGreaterThan(plan.snack.total_calories);
  }, 90_000);
});
