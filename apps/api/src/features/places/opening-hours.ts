import { TZDate } from '@date-fns/tz';

type OpeningHoursClass = typeof import('opening_hours').default;
/**
 * opening_hours carries every country's public and school holidays (~20 MB of memory once loaded): it is
 * loaded when places are first looked up, not at start.
 */
let library: Promise<OpeningHoursClass> | undefined;
export const loadOpeningHours = (): Promise<OpeningHoursClass> => (library ??= import('opening_hours').then((m) => m.default));

/** openNow, once the library is loaded. */
export type OpenNow = (value: string | null, lat: number, lon: number, timezone: string, country: string | null | undefined, now?: Date) => boolean | null;
export async function openNowChecker(): Promise<OpenNow> {
  const OpeningHours = await loadOpeningHours();
  return (...args) => openNow(OpeningHours, ...args);
}

/**
 * Whether an OSM `opening_hours` value says open at `now`, or null when it cannot be read. The library
 * reads a Date's local fields, so it gets the wall-clock time of `timezone` (the user's, who is near
 * the place). Public-holiday rules (PH) need the country; without `addr:country` they count as unknown.
 */
function openNow(OpeningHours: OpeningHoursClass, value: string | null, lat: number, lon: number, timezone: string, country: string | null | undefined, now = new Date()): boolean | null {
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
