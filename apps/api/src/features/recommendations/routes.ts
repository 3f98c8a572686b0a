import type { FastifyInstance } from 'fastify';
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
import { notFound } from '../../lib/http-error.ts';
import { newSeed } from '../meal-plans/service.ts';
import jobs, { DAILY_PLAN_QUEUE } from './jobs.ts';
import { findDailyPlan, finishDailyPlan, insertDailyPlan, latestCompleted, type DailyPlanRow } from './repository.ts';
import { localNow } from './local-time.ts';
import { mealOptions, userTimezone } from './service.ts';

const tags = ['recommendations'];
/** A request still processing after this is reported as timed out (its job is retried or dead). */
const TIMEOUT_MS = 120_000;

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
      const row = await insertDailyPlan(fastify.db, {
        user_id: req.user.id,
        date: now.date,
        local_time: now.time,
        meal_times: { ...top, ...meal_times },
        seed: newSeed(),
        job_id: jobId,
      });
      await fastify.boss.send(DAILY_PLAN_QUEUE, { daily_plan_id: row.id }, { id: jobId });
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
    schema: { tags, summary: 'Options for the next (or given) meal that fit what is left today', querystring: MealOptionsQuerySchema, response: { 200: MealOptionsSchema, ...errorResponses } },
    handler: async (req) => mealOptions(fastify, req.user.id, req.query),
  });

  app.post('/recommendations/what-to-eat', {
    schema: { tags, summary: 'Options for the next (or given) meal; meal_type, timestamp and count from the body or the query (the body wins)', querystring: WhatToEatQuerySchema, body: WhatToEatBodySchema, response: { 200: MealOptionsSchema, ...errorResponses } },
    handler: async (req) => {
      const b = req.body ?? {};
      const q = req.query;
      return mealOptions(fastify, req.user.id, {
        meal_type: b.meal_type ?? q.meal_type,
        timestamp: b.timestamp ?? q.timestamp,
        current_time: b.current_time ?? q.current_time,
        count: b.count ?? q.count ?? 3,
      });
    },
  });
}
