/** The user's local day and time, in the time zone of their settings (spec: dates are local to the user). */
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import type { MealType } from '../types';

function inZone(tz: string | null | undefined, now: Date): Date {
  try {
    return new TZDate(now.getTime(), tz || 'UTC');
  } catch {
    // An unknown zone name must not break the page: fall back to the browser's own clock.
    return now;
  }
}

export const todayIn = (tz?: string | null, now = new Date()) => format(inZone(tz, now), 'yyyy-MM-dd');
export const timeIn = (tz?: string | null, now = new Date()) => format(inZone(tz, now), 'HH:mm');

/** The next meal by the clock: before 10:30 breakfast, before 15:00 lunch, before 17:00 a snack, else dinner (after 21:00 a snack). */
export function nextMealType(hhmm: string): MealType {
  const [h, m] = hhmm.split(':').map(Number);
  const minutes = h * 60 + m;
  if (minutes < 10 * 60 + 30) return 'breakfast';
  if (minutes < 15 * 60) return 'lunch';
  if (minutes < 17 * 60) return 'snack';
  if (minutes < 21 * 60) return 'dinner';
  return 'snack';
}
