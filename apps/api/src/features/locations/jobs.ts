import type { FastifyInstance } from 'fastify';
import { purgeOld } from './service.ts';

export const LOCATIONS_CLEANUP_QUEUE = 'locations.cleanup';

/** Hourly: positions older than the 30-day retention are deleted for every user. */
export function defineLocationJobs(app: FastifyInstance) {
  app.defineQueue({
    name: LOCATIONS_CLEANUP_QUEUE,
    cron: '41 * * * *',
    retryLimit: 2,
    expireInSeconds: 300,
    handler: async () => ({ removed: await purgeOld(app.db) }),
  });
}
