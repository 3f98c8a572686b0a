import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IntIdParamsSchema,
  MessageSchema,
  NotificationListQuerySchema,
  NotificationListSchema,
  NotificationPreferencesSchema,
  NotificationPreferencesUpdateSchema,
  NotificationSchema,
  VapidPublicKeySchema,
  errorResponses,
} from '@app/contracts';
import { notificationsService } from './service.ts';
import { preferencesService } from './preferences.ts';
import { notFound } from '../../lib/http-error.ts';

/** The notification center (spec §2) and reminder preferences; every query is scoped to the signed-in user. */
export default async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const svc = notificationsService(fastify.db);
  const prefs = preferencesService(fastify.db, fastify.config);
  const tags = ['notifications'];

  app.get('/notifications', {
    schema: { tags, querystring: NotificationListQuerySchema, response: { 200: NotificationListSchema, ...errorResponses } },
  }, async (req) => svc.list(req.user.id, req.query.skip, req.query.limit));

  // Static paths are registered before /:id ones; find-my-way prefers static segments anyway.
  app.post('/notifications/read-all', {
    schema: { tags, response: { 200: MessageSchema, ...errorResponses } },
  }, async (req) => svc.markAllRead(req.user.id));

  app.get('/notifications/preferences', {
    schema: { tags, response: { 200: NotificationPreferencesSchema, ...errorResponses } },
  }, async (req) => prefs.get(req.user.id));

  app.put('/notifications/preferences', {
    schema: { tags, body: NotificationPreferencesUpdateSchema, response: { 200: NotificationPreferencesSchema, ...errorResponses } },
  }, async (req) => prefs.update(req.user.id, req.body));

  // The browser needs the server's VAPID public key to subscribe; 404 while Web Push is off.
  app.get('/notifications/vapid-public-key', {
    schema: { tags, response: { 200: VapidPublicKeySchema, ...errorResponses } },
  }, async () => {
    const key = fastify.config.VAPID_PRIVATE_KEY && fastify.config.VAPID_SUBJECT ? fastify.config.VAPID_PUBLIC_KEY : undefined;
    if (!key) throw notFound('Web Push is not configured on this server');
    return { public_key: key };
  });

  app.post('/notifications/:id/read', {
    schema: { tags, params: IntIdParamsSchema, response: { 200: NotificationSchema, ...errorResponses } },
  }, async (req) => svc.markRead(req.user.id, req.params.id));

  app.delete('/notifications/:id', {
    schema: { tags, params: IntIdParamsSchema, response: { 200: MessageSchema, ...errorResponses } },
  }, async (req) => svc.remove(req.user.id, req.params.id));
}
