/**
 * The planner's child process: started by the first plan, gone after PLANNER_IDLE_MS without plan work
 * (so its memory goes back to the system), started again by the next plan; a child killed mid-plan
 * fails that attempt and the plan task is retried, as the product promises for any broken attempt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, waitFor, type TestApp } from '../../../test/helpers.ts';
import { makeUser, multiDayBody, waitForPlan, type TestUser } from './test-support.ts';
import { plannerProcess } from './planner-thread.ts';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ PLANNER_IDLE_MS: '1000' });
  user = await makeUser(t);
});
afterAll(async () => {
  await t?.close();
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the planner process', () => {
  it('exits after its idle period, and the next plan starts a new one', async () => {
    const first = await t.http.post('/meal-plans/multi-day', multiDayBody({ days: 3 }), { token: user.token });
    expect(first.status).toBe(202);
    // systemd stops a service by signalling all its processes at once (and Ctrl-C a terminal's): the
    // planner, once it has answered, leaves its end to the server, which stops its jobs between days.
    await waitFor(async () => {
      const plan = (await t.http.get(`/meal-plans/${first.json.id}`, { token: user.token })).json;
      return plan.status !== 'processing' || plan.result?.days_completed >= 1;
    }, 60_000, 20);
    const pid = plannerProcess()!.pid;
    process.kill(pid, 'SIGTERM');
    const done = await waitForPlan(t, user.token, first.json.id);
    expect(done).toMatchObject({ status: 'completed', error_message: null });
    expect(done.plan_days).toHaveLength(3);
    expect((await t.http.get(`/meal-plan-tasks/${done.task_id}`, { token: user.token })).json).toMatchObject({ status: 'completed', attempts: 1 });

    // One idle second later the process is gone, not merely unused.
    await waitFor(async () => !plannerProcess() && !alive(pid), 15_000, 50);

    const second = await t.http.post('/meal-plans/multi-day', multiDayBody({ days: 1 }), { token: user.token });
    const plan = await waitForPlan(t, user.token, second.json.id);
    expect(plan).toMatchObject({ status: 'completed', error_message: null });
    expect(plan.plan_days[0].meals.lunch.foods.length).toBeGreaterThan(0);
    // Today's plan and meal options use the same process.
    const options = await t.http.get('/recommendations/meal?meal_type=dinner&timestamp=2025-06-10T12:00:00Z', { token: user.token });
    expect(options.status).toBe(200);
    expect(options.json.options.length).toBeGreaterThan(0);
    const again = plannerProcess();
    if (again) expect(again.pid).not.toBe(pid);
  }, 120_000);

  it('retries a plan whose planner process was killed mid-solve, and completes it', async () => {
    const created = await t.http.post('/meal-plans/multi-day', multiDayBody({ days: 3 }), { token: user.token });
    expect(created.status).toBe(202);
    // Kill it while it works on a day of this plan (calls > 0), the way the OOM killer would.
    const busy = await waitFor(async () => {
      const p = plannerProcess();
      return p && p.calls > 0 ? p : null;
    }, 60_000, 5);
    process.kill(busy.pid, 'SIGKILL');

    const plan = await waitForPlan(t, user.token, created.json.id, 120_000);
    expect(plan).toMatchObject({ status: 'completed', error_message: null });
    expect(plan.plan_days).toHaveLength(3);
    const task = (await t.http.get(`/meal-plan-tasks/${plan.task_id}`, { token: user.token })).json;
    expect(task).toMatchObject({ status: 'completed', attempts: 2 });
    expect(alive(busy.pid)).toBe(false);
  }, 150_000);
});
