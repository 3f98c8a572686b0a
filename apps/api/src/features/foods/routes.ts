import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BarcodeParamsSchema,
  CustomFoodBodySchema,
  FoodDetailSchema,
  FoodIdParamsSchema,
  FoodSearchQuerySchema,
  FoodSearchResponseSchema,
  RecentFoodListSchema,
  RecentFoodsQuerySchema,
  errorResponses,
} from '@app/contracts';
import { ErrorBodySchema } from '@app/contracts';
import pLimit from 'p-limit';
import { tooManyRequests } from '../../lib/http-error.ts';
import * as service from './service.ts';
import { fastSerializer } from '../../lib/fast-serializer.ts';

/**
 * Search cost bounds (issue 8 item 8). Searches queue for a few slots so that a flood of them cannot fill
 * the database's queue: PGlite runs one query at a time, so there one search runs at a time and other
 * requests' queries slip in between its few statements; PostgreSQL gets a few parallel slots and a
 * statement timeout. A queue longer than SEARCH_QUEUE answers 429 at once instead of waiting.
 */
const SEARCH_SLOTS = { pglite: 1, postgres: 2 } as const;
const SEARCH_QUEUE = 100;
const SEARCH_TIMEOUT_MS = 5000;
/** Per user: search-as-you-type is debounced by the clients, so a person stays far below this. */
const SEARCH_RATE = { max: 60, timeWindow: '1 minute' };

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

  const slots = pLimit(SEARCH_SLOTS[app.database.kind]);
  const timeoutMs = app.database.kind === 'postgres' ? SEARCH_TIMEOUT_MS : undefined;
  r.get(
    '/foods/search',
    {
      schema: { tags: ['foods'], querystring: FoodSearchQuerySchema, response: { 200: FoodSearchResponseSchema, ...errors } },
      // The answer is built from our own rows (and the search cache): fast-json-stringify, not zod's encode.
      serializerCompiler: fastSerializer(),
      // preHandler: after authentication, so the limit is per user (req.user), not per address.
      config: { rateLimit: { ...SEARCH_RATE, hook: 'preHandler', keyGenerator: (req) => `user:${req.user.id}` } },
    },
    async (req) => {
      if (slots.pendingCount >= SEARCH_QUEUE) throw tooManyRequests('Too many searches at once. Try again in a moment.', 1);
      // The slots bound the searches of shared foods (cache misses); cached answers do not queue for them.
      return service.searchFoods(app.db, req.user.id, req.query.query, req.query.page, req.query.page_size, { timeoutMs, limit: slots, personalize: true });
    },
  );

  // Before the first keystroke: the foods this user logged, the latest first (only the caller's own history).
  r.get('/foods/recent', { schema: { tags: ['foods'], querystring: RecentFoodsQuerySchema, response: { 200: RecentFoodListSchema, ...errors } } }, async (req) =>
    service.recentFoods(app.db, req.user.id, req.query.limit, req.query.meal_type),
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
