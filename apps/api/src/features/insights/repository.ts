/** The only SQL of the dashboard and insights: read-only aggregates over the user's own rows. */
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addDays, format, parseISO } from 'date-fns';
import { MICRONUTRIENTS, food_logs, user_settings, weight_entries } from '../../db/schema/index.ts';

const plusDays = (date: string, n: number) => format(addDays(parseISO(date), n), 'yyyy-MM-dd');

export type SettingsRow = typeof user_settings.$inferSelect;
export async function settings(db: Db, userId: number): Promise<SettingsRow | undefined> {
  const [s] = await db.select().from(user_settings).where(eq(user_settings.user_id, userId));
  return s;
}

export interface DayRow {
  date: string;
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  fiber: number;
  entries: number;
}
/** Totals per logged day in [from, to], summed in the database (one row per day, not per entry). */
export async function dayTotals(db: Db, userId: number, from: string, to: string): Promise<DayRow[]> {
  return db
    .select({
      date: food_logs.date,
      calories: sql<number>`coalesce(sum(${food_logs.calories}), 0)::float8`,
      protein: sql<number>`coalesce(sum(${food_logs.protein}), 0)::float8`,
      carbs: sql<number>`coalesce(sum(${food_logs.carbohydrates}), 0)::float8`,
      fat: sql<number>`coalesce(sum(${food_logs.fat}), 0)::float8`,
      fiber: sql<number>`coalesce(sum(${food_logs.fiber}), 0)::float8`,
      entries: sql<number>`count(*)::int`,
    })
    .from(food_logs)
    .where(and(eq(food_logs.user_id, userId), gte(food_logs.date, from), lte(food_logs.date, to)))
    .groupBy(food_logs.date)
    .orderBy(asc(food_logs.date));
}

/**
 * Entries in [from, to] with the local minute of day they were logged (in `tz`); null when the entry was
 * logged on another day than its date (a back-filled entry says nothing about when it was eaten).
 */
export async function entries(db: Db, userId: number, from: string, to: string, tz: string) {
  const local = sql`(${food_logs.created_at} at time zone ${tz})`;
  return db
    .select({
      date: food_logs.date,
      meal_type: food_logs.meal_type,
      food_id: food_logs.food_id,
      food_name: food_logs.food_name,
      calories: food_logs.calories,
      protein: food_logs.protein,
      carbs: food_logs.carbohydrates,
      fat: food_logs.fat,
      fiber: food_logs.fiber,
      sugar: food_logs.sugar,
      sodium: food_logs.sodium,
      potassium: food_logs.potassium,
      saturated_fat: food_logs.saturated_fat,
      monounsaturated_fat: food_logs.monounsaturated_fat,
      polyunsaturated_fat: food_logs.polyunsaturated_fat,
      trans_fat: food_logs.trans_fat,
      cholesterol: food_logs.cholesterol,
      ...Object.fromEntries(MICRONUTRIENTS.map((k) => [k, food_logs[k]])) as { [K in (typeof MICRONUTRIENTS)[number]]: (typeof food_logs)[K] },
      minute: sql<number | null>`case when ${local}::date = ${food_logs.date} then (extract(hour from ${local}) * 60 + extract(minute from ${local}))::int end`,
    })
    .from(food_logs)
    .where(and(eq(food_logs.user_id, userId), gte(food_logs.date, from), lte(food_logs.date, to)))
    .orderBy(asc(food_logs.date), asc(food_logs.created_at));
}
export type EntryRow = Awaited<ReturnType<typeof entries>>[number];

/** Days the first streak query looks back: most streaks end well inside it, so one small index range is read. */
export const STREAK_WINDOW_DAYS = 62;

/**
 * Consecutive logged days ending on `from`, or on the day before when `from` has nothing yet (the day is not
 * over), going back. Each query reads only a bounded window of the (user_id, date) index: with distinct dates
 * newest first, the n-th date is exactly n days (plus the grace day) before the window's end for as long as no
 * day is missing. A streak that fills its window continues in the next, four times longer one, so even a
 * two-year streak takes three queries that read each day once.
 */
export async function streakFrom(db: Db, userId: number, from: string): Promise<number> {
  let total = 0;
  for (let end = from, grace = 1, window = STREAK_WINDOW_DAYS; ; grace = 0, window *= 4) {
    const res = await db.execute(sql`
      with d as (select distinct ${food_logs.date} as date from ${food_logs}
                 where ${food_logs.user_id} = ${userId} and ${food_logs.date} <= ${end}::date
                   and ${food_logs.date} > ${end}::date - ${window}::int),
      r as (select ${end}::date - date as off, row_number() over (order by date desc) - 1 as rn from d),
      b as (select coalesce(min(off), 0) as base from r)
      select count(*)::int as n, max(b.base)::int as base from r, b where b.base <= ${grace}::int and off = rn + b.base`);
    const row = res.rows[0] as { n: number; base: number | null } | undefined;
    const n = Number(row?.n ?? 0);
    total += n;
    if (n === 0 || n + Number(row?.base ?? 0) < window) return total;
    end = plusDays(end, -window);
  }
}

/** Whether anything is logged on `date`. */
export async function hasLogs(db: Db, userId: number, date: string): Promise<boolean> {
  const [row] = await db.select({ id: food_logs.id }).from(food_logs).where(and(eq(food_logs.user_id, userId), eq(food_logs.date, date))).limit(1);
  return !!row;
}

export async function weights(db: Db, userId: number, from: string, to: string) {
  return db
    .select({ date: weight_entries.date, weight_kg: weight_entries.weight_kg })
    .from(weight_entries)
    .where(and(eq(weight_entries.user_id, userId), gte(weight_entries.date, from), lte(weight_entries.date, to)))
    .orderBy(asc(weight_entries.date), asc(weight_entries.id));
}
