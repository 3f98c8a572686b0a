import type { FastifyInstance } from 'fastify';
import { expireAndRefresh } from './tiers.ts';

export const EXPIRE_QUEUE = 'subscriptions.expire';

/** Every 5 minutes: ends subscriptions past their expiry and re-derives the users' tier flags. */
export default async function subscriptionJobs(app: FastifyInstance) {
  app.defineQueue({
    name: EXPIRE_QUEUE,
    cron: '*/5 * * * *',
    retryLimit: 2,
    expireInSeconds: 300,
    handler: async () => ({ users_changed: await expireAndRefresh(app.db) }),
  });
}
