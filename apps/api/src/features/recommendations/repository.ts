import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { daily_meal_plans, food_logs } from '../../db/schema/index.ts';

export type DailyPlanRow = typeof daily_meal_plans.$inferSelect;

export interface LoggedMeal {
  meal_type: string;
  /** Database foods logged for this meal (manual entries have none). */
  food_ids: string[];
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  fiber: number;
  entries: number;
}

/** What the user logged on a local date, per meal (the food-logs feature's table, read only). */
export async function loggedOn(db: Db, userId: number, date: string): Promise<LoggedMeal[]> {
  const rows = await db
    .select({
      meal_type: food_logs.meal_type,
      calories: sql<number>`coalesce(sum(${food_logs.calories}), 0)`,
      protein: sql<number>`coalesce(sum(${food_logs.protein}), 0)`,
      carbs: sql<number>`coalesce(sum(${food_logs.carbohydrates}), 0)`,
      fat: sql<number>`coalesce(sum(${food_logs.fat}), 0)`,
      fiber: sql<number>`coalesce(sum(${food_logs.fiber}), 0)`,
      entries: sql<number>`count(*)`,
      food_ids: sql<string[]>`coalesce(array_agg(distinct ${food_logs.food_id}) filter (where ${food_logs.food_id} is not null), '{}')`,
    })
    .from(food_logs)
    .where(and(eq(food_logs.user_id, userId), eq(food_logs.date, date)))
    .groupBy(food_logs.meal_type);
  // Aggregates come back as strings on node-postgres.
  return rows.map((r) => ({ meal_type: r.meal_type, calories: Number(r.calories), protein: Number(r.protein), carbs: Number(r.carbs), fat: Number(r.fat), fiber: Number(r.fiber), entries: Number(r.entries), food_ids: Array.isArray(r.food_ids) ? r.food_ids : [] }));
}

export type DailyPlanRefusal = { refused: 'in_progress' | 'hourly'; retryAfterSeconds: number };

/**
 * Inserts a request unless its user already has `maxInProgress` plans being made (requested in the last `inProgressMs`,
 * still processing) or made `perHour` requests in the last hour. Counted in the database under the user's advisory
 * lock, so the limits hold across API processes and parallel requests cannot both see room for one more. Also answers
 * how many of the user's requests are still processing (for the job's fair priority).
 */
export async function insertDailyPlanWithin(
  db: Db,
  row: typeof daily_meal_plans.$inferInsert,
  limits: { maxInProgress: number; inProgressMs: number; perHour: number },
): Promise<{ row: DailyPlanRow; ahead: number } | DailyPlanRefusal> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('daily-meal-plans'), ${row.user_id})`);
    const now = Date.now();
    const hourAgo = new Date(now - 3_600_000);
    const recent = new Date(now - limits.inProgressMs);
    const [c] = await tx
      .select({
        hour: sql<number>`count(*)::int`,
        oldest: sql<string | null>`min(${daily_meal_plans.created_at})`,
        busy: sql<number>`(count(*) filter (where ${daily_meal_plans.status} = 'processing' and ${daily_meal_plans.created_at} > ${recent.toISOString()}::timestamptz))::int`,
      })
      .from(daily_meal_plans)
      .where(and(eq(daily_meal_plans.user_id, row.user_id!), gt(daily_meal_plans.created_at, hourAgo)));
    const hour = Number(c?.hour ?? 0);
    const busy = Number(c?.busy ?? 0);
    if (busy >= limits.maxInProgress) return { refused: 'in_progress' as const, retryAfterSeconds: 2 };
    if (hour >= limits.perHour) {
      const oldest = c?.oldest ? new Date(c.oldest).getTime() : now;
      return { refused: 'hourly' as const, retryAfterSeconds: Math.max(1, Math.ceil((oldest + 3_600_000 - now) / 1000)) };
    }
    const [r] = await tx.insert(daily_meal_plans).values(row).returning();
    return { row: r!, ahead: busy };
  });
}

export async function findDailyPlan(db: Db, userId: number, id: number) {
  const [r] = await db.select().from(daily_meal_plans).where(and(eq(daily_meal_plans.id, id), eq(daily_meal_plans.user_id, userId))).limit(1);
  return r ?? null;
}

export async function findDailyPlanById(db: Db, id: number) {
  const [r] = await db.select().from(daily_meal_plans).where(eq(daily_meal_plans.id, id)).limit(1);
  return r ?? null;
}

export async function latestCompleted(db: Db, userId: number) {
  const [r] = await db
    .select()
    .from(daily_meal_plans)
    .where(and(eq(daily_meal_plans.user_id, userId), eq(daily_meal_plans.status, 'completed')))
    .orderBy(desc(daily_meal_plans.created_at), desc(daily_meal_plans.id))
    .limit(1);
  return r ?? null;
}

/** Writes only while the request is still processing: a second run of the job cannot overwrite the first. */
export async function finishDailyPlan(db: Db, id: number, set: Partial<typeof daily_meal_plans.$inferInsert>) {
  const [r] = await db
    .update(daily_meal_plans)
    .set(set)
    .where(and(eq(daily_meal_plans.id, id), eq(daily_meal_plans.status, 'processing')))
    .returning();
  return r ?? null;
}

export async function bumpAttempts(db: Db, id: number) {
  const [r] = await db
    .update(daily_meal_plans)
    .set({ attempts: sql`${daily_meal_plans.attempts} + 1`, heartbeat_at: new Date() })
    .where(and(eq(daily_meal_plans.id, id), eq(daily_meal_plans.status, 'processing')))
    .returning();
  return r ?? null;
}
