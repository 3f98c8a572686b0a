/**
 * Placeholder plan days (spec §4/§9): shown when a completed plan still has no usable days after
 * the recovery refetches. Calories per meal ~500/700/800/300 with ±20 % random variation; macros
 * from a 20/50/30 % split at 4/4/9 kcal per gram. The RNG is injected so tests are exact.
 */
import type { MealType } from './meal-plan/types.js';

export const PLACEHOLDER_MEAL_CALORIES: Record<MealType, number> = { breakfast: 500, lunch: 700, dinner: 800, snack: 300 };
export const PLACEHOLDER_VARIATION = 0.2;
export const PLACEHOLDER_SPLIT = { protein: 0.2, carbs: 0.5, fat: 0.3 } as const;
export const KCAL_PER_GRAM = { protein: 4, carbs: 4, fat: 9 } as const;

export interface PlaceholderFood {
  id: string; name: string; serving_size: number; serving_unit: string; calories: number; protein: number; carbs: number; fat: number; fiber: number;
  reasoning: string; meal_type: MealType; alternatives: []; is_placeholder: true;
}
export interface PlaceholderMeal { foods: PlaceholderFood[]; total_calories: number; total_protein: number; total_carbs: number; total_fat: number; notes: string }
export interface PlaceholderDay { day_number: number; meals: Record<MealType, PlaceholderMeal>; is_placeholder: true; refresh_hint: string }

const r1 = (x: number): number => Math.round(x * 10) / 10;

/** rng() in [0, 1): factor in [1 − 20 %, 1 + 20 %). */
export function placeholderDay(dayNumber: number, rng: () => number = Math.random): PlaceholderDay {
  const meals = {} as Record<MealType, PlaceholderMeal>;
  for (const meal of Object.keys(PLACEHOLDER_MEAL_CALORIES) as MealType[]) {
    const calories = Math.round(PLACEHOLDER_MEAL_CALORIES[meal] * (1 + (rng() * 2 - 1) * PLACEHOLDER_VARIATION));
    const protein = r1((calories * PLACEHOLDER_SPLIT.protein) / KCAL_PER_GRAM.protein);
    const carbs = r1((calories * PLACEHOLDER_SPLIT.carbs) / KCAL_PER_GRAM.carbs);
    const fat = r1((calories * PLACEHOLDER_SPLIT.fat) / KCAL_PER_GRAM.fat);
    const food: PlaceholderFood = {
      id: `placeholder-d${dayNumber}-${meal}`, name: `Balanced ${meal}`, serving_size: 1, serving_unit: 'meal',
      calories, protein, carbs, fat, fiber: 0, reasoning: 'Placeholder while your plan is still being prepared.', meal_type: meal,
      alternatives: [], is_placeholder: true,
    };
    meals[meal] = { foods: [food], total_calories: calories, total_protein: protein, total_carbs: carbs, total_fat: fat, notes: 'Placeholder meal: refresh to load your generated plan.' };
  }
  return { day_number: dayNumber, meals, is_placeholder: true, refresh_hint: 'This day is a placeholder because the plan data could not be loaded. Pull to refresh or regenerate the plan.' };
}

export const placeholderDays = (days: number, rng: () => number = Math.random): PlaceholderDay[] =>
  Array.from({ length: Math.max(0, Math.floor(days)) }, (_, i) => placeholderDay(i + 1, rng));
