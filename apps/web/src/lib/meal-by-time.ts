/**
 * The meal a person most likely means at a given local time, so "Add" needs no meal pick most of the time
 * (issue 41 item 5): breakfast before 10:30, lunch until 15:00, a snack until 17:00, dinner until 21:30,
 * else a snack. Each boundary belongs to the later meal (10:30 is lunch).
 */
import type { MealType } from '@app/contracts/constants';

const RULES: readonly [untilMinute: number, meal: MealType][] = [
  [10 * 60 + 30, 'breakfast'],
  [15 * 60, 'lunch'],
  [17 * 60, 'snack'],
  [21 * 60 + 30, 'dinner'],
];

/** The meal for a minute of the day (0–1439, local wall-clock time). */
export function mealForMinute(minuteOfDay: number): MealType {
  for (const [until, meal] of RULES) if (minuteOfDay < until) return meal;
  return 'snack';
}

const clock = new Map<string, Intl.DateTimeFormat>();

/** Minutes since local midnight of `now` in `timeZone` (the browser's own zone when none or a bad one is given). */
export function minuteIn(timeZone?: string | null, now = new Date()): number {
  if (!timeZone) return now.getHours() * 60 + now.getMinutes();
  try {
    let f = clock.get(timeZone);
    if (!f) clock.set(timeZone, (f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })));
    const parts = f.formatToParts(now);
    const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
    return get('hour') * 60 + get('minute');
  } catch {
    return now.getHours() * 60 + now.getMinutes();
  }
}

/** The meal the user's local time suggests now (in the settings' time zone when known). */
export function mealForTime(timeZone?: string | null, now = new Date()): MealType {
  return mealForMinute(minuteIn(timeZone, now));
}
