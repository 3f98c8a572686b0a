import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BarcodeParamsSchema,
  CustomFoodBodySchema,
  FoodDetailSchema,
  FoodIdParamsSchema,
  FoodSearchQuerySchema,
  FoodSearchResponseSchema,
  errorResponses,
} from '@app/contracts';
import { ErrorBodySchema } from '@app/contracts';
import * as service from './service.ts';

/** Food search, detail, barcode look-up and custom foods; loads the built-in foods when the app is ready. */
export default async function foodsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { ...errorResponses, 500: ErrorBodySchema, 502: ErrorBodySchema };

  if (app.config.SEED_FOODS) {
    app.addHook('onReady', async () => {
      const res = await service.loadBuiltInFoods(app.db);
      app.log.info(res, res.loaded ? 'built-in foods loaded' : 'built-in foods already loaded');
    });
  }

  r.get('/foods/search', { schema: { tags: ['foods'], querystring: FoodSearchQuerySchema, response: { 200: FoodSearchResponseSchema, ...errors } } }, async (req) =>
    service.searchFoods(app.db, req.user.id, req.query.query, req.query.page, req.query.page_size),
  );

  r.get('/foods/food/:id', { schema: { tags: ['foods'], params: FoodIdParamsSchema, response: { 200: FoodDetailSchema, ...errors } } }, async (req) =>
    service.foodDetail(app.db, req.user.id, req.params.id),
  );

  r.post('/foods/custom', { schema: { tags: ['foods'], body: CustomFoodBodySchema, response: { 201: FoodDetailSchema, ...errors } } }, async (req, reply) =>
    reply.code(201).send(await service.createCustomFood(app.db, req.user.id, req.body)),
  );

  r.get('/barcode/lookup/:barcode', { schema: { tags: ['foods'], params: BarcodeParamsSchema, response: { 200: FoodDetailSchema, ...errors } } }, async (req) =>
    service.lookupBarcode(app.db, req.user.id, req.params.barcode, { online: app.config.OFF_ONLINE, apiUrl: app.config.OFF_API_URL }),
  );
}
