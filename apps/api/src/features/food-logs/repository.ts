/** The only SQL of the food-logs feature (food_logs, and counting favorites when their food is logged). */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { queryArrays, type Db } from '../../db/client.ts';
import { MICRONUTRIENTS } from '../../db/schema/micronutrients.ts';
import { favorite_foods, food_logs, user_settings, users } from '../../db/schema/index.ts';

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

/** The CSV export's columns, in its order. */
export const CSV_COLUMNS = ['date', 'meal_type', 'food_name', 'brand_name', 'serving_description', 'number_of_servings', 'calories', 'protein', 'carbohydrates', 'fat', 'fiber', 'sugar', 'sodium', 'saturated_fat', 'cholesterol', 'potassium'] as const;
/** `serving_grams` too: the export writes the entry's weight in the user's units (issue 42 §2). */
export type CsvRow = Pick<FoodLogRow, (typeof CSV_COLUMNS)[number] | 'serving_grams' | 'created_at' | 'id'>;

/**
 * One page of the export, in the log's order (date, time written, id), after the row `after`: keyset paging, so each
 * page is one short indexed query however far into a long history it is.
 */
export async function logsPageBetween(db: Db, userId: number, from: string, to: string, after: CsvRow | null, limit: number): Promise<CsvRow[]> {
  const cols = Object.fromEntries([...CSV_COLUMNS, 'serving_grams', 'created_at', 'id'].map((c) => [c, food_logs[c as keyof typeof food_logs.$inferSelect]])) as any;
  return db
    .select(cols)
    .from(food_logs)
    .where(
      and(
        eq(food_logs.user_id, userId),
        gte(food_logs.date, from),
        lte(food_logs.date, to),
        after ? sql`(${food_logs.date}, ${food_logs.created_at}, ${food_logs.id}) > (${after.date}, ${after.created_at.toISOString()}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(food_logs.date), asc(food_logs.created_at), asc(food_logs.id))
    .limit(limit) as unknown as Promise<CsvRow[]>;
}

export interface DayGoals {
  daily_calorie_goal: number | null;
  daily_protein_goal: number | null;
  daily_carbs_goal: number | null;
  daily_fat_goal: number | null;
  daily_fiber_goal: number | null;
}

/**
 * An entry as the day summary reads it: the row without user_id, its timestamps already as the API's
 * ISO text (formatted by PostgreSQL: parsing 40 timestamps into Dates and back was ~4 % of the request).
 */
export type DayRow = Omit<FoodLogRow, 'user_id' | 'created_at' | 'updated_at'> & { created_at: string; updated_at: string };

const GOAL_COLUMNS = ['daily_calorie_goal', 'daily_protein_goal', 'daily_carbs_goal', 'daily_fat_goal', 'daily_fiber_goal'] as const satisfies readonly (keyof DayGoals)[];
/** After the goals: the share of exercise calories added back, and the kcal of the day's workouts (issue 42 §9). */
const EXERCISE_COLUMNS = 2;
/**
 * The entry columns of the statement, in its order (after the goals). Not `date`: every row's is the
 * asked day. `created_at` comes with microseconds, for the order (see DAY_SQL).
 */
const DAY_COLUMNS = [
  'id', 'food_id', 'food_name', 'brand_name', 'serving_description', 'serving_grams', 'number_of_servings',
  'calories', 'protein', 'carbohydrates', 'fat', 'fiber', 'sugar', 'sodium', 'potassium', 'saturated_fat', 'monounsaturated_fat', 'polyunsaturated_fat', 'trans_fat', 'cholesterol',
  ...MICRONUTRIENTS, 'meal_type', 'created_at', 'updated_at',
] as const satisfies readonly (keyof DayRow)[];
/** ISO text in UTC, as Date.toISOString writes it (both truncate the microseconds); `us`: with the microseconds instead, no Z. */
const iso = (c: string, us = false) => `to_char(l.${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.${us ? 'US' : 'MS"Z"'}')`;

/**
 * The day summary's one query: the user's goals (settings) and the day's entries in one round trip
 * (the user's row anchors the left joins, so the goals come back on a day with no entries). Plain SQL
 * run in array mode (db/client.ts queryArrays): drizzle's row mapping of 20 rows × 45 columns was
 * ~14 % of a summary request's CPU profile (docs/benchmarks.md, session 18). The statement's name
 * carries a hash of its text, so a changed statement never meets an old one on a pooled connection.
 * No ORDER BY: PostgreSQL's sort of 20 wide rows was ~13 % of the statement's CPU in PostgreSQL
 * (docs/benchmarks.md, session 20); dayWithGoals orders them by (created_at, id), as the ORDER BY did,
 * from created_at's text with microseconds (fixed width, so text order is time order).
 */
export const DAY_SQL = `select ${GOAL_COLUMNS.map((c) => `s.${c}`).join(', ')}, s.exercise_calories_back_pct, x.kcal,
    ${DAY_COLUMNS.map((c) => (c === 'created_at' ? iso(c, true) : c === 'updated_at' ? iso(c) : `l.${c}`)).join(', ')}
  from users u
  left join user_settings s on s.user_id = u.id
  cross join lateral (select coalesce(sum(w.calories_burned), 0)::real as kcal from workouts w where w.user_id = u.id and w.date = $2::date) x
  left join food_logs l on l.user_id = u.id and l.date = $2::date
  where u.id = $1 and ($3::integer is null or (u.token_version = $3 and u.deactivated_at is null and u.email_validated))`;
const DAY_NAME = `food_logs_day_${createHash('sha1').update(DAY_SQL).digest('hex').slice(0, 12)}`;
const at = Object.fromEntries(DAY_COLUMNS.map((c, i) => [c, GOAL_COLUMNS.length + EXERCISE_COLUMNS + i])) as Record<(typeof DAY_COLUMNS)[number], number>;

/** ORDER BY created_at, id: the text with microseconds, then the id. */
function byCreated(a: unknown[], b: unknown[]): number {
  const x = a[at.created_at] as string;
  const y = b[at.created_at] as string;
  return x < y ? -1 : x > y ? 1 : (a[at.id] as number) - (b[at.id] as number);
}

/** An array row as an entry: an object literal (one shape for every row), not a loop of keyed stores. */
function dayRow(r: unknown[], date: string): DayRow {
  const v = <T>(i: number) => r[i] as T;
  return {
    id: v(at.id), food_id: v(at.food_id), food_name: v(at.food_name), brand_name: v(at.brand_name),
    serving_description: v(at.serving_description), serving_grams: v(at.serving_grams), number_of_servings: v(at.number_of_servings),
    calories: v(at.calories), protein: v(at.protein), carbohydrates: v(at.carbohydrates), fat: v(at.fat), fiber: v(at.fiber),
    sugar: v(at.sugar), sodium: v(at.sodium), potassium: v(at.potassium), saturated_fat: v(at.saturated_fat),
    monounsaturated_fat: v(at.monounsaturated_fat), polyunsaturated_fat: v(at.polyunsaturated_fat), trans_fat: v(at.trans_fat), cholesterol: v(at.cholesterol),
    calcium: v(at.calcium), iron: v(at.iron), magnesium: v(at.magnesium), zinc: v(at.zinc), vitamin_a: v(at.vitamin_a), vitamin_c: v(at.vitamin_c),
    vitamin_d: v(at.vitamin_d), vitamin_e: v(at.vitamin_e), vitamin_k: v(at.vitamin_k), vitamin_b6: v(at.vitamin_b6), vitamin_b12: v(at.vitamin_b12), folate: v(at.folate),
    // YYYY-MM-DDTHH:MI:SS.ffffff → milliseconds (truncated, as the MS pattern and Date.toISOString do) and Z.
    meal_type: v(at.meal_type), date, created_at: `${v<string>(at.created_at).slice(0, 23)}Z`, updated_at: v(at.updated_at),
  };
}

/**
 * `date`: YYYY-MM-DD, as the route validates it (so it is also each entry's date as PostgreSQL writes it).
 * `tokenVersion` given: the statement is also the request's authentication (a route with
 * `config.userRow: false`): no row comes back unless the user exists, is not deactivated, has a verified
 * e-mail address (plugins/auth.ts: 403 email_not_verified otherwise) and has that token version, and `found` is false.
 */
export async function dayWithGoals(db: Db, userId: number, date: string, tokenVersion?: number): Promise<{ found: boolean; goals: DayGoals | null; exercise: DayExercise; rows: DayRow[] }> {
  const result = await queryArrays(db, DAY_NAME, DAY_SQL, [userId, date, tokenVersion ?? null]);
  const first = result[0];
  // No row at all: no such user (or not this token's). A null id: no entries that day (the left join's one row).
  const goals = first ? (Object.fromEntries(GOAL_COLUMNS.map((c, i) => [c, first[i] as number | null])) as unknown as DayGoals) : null;
  // No settings row yet: the column's default (0 %).
  const exercise = { back_pct: (first?.[GOAL_COLUMNS.length] as number | null) ?? 0, kcal: Number(first?.[GOAL_COLUMNS.length + 1] ?? 0) };
  const rows: DayRow[] = [];
  if (first && first[at.id] === null) return { found: true, goals, exercise, rows };
  result.sort(byCreated);
  for (const r of result) rows.push(dayRow(r, date));
  return { found: first !== undefined, goals, exercise, rows };
}
/** The day's workouts in kcal and the share of them the user adds back to the budget. */
export interface DayExercise {
  back_pct: number;
  kcal: number;
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

/**
 * One entry (what the app logs almost every time): the same statement as below, prepared once per
 * database handle and set of columns, so drizzle does not build it again on every write (query
 * building was ~25 % of a write's CPU profile). null when too many shapes were prepared already.
 */
function insertOneStatement(db: Db, row: NewFoodLogRow) {
  const values = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) as Record<string, unknown>;
  const byFood = typeof values.food_id === 'string' && values.food_id !== '';
  const key = `${byFood ? 'food' : 'manual'}:${Object.keys(values).sort().join(',')}`;
  let statements = insertStatements.get(db);
  if (!statements) insertStatements.set(db, (statements = new Map()));
  let statement = statements.get(key);
  if (!statement) {
    if (statements.size >= MAX_INSERT_SHAPES) return null;
    const p = (name: string) => sql.placeholder(name);
    const match = byFood
      ? sql`${favorite_foods.food_id} = ${p('food_id')}`
      : sql`(${favorite_foods.food_id} is null and lower(${favorite_foods.food_name}) = lower(${p('food_name')}::text))`;
    const counted = db.$with('counted', { id: sql<number>`id` }).as(
      sql`update ${favorite_foods} set consumption_count = ${favorite_foods.consumption_count} + 1, last_consumed = ${p('at')}::timestamptz, updated_at = ${p('at')}::timestamptz
        where ${favorite_foods.user_id} = ${p('fav_user_id')} and ${match} returning id`,
    );
    const placeholders = Object.fromEntries(Object.keys(values).map((k) => [k, p(k)])) as unknown as NewFoodLogRow;
    // Named after its shape: the same name is always the same SQL, on any connection and handle.
    statement = db.with(counted).insert(food_logs).values(placeholders).returning().prepare(`food_log_insert_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`);
    statements.set(key, statement);
  }
  return { statement, values };
}
const MAX_INSERT_SHAPES = 32;
type InsertOne = ReturnType<ReturnType<Db['insert']>['values']>;
const insertStatements = new WeakMap<Db, Map<string, ReturnType<ReturnType<InsertOne['returning']>['prepare']>>>();

/**
 * Inserts the entries and counts the favorites they log in ONE statement (a data-modifying CTE): one
 * round trip instead of BEGIN, insert, an update per entry and COMMIT, and atomic without a transaction.
 * A favorite is counted once per entry of its food (same food id, or a manual entry with its name).
 */
export async function insertLogsCountingFavorites(db: Db, userId: number, rows: NewFoodLogRow[], at: Date): Promise<FoodLogRow[]> {
  if (rows.length === 1) {
    const one = insertOneStatement(db, rows[0]!);
    if (one) return (await one.statement.execute({ ...one.values, fav_user_id: userId, at: at.toISOString() })) as FoodLogRow[];
  }
  const matches = rows.map((r) =>
    r.food_id ? sql`${favorite_foods.food_id} = ${r.food_id}` : sql`(${favorite_foods.food_id} is null and lower(${favorite_foods.food_name}) = lower(${r.food_name}))`,
  );
  const uses = sql.join(matches.map((m) => sql`(case when ${m} then 1 else 0 end)`), sql` + `);
  const counted = db.$with('counted', { id: sql<number>`id` }).as(
    sql`update ${favorite_foods} set consumption_count = ${favorite_foods.consumption_count} + ${uses}, last_consumed = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz
      where ${favorite_foods.user_id} = ${userId} and (${sql.join(matches, sql` or `)}) returning id`,
  );
  return db.with(counted).insert(food_logs).values(rows).returning();
}

/** The entries of one day, or of one meal of it, in the order they were logged. */
export async function entriesOf(db: Db, userId: number, date: string, mealType?: string): Promise<FoodLogRow[]> {
  return db
    .select()
    .from(food_logs)
    .where(and(eq(food_logs.user_id, userId), eq(food_logs.date, date), mealType ? eq(food_logs.meal_type, mealType) : undefined))
    .orderBy(asc(food_logs.created_at), asc(food_logs.id));
}

const MEAL_ORDER = sql`case ${food_logs.meal_type} when 'breakfast' then 0 when 'lunch' then 1 when 'dinner' then 2 else 3 end`;

/**
 * The latest `limit` meals (a day and a meal type) logged before `before`, newest first (within a day: breakfast,
 * lunch, dinner, snack), with their entries in the order they were logged. From the (user, date, …) index.
 */
export async function recentMeals(db: Db, userId: number, before: string, mealType: string | undefined, limit: number): Promise<{ date: string; meal_type: string; rows: FoodLogRow[] }[]> {
  const scope = and(eq(food_logs.user_id, userId), sql`${food_logs.date} < ${before}::date`, mealType ? eq(food_logs.meal_type, mealType) : undefined);
  const meals = await db
    .select({ date: food_logs.date, meal_type: food_logs.meal_type })
    .from(food_logs)
    .where(scope)
    .groupBy(food_logs.date, food_logs.meal_type)
    .orderBy(desc(food_logs.date), MEAL_ORDER)
    .limit(limit);
  if (!meals.length) return [];
  const oldest = meals.at(-1)!.date;
  const rows = await db
    .select()
    .from(food_logs)
    .where(and(scope, gte(food_logs.date, oldest)))
    .orderBy(asc(food_logs.created_at), asc(food_logs.id));
  const byMeal = new Map(meals.map((m) => [`${m.date}|${m.meal_type}`, { ...m, rows: [] as FoodLogRow[] }]));
  for (const r of rows) byMeal.get(`${r.date}|${r.meal_type}`)?.rows.push(r);
  return [...byMeal.values()];
}
