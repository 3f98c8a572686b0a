import type { FastifyInstance } from 'fastify';
import type { Subscription, SubscriptionPlans, SubscriptionStatusResponse, Tier } from '@app/contracts';
import { APP_STORE_SUBSCRIPTIONS_URL, TIERS, type StripePrice } from '@app/contracts';
import { conflict, HttpError, notFound, unprocessable } from '../../lib/http-error.ts';
import type { UserRow } from '../../plugins/auth.ts';
import type Stripe from 'stripe';
import { appleStore, receiptRefused, type AppleNotification, type AppleTransaction } from './apple.ts';
import { stripeStore, type StripeSubscriptionState } from './stripe.ts';
import * as repo from './repository.ts';
import { refreshTiers } from './tiers.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSubscription(r: repo.SubscriptionRow): Subscription {
  return {
    id: r.id,
    tier: r.tier as Tier,
    platform: r.platform as Subscription['platform'],
    status: r.status as Subscription['status'],
    product_id: r.product_id,
    original_transaction_id: r.original_transaction_id,
    environment: r.environment,
    auto_renew: r.auto_renew,
    starts_at: iso(r.starts_at),
    expires_at: iso(r.expires_at),
    ended_at: iso(r.ended_at),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};
const OTHER_ACCOUNT = 'This purchase is already linked to another account';

