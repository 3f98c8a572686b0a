import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { createTestApp, httpClient, waitFor, type TestApp } from '../../../test/helpers.ts';
import { meal_plan_tasks, plan_days } from '../../db/schema/index.ts';
import { makeUser, multiDayBody, waitForPlan, type TestUser } from './test-support.ts';
import { runTask } from './generator.ts';
import { findTaskById } from './repository.ts';
import { GENERATE_QUEUE } from './task-queue.ts';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await makeUser(t);
});
afterAll(async () => {
  await t?.close();
});

const waitForTask = (http: TestApp['http'], token: string, path: string, done: (task: any) => boolean, ms = 90_000) =>
  waitFor(async () => {
    const res = await http.get(path, { token });
    return done(res.json) ? res.json : null;
  }, ms, 200);

describe('plan tasks on a running worker', () => {
  it('cancels a plan mid-generation: task and plan end cancelled and the job stops between days', async () => {
    const created = await t.http.post('/meal-plan-tasks', multiDayBody({ days: 7 }), { token: user.token });
    expect(created.status).toBe(202);
    expect(created.json).toMatchObject({ task_type: 'generate', status: 'queued', progress: { days_completed: 0, total_days: 7, percent: 0 } });
    const task = created.json;
    await waitForTask(t.http, user.token, `/meal-plan-tasks/${task.id}`, (x) => x.status === 'processing');
    const cancelled = await t.http.del(`/meal-plan-tasks/${task.id}`, { token: user.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe('cancelled');
    // Give the running handler time to notice; it must not complete the plan or keep adding days.
    await new Promise((r) => setTimeout(r, 5_000));
    const plan = (await t.http.get(`/meal-plans/${task.meal_plan_id}`, { token: user.token })).json;
    expect(plan.status).toBe('cancelled');
    expect(plan.result.days_completed).toBeLessThan(7);
    expect((await t.http.get(`/meal-plan-tasks/${task.id}`, { token: user.token })).json.status).toBe('cancelled');
    expect((await t.http.get('/meal-plans', { token: user.token })).json.meal_plans.map((p: any) => p.id)).not.toContain(plan.id);
    expect((await t.http.get('/meal-plans?status=cancelled', { token: user.token })).json.meal_plans[0].id).toBe(plan.id);
    // Cancelling again is harmless.
    expect((await t.http.del(`/meal-plan-tasks/${task.id}`, { token: user.token })).status).toBe(200);
  }, 60_000);

  it('cancels through PUT status, and refuses to cancel a finished plan (409)', async () => {
    const created = await t.http.post('/meal-plans/multi-day', multiDayBody({ days: 3 }), { token: user.token });
    const res = await t.http.put(`/meal-plans/${created.json.id}`, { status: 'cancelled' }, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('cancelled');
    const small = await t.http.post('/meal-plans/multi-day', multiDayBody({ days: 1 }), { token: user.token });
    await waitForPlan(t, user.token, small.json.id);
    const late = await t.http.put(`/meal-plans/${small.json.id}`, { status: 'cancelled' }, { token: user.token });
    expect(late.status).toBe(409);
    expect((await t.http.del(`/meal-plan-tasks/${small.json.task_id}`, { token: user.token })).status).toBe(409);
  }, 90_000);

  it('fails an impossible request with an error message the user can act on', async () => {
    const res = await t.http.post('/meal-plans/multi-day', multiDayBody({ days: 2, request_data: { nutritional_goals: { calories: 9500, protein: 900, carbs: 1400, fat: 650, fiber: 150 } } }), { token: user.token });
    const plan = await waitForPlan(t, user.token, res.json.id);
    expect(plan.status).toBe('failed');
    expect(plan.error_message).toMatch(/calorie goal/);
    expect(plan.result.days_completed).toBe(0);
    const task = (await t.http.get(`/meal-plan-tasks/${plan.task_id}`, { token: user.token })).json;
    expect(task).toMatchObject({ status: 'failed', error_message: expect.stringMatching(/calorie goal/), attempts: 1 });
  }, 60_000);

  it('regenerates one meal and one day as tasks, leaving the rest of the plan alone', async () => {
    const created = await t.http.post('/meal-plans/multi-day', multiDayBody({ days: 2 }), { token: user.token });
    const plan = await waitForPlan(t, user.token, created.json.id);
    const before = plan.plan_days[0].meals;
    const meal = await t.http.post(`/meal-plans/${plan.id}/tasks`, { day_number: 1, meal_type: 'lunch' }, { token: user.token });
    expect(meal.status).toBe(202);
    expect(meal.json).toMatchObject({ task_type: 'regenerate_meal', day_number: 1, meal_type: 'lunch', progress: { total_days: 1 } });
    const doneMeal = await waitForTask(t.http, user.token, `/meal-plans/${plan.id}/tasks/${meal.json.id}`, (x) => x.status === 'completed');
    expect(doneMeal.progress.percent).toBe(100);
    const after = (await t.http.get(`/meal-plans/${plan.id}`, { token: user.token })).json;
    expect(after.plan_days[0].meals.breakfast).toEqual(before.breakfast);
    expect(after.plan_days[0].meals.dinner).toEqual(before.dinner);
    expect(after.plan_days[0].meals.lunch.foods.map((f: any) => f.food_id)).not.toEqual(before.lunch.foods.map((f: any) => f.food_id));
    expect(after.plan_days[1]).toEqual(plan.plan_days[1]);

    const day = await t.http.post(`/meal-plans/${plan.id}/tasks`, { day_number: 2 }, { token: user.token });
    expect(day.json.task_type).toBe('regenerate_day');
    await waitForTask(t.http, user.token, `/meal-plans/${plan.id}/tasks/${day.json.id}`, (x) => x.status === 'completed');
    const again = (await t.http.get(`/meal-plans/${plan.id}`, { token: user.token })).json;
    expect(again.plan_days).toHaveLength(2);
    expect(again.plan_days[1].date).toBe('2025-03-04');
    expect(JSON.stringify(again.plan_days[1].meals)).not.toEqual(JSON.stringify(plan.plan_days[1].meals));
    // A task of this plan is not reachable under another plan's id.
    expect((await t.http.get(`/meal-plans/${plan.id + 1000}/tasks/${day.json.id}`, { token: user.token })).status).toBe(404);
  }, 120_000);
});

describe('durability', () => {
  it('is idempotent: the handler run twice for the same job writes one set of days', async () => {
    const idle = await createTestApp({ WORKER: 'false' });
    try {
      const u = await makeUser(idle);
      const created = await idle.http.post('/meal-plans/multi-day', multiDayBody({ days: 2 }), { token: u.token });
      const task = (await findTaskById(idle.app.db, created.json.task_id))!;
      const job = { id: task.job_id!, data: { task_id: task.id } };
      const opts = { stopping: () => false };
      await Promise.all([runTask(idle.app, job, opts), runTask(idle.app, job, opts)]);
      expect(await runTask(idle.app, job, opts)).toMatchObject({ skipped: expect.any(String) });
      const rows = await idle.app.db.select().from(plan_days).where(eq(plan_days.meal_plan_id, created.json.id));
      expect(rows.map((r) => r.day_number).sort()).toEqual([1, 2]);
      const plan = (await idle.http.get(`/meal-plans/${created.json.id}`, { token: u.token })).json;
      expect(plan).toMatchObject({ status: 'completed', result: { days_completed: 2 } });
    } finally {
      await idle.close();
    }
  }, 60_000);

  it('survives a server restart mid-job: the next process finishes the plan without redoing days', async () => {
    const r = await createTestApp();
    const u = await makeUser(r);
    const created = await r.http.post('/meal-plans/multi-day', multiDayBody({ days: 5 }), { token: u.token });
    await waitFor(async () => (await r.http.get(`/meal-plans/${created.json.id}`, { token: u.token })).json.result.days_completed >= 1, 60_000, 100);
    await r.app.close();
    const midway = await r.app.db.select().from(plan_days).where(eq(plan_days.meal_plan_id, created.json.id));
    expect(midway.length).toBeLessThan(5);

    const app2 = await buildApp({ config: r.config, database: r.database });
    r.app = app2;
    await app2.listen({ port: 0, host: '127.0.0.1' });
    const http = httpClient(`http://127.0.0.1:${(app2.server.address() as { port: number }).port}/api/v1`);
    try {
      const plan = await waitFor(async () => {
        const res = await http.get(`/meal-plans/${created.json.id}`, { token: u.token });
        return res.json.status !== 'processing' ? res.json : null;
      }, 90_000, 250);
      expect(plan.status).toBe('completed');
      expect(plan.plan_days.map((d: any) => d.day_number)).toEqual([1, 2, 3, 4, 5]);
      // Days made before the restart were kept, not regenerated.
      for (const d of midway) expect(plan.plan_days[d.day_number - 1].meals).toEqual(d.meals);
    } finally {
      await r.close();
    }
  }, 150_000);

  it('requeues a task whose worker died (stale heartbeat) and times out one with no attempts left', async () => {
    const a = await createTestApp({ WORKER: 'false' });
    const u = await makeUser(a);
    const one = (await a.http.post('/meal-plans/multi-day', multiDayBody({ days: 1 }), { token: u.token })).json;
    const two = (await a.http.post('/meal-plans/multi-day', multiDayBody({ days: 1 }), { token: u.token })).json;
    // What a killed worker leaves behind: its jobs active in pg-boss, its tasks processing, heartbeats long gone.
    await a.app.boss.fetch(GENERATE_QUEUE, { batchSize: 2 });
    const stale = new Date(Date.now() - 5 * 60_000);
    await a.app.db.update(meal_plan_tasks).set({ status: 'processing', attempts: 1, heartbeat_at: stale, started_at: stale }).where(eq(meal_plan_tasks.id, one.task_id));
    await a.app.db.update(meal_plan_tasks).set({ status: 'processing', attempts: 3, heartbeat_at: stale, started_at: stale }).where(eq(meal_plan_tasks.id, two.task_id));
    await a.app.close();

    const app2 = await buildApp({ config: { ...a.config, WORKER: true }, database: a.database });
    a.app = app2;
    await app2.listen({ port: 0, host: '127.0.0.1' });
    const http = httpClient(`http://127.0.0.1:${(app2.server.address() as { port: number }).port}/api/v1`);
    try {
      const done = await waitForTask(http, u.token, `/meal-plan-tasks/${one.task_id}`, (x) => x.status === 'completed');
      expect(done.attempts).toBe(2);
      expect((await http.get(`/meal-plans/${one.id}`, { token: u.token })).json.status).toBe('completed');
      const dead = (await http.get(`/meal-plan-tasks/${two.task_id}`, { token: u.token })).json;
      expect(dead).toMatchObject({ status: 'failed', error_message: expect.stringMatching(/^Meal plan generation timed out after \d+ seconds$/) });
      expect((await http.get(`/meal-plans/${two.id}`, { token: u.token })).json.status).toBe('failed');
    } finally {
      await a.close();
    }
  }, 120_000);
});
