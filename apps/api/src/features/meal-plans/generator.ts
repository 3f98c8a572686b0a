/**
 * The job handler: generates a plan day by day (or regenerates one day or meal). It is idempotent
 * (days are upserted by (plan, day) and days already stored are skipped, so a retried or duplicated
 * run resumes instead of starting over), fenced by the task's job_id, beats a heartbeat while it
 * works, and checks for cancellation between days.
 */
import { addDays, format, parseISO } from 'date-fns';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { meal_plan_tasks } from '../../db/schema/index.ts';
import { PlanInfeasibleError, type Meals, type MealType, type PlanInputs, type StoredDay } from './planner.ts';
import { planPlanDayOffThread as planPlanDay, replanOffThread as replan } from './planner-thread.ts';
import { ACTIVE_TASK, daysOf, findPlanById, findTaskById, runningTaskCount, updateActiveTask, updateOwnedTask, updatePlan, upsertDay, type MealPlanRow, type TaskRow } from './repository.ts';
import { DEFER_SECONDS, enqueueTask, heartbeatMs, MAX_ATTEMPTS, RUNNING_PER_USER, stallAfterMs, type TaskJobData } from './task-queue.ts';

/** The run lost the task: cancelled, deleted, or handed to another job by the stalled-task check. */
class RunStopped extends Error {}
/** The process is shutting down: the job fails now and pg-boss retries it in the next process. */
export class ShuttingDown extends Error {}

export interface RunOptions {
  stopping: () => boolean;
}

export const GENERATION_FAILED = 'Meal plan generation failed';
export const PARTIAL = ' (Partial data recovered)';
/** What the user reads when generation broke for a reason that is ours, not their request's. */
export const GENERATION_FAILED_USER = `${GENERATION_FAILED}. Please try again.`;
const RETRYING_USER = 'Something went wrong; trying again.';

export async function runTask(app: FastifyInstance, job: { id: string; data: TaskJobData }, opts: RunOptions) {
  const db = app.db;
  const task = await findTaskById(db, job.data.task_id);
  if (!task || !(ACTIVE_TASK as readonly string[]).includes(task.status)) return { skipped: 'task finished or deleted' };
  if (task.job_id && task.job_id !== job.id) return { skipped: 'task belongs to another job' };
  const plan = await findPlanById(db, task.meal_plan_id);
  if (!plan) return { skipped: 'plan deleted' };
  if (task.attempts >= MAX_ATTEMPTS) {
    await finishFailed(db, task, plan, job.id, `${GENERATION_FAILED} after ${task.attempts} attempts`);
    return { failed: 'attempts exhausted' };
  }
  // The user's slot is taken (another process runs their other task): wait in the queue, not refused.
  if ((await runningTaskCount(db, task.user_id, task.id, new Date(Date.now() - stallAfterMs(app)))) >= RUNNING_PER_USER) {
    await enqueueTask(app, db, task, { startAfterSeconds: DEFER_SECONDS });
    return { deferred: 'user already has a running task' };
  }
  const claimed = await claim(db, task.id, job.id);
  if (!claimed) return { skipped: 'could not claim task' };

  const beat = setInterval(() => void updateOwnedTask(db, task.id, job.id, { heartbeat_at: new Date() }).catch(() => {}), heartbeatMs(app));
  try {
    if (claimed.task_type === 'generate') await generate(db, claimed, plan, job.id, opts);
    else await regenerate(db, claimed, plan, job.id);
    return { done: true };
  } catch (err) {
    if (err instanceof RunStopped) return { stopped: true };
    if (err instanceof ShuttingDown) {
      // Not the task's fault: give the attempt back and let pg-boss run the job again in the next process.
      await updateOwnedTask(db, task.id, job.id, { status: 'queued', attempts: Math.max(0, claimed.attempts - 1) });
      throw err;
    }
    // Only our own infeasibility messages are written for the user; anything else (a database error
    // carries its SQL text and parameters) goes to the server log and the user sees a plain sentence.
    const final = err instanceof PlanInfeasibleError || claimed.attempts >= MAX_ATTEMPTS;
    if (final) {
      if (!(err instanceof PlanInfeasibleError)) app.log.error({ err, task_id: task.id }, 'meal plan task failed');
      const msg = err instanceof PlanInfeasibleError ? err.message : GENERATION_FAILED_USER;
      await finishFailed(db, claimed, plan, job.id, msg);
      return { failed: msg };
    }
    app.log.warn({ err, task_id: task.id }, 'meal plan task failed, will retry');
    await updateOwnedTask(db, task.id, job.id, { status: 'queued', error_message: RETRYING_USER });
    throw err;
  } finally {
    clearInterval(beat);
  }
}

