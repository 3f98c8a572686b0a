import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { updateActiveTask, type TaskRow } from './repository.ts';

export const GENERATE_QUEUE = 'meal-plans.generate';
export const STALLED_QUEUE = 'meal-plans.stalled-check';

/** Runs (first run + retries) a task may have; a crash, an expiry or a stall each use one. */
export const MAX_ATTEMPTS = 3;
/** How often a working handler proves it is alive, and how old a heartbeat may be before the task counts as stalled. */
export const HEARTBEAT_MS = 5_000;
export const STALL_AFTER_MS = 60_000;

export interface TaskJobData {
  task_id: number;
}

/**
 * Queues a task under a fresh pg-boss job id. The id is written to the task first: it is the fencing
 * token that tells a handler it still owns the task (a requeued task's old job must stop writing).
 */
export async function enqueueTask(app: FastifyInstance, db: Db, task: TaskRow): Promise<TaskRow | null> {
  const jobId = randomUUID();
  const row = await updateActiveTask(db, task.id, { job_id: jobId, status: 'queued' });
  if (!row) return null;
  await app.boss.send(GENERATE_QUEUE, { task_id: task.id } satisfies TaskJobData, { id: jobId, singletonKey: `meal-plan-task-${task.id}-${jobId}` });
  return row;
}
