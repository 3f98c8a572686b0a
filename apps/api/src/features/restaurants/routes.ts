import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RestaurantRecommendationBodySchema, RestaurantRecommendationSchema, errorResponses } from '@app/contracts';
import { placesFor } from '../places/service.ts';
import { recommend } from './service.ts';
import { FairShare } from '../../lib/fair-share.ts';
import { fairly } from '../../lib/request-signal.ts';

/** Per user: 60 a minute in the database, and one running + one waiting in a process (docs/limits.md). */
export const RESTAURANT_RATE = { max: 60, timeWindow: '1 minute', hook: 'preHandler' as const, keyGenerator: (req: FastifyRequest) => `user:${req.user.id}` };
export const restaurantShare = new FairShare({
  name: 'restaurant suggestion',
  slots: 16,
  perUserRunning: 1,
  perUserQueued: 1,
  retryAfterSeconds: 2,
  busyMessage: 'Your restaurant suggestions are still being worked out. Please wait for them and try again.',
});

/** POST /recommendations/restaurant: options at one restaurant that fit the rest of today. */
export default async function restaurantsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const places = placesFor(app.config);
  r.post(
    '/recommendations/restaurant',
    {
      schema: { tags: ['recommendations'], body: RestaurantRecommendationBodySchema, response: { 200: RestaurantRecommendationSchema, ...errorResponses } },
      config: { rateLimit: RESTAURANT_RATE },
    },
    async (req, reply) => fairly(restaurantShare, req, reply, () => recommend(app.db, places, req.user.id, req.body)),
  );
}
