/** The only SQL of the dashboard and insights: read-only aggregates over the user's own rows. */
import { and, asc, eq, gte, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addDays, format, parseISO } from 'date-fns';
import { MICRONUTRIENTS, food_logs, user_settings, weight_entries } from '../../db/schema/index.ts';

const plusDays = (date: string, n: number) => format(addDays(parseISO(date), n), 'yyyy-MM-dd');

export type SettingsRow = typeof user_settings.$inferSelect;
export async function settings(db: Db, userId: number): Promise<SettingsRow | undefined> {
  const [s] = await db.select().from(user_settings).where(eq(user_settings.user_id, userId));
  return s;
}

/**
 * Runs an aggregate that folds its rows into one JSON text value and parses it. A row of many columns costs a
 * driver (PGlite most of all: a few µs per field) far more than the database spends reading it, so the
 * dashboard's and insights' row sets (hundreds of rows of up to 30 columns) come back as one field instead.
 * JSON keeps every value as the text driver would read it: reals and floats in their shortest exact form,
 * dates as YYYY-MM-DD, nulls as null.
 */
async function jsonRows<T>(db: Db, aggregate: SQL, from: SQL): Promise<T[]> {
  const res = await db.execute(sql`select coalesce(${aggregate}, '[]')::text as rows from ${from}`);
  return JSON.parse((res.rows[0] as { rows: string }).rows) as T[];
}
/** `json_agg(json_build_object('key', value, …) order by …)`; json_build_object takes at most 50 pairs. */
function jsonAgg(fields: Record<string, SQLWrapper>, orderBy: SQL): SQL {
  const pairs = Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`);
  return sql`json_agg(json_build_object(${sql.join(pairs, sql`, `)}) order by ${orderBy})`;
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
/** Totals per logged day in [from, to], summed in the database (one row per day, not per entry), oldest first. */
export async function dayTotals(db: Db, userId: number, from: string, to: string): Promise<DayRow[]> {
  const days = db
    .select({
      date: sql`${food_logs.date}`.as('date'),
      calories: sql`coalesce(sum(${food_logs.calories}::float8), 0)`.as('calories'),
      protein: sql`coalesce(sum(${food_logs.protein}::float8), 0)`.as('protein'),
      carbs: sql`coalesce(sum(${food_logs.carbohydrates}::float8), 0)`.as('carbs'),
      fat: sql`coalesce(sum(${food_logs.fat}::float8), 0)`.as('fat'),
      fiber: sql`coalesce(sum(${food_logs.fiber}::float8), 0)`.as('fiber'),
      entries: sql`count(*)::int`.as('entries'),
    })
    .from(food_logs)
    .where(and(eq(food_logs.user_id, userId), gte(food_logs.date, from), lte(food_logs.date, to)))
    .groupBy(food_logs.date)
    .as('d');
  const agg = jsonAgg({ date: days.date, calories: days.calories, protein: days.protein, carbs: days.carbs, fat: days.fat, fiber: days.fiber, entries: days.entries }, sql`${days.date}`);
  return jsonRows<DayRow>(db, agg, sql`${days}`);
}

/** Nutrient columns of an entry beyond the big three (each an ExtraNutrient of @app/nutrition). */
export const NUTRIENT_COLUMNS = ['fiber', 'sugar', 'sodium', 'potassium', 'saturated_fat', 'monounsaturated_fat', 'polyunsaturated_fat', 'trans_fat', 'cholesterol', ...MICRONUTRIENTS] as const;
export type NutrientColumn = (typeof NUTRIENT_COLUMNS)[number];
export interface EntryRow extends Partial<Record<NutrientColumn, number | null>> {
  date: string;
  meal_type: string;
  food_id: string | null;
  food_name: string;
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  /** Local minute of day the entry was logged; null when logged on another day than its date, or not asked for. */
  minute: number | null;
}
/** What to read of each entry besides its date, meal, food and macros: a rule that needs less reads less. */
export interface EntryColumns {
  nutrients: readonly NutrientColumn[];
  /** The local minute of day (meal timing). */
  minute: boolean;
}

/**
 * Entries in [from, to], oldest first, with the local minute of day they were logged (in `tz`); null when the
 * entry was logged on another day than its date (a back-filled entry says nothing about when it was eaten).
 */
export async function entries(db: Db, userId: number, from: string, to: string, tz: string, columns: EntryColumns): Promise<EntryRow[]> {
  const local = sql`(${food_logs.created_at} at time zone ${tz})`;
  const fields: Record<string, SQLWrapper> = {
    date: food_logs.date,
    meal_type: food_logs.meal_type,
    food_id: food_logs.food_id,
    food_name: food_logs.food_name,
    calories: food_logs.calories,
    protein: food_logs.protein,
    carbs: food_logs.carbohydrates,
    fat: food_logs.fat,
    ...Object.fromEntries(columns.nutrients.map((k) => [k, food_logs[k]])),
    minute: columns.minute ? sql`case when ${local}::date = ${food_logs.date} then (extract(hour from ${local}) * 60 + extract(minute from ${local}))::int end` : sql`null`,
  };
  return jsonRows<EntryRow>(
    db,
    jsonAgg(fields, sql`${food_logs.date}, ${food_logs.created_at}`),
    sql`${food_logs} where ${and(eq(food_logs.user_id, userId), gte(food_logs.date, from), lte(food_logs.date, to))}`,
  );
}

/** Days the first streak query looks back: most streaks end well inside it, so one small index range is read. */
export const STREAK_WINDOW_DAYS = 62;

/**
 * Consecutive logged days ending on `from`, or on the day before when `from` has nothing yet (the day is not
 * over), going back. Each query reads only a bounded window of the (user_id, date) index, and numbers its
 * distinct dates newest first (gaps and islands): along a run of consecutive days, the days between a date and
 * the window's end minus the date's rank is the same number (the run's distance from the end), and it grows at
 * every gap; so the newest run is the group with the smallest such number. A streak that fills its window
 * continues in the next, four times longer one, so even a two-year streak takes three queries that read each
 * day once.
 */
export async function streakFrom(db: Db, userId: number, from: string): Promise<number> {
  let total = 0;
  for (let end = from, grace = 1, window = STREAK_WINDOW_DAYS; ; grace = 0, window *= 4) {
    const res = await db.execute(sql`
      select base, count(*)::int as n from (
        select (${end}::date - date) - (row_number() over (order by date desc))::int + 1 as base
        from (select ${food_logs.date} as date from ${food_logs}
              where ${food_logs.user_id} = ${userId} and ${food_logs.date} <= ${end}::date
                and ${food_logs.date} > ${end}::date - ${window}::int
              group by ${food_logs.date}) d) r
      group by base order by base limit 1`);
    const row = res.rows[0] as { base: number; n: number } | undefined;
    // The newest run must end on `end` (or, the first time, on the day before).
    if (!row || Number(row.base) > grace) return total;
    const n = Number(row.n);
    total += n;
    if (n + Number(row.base) < window) return total;
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
