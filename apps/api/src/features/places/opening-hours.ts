import OpeningHours from 'opening_hours';
import { TZDate } from '@date-fns/tz';

/**
 * Whether an OSM `opening_hours` value says open at `now`, or null when it cannot be read. The library
 * reads a Date's local fields, so it gets the wall-clock time of `timezone` (the user's, who is near
 * the place). Public-holiday rules (PH) need the country; without `addr:country` they count as unknown.
 */
export function openNow(value: string | null, lat: number, lon: number, timezone: string, country: string | null | undefined, now = new Date()): boolean | null {
  if (!value) return null;
  const z = new TZDate(now.getTime(), timezone);
  const wall = new Date(z.getFullYear(), z.getMonth(), z.getDate(), z.getHours(), z.getMinutes(), z.getSeconds());
  try {
    const oh = new OpeningHours(value, { lat, lon, address: { country_code: (country ?? '').toLowerCase(), state: '' } }, 0);
    return oh.getUnknown(wall) ? null : oh.getState(wall);
  } catch {
    return null;
  }
}
