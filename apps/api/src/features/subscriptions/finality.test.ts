/**
 * Issue 39, item 1: a refund, a revocation and an expiry are final for their transaction (App Store) or
 * subscription (Stripe). Only a newer transaction, or a new Stripe subscription, opens the tier again;
 * re-posted receipts, replayed and out-of-order notifications and events never reopen or extend it.
 * Every case is checked where the user sees it: GET /subscriptions/active and a pro gate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers.ts';
import { price, startFakeStripe, type FakeStripe } from '../../../test/stripe-loopback.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import { BUNDLE_ID, PRODUCTS, makeChain, notification, signJws, transaction, type TestChain } from './apple-test-ca.ts';

const SECRET = 'whsec_test_secret_for_finality';
const signer = new Stripe('sk_test_signer');
const DAY = 86400_000;
let t: TestApp;
let chain: TestChain;
let fake: FakeStripe;
beforeAll(async () => {
  chain = makeChain('Finality');
  fake = await startFakeStripe();
  fake.prices.set('price_plus_m', price('price_plus_m', 499));
  fake.prices.set('price_pro_m', price('price_pro_m', 999));
  t = await createTestApp({
    APPLE_BUNDLE_ID: BUNDLE_ID,
    APPLE_ENVIRONMENT: 'Sandbox',
    APPLE_PRODUCT_TIERS: PRODUCTS,
    APPLE_ROOT_CERTS: chain.rootPath,
    STRIPE_SECRET_KEY: 'sk_test_loopback',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_PRICE_TIERS: 'price_plus_m:plus,price_pro_m:pro',
    STRIPE_API_URL: fake.url,
  });
}, 240_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const active = async (token: string) => (await t.http.get('/subscriptions/active', { token })).json;
const proGate = async (token: string) => (await t.http.get('/recipes/search?query=pan', { token })).status;
const notify = (signedPayload: string) => t.http.post('/subscriptions/apple/notifications', { signedPayload });
const validate = async (token: string, tx: Record<string, unknown>) => t.http.post('/subscriptions/validate-receipt', { receipt_data: await signJws(chain, tx) }, { token });
const rowOf = async (originalId: string) => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.original_transaction_id, originalId)))[0]!;
const closed = { is_plus: false, is_pro: false, is_premium: false, tier: null, active_subscription: null };

/** A renewal of `tx`: same original transaction, a new transaction id, bought `later` ms after it. */
function renewalOf(tx: ReturnType<typeof transaction>, later: number, over: Record<string, unknown> = {}) {
  return { ...tx, transactionId: String(Number(tx.transactionId) + 1 + Math.floor(later / 1000)), purchaseDate: tx.purchaseDate + later, expiresDate: tx.purchaseDate + later + 30 * DAY, transactionReason: 'RENEWAL', ...over };
}

function expectRefused(res: { status: number; json: any }, reason: string) {
  expect(res.status).toBe(400);
  expect(res.json.detail).toMatchObject({ msg: 'Failed to validate receipt', type: 'invalid_receipt', errors: reason });
}

