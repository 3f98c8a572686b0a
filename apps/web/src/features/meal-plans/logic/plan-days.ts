/** Reading a plan's days the way every screen needs them: whichever copy has data, in order. */
import { MEAL_TYPES, type MealType } from '@app/contracts/constants';
import type { Goals, MealPlan, MealSlot, PlanDay } from '../types';

/** Names the generator uses for filler entries; a day made only of them has no real data. */
const FILLER_NAMES = new Set(['default meal', 'unknown food']);

function isPlanDay(x: unknown): x is PlanDay {
  return typeof x === 'object' && x !== null && typeof (x as PlanDay).day_number === 'number' && typeof (x as PlanDay).meals === 'object';
}

/**
 * The plan's days: `plan_days` when the server has written them, otherwise the days kept in
 * `result.daily_plans` (what a failed or timed-out job managed to produce).
 */
export function usableDays(plan: MealPlan): PlanDay[] {
  const fromRows = (plan.plan_days ?? []).filter(isPlanDay);
  const source = fromRows.length > 0 ? fromRows : (plan.result?.daily_plans ?? []).filter(isPlanDay);
  const byNumber = new Map<number, PlanDay>();
  for (const d of source) byNumber.set(d.day_number, d);
  return [...byNumber.values()].sort((a, b) => a.day_number - b.day_number);
}

export function expectedDayCount(plan: MealPlan): number {
  return Math.max(plan.result?.total_days ?? 0, plan.days ?? 0);
}

export function mealFoods(slot: MealSlot | null | undefined) {
  return (slot?.foods ?? []).filter((f) => !FILLER_NAMES.has(f.name.trim().toLowerCase()));
}

/** A day with no real food in any meal (empty, or only filler entries). */
export function isEmptyDay(day: PlanDay): boolean {
  return MEAL_TYPES.every((m) => mealFoods(day.meals?.[m]).length === 0);
}

export function daysDone(plan: MealPlan): number {
  return Math.max(plan.result?.days_completed ?? 0, usableDays(plan).length);
}

/** A day's totals, summed from its meals' foods so they always match what is shown. */
export function dayTotals(day: PlanDay): Goals {
  const t: Goals = { calories: 0, protein: 0, carbs: 0, fat: 0, fiber: 0 };
  for (const m of MEAL_TYPES) {
    const slot = day.meals?.[m];
    if (!slot) continue;
    if ((slot.foods ?? []).length === 0) {
      // Placeholder meals carry totals without foods.
      t.calories += slot.total_calories || 0;
      t.protein += slot.total_protein || 0;
      t.carbs += slot.total_carbs || 0;
      t.fat += slot.total_fat || 0;
      continue;
    }
    for (const f of slot.foods) {
      t.calories += f.calories || 0;
      t.protein += f.protein || 0;
      t.carbs += f.carbs || 0;
      t.fat += f.fat || 0;
      t.fiber += f.fiber || 0;
    }
  }
  return t;
}

export function mealsOf(day: PlanDay): Array<[MealType, MealSlot]> {
  return MEAL_TYPES.flatMap((m) => {
    const slot = day.meals?.[m];
    return slot ? [[m, slot] as [MealType, MealSlot]] : [];
  });
}
