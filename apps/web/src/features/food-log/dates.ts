import { addDays, format, isValid, parseISO } from 'date-fns';
import { formatDay } from '../../lib/format';

/** Calendar dates travel as YYYY-MM-DD strings: a day, never an instant. Today comes from lib/today. */
export const todayIso = (now = new Date()) => format(now, 'yyyy-MM-dd');

export function shiftIso(date: string, days: number): string {
  return format(addDays(parseISO(date), days), 'yyyy-MM-dd');
}

export function isIsoDate(s: string | null | undefined): s is string {
  return !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && isValid(parseISO(s));
}

/** "Today", "Yesterday", "Tomorrow", else the locale's short date ("Mon, 3 Mar", with the year when it differs). */
export function dayLabel(date: string, today = todayIso(), locale?: string): string {
  if (date === today) return 'Today';
  if (date === shiftIso(today, -1)) return 'Yesterday';
  if (date === shiftIso(today, 1)) return 'Tomorrow';
  return formatDay(date, { year: date.slice(0, 4) !== today.slice(0, 4) }, locale);
}
