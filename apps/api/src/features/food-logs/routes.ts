import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DailySummaryQuerySchema,
  DailySummarySchema,
  DateParamsSchema,
  DownloadParamsSchema,
  ErrorBodySchema,
  FoodLogBatchSchema,
  FoodLogCopySchema,
  FoodLogCreateSchema,
  type FoodLogCreate,
  FoodLogEntrySchema,
  FoodLogUpdateSchema,
  IntIdParamsSchema,
  ManualFoodListSchema,
  MealSummaryParamsSchema,
  MealSummarySchema,
  RecentMealSchema,
  RecentMealsQuerySchema,
  errorResponses,
} from '@app/contracts';
import { z } from 'zod';
import * as service from './service.ts';
import { FairShare } from '../../lib/fair-share.ts';
import { requestSignal } from '../../lib/request-signal.ts';
import { fastSerializer } from '../../lib/fast-serializer.ts';
import { recipeLogEntry } from '../recipes/service.ts';

/** Batch writes per user (100 entries each, 12,000 entries an hour), counted in the database; checked before the body is parsed. */
export const BATCH_WRITE_RATE = { max: 120, timeWindow: '1 hour', hook: 'preParsing' as const, keyGenerator: (req: FastifyRequest) => `user:${req.user.id}` };
/** Copies per user (a day or a meal, up to 100 entries each), counted in the database: a batch write's allowance, its own count. */
export const COPY_WRITE_RATE = { max: 120, timeWindow: '1 hour', hook: 'preHandler' as const, keyGenerator: (req: FastifyRequest) => `user:${req.user.id}` };
/** CSV exports per user, counted in the database. */
export const CSV_EXPORT_RATE = { max: 30, timeWindow: '1 hour', hook: 'preHandler' as const, keyGenerator: (req: FastifyRequest) => `user:${req.user.id}` };
/** A CSV export streams for as long as its history is long: one at a time per user, none waiting. */
export const csvExportShare = new FairShare({
  name: 'CSV export',
  slots: 8,
  perUserRunning: 1,
  perUserQueued: 0,
  retryAfterSeconds: 5,
  busyMessage: 'Your food log is already being downloaded. Please wait for that download to finish.',
});

/** The user's food log: entries, summaries, CSV export and recent manual foods. */
export default async function foodLogsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { ...errorResponses, 500: ErrorBodySchema };
  const tags = ['food-logs'];
  // A saved recipe (`recipe_id`) is logged as one manual entry named after it, with its per-serving nutrients.
  const withRecipe = async (userId: number, b: FoodLogCreate) => ('recipe_id' in b ? { ...b, ...(await recipeLogEntry(app.db, userId, b.recipe_id)) } : b);

  r.post('/food-logs', { config: { idempotent: true }, schema: { tags, body: FoodLogCreateSchema, response: { 201: FoodLogEntrySchema, ...errors } } }, async (req, reply) => {
    const [entry] = await service.createLogs(app.db, req.user.id, [await withRecipe(req.user.id, req.body)]);
    return reply.code(201).send(entry!);
  });

  r.post('/food-logs/batch', { config: { rateLimit: BATCH_WRITE_RATE, idempotent: true }, schema: { tags, body: FoodLogBatchSchema, response: { 201: z.array(FoodLogEntrySchema), ...errors } } }, async (req, reply) =>
    reply.code(201).send(await service.createLogs(app.db, req.user.id, await Promise.all(req.body.map((b) => withRecipe(req.user.id, b))))),
  );

  // Copy a past day or meal ("Copy to today", "Log again"); 201 with the new entries, like a batch.
  r.post('/food-logs/copy', { config: { rateLimit: COPY_WRITE_RATE, idempotent: true }, schema: { tags, body: FoodLogCopySchema, response: { 201: z.array(FoodLogEntrySchema), ...errors } } }, async (req, reply) =>
    reply.code(201).send(await service.copyLogs(app.db, req.user.id, req.body)),
  );

  r.get('/food-logs/recent-meals', { schema: { tags, querystring: RecentMealsQuerySchema, response: { 200: z.array(RecentMealSchema), ...errors } } }, async (req) =>
    service.recentMeals(app.db, req.user.id, req.query.meal_type, req.query.limit),
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

  r.get('/food-logs/download/:days', { config: { rateLimit: CSV_EXPORT_RATE }, schema: { tags, params: DownloadParamsSchema, response: { 200: z.string(), ...errors } } }, async (req, reply) => {
    // One export per user at a time in a process (429 past it); the slot is held until the stream ends or breaks.
    const release = await csvExportShare.hold({ userId: req.user.id, signal: requestSignal(reply) });
    const csv = Readable.from(service.downloadCsv(app.db, req.user.id, req.params.days, () => app.frontDoor.giveWay(req.user.id)));
    csv.once('close', release);
    csv.once('error', (err) => req.log.warn({ err }, 'CSV export stopped'));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="food_log_${req.params.days}days.csv"`)
      .send(csv as unknown as string);
  });

  r.get('/food-logs/manual-foods', { schema: { tags, response: { 200: ManualFoodListSchema, ...errors } } }, async (req) => service.manualFoods(app.db, req.user.id));
}