export function subscriptionsService(app: FastifyInstance) {
  const db = app.db;
  const apple = appleStore(app.config);
  const stripe = stripeStore(app.config, (msg) => app.log.warn(msg));

  async function status(userId: number, known?: UserRow): Promise<SubscriptionStatusResponse> {
    const t = await refreshTiers(db, userId, new Date(), known);
    return { is_plus: t.is_plus, is_pro: t.is_pro, is_premium: t.is_premium, tier: t.tier, active_subscription: t.active ? toSubscription(t.active) : null };
  }

  async function owned(userId: number, id: number) {
    const row = await repo.findOwned(db, userId, id);
    if (!row) throw notFound('Subscription not found');
    return row;
  }

  function tierOfProduct(productId: string): Tier {
    const tier = app.config.APPLE_PRODUCT_TIERS[productId];
    if (!tier) throw unprocessable(`Unknown product: ${productId}`, ['body', 'product_id'], 'unknown_product');
    return tier;
  }

  /** The fields an App Store transaction sets on its subscription row. */
  function appleFields(tx: AppleTransaction, now: Date): Partial<repo.NewSubscription> {
    const ended = tx.revocationDate ? 'revoked' : tx.expiresDate && tx.expiresDate <= now ? 'expired' : null;
    return {
      tier: tx.tier!,
      product_id: tx.productId,
      original_transaction_id: tx.originalTransactionId,
      latest_transaction_id: tx.transactionId,
      environment: tx.environment,
      starts_at: tx.purchaseDate,
      expires_at: tx.expiresDate,
      status: ended ?? 'active',
      ended_at: ended ? (tx.revocationDate ?? tx.expiresDate) : null,
      auto_renew: !ended,
    };
  }

  /**
   * Binds a verified App Store purchase to the user: refused when it belongs to another account (by its
   * original transaction id, or by an appAccountToken that is not this user's purchase uuid), was
   * refunded or revoked, has expired, or sells a product we do not know.
   */
  async function applyReceipt(user: UserRow, jws: string, pendingId: number | null, ip: string) {
    const tx = await apple.verifyTransaction(jws);
    const now = new Date();
    if (!tx.tier) throw receiptRefused(`Unknown product: ${tx.productId}`);
    if (tx.appAccountToken && tx.appAccountToken.toLowerCase() !== user.purchase_uuid.toLowerCase()) throw conflict(OTHER_ACCOUNT);
    if (tx.revocationDate) throw receiptRefused('This purchase was refunded or revoked');
    if (tx.expiresDate && tx.expiresDate <= now) throw receiptRefused('This subscription has expired');
    const fields = { ...appleFields(tx, now), platform: 'apple' };
    const existing = await repo.findByOriginal(db, 'apple', tx.originalTransactionId);
    if (existing && existing.user_id !== user.id) throw conflict(OTHER_ACCOUNT);
    let row: repo.SubscriptionRow;
    try {
      if (existing) {
        row = (await repo.update(db, existing.id, fields))!;
        if (pendingId && pendingId !== existing.id) await repo.update(db, pendingId, { status: 'cancelled', ended_at: now });
      } else if (pendingId) {
        row = (await repo.update(db, pendingId, fields))!;
      } else {
        row = await repo.insert(db, { ...fields, user_id: user.id } as repo.NewSubscription);
      }
    } catch (e) {
      // Two accounts racing with the same purchase: the unique index lets one win.
      if (isUniqueViolation(e)) throw conflict(OTHER_ACCOUNT);
      throw e;
    }
    await app.audit({ action: 'subscription_verified', actorId: user.id, ip, details: { subscription_id: row.id, platform: 'apple', tier: row.tier, original_transaction_id: row.original_transaction_id } });
    return { subscription: toSubscription(row), status: await status(user.id) };
  }

  /** Applies a Stripe subscription's state to its row (creating it for a checkout we have not seen). */
  async function applyStripe(state: StripeSubscriptionState, fallbackUserId: number | null, eventType: string) {
    const existing = await repo.findByOriginal(db, 'stripe', state.id);
    const userId = existing?.user_id ?? state.userId ?? fallbackUserId;
    // An ended subscription we never recorded grants nothing (and its account may be gone): nothing to write.
    if (!existing && state.status !== 'active' && state.status !== 'pending') return;
    if (!userId || !state.tier) {
      app.log.warn({ stripe_subscription: state.id, price: state.priceId }, 'stripe subscription with unknown user or price ignored');
      return;
    }
    const now = new Date();
    const fields = {
      tier: state.tier,
      product_id: state.priceId,
      status: state.status,
      expires_at: state.expiresAt,
      auto_renew: state.autoRenew,
      ended_at: state.status === 'active' || state.status === 'pending' ? null : now,
    };
    const row = existing
      ? await repo.update(db, existing.id, fields)
      : await repo.insert(db, { ...fields, user_id: userId, platform: 'stripe', original_transaction_id: state.id, starts_at: now }).catch(async (e) => {
          if (!isUniqueViolation(e)) throw e;
          const again = await repo.findByOriginal(db, 'stripe', state.id);
          return again ? repo.update(db, again.id, fields) : null;
        });
    await refreshTiers(db, userId);
    await app.audit({ action: 'subscription_changed', userId, details: { platform: 'stripe', event: eventType, subscription_id: row?.id, tier: state.tier, status: state.status } });
  }

  return {
    status,
    apple,
    stripe,

    async list(userId: number) {
      return (await repo.listOf(db, userId)).map(toSubscription);
    },

    /**
     * The tiers with what each store sells: Stripe's prices read from Stripe (cached 10 minutes; when
     * Stripe cannot answer, the plans still list and say so), the App Store's product ids (the app shows
     * their prices from StoreKit).
     */
    async plans(): Promise<SubscriptionPlans> {
      const appleIds = Object.entries(app.config.APPLE_PRODUCT_TIERS);
      const stripeTiers = new Set(Object.values(app.config.STRIPE_PRICE_TIERS));
      const stripeOn = stripe.enabled && stripeTiers.size > 0;
      let prices: Map<Tier, StripePrice[]> | null = null;
      let pricesError: string | null = null;
      if (stripeOn) {
        try {
          prices = await stripe.prices();
        } catch (e) {
          app.log.warn({ err: e }, 'stripe prices unavailable');
          pricesError = e instanceof HttpError ? e.message : 'Stripe could not list the prices just now';
        }
      }
      return {
        apple_enabled: apple.enabled,
        stripe_enabled: stripeOn,
        stripe_prices_error: pricesError,
        stripe_portal_url: stripeOn ? (app.config.STRIPE_PORTAL_URL ?? null) : null,
        plans: TIERS.map((tier) => ({
          tier,
          apple_product_ids: apple.enabled ? appleIds.filter(([, t]) => t === tier).map(([id]) => id) : [],
          // Known prices decide; without them (Stripe down) the configured tiers stay buyable, Checkout states the price.
          stripe_available: stripeOn && (prices ? (prices.get(tier)?.length ?? 0) > 0 : stripeTiers.has(tier)),
          stripe_prices: prices?.get(tier) ?? [],
        })),
      };
    },

    /** A pending App Store subscription: grants nothing until /verify gets a signed transaction. */
    async create(user: UserRow, productId: string, ip: string) {
      if (!apple.enabled) throw new HttpError(503, 'In-app purchases are not enabled on this server');
      const tier = tierOfProduct(productId);
      const row = await repo.insert(db, { user_id: user.id, tier, platform: 'apple', status: 'pending', product_id: productId });
      await app.audit({ action: 'subscription_created', actorId: user.id, ip, details: { subscription_id: row.id, product_id: productId } });
      return toSubscription(row);
    },

    async update(user: UserRow, id: number, productId: string, ip: string) {
      const row = await owned(user.id, id);
      if (row.status !== 'pending' || row.platform !== 'apple') throw conflict('Only a pending subscription can change; a verified one changes through its store');
      const updated = await repo.update(db, row.id, { product_id: productId, tier: tierOfProduct(productId) });
      await app.audit({ action: 'subscription_updated', actorId: user.id, ip, details: { subscription_id: row.id, product_id: productId } });
      return toSubscription(updated!);
    },

    async verify(user: UserRow, id: number, jws: string, ip: string) {
      const row = await owned(user.id, id);
      if (row.platform !== 'apple') throw conflict('Only App Store subscriptions are verified with a receipt');
      return (await applyReceipt(user, jws, row.id, ip)).subscription;
    },

    async validateReceipt(user: UserRow, jws: string, ip: string) {
      return { valid: true as const, ...(await applyReceipt(user, jws, null, ip)) };
    },

    /**
     * Stripe: cancelled at Stripe at the end of the paid period (the tier stays until then, auto_renew
     * off). App Store: Apple lets only the subscriber cancel, in the App Store settings, so a verified
     * one answers 409 with that link. A pending purchase or an admin grant ends now.
     */
    async deactivate(user: UserRow, id: number, ip: string) {
      const row = await owned(user.id, id);
      if (!['active', 'pending'].includes(row.status)) throw conflict('This subscription has already ended');
      if (row.platform === 'apple' && row.status === 'active') {
        throw new HttpError(409, `App Store subscriptions are cancelled in the App Store settings (${APP_STORE_SUBSCRIPTIONS_URL}); Apple does not let apps cancel them`, 'app_store_cancellation', [
          { loc: [], msg: 'Cancel in the App Store', type: 'app_store_cancellation', url: APP_STORE_SUBSCRIPTIONS_URL },
        ]);
      }
      if (row.platform === 'stripe' && row.status === 'active' && row.original_transaction_id) {
        const state = await stripe.cancelAtPeriodEnd(row.original_transaction_id);
        const updated = await repo.update(db, row.id, { auto_renew: false, expires_at: state.expiresAt ?? row.expires_at, status: state.status, ended_at: state.status === 'active' ? null : new Date() });
        await refreshTiers(db, user.id);
        await app.audit({ action: 'subscription_deactivated', actorId: user.id, ip, details: { subscription_id: row.id, platform: row.platform, tier: row.tier, at_period_end: true } });
        return toSubscription(updated!);
      }
      const updated = await repo.update(db, row.id, { status: 'cancelled', ended_at: new Date(), auto_renew: false });
      await refreshTiers(db, user.id);
      await app.audit({ action: 'subscription_deactivated', actorId: user.id, ip, details: { subscription_id: row.id, platform: row.platform, tier: row.tier } });
      return toSubscription(updated!);
    },

    /**
     * Account deletion: ends the user's active Stripe subscriptions at Stripe now, so a deleted account
     * is never charged again. Answers whether an App Store subscription is left (only its owner can
     * cancel it, in the App Store settings).
     */
    async cancelAllForDeletion(userId: number): Promise<{ appleLeft: boolean }> {
      const rows = (await repo.listOf(db, userId)).filter((r) => r.status === 'active');
      for (const r of rows) if (r.platform === 'stripe' && r.original_transaction_id) await stripe.cancelNow(r.original_transaction_id);
      return { appleLeft: rows.some((r) => r.platform === 'apple' && r.auto_renew) };
    },

    async checkout(user: UserRow, tier: Tier, priceId: string | undefined, ip: string) {
      const session = await stripe.checkout(user, tier, priceId);
      await app.audit({ action: 'subscription_checkout', actorId: user.id, ip, details: { tier, session_id: session.session_id } });
      return session;
    },

    /** App Store Server Notifications V2: renewals, expiry, refunds and revocations update the tier. */
    async appleNotification(signedPayload: string) {
      const n = await apple.verifyNotification(signedPayload);
      const type = String(n.notificationType ?? 'UNKNOWN');
      const eventId = n.notificationUUID ?? `apple:${signedPayload.slice(-64)}`;
      if (!(await repo.claimEvent(db, eventId, 'apple', type, { subtype: n.subtype ?? null }))) return;
      // A failure forgets the event, so Apple's retry of the same notification is applied.
      await applyAppleNotification(n, type).catch(async (err) => {
        await repo.releaseEvent(db, eventId);
        throw err;
      });
    },

    async stripeWebhook(raw: Buffer, signature: string | undefined) {
      const event = await stripe.event(raw, signature);
      if (!(await repo.claimEvent(db, event.id, 'stripe', event.type, {}))) return;
      await applyStripeEvent(event).catch(async (err) => {
        await repo.releaseEvent(db, event.id);
        throw err;
      });
    },
  };

  async function applyAppleNotification(n: AppleNotification, type: string) {
    const tx = n.transaction;
    if (!tx || type === 'TEST') return;
    let row = await repo.findByOriginal(db, 'apple', tx.originalTransactionId);
    if (!row && tx.appAccountToken) {
      // Bought in the app but never verified by it (the app was closed): the purchase uuid names the account.
      const userId = await repo.userByPurchaseUuid(db, tx.appAccountToken);
      if (userId && tx.tier) row = await repo.insert(db, { user_id: userId, platform: 'apple', tier: tx.tier, status: 'pending' });
    }
    if (!row) {
      app.log.warn({ type, original_transaction_id: tx.originalTransactionId }, 'app store notification for an unknown purchase');
      return;
    }
    const now = new Date();
    const set: Partial<repo.NewSubscription> = tx.tier ? appleFields(tx, now) : { expires_at: tx.expiresDate };
    if (type === 'REFUND') Object.assign(set, { status: 'refunded', ended_at: tx.revocationDate ?? now, auto_renew: false });
    if (type === 'REVOKE') Object.assign(set, { status: 'revoked', ended_at: tx.revocationDate ?? now, auto_renew: false });
    if (type === 'EXPIRED' || type === 'GRACE_PERIOD_EXPIRED') Object.assign(set, { status: 'expired', ended_at: tx.expiresDate ?? now, auto_renew: false });
    if (type === 'DID_CHANGE_RENEWAL_STATUS') set.auto_renew = n.subtype === 'AUTO_RENEW_ENABLED';
    if (type === 'DID_FAIL_TO_RENEW' && n.subtype === 'GRACE_PERIOD' && n.renewal?.gracePeriodExpiresDate) {
      set.expires_at = new Date(n.renewal.gracePeriodExpiresDate);
    }
    await repo.update(db, row.id, set);
    await refreshTiers(db, row.user_id);
    await app.audit({ action: 'subscription_changed', userId: row.user_id, details: { platform: 'apple', notification: type, subtype: n.subtype ?? null, subscription_id: row.id, status: set.status ?? row.status } });
  }

  async function applyStripeEvent(event: Stripe.Event) {
    if (event.type === 'checkout.session.completed') {
      const session = event.data.object;
      const subId = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
      if (!subId) return;
      const userId = Number(session.client_reference_id);
      await applyStripe(await stripe.subscription(subId), Number.isSafeInteger(userId) && userId > 0 ? userId : null, event.type);
    } else if (event.type === 'customer.subscription.created' || event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted') {
      const state = stripe.toState(event.data.object);
      if (event.type === 'customer.subscription.deleted') state.status = 'cancelled';
      await applyStripe(state, null, event.type);
    }
  }
}
