import type { Db } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/http-error.ts';
import { clientNet } from '../../lib/client-net.ts';
import { blockUntil, claimBlock, clearThrottle, countFailure, markKnown, refundFailure, throttleRows } from './repository.ts';

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
/**
 * At most this many failed checks by one name (an account's e-mail, its username) in its hour's window, however many
 * addresses the guesses come from. Windows are fixed (they start at a failure after the last one ended), so any 60
 * minutes overlap at most two: 2 × 25 per name, 2 names, never over 100 failures an hour per account
 * (ARCHITECTURE.md). A success does not clear it. Past it, only an address the name signed in from in the last
 * KNOWN_DAYS may try the name until the window is over, so a stranger who spends the hour's guesses does not lock the
 * owner out of their own devices; from anywhere else the owner resets the password (which clears it).
 */
export const NAME_HOURLY_CAP = 25;
export const KNOWN_DAYS = 30;

const norm = (identifier: string) => identifier.trim().toLowerCase();
export const accountKey = (identifier: string) => `account:${norm(identifier)}`;
/** Addresses by their network (an IPv6 client by its /64: lib/client-net.ts). */
export const ipKey = (ip: string) => `ip:${clientNet(ip)}`;
/** One account tried from one address. */
export const pairKey = (identifier: string, ip: string) => `account-ip:${norm(identifier)}|${clientNet(ip)}`;
/** The name's failures this hour, for NAME_HOURLY_CAP. */
export const hourKey = (identifier: string) => `account-hour:${norm(identifier)}`;
/** The name signed in from this address (updated_at: when it last did). */
export const knownKey = (identifier: string, ip: string) => `known:${norm(identifier)}|${clientNet(ip)}`;

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

export type PasswordCheck = { succeeded(otherNames?: (string | null | undefined)[]): Promise<void> };

/**
 * Opens one password check for this account from this address, or throws 429 while the address must wait.
 * The check is counted as a failure *before* the password is verified, so parallel checks (on one process or
 * several) each see the ones before them. A check that would leave a delay behind if it fails (the 5th on an
 * account, the 20th from an address, and every one after) runs only if it is the one that sets that delay
 * (`claimBlock`, one statement); the others are refused and their count taken back. So a burst of guesses gets
 * what guesses one after another get: the free checks, then one per delay. A failed check needs nothing more;
 * call `succeeded()` when the password was right.
 */
export async function beginPasswordCheck(db: Db, identifier: string, ip: string, now = new Date()): Promise<PasswordCheck> {
  await assertNotThrottled(db, identifier, ip, now);
  const hour = await countFailure(db, hourKey(identifier), now);
  if (hour.failures > NAME_HOURLY_CAP && !(await knownAddress(db, identifier, ip, now))) {
    await refundFailure(db, hourKey(identifier));
    const s = Math.max(1, Math.ceil((hour.window_start.getTime() + 3600_000 - now.getTime()) / 1000));
    const m = Math.ceil(s / 60);
    throw tooManyRequests(`Too many failed sign-in attempts on this account. Try again in ${m} minute${m === 1 ? '' : 's'}, or reset your password.`, s);
  }
  const account = await countFailure(db, accountKey(identifier), now);
  const byIp = await countFailure(db, ipKey(ip), now);
  const pair = pairKey(identifier, ip);
  const accountDelay = delaySeconds(account.failures, ACCOUNT_FREE_FAILURES);
  const ipDelay = delaySeconds(byIp.failures, IP_FREE_FAILURES);
  const at = (s: number) => new Date(now.getTime() + s * 1000);
  const claimedPair = accountDelay > 0 && (await claimBlock(db, pair, now, at(accountDelay)));
  const claimedIp = ipDelay > 0 && (await claimBlock(db, ipKey(ip), now, at(ipDelay)));
  if ((accountDelay > 0 && !claimedPair) || (ipDelay > 0 && !claimedIp)) {
    // Another check holds the delay: this one does not happen, and is not counted. A delay this check set on
    // the other level stays (that level is past its allowance too).
    await refundFailure(db, hourKey(identifier));
    await refundFailure(db, accountKey(identifier));
    await refundFailure(db, ipKey(ip));
    await assertNotThrottled(db, identifier, ip, now);
    throw tooManyRequests('Too many failed sign-in attempts. Try again in 1 second.', 1);
  }
  return {
    async succeeded(otherNames = []) {
      // A success is not a failure of the address, and lifts the delay it set there (the address keeps its other
      // failures: one good password must not unlock spraying). It clears the account's counters, by every name.
      await refundFailure(db, ipKey(ip));
      await refundFailure(db, hourKey(identifier));
      if (claimedIp) await blockUntil(db, ipKey(ip), now);
      const names = new Set([identifier, ...otherNames].filter((n): n is string => !!n).map(norm));
      for (const name of names) {
        await recordLoginSuccess(db, name, ip);
        await markKnown(db, knownKey(name, ip), now);
      }
    },
  };
}

/** A success clears the account's counters (not the IP's: one good password must not unlock spraying). */
export async function recordLoginSuccess(db: Db, identifier: string, ip?: string) {
  await clearThrottle(db, accountKey(identifier));
  if (ip) await clearThrottle(db, pairKey(identifier, ip));
}

/** After a password reset the guesses so far were at the old password: the names' hourly caps start again. */
export async function recordPasswordReset(db: Db, names: (string | null | undefined)[]) {
  for (const name of new Set(names.filter((n): n is string => !!n).map(norm))) {
    await recordLoginSuccess(db, name);
    await clearThrottle(db, hourKey(name));
  }
}

async function knownAddress(db: Db, identifier: string, ip: string, now: Date) {
  const [row] = await throttleRows(db, [knownKey(identifier, ip)]);
  return !!row && row.updated_at.getTime() > now.getTime() - KNOWN_DAYS * 86_400_000;
}
