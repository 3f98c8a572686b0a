/**
 * 'Log this' (spec §7 POST /food-logs/batch): the foods of a planned meal or a suggested option
 * become manual food-log entries carrying the plan's own numbers, so the log shows exactly what
 * was suggested (a database lookup could round differently).
 */
import type { FoodLogCreate } from '@app/contracts/food-logs';
import type { MealType } from '../types';

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
}

const FILLER = new Set(['default meal', 'unknown food']);
const nonNegative = (n: number | null | undefined) => Math.max(0, Math.round((n ?? 0) * 10) / 10);

function servingText(f: LoggableFood): string {
  if (f.serving && f.serving.trim()) return f.serving.trim().slice(0, 200);
  if (f.serving_size != null && f.serving_unit) return `${Math.round(f.serving_size * 100) / 100} ${f.serving_unit}`.slice(0, 200);
  return 'serving';
}

export function toFoodLogEntries(foods: readonly LoggableFood[], meal_type: MealType, date: string): FoodLogCreate[] {
  return foods
    .filter((f) => f.name && !FILLER.has(f.name.trim().toLowerCase()))
    .map((f) => ({
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
    }));
}
