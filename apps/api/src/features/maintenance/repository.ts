import { lt, or, and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { KNOWN_DAYS } from '../auth/throttle.ts';
import { purgeIdempotencyKeys } from '../../plugins/idempotency.ts';
import { audit_log, daily_counters, login_throttle, maintenance_runs, quota_events, rate_limit_hits, verification_codes } from '../../db/schema/index.ts';

/** Days an audit row outlives its account (privacy policy, apps/web/src/features/public/privacy-policy-route.tsx). */
export const AUDIT_ORPHAN_DAYS = 30;

export async function purgeExpired(db: Db, jobId: string, now: Date) {
  return db.transaction(async (tx) => {
    // A job may run twice (retry after a crash): the run row makes the second run a no-op.
    const [run] = await tx.insert(maintenance_runs).values({ job_id: jobId }).onConflictDoNothing().returning();
    if (!run) return null;
    const codes = await tx.delete(verification_codes).where(lt(verification_codes.expires_at, now)).returning({ id: verification_codes.id });
    const hourAgo = new Date(now.getTime() - 3600_000);
    // Counters and delays go an hour after their last change; `known:` rows (the addresses a name signed in from)
    // are kept KNOWN_DAYS after the last sign-in.
    const known = sql`starts_with(${login_throttle.key}, 'known:')`;
    const throttles = await tx
      .delete(login_throttle)
      .where(
        or(
          and(sql`not ${known}`, lt(login_throttle.updated_at, hourAgo), or(isNull(login_throttle.blocked_until), lt(login_throttle.blocked_until, now))),
          and(known, lt(login_throttle.updated_at, new Date(now.getTime() - KNOWN_DAYS * 86_400_000))),
        ),
      )
      .returning({ key: login_throttle.key });
    // Rate-limit windows that ended, and daily counts older than yesterday (UTC).
    await tx.delete(rate_limit_hits).where(lt(rate_limit_hits.expires_at, now));
    await tx.delete(daily_counters).where(lt(daily_counters.day, new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10)));
    // Audit rows tied to no account any more (the account was deleted, or the sign-in was for an unknown name) go
    // after AUDIT_ORPHAN_DAYS, as the privacy policy says. Rows with an actor (an admin's actions) stay.
    await tx.delete(audit_log).where(and(isNull(audit_log.user_id), isNull(audit_log.actor_id), lt(audit_log.created_at, new Date(now.getTime() - AUDIT_ORPHAN_DAYS * 86_400_000))));
    // Allowance rows past their 24 hours (a margin of one more: a clock a little behind counts them still).
    await tx.delete(quota_events).where(lt(quota_events.created_at, new Date(now.getTime() - 2 * 86_400_000)));
    // Idempotency keys past their IDEMPOTENCY_KEY_DAYS (plugins/idempotency.ts).
    await purgeIdempotencyKeys(tx as unknown as Db, now);
    const [row] = await tx
      .update(maintenance_runs)
      .set({ removed_codes: codes.length, removed_throttles: throttles.length })
      .where(sql`${maintenance_runs.id} = ${run.id}`)
      .returning();
    return row;
  });
}
