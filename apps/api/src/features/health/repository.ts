import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface QueueCounts {
  queued: number;
  active: number;
  failed_last_hour: number;
  oldest_queued_seconds: number | null;
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Job counts straight from pg-boss's table, so every process (API or worker) reports the shared queue. */
export async function queueCounts(db: Db): Promise<QueueCounts> {
  const res = await db.execute(sql`
    select
      count(*) filter (where state in ('created', 'retry'))::int as queued,
      count(*) filter (where state = 'active')::int as active,
      count(*) filter (where state = 'failed' and completed_on > now() - interval '1 hour')::int as failed_last_hour,
      extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry') and start_after <= now()))::float as oldest_queued_seconds
    from pgboss.job`);
  const row = (res.rows[0] ?? {}) as Record<string, unknown>;
  const n = (v: unknown) => Number(v ?? 0);
  return {
    queued: n(row.queued),
    active: n(row.active),
    failed_last_hour: n(row.failed_last_hour),
    oldest_queued_seconds: row.oldest_queued_seconds == null ? null : Math.round(Number(row.oldest_queued_seconds)),
  };
}
