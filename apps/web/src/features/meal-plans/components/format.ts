/** Small display helpers shared by the meal-plan screens; numbers, dates and meal names come from lib/format (one format per locale). */
import { formatPortion } from '@app/nutrition/portion';
import { formatDay, formatDayRange, formatNumber } from '../../../lib/format';

export { MEAL_LABELS } from '../../../lib/format';

export const whole = (n: number | null | undefined) => formatNumber(Math.round(n ?? 0));


/** "3 slices (90 g)": the plan screen and the plan e-mail write portions with the same function (packages/nutrition). */
export const portion = (size: number | null | undefined, unit: string | null | undefined) => formatPortion({ serving_size: size, serving_unit: unit });
export { formatPortion };

/** "Mon, 23 Nov" for a YYYY-MM-DD date; empty when there is none. */
export function shortDate(iso: string | null | undefined): string {
  return iso ? formatDay(iso.slice(0, 10)) : '';
}

export function dateRange(start: string | null | undefined, days: number): string {
  const range = start ? formatDayRange(start.slice(0, 10), days) : '';
  return range || `${days} ${days === 1 ? 'day' : 'days'}`;
}
