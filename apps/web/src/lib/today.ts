/**
 * "Today" is the calendar day in the time zone of the user's settings, on every screen (issue 10
 * item 5): the dashboard, the food log and plans agree even when the browser travels.
 */
import { useEffect, useState } from 'react';

/** YYYY-MM-DD of `now` in `timeZone`; the browser's own zone when none is known or the name is bad. */
export function todayIn(timeZone?: string | null, now = new Date()): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || undefined, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  }
}

/** The hour (0–23) of `now` in `timeZone`. */
export function hourIn(timeZone?: string | null, now = new Date()): number {
  try {
    return Number(new Intl.DateTimeFormat('en-GB', { timeZone: timeZone || undefined, hour: '2-digit', hourCycle: 'h23' }).format(now));
  } catch {
    return now.getHours();
  }
}

/** The browser's IANA zone, or null when the runtime does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** Today's date in the given zone; re-renders when midnight passes there (checked once a minute). */
export function useTodayIn(timeZone?: string | null): string {
  const [today, setToday] = useState(() => todayIn(timeZone));
  useEffect(() => {
    setToday(todayIn(timeZone));
    const id = setInterval(() => setToday(todayIn(timeZone)), 60_000);
    return () => clearInterval(id);
  }, [timeZone]);
  return today;
}
