import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActivityListSchema,
  AdminActivityQuerySchema,
  AdminMetricsSchema,
  AdminUserDetailSchema,
  AdminUserListSchema,
  AdminUsersQuerySchema,
  AdminUserUpdateSchema,
  IntIdParamsSchema,
  MessageSchema,
  RegistrationCodeBodySchema,
  RegistrationCodeSchema,
  ResetTaskBodySchema,
  ResetTaskResponseSchema,
  WorkerStatusSchema,
  errorResponses,
} from '@app/contracts';
import { adminService } from './service.ts';

const tags = ['admin'];

/** Spec §7 Admin: superusers only (everyone else 403), every write audited. */
export default async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = adminService(fastify);
  // One gate for the whole tree: a route added here later cannot forget it.
  app.addHook('preHandler', fastify.requireSuperuser);

  app.get('/admin/metrics', { schema: { tags, response: { 200: AdminMetricsSchema, ...errorResponses } } }, async () => s.metrics());
  app.get('/admin/users', { schema: { tags, querystring: AdminUsersQuerySchema, response: { 200: AdminUserListSchema, ...errorResponses } } }, async (req) =>
    s.users(req.query.skip, req.query.limit, req.query.search),
  );
  app.get('/admin/users/:id', { schema: { tags, params: IntIdParamsSchema, response: { 200: AdminUserDetailSchema, ...errorResponses } } }, async (req) => s.user(req.params.id));
  app.put('/admin/users/:id', { schema: { tags, params: IntIdParamsSchema, body: AdminUserUpdateSchema, response: { 200: AdminUserDetailSchema, ...errorResponses } } }, async (req) =>
    s.update(req.user, req.params.id, req.body, req.ip),
  );
  app.delete('/admin/users/:id', { schema: { tags, params: IntIdParamsSchema, response: { 204: z.null(), ...errorResponses } } }, async (req, reply) => {
    await s.remove(req.user, req.params.id, req.ip);
    return reply.code(204).send(null);
  });
  app.post('/admin/users/:id/reset-password', { config: { rateLimit: { max: 20, timeWindow: '1 minute' } }, schema: { tags, params: IntIdParamsSchema, response: { 200: MessageSchema, ...errorResponses } } }, async (req) =>
    s.resetPassword(req.user, req.params.id, req.ip),
  );
  app.get('/admin/activity', { schema: { tags, querystring: AdminActivityQuerySchema, response: { 200: ActivityListSchema, ...errorResponses } } }, async (req) => s.activity(req.query));
  app.post('/admin/registration-code', { schema: { tags, body: RegistrationCodeBodySchema, response: { 201: RegistrationCodeSchema, ...errorResponses } } }, async (req, reply) =>
    reply.code(201).send(await s.createCode(req.user, req.body, req.ip)),
  );
  app.get('/admin/registration-codes', { schema: { tags, response: { 200: z.array(RegistrationCodeSchema), ...errorResponses } } }, async () => s.codes());
  app.get('/admin/worker-status', { schema: { tags, response: { 200: WorkerStatusSchema, ...errorResponses } } }, async () => s.workerStatus());
  app.post('/admin/reset-task/:id', { schema: { tags, params: IntIdParamsSchema, body: ResetTaskBodySchema.nullish(), response: { 200: ResetTaskResponseSchema, ...errorResponses } } }, async (req) =>
    s.resetTask(req.user, req.params.id, req.body?.action ?? 'requeue', req.ip),
  );
}
