/**
 * Placeholder days (spec §4, §9): a completed plan whose days are missing or empty after the
 * recovery refetches still shows a full plan shape, each made-up day flagged with a refresh hint.
 * The numbers come from @app/nutrition; the random variation is seeded by the plan id so the
 * placeholders do not jump on every render or poll.
 */
import { addDays, format, isValid, parseISO } from 'date-fns';
import { placeholderDay } from '@app/nutrition/placeholder-days';
import { mulberry32 as seededRandom } from '@app/nutrition/meal-plan/prng';
import type { MealPlan, PlanDay } from '../types';
import { expectedDayCount, isEmptyDay, usableDays } from './plan-days';

export type ShownDay = PlanDay & { refresh_hint?: string };

/** The optimiser's seeded PRNG (mulberry32), enough for ±20 % display variation. */
export { seededRandom };

function dateOf(start: string | null | undefined, dayNumber: number): string | undefined {
  if (!start) return undefined;
  const d = parseISO(start);
  return isValid(d) ? format(addDays(d, dayNumber - 1), 'yyyy-MM-dd') : undefined;
}

export function makePlaceholderDay(plan: Pick<MealPlan, 'id' | 'start_date'>, dayNumber: number): ShownDay {
  const p = placeholderDay(dayNumber, seededRandom(plan.id * 100 + dayNumber));
  const meals = Object.fromEntries(
    Object.entries(p.meals).map(([meal, slot]) => [meal, { ...slot, foods: slot.foods.map((f) => ({ ...f, food_id: '', alternatives: [] })) }]),
  ) as PlanDay['meals'];
  return { day_number: dayNumber, date: dateOf(plan.start_date, dayNumber), meals, placeholder: true, refresh_hint: p.refresh_hint };
}

/**
 * The days a plan screen shows. While processing: only what exists. Completed: every day 1..N,
 * with placeholders for days that are missing or have no food (or for the numbers given); with
 * `fill: false` (recovery still running), only the real days that have food.
 * Failed or cancelled: the partial days as they are.
 */
export function daysToShow(plan: MealPlan, placeholderNumbers?: readonly number[], opts: { fill?: boolean } = {}): ShownDay[] {
  const real = usableDays(plan);
  if (plan.status !== 'completed') return real;
  // While the view is still refetching a completed plan (hooks/use-plan-recovery.ts): the real days with food only.
  if (opts.fill === false) return real.filter((d) => !isEmptyDay(d));
  const byNumber = new Map(real.map((d) => [d.day_number, d] as const));
  const forced = new Set(placeholderNumbers ?? []);
  const count = Math.max(expectedDayCount(plan), ...real.map((d) => d.day_number));
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const day = byNumber.get(n);
    if (!day || isEmptyDay(day) || forced.has(n)) return makePlaceholderDay(plan, n);
    return day;
  });
}
