import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LocationCreateSchema,
  LocationListSchema,
  LocationSchema,
  LocationsDeletedSchema,
  RecentLocationsQuerySchema,
  SavedPlaceBodySchema,
  SavedPlaceListSchema,
  SavedPlaceParamsSchema,
  SavedPlaceSchema,
  errorResponses,
} from '@app/contracts';
import { z } from 'zod';
import { defineLocationJobs } from './jobs.ts';
import * as service from './service.ts';

/**
 * A device reporting every minute sends 60 positions an hour; twice that is plenty. Counted per user in
 * the database (preHandler: after authentication), so it holds across API processes.
 */
const WRITE_LIMIT = { rateLimit: { max: 120, timeWindow: '1 hour', hook: 'preHandler' as const, keyGenerator: (req: FastifyRequest) => `user:${req.user.id}` } };

/** The user's own positions and saved places (home, work). Nobody else ever reads them. */
export default async function locationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['locations'];
  defineLocationJobs(app);

  r.post('/locations', { schema: { tags, body: LocationCreateSchema, response: { 201: LocationSchema, ...errorResponses } }, config: WRITE_LIMIT }, async (req, reply) =>
    reply.code(201).send(await service.record(app.db, req.user.id, req.body)),
  );
  r.get('/locations/recent', { schema: { tags, querystring: RecentLocationsQuerySchema, response: { 200: LocationListSchema, ...errorResponses } } }, async (req) => ({
    locations: await service.recent(app.db, req.user.id, req.query.hours),
  }));
  r.get('/locations/last', { schema: { tags, response: { 200: LocationSchema, ...errorResponses } } }, async (req) => service.last(app.db, req.user.id));
  r.delete('/locations', { schema: { tags, response: { 200: LocationsDeletedSchema, ...errorResponses } } }, async (req) => service.deleteHistory(app.db, req.user.id));

  r.get('/locations/places', { schema: { tags, response: { 200: SavedPlaceListSchema, ...errorResponses } } }, async (req) => ({ places: await service.savedPlaces(app.db, req.user.id) }));
  r.post('/locations/places', { schema: { tags, body: SavedPlaceBodySchema, response: { 200: SavedPlaceSchema, ...errorResponses } }, config: WRITE_LIMIT }, async (req) =>
    service.savePlace(app.db, req.user.id, req.body),
  );
  r.delete('/locations/places/:label', { schema: { tags, params: SavedPlaceParamsSchema, response: { 204: z.null(), ...errorResponses } } }, async (req, reply) => {
    await service.forgetPlace(app.db, req.user.id, req.params.label);
    return reply.code(204).send(null);
  });
}
