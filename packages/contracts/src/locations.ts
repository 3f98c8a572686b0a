import { z } from 'zod';
import { RECENT_LOCATIONS_HOURS } from './constants.ts';
import { InstantSchema } from './common.ts';

/** How long a recorded position is kept at most (the cleanup job and every read honour it). */
export const LOCATION_RETENTION_DAYS = 30;

export const LatitudeSchema = z.coerce
  .number({ error: 'latitude must be a number' })
  .min(-90, 'latitude must be between -90 and 90')
  .max(90, 'latitude must be between -90 and 90');
export const LongitudeSchema = z.coerce
  .number({ error: 'longitude must be a number' })
  .min(-180, 'longitude must be between -180 and 180')
  .max(180, 'longitude must be between -180 and 180');

/** POST /locations. `accuracy` in metres (as the browser's Geolocation API reports it). */
export const LocationCreateSchema = z.object({
  latitude: z.number({ error: 'latitude must be a number' }).min(-90, 'latitude must be between -90 and 90').max(90, 'latitude must be between -90 and 90'),
  longitude: z.number({ error: 'longitude must be a number' }).min(-180, 'longitude must be between -180 and 180').max(180, 'longitude must be between -180 and 180'),
  accuracy: z.number().min(0, 'accuracy must be 0 or more metres').max(1_000_000).nullable().optional(),
  recorded_at: InstantSchema.optional(),
});
export type LocationCreate = z.infer<typeof LocationCreateSchema>;

export const LocationSchema = z
  .object({
    id: z.number().int(),
    latitude: z.number(),
    longitude: z.number(),
    accuracy: z.number().nullable(),
    recorded_at: z.string(),
    /** home, work or other: from the user's saved places (within 150 m), else other. */
    location_context: z.enum(['home', 'work', 'other']),
  })
  .meta({ id: 'Location' });
export type Location = z.infer<typeof LocationSchema>;

export const RecentLocationsQuerySchema = z.object({
  hours: z.coerce
    .number({ error: 'hours must be a number' })
    .int('hours must be a whole number')
    .min(1, `hours must be between 1 and ${LOCATION_RETENTION_DAYS * 24}`)
    .max(LOCATION_RETENTION_DAYS * 24, `hours must be between 1 and ${LOCATION_RETENTION_DAYS * 24}`)
    .default(RECENT_LOCATIONS_HOURS),
});
export const LocationListSchema = z.object({ locations: z.array(LocationSchema) });
export const LocationsDeletedSchema = z.object({ deleted: z.number().int() });

/** Saved places: the user marks where home and work are; positions near them get that context. */
export const SavedPlaceLabelSchema = z.enum(['home', 'work'], { error: 'label must be home or work' });
export const SavedPlaceBodySchema = z.object({
  label: SavedPlaceLabelSchema,
  latitude: LocationCreateSchema.shape.latitude,
  longitude: LocationCreateSchema.shape.longitude,
});
export const SavedPlaceSchema = SavedPlaceBodySchema.extend({ updated_at: z.string() }).meta({ id: 'SavedPlace' });
export type SavedPlace = z.infer<typeof SavedPlaceSchema>;
export const SavedPlaceListSchema = z.object({ places: z.array(SavedPlaceSchema) });
export const SavedPlaceParamsSchema = z.object({ label: SavedPlaceLabelSchema });
