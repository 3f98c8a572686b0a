/** "Now" for a user: the request's timestamp/current_time, read in the user's time zone (date-fns + @date-fns/tz). */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { parseInstant } from '@app/contracts';
import { unprocessable } from '../../lib/http-error.ts';

export interface LocalNow {
  date: string;
  /** HH:MM, 24-hour. */
  time: string;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/;

/** The contract already refused bad instants; this stays as the guard for callers that skip it. */
function instant(value: string, field: string): Date {
  const ms = parseInstant(value);
  if (ms === null) throw unprocessable(`${field} must be an ISO 8601 date-time or epoch milliseconds between 1900 and 2100`, ['query', field]);
  return new Date(ms);
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
