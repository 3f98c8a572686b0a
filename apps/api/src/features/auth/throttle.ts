import type { Db } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/http-error.ts';
import { blockUntil, clearThrottle, countFailure, throttleRows } from './repository.ts';

/**
 * Growing delays after failed password checks (ASVS §6.3.1, docs/decisions/0003). Per account: after 5
 * failures in an hour, every further failure makes *the address it came from* wait (1 s, 2 s, 4 s … 60 s)
 * before it may try that account again; the account itself is never locked, so a stranger cannot keep
 * the owner out: the owner's correct password from their own address still works. Per IP: after 20
 * failures (any accounts) the address waits, correct password or not.
 */
export const ACCOUNT_FREE_FAILURES = 5;
export const IP_FREE_FAILURES = 20;
export const MAX_DELAY_S = 60;

export const accountKey = (identifier: string) => `account:${identifier.trim().toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;
/** One account tried from one address. */
export const pairKey = (identifier: string, ip: string) => `account-ip:${identifier.trim().toLowerCase()}|${ip}`;

function delaySeconds(failures: number, free: number): number {
  return failures < free ? 0 : Math.min(2 ** (failures - free), MAX_DELAY_S);
}

/** Throws 429 with Retry-After while this address must wait, for this account or for every account. */
export async function assertNotThrottled(db: Db, identifier: string, ip: string, now = new Date()) {
  const rows = await throttleRows(db, [pairKey(identifier, ip), ipKey(ip)]);
  let waitMs = 0;
  for (const r of rows) {
    if (r.blocked_until && r.blocked_until > now) waitMs = Math.max(waitMs, r.blocked_until.getTime() - now.getTime());
  }
  if (waitMs > 0) {
    const s = Math.ceil(waitMs / 1000);
    throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${s} second${s === 1 ? '' : 's'}.`, s);
  }
}

export async function recordLoginFailure(db: Db, identifier: string, ip: string, now = new Date()) {
  const account = await countFailure(db, accountKey(identifier), now);
  const accountDelay = delaySeconds(account.failures, ACCOUNT_FREE_FAILURES);
  if (accountDelay > 0) {
    await countFailure(db, pairKey(identifier, ip), now);
    await blockUntil(db, pairKey(identifier, ip), new Date(now.getTime() + accountDelay * 1000));
  }
  const byIp = await countFailure(db, ipKey(ip), now);
  const ipDelay = delaySeconds(byIp.failures, IP_FREE_FAILURES);
  if (ipDelay > 0) await blockUntil(db, ipKey(ip), new Date(now.getTime() + ipDelay * 1000));
}

/** A success clears the account's counters (not the IP's: one good password must not unlock spraying). */
export async function recordLoginSuccess(db: Db, identifier: string, ip?: string) {
  await clearThrottle(db, accountKey(identifier));
  if (ip) await clearThrottle(db, pairKey(identifier, ip));
}
