import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@app/contracts';
import { pingDatabase, queueCounts, type QueueCounts } from './repository.ts';

const QueueSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  queued: z.number().int(),
  active: z.number().int(),
  failed_last_hour: z.number().int(),
  oldest_queued_seconds: z.number().int().nullable(),
  worker: z.boolean(),
});
const HealthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok'), queue: QueueSchema });

/**
 * How long one reading of the queue serves. The counts scan pg-boss's whole job table, and /health is public and
 * unthrottled (a load balancer calls it every few seconds): a reading shared for a few seconds bounds what any rate
 * of calls costs the database to one scan per process per QUEUE_READING_MS.
 */
export const QUEUE_READING_MS = 5_000;

/** Liveness and readiness for a load balancer or an uptime check: the database must answer; the queue is reported. */
export default async function healthRoutes(app: FastifyInstance) {
  let reading: { at: number; counts: Promise<QueueCounts> } | null = null;
  const queue = () => {
    const now = Date.now();
    if (!reading || now - reading.at >= QUEUE_READING_MS) {
      const counts = queueCounts(app.db);
      reading = { at: now, counts };
      // A failed reading is not kept: the next call asks again.
      counts.catch(() => {
        if (reading?.counts === counts) reading = null;
      });
    }
    return reading.counts;
  };
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    { config: { public: true }, schema: { tags: ['health'], security: [], response: { 200: HealthSchema, 503: ErrorBodySchema } } },
    async (_req, reply) => {
      try {
        await pingDatabase(app.db);
      } catch {
        return reply.code(503).send({ detail: { msg: 'Database unavailable', type: 'service_unavailable', errors: { database: 'error' } } });
      }
      const worker = app.config.WORKER;
      const counts = await queue()
        .then((c) => ({ status: 'ok' as const, ...c, worker }))
        // pg-boss creates its schema at start; before that (or if it is broken) the API still serves.
        .catch(() => ({ status: 'unavailable' as const, queued: 0, active: 0, failed_last_hour: 0, oldest_queued_seconds: null, worker }));
      return { status: 'ok' as const, database: 'ok' as const, queue: counts };
    },
  );
}
