/** The one interface both place providers (OpenStreetMap Overpass, Google Places) implement. */
import type { NearbyPlacesQuery, Place } from '@app/contracts';
import { HttpError, unavailable } from '../../lib/http-error.ts';

/**
 * A place as a provider knows it. `open_now` may come from the provider (Google) or be computed per
 * request from `opening_hours` (OpenStreetMap); `distance` is computed per request from the caller's position.
 */
export type ProviderPlace = Omit<Place, 'distance' | 'open_now'> & { open_now?: boolean | null; country?: string | null };

export interface NearbyPage {
  places: ProviderPlace[];
  /** Google's own next-page token; OpenStreetMap answers everything at once. */
  next_page_token: string | null;
}

export interface PlacesProvider {
  source: Place['source'];
  attribution: string;
  /** Every place within `radius` metres of the position (providers may return a little more). */
  nearby(q: NearbyPlacesQuery): Promise<NearbyPage>;
  /** null when the provider has no such place. */
  details(placeId: string): Promise<ProviderPlace | null>;
}

/** Network errors, timeouts, 5xx and 429 of a provider: the user sees a 503 with what to do. */
export function providerUnavailable(name: string): HttpError {
  return unavailable(`Nearby places are unavailable right now: ${name} could not be reached. Check your connection and try again in a minute.`);
}

const TIMEOUT_MS = 20_000;
const USER_AGENT = 'nutrition-tracker/0.1 (restaurant finder)';

/** GET/POST a provider and parse JSON; anything but a JSON 2xx answer is the provider being unavailable. */
export async function fetchJson(name: string, url: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { 'user-agent': USER_AGENT, accept: 'application/json', ...init.headers }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw providerUnavailable(name);
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) {
    // 4xx other than 429 (a malformed query of ours) is still not the user's fault: same clear 503.
    throw providerUnavailable(name);
  }
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    throw providerUnavailable(name);
  }
}
