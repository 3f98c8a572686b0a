import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FavoriteFoodListSchema, FavoriteFoodSchema, FavoriteFromFoodSchema, IntIdParamsSchema, ManualFavoriteSchema, errorResponses } from '@app/contracts';
import { z } from 'zod';
import * as service from './service.ts';

/**
 * Favorite foods. The spec's paths carry a trailing slash (`/favorite-foods/`, `/favorite-foods/{id}/`);
 * both forms are registered. A new favorite answers 201; one that already existed answers 200 with it.
 */
export default async function favoritesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['favorites'];

  for (const path of ['/favorite-foods', '/favorite-foods/']) {
    r.get(path, { schema: { tags, response: { 200: FavoriteFoodListSchema, ...errorResponses } } }, async (req) => service.list(app.db, req.user.id));
  }
  for (const suffix of ['', '/']) {
    r.post(`/favorite-foods/existing${suffix}`, { config: { idempotent: true }, schema: { tags, body: FavoriteFromFoodSchema, response: { 200: FavoriteFoodSchema, 201: FavoriteFoodSchema, ...errorResponses } } }, async (req, reply) => {
      const { favorite, created } = await service.addExisting(app.db, req.user.id, req.body.food_id, req.body.serving);
      return reply.code(created ? 201 : 200).send(favorite);
    });
    r.post(`/favorite-foods/manual${suffix}`, { config: { idempotent: true }, schema: { tags, body: ManualFavoriteSchema, response: { 200: FavoriteFoodSchema, 201: FavoriteFoodSchema, ...errorResponses } } }, async (req, reply) => {
      const { favorite, created } = await service.addManual(app.db, req.user.id, req.body);
      return reply.code(created ? 201 : 200).send(favorite);
    });
    r.delete(`/favorite-foods/:id${suffix}`, { schema: { tags, params: IntIdParamsSchema, response: { 204: z.null(), ...errorResponses } } }, async (req, reply) => {
      await service.remove(app.db, req.user.id, req.params.id);
      return reply.code(204).send(null);
    });
  }
}
