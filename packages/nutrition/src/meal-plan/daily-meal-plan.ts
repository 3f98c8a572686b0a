/**
 * The spec §3 "Daily meal plan" shape around a planned day, and "what to eat now" options that
 * fit the macros left for today.
 */
import { round1 } from './catalogue.js';
import { wholeNumber } from '../numbers.js';
import { normaliseConstraints } from './constraints.js';
import { planDay } from './plan-day.js';
import { splitFractions } from './request.js';
import { MEAL_TYPES, type Macros, type MealSlot, type MealType, type PlanDay } from './types.js';
import { againstCalories } from '../goal-words.js';

export interface DailyMealPlan {
  breakfast: MealSlot; lunch: MealSlot; dinner: MealSlot; snack: MealSlot;
  total_calories: number; total_protein: number; total_carbs: number; total_fat: number;
  remaining_macros: Macros;
  personalized_notes: string[];
  macro_distribution: { protein: number; carbs: number; fat: number };
  considerations: string[];
  favorite_foods_used: string[];
}

const EMPTY: MealSlot = { foods: [], total_calories: 0, total_protein: 0, total_carbs: 0, total_fat: 0, notes: 'Nothing planned for this meal.' };

export interface DailyContext { goals: Macros; /** True when goals.calories is the default, not the person's goal. */ calorie_goal_default?: boolean; already_eaten?: Partial<Macros>; diet_types?: string[]; allergies?: string[]; favorite_food_ids?: string[] }

export function dailyMealPlan(day: PlanDay, ctx: DailyContext): DailyMealPlan {
  const slot = (m: MealType): MealSlot => day.meals[m] ?? EMPTY;
  const sum = (k: 'total_calories' | 'total_protein' | 'total_carbs' | 'total_fat'): number => round1(MEAL_TYPES.reduce((s, m) => s + slot(m)[k], 0));
  const totals = { calories: sum('total_calories'), protein: sum('total_protein'), carbs: sum('total_carbs'), fat: sum('total_fat') };
  const fiber = round1(MEAL_TYPES.reduce((s, m) => s + slot(m).foods.reduce((a, f) => a + f.fiber, 0), 0));
  const eaten = ctx.already_eaten ?? {};
  const left = (k: keyof Macros, planned: number): number => round1(ctx.goals[k] - (eaten[k] ?? 0) - planned);
  const remaining_macros = { calories: left('calories', totals.calories), protein: left('protein', totals.protein), carbs: left('carbs', totals.carbs), fat: left('fat', totals.fat), fiber: left('fiber', fiber) };
  const kcal = totals.protein * 4 + totals.carbs * 4 + totals.fat * 9 || 1;
  const macro_distribution = { protein: round1((totals.protein * 400) / kcal), carbs: round1((totals.carbs * 400) / kcal), fat: round1((totals.fat * 900) / kcal) };
  const favs = new Set(ctx.favorite_food_ids ?? []);
  const favorite_foods_used = [...new Set(MEAL_TYPES.flatMap((m) => slot(m).foods.filter((f) => favs.has(f.food_id)).map((f) => f.name)))];
  const eatenKcal = eaten.calories ?? 0;
  const personalized_notes = [
    `This plan gives ${wholeNumber(totals.calories)} kcal${eatenKcal ? ` on top of the ${wholeNumber(eatenKcal)} kcal you have logged` : ''} ${againstCalories(ctx.goals.calories, !!ctx.calorie_goal_default)}.`,
    `Protein ${Math.round(totals.protein)} g, carbs ${Math.round(totals.carbs)} g, fat ${Math.round(totals.fat)} g, fiber ${Math.round(fiber)} g.`,
    ...(favorite_foods_used.length ? [`Includes your favourites: ${favorite_foods_used.join(', ')}.`] : []),
  ];
  const f = normaliseConstraints(ctx.diet_types, ctx.allergies);
  const considerations = [
    ...(f.diets.length ? [`Every food fits your ${f.diets.map((d) => d.replace('_', '-')).join(', ')} diet.`] : []),
    ...(f.allergens.length ? [`No foods containing ${f.allergens.map((a) => a.replace('_', ' ')).join(', ')}.`] : []),
    ...(f.unknownAllergies.length ? [`Foods mentioning ${f.unknownAllergies.join(', ')} were left out; check labels of packaged foods.`] : []),
    ...(f.extraDiets.length ? [`We could not apply the diet(s) ${f.extraDiets.join(', ')} automatically.`] : []),
    ...(day.summary.within_tolerance ? [] : ['Your goals could not all be met within tolerance with the foods allowed; the closest plan is shown.']),
  ];
  return { breakfast: slot('breakfast'), lunch: slot('lunch'), dinner: slot('dinner'), snack: slot('snack'), total_calories: totals.calories, total_protein: totals.protein, total_carbs: totals.carbs, total_fat: totals.fat, remaining_macros, personalized_notes, macro_distribution, considerations, favorite_foods_used };
}

