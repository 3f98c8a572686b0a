/** User edits of a stored day: swap a food for one of its alternatives, or change a portion. */
import type { MealPlanUpdate } from '@app/contracts';
import { foodById, reasoningFor, round1 } from '@app/nutrition';
import { wholeNumber } from '@app/nutrition/numbers';
import { unprocessable } from '../../lib/http-error.ts';
import type { Meals, MealSlot, MealType } from './planner.ts';

type Food = MealSlot['foods'][number];
type Ref = { meal_type: MealType; plan_food_id?: string; food_id?: string };

// The planner's own rounding: an edited portion is written as the planner would have written it.
const r1 = round1;

/** Totals are sums of the foods the user sees, so they always add up. */
export function retotal(slot: MealSlot): MealSlot {
  const t = (k: 'calories' | 'protein' | 'carbs' | 'fat') => r1(slot.foods.reduce((s, f) => s + f[k], 0));
  const totals = { total_calories: t('calories'), total_protein: t('protein'), total_carbs: t('carbs'), total_fat: t('fat') };
  const aim = /\(aim [\d,]+ kcal\)/.exec(slot.notes)?.[0];
  const notes = `${wholeNumber(totals.total_calories)} kcal${aim ? ` ${aim}` : ''}: ${Math.round(totals.total_protein)} g protein, ${Math.round(totals.total_carbs)} g carbs, ${Math.round(totals.total_fat)} g fat (edited).`;
  return { ...slot, ...totals, notes };
}

function locate(meals: Meals, ref: Ref, field: 'swap' | 'portion'): { slot: MealSlot; index: number } {
  const slot = meals[ref.meal_type];
  if (!slot) throw unprocessable(`This day has no ${ref.meal_type}`, ['body', field, 'meal_type']);
  const index = slot.foods.findIndex((f) => (ref.plan_food_id ? f.id === ref.plan_food_id : f.food_id === ref.food_id));
  if (index < 0) throw unprocessable(`No such food in ${ref.meal_type}`, ['body', field, ref.plan_food_id ? 'plan_food_id' : 'food_id']);
  return { slot, index };
}

export function swapFood(meals: Meals, swap: NonNullable<MealPlanUpdate['swap']>): Meals {
  const { slot, index } = locate(meals, swap, 'swap');
  const current = slot.foods[index]!;
  const alt = current.alternatives.find((a) => a.food_id === swap.alternative_food_id);
  if (!alt) throw unprocessable('That food is not one of the alternatives of this food', ['body', 'swap', 'alternative_food_id']);
  const { alternatives, ...old } = current;
  // The replaced food becomes an alternative, so a swap can be undone by swapping back.
  const next: Food = {
    ...alt,
    id: current.id,
    alternatives: [{ ...old, id: alt.id }, ...alternatives.filter((a) => a.food_id !== alt.food_id)],
  };
  const foods = slot.foods.map((f, i) => (i === index ? next : f));
  return { ...meals, [swap.meal_type]: retotal({ ...slot, foods }) };
}

/**
 * A new portion's nutrients come from the food's own values per 100 g (the planner's catalogue), not from the
 * shown ones scaled: those are rounded to 0.1, so every edit drifted, and a portion rounded to 0 kcal stayed at 0
 * whatever size it was set back to. A food the catalogue does not hold in that unit is scaled as shown.
 */
/** The most a portion may weigh and the most energy it may hold: a log entry's limits. */
const MAX_PORTION_GRAMS = 10_000;
const MAX_PORTION_KCAL = 20_000;
/** How reasoningFor starts the sentence of a favourite food. */
const FAVOURITE = 'One of your favourite foods.';

export function changePortion(meals: Meals, portion: NonNullable<MealPlanUpdate['portion']>): Meals {
  const { slot, index } = locate(meals, portion, 'portion');
  const f = slot.foods[index]!;
  if (!(f.serving_size > 0)) throw unprocessable('This food has no portion to scale', ['body', 'portion', 'serving_size']);
  const base = foodById(f.food_id);
  const per100g = base && base.portion.unit === f.serving_unit ? base.per_100g : null;
  // A log entry's limits (10,000 g, 20,000 kcal): an edited plan food can still be logged as it stands.
  if (per100g && portion.serving_size * base!.portion.unit_grams > MAX_PORTION_GRAMS) {
    throw unprocessable(`A portion can weigh at most ${wholeNumber(MAX_PORTION_GRAMS)} g (${wholeNumber(MAX_PORTION_GRAMS / base!.portion.unit_grams)} ${f.serving_unit})`, ['body', 'portion', 'serving_size']);
  }
  const k = per100g ? (portion.serving_size * base!.portion.unit_grams) / 100 : portion.serving_size / f.serving_size;
  const from = per100g ?? f;
  const n = { calories: r1(from.calories * k), protein: r1(from.protein * k), carbs: r1(from.carbs * k), fat: r1(from.fat * k), fiber: r1(from.fiber * k) };
  if (n.calories > MAX_PORTION_KCAL) throw unprocessable(`A portion can hold at most ${wholeNumber(MAX_PORTION_KCAL)} kcal`, ['body', 'portion', 'serving_size']);
  const next: Food = {
    ...f,
    serving_size: portion.serving_size,
    ...n,
    // The sentence names the portion's numbers ("… for 309 kcal"): written again for the new ones.
    reasoning: base ? reasoningFor(base, n, portion.meal_type, f.reasoning.startsWith(FAVOURITE)) : f.reasoning,
  };
  const foods = slot.foods.map((x, i) => (i === index ? next : x));
  return { ...meals, [portion.meal_type]: retotal({ ...slot, foods }) };
}
