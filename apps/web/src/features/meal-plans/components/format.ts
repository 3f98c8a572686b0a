/** Small display helpers shared by the meal-plan screens. */
import { format, parseISO, isValid } from 'date-fns';
import type { MealType } from '../types';
import { formatPortion } from '@app/nutrition/portion';

export const MEAL_LABELS: Record<MealType, string> = { breakfast: 'Breakfast', lunch: 'Lunch', dinner: 'Dinner', snack: 'Snack' };

export const whole = (n: number | null | undefined) => Math.round(n ?? 0).toLocaleString();


/** "3 slices (90 g)": the plan screen and the plan e-mail write portions with the same function (packages/nutrition). */
export const portion = (size: number | null | undefined, unit: string | null | undefined) => formatPortion({ serving_size: size, serving_unit: unit });
export { formatPortion };

/** "Mon, 23 Nov" for a YYYY-MM-DD date; empty when there is none. */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = parseISO(iso);
  return isValid(d) ? format(d, 'EEE, d MMM') : '';
}

export function dateRange(start: string | null | undefined, days: number): string {
  if (!start) return `${days} ${days === 1 ? 'day' : 'days'}`;
  const d = parseISO(start);
  if (!isValid(d)) return `${days} days`;
  const end = new Date(d);
  end.setDate(end.getDate() + days - 1);
  return days === 1 ? format(d, 'd MMM yyyy') : `${format(d, 'd MMM')} – ${format(end, 'd MMM yyyy')}`;
}
