import { z } from 'zod';

/**
 * What each subscription tier unlocks: one table read by the API (403 gates) and the web app (locked
 * items, /premium-features). Tiers nest: premium includes pro, pro includes plus. Free users keep
 * everything that is not listed here.
 */
export const TIERS = ['plus', 'pro', 'premium'] as const;
export const TierSchema = z.enum(TIERS, { error: 'tier must be plus, pro or premium' });
export type Tier = z.infer<typeof TierSchema>;

export const TIER_RANK: Record<Tier, number> = { plus: 1, pro: 2, premium: 3 };
export const TIER_LABELS: Record<Tier, string> = { plus: 'Plus', pro: 'Pro', premium: 'Premium' };

export interface Entitlement {
  /** The lowest tier that unlocks it. */
  tier: Tier;
  label: string;
  description: string;
  /** The 403 message; spec §6 names two, the rest follow `This feature requires <Tier> subscription`. */
  message: string;
}

export const requiresMessage = (tier: Tier) => `This feature requires ${TIER_LABELS[tier]} subscription`;

export const ENTITLEMENTS = {
  recipe_analysis: {
    tier: 'pro',
    label: 'Recipe analysis',
    description: 'Import a recipe from a web page and see its nutrition per serving.',
    message: 'This feature requires Pro subscription',
  },
  recipe_search: {
    tier: 'pro',
    label: 'Recipe search',
    description: 'Search your saved and shared recipes by name and ingredient.',
    message: 'Recipe search requires Pro subscription',
  },
  pro_insights: {
    tier: 'pro',
    label: 'Deeper insights',
    description: 'Pattern analysis over 14 to 90 days: weekday versus weekend, trends and findings.',
    message: requiresMessage('pro'),
  },
  restaurant_reminders: {
    tier: 'plus',
    label: 'Restaurant options in reminders',
    description: 'Meal reminders suggest dishes from restaurants near you, with distance.',
    message: requiresMessage('plus'),
  },
} as const satisfies Record<string, Entitlement>;

export type EntitlementKey = keyof typeof ENTITLEMENTS;
export const ENTITLEMENT_KEYS = Object.keys(ENTITLEMENTS) as EntitlementKey[];

export interface TierFlags {
  is_plus: boolean;
  is_pro: boolean;
  is_premium: boolean;
}

/** The highest tier a set of flags grants, or null for a free account. */
export function tierOf(flags: TierFlags): Tier | null {
  if (flags.is_premium) return 'premium';
  if (flags.is_pro) return 'pro';
  if (flags.is_plus) return 'plus';
  return null;
}

/** Flags for a tier: cumulative, so a premium account is also pro and plus (a gate on is_pro lets it in). */
export function flagsOf(tier: Tier | null): TierFlags {
  const rank = tier ? TIER_RANK[tier] : 0;
  return { is_plus: rank >= 1, is_pro: rank >= 2, is_premium: rank >= 3 };
}

export function tierIncludes(have: Tier | null, need: Tier): boolean {
  return have !== null && TIER_RANK[have] >= TIER_RANK[need];
}

export function hasEntitlement(have: Tier | null, key: EntitlementKey): boolean {
  return tierIncludes(have, ENTITLEMENTS[key].tier);
}

/** What a tier unlocks (its own entries and those of the tiers it includes), for /premium-features. */
export function entitlementsOf(tier: Tier): EntitlementKey[] {
  return ENTITLEMENT_KEYS.filter((k) => tierIncludes(tier, ENTITLEMENTS[k].tier));
}

/** The highest of several tiers (null when none). */
export function highestTier(tiers: Iterable<Tier>): Tier | null {
  let best: Tier | null = null;
  for (const t of tiers) if (!best || TIER_RANK[t] > TIER_RANK[best]) best = t;
  return best;
}
