/** The committed USDA-derived catalogue (scripts/build-catalogue.ts) and portion arithmetic. */
import data from '../../data/meal-catalogue.json' with { type: 'json' };
import type { CatalogueFood, Macros } from './types.js';

export const CATALOGUE: readonly CatalogueFood[] = (data as unknown as { foods: CatalogueFood[] }).foods;
const byId = new Map(CATALOGUE.map((f) => [f.food_id, f]));
export const foodById = (id: string): CatalogueFood | undefined => byId.get(id);

/** Integer step counts a food may take (the MIP's integer variable range). */
export function stepRange(f: CatalogueFood): { min: number; max: number } {
  return { min: Math.round(f.portion.min / f.portion.step), max: Math.round(f.portion.max / f.portion.step) };
}

/** Nutrients of `steps` portion steps, unrounded. */
export function nutrientsFor(f: CatalogueFood, steps: number): Macros {
  const grams = steps * f.portion.step * f.portion.unit_grams;
  const k = grams / 100;
  const p = f.per_100g;
  return { calories: p.calories * k, protein: p.protein * k, carbs: p.carbs * k, fat: p.fat * k, fiber: p.fiber * k };
}

export const round1 = (x: number): number => Math.round(x * 10) / 10;
export const round2 = (x: number): number => Math.round(x * 100) / 100;
