import type { FastifyInstance } from 'fastify';
import { runTask } from './generator.ts';
import { checkStalled } from './stalled.ts';
import { GENERATE_QUEUE, MAX_ATTEMPTS, STALLED_QUEUE, type TaskJobData } from './task-queue.ts';

/** Plan generation and the stalled-task check (our heartbeat watchdog: pg-boss 10 has none). */
export default async function mealPlanJobs(app: FastifyInstance) {
  // Set before pg-boss stops, so a running generation stops between days and is retried by the next process.
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.defineQueue<TaskJobData>({
    name: GENERATE_QUEUE,
    retryLimit: MAX_ATTEMPTS,
    retryDelay: 2,
    // A 14-day plan takes seconds; a job still active after this belongs to a dead worker.
    expireInSeconds: 10 * 60,
    handler: (job) => runTask(app, job, { stopping: () => stopping }),
  });
  app.defineQueue({
    name: STALLED_QUEUE,
    cron: '* * * * *',
    retryLimit: 0,
    expireInSeconds: 120,
    handler: async () => ({ handled: await checkStalled(app) }),
  });
}
