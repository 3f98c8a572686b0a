/**
 * Web purchases through Stripe Checkout (hosted page) and its signed webhooks. STRIPE_API_URL points the
 * client at another host (tests use a loopback server that speaks the few endpoints used here).
 */
import Stripe from 'stripe';
import type { Tier } from '@app/contracts';
import type { Config } from '../../config.ts';
import { HttpError, unavailable, unprocessable } from '../../lib/http-error.ts';

export interface StripeSubscriptionState {
  id: string;
  userId: number | null;
  tier: Tier | null;
  priceId: string | null;
  status: 'active' | 'pending' | 'expired' | 'cancelled';
  expiresAt: Date | null;
  autoRenew: boolean;
}

export interface StripeStore {
  enabled: boolean;
  checkout(user: { id: number; email: string }, tier: Tier): Promise<{ url: string; session_id: string }>;
  /** The verified event, or a 400 for a bad signature. */
  event(rawBody: Buffer, signature: string | undefined): Stripe.Event;
  subscription(id: string): Promise<StripeSubscriptionState>;
  toState(sub: Stripe.Subscription): StripeSubscriptionState;
}

const NOT_ENABLED = 'Web purchases are not enabled on this server';

export function stripeStore(config: Config): StripeStore {
  const key = config.STRIPE_SECRET_KEY;
  let client: Stripe | null = null;
  function get(): Stripe {
    if (!key) throw unavailable(NOT_ENABLED);
    if (!client) {
      const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
      client = new Stripe(key, {
        maxNetworkRetries: 1,
        timeout: 15_000,
        ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === 'http:' ? 80 : 443)), protocol: api.protocol === 'http:' ? 'http' : 'https' } : {}),
      });
    }
    return client;
  }
  const priceFor = (tier: Tier) => Object.entries(config.STRIPE_PRICE_TIERS).find(([, t]) => t === tier)?.[0];

  function toState(sub: Stripe.Subscription): StripeSubscriptionState {
    const item = sub.items?.data?.[0];
    const priceId = item?.price?.id ?? null;
    // Newer API versions carry the period on the item, older ones on the subscription.
    const periodEnd = (item as { current_period_end?: number } | undefined)?.current_period_end ?? (sub as { current_period_end?: number }).current_period_end;
    const userId = Number(sub.metadata?.user_id);
    const status = ['active', 'trialing', 'past_due'].includes(sub.status)
      ? 'active'
      : sub.status === 'canceled'
        ? 'cancelled'
        : ['incomplete'].includes(sub.status)
          ? 'pending'
          : 'expired';
    return {
      id: sub.id,
      userId: Number.isSafeInteger(userId) && userId > 0 ? userId : null,
      tier: priceId ? (config.STRIPE_PRICE_TIERS[priceId] ?? null) : null,
      priceId,
      status,
      expiresAt: periodEnd ? new Date(periodEnd * 1000) : null,
      autoRenew: !sub.cancel_at_period_end && status === 'active',
    };
  }

  return {
    enabled: !!key,
    toState,
    async checkout(user, tier) {
      const stripe = get();
      const price = priceFor(tier);
      if (!price) throw unprocessable(`The ${tier} tier cannot be bought on the web`, ['body', 'tier']);
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price, quantity: 1 }],
        client_reference_id: String(user.id),
        customer_email: user.email,
        metadata: { user_id: String(user.id) },
        subscription_data: { metadata: { user_id: String(user.id) } },
        success_url: `${config.STRIPE_RETURN_URL}?checkout=success`,
        cancel_url: `${config.STRIPE_RETURN_URL}?checkout=cancelled`,
      });
      if (!session.url) throw unavailable('Stripe did not return a checkout page');
      return { url: session.url, session_id: session.id };
    },
    event(rawBody, signature) {
      const secret = config.STRIPE_WEBHOOK_SECRET;
      if (!key || !secret) throw unavailable(NOT_ENABLED);
      try {
        return get().webhooks.constructEvent(rawBody, signature ?? '', secret);
      } catch {
        throw new HttpError(400, 'Invalid webhook signature', 'invalid_signature');
      }
    },
    async subscription(id) {
      return toState(await get().subscriptions.retrieve(id));
    },
  };
}
