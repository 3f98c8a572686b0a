import type { MealType } from '@app/contracts/constants';
import type { FoodLogCreate } from '../../lib/foods-api';
import type { FoodLogEntry, ServingPayload } from './types';

/**
 * How to name an entry's serving to the API again. Household measures are matched by their description;
 * a weight the user typed ("50 g") is not a listed measure, so it goes back as grams.
 */
export function servingOf(description: string, grams: number | null | undefined): ServingPayload {
  const weight = /^(\d+(?:\.\d+)?) g$/.exec(description.trim());
  if (weight) return Number(weight[1]);
  if (!description && grams) return grams;
  return { description };
}

/** The entries of one meal as new log entries on another day (e.g. "copy yesterday's breakfast"). */
export function copyEntries(entries: FoodLogEntry[], meal: MealType, date: string): FoodLogCreate[] {
  return entries.map((e) => {
    if (e.food_id) {
      return { food_id: e.food_id, serving: servingOf(e.serving_description, e.serving_grams), number_of_servings: e.number_of_servings, meal_type: meal, date };
    }
    // Manual entries store totals; the API takes values for one serving.
    const n = e.number_of_servings || 1;
    const per = (v: number) => Math.round((v / n) * 1000) / 1000;
    return {
      food_name: e.food_name,
      brand_name: e.brand_name,
      serving_description: e.serving_description,
      number_of_servings: e.number_of_servings,
      calories: per(e.calories),
      protein: per(e.protein),
      carbohydrates: per(e.carbohydrates),
      fat: per(e.fat),
      fiber: per(e.fiber),
      sugar: per(e.sugar),
      sodium: per(e.sodium),
      meal_type: meal,
      date,
    };
  });
}
