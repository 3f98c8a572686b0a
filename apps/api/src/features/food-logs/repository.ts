/** The only SQL of the food-logs feature (food_logs, and counting favorites when their food is logged). */
import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favorite_foods, food_logs, user_settings } from '../../db/schema/index.ts';

export type FoodLogRow = typeof food_logs.$inferSelect;
export type NewFoodLogRow = typeof food_logs.$inferInsert;

export async function userSettings(db: Db, userId: number) {
  const [s] = await db.select().from(user_settings).where(eq(user_settings.user_id, userId));
  return s;
}

export async function insertLogs(db: Db, rows: NewFoodLogRow[]): Promise<FoodLogRow[]> {
  return db.insert(food_logs).values(rows).returning();
}

export async function getLog(db: Db, userId: number, id: number): Promise<FoodLogRow | undefined> {
  const [row] = await db.select().from(food_logs).where(and(eq(food_logs.id, id), eq(food_logs.user_id, userId)));
  return row;
}

export async function updateLog(db: Db, userId: number, id: number, patch: Partial<NewFoodLogRow>): Promise<FoodLogRow | undefined> {
  const [row] = await db
    .update(food_logs)
    .set({ ...patch, updated_at: new Date() })
    .where(and(eq(food_logs.id, id), eq(food_logs.user_id, userId)))
    .returning();
  return row;
}

export async function deleteLog(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db.delete(food_logs).where(and(eq(food_logs.id, id), eq(food_logs.user_id, userId))).returning({ id: food_logs.id });
  return rows.length > 0;
}

export async function logsBetween(db: Db, userId: number, from: string, to: string): Promise<FoodLogRow[]> {
  return db
    .select()
    .from(food_logs)
    .where(and(eq(food_logs.user_id, userId), gte(food_logs.date, from), lte(food_logs.date, to)))
    .orderBy(asc(food_logs.date), asc(food_logs.created_at), asc(food_logs.id));
}

/** The latest entry of each distinct manual food name, most recent first. */
export async function recentManualFoods(db: Db, userId: number, limit = 50): Promise<FoodLogRow[]> {
  const latest = db
    .selectDistinctOn([sql`lower(${food_logs.food_name})`])
    .from(food_logs)
    .where(and(eq(food_logs.user_id, userId), isNull(food_logs.food_id)))
    .orderBy(sql`lower(${food_logs.food_name})`, desc(food_logs.created_at), desc(food_logs.id))
    .as('latest');
  return (await db.select().from(latest).orderBy(desc(latest.created_at), desc(latest.id)).limit(limit)) as FoodLogRow[];
}

/** Logging a favorite's food (same food id, or a manual entry with the favorite's name) counts it. */
export async function countFavoriteUse(db: Db, userId: number, foodId: string | null, foodName: string, at: Date) {
  const match = foodId
    ? eq(favorite_foods.food_id, foodId)
    : and(isNull(favorite_foods.food_id), sql`lower(${favorite_foods.food_name}) = lower(${foodName})`);
  await db
    .update(favorite_foods)
    .set({ consumption_count: sql`${favorite_foods.consumption_count} + 1`, last_consumed: at, updated_at: at })
    .where(and(eq(favorite_foods.user_id, userId), match));
}
