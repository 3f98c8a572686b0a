import { addDays, format, isValid, parseISO } from 'date-fns';

/** Calendar dates travel as YYYY-MM-DD strings: the user's local day, never an instant. */
export const todayIso = (now = new Date()) => format(now, 'yyyy-MM-dd');

export function shiftIso(date: string, days: number): string {
  return format(addDays(parseISO(date), days), 'yyyy-MM-dd');
}

export function isIsoDate(s: string | null | undefined): s is string {
  return !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && isValid(parseISO(s));
}

/** "Today", "Yesterday", "Tomorrow", else "Mon, 3 Mar 2025" style. */
export function dayLabel(date: string, today = todayIso()): string {
  if (date === today) return 'Today';
  if (date === shiftIso(today, -1)) return 'Yesterday';
  if (date === shiftIso(today, 1)) return 'Tomorrow';
  const d = parseISO(date);
  return format(d, d.getFullYear() === parseISO(today).getFullYear() ? 'EEE, d MMM' : 'EEE, d MMM yyyy');
}
