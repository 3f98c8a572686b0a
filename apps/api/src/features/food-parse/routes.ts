import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema, FoodParseRequestSchema, FoodParseResultSchema, errorResponses } from '@app/contracts';
import { FairShare } from '../../lib/fair-share.ts';
import { unavailable } from '../../lib/http-error.ts';
import { fairly } from '../../lib/request-signal.ts';
import * as service from './service.ts';

/**
 * POST /food-logs/parse, per user (docs/limits.md): each sentence runs up to a few food searches, so it has an
 * allowance counted in the database (a person types or says a meal a few times a meal, retries included) and a fair
 * share in the process: 1 running and 2 waiting per user, waiting ones served round robin by user.
 */
export const PARSE_RATE = { max: 30, timeWindow: '1 minute' };
export const PARSE_TIME_BUDGET_MS = 10_000;
export const parseShare = new FairShare({
  name: 'meal parsing',
  // Each parse runs several searches on one database (PGlite answers one statement at a time): a few at once keep every user moving.
  slots: 4,
  perUserRunning: 1,
  perUserQueued: 2,
  retryAfterSeconds: 2,
  busyMessage: 'Your last meal description is still being read. Please wait a moment and try again.',
});

/** Describe a meal, get its foods: the parsed items, for the client to review and log with POST /food-logs/batch. */
export default async function foodParseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/food-logs/parse',
    {
      config: { rateLimit: { ...PARSE_RATE, hook: 'preHandler', keyGenerator: (req: FastifyRequest) => `food-parse:user:${req.user.id}` } },
      schema: { tags: ['food-logs'], body: FoodParseRequestSchema, response: { 200: FoodParseResultSchema, ...errorResponses, 500: ErrorBodySchema } },
    },
    async (req, reply) =>
      fairly(parseShare, req, reply, () => service.parseMeal(app.db, req.user.id, req.body, () => app.frontDoor.giveWay(req.user.id)), {
        timeoutMs: PARSE_TIME_BUDGET_MS,
        onTimeout: () => unavailable(`Reading this meal took more than ${PARSE_TIME_BUDGET_MS / 1000} s. Try again, or with fewer foods.`),
      }),
  );
}
