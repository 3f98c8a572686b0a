// Tables of the meal-plans and recommendations features (owned by the meal-plans feature).
import { date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, boolean, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Targets a plan was made for, after the fallbacks (body → settings → defaults). */
export interface PlanGoalsRow {
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  fiber: number;
}

/** What the generator needs, frozen at request time so a retried job plans exactly the same thing. */
export interface PlanRequestRow {
  diet_types: string[];
  allergies: string[];
  favorite_food_ids: string[];
  meal_times: Record<string, string>;
  seed: number;
}

/** A multi-day meal plan. Status: processing → completed | failed | cancelled (spec §4). */
export const meal_plans = pgTable(
  'meal_plans',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').notNull().default('processing'),
    days: integer('days').notNull(),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    plan_type: text('plan_type').notNull().default('multi-day'),
    alternatives_enabled: boolean('alternatives_enabled').notNull().default(true),
    goals: jsonb('goals').$type<PlanGoalsRow>().notNull(),
    /** Why a goal is not the user's own (e.g. "calories: no goal set, used 2000"). */
    goals_note: text('goals_note'),
    request: jsonb('request').$type<PlanRequestRow>().notNull(),
    error_message: text('error_message'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
    completed_at: ts('completed_at'),
  },
  (t) => [index('meal_plans_user_created_idx').on(t.user_id, t.created_at)],
);

/** One generated day; unique per plan so a job that runs twice writes the day once (upsert). */
export const plan_days = pgTable(
  'plan_days',
  {
    id: serial('id').primaryKey(),
    meal_plan_id: integer('meal_plan_id')
      .notNull()
      .references(() => meal_plans.id, { onDelete: 'cascade' }),
    day_number: integer('day_number').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    meals: jsonb('meals').$type<Record<string, unknown>>().notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('plan_days_plan_day_key').on(t.meal_plan_id, t.day_number)],
);

/**
 * A unit of background work on a plan: generate it, or regenerate one day or one meal.
 * `job_id` is the pg-boss job that currently owns the task (a fencing token: a superseded run stops),
 * `heartbeat_at` is bumped while it works so a dead worker is noticed (pg-boss 10 has no heartbeat).
 */
export const meal_plan_tasks = pgTable(
  'meal_plan_tasks',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    meal_plan_id: integer('meal_plan_id')
      .notNull()
      .references(() => meal_plans.id, { onDelete: 'cascade' }),
    task_type: text('task_type').notNull(),
    status: text('status').notNull().default('queued'),
    day_number: integer('day_number'),
    meal_type: text('meal_type'),
    seed: integer('seed').notNull(),
    days_completed: integer('days_completed').notNull().default(0),
    total_days: integer('total_days').notNull(),
    job_id: uuid('job_id'),
    attempts: integer('attempts').notNull().default(0),
    error_message: text('error_message'),
    heartbeat_at: ts('heartbeat_at'),
    started_at: ts('started_at'),
    completed_at: ts('completed_at'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('meal_plan_tasks_user_created_idx').on(t.user_id, t.created_at), index('meal_plan_tasks_status_idx').on(t.status, t.heartbeat_at)],
);

/** A request for today's plan (recommendations): processing → completed | failed. */
export const daily_meal_plans = pgTable(
  'daily_meal_plans',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('processing'),
    /** The user's local date and time the plan was asked for. */
    date: date('date', { mode: 'string' }).notNull(),
    local_time: text('local_time').notNull(),
    meal_times: jsonb('meal_times').$type<Record<string, string>>().notNull(),
    seed: integer('seed').notNull(),
    plan: jsonb('plan').$type<Record<string, unknown>>(),
    error_message: text('error_message'),
    job_id: uuid('job_id'),
    attempts: integer('attempts').notNull().default(0),
    heartbeat_at: ts('heartbeat_at'),
    created_at: ts('created_at').notNull().defaultNow(),
    completed_at: ts('completed_at'),
  },
  (t) => [index('daily_meal_plans_user_created_idx').on(t.user_id, t.created_at)],
);

/**
 * One e-mail export of a plan. Rows of the last 24 hours are the per-user daily export count; an
 * attempt counts even when the mail server then refuses it, so failures cannot be used to retry freely.
 */
export const meal_plan_exports = pgTable(
  'meal_plan_exports',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    meal_plan_id: integer('meal_plan_id')
      .notNull()
      .references(() => meal_plans.id, { onDelete: 'cascade' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('meal_plan_exports_user_created_idx').on(t.user_id, t.created_at)],
);
