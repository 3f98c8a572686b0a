/**
 * Issue 42 §11: one fiber target. The nutrients answer (the food log's day card table and Insights) uses the user's fiber
 * goal when set, else the Adequate Intake for their sex and age, and says which; the day summary's goal is the same.
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

const DAY = '2025-05-06';
// Ages count from the server's today.
const YEAR = new Date().getFullYear();
type Row = { nutrient: string; reference_kind: string | null; target: number | null; percent_of_target: number | null; status: string; statement: string };

async function fiberRow(settings: Record<string, unknown>) {
  const { token } = await makeUser(t, { daily_calorie_goal: 2000, ...settings });
  await t.http.post('/food-logs', { food_name: 'Lentil stew', calories: 1900, fiber: 12, meal_type: 'lunch', date: DAY }, { token });
  const res = await t.http.get(`/insights/nutrients?days=1&end_date=${DAY}`, { token });
  expect(res.status).toBe(200);
  const summary = await t.http.get(`/food-logs/daily-summary/${DAY}`, { token });
  return { row: (res.json.nutrients as Row[]).find((n) => n.nutrient === 'fiber')!, dayGoal: summary.json.goals.fiber };
}

describe('GET /insights/nutrients: fiber against one target', () => {
  it('no fiber goal: the AI for the sex and age group (a 34-year-old man: 38 g)', async () => {
    const { row, dayGoal } = await fiberRow({ sex: 'male', birth_year: YEAR - 34 });
    expect(row).toMatchObject({ reference_kind: 'AI', target: 38, percent_of_target: 32, status: 'low' });
    expect(row.statement).toBe('Fiber: 12 g a day, 32 % of the AI of 38 g.');
    expect(dayGoal).toBe(0);
  });

  it("a fiber goal of 28 g is fiber's target, said to be the user's goal, the day summary's too", async () => {
    const { row, dayGoal } = await fiberRow({ sex: 'male', birth_year: YEAR - 34, daily_fiber_goal: 28 });
    expect(row).toMatchObject({ reference_kind: 'goal', target: 28, percent_of_target: 43, status: 'low' });
    expect(row.statement).toBe('Fiber: 12 g a day, 43 % of your goal of 28 g.');
    expect(dayGoal).toBe(28);
  });

  it('a goal of 0 is no goal: the AI (a woman of 55: 21 g)', async () => {
    const { row } = await fiberRow({ sex: 'female', birth_year: YEAR - 55, daily_fiber_goal: 0 });
    expect(row).toMatchObject({ reference_kind: 'AI', target: 21 });
  });
});
