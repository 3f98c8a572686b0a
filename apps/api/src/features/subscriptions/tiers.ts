/**
 * The one place a user's is_plus / is_pro / is_premium are written: derived from the subscriptions
 * that are active and unexpired right now. Called after every subscription change, on read (gates and
 * GET /subscriptions/active) and by the expiry job, so an expired tier closes by time even when no
 * store notification arrives.
 */
import { flagsOf, highestTier, TierSchema, type Tier, type TierFlags } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import * as repo from './repository.ts';

export interface CurrentTier extends TierFlags {
  tier: Tier | null;
  active: repo.SubscriptionRow | null;
}

export async function refreshTiers(db: Db | repo.Executor, userId: number, now = new Date(), known?: TierFlags): Promise<CurrentTier> {
  const rows = await repo.grantingNow(db, userId, now);
  const tier = highestTier(rows.map((r) => TierSchema.parse(r.tier)));
  const flags = flagsOf(tier);
  const same = known && known.is_plus === flags.is_plus && known.is_pro === flags.is_pro && known.is_premium === flags.is_premium;
  if (!same) await repo.setFlags(db, userId, flags);
  return { ...flags, tier, active: rows[0] ?? null };
}

/** Ends what expired and re-derives the flags of the users concerned; returns how many users changed. */
export async function expireAndRefresh(db: Db, now = new Date()): Promise<number> {
  const ids = new Set([...(await repo.expireDue(db, now)), ...(await repo.usersWithStaleFlags(db, now))]);
  for (const id of ids) await refreshTiers(db, id, now);
  return ids.size;
}