async function claim(db: Db, id: number, jobId: string): Promise<TaskRow | null> {
  const now = new Date();
  const [row] = await db
    .update(meal_plan_tasks)
    .set({
      status: 'processing',
      job_id: jobId,
      attempts: sql`${meal_plan_tasks.attempts} + 1`,
      heartbeat_at: now,
      started_at: sql`coalesce(${meal_plan_tasks.started_at}, now())`,
      updated_at: now,
    })
    .where(
      and(
        eq(meal_plan_tasks.id, id),
        inArray(meal_plan_tasks.status, [...ACTIVE_TASK]),
        or(isNull(meal_plan_tasks.job_id), eq(meal_plan_tasks.job_id, jobId)),
      ),
    )
    .returning();
  return row ?? null;
}

export function inputsOf(plan: MealPlanRow, seed: number): PlanInputs {
  return {
    goals: plan.goals,
    diet_types: plan.request.diet_types,
    allergies: plan.request.allergies,
    favorite_food_ids: plan.request.favorite_food_ids,
    alternatives_enabled: plan.alternatives_enabled,
    seed,
    start_date: plan.start_date,
  };
}

const stored = (rows: { day_number: number; meals: unknown }[]): StoredDay[] => rows.map((r) => ({ day_number: r.day_number, meals: r.meals as Meals }));

/** Between days: still ours and not cancelled? */
async function stillOwned(db: Db, task: TaskRow, jobId: string, opts?: RunOptions) {
  const now = await findTaskById(db, task.id);
  if (!now || now.job_id !== jobId || !(ACTIVE_TASK as readonly string[]).includes(now.status)) throw new RunStopped();
  if (opts?.stopping()) throw new ShuttingDown('worker is shutting down');
}

async function generate(db: Db, task: TaskRow, plan: MealPlanRow, jobId: string, opts: RunOptions) {
  const inputs = inputsOf(plan, plan.request.seed);
  for (let d = 1; d <= plan.days; d++) {
    await stillOwned(db, task, jobId, opts);
    const days = await daysOf(db, [plan.id]);
    if (days.some((x) => x.day_number === d)) continue;
    const { date, meals } = await planPlanDay({ userId: task.user_id, background: true }, inputs, d, stored(days));
    // Again after the solver's seconds: a plan cancelled meanwhile keeps the days it had (a cancelled plan gained
    // one more day after the answer to its cancellation).
    await stillOwned(db, task, jobId, opts);
    await upsertDay(db, plan.id, d, date, meals);
    await updateOwnedTask(db, task.id, jobId, { days_completed: days.length + 1, heartbeat_at: new Date() });
  }
  await stillOwned(db, task, jobId);
  const now = new Date();
  await updatePlan(db, plan.id, { status: 'completed', completed_at: now, error_message: null }, 'processing');
  await updateOwnedTask(db, task.id, jobId, { status: 'completed', days_completed: plan.days, completed_at: now, heartbeat_at: now, error_message: null });
}

export function dateOfDay(plan: Pick<MealPlanRow, 'start_date'>, dayNumber: number) {
  return format(addDays(parseISO(plan.start_date), dayNumber - 1), 'yyyy-MM-dd');
}

async function regenerate(db: Db, task: TaskRow, plan: MealPlanRow, jobId: string) {
  const dayNumber = task.day_number!;
  await stillOwned(db, task, jobId);
  const days = await daysOf(db, [plan.id]);
  const meals = await replan({ userId: task.user_id, background: true }, inputsOf(plan, task.seed), dayNumber, stored(days), (task.meal_type as MealType | null) ?? null);
  await stillOwned(db, task, jobId);
  await upsertDay(db, plan.id, dayNumber, dateOfDay(plan, dayNumber), meals);
  const now = new Date();
  await updateOwnedTask(db, task.id, jobId, { status: 'completed', days_completed: 1, completed_at: now, heartbeat_at: now, error_message: null });
}

/** Fails the task and, for a generation, its plan; days already made stay usable (spec §4). */
export async function finishFailed(db: Db, task: TaskRow, plan: MealPlanRow, jobId: string | null, message: string) {
  const now = new Date();
  const set = { status: 'failed', error_message: message, completed_at: now } as const;
  const row = jobId ? await updateOwnedTask(db, task.id, jobId, set) : await updateActiveTask(db, task.id, set);
  if (!row) return;
  if (task.task_type !== 'generate') return;
  const made = (await daysOf(db, [plan.id])).length;
  await updatePlan(db, plan.id, { status: 'failed', error_message: made ? message + PARTIAL : message, completed_at: now }, 'processing');
}
