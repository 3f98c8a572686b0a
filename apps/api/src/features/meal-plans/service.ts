import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { MealPlan, MealPlanUpdate, MultiDayPlanRequest } from '@app/contracts';
import { completeGoals, type GoalKey } from '@app/nutrition/goals';
import { wholeNumber } from '@app/nutrition/numbers';
import type { Db } from '../../db/client.ts';
import { conflict, notFound, tooManyRequests, unprocessable } from '../../lib/http-error.ts';
import * as repo from './repository.ts';
import type { MealPlanRow, PlanDayRow, TaskRow } from './repository.ts';
import { enqueueTask, GENERATE_QUEUE } from './task-queue.ts';
import { checkStalled } from './stalled.ts';
import { changePortion, swapFood } from './edits.ts';
import type { Meals } from './planner.ts';

const GOAL_SETTING = { calories: 'daily_calorie_goal', protein: 'daily_protein_goal', carbs: 'daily_carbs_goal', fat: 'daily_fat_goal', fiber: 'daily_fiber_goal' } as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const newSeed = () => randomInt(1, 2 ** 31 - 1);

/** The user's local date (settings.timezone), falling back to UTC for an unknown zone. */
export function localToday(timezone: string | undefined, now = new Date()): string {
  try {
    return format(new TZDate(now, timezone || 'UTC'), 'yyyy-MM-dd');
  } catch {
    return format(new TZDate(now, 'UTC'), 'yyyy-MM-dd');
  }
}

type Settings = Awaited<ReturnType<typeof repo.settingsOf>>;

/**
 * Body goals → settings goals → the one rule for the rest (@app/nutrition completeGoals: unset macros share what the
 * calorie goal leaves), with a note naming every fallback. What to eat, today's plan and restaurant picks use it too.
 */
export function resolveGoals(body: Partial<Record<GoalKey, number | null | undefined>> | undefined, settings: Settings) {
  const known: Partial<Record<GoalKey, number>> = {};
  const fromSettings: string[] = [];
  for (const k of Object.keys(GOAL_SETTING) as GoalKey[]) {
    const given = body?.[k];
    const saved = settings?.[GOAL_SETTING[k]];
    if (given != null) known[k] = given;
    else if (saved != null) {
      known[k] = saved;
      if (body) fromSettings.push(k);
    }
  }
  const { goals, defaulted } = completeGoals(known);
  const notes: string[] = [];
  if (defaulted.length) notes.push(`No goal set for ${defaulted.map((k) => `${k} ${wholeNumber(goals[k])}${k === 'calories' ? ' kcal' : ' g'}`).join(', ')}: used the default.`);
  if (fromSettings.length) notes.push(`Used your settings for ${fromSettings.join(', ')}.`);
  return { goals, defaulted, note: notes.length ? notes.join(' ') : null };
}

const favoriteIds = (refs: NonNullable<MultiDayPlanRequest['request_data']['favorite_foods']>) =>
  refs.map((r) => (typeof r === 'string' ? r : r.food_id)).filter((x): x is string => typeof x === 'string' && !!x);

// ---- wire shapes ----

export function dayToWire(d: PlanDayRow) {
  return { id: d.id, meal_plan_id: d.meal_plan_id, day_number: d.day_number, date: d.date, meals: d.meals as Meals, created_at: d.created_at.toISOString(), updated_at: d.updated_at.toISOString() };
}

function planBase(p: MealPlanRow, taskId: number | null) {
  return {
    id: p.id,
    name: p.name,
    status: p.status as MealPlan['status'],
    days: p.days,
    start_date: p.start_date,
    plan_type: p.plan_type,
    created_at: p.created_at.toISOString(),
    completed_at: iso(p.completed_at),
    error_message: p.error_message,
    task_id: taskId,
    alternatives_enabled: p.alternatives_enabled,
    goals: p.goals,
    goals_note: p.goals_note,
  };
}

