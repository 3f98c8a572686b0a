/** Rules of the food log: nutrients from the database or the user's numbers, local dates, summaries, CSV. */
import { TZDate } from '@date-fns/tz';
import { format, subDays } from 'date-fns';
import { stringify } from 'csv-stringify/sync';
import { GoalsJsonSchema, MAX_COPY_ENTRIES, MEAL_TYPES, type DailySummary, type FoodLogCopy, type RecentMeal, type Micronutrients, type FoodLogEntry, type MealSummary, type NutrientTotals, type FoodLogUpdate } from '@app/contracts';
import type { z } from 'zod';
import type { FoodLogCreateSchema, ServingChoice } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { notFound, unauthorized, unprocessable } from '../../lib/http-error.ts';
import { getFood } from '../foods/repository.ts';
import { per100g, resolveServing, scaled, scaledMicros } from '../foods/food-rows.ts';
import { MICRONUTRIENTS } from '../../db/schema/micronutrients.ts';
import { sessionRefusal, type TokenSession } from '../../plugins/auth.ts';
import * as repo from './repository.ts';
import type { DayRow, FoodLogRow, NewFoodLogRow } from './repository.ts';
import { formatWater } from '@app/nutrition/water';
import { massUnit, massValue } from '@app/nutrition/units';
import { exerciseBudget } from '@app/nutrition/exercise-budget';
import { userZoneAndUnits, waterDaily } from '../health-metrics/repository.ts';

/** A stored entry: a full row, or the day summary's (timestamps already ISO text). */
type EntryRow = FoodLogRow | DayRow;
const isoOf = (v: Date | string) => (typeof v === 'string' ? v : v.toISOString());

type CreateBody = z.infer<typeof FoodLogCreateSchema>;
const round = (n: number) => Math.round(n * 100) / 100;

/** The user's local calendar date (user_settings.timezone, UTC when none). */
export async function todayFor(db: Db, userId: number, now = new Date()): Promise<string> {
  const tz = (await repo.userSettings(db, userId))?.timezone || 'UTC';
  return format(new TZDate(now, tz), 'yyyy-MM-dd');
}

/** Nutrients of a database food for a serving, in food-log column names. */
export function fromFood(food: NonNullable<Awaited<ReturnType<typeof getFood>>>, grams: number) {
  const n = scaled(per100g(food), grams);
  const { carbs, ...rest } = n;
  return { ...rest, carbohydrates: carbs, ...scaledMicros(food, grams) };
}

async function buildRow(db: Db, userId: number, body: CreateBody, today: string): Promise<NewFoodLogRow> {
  const date = body.date ?? today;
  if ('food_id' in body && typeof body.food_id === 'string') {
    // Another user's custom food is not found: custom foods are private.
    const food = await getFood(db, body.food_id, userId);
    if (!food) throw notFound('Food not found');
    const serving = resolveServing(food, body.serving as ServingChoice | undefined);
    if (!serving) throw unprocessable('Unknown serving for this food', ['body', 'serving']);
    return {
      user_id: userId,
      food_id: food.id,
      food_name: food.name,
      brand_name: food.brand_name,
      serving_description: serving.description,
      serving_grams: serving.grams,
      number_of_servings: body.number_of_servings,
      ...fromFood(food, serving.grams * body.number_of_servings),
      meal_type: body.meal_type,
      date,
    };
  }
  const m = body as Extract<CreateBody, { calories: number }>;
  const n = m.number_of_servings;
  const per = { ...m, carbohydrates: m.carbohydrates ?? m.carbs ?? 0 };
  const total = Object.fromEntries(
    (['calories', 'protein', 'carbohydrates', 'fat', 'fiber', 'sugar', 'sodium', 'potassium', 'saturated_fat', 'monounsaturated_fat', 'polyunsaturated_fat', 'trans_fat', 'cholesterol'] as const).map((k) => [k, round((per[k] ?? 0) * n)]),
  );
  return {
    user_id: userId,
    food_id: null,
    food_name: m.food_name,
    brand_name: m.brand_name,
    serving_description: m.serving_description,
    serving_grams: null,
    number_of_servings: n,
    ...total,
    meal_type: m.meal_type,
    date,
  };
}

