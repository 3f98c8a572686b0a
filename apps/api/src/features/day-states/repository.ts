/** The only SQL of day states: the user's choices and each day's calories, always scoped by the user id. */
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { day_states, food_logs, user_settings } from '../../db/schema/index.ts';
import type { DayChoice, DayKcal, DayStateValue } from '@app/nutrition';

export async function settings(db: Db, userId: number): Promise<{ timezone: string | null; daily_calorie_goal: number | null } | undefined> {
  const [s] = await db.select({ timezone: user_settings.timezone, daily_calorie_goal: user_settings.daily_calorie_goal }).from(user_settings).where(eq(user_settings.user_id, userId));
  return s;
}

export async function saveChoice(db: Db, userId: number, date: string, state: DayStateValue): Promise<void> {
  await db
    .insert(day_states)
    .values({ user_id: userId, date, state, updated_at: new Date() })
    .onConflictDoUpdate({ target: [day_states.user_id, day_states.date], set: { state, updated_at: new Date() } });
}

export async function clearChoice(db: Db, userId: number, date: string): Promise<void> {
  await db.delete(day_states).where(and(eq(day_states.user_id, userId), eq(day_states.date, date)));
}

export async function choices(db: Db, userId: number, from: string, to: string): Promise<DayChoice[]> {
  const rows = await db
    .select({ date: day_states.date, state: day_states.state })
    .from(day_states)
    .where(and(eq(day_states.user_id, userId), gte(day_states.date, from), lte(day_states.date, to)))
    .orderBy(asc(day_states.date));
  return rows.map((r) => ({ date: r.date, state: r.state === 'partial' ? 'partial' : 'complete' }));
}

/** Calories per day with entries in [from, to], summed in the database, oldest first. */
export async function dayKcal(db: Db, userId: number, from: string, to: string): Promise<DayKcal[]> {
  const rows = await db
    .select({ date: food_logs.date, calories: sql<number>`coalesce(sum(${food_logs.calories}::float8), 0)` })
    .from(food_logs)
    .where(and(eq(food_logs.user_id, userId), gte(food_logs.date, from), lte(food_logs.date, to)))
    .groupBy(food_logs.date)
    .orderBy(asc(food_logs.date));
  return rows.map((r) => ({ date: r.date, calories: Number(r.calories) }));
}
