/** Saved meals: a named set of foods logged in one go (issue 41 item 3). Owner only: another user's meal is not found. */
import {
  MAX_SAVED_MEAL_ITEMS,
  MAX_SAVED_MEALS_PER_USER,
  MAX_SERVINGS_PER_LOG,
  type FoodLogEntry,
  type MealType,
  type SavedMeal,
  type SavedMealCreate,
  type SavedMealItem,
  type SavedMealItemInput,
  type SavedMealLog,
  type SavedMealUpdate,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { notFound, unprocessable } from '../../lib/http-error.ts';
import { getFood } from '../foods/repository.ts';
import { entriesOf, insertLogsCountingFavorites, type NewFoodLogRow } from '../food-logs/repository.ts';
import { fromFood, todayFor, toEntry } from '../food-logs/service.ts';
import * as repo from './repository.ts';
import type { SavedMealRow } from './repository.ts';

const round = (n: number) => Math.round(n * 100) / 100;
const NUTRIENTS = ['calories', 'protein', 'carbohydrates', 'fat', 'fiber', 'sugar', 'sodium'] as const;
const mealNotFound = () => notFound('Saved meal not found');

export function toSavedMeal(r: SavedMealRow): SavedMeal {
  const sum = (k: (typeof NUTRIENTS)[number]) => round(r.items.reduce((s, i) => s + i[k], 0));
  return {
    id: r.id,
    name: r.name,
    meal_type: (r.meal_type as MealType | null) ?? null,
    items: r.items,
    totals: { calories: sum('calories'), protein: sum('protein'), carbs: sum('carbohydrates'), fat: sum('fat'), fiber: sum('fiber') },
    times_logged: r.times_logged,
    last_logged_at: r.last_logged_at ? r.last_logged_at.toISOString() : null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/**
 * The items as stored. A database food must be one the user can see (custom foods are private: another user's is
 * not found); with its serving's grams, its nutrients are computed from the food, as logging it would.
 */
async function resolveItems(db: Db, userId: number, items: SavedMealItemInput[]): Promise<SavedMealItem[]> {
  const out: SavedMealItem[] = [];
  for (const [i, item] of items.entries()) {
    if (item.food_id === null) {
      out.push({ ...item, ...Object.fromEntries(NUTRIENTS.map((k) => [k, round(item[k])])) } as SavedMealItem);
      continue;
    }
    const food = await getFood(db, item.food_id, userId);
    if (!food) throw notFound(`Food not found: items[${i}].food_id ${item.food_id}`);
    if (item.serving_grams === null) {
      out.push(item);
      continue;
    }
    const n = fromFood(food, item.serving_grams * item.number_of_servings);
    out.push({ ...item, ...Object.fromEntries(NUTRIENTS.map((k) => [k, round(n[k] ?? 0)])) } as SavedMealItem);
  }
  return out;
}

const nothingLogged = (date: string, meal?: string) => notFound(`Nothing logged on ${date}${meal ? ` for ${meal}` : ''}`);

/** A snapshot of a meal as logged: each entry's food, serving, amount and nutrient totals. */
async function itemsOfLoggedMeal(db: Db, userId: number, date: string, mealType: MealType): Promise<SavedMealItem[]> {
  const rows = await entriesOf(db, userId, date, mealType);
  if (!rows.length) throw nothingLogged(date, mealType);
  if (rows.length > MAX_SAVED_MEAL_ITEMS) throw unprocessable(`A saved meal holds at most ${MAX_SAVED_MEAL_ITEMS} foods; ${date} ${mealType} has ${rows.length}`, ['body', 'from']);
  return rows.map((r) => ({
    food_id: r.food_id,
    food_name: r.food_name,
    brand_name: r.brand_name,
    serving_description: r.serving_description,
    serving_grams: r.serving_grams,
    number_of_servings: r.number_of_servings,
    calories: r.calories,
    protein: r.protein,
    carbohydrates: r.carbohydrates,
    fat: r.fat,
    fiber: r.fiber,
    sugar: r.sugar,
    sodium: r.sodium,
  }));
}

export async function create(db: Db, userId: number, body: SavedMealCreate): Promise<SavedMeal> {
  const items = body.from ? await itemsOfLoggedMeal(db, userId, body.from.date, body.from.meal_type) : await resolveItems(db, userId, body.items!);
  const meal_type = body.meal_type !== undefined ? body.meal_type : (body.from?.meal_type ?? null);
  const row = await repo.insertUnderCap(db, { user_id: userId, name: body.name, meal_type, items }, MAX_SAVED_MEALS_PER_USER);
  if (!row) throw unprocessable(`You can keep at most ${MAX_SAVED_MEALS_PER_USER} saved meals. Delete one you no longer use to save a new one.`, ['body']);
  return toSavedMeal(row);
}

export async function list(db: Db, userId: number): Promise<SavedMeal[]> {
  return (await repo.list(db, userId)).map(toSavedMeal);
}

export async function get(db: Db, userId: number, id: number): Promise<SavedMeal> {
  const row = await repo.get(db, userId, id);
  if (!row) throw mealNotFound();
  return toSavedMeal(row);
}

export async function update(db: Db, userId: number, id: number, body: SavedMealUpdate): Promise<SavedMeal> {
  // Ownership first: another user's id is a 404 whatever the body holds.
  if (!(await repo.get(db, userId, id))) throw mealNotFound();
  const patch: Partial<SavedMealRow> = {};
  if (body.name !== undefined) patch.name = body.name;
  if (body.meal_type !== undefined) patch.meal_type = body.meal_type;
  if (body.items !== undefined) patch.items = await resolveItems(db, userId, body.items);
  const row = await repo.update(db, userId, id, patch);
  if (!row) throw mealNotFound();
  return toSavedMeal(row);
}

export async function remove(db: Db, userId: number, id: number): Promise<void> {
  if (!(await repo.remove(db, userId, id))) throw mealNotFound();
}

/** One log entry of an item, `m` times over. */
async function entryOf(db: Db, userId: number, item: SavedMealItem, m: number, meal_type: MealType, date: string): Promise<NewFoodLogRow> {
  const n = round(item.number_of_servings * m);
  const base = { user_id: userId, food_name: item.food_name, brand_name: item.brand_name, serving_description: item.serving_description, serving_grams: item.serving_grams, number_of_servings: n, meal_type, date };
  const food = item.food_id ? await getFood(db, item.food_id, userId) : undefined;
  // A database food with its serving's grams: the nutrients (and its vitamins and minerals) come from the food, as logging it does.
  if (food && item.serving_grams !== null) return { ...base, food_id: food.id, ...fromFood(food, item.serving_grams * n) };
  // A manual food, or a food no longer there: the saved totals × the multiplier.
  return { ...base, food_id: food ? food.id : null, ...Object.fromEntries(NUTRIENTS.map((k) => [k, round(item[k] * m)])) };
}

/** POST /saved-meals/{id}/log: one entry per item, in one transaction with the meal's count. */
export async function log(db: Db, userId: number, id: number, body: SavedMealLog): Promise<FoodLogEntry[]> {
  const meal = await repo.get(db, userId, id);
  if (!meal) throw mealNotFound();
  const meal_type = body.meal_type ?? (meal.meal_type as MealType | null);
  if (!meal_type) throw unprocessable(`"${meal.name}" has no meal type: say which meal to log it to (meal_type)`, ['body', 'meal_type']);
  const tooMany = meal.items.find((i) => i.number_of_servings * body.multiplier > MAX_SERVINGS_PER_LOG);
  if (tooMany) throw unprocessable(`${tooMany.food_name}: ${tooMany.number_of_servings} servings × ${body.multiplier} is more than ${MAX_SERVINGS_PER_LOG} servings in one entry`, ['body', 'multiplier']);
  const date = body.date ?? (await todayFor(db, userId));
  const rows: NewFoodLogRow[] = [];
  for (const item of meal.items) rows.push(await entryOf(db, userId, item, body.multiplier, meal_type, date));
  const at = new Date();
  const created = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // The meal may have been deleted meanwhile: then nothing is logged.
    if (!(await repo.markLogged(t, userId, id, at))) throw mealNotFound();
    return insertLogsCountingFavorites(t, userId, rows, at);
  });
  return created.map(toEntry);
}