export function planToWire(p: MealPlanRow, days: PlanDayRow[], taskId: number | null): MealPlan {
  const plan_days = days.map(dayToWire);
  return {
    ...planBase(p, taskId),
    result: {
      days_completed: days.length,
      total_days: p.days,
      daily_plans: plan_days.map((d) => ({ day_number: d.day_number, date: d.date, meals: d.meals })),
      in_progress: p.status === 'processing',
    },
    plan_days,
  };
}

export function taskToWire(t: TaskRow, planName: string) {
  const percent = t.total_days ? Math.round((1000 * t.days_completed) / t.total_days) / 10 : 0;
  return {
    id: t.id,
    task_id: t.id,
    meal_plan_id: t.meal_plan_id,
    meal_plan_name: planName,
    task_type: t.task_type as 'generate' | 'regenerate_day' | 'regenerate_meal',
    status: t.status as 'queued' | 'processing' | 'completed' | 'failed' | 'cancelled',
    day_number: t.day_number,
    meal_type: t.meal_type as 'breakfast' | 'lunch' | 'dinner' | 'snack' | null,
    progress: { days_completed: t.days_completed, total_days: t.total_days, percent },
    attempts: t.attempts,
    error_message: t.error_message,
    created_at: t.created_at.toISOString(),
    started_at: iso(t.started_at),
    heartbeat_at: iso(t.heartbeat_at),
    completed_at: iso(t.completed_at),
    updated_at: t.updated_at.toISOString(),
  };
}

// ---- plans ----

/** Per-user allowances per rolling 24 hours, counted in quota_events (issue 8 item 7; repository.ts withinQuota). */
export const PLANS_PER_DAY = 20;
export const REGENERATIONS_PER_DAY = 100;

function quotaOf(generate: boolean): repo.TaskQuota {
  return { generate, limit: generate ? PLANS_PER_DAY : REGENERATIONS_PER_DAY };
}

function quotaRefused(quota: repo.TaskQuota, oldest: Date | null) {
  const retryAfter = oldest ? (oldest.getTime() + repo.DAY_MS - Date.now()) / 1000 : 3600;
  const what = quota.generate ? `${quota.limit} meal plans` : `${quota.limit} regenerations`;
  return tooManyRequests(`You can create up to ${what} a day. Please try again later.`, retryAfter);
}

export async function createPlan(app: FastifyInstance, userId: number, body: MultiDayPlanRequest) {
  const db = app.db;
  const quota = quotaOf(true);
  const rd = body.request_data ?? {};
  // The favorites the client sends are the ones to prefer ([]: none, the web's switch turned off); without the
  // field, the user's saved favorites.
  const [settings, favorites] = await Promise.all([
    repo.settingsOf(db, userId),
    rd.favorite_foods !== undefined ? favoriteIds(rd.favorite_foods) : repo.favoriteFoodIds(db, userId),
  ]);
  const { goals, note } = resolveGoals(rd.nutritional_goals ?? undefined, settings);
  const start = body.start_date ?? localToday(settings?.timezone);
  const uniq = (xs: string[]) => [...new Set(xs.map((x) => x.trim()).filter(Boolean))];
  const inserted = await repo.insertPlanWithTask(
    db,
    {
      user_id: userId,
      name: body.name ?? `${body.days}-day meal plan from ${start}`,
      days: body.days,
      start_date: start,
      plan_type: body.plan_type,
      alternatives_enabled: body.alternatives_enabled,
      goals,
      goals_note: note,
      request: {
        diet_types: uniq([...(settings?.diet_types ?? []), ...(rd.diet_types ?? [])]),
        allergies: uniq([...(settings?.allergies ?? []), ...(rd.allergies ?? [])]),
        favorite_food_ids: uniq(favorites),
        meal_times: rd.meal_times ?? {},
        seed: newSeed(),
      },
    },
    { user_id: userId, task_type: 'generate', total_days: body.days, seed: newSeed() },
    quota,
  );
  if ('refused' in inserted) throw quotaRefused(quota, inserted.oldest);
  const { plan, task } = inserted;
  const queued = (await enqueueTask(app, db, task)) ?? task;
  return { plan: planToWire(plan, [], task.id), task: taskToWire(queued, plan.name) };
}

