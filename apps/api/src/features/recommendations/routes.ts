import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import {
  DAILY_PLAN_TIMED_OUT,
  DailyPlanRequestBodySchema,
  DailyPlanRequestedSchema,
  DailyPlanStatusResponseSchema,
  errorResponses,
  IntIdParamsSchema,
  MealOptionsQuerySchema,
  MealOptionsSchema,
  NowQuerySchema,
  WhatToEatBodySchema,
  WhatToEatQuerySchema,
  type DailyMealPlan,
} from '@app/contracts';
import { FairShare } from '../../lib/fair-share.ts';
import { notFound, tooManyRequests } from '../../lib/http-error.ts';
import { fairly } from '../../lib/request-signal.ts';
import { newSeed } from '../meal-plans/service.ts';
import jobs, { DAILY_PLAN_QUEUE } from './jobs.ts';
import { findDailyPlan, finishDailyPlan, insertDailyPlanWithin, latestCompleted, type DailyPlanRow } from './repository.ts';
import { localNow } from './local-time.ts';
import { mealOptions, userTimezone } from './service.ts';

const tags = ['recommendations'];
/** A request still processing after this is reported as timed out (its job is retried or dead). */
const TIMEOUT_MS = 120_000;
/**
 * Per user (docs/limits.md): today's plans being made at once, and requests an hour, counted in the database. The
 * app asks for one plan at a time; a fourth while three are being made, or the 61st in an hour, answers 429.
 */
export const DAILY_PLANS_IN_PROGRESS = 3;
export const DAILY_PLANS_PER_HOUR = 60;

function statusWire(r: DailyPlanRow) {
  return {
    id: r.id,
    status: r.status as 'processing' | 'completed' | 'failed',
    plan: (r.plan as DailyMealPlan | null) ?? null,
    error_message: r.error_message,
    created_at: r.created_at.toISOString(),
    completed_at: r.completed_at?.toISOString() ?? null,
  };
}

/**
 * Meal suggestions (meal options, what to eat): one running per user and two waiting in this process, 429 past that
 * (docs/limits.md). The solve itself then takes its turn on the planner's threads (planner-thread.ts).
 */
export const suggestionShare = new FairShare({
  name: 'meal suggestion',
  slots: 32,
  perUserRunning: 1,
  perUserQueued: 2,
  retryAfterSeconds: 2,
  busyMessage: 'You already have meal suggestions being worked out. Please wait for them and try again.',
});

/** Meal suggestions per user an hour, counted in the database (the app asks once per screen visit). */
export const SUGGESTION_RATE = { max: 300, timeWindow: '1 hour', hook: 'preHandler' as const, keyGenerator: (req: FastifyRequest) => `suggestions:user:${req.user.id}` };

/** Daily meal plan and "what to eat" (spec §7 Recommendations). */
export default async function recommendationsRoutes(fastify: FastifyInstance) {
  await fastify.register(jobs);
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/recommendations/daily-meal-plan/request', {
    schema: { tags, summary: "Start planning the rest of today; poll the status", querystring: NowQuerySchema, body: DailyPlanRequestBodySchema, response: { 202: DailyPlanRequestedSchema, ...errorResponses } },
    handler: async (req, reply) => {
      const now = localNow(req.query, await userTimezone(fastify, req.user.id));
      const { meal_times, ...top } = req.body ?? {};
      const jobId = randomUUID();
      const made = await insertDailyPlanWithin(
        fastify.db,
        { user_id: req.user.id, date: now.date, local_time: now.time, meal_times: { ...top, ...meal_times }, seed: newSeed(), job_id: jobId },
        { maxInProgress: DAILY_PLANS_IN_PROGRESS, inProgressMs: TIMEOUT_MS, perHour: DAILY_PLANS_PER_HOUR },
      );
      if ('refused' in made) {
        throw made.refused === 'in_progress'
          ? tooManyRequests(`You already have ${DAILY_PLANS_IN_PROGRESS} plans for today being made. Please wait for them to finish.`, made.retryAfterSeconds)
          : tooManyRequests(`You can ask for up to ${DAILY_PLANS_PER_HOUR} plans for today an hour. Please try again later.`, made.retryAfterSeconds);
      }
      const { row, ahead } = made;
      // Fair across users, as the multi-day plans (meal-plans/task-queue.ts): pg-boss takes the highest priority first,
      // and a request's priority is minus its user's other requests still being made, so another user's first request
      // runs before this user's second.
      await fastify.boss.send(DAILY_PLAN_QUEUE, { daily_plan_id: row.id }, { id: jobId, priority: -ahead });
      return reply.code(202).send({ id: row.id, status: 'processing' as const });
    },
  });

  app.get('/recommendations/daily-meal-plan/status/:id', {
    schema: { tags, params: IntIdParamsSchema, response: { 200: DailyPlanStatusResponseSchema, ...errorResponses } },
    handler: async (req) => {
      let row = await findDailyPlan(fastify.db, req.user.id, req.params.id);
      if (!row) throw notFound('Daily meal plan request not found');
      if (row.status === 'processing' && Date.now() - row.created_at.getTime() > TIMEOUT_MS) {
        row = (await finishDailyPlan(fastify.db, row.id, { status: 'failed', error_message: DAILY_PLAN_TIMED_OUT, completed_at: new Date() })) ?? row;
      }
      return statusWire(row);
    },
  });

  app.get('/recommendations/daily-meal-plan/latest', {
    schema: { tags, summary: 'The latest completed daily plan (404 when there is none)', response: { 200: DailyPlanStatusResponseSchema, ...errorResponses } },
    handler: async (req) => {
      const row = await latestCompleted(fastify.db, req.user.id);
      if (!row) throw notFound('No daily meal plan yet');
      return statusWire(row);
    },
  });

  app.get('/recommendations/meal', {
    config: { rateLimit: { ...SUGGESTION_RATE, groupId: 'suggestions' } },
    schema: { tags, summary: 'Options for the next (or given) meal that fit what is left today', querystring: MealOptionsQuerySchema, response: { 200: MealOptionsSchema, ...errorResponses } },
    handler: async (req, reply) => fairly(suggestionShare, req, reply, (signal) => mealOptions(fastify, req.user.id, req.query, { signal })),
  });

  app.post('/recommendations/what-to-eat', {
    config: { rateLimit: { ...SUGGESTION_RATE, groupId: 'suggestions' } },
    schema: { tags, summary: 'Options for the next (or given) meal; meal_type, timestamp and count from the body or the query (the body wins)', querystring: WhatToEatQuerySchema, body: WhatToEatBodySchema, response: { 200: MealOptionsSchema, ...errorResponses } },
    handler: async (req, reply) => {
      const b = req.body ?? {};
      const q = req.query;
      const query = { meal_type: b.meal_type ?? q.meal_type, timestamp: b.timestamp ?? q.timestamp, current_time: b.current_time ?? q.current_time, count: b.count ?? q.count ?? 3 };
      return fairly(suggestionShare, req, reply, (signal) => mealOptions(fastify, req.user.id, query, { signal }));
    },
  });
}
