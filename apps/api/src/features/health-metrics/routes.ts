import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DateRangeQuerySchema,
  HealthMetricListSchema,
  HealthMetricParamsSchema,
  HealthMetricsQuerySchema,
  IntakeCreateSchema,
  IntakeEntrySchema,
  IntakeUpdateSchema,
  SleepCreateSchema,
  SleepEntrySchema,
  SleepUpdateSchema,
  SyncStatusBodySchema,
  SYNC_LIMITS,
  SyncStatusSchema,
  WeightCreateSchema,
  WaterCreateSchema,
  WaterDailySchema,
  WaterDayQuerySchema,
  WaterDaySchema,
  WaterEntrySchema,
  WaterParamsSchema,
  WeightEntrySchema,
  WeightSavedSchema,
  WeightUpdateSchema,
  WorkoutCreateSchema,
  WorkoutEntrySchema,
  WorkoutUpdateSchema,
  errorResponses,
} from '@app/contracts';
import { unprocessable } from '../../lib/http-error.ts';
import * as service from './service.ts';

const updateSchemas = { weight: WeightUpdateSchema, intake: IntakeUpdateSchema, workout: WorkoutUpdateSchema, sleep: SleepUpdateSchema } as const;
const AnyEntrySchema = z.union([WeightEntrySchema, IntakeEntrySchema, WorkoutEntrySchema, SleepEntrySchema]);
/**
 * Sync-status writes per user (counted in the database: every process shares it); 429 with Retry-After past it,
 * checked before the body is read (a flood of 900 KB bodies was parsed before it was refused).
 */
const SYNC_WRITE_LIMIT = { rateLimit: { max: SYNC_LIMITS.writesPerHour, timeWindow: '1 hour', hook: 'preParsing' as const, keyGenerator: (req: FastifyRequest) => `user:${req.user.id}` } };

/** Weight, a day's intake from another app, workouts, sleep and sync status. 201 when created, 200 when a re-sync updated. */
export default async function healthMetricsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['health-metrics'];

  r.post('/health-metrics/weight', { config: { idempotent: true }, schema: { tags, body: WeightCreateSchema, response: { 200: WeightSavedSchema, 201: WeightSavedSchema, ...errorResponses } } }, async (req, reply) => {
    const s = await service.saveWeight(app.db, req.user.id, req.body);
    return reply.code(s.created ? 201 : 200).send(s.entry);
  },
  );
  // Water: an add per glass or custom amount, a day's list and total against the goal, daily totals, delete one add.
  r.post('/health-metrics/water', { config: { idempotent: true }, schema: { tags, body: WaterCreateSchema, response: { 201: WaterEntrySchema, ...errorResponses } } }, async (req, reply) =>
    reply.code(201).send(await service.saveWater(app.db, req.user.id, req.body)),
  );
  r.get('/health-metrics/water', { schema: { tags, querystring: WaterDayQuerySchema, response: { 200: WaterDaySchema, ...errorResponses } } }, async (req) => service.waterDay(app.db, req.user.id, req.query));
  r.get('/health-metrics/water/daily', { schema: { tags, querystring: DateRangeQuerySchema, response: { 200: WaterDailySchema, ...errorResponses } } }, async (req) =>
    service.waterDaily(app.db, req.user.id, req.query),
  );
  r.delete('/health-metrics/water/:id', { schema: { tags, params: WaterParamsSchema, response: { 204: z.null(), ...errorResponses } } }, async (req, reply) => {
    await service.deleteWater(app.db, req.user.id, req.params.id);
    return reply.code(204).send(null);
  });
  r.post('/health-metrics', { config: { idempotent: true }, schema: { tags, body: IntakeCreateSchema, response: { 200: IntakeEntrySchema, 201: IntakeEntrySchema, ...errorResponses } } }, async (req, reply) => {
    const s = await service.saveIntake(app.db, req.user.id, req.body);
    return reply.code(s.created ? 201 : 200).send(s.entry);
  },
  );
  r.post('/health-metrics/workout', { config: { idempotent: true }, schema: { tags, body: WorkoutCreateSchema, response: { 200: WorkoutEntrySchema, 201: WorkoutEntrySchema, ...errorResponses } } }, async (req, reply) => {
    const s = await service.saveWorkout(app.db, req.user.id, req.body);
    return reply.code(s.created ? 201 : 200).send(s.entry);
  },
  );
  r.post('/health-metrics/sleep', { config: { idempotent: true }, schema: { tags, body: SleepCreateSchema, response: { 200: SleepEntrySchema, 201: SleepEntrySchema, ...errorResponses } } }, async (req, reply) => {
    const s = await service.saveSleep(app.db, req.user.id, req.body);
    return reply.code(s.created ? 201 : 200).send(s.entry);
  },
  );
  r.post('/health-metrics/sync-status', { config: SYNC_WRITE_LIMIT, schema: { tags, body: SyncStatusBodySchema, response: { 200: SyncStatusSchema, ...errorResponses } } }, async (req) =>
    service.saveSync(app.db, req.user.id, req.body),
  );
  r.get('/health-metrics/sync-status', { schema: { tags, response: { 200: z.array(SyncStatusSchema), ...errorResponses } } }, async (req) => service.syncStatuses(app.db, req.user.id));

  r.get('/health-metrics/health-metrics', { schema: { tags, querystring: HealthMetricsQuerySchema, response: { 200: HealthMetricListSchema, ...errorResponses } } }, async (req) =>
    service.listMetrics(app.db, req.user.id, req.query),
  );
  r.get('/health-metrics/weight', { schema: { tags, querystring: DateRangeQuerySchema, response: { 200: z.array(WeightEntrySchema), ...errorResponses } } }, async (req) =>
    service.listWeights(app.db, req.user.id, req.query),
  );
  r.get('/health-metrics/workout', { schema: { tags, querystring: DateRangeQuerySchema, response: { 200: z.array(WorkoutEntrySchema), ...errorResponses } } }, async (req) =>
    service.listWorkouts(app.db, req.user.id, req.query),
  );
  r.get('/health-metrics/sleep', { schema: { tags, querystring: DateRangeQuerySchema, response: { 200: z.array(SleepEntrySchema), ...errorResponses } } }, async (req) =>
    service.listSleep(app.db, req.user.id, req.query),
  );

  r.put('/health-metrics/:type/:id', { schema: { tags, params: HealthMetricParamsSchema, body: z.record(z.string(), z.unknown()), response: { 200: AnyEntrySchema, ...errorResponses } } }, async (req) => {
    // The body's shape depends on the type in the path, so it is validated here rather than by the route schema.
    const parsed = updateSchemas[req.params.type].safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw unprocessable(issue.message, ['body', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))]);
    }
    return service.updateMetric(app.db, req.user.id, req.params.type, req.params.id, parsed.data);
  });
  r.delete('/health-metrics/:type/:id', { schema: { tags, params: HealthMetricParamsSchema, response: { 204: z.null(), ...errorResponses } } }, async (req, reply) => {
    await service.deleteMetric(app.db, req.user.id, req.params.type, req.params.id);
    return reply.code(204).send(null);
  });
}