const STATUS_FILTER: Record<string, string[] | null> = { active: ['processing', 'completed'], all: null };

export async function listPlans(db: Db, userId: number, q: { status: string; page: number; per_page: number }) {
  const statuses = q.status in STATUS_FILTER ? STATUS_FILTER[q.status]! : [q.status];
  // "active" (the default): what a person can use, so also a failed plan whose days were kept.
  const { rows, total } = await repo.listPlans(db, userId, statuses, q.per_page, (q.page - 1) * q.per_page, q.status === 'active');
  const ids = rows.map((r) => r.id);
  const [counts, tasks] = await Promise.all([repo.dayCounts(db, ids), repo.generateTaskIds(db, ids)]);
  const meal_plans = rows.map((p) => ({
    ...planBase(p, tasks.get(p.id) ?? null),
    result: { days_completed: counts.get(p.id) ?? 0, total_days: p.days, in_progress: p.status === 'processing' },
  }));
  return { meal_plans, total, page: q.page, per_page: q.per_page };
}

async function ownPlan(app: FastifyInstance, userId: number, id: number) {
  let plan = await repo.findPlan(app.db, userId, id);
  if (!plan) throw notFound('Meal plan not found');
  // On read: a plan whose worker died is requeued or ended now, not a minute later.
  if (plan.status === 'processing' && (await checkStalled(app, userId)) > 0) plan = (await repo.findPlan(app.db, userId, id)) ?? plan;
  return plan;
}

export async function getPlan(app: FastifyInstance, userId: number, id: number) {
  const plan = await ownPlan(app, userId, id);
  const [days, tasks] = await Promise.all([repo.daysOf(app.db, [id]), repo.generateTaskIds(app.db, [id])]);
  return planToWire(plan, days, tasks.get(id) ?? null);
}

/**
 * All or nothing: every edit is checked and made in memory first, so a refused swap or portion leaves the name
 * (and the rest) as it was; then the writes go in one transaction.
 */
export async function updatePlan(app: FastifyInstance, userId: number, id: number, body: MealPlanUpdate) {
  const plan = await ownPlan(app, userId, id);
  if (body.status === 'cancelled' && plan.status !== 'cancelled' && plan.status !== 'processing') throw conflict(`Meal plan is already ${plan.status}`);
  const edited = new Map<number, { date: string; meals: Meals }>();
  if (body.swap || body.portion) {
    const days = await repo.daysOf(app.db, [id]);
    const edit = (dayNumber: number, field: string, apply: (m: Meals) => Meals) => {
      if (dayNumber > plan.days) throw unprocessable(`day_number must be between 1 and ${plan.days}`, ['body', field, 'day_number']);
      const day = edited.get(dayNumber) ?? days.find((d) => d.day_number === dayNumber);
      if (!day) throw unprocessable(`Day ${dayNumber} of this plan is not ready`, ['body', field, 'day_number']);
      edited.set(dayNumber, { date: day.date, meals: apply(day.meals as Meals) });
    };
    if (body.swap) edit(body.swap.day_number, 'swap', (m) => swapFood(m, body.swap!));
    if (body.portion) edit(body.portion.day_number, 'portion', (m) => changePortion(m, body.portion!));
  }
  if (body.status === 'cancelled') await cancelPlan(app, plan);
  if (body.name !== undefined || edited.size) {
    await app.db.transaction(async (tx) => {
      if (body.name !== undefined) await repo.updatePlan(tx, id, { name: body.name });
      for (const [dayNumber, day] of edited) await repo.upsertDay(tx, id, dayNumber, day.date, day.meals);
    });
  }
  return getPlan(app, userId, id);
}

