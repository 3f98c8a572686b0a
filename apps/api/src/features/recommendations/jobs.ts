import type { FastifyInstance } from 'fastify';
import { DAILY_PLAN_FAILED } from '@app/contracts';
import { PlanInfeasibleError } from '../meal-plans/planner.ts';
import { bumpAttempts, findDailyPlanById, finishDailyPlan } from './repository.ts';
import { computeDailyPlan } from './service.ts';

export const DAILY_PLAN_QUEUE = 'recommendations.daily-meal-plan';
const MAX_ATTEMPTS = 3;

/** Today's plan is made in the background; the client polls its status (spec §4, every 1 s, 30 times). */
export default async function recommendationJobs(app: FastifyInstance) {
  app.defineQueue<{ daily_plan_id: number }>({
    name: DAILY_PLAN_QUEUE,
    retryLimit: MAX_ATTEMPTS,
    retryDelay: 1,
    expireInSeconds: 120,
    // Two at once in each process: the planner's fair share gives each user one thread, so another user's plan is
    // made beside a busy user's instead of after it.
    workers: 2,
    handler: async (job) => {
      const row = await findDailyPlanById(app.db, job.data.daily_plan_id);
      if (!row || row.status !== 'processing') return { skipped: 'already finished' };
      const claimed = await bumpAttempts(app.db, row.id);
      if (!claimed) return { skipped: 'already finished' };
      try {
        const plan = await computeDailyPlan(app, claimed);
        // Only the first run to finish writes (status must still be processing).
        await finishDailyPlan(app.db, row.id, { status: 'completed', plan, completed_at: new Date(), error_message: null });
        return { done: true };
      } catch (err) {
        if (err instanceof PlanInfeasibleError || claimed.attempts >= MAX_ATTEMPTS) {
          const message = err instanceof PlanInfeasibleError ? err.message : DAILY_PLAN_FAILED;
          app.log.error({ err, daily_plan_id: row.id }, 'daily meal plan failed');
          await finishDailyPlan(app.db, row.id, { status: 'failed', error_message: message, completed_at: new Date() });
          return { failed: message };
        }
        throw err;
      }
    },
  });
}
