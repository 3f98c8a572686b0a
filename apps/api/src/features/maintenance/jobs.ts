import type { FastifyInstance } from 'fastify';
import { purgeExpired } from './repository.ts';

export const PURGE_QUEUE = 'maintenance.purge-expired';

/** Hourly clean-up of expired verification codes and stale login throttles. */
export default async function maintenanceJobs(app: FastifyInstance) {
  app.defineQueue({
    name: PURGE_QUEUE,
    cron: '17 * * * *',
    retryLimit: 2,
    expireInSeconds: 300,
    handler: async (job) => {
      const row = await purgeExpired(app.db, job.id, new Date());
      return row ? { removed_codes: row.removed_codes, removed_throttles: row.removed_throttles } : { skipped: 'already ran' };
    },
  });
}