/** An entry's vitamins and minerals (a literal, not a loop over MICRONUTRIENTS: 20 of these per day summary). */
function micronutrientsOf(r: EntryRow): Micronutrients {
  return {
    calcium: r.calcium,
    iron: r.iron,
    magnesium: r.magnesium,
    zinc: r.zinc,
    vitamin_a: r.vitamin_a,
    vitamin_c: r.vitamin_c,
    vitamin_d: r.vitamin_d,
    vitamin_e: r.vitamin_e,
    vitamin_k: r.vitamin_k,
    vitamin_b6: r.vitamin_b6,
    vitamin_b12: r.vitamin_b12,
    folate: r.folate,
  };
}

export function toEntry(r: EntryRow): FoodLogEntry {
  return {
    id: r.id,
    food_id: r.food_id,
    food_name: r.food_name,
    brand_name: r.brand_name,
    serving_description: r.serving_description,
    serving_grams: r.serving_grams,
    number_of_servings: r.number_of_servings,
    calories: r.calories,
    protein: r.protein,
    carbohydrates: r.carbohydrates,
    carbs: r.carbohydrates,
    fat: r.fat,
    fiber: r.fiber,
    sugar: r.sugar,
    sodium: r.sodium,
    potassium: r.potassium,
    saturated_fat: r.saturated_fat,
    monounsaturated_fat: r.monounsaturated_fat,
    polyunsaturated_fat: r.polyunsaturated_fat,
    trans_fat: r.trans_fat,
    cholesterol: r.cholesterol,
    micronutrients: micronutrientsOf(r),
    meal_type: r.meal_type as FoodLogEntry['meal_type'],
    date: r.date,
    created_at: isoOf(r.created_at),
    updated_at: isoOf(r.updated_at),
  };
}

/** All or nothing: the entries and their favorites' counts are written by one statement. */
export async function createLogs(db: Db, userId: number, bodies: CreateBody[]): Promise<FoodLogEntry[]> {
  // The settings' time zone is read only when an entry has no date (one query less per logged food).
  const today = bodies.every((b) => b.date) ? '' : await todayFor(db, userId);
  const rows: NewFoodLogRow[] = [];
  for (const b of bodies) rows.push(await buildRow(db, userId, b, today));
  const created = await repo.insertLogsCountingFavorites(db, userId, rows, new Date());
  return created.map(toEntry);
}

export async function updateLog(db: Db, userId: number, id: number, body: FoodLogUpdate): Promise<FoodLogEntry> {
  const row = await repo.getLog(db, userId, id);
  if (!row) throw notFound('Food log not found');
  const n = body.number_of_servings ?? row.number_of_servings;
  const patch: Partial<NewFoodLogRow> = { number_of_servings: n };
  if (body.meal_type) patch.meal_type = body.meal_type;
  if (body.date) patch.date = body.date;
  const food = row.food_id ? await getFood(db, row.food_id, userId) : undefined;
  if (food) {
    // A database food: nutrients always follow the database for the chosen serving.
    const serving = body.serving !== undefined ? resolveServing(food, body.serving) : { description: row.serving_description, grams: row.serving_grams ?? 100 };
    if (!serving) throw unprocessable('Unknown serving for this food', ['body', 'serving']);
    Object.assign(patch, { serving_description: serving.description, serving_grams: serving.grams }, fromFood(food, serving.grams * n));
  } else {
    if (body.serving !== undefined) throw unprocessable('A manual entry has no servings to choose from; change serving_description instead', ['body', 'serving']);
    // A manual entry: per-serving values are the stored totals over the old count, unless the body gives new ones.
    const keys = ['calories', 'protein', 'carbohydrates', 'fat', 'fiber', 'sugar', 'sodium', 'potassium', 'saturated_fat', 'monounsaturated_fat', 'polyunsaturated_fat', 'trans_fat', 'cholesterol'] as const;
    const given: Partial<Record<(typeof keys)[number], number | undefined>> = { ...body, carbohydrates: body.carbohydrates ?? body.carbs };
    for (const k of keys) {
      const per = given[k] ?? row[k] / row.number_of_servings;
      patch[k] = round(per * n);
    }
    if (body.food_name) patch.food_name = body.food_name;
    if (body.serving_description) patch.serving_description = body.serving_description;
  }
  const updated = await repo.updateLog(db, userId, id, patch);
  if (!updated) throw notFound('Food log not found');
  return toEntry(updated);
}

