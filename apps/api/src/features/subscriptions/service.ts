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

/** Statuses that end a purchase for good (App Store: for the transaction that ended it and older ones). */
const ENDED = new Set(['refunded', 'revoked', 'expired', 'cancelled']);
/**
 * Stripe: a cancelled subscription is final (Stripe never reactivates one; a new purchase is a new
 * subscription id). Its 'expired' is not: unpaid and paused subscriptions come back when paid or resumed.
 */
const STRIPE_ENDED = new Set(['refunded', 'revoked', 'cancelled']);
/** App Store notifications that end the transaction they carry, and the status they leave. */
const APPLE_ENDS: Record<string, 'refunded' | 'revoked' | 'expired'> = { REFUND: 'refunded', REVOKE: 'revoked', EXPIRED: 'expired', GRACE_PERIOD_EXPIRED: 'expired' };

const latest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
const later = (a: Date | null | undefined, b: Date | null | undefined) => (!a ? (b ?? null) : !b ? a : a > b ? a : b);

function endedReason(status: string) {
  if (status === 'expired') return 'This subscription has expired';
  if (status === 'cancelled') return 'This subscription has ended';
  return 'This purchase was refunded or revoked';
}

/** The App Store transaction last applied to a purchase, and whether it ended the purchase. */
interface AppleRef {
  transactionId: string | null;
  purchasedAt: Date | null;
  expiresAt: Date | null;
  ended: string | null;
}

/** From the purchase's row once verified; before that (no row, or a pending one) from its mark. */
function appleRef(row: repo.SubscriptionRow | null, mark: repo.PurchaseMark): AppleRef | null {
  const date = (ms: number | null) => (ms === null ? null : new Date(ms));
  if (row && row.status !== 'pending') return { transactionId: row.latest_transaction_id, purchasedAt: row.starts_at, expiresAt: row.expires_at, ended: ENDED.has(row.status) ? row.status : null };
  if (mark.transactionId || mark.purchasedAt !== null || mark.ended) return { transactionId: mark.transactionId, purchasedAt: date(mark.purchasedAt), expiresAt: date(mark.expiresAt), ended: mark.ended };
  return null;
}

const markOf = (ref: AppleRef) => ({ transactionId: ref.transactionId, purchasedAt: ref.purchasedAt?.getTime() ?? null, expiresAt: ref.expiresAt?.getTime() ?? null, ended: ref.ended });
const refOf = (tx: AppleTransaction): AppleRef => ({ transactionId: tx.transactionId, purchasedAt: tx.purchaseDate, expiresAt: tx.expiresDate, ended: null });

/**
 * Where a transaction stands against the one last applied: the same transaction, a newer one (a new
 * transaction id bought later, or bought at the same time and running longer: a renewal, a new purchase
 * after an end) or an older one. Without dates to compare, a different transaction counts as older: it
 * can never reopen or extend.
 */
