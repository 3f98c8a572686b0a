import { z } from 'zod';
import { DEFAULT_NEARBY_RADIUS } from './constants.ts';
import { LatitudeSchema, LongitudeSchema } from './locations.ts';

/** Largest search radius, metres: wider asks of Overpass are slow and of Google are capped at 50 km anyway. */
export const MAX_NEARBY_RADIUS = 5000;
export const PLACE_TYPES = ['restaurant', 'fast_food', 'cafe'] as const;

const queryBool = z
  .enum(['true', 'false', '1', '0'], { error: 'opennow must be true or false' })
  .transform((v) => v === 'true' || v === '1');
const priceLevel = (name: string) =>
  z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(0, `${name} must be between 0 and 4`).max(4, `${name} must be between 0 and 4`);

/** Spec §3 Nearby place query. */
export const NearbyPlacesQuerySchema = z
  .object({
    latitude: LatitudeSchema,
    longitude: LongitudeSchema,
    radius: z.coerce
      .number({ error: 'radius must be a number' })
      .int('radius must be a whole number of metres')
      .min(1, `radius must be between 1 and ${MAX_NEARBY_RADIUS} metres`)
      .max(MAX_NEARBY_RADIUS, `radius must be between 1 and ${MAX_NEARBY_RADIUS} metres`)
      .default(DEFAULT_NEARBY_RADIUS),
    type: z.enum(PLACE_TYPES, { error: 'type must be restaurant, fast_food or cafe' }).default('restaurant'),
    keyword: z.string().trim().max(100).optional(),
    minprice: priceLevel('minprice').optional(),
    maxprice: priceLevel('maxprice').optional(),
    opennow: queryBool.optional(),
    pagetoken: z.string().max(2000).optional(),
  })
  .refine((q) => q.minprice === undefined || q.maxprice === undefined || q.minprice <= q.maxprice, { error: 'minprice must not be above maxprice', path: ['minprice'] });
export type NearbyPlacesQuery = z.infer<typeof NearbyPlacesQuerySchema>;

/**
 * One place (our design; spec: "not shown"). `place_id` is the provider's id: `osm:node:123` for
 * OpenStreetMap, Google's own id otherwise. `open_now` is null when the hours are unknown;
 * `price_level` 0–4 (Google's scale) or null; `distance` in metres from the query position.
 */
export const PlaceSchema = z
  .object({
    place_id: z.string(),
    name: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    /** Metres from the position asked about; null in details asked without one. */
    distance: z.number().nullable(),
    address: z.string().nullable(),
    cuisine: z.array(z.string()),
    type: z.string(),
    open_now: z.boolean().nullable(),
    opening_hours: z.string().nullable(),
    price_level: z.number().int().nullable(),
    rating: z.number().nullable(),
    brand: z.string().nullable(),
    website: z.string().nullable(),
    phone: z.string().nullable(),
    source: z.enum(['osm', 'google']),
  })
  .meta({ id: 'Place' });
export type Place = z.infer<typeof PlaceSchema>;

export const NearbyPlacesSchema = z.object({
  places: z.array(PlaceSchema),
  /** Pass back as `pagetoken` for the next page; null on the last one. */
  next_page_token: z.string().nullable(),
  source: z.enum(['osm', 'google']),
  attribution: z.string(),
  /**
   * What became of minprice/maxprice: null when neither was asked; `applied` when the provider filtered
   * by price (Google); `unknown` when the provider knows no prices (OpenStreetMap), so the places are
   * listed unfiltered rather than all filtered out.
   */
  price_filter: z.enum(['applied', 'unknown']).nullable(),
});
export type NearbyPlaces = z.infer<typeof NearbyPlacesSchema>;

export const PlaceDetailsQuerySchema = z.object({
  place_id: z.string({ error: 'place_id is required' }).trim().min(1, 'place_id is required').max(300),
  latitude: LatitudeSchema.optional(),
  longitude: LongitudeSchema.optional(),
});
export const PlaceDetailsSchema = z.object({ place: PlaceSchema });

/** POST /recommendations/restaurant. `user_id` must be the caller's own id (403 otherwise). */
export const RestaurantRecommendationBodySchema = z.object({
  place_id: z.string().trim().min(1, 'place_id is required').max(300),
  restaurant_name: z.string().trim().min(1, 'restaurant_name is required').max(200),
  user_id: z.number({ error: 'user_id must be a number' }).int().positive().max(2_147_483_647),
});
export type RestaurantRecommendationBody = z.infer<typeof RestaurantRecommendationBodySchema>;

const macros = { calories: z.number(), protein: z.number(), carbs: z.number(), fat: z.number() };
export const RestaurantOptionSchema = z
  .object({
    food_id: z.string(),
    name: z.string(),
    restaurant: z.string(),
    /** Log it with POST /food-logs {food_id, serving: {id: serving_id}}. */
    serving_id: z.string(),
    serving_description: z.string(),
    serving_grams: z.number(),
    ...macros,
    /** Whether it stays within what is left of today's calories and macros. */
    fits: z.boolean(),
    score: z.number(),
    reason: z.string(),
  })
  .meta({ id: 'RestaurantOption' });
export type RestaurantOption = z.infer<typeof RestaurantOptionSchema>;

export const RestaurantRecommendationSchema = z.object({
  place_id: z.string(),
  restaurant_name: z.string(),
  /** chain: the restaurant's own menu items; cuisine: typical dishes of its cuisine; none: nothing known. */
  match: z.enum(['chain', 'cuisine', 'none']),
  chain: z.string().nullable(),
  cuisine: z.array(z.string()),
  date: z.string(),
  remaining: z.object(macros),
  /** settings: the user's own goals; default: 2000 kcal with the placeholder split, because none are set. */
  goals_source: z.enum(['settings', 'default']),
  options: z.array(RestaurantOptionSchema),
});
export type RestaurantRecommendation = z.infer<typeof RestaurantRecommendationSchema>;

/**
 * GET /places/map: the tile server the web app may draw a map with (MAP_TILE_URL at server start), or
 * null when none is configured (the finder is a list alone). `tile_url` is an XYZ template
 * (`https://tile.openstreetmap.org/{z}/{x}/{y}.png`); `attribution` is plain text.
 */
export const MapConfigSchema = z.object({
  tile_url: z.string().nullable(),
  attribution: z.string().nullable(),
});
export type MapConfig = z.infer<typeof MapConfigSchema>;

export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';

/**
 * The attribution a tile server needs: the configured text, else OpenStreetMap's for OSM's own tile
 * servers (their tile usage policy asks for it), else none known (empty).
 */
export function mapAttribution(tileUrl: string, configured?: string | null): string {
  if (configured?.trim()) return configured.trim();
  const host = /^https?:\/\/([^/:]+)/i.exec(tileUrl)?.[1]?.toLowerCase() ?? '';
  return host === 'openstreetmap.org' || host.endsWith('.openstreetmap.org') || host.endsWith('.openstreetmap.fr') ? OSM_ATTRIBUTION : '';
}
