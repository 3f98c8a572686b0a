/**
 * Issue 8 item 7 (one user cannot starve the others' plans) and the failed plan's error_message
 * (never SQL text or parameters): attacks on the real queue, worker and database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { meal_plan_tasks } from '../../db/schema/index.ts';
import { makeUser, multiDayBody, waitForPlan } from './test-support.ts';
import { runTask } from './generator.ts';
import { findTaskById, insertPlanWithTask, insertTask } from './repository.ts';
import { PLANS_PER_DAY, REGENERATIONS_PER_DAY } from './service.ts';

/** Seeds old tasks without a quota of their own. */
const NO_QUOTA = { generate: true, limit: Number.MAX_SAFE_INTEGER };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('fair scheduling across users', () => {
  it("user A queues 6 plans, then user B one: B's plan runs right after A's first, and all of A's still complete", async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const aPlans: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.http.post('/meal-plans/multi-day', multiDayBody({ days: 2, name: `A ${i}` }), { token: a.token });
      expect(res.status).toBe(202);
      aPlans.push(res.json.id);
    }
    const bRes = await t.http.post('/meal-plans/multi-day', multiDayBody({ days: 1, name: 'B' }), { token: b.token });
    expect(bRes.status).toBe(202);
    const bPlan = await waitForPlan(t, b.token, bRes.json.id, 120_000);
    expect(bPlan.status).toBe('completed');
    const aDone = [];
    for (const id of aPlans) aDone.push(await waitForPlan(t, a.token, id, 180_000));
    expect(aDone.map((p) => p.status)).toEqual(Array(6).fill('completed'));
    // Ordering, not wall-clock: at most A's first plan (already running when B asked) finished before B's.
    const bAt = Date.parse(bPlan.completed_at);
    const aBefore = aDone.filter((p) => Date.parse(p.completed_at) < bAt);
    expect(aBefore.length).toBeLessThanOrEqual(1);
  }, 300_000);

  it("runs one task per user at a time: a task whose user's other task is running elsewhere waits in the queue (not refused)", async () => {
    const idle = await createTestApp({ WORKER: 'false' });
    try {
      const u = await makeUser(idle);
      const first = (await idle.http.post('/meal-plans/multi-day', multiDayBody({ days: 1 }), { token: u.token })).json;
      const second = (await idle.http.post('/meal-plans/multi-day', multiDayBody({ days: 1 }), { token: u.token })).json;
      // Another process runs the first task right now (fresh heartbeat).
      await idle.app.db.update(meal_plan_tasks).set({ status: 'processing', heartbeat_at: new Date(), attempts: 1 }).where(eq(meal_plan_tasks.id, first.task_id));
      const task = (await findTaskById(idle.app.db, second.task_id))!;
      const out = await runTask(idle.app, { id: task.job_id!, data: { task_id: task.id } }, { stopping: () => false });
      expect(out).toMatchObject({ deferred: expect.any(String) });
      const after = (await findTaskById(idle.app.db, second.task_id))!;
      expect(after).toMatchObject({ status: 'queued', attempts: 0 });
      expect(after.job_id).not.toBe(task.job_id);
      const job = await idle.app.boss.getJobById('meal-plans.generate', after.job_id!);
      expect(job?.state).toBe('created');
      // The slot frees up: the requeued job runs the task to the end.
      await idle.app.db.update(meal_plan_tasks).set({ status: 'completed' }).where(eq(meal_plan_tasks.id, first.task_id));
      expect(await runTask(idle.app, { id: after.job_id!, data: { task_id: task.id } }, { stopping: () => false })).toEqual({ done: true });
      expect((await idle.http.get(`/meal-plans/${second.id}`, { token: u.token })).json.status).toBe('completed');
    } finally {
      await idle.close();
    }
  }, 90_000);

  it(`answers 429 with a clear message past ${PLANS_PER_DAY} plans in 24 hours, counted in the database`, async () => {
    const idle = await createTestApp({ WORKER: 'false' });
    try {
      const u = await makeUser(idle);
      const plan = { user_id: u.id, name: 'old', days: 1, start_date: '2025-03-03', status: 'completed', goals: { calories: 2000, protein: 100, carbs: 250, fat: 67, fiber: 28 }, request: { diet_types: [], allergies: [], favorite_food_ids: [], meal_times: {}, seed: 1 } };
      const task = { user_id: u.id, task_type: 'generate', status: 'completed', total_days: 1, seed: 1 };
      // Five plans from yesterday do not count; nineteen from the last hours do.
      const yesterday = new Date(Date.now() - 25 * 3600_000);
      for (let i = 0; i < 5; i++) await insertPlanWithTask(idle.app.db, plan, { ...task, created_at: yesterday }, NO_QUOTA);
      for (let i = 0; i < PLANS_PER_DAY - 1; i++) await insertPlanWithTask(idle.app.db, plan, { ...task, created_at: new Date(Date.now() - 3600_000) }, NO_QUOTA);
      expect((await idle.http.post('/meal-plans/multi-day', multiDayBody({ days: 1 }), { token: u.token })).status).toBe(202);
      const over = await idle.http.post('/meal-plan-tasks', multiDayBody({ days: 1 }), { token: u.token });
      expect(over.status).toBe(429);
      expect(over.json.detail).toMatchObject({ type: 'rate_limited', msg: `You can create up to ${PLANS_PER_DAY} meal plans a day. Please try again later.` });
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(22 * 3600);
      // Nothing was created by the refused request; another user is unaffected.
      expect((await idle.http.get('/meal-plans?status=all&per_page=100', { token: u.token })).json.total).toBe(5 + PLANS_PER_DAY);
      const other = await makeUser(idle);
      expect((await idle.http.post('/meal-plans/multi-day', multiDayBody({ days: 1 }), { token: other.token })).status).toBe(202);
    } finally {
      await idle.close();
    }
  }, 90_000);

  it('parallel requests cannot slip past the allowance: counted under a lock that holds across processes', async () => {
    const idle = await createTestApp({ WORKER: 'false' });
    try {
      const u = await makeUser(idle);
      const plan = { user_id: u.id, name: 'old', days: 1, start_date: '2025-03-03', status: 'completed', goals: { calories: 2000, protein: 100, carbs: 250, fat: 67, fiber: 28 }, request: { diet_types: [], allergies: [], favorite_food_ids: [], meal_times: {}, seed: 1 } };
      const task = { user_id: u.id, task_type: 'generate', status: 'completed', total_days: 1, seed: 1 };
      for (let i = 0; i < PLANS_PER_DAY - 2; i++) await insertPlanWithTask(idle.app.db, plan, { ...task, created_at: new Date(Date.now() - 3600_000) }, NO_QUOTA);
      // Room for two more: twelve at once get two 202s and ten 429s (before: each saw room, 12 × 202).
      const answers = await Promise.all(Array.from({ length: 12 }, () => idle.http.post('/meal-plans/multi-day', multiDayBody({ days: 1 }), { token: u.token })));
      expect(answers.map((a) => a.status).sort()).toEqual([...Array(2).fill(202), ...Array(10).fill(429)]);
      expect((await idle.http.get('/meal-plans?status=all&per_page=100', { token: u.token })).json.total).toBe(PLANS_PER_DAY);

      // Regenerations, the same way: a completed plan, the allowance spent but one.
      const [done] = (await idle.app.db.execute(sql`select id from meal_plans where user_id = ${u.id} order by id limit 1`)).rows as { id: number }[];
      const regen = { user_id: u.id, meal_plan_id: done!.id, task_type: 'regenerate_day', status: 'completed', day_number: 1, total_days: 1, seed: 1, created_at: new Date(Date.now() - 60_000) };
      for (let i = 0; i < REGENERATIONS_PER_DAY - 1; i++) await insertTask(idle.app.db, regen, { generate: false, limit: Number.MAX_SAFE_INTEGER });
      const regens = await Promise.all(Array.from({ length: 6 }, () => idle.http.post(`/meal-plans/${done!.id}/tasks`, { day_number: 1 }, { token: u.token })));
      expect(regens.map((a) => a.status).sort()).toEqual([202, 429, 429, 429, 429, 429]);

      // Deleting plans does not give the allowance back (it did: the tasks it counted went with their plans).
      for (const p of (await idle.http.get('/meal-plans?status=all&per_page=5', { token: u.token })).json.meal_plans) {
        expect((await idle.http.del(`/meal-plans/${p.id}`, { token: u.token })).status).toBeLessThan(300);
      }
      expect((await idle.http.post('/meal-plans/multi-day', multiDayBody({ days: 1 }), { token: u.token })).status).toBe(429);
      expect((await idle.http.post(`/meal-plans/${done!.id}/tasks`, { day_number: 1 }, { token: u.token })).status).toBe(429);
    } finally {
      await idle.close();
    }
  }, 90_000);
});

describe('a failed plan tells the user, not the attacker', () => {
  it('a database failure ends the plan with a plain message: no SQL text, table names or parameters', async () => {
    const f = await createTestApp();
    try {
      // Force a failure inside the database on every day the generator writes.
      await f.app.db.execute(sql.raw(`create function fail_plan_day() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`));
      await f.app.db.execute(sql.raw(`create trigger fail_plan_day before insert or update on plan_days for each row execute function fail_plan_day()`));
      const u = await makeUser(f);
      const res = await f.http.post('/meal-plans/multi-day', multiDayBody({ days: 1, name: 'secret-name-xyz' }), { token: u.token });
      const plan = await waitForPlan(f, u.token, res.json.id, 120_000);
      expect(plan.status).toBe('failed');
      expect(plan.error_message).toBe('Meal plan generation failed. Please try again.');
      const task = (await f.http.get(`/meal-plan-tasks/${plan.task_id}`, { token: u.token })).json;
      expect(task.status).toBe('failed');
      for (const text of [plan.error_message, task.error_message]) {
        expect(text).not.toMatch(/insert|select|params|plan_days|injected|Failed query|\$\d/i);
      }
    } finally {
      await f.close();
    }
  }, 150_000);
});
