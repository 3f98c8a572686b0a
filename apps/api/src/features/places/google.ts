/**
 * Google Places web service (Nearby Search and Place Details, JSON). Used when GOOGLE_PLACES_API_KEY
 * is set. Google filters by keyword, price and opening itself and pages with its own token.
 */
import type { NearbyPlacesQuery } from '@app/contracts';
import { notFound, unprocessable } from '../../lib/http-error.ts';
import { fetchJson, providerUnavailable, type PlacesProvider, type ProviderPlace } from './provider.ts';

const NAME = 'Google Places';
const DETAIL_FIELDS = 'place_id,name,geometry,formatted_address,vicinity,types,price_level,rating,opening_hours,website,formatted_phone_number';

interface GoogleResult {
  place_id: string;
  name: string;
  geometry?: { location?: { lat: number; lng: number } };
  vicinity?: string;
  formatted_address?: string;
  types?: string[];
  price_level?: number;
  rating?: number;
  opening_hours?: { open_now?: boolean; weekday_text?: string[] };
  website?: string;
  formatted_phone_number?: string;
}

function toPlace(r: GoogleResult): ProviderPlace | null {
  const loc = r.geometry?.location;
  if (!loc || !r.place_id || !r.name) return null;
  const types = r.types ?? [];
  return {
    place_id: r.place_id,
    name: r.name,
    latitude: loc.lat,
    longitude: loc.lng,
    address: r.formatted_address ?? r.vicinity ?? null,
    // Newer Google types name the cuisine: "pizza_restaurant", "sushi_restaurant".
    cuisine: types.filter((t) => t.endsWith('_restaurant')).map((t) => t.replace(/_restaurant$/, '')),
    type: types.includes('cafe') ? 'cafe' : types.includes('meal_takeaway') ? 'fast_food' : 'restaurant',
    open_now: r.opening_hours?.open_now ?? null,
    opening_hours: r.opening_hours?.weekday_text?.join('; ') ?? null,
    price_level: r.price_level ?? null,
    rating: r.rating ?? null,
    brand: null,
    website: r.website ?? null,
    phone: r.formatted_phone_number ?? null,
    source: 'google',
  };
}

/** Google answers 200 with a `status`; only OK and ZERO_RESULTS are answers. */
function checkStatus(status: string | undefined, what: 'nearby' | 'details') {
  if (status === 'OK' || status === 'ZERO_RESULTS') return;
  if (status === 'INVALID_REQUEST' && what === 'nearby') throw unprocessable('pagetoken is invalid or has expired; search again', ['query', 'pagetoken']);
  if ((status === 'NOT_FOUND' || status === 'INVALID_REQUEST') && what === 'details') throw notFound('Place not found');
  // REQUEST_DENIED, OVER_QUERY_LIMIT, UNKNOWN_ERROR: nothing the user can fix.
  throw providerUnavailable(NAME);
}

export function googleProvider(baseUrl: string, key: string): PlacesProvider {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    source: 'google',
    attribution: 'Powered by Google',
    async nearby(q: NearbyPlacesQuery) {
      const p = new URLSearchParams({ key });
      if (q.pagetoken) p.set('pagetoken', q.pagetoken);
      else {
        p.set('location', `${q.latitude},${q.longitude}`);
        p.set('radius', String(q.radius));
        p.set('type', q.type === 'fast_food' ? 'meal_takeaway' : q.type);
        if (q.keyword) p.set('keyword', q.keyword);
        if (q.minprice !== undefined) p.set('minprice', String(q.minprice));
        if (q.maxprice !== undefined) p.set('maxprice', String(q.maxprice));
        if (q.opennow) p.set('opennow', 'true');
      }
      const { body } = await fetchJson(NAME, `${base}/nearbysearch/json?${p}`);
      checkStatus(body?.status, 'nearby');
      const places = ((body.results ?? []) as GoogleResult[]).map(toPlace).filter((x): x is ProviderPlace => x !== null);
      return { places, next_page_token: body.next_page_token ?? null };
    },
    async details(placeId) {
      const p = new URLSearchParams({ key, place_id: placeId, fields: DETAIL_FIELDS });
      const { body } = await fetchJson(NAME, `${base}/details/json?${p}`);
      checkStatus(body?.status, 'details');
      return body.result ? toPlace(body.result as GoogleResult) : null;
    },
  };
}
