import type { MealType } from '@app/contracts/constants';
import type { FoodDetail, FoodNutrients, ServingPayload } from './types';
import { NUTRIENT_KEYS } from './types';

/** What the serving picker holds: one of the food's household measures (by id), or a weight in grams. */
export type ServingChoice = { kind: 'measure'; id: string } | { kind: 'grams'; grams: number };

export const defaultChoice = (food: Pick<FoodDetail, 'servings'>): ServingChoice =>
  food.servings[0] ? { kind: 'measure', id: food.servings[0].id } : { kind: 'grams', grams: 100 };

export function gramsOf(food: Pick<FoodDetail, 'servings' | 'serving_grams'>, choice: ServingChoice): number {
  if (choice.kind === 'grams') return Number.isFinite(choice.grams) ? choice.grams : 0;
  return food.servings.find((s) => s.id === choice.id)?.grams ?? food.serving_grams;
}

/** Nutrients for `count` of the chosen serving, from the food's values per 100 g. */
export function nutrientsFor(food: Pick<FoodDetail, 'servings' | 'serving_grams' | 'per_100g'>, choice: ServingChoice, count: number): FoodNutrients {
  const factor = (gramsOf(food, choice) / 100) * (Number.isFinite(count) && count > 0 ? count : 0);
  const out = {} as FoodNutrients;
  for (const k of NUTRIENT_KEYS) out[k] = (food.per_100g[k] ?? 0) * factor;
  return out;
}

/** The serving as the API takes it: a measure by its id, or a weight in grams. */
export function servingPayload(choice: ServingChoice): ServingPayload {
  return choice.kind === 'grams' ? choice.grams : { id: choice.id };
}

export function round(n: number, digits = 0): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** The meal a user most likely means at this hour, so 'Add' needs no extra tap most of the time. */
export function mealForHour(hour: number): MealType {
  if (hour >= 4 && hour < 11) return 'breakfast';
  if (hour >= 11 && hour < 15) return 'lunch';
  if (hour >= 17 && hour < 22) return 'dinner';
  return 'snack';
}

/** One meal name per type on every screen: the app-wide labels. */
export { MEAL_LABELS } from '../../lib/format';
