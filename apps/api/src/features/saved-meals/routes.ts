import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FoodLogEntrySchema,
  IntIdParamsSchema,
  SavedMealCreateSchema,
  SavedMealListSchema,
  SavedMealLogSchema,
  SavedMealSchema,
  SavedMealUpdateSchema,
  errorResponses,
} from '@app/contracts';
import { z } from 'zod';
import * as service from './service.ts';

/** Saved meals (issue 41 item 3): owner only, every {id} route answers 404 for another user's meal. */
export default async function savedMealsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['saved-meals'];

  r.get('/saved-meals', { schema: { tags, response: { 200: SavedMealListSchema, ...errorResponses } } }, async (req) => service.list(app.db, req.user.id));

  r.post('/saved-meals', { config: { idempotent: true }, schema: { tags, body: SavedMealCreateSchema, response: { 201: SavedMealSchema, ...errorResponses } } }, async (req, reply) =>
    reply.code(201).send(await service.create(app.db, req.user.id, req.body)),
  );

  r.get('/saved-meals/:id', { schema: { tags, params: IntIdParamsSchema, response: { 200: SavedMealSchema, ...errorResponses } } }, async (req) =>
    service.get(app.db, req.user.id, req.params.id),
  );

  r.put('/saved-meals/:id', { schema: { tags, params: IntIdParamsSchema, body: SavedMealUpdateSchema, response: { 200: SavedMealSchema, ...errorResponses } } }, async (req) =>
    service.update(app.db, req.user.id, req.params.id, req.body),
  );

  r.delete('/saved-meals/:id', { schema: { tags, params: IntIdParamsSchema, response: { 204: z.null(), ...errorResponses } } }, async (req, reply) => {
    await service.remove(app.db, req.user.id, req.params.id);
    return reply.code(204).send(null);
  });

  // The body may be left out: today, the meal's own meal type, × 1.
  r.post('/saved-meals/:id/log', { config: { idempotent: true }, schema: { tags, params: IntIdParamsSchema, body: SavedMealLogSchema.nullish(), response: { 201: z.array(FoodLogEntrySchema), ...errorResponses } } }, async (req, reply) =>
    reply.code(201).send(await service.log(app.db, req.user.id, req.params.id, req.body ?? { multiplier: 1 })),
  );
}