export interface SuggestConstraints { diet_types?: string[]; allergies?: string[]; favorite_food_ids?: string[]; exclude_food_ids?: string[]; seed?: number }
export interface MealOption { meal: MealSlot; reason: string }

/**
 * "What to eat now": n different meals for `meal_type` sized to its share of what is left today
 * (this meal and the ones after it, by the default split); a snack never exceeds its usual size.
 */
export async function suggestMealOptions(remaining: Partial<Macros>, meal_type: MealType, constraints: SuggestConstraints = {}, n = 3): Promise<MealOption[]> {
  const frac = splitFractions(undefined);
  const later = MEAL_TYPES.slice(MEAL_TYPES.indexOf(meal_type));
  const share = meal_type === 'snack' ? 1 : frac[meal_type] / later.reduce((s, m) => s + frac[m], 0);
  const cal = Math.max(0, (remaining.calories ?? 0) * share);
  const target = meal_type === 'snack' ? Math.min(cal, 400) : cal;
  const scale = cal > 0 ? target / (remaining.calories ?? 1) : 0;
  const goals: Macros = { calories: target, protein: (remaining.protein ?? 0) * scale, carbs: (remaining.carbs ?? 0) * scale, fat: (remaining.fat ?? 0) * scale, fiber: (remaining.fiber ?? 0) * scale };
  const options: MealOption[] = [];
  const exclude = new Set(constraints.exclude_food_ids ?? []);
  for (let i = 0; i < n && target >= 50; i++) {
    const day = await planDay({
      // already_eaten {} makes the goals count as "what is left", so the single meal gets all of them.
      days: 1, goals, meals: [meal_type], already_eaten: {}, seed: (constraints.seed ?? 1) + i * 7919,
      diet_types: constraints.diet_types, allergies: constraints.allergies, favorite_food_ids: constraints.favorite_food_ids, exclude_food_ids: [...exclude],
    });
    const meal = day.meals[meal_type];
    if (!meal?.foods.length) break;
    // The next option must differ in its main food.
    exclude.add(meal.foods[0]!.food_id);
    options.push({ meal, reason: optionReason(meal, target, goals.protein, meal_type) });
  }
  return options;
}

/** Says how the option compares with this meal's share, in words that match the numbers (never "fits" when it does not). */
export function optionReason(meal: Pick<MealSlot, 'total_calories' | 'total_protein'>, target: number, protein: number, meal_type: MealType): string {
  const kcal = Math.round(meal.total_calories);
  const share = Math.round(target);
  const diff = kcal - share;
  const head = `${wholeNumber(kcal)} kcal with ${Math.round(meal.total_protein)} g protein`;
  if (Math.abs(diff) <= Math.max(25, share * 0.1)) return `${head}: about the ${wholeNumber(share)} kcal and ${Math.round(protein)} g protein this ${meal_type} should cover.`;
  return diff > 0 ? `${head}: ${wholeNumber(diff)} kcal more than the ${wholeNumber(share)} kcal this ${meal_type} should cover.` : `${head}: ${wholeNumber(-diff)} kcal less than the ${wholeNumber(share)} kcal this ${meal_type} should cover.`;
}
