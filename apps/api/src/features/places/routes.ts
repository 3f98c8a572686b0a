import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MapConfigSchema, mapAttribution, NearbyPlacesQuerySchema, NearbyPlacesSchema, PlaceDetailsQuerySchema, PlaceDetailsSchema, errorResponses } from '@app/contracts';
import { userSettings } from '../food-logs/repository.ts';
import { placesFor } from './service.ts';

/**
 * Nearby restaurants and one place's details. A provider that cannot be reached answers 503 with a
 * clear message. Each user may ask 60 times a minute (a map being panned), counted in the database.
 */
export default async function placesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['places'];
  const places = placesFor(app.config);
  const timezone = async (userId: number) => (await userSettings(app.db, userId))?.timezone || 'UTC';
  const config = { rateLimit: { max: 60, timeWindow: '1 minute', hook: 'preHandler' as const, keyGenerator: (req: FastifyRequest) => `user:${req.user.id}` } };

  r.get('/places/nearby', { schema: { tags, querystring: NearbyPlacesQuerySchema, response: { 200: NearbyPlacesSchema, ...errorResponses } }, config }, async (req) =>
    places.nearby(req.query, await timezone(req.user.id)),
  );
  // The tile server the finder's map may use: the same MAP_TILE_URL the Content-Security-Policy allows,
  // read at server start, so a web build made without VITE_MAP_TILE_URL still draws the map.
  const map = { tile_url: app.config.MAP_TILE_URL ?? null, attribution: app.config.MAP_TILE_URL ? mapAttribution(app.config.MAP_TILE_URL, app.config.MAP_ATTRIBUTION) || null : null };
  r.get('/places/map', { schema: { tags, response: { 200: MapConfigSchema, ...errorResponses } } }, async () => map);
  r.get('/places/details', { schema: { tags, querystring: PlaceDetailsQuerySchema, response: { 200: PlaceDetailsSchema, ...errorResponses } }, config }, async (req) => ({
    place: await places.details(req.query.place_id, await timezone(req.user.id), req.query),
  }));
}