function orderOf(tx: AppleTransaction, ref: AppleRef | null): 'newer' | 'same' | 'older' {
  if (!ref || (!ref.transactionId && !ref.purchasedAt)) return 'newer';
  if (tx.transactionId && tx.transactionId === ref.transactionId) return 'same';
  const bought = tx.purchaseDate?.getTime() ?? null;
  const before = ref.purchasedAt?.getTime() ?? null;
  if (bought === null || before === null) return 'older';
  if (bought === before) {
    if (!ref.transactionId) return 'same';
    return tx.expiresDate && ref.expiresAt && tx.expiresDate > ref.expiresAt ? 'newer' : 'older';
  }
  return bought > before ? 'newer' : 'older';
}

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
   * What an App Store notification changes on its purchase (null: nothing), and the transaction it leaves
   * as the one applied. `order` places its transaction against `ref`, the one applied before.
   */
  function appleChange(n: AppleNotification, type: string, tx: AppleTransaction, order: 'newer' | 'same' | 'older', ref: AppleRef | null, row: repo.SubscriptionRow | null, now: Date): { set: Partial<repo.NewSubscription>; ref: AppleRef } | null {
    const own = tx.tier ? appleFields(tx, now) : { latest_transaction_id: tx.transactionId, starts_at: tx.purchaseDate, expires_at: tx.expiresDate };
    // A newer transaction brings its own fields; the same or an older one never replaces the one applied.
    const base: Partial<repo.NewSubscription> = order === 'newer' ? own : {};
    const applied = order === 'newer' || !ref ? refOf(tx) : ref;
    const ends = APPLE_ENDS[type];
    if (ends === 'refunded' || ends === 'revoked') {
      const when = tx.revocationDate ?? now;
      // A refund of an earlier transaction, made before the one in force was bought, leaves that one alone.
      if (order === 'older' && ref?.purchasedAt && when < ref.purchasedAt) return null;
      return { set: { ...base, status: ends, ended_at: when, auto_renew: false }, ref: { ...applied, ended: ends } };
    }
    if (ends === 'expired') {
      // An older transaction's expiry (a newer one renewed it), or one already ended (a refund stays a refund).
      if (order === 'older' || (order === 'same' && ref?.ended)) return null;
      return { set: { ...base, status: 'expired', ended_at: tx.expiresDate ?? now, auto_renew: false }, ref: { ...applied, ended: 'expired' } };
    }
    if (order === 'older') return null;
    const reversed = type === 'REFUND_REVERSED' && ref?.ended === 'refunded' && !tx.revocationDate;
    // Final for this transaction: only Apple reversing its own refund (signed after the refund) reinstates it.
    if (order === 'same' && ref?.ended && !reversed) return null;
    const set: Partial<repo.NewSubscription> = order === 'newer' || reversed ? own : { ...own, expires_at: later(row?.expires_at, tx.expiresDate) };
    const open = (set.status ?? row?.status) === 'active';
    if (!open) set.auto_renew = false;
    else if (type === 'DID_CHANGE_RENEWAL_STATUS') set.auto_renew = n.subtype === 'AUTO_RENEW_ENABLED';
    else if (typeof n.renewal?.autoRenewStatus === 'number') set.auto_renew = n.renewal.autoRenewStatus === 1;
    else if (order === 'same' && !reversed) delete set.auto_renew; // nothing new said about renewal
    if (type === 'DID_FAIL_TO_RENEW' && n.subtype === 'GRACE_PERIOD' && n.renewal?.gracePeriodExpiresDate) {
      set.expires_at = later(set.expires_at, new Date(n.renewal.gracePeriodExpiresDate));
    }
    const status = set.status ?? row?.status ?? 'active';
    return { set, ref: { ...applied, ended: ENDED.has(status) ? status : null } };
  }

  /**
   * Binds a verified App Store purchase to the user: refused when it belongs to another account (by its
   * original transaction id, or by an appAccountToken that is not this user's purchase uuid), was
   * refunded or revoked, has expired, or sells a product we do not know. A purchase that ended (refunded,
   * revoked, expired) stays ended for the transaction that ended it and every older one: only a newer
   * transaction (a renewal or a new purchase) opens the tier again. The same or an older transaction of a
   * purchase in force changes nothing (it never moves expires_at back).
   */
  async function applyReceipt(user: UserRow, jws: string, pendingId: number | null, ip: string) {
    const tx = await apple.verifyTransaction(jws);
    const now = new Date();
    if (!tx.tier) throw receiptRefused(`Unknown product: ${tx.productId}`);
    if (tx.appAccountToken && tx.appAccountToken.toLowerCase() !== user.purchase_uuid.toLowerCase()) throw conflict(OTHER_ACCOUNT);
    if (tx.revocationDate) throw receiptRefused('This purchase was refunded or revoked');
    if (tx.expiresDate && tx.expiresDate <= now) throw receiptRefused('This subscription has expired');
    const fields = { ...appleFields(tx, now), platform: 'apple' };
    let row: repo.SubscriptionRow;
    try {
      row = await db.transaction(async (q) => {
        const mark = await repo.lockPurchase(q, 'apple', tx.originalTransactionId);
        const existing = await repo.findByOriginal(q, 'apple', tx.originalTransactionId);
        if (existing && existing.user_id !== user.id) throw conflict(OTHER_ACCOUNT);
        const ref = appleRef(existing, mark);
        const order = orderOf(tx, ref);
        if (ref?.ended && order !== 'newer') throw receiptRefused(endedReason(ref.ended));
        let row: repo.SubscriptionRow;
        if (existing && existing.status !== 'pending' && order !== 'newer') row = existing;
        else if (existing) row = (await repo.update(q, existing.id, fields))!;
        else if (pendingId) row = (await repo.update(q, pendingId, fields))!;
        else row = await repo.insert(q, { ...fields, user_id: user.id } as repo.NewSubscription);
        if (existing && pendingId && pendingId !== existing.id) await repo.update(q, pendingId, { status: 'cancelled', ended_at: now });
        if (order === 'newer') await repo.markPurchase(q, 'apple', tx.originalTransactionId, { ...mark, ...markOf(refOf(tx)) });
        return row;
      });
    } catch (e) {
      // Two accounts racing with the same purchase: the unique index lets one win.
      if (isUniqueViolation(e)) throw conflict(OTHER_ACCOUNT);
      throw e;
    }
    await app.audit({ action: 'subscription_verified', actorId: user.id, ip, details: { subscription_id: row.id, platform: 'apple', tier: row.tier, original_transaction_id: row.original_transaction_id } });
    return { subscription: toSubscription(row), status: await status(user.id) };
  }

  /**
   * Applies a Stripe subscription's state to its row (creating it for a checkout we have not seen). An event
   * older (by `created`) than the last one applied to the subscription changes nothing, and a cancelled
   * subscription stays cancelled whatever arrives after: only a new subscription id grants again.
   */
  async function applyStripe(state: StripeSubscriptionState, fallbackUserId: number | null, eventType: string, created: number | null) {
    const at = created ? created * 1000 : null;
    const now = new Date();
    const done = await db.transaction(async (q): Promise<{ userId: number; row: repo.SubscriptionRow | null; ignored?: string } | null> => {
      const mark = await repo.lockPurchase(q, 'stripe', state.id);
      const existing = await repo.findByOriginal(q, 'stripe', state.id);
      if (at !== null && mark.at !== null && at < mark.at) return existing && { userId: existing.user_id, row: existing, ignored: 'older than the last event applied' };
      const ended = mark.ended ?? (existing && STRIPE_ENDED.has(existing.status) ? existing.status : null);
      await repo.markPurchase(q, 'stripe', state.id, { ...mark, at: latest(mark.at, at), ended: ended ?? (STRIPE_ENDED.has(state.status) ? state.status : null) });
      if (ended) return existing && { userId: existing.user_id, row: existing, ignored: `the subscription was ${ended}` };
      const userId = existing?.user_id ?? state.userId ?? fallbackUserId;
      // An ended subscription we never recorded grants nothing (and its account may be gone): nothing to write.
      if (!existing && state.status !== 'active' && state.status !== 'pending') return null;
      if (!userId || !state.tier) {
        app.log.warn({ stripe_subscription: state.id, price: state.priceId }, 'stripe subscription with unknown user or price ignored');
        return null;
      }
      const fields = {
        tier: state.tier,
        product_id: state.priceId,
        status: state.status,
        expires_at: state.expiresAt,
        auto_renew: state.autoRenew,
        ended_at: state.status === 'active' || state.status === 'pending' ? null : now,
      };
      // The purchase's lock makes the two deliveries of a new subscription's first events wait for each other.
      const row = existing
        ? await repo.update(q, existing.id, fields)
        : await repo.insert(q, { ...fields, user_id: userId, platform: 'stripe', original_transaction_id: state.id, starts_at: now });
      await refreshTiers(q, userId);
      return { userId, row };
    });
    if (!done) return;
    if (done.ignored) {
      app.log.info({ stripe_subscription: state.id, event: eventType, reason: done.ignored }, 'stripe event ignored');
      await app.audit({ action: 'subscription_event_ignored', userId: done.userId, details: { platform: 'stripe', event: eventType, subscription_id: done.row?.id, reason: done.ignored } });
      return;
    }
    await app.audit({ action: 'subscription_changed', userId: done.userId, details: { platform: 'stripe', event: eventType, subscription_id: done.row?.id, tier: state.tier, status: state.status } });
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

  /**
   * App Store Server Notifications V2. A notification signed before the last one applied to the purchase
   * changes nothing; one about an older transaction than the one in force changes nothing either (except a
   * refund or revocation made while that one was in force, which ends it). Refunds, revocations and expiry
   * are final for their transaction: only a newer one opens the tier again (see appleChange).
   */
  async function applyAppleNotification(n: AppleNotification, type: string) {
    const tx = n.transaction;
    if (!tx || type === 'TEST') return;
    const at = typeof n.signedDate === 'number' ? n.signedDate : null;
    const now = new Date();
    const done = await db.transaction(async (q) => {
      const mark = await repo.lockPurchase(q, 'apple', tx.originalTransactionId);
      let row = await repo.findByOriginal(q, 'apple', tx.originalTransactionId);
      if (at !== null && mark.at !== null && at < mark.at) return { row, change: null, ignored: 'signed before the last notification applied' };
      const ref = appleRef(row, mark);
      const change = appleChange(n, type, tx, orderOf(tx, ref), ref, row, now);
      await repo.markPurchase(q, 'apple', tx.originalTransactionId, { ...mark, at: latest(mark.at, at), ...(change ? markOf(change.ref) : {}) });
      if (!row && tx.appAccountToken && change?.set.original_transaction_id) {
        // Bought in the app but never verified by it (the app was closed): the purchase uuid names the account.
        const userId = await repo.userByPurchaseUuid(q, tx.appAccountToken);
        if (userId && tx.tier) row = await repo.insert(q, { user_id: userId, platform: 'apple', tier: tx.tier, status: 'pending' });
      }
      if (!row || !change) return { row, change, ignored: change ? null : 'an older or already ended transaction' };
      const updated = await repo.update(q, row.id, change.set);
      await refreshTiers(q, row.user_id);
      return { row: updated ?? row, change, ignored: null };
    });
    if (done.ignored) {
      app.log.info({ type, original_transaction_id: tx.originalTransactionId, reason: done.ignored }, 'app store notification ignored');
      if (done.row) await app.audit({ action: 'subscription_event_ignored', userId: done.row.user_id, details: { platform: 'apple', notification: type, subtype: n.subtype ?? null, subscription_id: done.row.id, reason: done.ignored } });
      return;
    }
    if (!done.row) {
      // Still remembered (see repo.lockPurchase): a refund stays a refund when the app posts the purchase later.
      app.log.warn({ type, original_transaction_id: tx.originalTransactionId }, 'app store notification for an unknown purchase');
      return;
    }
    await app.audit({ action: 'subscription_changed', userId: done.row.user_id, details: { platform: 'apple', notification: type, subtype: n.subtype ?? null, subscription_id: done.row.id, status: done.row.status } });
  }

  async function applyStripeEvent(event: Stripe.Event) {
    if (event.type === 'checkout.session.completed') {
      const session = event.data.object;
      const subId = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
      if (!subId) return;
      const userId = Number(session.client_reference_id);
      await applyStripe(await stripe.subscription(subId), Number.isSafeInteger(userId) && userId > 0 ? userId : null, event.type, event.created ?? null);
    } else if (event.type === 'customer.subscription.created' || event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted') {
      const state = stripe.toState(event.data.object);
      if (event.type === 'customer.subscription.deleted') state.status = 'cancelled';
      await applyStripe(state, null, event.type, event.created ?? null);
    }
  }
}
