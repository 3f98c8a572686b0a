import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppleNotificationBodySchema,
  CheckoutBodySchema,
  CheckoutResponseSchema,
  CreateSubscriptionBodySchema,
  IntIdParamsSchema,
  MessageSchema,
  ReceiptBodySchema,
  SubscriptionPlansSchema,
  SubscriptionSchema,
  SubscriptionStatusResponseSchema,
  UpdateSubscriptionBodySchema,
  ValidateReceiptResponseSchema,
  errorResponses,
} from '@app/contracts';
import { badRequest } from '../../lib/http-error.ts';
import { subscriptionsService } from './service.ts';

const tags = ['subscriptions'];
const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** Spec §7 Subscriptions, plus the store callbacks (App Store notifications, Stripe webhooks) and Checkout. */
export default async function subscriptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s = subscriptionsService(fastify);

  app.get('/subscriptions', { schema: { tags, response: { 200: z.array(SubscriptionSchema), ...errorResponses } } }, async (req) => s.list(req.user.id));
  app.get('/subscriptions/active', { schema: { tags, response: { 200: SubscriptionStatusResponseSchema, ...errorResponses } } }, async (req) => s.status(req.user.id, req.user));
  app.get('/subscriptions/plans', { schema: { tags, response: { 200: SubscriptionPlansSchema, ...errorResponses } } }, async () => s.plans());

  app.post('/subscriptions', { config: limit(20), schema: { tags, body: CreateSubscriptionBodySchema, response: { 201: SubscriptionSchema, ...errorResponses } } }, async (req, reply) =>
    reply.code(201).send(await s.create(req.user, req.body.product_id, req.ip)),
  );
  app.put('/subscriptions/:id', { config: limit(20), schema: { tags, params: IntIdParamsSchema, body: UpdateSubscriptionBodySchema, response: { 200: SubscriptionSchema, ...errorResponses } } }, async (req) =>
    s.update(req.user, req.params.id, req.body.product_id, req.ip),
  );
  app.post('/subscriptions/:id/verify', { config: limit(20), schema: { tags, params: IntIdParamsSchema, body: ReceiptBodySchema, response: { 200: SubscriptionSchema, ...errorResponses } } }, async (req) =>
    s.verify(req.user, req.params.id, req.body.receipt_data, req.ip),
  );
  app.post('/subscriptions/:id/deactivate', { config: limit(20), schema: { tags, params: IntIdParamsSchema, response: { 200: SubscriptionSchema, ...errorResponses } } }, async (req) =>
    s.deactivate(req.user, req.params.id, req.ip),
  );
  app.post('/subscriptions/validate-receipt', { config: limit(20), schema: { tags, body: ReceiptBodySchema, response: { 200: ValidateReceiptResponseSchema, ...errorResponses } } }, async (req) =>
    s.validateReceipt(req.user, req.body.receipt_data, req.ip),
  );
  app.post('/subscriptions/checkout', { config: limit(10), schema: { tags, body: CheckoutBodySchema, response: { 200: CheckoutResponseSchema, ...errorResponses } } }, async (req) =>
    s.checkout(req.user, req.body.tier, req.body.price_id, req.ip),
  );

  // Called by Apple's servers: no user token; the signed payload is the authentication.
  app.post('/subscriptions/apple/notifications', { config: { public: true, ...limit(600) }, schema: { tags, security: [], body: AppleNotificationBodySchema, response: { 200: MessageSchema, ...errorResponses } } }, async (req) => {
    await s.appleNotification(req.body.signedPayload);
    return { message: 'ok' };
  });

  // Called by Stripe: the signature covers the exact bytes, so this route keeps the raw body.
  await fastify.register(async (raw) => {
    // Replaces the app's JSON parser (app.ts) in this context only.
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.withTypeProvider<ZodTypeProvider>().post('/subscriptions/stripe/webhook', { config: { public: true, ...limit(600) }, schema: { tags, security: [], response: { 200: MessageSchema, ...errorResponses } } }, async (req) => {
      if (!Buffer.isBuffer(req.body)) throw badRequest('Expected the JSON body Stripe signed');
      const sig = req.headers['stripe-signature'];
      await s.stripeWebhook(req.body, typeof sig === 'string' ? sig : undefined);
      return { message: 'ok' };
    });
  });
}
