import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponses,
  ErrorBodySchema,
  ExportQuerySchema,
  ExportRequestSchema,
  ExportResponseSchema,
  IntIdParamsSchema,
  MealPlanListQuerySchema,
  MealPlanListSchema,
  MealPlanSchema,
  MealPlanTaskSchema,
  MealPlanUpdateSchema,
  MultiDayPlanRequestSchema,
  PlanTaskParamsSchema,
  RegenerateRequestSchema,
  TaskListQuerySchema,
  TaskListSchema,
} from '@app/contracts';
import jobs from './jobs.ts';
import * as service from './service.ts';
import { exportPlan } from './export.ts';

const tags = ['meal-plans'];

/** Multi-day meal plans and their background tasks (spec §7 Meal plans). */
export default async function mealPlansRoutes(fastify: FastifyInstance) {
  await fastify.register(jobs);
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/meal-plans/multi-day', {
    schema: { tags, summary: 'Start generating a multi-day plan (202: status processing, poll GET /meal-plans/{id})', body: MultiDayPlanRequestSchema, response: { 202: MealPlanSchema, ...errorResponses } },
    handler: async (req, reply) => reply.code(202).send((await service.createPlan(fastify, req.user.id, req.body)).plan),
  });

  app.get('/meal-plans', {
    schema: { tags, querystring: MealPlanListQuerySchema, response: { 200: MealPlanListSchema, ...errorResponses } },
    handler: async (req) => service.listPlans(fastify.db, req.user.id, req.query),
  });

  app.get('/meal-plans/:id', {
    schema: { tags, params: IntIdParamsSchema, response: { 200: MealPlanSchema, ...errorResponses } },
    handler: async (req) => service.getPlan(fastify, req.user.id, req.params.id),
  });

  app.put('/meal-plans/:id', {
    schema: { tags, summary: 'Rename, cancel, swap a food for an alternative, or change a portion', params: IntIdParamsSchema, body: MealPlanUpdateSchema, response: { 200: MealPlanSchema, ...errorResponses } },
    handler: async (req) => service.updatePlan(fastify, req.user.id, req.params.id, req.body),
  });

  app.delete('/meal-plans/:id', {
    schema: { tags, params: IntIdParamsSchema, response: { 204: z.null(), ...errorResponses } },
    handler: async (req, reply) => {
      await service.deletePlan(fastify, req.user.id, req.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post('/meal-plan-tasks', {
    schema: { tags, summary: 'Create a plan (same body as multi-day) and answer its generation task', body: MultiDayPlanRequestSchema, response: { 202: MealPlanTaskSchema, ...errorResponses } },
    handler: async (req, reply) => reply.code(202).send((await service.createPlan(fastify, req.user.id, req.body)).task),
  });

  app.get('/meal-plan-tasks', {
    schema: { tags, querystring: TaskListQuerySchema, response: { 200: TaskListSchema, ...errorResponses } },
    handler: async (req) => service.listTasks(fastify.db, req.user.id, req.query),
  });

  app.get('/task-list', {
    schema: { tags, summary: "The user's tasks, newest first, with status and progress", querystring: TaskListQuerySchema, response: { 200: TaskListSchema, ...errorResponses } },
    handler: async (req) => service.listTasks(fastify.db, req.user.id, req.query),
  });

  app.get('/meal-plan-tasks/:id', {
    schema: { tags, params: IntIdParamsSchema, response: { 200: MealPlanTaskSchema, ...errorResponses } },
    handler: async (req) => service.getTask(fastify, req.user.id, req.params.id),
  });

  app.delete('/meal-plan-tasks/:id', {
    schema: { tags, summary: 'Cancel a task (a generation task cancels its plan)', params: IntIdParamsSchema, response: { 200: MealPlanTaskSchema, ...errorResponses } },
    handler: async (req) => service.cancelTask(fastify, req.user.id, req.params.id),
  });

  app.post('/meal-plans/:id/tasks', {
    schema: { tags, summary: 'Regenerate one day, or one meal of it, as a background task', params: IntIdParamsSchema, body: RegenerateRequestSchema, response: { 202: MealPlanTaskSchema, ...errorResponses } },
    handler: async (req, reply) => reply.code(202).send(await service.createRegenerateTask(fastify, req.user.id, req.params.id, req.body)),
  });

  app.get('/meal-plans/:id/tasks/:taskId', {
    schema: { tags, params: PlanTaskParamsSchema, response: { 200: MealPlanTaskSchema, ...errorResponses } },
    handler: async (req) => service.getTask(fastify, req.user.id, req.params.taskId, req.params.id),
  });

  app.delete('/meal-plans/:id/tasks/:taskId', {
    schema: { tags, params: PlanTaskParamsSchema, response: { 200: MealPlanTaskSchema, ...errorResponses } },
    handler: async (req) => service.cancelTask(fastify, req.user.id, req.params.taskId, req.params.id),
  });

  app.post('/meal-plans/:id/export', {
    // Per user, not per address: people behind one address (a household, an office, a phone carrier) each have
    // their own 30 an hour, and one of them cannot spend everyone's.
    config: { rateLimit: { max: 30, timeWindow: '1 hour', hook: 'preHandler', keyGenerator: (req: FastifyRequest) => `plan-export:user:${req.user.id}` } },
    schema: {
      tags,
      summary: 'E-mail the plan (test_mode: render only and answer the mail)',
      params: IntIdParamsSchema,
      querystring: ExportQuerySchema,
      body: ExportRequestSchema,
      response: { 200: ExportResponseSchema, 500: ErrorBodySchema, 502: ErrorBodySchema, ...errorResponses },
    },
    handler: async (req) => exportPlan(fastify, req.user.id, req.params.id, req.body),
  });
}
