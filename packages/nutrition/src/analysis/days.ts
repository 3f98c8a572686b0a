import { roundTo } from '../numbers.js';
import type { AnalysisEntry } from './types.js';

export interface DayTotals {
  date: string;
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  entries: number;
}

export const round = roundTo;
export const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
export const sd = (xs: number[]) => {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
};

/** Totals per logged day, oldest first. A day with no entries is not a day at zero: it is not logged. */
export function dayTotals(entries: AnalysisEntry[]): DayTotals[] {
  const by = new Map<string, DayTotals>();
  for (const e of entries) {
    const d = by.get(e.date) ?? { date: e.date, calories: 0, protein: 0, carbs: 0, fat: 0, entries: 0 };
    d.calories += e.calories;
    d.protein += e.protein;
    d.carbs += e.carbs;
    d.fat += e.fat;
    d.entries += 1;
    by.set(e.date, d);
  }
  return [...by.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** 0 = Sunday … 6 = Saturday, for a YYYY-MM-DD calendar date (no time zone: it is already local). */
export const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
export const isWeekend = (date: string) => [0, 6].includes(weekday(date));
export const clock = (minute: number) => `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(Math.round(minute % 60)).padStart(2, '0')}`;
