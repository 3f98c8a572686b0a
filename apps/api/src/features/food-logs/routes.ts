import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DailySummaryQuerySchema,
  DailySummarySchema,
  DateParamsSchema,
  DownloadParamsSchema,
  ErrorBodySchema,
  FoodLogBatchSchema,
  FoodLogCreateSchema,
  type FoodLogCreate,
  FoodLogEntrySchema,
  FoodLogUpdateSchema,
  IntIdParamsSchema,
  ManualFoodListSchema,
  MealSummaryParamsSchema,
  MealSummarySchema,
  errorResponses,
} from '@app/contracts';
import { z } from 'zod';
import * as service from './service.ts';
import { fastSerializer } from '../../lib/fast-serializer.ts';
import { recipeLogEntry } from '../recipes/service.ts';

/** The user's food log: entries, summaries, CSV export and recent manual foods. */
export default async function foodLogsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { ...errorResponses, 500: ErrorBodySchema };
  const tags = ['food-logs'];
  // A saved recipe (`recipe_id`) is logged as one manual entry named after it, with its per-serving nutrients.
  const withRecipe = async (userId: number, b: FoodLogCreate) => ('recipe_id' in b ? { ...b, ...(await recipeLogEntry(app.db, userId, b.recipe_id)) } : b);

  r.post('/food-logs', { schema: { tags, body: FoodLogCreateSchema, response: { 201: FoodLogEntrySchema, ...errors } } }, async (req, reply) => {
    const [entry] = await service.createLogs(app.db, req.user.id, [await withRecipe(req.user.id, req.body)]);
    return reply.code(201).send(entry!);
  });

  r.post('/food-logs/batch', { schema: { tags, body: FoodLogBatchSchema, response: { 201: z.array(FoodLogEntrySchema), ...errors } } }, async (req, reply) =>
    reply.code(201).send(await service.createLogs(app.db, req.user.id, await Promise.all(req.body.map((b) => withRecipe(req.user.id, b))))),
  );

  r.put('/food-logs/:id', { schema: { tags, params: IntIdParamsSchema, body: FoodLogUpdateSchema, response: { 200: FoodLogEntrySchema, ...errors } } }, async (req) =>
    service.updateLog(app.db, req.user.id, req.params.id, req.body),
  );

  r.delete('/food-logs/:id', { schema: { tags, params: IntIdParamsSchema, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
    await service.deleteLog(app.db, req.user.id, req.params.id);
    return reply.code(204).send(null);
  });

  // The app's most frequent request: fast-json-stringify for the answer (built from our own rows), and the
  // day's statement checks the token's user itself (config.userRow: false): one round trip, not two.
  r.get('/food-logs/daily-summary/:date', { config: { userRow: false }, schema: { tags, params: DateParamsSchema, querystring: DailySummaryQuerySchema, response: { 200: DailySummarySchema, ...errors } }, serializerCompiler: fastSerializer() }, async (req) =>
    service.dailySummary(app.db, req.session.userId, req.params.date, req.query.goals, req.session),
  );

  r.get('/food-logs/meal-summary/:date/:mealType', { schema: { tags, params: MealSummaryParamsSchema, response: { 200: MealSummarySchema, ...errors } } }, async (req) =>
    service.mealSummary(app.db, req.user.id, req.params.date, req.params.mealType),
  );

  r.get('/food-logs/download/:days', { schema: { tags, params: DownloadParamsSchema, response: { 200: z.string(), ...errors } } }, async (req, reply) => {
    const csv = await service.downloadCsv(app.db, req.user.id, req.params.days);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="food_log_${req.params.days}days.csv"`)
      .send(csv);
  });

  r.get('/food-logs/manual-foods', { schema: { tags, response: { 200: ManualFoodListSchema, ...errors } } }, async (req) => service.manualFoods(app.db, req.user.id));
}
