/**
 * OpenStreetMap through the Overpass API: amenity=restaurant / fast_food / cafe around a point, as
 * nodes, ways and relations (`out center` gives buildings a point). Tags carry name, cuisine, brand,
 * opening_hours, address. OSM has no price level; `minprice`/`maxprice` cannot filter these places.
 */
import type { NearbyPlacesQuery } from '@app/contracts';
import { notFound, unprocessable } from '../../lib/http-error.ts';
import { fetchJson, providerUnavailable, type PlacesProvider, type ProviderPlace } from './provider.ts';

const NAME = 'the OpenStreetMap service (Overpass)';
const AMENITIES: Record<NearbyPlacesQuery['type'], string[]> = {
  // Someone looking for somewhere to eat takes a burger bar or a café too.
  restaurant: ['restaurant', 'fast_food', 'cafe'],
  fast_food: ['fast_food'],
  cafe: ['cafe'],
};

interface OsmElement {
  type: 'node' | 'way' | 'relation';
  id: number;
  lat?: number;
  lon?: number;
  center?: { lat: number; lon: number };
  tags?: Record<string, string>;
}

function address(t: Record<string, string>): string | null {
  const street = [t['addr:street'], t['addr:housenumber']].filter(Boolean).join(' ');
  const city = [t['addr:postcode'], t['addr:city']].filter(Boolean).join(' ');
  const s = [street, city].filter(Boolean).join(', ');
  return s || t['addr:full'] || null;
}

export function toPlace(e: OsmElement): ProviderPlace | null {
  const t = e.tags ?? {};
  const lat = e.lat ?? e.center?.lat;
  const lon = e.lon ?? e.center?.lon;
  if (lat === undefined || lon === undefined || !t.name) return null;
  return {
    place_id: `osm:${e.type}:${e.id}`,
    name: t.name,
    latitude: lat,
    longitude: lon,
    address: address(t),
    cuisine: (t.cuisine ?? '').split(/[;,]/).map((c) => c.trim().toLowerCase()).filter(Boolean),
    type: t.amenity ?? 'restaurant',
    opening_hours: t.opening_hours ?? null,
    price_level: null,
    rating: null,
    brand: t.brand ?? null,
    website: t.website ?? t['contact:website'] ?? null,
    phone: t.phone ?? t['contact:phone'] ?? null,
    source: 'osm',
    country: t['addr:country'] ?? null,
  };
}

export function overpassProvider(url: string): PlacesProvider {
  async function run(query: string): Promise<OsmElement[]> {
    const { body } = await fetchJson(NAME, url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ data: query }).toString() });
    // Overpass answers 200 with a `remark` when the query timed out or ran out of memory.
    if (!Array.isArray(body?.elements) || (typeof body.remark === 'string' && /error/i.test(body.remark))) throw providerUnavailable(NAME);
    return body.elements as OsmElement[];
  }
  return {
    source: 'osm',
    attribution: '© OpenStreetMap contributors',
    async nearby(q) {
      const amenity = AMENITIES[q.type].join('|');
      const query = `[out:json][timeout:15];nwr["amenity"~"^(${amenity})$"]["name"](around:${q.radius},${q.latitude},${q.longitude});out center tags;`;
      const places = (await run(query)).map(toPlace).filter((p): p is ProviderPlace => p !== null);
      return { places, next_page_token: null };
    },
    async details(placeId) {
      const m = /^osm:(node|way|relation):(\d{1,15})$/.exec(placeId);
      if (!m) throw unprocessable('place_id is not an OpenStreetMap place id (osm:node:<id>)', ['query', 'place_id']);
      const [el] = await run(`[out:json][timeout:15];${m[1]}(${m[2]});out center tags;`);
      if (!el) throw notFound('Place not found');
      return toPlace(el);
    },
  };
}
