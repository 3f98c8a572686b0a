import { and, asc, count, desc, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favorite_foods, meal_plan_exports, meal_plan_tasks, meal_plans, plan_days, quota_events, user_settings, users } from '../../db/schema/index.ts';

export type MealPlanRow = typeof meal_plans.$inferSelect;
export type PlanDayRow = typeof plan_days.$inferSelect;
export type TaskRow = typeof meal_plan_tasks.$inferSelect;
export type NewMealPlan = typeof meal_plans.$inferInsert;
export type NewTask = typeof meal_plan_tasks.$inferInsert;

export const ACTIVE_TASK = ['queued', 'processing'] as const;

// ---- reads of other features' tables (read-only) ----

export async function settingsOf(db: Db, userId: number) {
  const [row] = await db.select().from(user_settings).where(eq(user_settings.user_id, userId)).limit(1);
  return row ?? null;
}

/** Food ids of the user's active favorites that are database foods (manual favorites have none). */
export async function favoriteFoodIds(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ food_id: favorite_foods.food_id })
    .from(favorite_foods)
    .where(and(eq(favorite_foods.user_id, userId), eq(favorite_foods.status, 'active')));
  return rows.map((r) => r.food_id).filter((x): x is string => !!x);
}

// ---- plans ----

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A daily allowance of tasks: plans (`generate`) or regenerations, at most `limit` in the last 24 hours. */
export type TaskQuota = { generate: boolean; limit: number };
export type QuotaRefusal = { refused: true; oldest: Date | null };

/**
 * Runs `insert` in a transaction that holds the user's task-quota lock (a transaction-scoped advisory lock,
 * so it holds across API processes) and counts the user's allowance of the quota's kind first: parallel requests
 * cannot both see room for one more. The allowance is counted in `quota_events`, apart from the task, which goes
 * when its plan is deleted (the allowance must not come back with it). Refused: the oldest counted request's
 * time, for Retry-After.
 */