/** Cancels the plan's generation (spec §4 `cancelled`); a finished plan cannot be cancelled. */
async function cancelPlan(app: FastifyInstance, plan: MealPlanRow) {
  if (plan.status === 'cancelled') return;
  if (plan.status !== 'processing') throw conflict(`Meal plan is already ${plan.status}`);
  const now = new Date();
  await repo.updatePlan(app.db, plan.id, { status: 'cancelled', completed_at: now }, 'processing');
  for (const t of await repo.activeTasksOfPlan(app.db, plan.id)) await cancelTaskRow(app, t);
}

async function cancelTaskRow(app: FastifyInstance, t: TaskRow) {
  const row = await repo.updateActiveTask(app.db, t.id, { status: 'cancelled', completed_at: new Date() });
  // The job is cancelled too; a handler already running sees the status between days and stops.
  if (t.job_id) await app.boss.cancel(GENERATE_QUEUE, t.job_id).catch(() => {});
  return row;
}

export async function deletePlan(app: FastifyInstance, userId: number, id: number) {
  const plan = await repo.findPlan(app.db, userId, id);
  if (!plan) throw notFound('Meal plan not found');
  for (const t of await repo.activeTasksOfPlan(app.db, id)) await cancelTaskRow(app, t);
  await repo.deletePlan(app.db, userId, id);
}

// ---- tasks ----

async function ownTask(app: FastifyInstance, userId: number, id: number, planId?: number) {
  let task = await repo.findTask(app.db, userId, id, planId);
  if (!task) throw notFound('Task not found');
  if ((repo.ACTIVE_TASK as readonly string[]).includes(task.status) && (await checkStalled(app, userId)) > 0) task = (await repo.findTask(app.db, userId, id, planId)) ?? task;
  const plan = await repo.findPlanById(app.db, task.meal_plan_id);
  return { task, plan: plan! };
}

export async function getTask(app: FastifyInstance, userId: number, id: number, planId?: number) {
  const { task, plan } = await ownTask(app, userId, id, planId);
  return taskToWire(task, plan.name);
}

export async function cancelTask(app: FastifyInstance, userId: number, id: number, planId?: number) {
  const { task, plan } = await ownTask(app, userId, id, planId);
  if (task.status === 'cancelled') return taskToWire(task, plan.name);
  if (!(repo.ACTIVE_TASK as readonly string[]).includes(task.status)) throw conflict(`Task is already ${task.status}`);
  if (task.task_type === 'generate') await cancelPlan(app, plan);
  else await cancelTaskRow(app, task);
  return taskToWire((await repo.findTaskById(app.db, id)) ?? task, plan.name);
}

export async function listTasks(db: Db, userId: number, q: { status: string; page: number; per_page: number }) {
  const statuses = q.status === 'all' ? null : q.status === 'active' ? [...repo.ACTIVE_TASK] : [q.status];
  const { rows, total, active } = await repo.listTasks(db, userId, statuses, q.per_page, (q.page - 1) * q.per_page);
  return { tasks: rows.map((r) => taskToWire(r.task, r.plan_name)), total, active, page: q.page, per_page: q.per_page };
}

export async function createRegenerateTask(app: FastifyInstance, userId: number, planId: number, body: { day_number: number; meal_type?: string }) {
  const plan = await ownPlan(app, userId, planId);
  if (body.day_number > plan.days) throw unprocessable(`day_number must be between 1 and ${plan.days}`, ['body', 'day_number']);
  if (plan.status === 'processing') throw conflict('Meal plan is still being generated; try again when it is done');
  if (plan.status === 'cancelled') throw conflict('Meal plan was cancelled');
  const quota = quotaOf(false);
  const task = await repo.insertTask(app.db, {
    user_id: userId,
    meal_plan_id: planId,
    task_type: body.meal_type ? 'regenerate_meal' : 'regenerate_day',
    day_number: body.day_number,
    meal_type: body.meal_type ?? null,
    total_days: 1,
    seed: newSeed(),
  }, quota);
  if ('refused' in task) throw quotaRefused(quota, task.oldest);
  const queued = (await enqueueTask(app, app.db, task)) ?? task;
  return taskToWire(queued, plan.name);
}

