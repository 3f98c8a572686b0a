import type { FoodDetail, FoodLogEntry, FoodNutrients, ServingPayload } from './types';
import { countOf } from '../../lib/format';
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

/** One meal name per type on every screen: the app-wide labels. */
export { MEAL_LABELS } from '../../lib/format';

/** "2 slices", "1 cup", "0.5 × 100 g": how much of a food was logged. */
export function servingText(f: Pick<FoodLogEntry, 'number_of_servings' | 'serving_description'>): string {
  const n = round(f.number_of_servings, 2);
  const unit = f.serving_description.trim();
  // A description that starts with an amount ("100 g", "1 cup, chopped") is counted, not pluralised.
  if (!unit || /^\d/.test(unit)) return n === 1 ? unit || '1 serving' : `${n} × ${unit || 'serving'}`;
  return countOf(n, unit);
}

/** How the user last logged a food (GET /foods/recent's last_serving). */
export interface LastServing {
  serving_description: string;
  number_of_servings: number;
  serving_grams: number | null;
}

/**
 * The food sheet's starting serving: as last logged when known (the same household measure by its description, else
 * the weight it had), else the food's first measure; one serving unless the last entry had more.
 */
export function startingServing(food: Pick<FoodDetail, 'servings'>, last?: LastServing | null): { choice: ServingChoice; count: number } {
  const count = last && last.number_of_servings > 0 ? last.number_of_servings : 1;
  if (last) {
    const measure = food.servings.find((s) => s.description.trim() === last.serving_description.trim());
    if (measure) return { choice: { kind: 'measure', id: measure.id }, count };
    const weight = /^(\d+(?:\.\d+)?) g$/.exec(last.serving_description.trim());
    const grams = weight ? Number(weight[1]) : last.serving_grams;
    if (grams && grams > 0) return { choice: { kind: 'grams', grams }, count };
  }
  return { choice: defaultChoice(food), count: 1 };
}
