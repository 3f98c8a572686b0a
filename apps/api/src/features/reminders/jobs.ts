import type { FastifyInstance } from 'fastify';
import { runReminders } from './service.ts';

export const REMINDERS_QUEUE = 'reminders.tick';

/**
 * A cron job every minute (pg-boss sends one job per minute however many processes schedule it);
 * each run looks back a few minutes, so a late tick still sends, and the UNIQUE claim stops repeats.
 */
export default async function reminderJobs(app: FastifyInstance) {
  app.defineQueue({
    name: REMINDERS_QUEUE,
    cron: '* * * * *',
    retryLimit: 1,
    expireInSeconds: 5 * 60,
    handler: async () => runReminders(app, new Date()),
  });
}
