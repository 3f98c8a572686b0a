import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foodById } from '@app/nutrition/meal-plan/catalogue';
import { wholeNumber } from '@app/nutrition/numbers';
import { createTestApp, isErrorBody, type TestApp } from '../../../test/helpers.ts';
import { eq } from 'drizzle-orm';
import { favorite_foods, foods, meal_plans, plan_days } from '../../db/schema/index.ts';
import { makeUser, multiDayBody, waitForPlan, type TestUser } from './test-support.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let plan: any;

beforeAll(async () => {
  t = await createTestApp();
  alice = await makeUser(t, { timezone: 'Europe/Berlin' });
  bob = await makeUser(t);
  const res = await t.http.post('/meal-plans/multi-day', multiDayBody(), { token: alice.token });
  expect(res.status).toBe(202);
  expect(res.json).toMatchObject({ status: 'processing', days: 2, name: 'Test week', result: { total_days: 2, in_progress: true } });
  expect(res.json.task_id).toEqual(expect.any(Number));
  plan = await waitForPlan(t, alice.token, res.json.id);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const MEALS = ['breakfast', 'lunch', 'dinner', 'snack'] as const;

describe('multi-day plan generation', () => {
  it('completes with one plan day per day, dated from start_date, every meal filled and totals adding up', () => {
    expect(plan.status).toBe('completed');
    expect(plan.completed_at).toEqual(expect.any(String));
    expect(plan.error_message).toBeNull();
    expect(plan.result).toMatchObject({ days_completed: 2, total_days: 2, in_progress: false });
    expect(plan.result.daily_plans).toHaveLength(2);
    expect(plan.plan_days.map((d: any) => [d.day_number, d.date])).toEqual([[1, '2025-03-03'], [2, '2025-03-04']]);
    expect(plan.goals).toEqual({ calories: 2000, protein: 110, carbs: 230, fat: 70, fiber: 30 });
    for (const day of plan.plan_days) {
      expect(day.meal_plan_id).toBe(plan.id);
      let kcal = 0;
      for (const meal of MEALS) {
        const slot = day.meals[meal];
        expect(slot.foods.length).toBeGreaterThan(0);
        const sum = slot.foods.reduce((s: number, f: any) => s + f.calories, 0);
        expect(slot.total_calories).toBeCloseTo(sum, 0);
        for (const f of slot.foods) {
          expect(f).toMatchObject({ meal_type: meal, food_id: expect.stringMatching(/^usda-/), reasoning: expect.any(String) });
        }
        kcal += slot.total_calories;
      }
      expect(Math.abs(kcal - 2000) / 2000).toBeLessThan(0.15);
      // alternatives_enabled: foods come with swaps (a rare food may have none that fits).
      expect(MEALS.flatMap((m) => day.meals[m].foods).some((f: any) => f.alternatives.length > 0)).toBe(true);
    }
  });

  it('reports the generation task as completed with full progress, in the task lists too', async () => {
    const task = await t.http.get(`/meal-plan-tasks/${plan.task_id}`, { token: alice.token });
    expect(task.status).toBe(200);
    expect(task.json).toMatchObject({ id: plan.task_id, meal_plan_id: plan.id, task_type: 'generate', status: 'completed', progress: { days_completed: 2, total_days: 2, percent: 100 }, attempts: 1 });
    const list = await t.http.get('/task-list', { token: alice.token });
    expect(list.json.tasks.map((x: any) => x.id)).toContain(plan.task_id);
    expect(list.json.tasks[0]).toMatchObject({ meal_plan_name: expect.any(String), progress: expect.any(Object) });
    const all = await t.http.get('/meal-plan-tasks?status=completed', { token: alice.token });
    expect(all.json.total).toBeGreaterThanOrEqual(1);
    expect((await t.http.get('/task-list', { token: bob.token })).json).toMatchObject({ tasks: [], total: 0, active: 0 });
  });

  it('takes goals the body leaves out from settings, then from the defaults, and says so', async () => {
    const carol = await makeUser(t, { daily_calorie_goal: 1800, diet_types: ['vegetarian'], allergies: ['milk'] });
    const res = await t.http.post('/meal-plans/multi-day', multiDayBody({ days: 1, request_data: {} }), { token: carol.token });
    expect(res.status).toBe(202);
    // The unset macros share the 1,800 kcal (20/50/30), so they add up to the calorie goal, not to a 2,000 kcal day.
    expect(res.json.goals).toEqual({ calories: 1800, protein: 90, carbs: 225, fat: 60, fiber: 25 });
    expect(res.json.goals_note).toMatch(/protein 90 g, carbs 225 g, fat 60 g, fiber 25 g: used the default/);
    const done = await waitForPlan(t, carol.token, res.json.id);
    expect(done.status).toBe('completed');
    // The settings' diet and allergy are hard constraints on every food.
    for (const meal of MEALS) {
      for (const f of done.plan_days[0].meals[meal].foods) {
        const food = foodById(f.food_id)!;
        expect(food.allergens).not.toContain('milk');
        expect(food.diets).toContain('vegetarian');
      }
    }
  }, 120_000);
});

describe('favorite foods a plan prefers', () => {
  it('uses the list the client sends ([] prefers none: the switch off), and the saved favorites when it sends none', async () => {
    const dana = await makeUser(t);
    await t.app.db.insert(foods).values({ id: 'fav-oats', source: 'test', source_id: 'fav-oats', name: 'Rolled oats', search_text: 'rolled oats', calories: 379, protein: 13, carbs: 68, fat: 6.5, fiber: 10 } as never).onConflictDoNothing();
    await t.app.db.insert(favorite_foods).values([
      { user_id: dana.id, food_id: 'fav-oats', food_name: 'Rolled oats' },
      { user_id: dana.id, food_id: null, food_name: 'Grandma soup' },
    ]);
    const preferred = async (request_data: Record<string, unknown>) => {
      const res = await t.http.post('/meal-plans/multi-day', multiDayBody({ days: 1, request_data }), { token: dana.token });
      expect(res.status).toBe(202);
      await waitForPlan(t, dana.token, res.json.id);
      const [row] = await t.app.db.select({ request: meal_plans.request }).from(meal_plans).where(eq(meal_plans.id, res.json.id));
      return (row!.request as { favorite_food_ids: string[] }).favorite_food_ids;
    };
    expect(await preferred({})).toEqual(['fav-oats']);
    expect(await preferred({ favorite_foods: [] })).toEqual([]);
    expect(await preferred({ favorite_foods: [{ food_id: 'fav-oats' }] })).toEqual(['fav-oats']);
  }, 120_000);
});

describe('listing, reading, editing and deleting plans', () => {
  it('lists active plans by default with paging, and filters by status', async () => {
    const list = await t.http.get('/meal-plans', { token: alice.token });
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ total: 1, page: 1, per_page: 10 });
    expect(list.json.meal_plans[0]).toMatchObject({ id: plan.id, status: 'completed', result: { days_completed: 2, total_days: 2 } });
    expect((await t.http.get('/meal-plans?status=failed', { token: alice.token })).json.total).toBe(0);
    expect((await t.http.get('/meal-plans?status=all&page=2&per_page=1', { token: alice.token })).json).toMatchObject({ meal_plans: [], page: 2, per_page: 1 });
    const bad = await t.http.get('/meal-plans?status=bogus', { token: alice.token });
    expect(bad.status).toBe(422);
    expect(bad.json.detail.type).toBe('validation_error');
  });

  it('lists a failed plan that kept days among the active ones (usable data, spec §5), not one that kept none', async () => {
    const erin = await makeUser(t);
    const made = await t.http.post('/meal-plans/multi-day', multiDayBody({ days: 1 }), { token: erin.token });
    expect((await waitForPlan(t, erin.token, made.json.id)).status).toBe('completed');
    await t.app.db.update(meal_plans).set({ status: 'failed', error_message: 'Meal plan generation failed (Partial data recovered)' }).where(eq(meal_plans.id, made.json.id));
    const listed = await t.http.get('/meal-plans', { token: erin.token });
    expect(listed.json).toMatchObject({ total: 1, meal_plans: [{ id: made.json.id, status: 'failed', result: { days_completed: 1 } }] });
    await t.app.db.delete(plan_days).where(eq(plan_days.meal_plan_id, made.json.id));
    expect((await t.http.get('/meal-plans', { token: erin.token })).json).toMatchObject({ total: 0, meal_plans: [] });
    expect((await t.http.get('/meal-plans?status=failed', { token: erin.token })).json.total).toBe(1);
  }, 120_000);

  it('renames a plan', async () => {
    const res = await t.http.put(`/meal-plans/${plan.id}`, { name: 'Spring week' }, { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.json.name).toBe('Spring week');
  });

  it('swaps a food for one of its alternatives and recomputes the meal totals; swapping back restores it', async () => {
    const lunch = plan.plan_days[0].meals.lunch;
    const food = lunch.foods[0];
    const alt = food.alternatives[0];
    const res = await t.http.put(`/meal-plans/${plan.id}`, { swap: { day_number: 1, meal_type: 'lunch', plan_food_id: food.id, alternative_food_id: alt.food_id } }, { token: alice.token });
    expect(res.status).toBe(200);
    const slot = res.json.plan_days[0].meals.lunch;
    expect(slot.foods[0]).toMatchObject({ id: food.id, food_id: alt.food_id, name: alt.name, calories: alt.calories });
    expect(slot.foods[0].alternatives.map((a: any) => a.food_id)).toContain(food.food_id);
    expect(slot.total_calories).toBeCloseTo(lunch.total_calories - food.calories + alt.calories, 1);
    const back = await t.http.put(`/meal-plans/${plan.id}`, { swap: { day_number: 1, meal_type: 'lunch', food_id: alt.food_id, alternative_food_id: food.food_id } }, { token: alice.token });
    expect(back.json.plan_days[0].meals.lunch.total_calories).toBeCloseTo(lunch.total_calories, 1);
  });

  it('rejects a swap to a food that is not an alternative, and edits of days that do not exist (422)', async () => {
    const food = plan.plan_days[0].meals.dinner.foods[0];
    const res = await t.http.put(`/meal-plans/${plan.id}`, { swap: { day_number: 1, meal_type: 'dinner', plan_food_id: food.id, alternative_food_id: 'usda-99999' } }, { token: alice.token });
    expect(res.status).toBe(422);
    expect(res.json.detail.errors[0].loc).toEqual(['body', 'swap', 'alternative_food_id']);
    const noDay = await t.http.put(`/meal-plans/${plan.id}`, { portion: { day_number: 9, meal_type: 'dinner', plan_food_id: food.id, serving_size: 2 } }, { token: alice.token });
    expect(noDay.status).toBe(422);
    expect(noDay.json.detail.msg).toBe(`day_number must be between 1 and ${plan.days}`);
  });

  it('saves nothing of a refused edit: a rename sent with a bad swap or portion is not kept', async () => {
    const before = (await t.http.get(`/meal-plans/${plan.id}`, { token: alice.token })).json;
    const food = before.plan_days[0].meals.dinner.foods[0];
    const badSwap = await t.http.put(`/meal-plans/${plan.id}`, { name: 'Should not stick', swap: { day_number: 1, meal_type: 'dinner', plan_food_id: 'nope', alternative_food_id: 'usda-01012' } }, { token: alice.token });
    expect(badSwap.status).toBe(422);
    const goodPortionBadSwap = await t.http.put(
      `/meal-plans/${plan.id}`,
      { name: 'Nor this', portion: { day_number: 1, meal_type: 'dinner', plan_food_id: food.id, serving_size: food.serving_size * 2 }, swap: { day_number: 1, meal_type: 'dinner', plan_food_id: food.id, alternative_food_id: 'usda-99999' } },
      { token: alice.token },
    );
    expect(goodPortionBadSwap.status).toBe(422);
    const after = (await t.http.get(`/meal-plans/${plan.id}`, { token: alice.token })).json;
    expect(after.name).toBe(before.name);
    expect(after.plan_days).toEqual(before.plan_days);
  });

  it('computes a new portion from the food itself: shrinking to a crumb and back gives the first numbers again', async () => {
    const before = (await t.http.get(`/meal-plans/${plan.id}`, { token: alice.token })).json.plan_days[1].meals.lunch;
    const food = before.foods[0];
    const put = (serving_size: number) => t.http.put(`/meal-plans/${plan.id}`, { portion: { day_number: 2, meal_type: 'lunch', plan_food_id: food.id, serving_size } }, { token: alice.token });
    const crumb = (await put(0.01)).json.plan_days[1].meals.lunch.foods[0];
    expect(crumb.calories).toBeLessThan(food.calories);
    const back = (await put(food.serving_size)).json.plan_days[1].meals.lunch;
    for (const k of ['calories', 'protein', 'carbs', 'fat', 'fiber']) expect(back.foods[0][k], k).toBe(food[k]);
    expect(back.total_calories).toBe(before.total_calories);
  });

  it('changes a portion: the food macros scale and the meal totals follow', async () => {
    const before = (await t.http.get(`/meal-plans/${plan.id}`, { token: alice.token })).json.plan_days[1].meals.breakfast;
    const food = before.foods[0];
    const res = await t.http.put(`/meal-plans/${plan.id}`, { portion: { day_number: 2, meal_type: 'breakfast', plan_food_id: food.id, serving_size: food.serving_size * 2 } }, { token: alice.token });
    expect(res.status).toBe(200);
    const after = res.json.plan_days[1].meals.breakfast;
    expect(after.foods[0].calories).toBeCloseTo(food.calories * 2, 0);
    expect(after.total_calories).toBeCloseTo(before.total_calories + food.calories, 0);
    // The sentence of why the food is there names the new portion's energy, not the planned one's.
    expect(after.foods[0].reasoning).toContain(`${wholeNumber(after.foods[0].calories)} kcal`);
    expect(after.foods[0].reasoning).not.toBe(food.reasoning);
  });

  it('refuses a portion past what a log entry may hold (10,000 g, 20,000 kcal) and keeps the plan as it was', async () => {
    const before = (await t.http.get(`/meal-plans/${plan.id}`, { token: alice.token })).json.plan_days[1].meals.lunch;
    const food = before.foods[0];
    const res = await t.http.put(`/meal-plans/${plan.id}`, { portion: { day_number: 2, meal_type: 'lunch', plan_food_id: food.id, serving_size: 9999 } }, { token: alice.token });
    expect(res.status).toBe(422);
    expect(res.json.detail.msg).toMatch(/^A portion can (weigh at most 10,000 g|hold at most 20,000 kcal)/);
    expect(res.json.detail.errors[0].loc).toEqual(['body', 'portion', 'serving_size']);
    const after = (await t.http.get(`/meal-plans/${plan.id}`, { token: alice.token })).json.plan_days[1].meals.lunch;
    expect(after).toEqual(before);
  });

  it('answers 422 for bad bodies and ids', async () => {
    const cases: unknown[] = [{}, { days: 0 }, { days: 15 }, { days: 2.5 }, { days: 'two' }, multiDayBody({ plan_type: 'weekly' }), multiDayBody({ start_date: '03/03/2025' }), multiDayBody({ request_data: { nutritional_goals: { calories: -5 } } }), multiDayBody({ request_data: { meal_times: { lunch: '25:00' } } }), multiDayBody({ request_data: { diet_types: ['halal'] } }), multiDayBody({ request_data: { allergies: ['kryptonite'] } })];
    for (const body of cases) {
      const res = await t.http.post('/meal-plans/multi-day', body, { token: alice.token });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.detail.type).toBe('validation_error');
    }
    expect((await t.http.put(`/meal-plans/${plan.id}`, {}, { token: alice.token })).status).toBe(422);
    expect((await t.http.put(`/meal-plans/${plan.id}`, { status: 'completed' }, { token: alice.token })).status).toBe(422);
    expect((await t.http.get('/meal-plans/abc', { token: alice.token })).status).toBe(422);
    expect((await t.http.post(`/meal-plans/${plan.id}/tasks`, { day_number: 0 }, { token: alice.token })).status).toBe(422);
    expect((await t.http.post(`/meal-plans/${plan.id}/tasks`, { day_number: 3 }, { token: alice.token })).status).toBe(422);
    expect((await t.http.post(`/meal-plans/${plan.id}/tasks`, { day_number: 1, meal_type: 'brunch' }, { token: alice.token })).status).toBe(422);
  });

  it("answers 404 for another user's plan and tasks on every route, exactly like a missing one", async () => {
    const token = bob.token;
    const responses = await Promise.all([
      t.http.get(`/meal-plans/${plan.id}`, { token }),
      t.http.put(`/meal-plans/${plan.id}`, { name: 'mine now' }, { token }),
      t.http.del(`/meal-plans/${plan.id}`, { token }),
      t.http.post(`/meal-plans/${plan.id}/tasks`, { day_number: 1 }, { token }),
      t.http.get(`/meal-plans/${plan.id}/tasks/${plan.task_id}`, { token }),
      t.http.del(`/meal-plans/${plan.id}/tasks/${plan.task_id}`, { token }),
      t.http.get(`/meal-plan-tasks/${plan.task_id}`, { token }),
      t.http.del(`/meal-plan-tasks/${plan.task_id}`, { token }),
      t.http.post(`/meal-plans/${plan.id}/export?format=email`, { email: 'x@example.com', test_mode: true }, { token }),
      t.http.get('/meal-plans/999999', { token: alice.token }),
    ]);
    for (const res of responses) {
      expect(res.status).toBe(404);
      expect(isErrorBody(res)).toBe(true);
    }
    expect((await t.http.get(`/meal-plans/${plan.id}`, { token: alice.token })).json.name).toBe('Spring week');
    expect((await t.http.get('/meal-plans?status=all', { token })).json.total).toBe(0);
  });

  it('publishes every route in the OpenAPI document', async () => {
    const paths = Object.keys((await t.http.get('/openapi.json')).json.paths);
    for (const p of ['/api/v1/meal-plans/multi-day', '/api/v1/meal-plans/{id}', '/api/v1/meal-plans/{id}/export', '/api/v1/meal-plan-tasks/{id}', '/api/v1/task-list', '/api/v1/meal-plans/{id}/tasks/{taskId}', '/api/v1/recommendations/daily-meal-plan/request', '/api/v1/recommendations/what-to-eat']) {
      expect(paths).toContain(p);
    }
  });

  it('needs a token', async () => {
    expect((await t.http.get('/meal-plans')).status).toBe(401);
  });

  it('deletes a plan with its days and tasks', async () => {
    const res = await t.http.del(`/meal-plans/${plan.id}`, { token: alice.token });
    expect(res.status).toBe(204);
    expect((await t.http.get(`/meal-plans/${plan.id}`, { token: alice.token })).status).toBe(404);
    expect((await t.http.get(`/meal-plan-tasks/${plan.task_id}`, { token: alice.token })).status).toBe(404);
  });
});
