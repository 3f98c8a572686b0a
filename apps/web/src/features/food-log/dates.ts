import { formatDay } from '../../lib/format';
import { todayIn } from '../../lib/today';

/**
 * Calendar dates travel as YYYY-MM-DD strings: a day, never an instant. Today comes from lib/today.
 * Plain UTC arithmetic instead of date-fns' format and parseISO, which cost the food log's first load 5 KiB.
 */
export const todayIso = (now = new Date()) => todayIn(null, now);

const utcDay = (s: string) => new Date(`${s}T00:00:00Z`);

export function shiftIso(date: string, days: number): string {
  const d = utcDay(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A real calendar day in YYYY-MM-DD ("2025-02-30" is not). */
export function isIsoDate(s: string | null | undefined): s is string {
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = utcDay(s);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** "Today", "Yesterday", "Tomorrow", else the locale's short date ("Mon, 3 Mar", with the year when it differs). */
export function dayLabel(date: string, today = todayIso(), locale?: string): string {
  if (date === today) return 'Today';
  if (date === shiftIso(today, -1)) return 'Yesterday';
  if (date === shiftIso(today, 1)) return 'Tomorrow';
  return formatDay(date, { year: date.slice(0, 4) !== today.slice(0, 4) }, locale);
}
