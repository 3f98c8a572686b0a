/**
 * 'Log this' (spec §7 POST /food-logs/batch). An option that carries its database log body is
 * logged by food id (the log stays linked to the food). A planned meal's foods become manual
 * entries with the plan's own numbers, so the log shows exactly what was planned.
 */
import type { FoodLogCreate } from '@app/contracts/food-logs';
import type { MealType } from '../types';
import { formatPortion } from '@app/nutrition/portion';

export interface LoggableFood {
  name: string;
  serving_size?: number | null;
  serving_unit?: string | null;
  /** Some answers describe the portion as text instead. */
  serving?: string | null;
  calories?: number | null;
  protein?: number | null;
  carbs?: number | null;
  fat?: number | null;
  fiber?: number | null;
  /** A database food's own log body (what-to-eat options carry one): the server computes its nutrients. */
  log_entry?: { food_id: string; serving?: { grams: number }; number_of_servings?: number } | null;
}

const FILLER = new Set(['default meal', 'unknown food']);
const nonNegative = (n: number | null | undefined) => Math.max(0, Math.round((n ?? 0) * 10) / 10);

function servingText(f: LoggableFood): string {
  if (f.serving && f.serving.trim()) return f.serving.trim().slice(0, 200);
  if (f.serving_size != null && f.serving_unit) return formatPortion({ serving_size: f.serving_size, serving_unit: f.serving_unit }).slice(0, 200);
  return 'serving';
}

export function toFoodLogEntries(foods: readonly LoggableFood[], meal_type: MealType, date: string): FoodLogCreate[] {
  return foods
    .filter((f) => f.name && !FILLER.has(f.name.trim().toLowerCase()))
    .map((f): FoodLogCreate =>
      f.log_entry
        ? { food_id: f.log_entry.food_id, serving: f.log_entry.serving, number_of_servings: f.log_entry.number_of_servings ?? 1, meal_type, date }
        : manualEntry(f, meal_type, date),
    );
}

function manualEntry(f: LoggableFood, meal_type: MealType, date: string): FoodLogCreate {
  return {
    food_id: null,
    food_name: f.name.trim().slice(0, 200),
    brand_name: '',
    serving_description: servingText(f),
    number_of_servings: 1,
    calories: nonNegative(f.calories),
    protein: nonNegative(f.protein),
    carbohydrates: nonNegative(f.carbs),
    fat: nonNegative(f.fat),
    fiber: nonNegative(f.fiber),
    sugar: 0,
    sodium: 0,
    potassium: 0,
    saturated_fat: 0,
    monounsaturated_fat: 0,
    polyunsaturated_fat: 0,
    trans_fat: 0,
    cholesterol: 0,
    meal_type,
    date,
  };
}

/** What the day's food log holds for one meal (a daily summary's `meals[m].foods`). */
export interface LoggedFood {
  food_name: string;
  food_id?: string | null;
}

/**
 * Whether a planned meal is already in the day's food log (issue 10 item 14): every planned entry has
 * a logged entry of the same name in that meal, counted as a multiset so two eggs need two entries.
 * Derived from the log, not from a click, so the mark survives a reload and disappears when the
 * user deletes the entries again.
 */
export function isMealLogged(planned: readonly FoodLogCreate[], logged: readonly LoggedFood[]): boolean {
  if (planned.length === 0) return false;
  const left = new Map<string, number>();
  const key = (s: string) => s.trim().toLowerCase();
  for (const l of logged) left.set(key(l.food_name), (left.get(key(l.food_name)) ?? 0) + 1);
  return planned.every((p) => {
    const name = key('food_name' in p && p.food_name ? p.food_name : '');
    const n = left.get(name) ?? 0;
    if (!name || n === 0) return false;
    left.set(name, n - 1);
    return true;
  });
}
