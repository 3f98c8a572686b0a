/**
 * Meal timing from when entries were logged (local time): first and last meal, calories eaten late, and how
 * regular the first meal is. St-Onge et al. (AHA 2017) associate irregular meals and a large share of energy
 * late in the evening with worse cardiometabolic markers; 21:00 is our cut-off for "late".
 */
import { clock, mean, round, sd } from './days.js';
import { SOURCES } from './sources.js';
import type { AnalysisEntry, NotEnoughData } from './types.js';

export const LATE_MINUTE = 21 * 60;
export const MIN_TIMED_DAYS = 3;

export interface MealTiming {
  enough: true;
  days: number;
  first_meal_avg: string;
  last_meal_avg: string;
  eating_window_hours: number;
  late_calories_percent: number;
  late_days: number;
  first_meal_sd_minutes: number;
  regularity: 'regular' | 'somewhat irregular' | 'irregular';
  by_hour: { hour: number; calories: number }[];
  by_meal_type: Record<string, number>;
  note: string;
  source: string;
}

/**
 * Days are counted by each entry's own date (the user's local calendar day it was logged for), never by when it was
 * created: 14 days logged in one sitting are 14 days with meals (issue 42 §10). Only the times come from when an
 * entry was created, and only on its own day; an entry added on a later day says nothing about when it was eaten.
 */
export function mealTiming(entries: AnalysisEntry[]): MealTiming | NotEnoughData {
  const loggedDays = new Set(entries.filter((e) => e.calories > 0).map((e) => e.date)).size;
  if (loggedDays < MIN_TIMED_DAYS) return { enough: false, statement: `Log meals on at least ${MIN_TIMED_DAYS} days to see your meal timing (${loggedDays} so far in this range).` };
  const timed = entries.filter((e) => e.minute !== null && e.calories > 0);
  const byDay = new Map<string, AnalysisEntry[]>();
  for (const e of timed) byDay.set(e.date, [...(byDay.get(e.date) ?? []), e]);
  if (byDay.size < MIN_TIMED_DAYS)
    return {
      enough: false,
      statement: `${loggedDays} days have meals logged, but ${byDay.size ? `only ${byDay.size} ${byDay.size === 1 ? 'was' : 'were'}` : 'none was'} logged on the day itself: an entry added later carries no time of eating, so meal timing needs ${MIN_TIMED_DAYS} days logged as you eat.`,
    };
  const firsts: number[] = [];
  const lasts: number[] = [];
  let late = 0;
  let total = 0;
  let lateDays = 0;
  for (const list of byDay.values()) {
    const mins = list.map((e) => e.minute!);
    firsts.push(Math.min(...mins));
    lasts.push(Math.max(...mins));
    const l = list.filter((e) => e.minute! >= LATE_MINUTE).reduce((a, e) => a + e.calories, 0);
    late += l;
    if (l > 0) lateDays += 1;
    total += list.reduce((a, e) => a + e.calories, 0);
  }
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, calories: 0 }));
  for (const e of timed) hours[Math.floor(e.minute! / 60) % 24]!.calories += e.calories;
  const byMeal: Record<string, number> = {};
  // Calories per logged day by meal: every entry of the range over every logged day (a meal needs no time).
  for (const e of entries) byMeal[e.meal_type] = (byMeal[e.meal_type] ?? 0) + e.calories / loggedDays;
  for (const k of Object.keys(byMeal)) byMeal[k] = round(byMeal[k]!, 0);
  const spread = sd(firsts);
  return {
    enough: true,
    days: byDay.size,
    first_meal_avg: clock(mean(firsts)),
    last_meal_avg: clock(mean(lasts)),
    eating_window_hours: round((mean(lasts) - mean(firsts)) / 60),
    late_calories_percent: round((late / total) * 100),
    late_days: lateDays,
    first_meal_sd_minutes: round(spread, 0),
    regularity: spread <= 45 ? 'regular' : spread <= 90 ? 'somewhat irregular' : 'irregular',
    by_hour: hours.map((h) => ({ hour: h.hour, calories: round(h.calories / byDay.size, 0) })),
    by_meal_type: byMeal,
    note: 'Times are when the entries were logged, which may be later than when you ate.',
    source: SOURCES.mealTiming,
  };
}
