/**
 * Nearby places behind one provider (Google Places when GOOGLE_PLACES_API_KEY is set, else
 * OpenStreetMap Overpass). Answers are cached 60 s (spec §9) by position rounded to 3 decimals
 * (~100 m), in process: an LRU is enough for so short a life, and a second API process only costs one
 * more provider call. Distances and "open now" are computed per request from the caller's exact
 * position and clock, so a cached answer is never stale on those.
 */
import { LRUCache } from 'lru-cache';
import { CACHE_SECONDS, type NearbyPlaces, type NearbyPlacesQuery, type Place } from '@app/contracts';
import type { Config } from '../../config.ts';
import { notFound, unprocessable } from '../../lib/http-error.ts';
import { distanceMeters } from '../locations/geo.ts';
import { googleProvider } from './google.ts';
import { openNowChecker, type OpenNow } from './opening-hours.ts';
import { overpassProvider } from './overpass.ts';
import type { NearbyPage, PlacesProvider, ProviderPlace } from './provider.ts';

export const PAGE_SIZE = 20;
/** Rounding the centre moves it by up to ~80 m; asking that much wider keeps every place within the radius. */
const ROUNDING_MARGIN_M = 120;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

export interface PlacesService {
  provider: PlacesProvider;
  nearby(q: NearbyPlacesQuery, timezone: string, now?: Date): Promise<NearbyPlaces>;
  details(placeId: string, timezone: string, from?: { latitude?: number; longitude?: number }, now?: Date): Promise<Place>;
}

export function providerFor(config: Pick<Config, 'GOOGLE_PLACES_API_KEY' | 'GOOGLE_PLACES_URL' | 'OVERPASS_URL'>): PlacesProvider {
  return config.GOOGLE_PLACES_API_KEY ? googleProvider(config.GOOGLE_PLACES_URL, config.GOOGLE_PLACES_API_KEY) : overpassProvider(config.OVERPASS_URL);
}

function osmOffset(token: string | undefined): number {
  if (token === undefined) return 0;
  const m = /^osm:(\d{1,6})$/.exec(token);
  if (!m) throw unprocessable('pagetoken is invalid; use next_page_token from the previous page', ['query', 'pagetoken']);
  return Number(m[1]);
}

function matchesKeyword(p: ProviderPlace, keyword: string): boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const k = fold(keyword);
  return [p.name, p.brand ?? '', ...p.cuisine].some((s) => fold(s).replace(/_/g, ' ').includes(k));
}

export function createPlacesService(provider: PlacesProvider): PlacesService {
  const ttl = CACHE_SECONDS.nearbyPlaces * 1000;
  const pages = new LRUCache<string, NearbyPage>({ max: 500, ttl });
  const details = new LRUCache<string, ProviderPlace>({ max: 500, ttl });
  const inFlight = new Map<string, Promise<unknown>>();

  /** One provider call per key at a time: ten users opening the finder in one street make one call. */
  async function cached<T extends {}>(cache: LRUCache<string, T>, key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit) return hit;
    let p = inFlight.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load().then((v) => (cache.set(key, v), v)).finally(() => inFlight.delete(key));
      inFlight.set(key, p);
    }
    return p;
  }

  function finish(openNow: OpenNow, p: ProviderPlace, lat: number, lon: number, timezone: string, now: Date): Place & { distance: number } {
    const { country, open_now, ...rest } = p;
    return {
      ...rest,
      distance: Math.round(distanceMeters(lat, lon, p.latitude, p.longitude)),
      open_now: open_now !== undefined ? open_now : openNow(p.opening_hours, p.latitude, p.longitude, timezone, country, now),
    };
  }

  return {
    provider,
    async nearby(q, timezone, now = new Date()) {
      const openNow = await openNowChecker();
      const center = { latitude: round3(q.latitude), longitude: round3(q.longitude) };
      const priceAsked = q.minprice !== undefined || q.maxprice !== undefined;
      if (provider.source === 'google') {
        // Google filters and pages itself: every parameter is part of the key.
        const key = JSON.stringify(['google', center, q.radius, q.type, q.keyword ?? '', q.minprice ?? '', q.maxprice ?? '', q.opennow ?? '', q.pagetoken ?? '']);
        const page = await cached(pages, key, () => provider.nearby({ ...q, ...center }));
        const places = page.places.map((p) => finish(openNow, p, q.latitude, q.longitude, timezone, now)).sort((a, b) => a.distance - b.distance);
        return { places, next_page_token: page.next_page_token, source: provider.source, attribution: provider.attribution, price_filter: priceAsked ? 'applied' : null };
      }
      const offset = osmOffset(q.pagetoken);
      const key = JSON.stringify(['osm', center, q.radius, q.type]);
      const all = await cached(pages, key, () => provider.nearby({ ...q, ...center, radius: q.radius + ROUNDING_MARGIN_M }));
      let places = all.places.map((p) => finish(openNow, p, q.latitude, q.longitude, timezone, now)).filter((p) => p.distance <= q.radius);
      if (q.keyword) places = places.filter((p) => matchesKeyword(p, q.keyword!));
      if (q.opennow) places = places.filter((p) => p.open_now === true);
      places.sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name));
      const next = offset + PAGE_SIZE < places.length ? `osm:${offset + PAGE_SIZE}` : null;
      // OpenStreetMap has no price levels: a price filter would drop every place, so the answer says
      // prices are unknown and lists them all.
      return { places: places.slice(offset, offset + PAGE_SIZE), next_page_token: next, source: provider.source, attribution: provider.attribution, price_filter: priceAsked ? 'unknown' : null };
    },
    async details(placeId, timezone, from = {}, now = new Date()) {
      const p = await cached(details, placeId, async () => {
        const found = await provider.details(placeId);
        if (!found) throw notFound('Place not found');
        return found;
      });
      const place = finish(await openNowChecker(), p, from.latitude ?? p.latitude, from.longitude ?? p.longitude, timezone, now);
      return from.latitude !== undefined && from.longitude !== undefined ? place : { ...place, distance: null };
    },
  };
}

const byConfig = new WeakMap<object, PlacesService>();
/** One service (and cache) per app: the places and restaurants features share it. */
export function placesFor(config: Config): PlacesService {
  let s = byConfig.get(config);
  if (!s) byConfig.set(config, (s = createPlacesService(providerFor(config))));
  return s;
}
