import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { activeTaskCount, updateActiveTask, type TaskRow } from './repository.ts';

export const GENERATE_QUEUE = 'meal-plans.generate';
export const STALLED_QUEUE = 'meal-plans.stalled-check';

/** Runs (first run + retries) a task may have; a crash, an expiry or a stall each use one. */
export const MAX_ATTEMPTS = 3;
/** How old a heartbeat may be before the task counts as stalled (PLAN_STALL_AFTER, 60 s by default). */
export const stallAfterMs = (app: FastifyInstance) => app.config.PLAN_STALL_AFTER * 1000;
/** How often a working handler proves it is alive: well inside the stall window. */
export const heartbeatMs = (app: FastifyInstance) => Math.min(5_000, stallAfterMs(app) / 3);

/** Tasks of one user that run at the same time (across all worker processes); more wait in the queue. */
export const RUNNING_PER_USER = 1;
/** How long a task that found its user's slot taken waits before it is offered again. */
export const DEFER_SECONDS = 2;

export interface TaskJobData {
  task_id: number;
}

/**
 * Queues a task under a fresh pg-boss job id. The id is written to the task first: it is the fencing
 * token that tells a handler it still owns the task (a requeued task's old job must stop writing).
 *
 * Fair across users: pg-boss takes the highest priority first, and a task's priority is minus the
 * number of other tasks its user already has queued or running. A user's n-th waiting task therefore
 * runs after every other user's first, second … (n-1)-th: one user's 20 plans cannot make another
 * user's single plan wait behind all of them (issue 8 item 7).
 */
export async function enqueueTask(app: FastifyInstance, db: Db, task: TaskRow, opts: { startAfterSeconds?: number } = {}): Promise<TaskRow | null> {
  const jobId = randomUUID();
  const row = await updateActiveTask(db, task.id, { job_id: jobId, status: 'queued' });
  if (!row) return null;
  const ahead = await activeTaskCount(db, task.user_id, task.id);
  await app.boss.send(GENERATE_QUEUE, { task_id: task.id } satisfies TaskJobData, {
    id: jobId,
    singletonKey: `meal-plan-task-${task.id}-${jobId}`,
    priority: -ahead,
    ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
  });
  return row;
}