export async function deleteLog(db: Db, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteLog(db, userId, id))) throw notFound('Food log not found');
}

/** Running sums of the summary's nutrients, added entry by entry in the day's order (the same sums, bit for bit, as one reduce per nutrient). */
interface Sums { calories: number; protein: number; carbohydrates: number; fat: number; fiber: number; sugar: number; sodium: number }
const noSums = (): Sums => ({ calories: 0, protein: 0, carbohydrates: 0, fat: 0, fiber: 0, sugar: 0, sodium: 0 });
function add(s: Sums, r: EntryRow) {
  s.calories += r.calories;
  s.protein += r.protein;
  s.carbohydrates += r.carbohydrates;
  s.fat += r.fat;
  s.fiber += r.fiber;
  s.sugar += r.sugar;
  s.sodium += r.sodium;
}
function totalsOf(s: Sums): NutrientTotals {
  const carbs = round(s.carbohydrates);
  return { calories: round(s.calories), protein: round(s.protein), carbs, carbohydrates: carbs, fat: round(s.fat), fiber: round(s.fiber), sugar: round(s.sugar), sodium: round(s.sodium) };
}

function totals(rows: EntryRow[]): NutrientTotals {
  const s = noSums();
  for (const r of rows) add(s, r);
  return totalsOf(s);
}

/** The day's vitamins and minerals: summed over the entries that know each one, null when none does. */
function micronutrientTotals(rows: EntryRow[]): Micronutrients {
  const out = {} as Record<(typeof MICRONUTRIENTS)[number], number | null>;
  for (const k of MICRONUTRIENTS) {
    let sum = 0;
    let known = false;
    for (const r of rows) {
      const v = r[k];
      if (v !== null) {
        sum += v;
        known = true;
      }
    }
    out[k] = known ? Math.round(sum * 1000) / 1000 : null;
  }
  return out;
}

/** The day's meals in one pass over its entries (each entry built once, each sum added once). */
function meals(rows: EntryRow[]): DailySummary['meals'] {
  const byType = new Map(MEAL_TYPES.map((m) => [m as string, { foods: [] as FoodLogEntry[], sums: noSums() }]));
  for (const r of rows) {
    const m = byType.get(r.meal_type);
    if (!m) continue;
    m.foods.push(toEntry(r));
    add(m.sums, r);
  }
  return Object.fromEntries(MEAL_TYPES.map((t) => {
    const m = byType.get(t)!;
    return [t, { meal_type: t, foods: m.foods, totals: totalsOf(m.sums) }];
  })) as DailySummary['meals'];
}

export async function mealSummary(db: Db, userId: number, date: string, mealType: (typeof MEAL_TYPES)[number]): Promise<MealSummary> {
  return meals(await repo.logsBetween(db, userId, date, date))[mealType];
}

/**
 * Each goal from the `goals` JSON text when it gives one (bad JSON → 422), else the user's settings, else 0.
 * `session` (the route's token, on a route without the user's row): the day's statement checks the user
 * too, and a token that no longer matches (password changed, account deactivated or deleted) gets a 401.
 */
