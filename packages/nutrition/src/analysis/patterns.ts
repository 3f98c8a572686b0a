/** Weekday vs weekend intake and the foods that bring most of the calories, from the user's own days. */
import { isWeekend, mean, round, type DayTotals } from './days.js';
import { wholeNumber } from '../numbers.js';
import type { AnalysisEntry, NotEnoughData } from './types.js';

export const MIN_PATTERN_DAYS = 3;

export interface WeekPattern {
  enough: true;
  weekday_days: number;
  weekend_days: number;
  weekday_calories: number | null;
  weekend_calories: number | null;
  /** Weekend minus weekday average; null when either side has no logged day. */
  difference: number | null;
  statement: string;
}

export function weekdayWeekend(days: DayTotals[]): WeekPattern | NotEnoughData {
  const logged = days.filter((d) => d.calories > 0);
  if (logged.length < MIN_PATTERN_DAYS) return { enough: false, statement: `Log at least ${MIN_PATTERN_DAYS} days to see patterns (${logged.length} so far in this range).` };
  const we = logged.filter((d) => isWeekend(d.date));
  const wd = logged.filter((d) => !isWeekend(d.date));
  const wdc = wd.length ? round(mean(wd.map((d) => d.calories)), 0) : null;
  const wec = we.length ? round(mean(we.map((d) => d.calories)), 0) : null;
  const difference = wdc !== null && wec !== null ? round(wec - wdc, 0) : null;
  const statement =
    difference === null
      ? `No ${we.length ? 'weekday' : 'weekend'} day is logged in this range, so weekdays and weekends cannot be compared.`
      : `On weekends you eat ${wholeNumber(Math.abs(difference))} kcal a day ${difference >= 0 ? 'more' : 'less'} than on weekdays (${wholeNumber(wec!)} vs ${wholeNumber(wdc!)} kcal, ${we.length} weekend and ${wd.length} weekday days).`;
  return { enough: true, weekday_days: wd.length, weekend_days: we.length, weekday_calories: wdc, weekend_calories: wec, difference, statement };
}

export interface CalorieDriver {
  food_name: string;
  times_logged: number;
  calories: number;
  percent_of_calories: number;
  calories_per_day: number;
}

/** Foods ranked by their share of all calories in the range (names compared case-insensitively). */
export function calorieDrivers(entries: AnalysisEntry[], limit = 5): CalorieDriver[] {
  const total = entries.reduce((a, e) => a + e.calories, 0);
  const days = new Set(entries.map((e) => e.date)).size;
  if (total <= 0) return [];
  const by = new Map<string, CalorieDriver>();
  for (const e of entries) {
    const k = e.food_name.trim().toLowerCase();
    const d = by.get(k) ?? { food_name: e.food_name, times_logged: 0, calories: 0, percent_of_calories: 0, calories_per_day: 0 };
    d.times_logged += 1;
    d.calories += e.calories;
    by.set(k, d);
  }
  return [...by.values()]
    .sort((a, b) => b.calories - a.calories)
    .slice(0, limit)
    .map((d) => ({ ...d, calories: round(d.calories, 0), percent_of_calories: round((d.calories / total) * 100), calories_per_day: round(d.calories / days, 0) }));
}
