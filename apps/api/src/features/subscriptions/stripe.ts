/**
 * Web purchases through Stripe Checkout (hosted page) and its signed webhooks. STRIPE_API_URL points the
 * client at another host (tests use a loopback server that speaks the few endpoints used here).
 */
import type Stripe from 'stripe';
import type { StripePrice, Tier } from '@app/contracts';
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
  checkout(user: { id: number; email: string }, tier: Tier, priceId?: string): Promise<{ url: string; session_id: string }>;
  /** The configured prices as Stripe states them (active, recurring, fixed amount), cached for 10 minutes. */
  prices(): Promise<Map<Tier, StripePrice[]>>;
  /** Asks Stripe to end the subscription when the paid period ends; answers its new state. */
  cancelAtPeriodEnd(id: string): Promise<StripeSubscriptionState>;
  /** Ends the subscription at Stripe now (account deletion); one Stripe no longer knows counts as ended. */
  cancelNow(id: string): Promise<void>;
  /** The verified event, or a 400 for a bad signature. */
  event(rawBody: Buffer, signature: string | undefined): Promise<Stripe.Event>;
  subscription(id: string): Promise<StripeSubscriptionState>;
  toState(sub: Stripe.Subscription): StripeSubscriptionState;
}

const NOT_ENABLED = 'Web purchases are not enabled on this server';
const PRICES_TTL_MS = 10 * 60_000;
const INTERVALS = new Set(['day', 'week', 'month', 'year']);

/** Stripe's own refusals stay 4xx-free for our caller: an unreachable or failing Stripe is a 503. */
async function atStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const err = e as { type?: string; message?: string };
    throw unavailable(`Stripe could not ${what} just now${err.type === 'StripeConnectionError' ? ' (no connection)' : ''}; please try again later`);
  }
}
const missingAtStripe = (e: unknown) => (e as { code?: string; statusCode?: number }).code === 'resource_missing' || (e as { statusCode?: number }).statusCode === 404;

export function stripeStore(config: Config, log?: (msg: string) => void): StripeStore {
  const key = config.STRIPE_SECRET_KEY;
  // Stripe's SDK (~4 MB of memory once loaded) is loaded on first use: never on a server without Stripe.
  let client: Promise<Stripe> | null = null;
  async function get(): Promise<Stripe> {
    if (!key) throw unavailable(NOT_ENABLED);
    client ??= import('stripe').then(({ default: Stripe }) => {
      const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
      return new Stripe(key, {
        maxNetworkRetries: 1,
        timeout: 15_000,
        ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === 'http:' ? 80 : 443)), protocol: api.protocol === 'http:' ? 'http' : 'https' } : {}),
      });
    });
    return client;
  }
  const pricesOf = (tier: Tier) => Object.entries(config.STRIPE_PRICE_TIERS).filter(([, t]) => t === tier).map(([id]) => id);
  let cached: { at: number; prices: Map<Tier, StripePrice[]> } | null = null;
  let inflight: Promise<Map<Tier, StripePrice[]>> | null = null;

  async function loadPrices(): Promise<Map<Tier, StripePrice[]>> {
    const stripe = await get();
    const out = new Map<Tier, StripePrice[]>();
    const ids = Object.keys(config.STRIPE_PRICE_TIERS);
    // A configured id Stripe does not know is left out like an archived price (the log says which).
    const found = await atStripe('list the prices', () =>
      Promise.all(ids.map((id) => stripe.prices.retrieve(id).catch((e) => (missingAtStripe(e) ? (log?.(`stripe price ${id} does not exist`), null) : Promise.reject(e))))),
    );
    for (const p of found) {
      if (!p) continue;
      const tier = config.STRIPE_PRICE_TIERS[p.id];
      // Only what Checkout can sell at a stated amount: an archived, one-off or metered price is left out.
      if (!tier || !p.active || p.unit_amount == null || !p.recurring || !INTERVALS.has(p.recurring.interval)) {
        log?.(`stripe price ${p.id} is not an active recurring price with a fixed amount; not offered`);
        continue;
      }
      const list = out.get(tier) ?? [];
      list.push({ price_id: p.id, amount: p.unit_amount, currency: p.currency, interval: p.recurring.interval as StripePrice['interval'], interval_count: p.recurring.interval_count ?? 1 });
      out.set(tier, list);
    }
    return out;
  }

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
    async checkout(user, tier, priceId) {
      const stripe = await get();
      const ids = pricesOf(tier);
      if (!ids.length) throw unprocessable(`The ${tier} tier cannot be bought on the web`, ['body', 'tier']);
      if (priceId && !ids.includes(priceId)) throw unprocessable(`${priceId} is not a price of the ${tier} tier`, ['body', 'price_id']);
      const price = priceId ?? ids[0]!;
      const session = await atStripe('start the checkout', () => stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price, quantity: 1 }],
        client_reference_id: String(user.id),
        customer_email: user.email,
        metadata: { user_id: String(user.id) },
        subscription_data: { metadata: { user_id: String(user.id) } },
        success_url: `${config.STRIPE_RETURN_URL}?checkout=success`,
        cancel_url: `${config.STRIPE_RETURN_URL}?checkout=cancelled`,
      }));
      if (!session.url) throw unavailable('Stripe did not return a checkout page');
      return { url: session.url, session_id: session.id };
    },
    async event(rawBody, signature) {
      const secret = config.STRIPE_WEBHOOK_SECRET;
      if (!key || !secret) throw unavailable(NOT_ENABLED);
      const stripe = await get();
      try {
        return stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
      } catch {
        throw new HttpError(400, 'Invalid webhook signature', 'invalid_signature');
      }
    },
    async subscription(id) {
      return toState(await (await get()).subscriptions.retrieve(id));
    },
    async prices() {
      if (cached && Date.now() - cached.at < PRICES_TTL_MS) return cached.prices;
      // One request to Stripe at a time; a failure is not cached, so the next page view asks again.
      inflight ??= loadPrices()
        .then((prices) => {
          cached = { at: Date.now(), prices };
          return prices;
        })
        .finally(() => {
          inflight = null;
        });
      return inflight;
    },
    async cancelAtPeriodEnd(id) {
      const stripe = await get();
      return toState(await atStripe('cancel the subscription', () => stripe.subscriptions.update(id, { cancel_at_period_end: true })));
    },
    async cancelNow(id) {
      const stripe = await get();
      await atStripe('cancel the subscription', () =>
        stripe.subscriptions.cancel(id).catch((e) => {
          if (!missingAtStripe(e)) throw e;
        }),
      );
    },
  };
}