export async function dailySummary(db: Db, userId: number, date: string, goalsJson?: string, session?: TokenSession): Promise<DailySummary> {
  // The statement first: on a route that authenticates with it, a stale token gets its 401 before any 422.
  const { found, goals: settings, exercise, rows } = await repo.dayWithGoals(db, userId, date, session?.tokenVersion);
  // No row for the session: a stale token (401) or an account whose e-mail is not verified (403), told apart off the fast path.
  if (session && !found) throw await sessionRefusal(db, session);
  let g: { daily_calorie_goal?: number | null; daily_protein_goal?: number | null; daily_carbs_goal?: number | null; daily_fat_goal?: number | null; daily_fiber_goal?: number | null } = {};
  if (goalsJson !== undefined && goalsJson !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(goalsJson);
    } catch {
      throw unprocessable('goals must be JSON text', ['query', 'goals'], 'json_invalid');
    }
    const res = GoalsJsonSchema.safeParse(parsed);
    if (!res.success) throw unprocessable(`goals: ${res.error.issues[0]?.message ?? 'invalid'}`, ['query', 'goals', ...(res.error.issues[0]?.path ?? []).map(String)]);
    // A partial override keeps the other goals: given numbers win, the rest come from the settings (issue 9).
    const given = Object.fromEntries(Object.entries(res.data).filter(([, v]) => v != null));
    g = given;
  }
  g = { ...(settings ?? {}), ...g };
  const calories = g.daily_calorie_goal ?? 0;
  return {
    date,
    meals: meals(rows),
    daily_totals: { ...totals(rows), micronutrients: micronutrientTotals(rows) },
    goals: { calories, protein: g.daily_protein_goal ?? 0, carbs: g.daily_carbs_goal ?? 0, fat: g.daily_fat_goal ?? 0, fiber: g.daily_fiber_goal ?? 0 },
    // Issue 42 §9: the goal plus the chosen share of the day's workout calories.
    ...exerciseBudget(calories, exercise.kcal, exercise.back_pct),
  };
}