async function withinQuota<T>(db: Db, userId: number, quota: TaskQuota, at: Date | undefined, insert: (tx: Tx) => Promise<T>): Promise<T | QuotaRefusal> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('meal-plan-tasks'), ${userId})`);
    const { count: n, oldest } = await quotaUsedInLastDay(tx, userId, quota.generate);
    if (n >= quota.limit) return { refused: true as const, oldest };
    const made = await insert(tx);
    await tx.insert(quota_events).values({ user_id: userId, kind: quotaKind(quota.generate), created_at: at });
    return made;
  });
}

const quotaKind = (generate: boolean) => (generate ? 'meal_plan' : 'meal_plan_regeneration');

export async function insertPlanWithTask(db: Db, plan: NewMealPlan, task: Omit<NewTask, 'meal_plan_id'>, quota: TaskQuota) {
  return withinQuota(db, plan.user_id, quota, task.created_at, async (tx) => {
    const [p] = await tx.insert(meal_plans).values(plan).returning();
    const [t] = await tx.insert(meal_plan_tasks).values({ ...task, meal_plan_id: p!.id }).returning();
    return { plan: p!, task: t! };
  });
}

export async function findPlan(db: Db, userId: number, id: number) {
  const [row] = await db.select().from(meal_plans).where(and(eq(meal_plans.id, id), eq(meal_plans.user_id, userId))).limit(1);
  return row ?? null;
}

export async function findPlanById(db: Db, id: number) {
  const [row] = await db.select().from(meal_plans).where(eq(meal_plans.id, id)).limit(1);
  return row ?? null;
}

/**
 * `statuses` null: every plan. `withPartialFailures`: also the failed plans that kept at least one day (spec §5:
 * "Failed with partial daily_plans: treated as usable data").
 */
export async function listPlans(db: Db, userId: number, statuses: string[] | null, limit: number, offset: number, withPartialFailures = false) {
  const partial = sql`(${meal_plans.status} = 'failed' and exists (select 1 from ${plan_days} where ${plan_days.meal_plan_id} = ${meal_plans.id}))`;
  const byStatus = statuses ? (withPartialFailures ? or(inArray(meal_plans.status, statuses), partial) : inArray(meal_plans.status, statuses)) : undefined;
  const where = and(eq(meal_plans.user_id, userId), byStatus);
  const [rows, [total]] = await Promise.all([
    db.select().from(meal_plans).where(where).orderBy(desc(meal_plans.created_at), desc(meal_plans.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(meal_plans).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function updatePlan(db: Db, id: number, set: Partial<NewMealPlan>, onlyIfStatus?: string) {
  const [row] = await db
    .update(meal_plans)
    .set({ ...set, updated_at: new Date() })
    .where(and(eq(meal_plans.id, id), onlyIfStatus ? eq(meal_plans.status, onlyIfStatus) : undefined))
    .returning();
  return row ?? null;
}

export async function deletePlan(db: Db, userId: number, id: number) {
  const rows = await db.delete(meal_plans).where(and(eq(meal_plans.id, id), eq(meal_plans.user_id, userId))).returning({ id: meal_plans.id });
  return rows.length > 0;
}

// ---- days ----

export async function daysOf(db: Db, planIds: number[]): Promise<PlanDayRow[]> {
  if (!planIds.length) return [];
  return db.select().from(plan_days).where(inArray(plan_days.meal_plan_id, planIds)).orderBy(asc(plan_days.meal_plan_id), asc(plan_days.day_number));
}

export async function dayCounts(db: Db, planIds: number[]): Promise<Map<number, number>> {
  if (!planIds.length) return new Map();
  const rows = await db
    .select({ id: plan_days.meal_plan_id, n: count() })
    .from(plan_days)
    .where(inArray(plan_days.meal_plan_id, planIds))
    .groupBy(plan_days.meal_plan_id);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Keyed by (plan, day): a job that runs twice writes each day once. */
export async function upsertDay(db: Db, planId: number, dayNumber: number, date: string, meals: Record<string, unknown>) {
  const [row] = await db
    .insert(plan_days)
    .values({ meal_plan_id: planId, day_number: dayNumber, date, meals })
    .onConflictDoUpdate({ target: [plan_days.meal_plan_id, plan_days.day_number], set: { meals, date, updated_at: new Date() } })
    .returning();
  return row!;
}

// ---- tasks ----

export async function insertTask(db: Db, task: NewTask, quota: TaskQuota) {
  return withinQuota(db, task.user_id, quota, task.created_at, async (tx) => {
    const [row] = await tx.insert(meal_plan_tasks).values(task).returning();
    return row!;
  });
}

export async function findTask(db: Db, userId: number, id: number, planId?: number) {
  const [row] = await db
    .select()
    .from(meal_plan_tasks)
    .where(and(eq(meal_plan_tasks.id, id), eq(meal_plan_tasks.user_id, userId), planId ? eq(meal_plan_tasks.meal_plan_id, planId) : undefined))
    .limit(1);
  return row ?? null;
}

export async function findTaskById(db: Db, id: number) {
  const [row] = await db.select().from(meal_plan_tasks).where(eq(meal_plan_tasks.id, id)).limit(1);
  return row ?? null;
}

/** The generation task of each plan (the first one made with it). */
export async function generateTaskIds(db: Db, planIds: number[]): Promise<Map<number, number>> {
  if (!planIds.length) return new Map();
  const rows = await db
    .select({ plan: meal_plan_tasks.meal_plan_id, id: sql<number>`min(${meal_plan_tasks.id})` })
    .from(meal_plan_tasks)
    .where(and(inArray(meal_plan_tasks.meal_plan_id, planIds), eq(meal_plan_tasks.task_type, 'generate')))
    .groupBy(meal_plan_tasks.meal_plan_id);
  return new Map(rows.map((r) => [r.plan, Number(r.id)]));
}

export async function listTasks(db: Db, userId: number, statuses: string[] | null, limit: number, offset: number) {
  const where = and(eq(meal_plan_tasks.user_id, userId), statuses ? inArray(meal_plan_tasks.status, statuses) : undefined);
  const [rows, [total], [active]] = await Promise.all([
    db
      .select({ task: meal_plan_tasks, plan_name: meal_plans.name })
      .from(meal_plan_tasks)
      .innerJoin(meal_plans, eq(meal_plans.id, meal_plan_tasks.meal_plan_id))
      .where(where)
      .orderBy(desc(meal_plan_tasks.created_at), desc(meal_plan_tasks.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(meal_plan_tasks).where(where),
    db
      .select({ n: count() })
      .from(meal_plan_tasks)
      .where(and(eq(meal_plan_tasks.user_id, userId), inArray(meal_plan_tasks.status, [...ACTIVE_TASK]))),
  ]);
  return { rows, total: total?.n ?? 0, active: active?.n ?? 0 };
}

export async function activeTasksOfPlan(db: Db, planId: number) {
  return db
    .select()
    .from(meal_plan_tasks)
    .where(and(eq(meal_plan_tasks.meal_plan_id, planId), inArray(meal_plan_tasks.status, [...ACTIVE_TASK])));
}

/** Updates a task only while it is still owned by `jobId` and not finished (a cancelled or superseded run must not write). */
export async function updateOwnedTask(db: Db, id: number, jobId: string, set: Partial<NewTask>) {
  const [row] = await db
    .update(meal_plan_tasks)
    .set({ ...set, updated_at: new Date() })
    .where(and(eq(meal_plan_tasks.id, id), eq(meal_plan_tasks.job_id, jobId), inArray(meal_plan_tasks.status, [...ACTIVE_TASK])))
    .returning();
  return row ?? null;
}

/** Moves an unfinished task to a new state (cancel, fail, requeue); null when it had already finished. */
export async function updateActiveTask(db: Db, id: number, set: Partial<NewTask>) {
  const [row] = await db
    .update(meal_plan_tasks)
    .set({ ...set, updated_at: new Date() })
    .where(and(eq(meal_plan_tasks.id, id), inArray(meal_plan_tasks.status, [...ACTIVE_TASK])))
    .returning();
  return row ?? null;
}

/** Tasks whose worker stopped beating (crashed process, lost connection). */
export async function stalledTasks(db: Db, olderThan: Date, userId?: number) {
  return db
    .select()
    .from(meal_plan_tasks)
    .where(
      and(
        inArray(meal_plan_tasks.status, [...ACTIVE_TASK]),
        lt(sql`coalesce(${meal_plan_tasks.heartbeat_at}, ${meal_plan_tasks.created_at})`, olderThan),
        userId ? eq(meal_plan_tasks.user_id, userId) : undefined,
      ),
    );
}

// ---- e-mail exports and daily quotas ----

/** The account's address, if verified (an export goes only there). Read-only access to the users table. */
export async function verifiedEmailOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email, ok: users.email_validated }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.ok ? row.email : null;
}

/**
 * Records an export unless the user already has `limit` in the last 24 hours. The per-user advisory
 * lock makes count-then-insert atomic, so parallel requests cannot slip past the limit.
 * `retryAfter`: when refused, the seconds until the oldest counted export leaves the 24-hour window.
 */
export async function recordExport(db: Db, userId: number, planId: number, limit: number): Promise<{ ok: boolean; retryAfter: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('meal-plan-export'), ${userId})`);
    const since = new Date(Date.now() - DAY_MS);
    const rows = await tx
      .select({ at: meal_plan_exports.created_at })
      .from(meal_plan_exports)
      .where(and(eq(meal_plan_exports.user_id, userId), gte(meal_plan_exports.created_at, since)))
      .orderBy(asc(meal_plan_exports.created_at));
    if (rows.length >= limit) return { ok: false, retryAfter: (rows[0]!.at.getTime() + DAY_MS - Date.now()) / 1000 };
    await tx.insert(meal_plan_exports).values({ user_id: userId, meal_plan_id: planId });
    return { ok: true, retryAfter: 0 };
  });
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Plans (or regenerations) the user asked for in the last 24 hours, and the oldest one's time (for Retry-After). */
export async function quotaUsedInLastDay(db: Db | Tx, userId: number, generate: boolean): Promise<{ count: number; oldest: Date | null }> {
  const since = new Date(Date.now() - DAY_MS);
  const [row] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${quota_events.created_at})` })
    .from(quota_events)
    .where(and(eq(quota_events.user_id, userId), eq(quota_events.kind, quotaKind(generate)), gte(quota_events.created_at, since)));
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** The user's tasks that are queued or running right now (for fair scheduling). */
export async function activeTaskCount(db: Db, userId: number, excludeTaskId?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(meal_plan_tasks)
    .where(and(eq(meal_plan_tasks.user_id, userId), inArray(meal_plan_tasks.status, [...ACTIVE_TASK]), excludeTaskId ? ne(meal_plan_tasks.id, excludeTaskId) : undefined));
  return Number(row?.n ?? 0);
}

/** Other tasks of the user that a live worker is running now (heartbeat fresher than `since`). */
export async function runningTaskCount(db: Db, userId: number, excludeTaskId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(meal_plan_tasks)
    .where(and(eq(meal_plan_tasks.user_id, userId), eq(meal_plan_tasks.status, 'processing'), ne(meal_plan_tasks.id, excludeTaskId), gte(meal_plan_tasks.heartbeat_at, since)));
  return Number(row?.n ?? 0);
}
