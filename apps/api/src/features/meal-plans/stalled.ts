/**
 * pg-boss 10 has no heartbeat, so a task whose worker died (killed process, lost connection) would
 * sit in `processing` until the job expires. This check (a cron queue every minute, and on read)
 * requeues such a task while attempts remain, and otherwise ends it with a clear message.
 */
import type { FastifyInstance } from 'fastify';
import { differenceInSeconds } from 'date-fns';
import { daysOf, findPlanById, stalledTasks, updateActiveTask, updatePlan, type TaskRow } from './repository.ts';
import { GENERATE_QUEUE, MAX_ATTEMPTS, enqueueTask, stallAfterMs } from './task-queue.ts';
import { finishFailed, PARTIAL } from './generator.ts';

const LIVE_JOB_STATES = new Set(['created', 'retry', 'active']);

export async function checkStalled(app: FastifyInstance, userId?: number, now = new Date()): Promise<number> {
  const candidates = await stalledTasks(app.db, new Date(now.getTime() - stallAfterMs(app)), userId);
  let handled = 0;
  for (const task of candidates) {
    // A queued task may wait behind other jobs for a long time; it is stalled only when its job is gone.
    if (task.status === 'queued' && task.job_id) {
      const job = await app.boss.getJobById(GENERATE_QUEUE, task.job_id).catch(() => null);
      if (job && LIVE_JOB_STATES.has(job.state)) continue;
    }
    if (task.job_id) await app.boss.cancel(GENERATE_QUEUE, task.job_id).catch(() => {});
    if (task.attempts < MAX_ATTEMPTS) {
      app.log.warn({ task_id: task.id, attempts: task.attempts }, 'meal plan task stalled, requeued');
      await enqueueTask(app, app.db, task);
    } else {
      await timeOut(app, task, now);
    }
    handled++;
  }
  return handled;
}

/** Spec §4: a timed-out plan that has days is completed with the partial-data message; without days it failed. */
async function timeOut(app: FastifyInstance, task: TaskRow, now: Date) {
  const seconds = differenceInSeconds(now, task.started_at ?? task.created_at);
  const message = `Meal plan generation timed out after ${seconds} seconds`;
  const plan = await findPlanById(app.db, task.meal_plan_id);
  if (!plan) return;
  const made = task.task_type === 'generate' ? (await daysOf(app.db, [plan.id])).length : 0;
  if (made > 0) {
    const row = await updateActiveTask(app.db, task.id, { status: 'failed', error_message: message, completed_at: now });
    if (row) await updatePlan(app.db, plan.id, { status: 'completed', error_message: message + PARTIAL, completed_at: now }, 'processing');
  } else {
    await finishFailed(app.db, task, plan, null, message);
  }
  app.log.warn({ task_id: task.id }, message);
}
