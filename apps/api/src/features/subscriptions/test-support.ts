import type { Tier } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import * as repo from './repository.ts';
import { refreshTiers } from './tiers.ts';

/** Gives a user a tier the way an admin grant does (tests of gated features use it). */
export async function grantTier(db: Db, userId: number, tier: Tier, expiresAt: Date | null = null) {
  const row = await repo.insert(db, { user_id: userId, tier, platform: 'admin', status: 'active', starts_at: new Date(), expires_at: expiresAt });
  await refreshTiers(db, userId);
  return row;
}
