/**
 * Day states (issue 42 §6): whether a logged day counts as a whole day of eating. A breakfast-only day counted as
 * one of "14 logged days" pulled the average down and turned into advice ("eat 301 kcal more"); so every average,
 * pattern and estimate reads only the days this module counts, and says how many it left out.
 *
 * A day is `complete` or `partial`. The user's own choice ("Complete this day" / "Mark as partial") always wins.
 * Without one, the state is inferred:
 *   - the user's usual day is the median of the calories of their logged days in the 28 days before it, leaving
 *     out the days they marked partial themselves; with at least 4 such days, a day below 50 % of that median is
 *     partial;
 *   - with fewer than 4 such days, a day below 40 % of the calorie goal is partial;
 *   - with neither (a new user with no goal), the day is complete: nothing says it is short.
 * The usual day reads the user's choices but never other inferred states, so a day's state does not depend on how
 * far back anyone reads: the Analysis (7 days), Pro insights (14 days), the Assessment (30) and the expenditure
 * estimate (28) agree on every day they share.
 * A day with no food logged is not a logged day at all (not "partial at 0 kcal"); it is listed only when the user
 * chose a state for it, and it is never counted.
 */
import { roundTo } from '../numbers.js';

export const DAY_STATES = ['complete', 'partial'] as const;
export type DayStateValue = (typeof DAY_STATES)[number];

/** Days before a day that say what the user's usual day is. */
export const USUAL_WINDOW_DAYS = 28;
/** A day below this share of the usual day's median is partial. */
export const USUAL_SHARE = 0.5;
/** Fewer usual days than this: the calorie goal decides instead. */
export const MIN_USUAL_DAYS = 4;
/** A day below this share of the calorie goal is partial (when there are too few usual days). */
export const GOAL_SHARE = 0.4;

/** A day's calories (the sum of its entries); days with no entries are simply absent. */
export interface DayKcal {
  date: string;
  calories: number;
}
export interface DayChoice {
  date: string;
  state: DayStateValue;
}
export interface DayState {
  date: string;
  state: DayStateValue;
  set_by_user: boolean;
  /** The day's calories (0 when nothing is logged). */
  kcal: number;
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

export function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The calories under which a day with no choice is inferred partial, and what decided it; null: no rule applies. */
export function partialThreshold(date: string, days: DayKcal[], userPartial: ReadonlySet<string>, calorieGoal: number | null): { kcal: number; from: 'usual' | 'goal' } | null {
  const n = dayNumber(date);
  const usual = days.filter((d) => d.calories > 0 && !userPartial.has(d.date) && n - dayNumber(d.date) >= 1 && n - dayNumber(d.date) <= USUAL_WINDOW_DAYS).map((d) => d.calories);
  if (usual.length >= MIN_USUAL_DAYS) return { kcal: median(usual)! * USUAL_SHARE, from: 'usual' };
  if (calorieGoal && calorieGoal > 0) return { kcal: calorieGoal * GOAL_SHARE, from: 'goal' };
  return null;
}

/**
 * The state of every day in [from, to] that is logged or that the user chose a state for, oldest first.
 * `days` must include the 28 days before `from` (the usual day reads them), `choices` too (a day the user
 * marked partial there is not part of anyone's usual day).
 */
export function dayStates(days: DayKcal[], choices: DayChoice[], calorieGoal: number | null, from: string, to: string): DayState[] {
  const chosen = new Map(choices.map((c) => [c.date, c.state]));
  const userPartial = new Set(choices.filter((c) => c.state === 'partial').map((c) => c.date));
  const kcal = new Map(days.map((d) => [d.date, d.calories]));
  const dates = new Set([...days.map((d) => d.date), ...chosen.keys()]);
  const out: DayState[] = [];
  for (const date of [...dates].filter((d) => d >= from && d <= to).sort()) {
    const k = kcal.get(date) ?? 0;
    const choice = chosen.get(date);
    if (choice) {
      out.push({ date, state: choice, set_by_user: true, kcal: roundTo(k, 1) });
      continue;
    }
    const limit = partialThreshold(date, days, userPartial, calorieGoal);
    out.push({ date, state: limit && k < limit.kcal ? 'partial' : 'complete', set_by_user: false, kcal: roundTo(k, 1) });
  }
  return out;
}

/** Which logged days an average, pattern or estimate counts, and what it says about the ones it left out. */
export interface DaySelection {
  /** The complete logged days (calories above 0). */
  counted: ReadonlySet<string>;
  days_counted: number;
  /** Logged days (calories above 0) that are partial. */
  partial_days_left_out: number;
  partial_dates: string[];
  /** "2 partial days left out: …", or null when none was. */
  note: string | null;
}

export function partialNote(n: number): string | null {
  if (n <= 0) return null;
  return `${n} partial day${n === 1 ? '' : 's'} left out: averages, patterns and estimates count complete days only.`;
}

/**
 * The one rule every insight uses to pick its days: the complete logged days count, partial ones are left out
 * (and counted, so each screen can say so). Days with no calories are not logged days and appear in neither.
 */
export function countedDays(states: DayState[]): DaySelection {
  const logged = states.filter((s) => s.kcal > 0);
  const counted = new Set(logged.filter((s) => s.state === 'complete').map((s) => s.date));
  const partial = logged.filter((s) => s.state === 'partial').map((s) => s.date);
  return { counted, days_counted: counted.size, partial_days_left_out: partial.length, partial_dates: partial, note: partialNote(partial.length) };
}

/** Keeps the items (entries, day totals, intake days) of the counted days only. */
export function onCountedDays<T extends { date: string }>(items: T[], selection: DaySelection): T[] {
  return items.filter((x) => selection.counted.has(x.date));
}
