import type { MealType } from '@app/contracts/constants';
import { mapAttribution, type MapConfig, type Place, type RestaurantRecommendation } from '@app/contracts/places';

/** The meal a food eaten now most likely belongs to, by the local hour. */
export function mealTypeAt(date: Date): MealType {
  const h = date.getHours();
  if (h < 10) return 'breakfast';
  if (h < 15) return 'lunch';
  if (h < 17) return 'snack';
  return 'dinner';
}

/** "80 m", "1.2 km". */
export function distanceLabel(metres: number | null): string {
  if (metres === null) return '';
  return metres < 1000 ? `${Math.round(metres / 10) * 10} m` : `${(metres / 1000).toFixed(1)} km`;
}

/** "$$" for Google's price level 2; empty when unknown (OpenStreetMap has none). Level 0 is "free". */
export function priceLabel(level: number | null): string {
  if (level === null) return '';
  return level === 0 ? 'Free' : '$'.repeat(level);
}

export function cuisineLabel(place: Pick<Place, 'cuisine' | 'type'>): string {
  const words = place.cuisine.length ? place.cuisine : [place.type === 'fast_food' ? 'fast food' : place.type];
  return words.map((w) => w.replace(/_/g, ' ')).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(', ');
}

export function openLabel(open: boolean | null): string {
  return open === null ? 'Hours unknown' : open ? 'Open now' : 'Closed';
}

/** One line under a place's name: distance · cuisine · open now · price. */
export function placeSummary(place: Place): string {
  return [distanceLabel(place.distance), cuisineLabel(place), openLabel(place.open_now), priceLabel(place.price_level)].filter(Boolean).join(' · ');
}

/** What the options are based on, in words. */
export function matchLabel(r: Pick<RestaurantRecommendation, 'match' | 'chain' | 'cuisine'>): string {
  if (r.match === 'chain') return `Items from the ${r.chain} menu`;
  if (r.match === 'cuisine') return r.cuisine.length ? `Dishes typical of ${r.cuisine.map((c) => c.replace(/_/g, ' ')).join(', ')} cuisine` : 'Dishes typical of this kind of place';
  return "We don't know this restaurant's menu yet. Log what you eat from the food log.";
}

/** Geolocation errors in words the user can act on. */
export function geolocationError(code: number | 'unsupported'): string {
  if (code === 'unsupported') return 'This browser cannot share your location.';
  if (code === 1) return 'Location permission was denied. Allow location for this site in your browser settings, then try again.';
  if (code === 3) return 'Finding your location took too long. Try again.';
  return 'Your location is not available right now. Try again in a moment.';
}

export interface TileSource {
  url: string;
  /** Plain text; empty when the tile server needs none we know of. */
  attribution: string;
}

/**
 * The tile server for the map: the build's VITE_MAP_TILE_URL (native apps), else the one the server
 * was started with (GET /places/map: the same MAP_TILE_URL its Content-Security-Policy allows), else
 * none: the finder is a list alone.
 */
export function tileSource(build: { url?: string; attribution?: string }, server: MapConfig | undefined): TileSource | null {
  if (build.url?.trim()) return { url: build.url.trim(), attribution: mapAttribution(build.url, build.attribution) };
  if (server?.tile_url) return { url: server.tile_url, attribution: server.attribution ?? '' };
  return null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The attribution as the HTML Leaflet shows: the text escaped, "OpenStreetMap" linked to its copyright page. */
export function attributionHtml(text: string): string {
  return escapeHtml(text).replace(/OpenStreetMap/g, '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a>');
}
