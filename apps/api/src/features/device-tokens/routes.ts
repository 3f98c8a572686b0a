import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeviceTokenCreateSchema, DeviceTokenListSchema, DeviceTokenSchema, IntIdParamsSchema, MessageSchema, errorResponses } from '@app/contracts';
import { deviceTokensService } from './service.ts';
import pushJobs from './push-jobs.ts';

/** Push targets of the signed-in user (spec §7 Notifications and devices). */
export default async function deviceTokensRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const svc = deviceTokensService(fastify.db, fastify.config);
  const tags = ['notifications'];
  await fastify.register(pushJobs);

  app.post('/device-tokens', {
    schema: { tags, body: DeviceTokenCreateSchema, response: { 201: DeviceTokenSchema, ...errorResponses } },
  }, async (req, reply) => reply.code(201).send(await svc.register(req.user.id, req.body)));

  app.get('/device-tokens', {
    schema: { tags, response: { 200: DeviceTokenListSchema, ...errorResponses } },
  }, async (req) => svc.list(req.user.id));

  app.delete('/device-tokens/:id', {
    schema: { tags, params: IntIdParamsSchema, response: { 200: MessageSchema, ...errorResponses } },
  }, async (req) => svc.remove(req.user.id, req.params.id));
}