/** Spreadsheets run cells that start with = + - @ tab or CR as formulas; a leading quote keeps them text. */
export function safeCell(v: unknown): unknown {
  return typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/** Rows a page of the CSV export reads and writes at once: ~75 KB of CSV, a few milliseconds of work, read from the (user, date, created_at, id) index. */
export const CSV_PAGE_ROWS = 500;

/**
 * The food log of the last `days` days as CSV, streamed a page at a time (issue 39 item 6: five exports of 30,000
 * entries built in one piece held the event loop for 23 s). Each page is one keyset query and its rows written with
 * csv-stringify; the loop yields between pages, and the export stops when the client goes away (the stream is
 * destroyed, so the generator is not resumed).
 */
/** `giveWay`: awaited between pages, so other users' requests are answered between them (lib/front-door.ts). */
export async function* downloadCsv(db: Db, userId: number, days: number, giveWay?: () => Promise<void>): AsyncGenerator<string> {
  const today = await todayFor(db, userId);
  const from = format(subDays(new Date(`${today}T12:00:00Z`), days - 1), 'yyyy-MM-dd');
  // The entry's weight in the user's units, the unit in its header (issue 42 §2): amount_g, or amount_oz when imperial.
  const { units } = await userZoneAndUnits(db, userId);
  const amount = csvAmountColumn(units);
  const columns: string[] = [...repo.CSV_COLUMNS];
  columns.splice(columns.indexOf('number_of_servings') + 1, 0, amount.header);
  yield stringify([], { header: true, columns });
  let after: repo.CsvRow | null = null;
  for (;;) {
    const rows: repo.CsvRow[] = await repo.logsPageBetween(db, userId, from, today, after, CSV_PAGE_ROWS);
    if (rows.length) yield stringify(rows.map((r) => Object.fromEntries(columns.map((c) => [c, c === amount.header ? amount.value(r) : safeCell(r[c as keyof repo.CsvRow])]))), { columns });
    if (rows.length < CSV_PAGE_ROWS) break;
    after = rows.at(-1)!;
    await new Promise<void>((resolve) => setImmediate(resolve));
    await giveWay?.();
  }
  // Water is a day's total, not a food: a second section after one empty line, only when some was logged
  // (issue 42 §12): date, water_ml, and the amount in the user's units ("67.6 fl oz" when imperial).
  const water = await waterDaily(db, userId, from, today);
  if (!water.length) return;
  yield '\n' + stringify(water.map((d) => ({ date: d.date, water_ml: d.total_ml, water: formatWater(d.total_ml, units).replace('\u00a0', ' ') })), { header: true, columns: WATER_CSV_COLUMNS });
}
/**
 * The export's weight column: the entry's grams (serving grams × servings) in the user's units, named with its unit
 * ("amount_g", "amount_oz"); empty for a manual entry, whose weight is not known. The nutrient columns stay in the
 * label's units (g, mg, kcal) for everyone, as US labels write them too.
 */
export function csvAmountColumn(units: string): { header: string; value: (r: Pick<repo.CsvRow, 'serving_grams' | 'number_of_servings'>) => number | '' } {
  return {
    header: `amount_${massUnit(units)}`,
    value: (r) => (r.serving_grams == null ? '' : massValue(r.serving_grams * r.number_of_servings, units)),
  };
}
/** Columns of the export's water section. */
export const WATER_CSV_COLUMNS = ['date', 'water_ml', 'water'] as const;

export async function manualFoods(db: Db, userId: number) {
  const rows = await repo.recentManualFoods(db, userId);
  return rows.map((r) => {
    const per = (v: number) => round(v / r.number_of_servings);
    return {
      food_name: r.food_name,
      brand_name: r.brand_name,
      serving_description: r.serving_description,
      calories: per(r.calories),
      protein: per(r.protein),
      carbohydrates: per(r.carbohydrates),
      carbs: per(r.carbohydrates),
      fat: per(r.fat),
      fiber: per(r.fiber),
      last_logged: new Date(r.created_at).toISOString(),
    };
  });
}

/**
 * POST /food-logs/copy: the user's entries of `from_date` (or of its `meal_type`) logged again on `to_date`, in the
 * same meals, with the same amounts and nutrients (a copy of each row: a database food's numbers are the ones logged
 * then). One statement, like a batch: all or nothing, and favorites counted as when logging.
 */
export async function copyLogs(db: Db, userId: number, body: FoodLogCopy): Promise<FoodLogEntry[]> {
  const rows = await repo.entriesOf(db, userId, body.from_date, body.meal_type);
  if (!rows.length) throw notFound(`Nothing logged on ${body.from_date}${body.meal_type ? ` for ${body.meal_type}` : ''}`);
  if (rows.length > MAX_COPY_ENTRIES) {
    throw unprocessable(`${rows.length} entries on ${body.from_date}: at most ${MAX_COPY_ENTRIES} can be copied at once. Copy one meal at a time.`, ['body', 'meal_type']);
  }
  const copies: NewFoodLogRow[] = rows.map(({ id: _id, created_at: _c, updated_at: _u, ...row }) => ({ ...row, date: body.to_date }));
  const created = await repo.insertLogsCountingFavorites(db, userId, copies, new Date());
  return created.map(toEntry);
}

/** GET /food-logs/recent-meals: the last meals logged before today (the user's time zone), newest first, for "Log again". */
export async function recentMeals(db: Db, userId: number, mealType: RecentMeal['meal_type'] | undefined, limit: number): Promise<RecentMeal[]> {
  const today = await todayFor(db, userId);
  const meals = await repo.recentMeals(db, userId, today, mealType, limit);
  return meals.map((m) => {
    const s = noSums();
    for (const r of m.rows) add(s, r);
    return {
      date: m.date,
      meal_type: m.meal_type as RecentMeal['meal_type'],
      foods: m.rows.map((r) => ({ food_name: r.food_name, number_of_servings: r.number_of_servings, serving_description: r.serving_description, calories: r.calories })),
      totals: { calories: round(s.calories), protein: round(s.protein), carbs: round(s.carbohydrates), fat: round(s.fat) },
    };
  });
}
