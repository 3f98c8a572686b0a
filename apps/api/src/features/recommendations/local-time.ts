/** "Now" for a user: the request's timestamp/current_time, read in the user's time zone (date-fns + @date-fns/tz). */
import { TZDate } from '@date-fns/tz';
import { format, isValid, parseISO } from 'date-fns';
import { unprocessable } from '../../lib/http-error.ts';

export interface LocalNow {
  date: string;
  /** HH:MM, 24-hour. */
  time: string;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/;

function instant(value: string, field: string): Date {
  // Epoch numbers: milliseconds, or seconds when too small to be milliseconds of this era.
  if (/^\d+$/.test(value)) {
    const n = Number(value);
    return new Date(n < 1e11 ? n * 1000 : n);
  }
  const d = parseISO(value);
  if (!isValid(d)) throw unprocessable(`${field} must be an ISO 8601 date-time or epoch milliseconds`, ['query', field]);
  return d;
}

function zoned(d: Date, timezone: string): TZDate {
  try {
    return new TZDate(d, timezone || 'UTC');
  } catch {
    return new TZDate(d, 'UTC');
  }
}

export function localNow(q: { timestamp?: string; current_time?: string }, timezone: string, clock = new Date()): LocalNow {
  const base = q.timestamp ? instant(q.timestamp, 'timestamp') : clock;
  if (q.current_time && HHMM.test(q.current_time)) {
    return { date: format(zoned(base, timezone), 'yyyy-MM-dd'), time: q.current_time.slice(0, 5) };
  }
  const at = zoned(q.current_time ? instant(q.current_time, 'current_time') : base, timezone);
  return { date: format(at, 'yyyy-MM-dd'), time: format(at, 'HH:mm') };
}

export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
