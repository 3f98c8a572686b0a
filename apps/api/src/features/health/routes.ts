import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorBodySchema } from '@app/contracts';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

export default async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    { config: { public: true }, schema: { tags: ['health'], security: [], response: { 200: HealthSchema, 503: ErrorBodySchema } } },
    async (_req, reply) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch {
        return reply.code(503).send({ detail: { msg: 'Database unavailable', type: 'service_unavailable', errors: { database: 'error' } } });
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
}
