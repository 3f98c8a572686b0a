import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RestaurantRecommendationBodySchema, RestaurantRecommendationSchema, errorResponses } from '@app/contracts';
import { placesFor } from '../places/service.ts';
import { recommend } from './service.ts';

/** POST /recommendations/restaurant: options at one restaurant that fit the rest of today. */
export default async function restaurantsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const places = placesFor(app.config);
  r.post(
    '/recommendations/restaurant',
    {
      schema: { tags: ['recommendations'], body: RestaurantRecommendationBodySchema, response: { 200: RestaurantRecommendationSchema, ...errorResponses } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: (req: FastifyRequest) => `user:${req.user.id}` } },
    },
    async (req) => recommend(app.db, places, req.user.id, req.body),
  );
}
