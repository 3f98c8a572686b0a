/**
 * "Today" is the calendar day in the time zone of the user's settings, on every screen (issue 10
 * item 5): the dashboard, the food log and plans agree even when the browser travels.
 */
import { useEffect, useState } from 'react';

/**
 * One formatter per zone and kind: building an Intl.DateTimeFormat is slow (tens of ms on a phone for
 * the first one), and every screen asks for today on each mount.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'day' | 'hour', timeZone?: string | null): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f =
      kind === 'day'
        ? // en-CA writes dates as YYYY-MM-DD.
          new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || undefined, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat('en-GB', { timeZone: timeZone || undefined, hour: '2-digit', hourCycle: 'h23' });
    formatters.set(key, f);
  }
  return f;
}

/** YYYY-MM-DD of `now` in `timeZone`; the browser's own zone when none is known or the name is bad. */
export function todayIn(timeZone?: string | null, now = new Date()): string {
  // The browser's zone needs no Intl (the first formatter costs ~100 ms on a phone as the app starts).
  if (!timeZone) return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  try {
    return formatter('day', timeZone).format(now);
  } catch {
    return formatter('day').format(now);
  }
}

/** The hour (0–23) of `now` in `timeZone`. */
export function hourIn(timeZone?: string | null, now = new Date()): number {
  try {
    return Number(formatter('hour', timeZone).format(now));
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