describe('App Store: a refund, a revocation and an expiry are final for their transaction', () => {
  it('REFUND, then the original signed transaction posted again: refused, the tier stays closed', async () => {
    const u = await createUser(t);
    const tx = transaction();
    expect((await validate(u.token, tx)).status).toBe(200);
    expect(await active(u.token)).toMatchObject({ is_pro: true, tier: 'pro' });

    expect((await notify(await notification(chain, 'REFUND', { ...tx, revocationDate: Date.now(), revocationReason: 1 }))).status).toBe(200);
    expect(await active(u.token)).toMatchObject(closed);

    // The app (or someone with its copy) posts the transaction it verified before the refund.
    expectRefused(await validate(u.token, tx), 'This purchase was refunded or revoked');
    // The same through a pending subscription and /verify.
    const pending = await t.http.post('/subscriptions', { product_id: 'com.example.pro.monthly' }, { token: u.token });
    expectRefused(await t.http.post(`/subscriptions/${pending.json.id}/verify`, { receipt_data: await signJws(chain, tx) }, { token: u.token }), 'This purchase was refunded or revoked');

    expect(await active(u.token)).toMatchObject(closed);
    expect(await proGate(u.token)).toBe(403);
    expect((await t.http.get('/auth/me', { token: u.token })).json).toMatchObject({ is_pro: false, is_plus: false });
    expect(await rowOf(tx.originalTransactionId)).toMatchObject({ status: 'refunded', auto_renew: false });
  });

  it('REVOKE, then the original signed transaction posted again: refused, the tier stays closed', async () => {
    const u = await createUser(t);
    const tx = transaction({ productId: 'com.example.premium.yearly' });
    await validate(u.token, tx);
    expect(await active(u.token)).toMatchObject({ is_premium: true });
    await notify(await notification(chain, 'REVOKE', { ...tx, revocationDate: Date.now(), revocationReason: 0 }));
    expect(await active(u.token)).toMatchObject(closed);

    expectRefused(await validate(u.token, tx), 'This purchase was refunded or revoked');
    expect(await active(u.token)).toMatchObject(closed);
    expect(await proGate(u.token)).toBe(403);
    expect(await rowOf(tx.originalTransactionId)).toMatchObject({ status: 'revoked' });
  });

  it('DID_CHANGE_RENEWAL_STATUS (off), then EXPIRED, then the transaction posted again or an older notification: the tier stays closed', async () => {
    const u = await createUser(t);
    // Apple's clock runs a little ahead of ours: by our clock the period has two minutes left.
    const tx = transaction({ expiresDate: Date.now() + 120_000 });
    await validate(u.token, tx);
    const signed = Date.now();
    await notify(await notification(chain, 'DID_CHANGE_RENEWAL_STATUS', tx, { subtype: 'AUTO_RENEW_DISABLED', signedDate: signed }));
    expect(await active(u.token)).toMatchObject({ is_pro: true, active_subscription: { auto_renew: false } });
    await notify(await notification(chain, 'EXPIRED', tx, { subtype: 'VOLUNTARY', signedDate: signed + 1000 }));
    expect(await active(u.token)).toMatchObject(closed);

    expectRefused(await validate(u.token, tx), 'This subscription has expired');
    // An older notification delivered late (a new notificationUUID, signed before the expiry).
    expect((await notify(await notification(chain, 'DID_CHANGE_RENEWAL_STATUS', tx, { subtype: 'AUTO_RENEW_ENABLED', signedDate: signed + 500 }))).status).toBe(200);
    // One signed after the expiry, about the same transaction, cannot reopen it either.
    expect((await notify(await notification(chain, 'DID_CHANGE_RENEWAL_STATUS', tx, { subtype: 'AUTO_RENEW_ENABLED', signedDate: signed + 2000 }))).status).toBe(200);
    expect(await active(u.token)).toMatchObject(closed);
    expect(await proGate(u.token)).toBe(403);
    expect(await rowOf(tx.originalTransactionId)).toMatchObject({ status: 'expired', auto_renew: false });
  });

  it('replayed and out-of-order notifications never reopen, extend or move expires_at back', async () => {
    const u = await createUser(t);
    const tx = transaction({ expiresDate: Date.now() + DAY });
    await validate(u.token, tx);
    const s = Date.now();
    const renewal = renewalOf(tx, 30_000);
    const renewed = await notification(chain, 'DID_RENEW', renewal, { signedDate: s });
    await notify(renewed);
    const expiresOf = async () => new Date((await active(u.token)).active_subscription.expires_at).getTime();
    expect(await expiresOf()).toBe(renewal.expiresDate);

    // The first purchase's notification, signed before the renewal's, arrives late: nothing moves back.
    expect((await notify(await notification(chain, 'SUBSCRIBED', tx, { subtype: 'INITIAL_BUY', signedDate: s - 60_000 }))).status).toBe(200);
    expect(await expiresOf()).toBe(renewal.expiresDate);
    // Even signed later, a notification about the older transaction does not replace the renewal.
    await notify(await notification(chain, 'DID_CHANGE_RENEWAL_PREF', tx, { signedDate: s + 1000 }));
    expect(await expiresOf()).toBe(renewal.expiresDate);
    // The older transaction's expiry, delivered after its renewal: the renewal holds.
    await notify(await notification(chain, 'EXPIRED', { ...tx, expiresDate: Date.now() - 1000 }, { subtype: 'VOLUNTARY', signedDate: s + 2000 }));
    expect(await active(u.token)).toMatchObject({ is_pro: true, active_subscription: { status: 'active' } });
    expect(await expiresOf()).toBe(renewal.expiresDate);
    // The app posting the older transaction again changes nothing either.
    expect((await validate(u.token, tx)).status).toBe(200);
    expect(await expiresOf()).toBe(renewal.expiresDate);

    // Renewal turned off, then an older "turned on" arrives: off stays.
    await notify(await notification(chain, 'DID_CHANGE_RENEWAL_STATUS', renewal, { subtype: 'AUTO_RENEW_DISABLED', signedDate: s + 5000 }));
    await notify(await notification(chain, 'DID_CHANGE_RENEWAL_STATUS', renewal, { subtype: 'AUTO_RENEW_ENABLED', signedDate: s + 4000 }));
    expect((await active(u.token)).active_subscription).toMatchObject({ auto_renew: false });

    // Refunded; then the renewal's notification replayed (same notificationUUID), and again under a new one.
    await notify(await notification(chain, 'REFUND', { ...renewal, revocationDate: Date.now(), revocationReason: 1 }, { signedDate: s + 6000 }));
    expect(await active(u.token)).toMatchObject(closed);
    expect((await notify(renewed)).status).toBe(200);
    expect((await notify(await notification(chain, 'DID_RENEW', renewal, { signedDate: s + 7000 }))).status).toBe(200);
    expect(await active(u.token)).toMatchObject(closed);
    expect(await proGate(u.token)).toBe(403);
    expectRefused(await validate(u.token, renewal), 'This purchase was refunded or revoked');
  });

  it('a genuinely newer transaction (new transaction id, bought later) after a refund opens the tier again', async () => {
    const u = await createUser(t);
    const tx = transaction();
    await validate(u.token, tx);
    await notify(await notification(chain, 'REFUND', { ...tx, revocationDate: Date.now(), revocationReason: 1 }));
    expect(await active(u.token)).toMatchObject(closed);

    // The user subscribes again: same original transaction, a new transaction bought after the refund.
    const again = renewalOf(tx, 45_000, { transactionReason: 'PURCHASE', productId: 'com.example.premium.yearly' });
    const res = await validate(u.token, again);
    expect(res.status).toBe(200);
    expect(res.json.status).toMatchObject({ is_premium: true, tier: 'premium' });
    expect(await active(u.token)).toMatchObject({ is_premium: true, is_pro: true, tier: 'premium', active_subscription: { status: 'active', expires_at: new Date(again.expiresDate).toISOString() } });
    expect(await proGate(u.token)).toBe(200);
    // The refunded transaction posted now changes nothing: the new one stays in force.
    expect((await validate(u.token, tx)).status).toBe(200);
    expect(await active(u.token)).toMatchObject({ tier: 'premium', active_subscription: { expires_at: new Date(again.expiresDate).toISOString() } });

    // The same through a notification: refunded again, then Apple reports a newer purchase.
    await notify(await notification(chain, 'REFUND', { ...again, revocationDate: Date.now(), revocationReason: 1 }));
    expect(await active(u.token)).toMatchObject(closed);
    const third = renewalOf(again, 60_000, { productId: 'com.example.plus.monthly' });
    await notify(await notification(chain, 'SUBSCRIBED', third, { subtype: 'RESUBSCRIBE' }));
    expect(await active(u.token)).toMatchObject({ is_plus: true, is_pro: false, tier: 'plus', active_subscription: { status: 'active' } });
  });

  it('a refund Apple reports before the app verified the purchase holds when the app posts it', async () => {
    const u = await createUser(t);
    const tx = transaction();
    // No appAccountToken and no row yet: the notification names a purchase we do not know.
    expect((await notify(await notification(chain, 'REFUND', { ...tx, revocationDate: Date.now(), revocationReason: 1 }))).status).toBe(200);
    expectRefused(await validate(u.token, tx), 'This purchase was refunded or revoked');
    expect(await active(u.token)).toMatchObject(closed);
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.user_id, u.user.id))).toHaveLength(0);
  });

  it('REFUND_REVERSED reinstates only when signed after the refund; an older one after a later refund does not', async () => {
    const u = await createUser(t);
    const [me] = await t.database.db.select().from(users).where(eq(users.id, u.user.id));
    const tx = transaction({ appAccountToken: me!.purchase_uuid });
    await validate(u.token, tx);
    const s = Date.now();
    const refunded = { ...tx, revocationDate: s, revocationReason: 1 };
    await notify(await notification(chain, 'REFUND', refunded, { signedDate: s }));
    expect(await active(u.token)).toMatchObject(closed);
    // Apple reversed the refund (the transaction no longer carries a revocation): the tier is back.
    await notify(await notification(chain, 'REFUND_REVERSED', tx, { signedDate: s + 1000 }));
    expect(await active(u.token)).toMatchObject({ is_pro: true, active_subscription: { status: 'active' } });
    // Refunded again; a reversal signed before that refund (delivered late) changes nothing.
    await notify(await notification(chain, 'REFUND', refunded, { signedDate: s + 3000 }));
    await notify(await notification(chain, 'REFUND_REVERSED', tx, { signedDate: s + 2000 }));
    expect(await active(u.token)).toMatchObject(closed);
    expect(await proGate(u.token)).toBe(403);
  });

  it('a refund of an earlier transaction ends the subscription only if it was made while the later one was in force', async () => {
    const u = await createUser(t);
    const tx = transaction({ purchaseDate: Date.now() - 10 * DAY, expiresDate: Date.now() + DAY });
    await validate(u.token, tx);
    const renewal = renewalOf(tx, 5 * DAY);
    await notify(await notification(chain, 'DID_RENEW', renewal));
    // The first period was refunded before the renewal was bought; the notification comes late.
    await notify(await notification(chain, 'REFUND', { ...tx, revocationDate: renewal.purchaseDate - DAY, revocationReason: 1 }));
    expect(await active(u.token)).toMatchObject({ is_pro: true, active_subscription: { status: 'active' } });
    // A refund made after the renewal began ends the subscription (Apple cancels it with the refund).
    await notify(await notification(chain, 'REFUND', { ...tx, revocationDate: Date.now(), revocationReason: 1 }));
    expect(await active(u.token)).toMatchObject(closed);
    expectRefused(await validate(u.token, renewal), 'This purchase was refunded or revoked');
  });
});

