/** Request defaults and the arithmetic of "what is left to plan": goals, meal split, targets. */
import { allowedFoods, normaliseConstraints, type FoodFilter } from './constraints.js';
import { MEAL_TYPES, type CatalogueFood, type Macros, type MealPlanRequest, type MealType } from './types.js';

export const DEFAULT_MEAL_SPLIT: Record<MealType, number> = { breakfast: 500, lunch: 700, dinner: 800, snack: 300 };
const KEYS = ['calories', 'protein', 'carbs', 'fat', 'fiber'] as const;

export interface Prepared {
  filter: FoodFilter; pool: CatalogueFood[]; favourites: Set<string>;
  meals: MealType[];
  /** Goals for the planned meals only (what the solver aims at). */
  planGoals: Macros;
  /** Goals the day summary is judged against (whole day when already_eaten is given). */
  summaryGoals: Macros;
  targets: Partial<Record<MealType, number>>;
  seed: number;
}

/** Meal split as fractions of the day; accepts kcal (500/700/...) or fractions. */
export function splitFractions(split: MealPlanRequest['meal_split']): Record<MealType, number> {
  const s = { ...DEFAULT_MEAL_SPLIT, ...split };
  const total = MEAL_TYPES.reduce((a, m) => a + Math.max(0, s[m] ?? 0), 0) || 1;
  return Object.fromEntries(MEAL_TYPES.map((m) => [m, Math.max(0, s[m] ?? 0) / total])) as Record<MealType, number>;
}

export function prepare(req: MealPlanRequest): Prepared {
  const filter = normaliseConstraints(req.diet_types, req.allergies, req.exclude_food_ids);
  const meals = (req.meals?.length ? MEAL_TYPES.filter((m) => req.meals!.includes(m)) : [...MEAL_TYPES]);
  const frac = splitFractions(req.meal_split);
  const share = meals.reduce((a, m) => a + frac[m], 0) || 1;
  const eaten = req.already_eaten;
  const planGoals = { ...req.goals };
  for (const k of KEYS) {
    planGoals[k] = eaten ? Math.max(0, req.goals[k] - (eaten[k] ?? 0)) : req.goals[k] * share;
  }
  const targets = Object.fromEntries(meals.map((m) => [m, (planGoals.calories * frac[m]) / share]));
  return {
    filter, pool: allowedFoods(filter), favourites: new Set(req.favorite_food_ids ?? []), meals, planGoals,
    summaryGoals: eaten ? { ...req.goals } : planGoals, targets, seed: req.seed ?? 1,
  };
}

export function dateFor(start: string | undefined, dayNumber: number): string | undefined {
  if (!start || !/^\d{4}-\d{2}-\d{2}$/.test(start)) return undefined;
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dayNumber - 1);
  return d.toISOString().slice(0, 10);
}
