import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';

export type JobHandler<T = any> = (job: PgBoss.Job<T>) => Promise<unknown>;

export interface QueueDefinition<T = any> {
  name: string;
  handler: JobHandler<T>;
  /** Retries after a failure or a crash (a job may run twice: handlers are idempotent). */
  retryLimit?: number;
  retryDelay?: number;
  /** A job running longer than this is failed and retried (pg-boss `expireInSeconds`). */
  expireInSeconds?: number;
  /** Cron schedule (UTC) for recurring jobs. */
  cron?: string;
  pollingIntervalSeconds?: number;
  /** Jobs of this queue one process runs at once (each a pg-boss worker taking one job at a time). Default 1. */
  workers?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    boss: PgBoss;
    /** Declares a queue and, when this process is a worker, its handler. Call at plugin registration time. */
    defineQueue<T = any>(def: QueueDefinition<T>): void;
  }
}

const QUEUE_SETUP_LOCK = 727275;

async function oneProcessAtATime(database: Database, work: () => Promise<void>) {
  if (!database.pool) return work();
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK]);
    await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK]).catch(() => {});
    client.release();
  }
}

/** pg-boss on the app's own database (PGlite included, through its executeSql adapter). */
export default fp(
  async function queuePlugin(app: FastifyInstance, opts: { config: Config }) {
    const boss = new PgBoss({
      db: app.database.raw,
      schema: 'pgboss',
      // Maintenance and the scheduler run in every process; pg-boss coordinates them with advisory locks.
      supervise: true,
      schedule: true,
      maintenanceIntervalSeconds: 120,
    } as PgBoss.ConstructorOptions);
    boss.on('error', (err) => app.log.error({ err }, 'job queue error'));
    const defs: QueueDefinition[] = [];
    app.decorate('boss', boss);
    app.decorate('defineQueue', (def: QueueDefinition) => void defs.push(def));

    app.addHook('onReady', async () => {
      // Several processes starting at once on PostgreSQL collided in pg-boss: two creating its schema on a
      // fresh database ("pgboss" already exists), or deadlocked in createQueue (a partition per queue). Its
      // start and the queue set-up run under an advisory lock, one process after another.
      await oneProcessAtATime(app.database, async () => {
        await boss.start();
        await declareQueues();
      });
    });
    async function declareQueues() {
      for (const def of defs) {
        const options = {
          retryLimit: def.retryLimit ?? 3,
          retryDelay: def.retryDelay ?? 5,
          retryBackoff: true,
          expireInSeconds: def.expireInSeconds ?? 15 * 60,
        };
        await boss.createQueue(def.name, { name: def.name, ...options });
        await boss.updateQueue(def.name, { name: def.name, ...options });
        if (def.cron) await boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
        if (opts.config.WORKER) for (let i = 0; i < (def.workers ?? 1); i++) {
          await boss.work(def.name, { batchSize: 1, pollingIntervalSeconds: def.pollingIntervalSeconds ?? 1 }, async ([job]) => {
            // Which process ran which job: the trail an operator follows after a crash (and the multi-process test).
            app.log.debug({ queue: def.name, job_id: job!.id }, 'job started');
            return def.handler(job!);
          });
        }
      }
    }
    app.addHook('onClose', async () => {
      // Let running handlers finish; unfinished jobs go back to the queue when they expire.
      await boss.stop({ graceful: true, wait: true, timeout: 20_000 });
    });
  },
  { name: 'queue', dependencies: ['db'] },
);
