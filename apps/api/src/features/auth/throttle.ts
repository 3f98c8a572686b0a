import type { Db } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/http-error.ts';
import { blockUntil, clearThrottle, countFailure, throttleRows } from './repository.ts';

/**
 * Growing delays after failed logins (ASVS §6.3.1): per account after 5 failures (1 s, 2 s, 4 s … 60 s),
 * per IP after 20. The delay is capped at a minute so a stranger cannot lock a user out for long;
 * 100 failures in an hour per account stop further tries until the hour is over.
 */
export const ACCOUNT_FREE_FAILURES = 5;
export const IP_FREE_FAILURES = 20;
export const MAX_DELAY_S = 60;
export const HOURLY_ACCOUNT_CAP = 100;

export const accountKey = (identifier: string) => `account:${identifier.trim().toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

function delaySeconds(failures: number, free: number): number {
  return failures < free ? 0 : Math.min(2 ** (failures - free), MAX_DELAY_S);
}

/** Throws 429 with Retry-After while either key is slowed down. */
export async function assertNotThrottled(db: Db, identifier: string, ip: string, now = new Date()) {
  const rows = await throttleRows(db, [accountKey(identifier), ipKey(ip)]);
  let waitMs = 0;
  for (const r of rows) {
    if (r.blocked_until && r.blocked_until > now) waitMs = Math.max(waitMs, r.blocked_until.getTime() - now.getTime());
    const windowEnd = r.window_start.getTime() + 3600_000;
    if (r.key.startsWith('account:') && r.failures >= HOURLY_ACCOUNT_CAP && windowEnd > now.getTime()) {
      waitMs = Math.max(waitMs, windowEnd - now.getTime());
    }
  }
  if (waitMs > 0) {
    const s = Math.ceil(waitMs / 1000);
    throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${s} second${s === 1 ? '' : 's'}.`, s);
  }
}

export async function recordLoginFailure(db: Db, identifier: string, ip: string, now = new Date()) {
  for (const [key, free] of [[accountKey(identifier), ACCOUNT_FREE_FAILURES], [ipKey(ip), IP_FREE_FAILURES]] as const) {
    const row = await countFailure(db, key, now);
    const delay = delaySeconds(row.failures, free);
    if (delay > 0) await blockUntil(db, key, new Date(now.getTime() + delay * 1000));
  }
}

/** A successful sign-in clears the account's counter (not the IP's: one good password must not unlock spraying). */
export async function recordLoginSuccess(db: Db, identifier: string) {
  await clearThrottle(db, accountKey(identifier));
}