function subscription(id: string, userId: number, priceId: string, over: Record<string, unknown> = {}) {
  const end = Math.floor(Date.now() / 1000) + 30 * 86400;
  return { id, object: 'subscription', status: 'active', cancel_at_period_end: false, metadata: { user_id: String(userId) }, items: { object: 'list', data: [{ id: `si_${id}`, price: { id: priceId }, current_period_end: end }] }, ...over };
}
async function webhook(event: Record<string, unknown>) {
  const payload = JSON.stringify({ object: 'event', ...event });
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  const res = await fetch(`${t.api}/subscriptions/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
  expect(res.status).toBe(200);
}
const checkout = (id: string, userId: number, subId: string, created: number) =>
  webhook({ id, type: 'checkout.session.completed', created, data: { object: { id: `cs_${id}`, object: 'checkout.session', client_reference_id: String(userId), subscription: subId } } });

describe('Stripe: a cancelled subscription is final; older events change nothing', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it('deleted, then an older updated (active) event and a later one: the tier stays closed; only a new subscription opens it', async () => {
    const u = await createUser(t);
    const c = now();
    fake.subs.set('sub_fin_A', subscription('sub_fin_A', u.user.id, 'price_pro_m'));
    await checkout('evt_fin_a1', u.user.id, 'sub_fin_A', c);
    expect(await active(u.token)).toMatchObject({ is_pro: true, active_subscription: { original_transaction_id: 'sub_fin_A' } });

    await webhook({ id: 'evt_fin_a3', type: 'customer.subscription.deleted', created: c + 20, data: { object: subscription('sub_fin_A', u.user.id, 'price_pro_m', { status: 'canceled' }) } });
    expect(await active(u.token)).toMatchObject(closed);
    // Delivered late: an update made before the deletion.
    await webhook({ id: 'evt_fin_a2', type: 'customer.subscription.updated', created: c + 10, data: { object: subscription('sub_fin_A', u.user.id, 'price_pro_m') } });
    expect(await active(u.token)).toMatchObject(closed);
    // Even one stamped after the deletion cannot bring a cancelled subscription back.
    await webhook({ id: 'evt_fin_a4', type: 'customer.subscription.updated', created: c + 30, data: { object: subscription('sub_fin_A', u.user.id, 'price_plus_m') } });
    expect(await active(u.token)).toMatchObject(closed);
    // The first event delivered again (the same event id): nothing.
    await checkout('evt_fin_a1', u.user.id, 'sub_fin_A', c);
    expect(await active(u.token)).toMatchObject(closed);
    expect(await proGate(u.token)).toBe(403);
    expect(await rowOf('sub_fin_A')).toMatchObject({ status: 'cancelled' });

    // A new purchase is a new subscription id: it opens the tier.
    fake.subs.set('sub_fin_B', subscription('sub_fin_B', u.user.id, 'price_plus_m'));
    await checkout('evt_fin_b1', u.user.id, 'sub_fin_B', c + 40);
    expect(await active(u.token)).toMatchObject({ is_plus: true, is_pro: false, tier: 'plus', active_subscription: { original_transaction_id: 'sub_fin_B' } });
  });

  it('an event older than the last one applied changes neither the tier nor the renewal nor the expiry', async () => {
    const u = await createUser(t);
    const c = now();
    fake.subs.set('sub_fin_C', subscription('sub_fin_C', u.user.id, 'price_pro_m'));
    await checkout('evt_fin_c1', u.user.id, 'sub_fin_C', c);
    // Downgraded to plus with renewal off (newer), then an older pro event with an earlier period end arrives.
    const newer = subscription('sub_fin_C', u.user.id, 'price_plus_m', { cancel_at_period_end: true });
    await webhook({ id: 'evt_fin_c3', type: 'customer.subscription.updated', created: c + 20, data: { object: newer } });
    const older = subscription('sub_fin_C', u.user.id, 'price_pro_m');
    (older.items.data[0] as any).current_period_end = now() + 86400;
    await webhook({ id: 'evt_fin_c2', type: 'customer.subscription.updated', created: c + 10, data: { object: older } });
    const expected = new Date(newer.items.data[0]!.current_period_end * 1000).toISOString();
    expect(await active(u.token)).toMatchObject({ is_plus: true, is_pro: false, tier: 'plus', active_subscription: { auto_renew: false, expires_at: expected } });
  });

  it('a deletion delivered before the creation: the subscription never opens', async () => {
    const u = await createUser(t);
    const c = now();
    fake.subs.set('sub_fin_D', subscription('sub_fin_D', u.user.id, 'price_pro_m', { status: 'canceled' }));
    await webhook({ id: 'evt_fin_d2', type: 'customer.subscription.deleted', created: c + 10, data: { object: subscription('sub_fin_D', u.user.id, 'price_pro_m', { status: 'canceled' }) } });
    await webhook({ id: 'evt_fin_d1', type: 'customer.subscription.created', created: c, data: { object: subscription('sub_fin_D', u.user.id, 'price_pro_m') } });
    await webhook({ id: 'evt_fin_d3', type: 'customer.subscription.updated', created: c + 20, data: { object: subscription('sub_fin_D', u.user.id, 'price_pro_m') } });
    expect(await active(u.token)).toMatchObject(closed);
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.original_transaction_id, 'sub_fin_D'))).toHaveLength(0);
  });
});
