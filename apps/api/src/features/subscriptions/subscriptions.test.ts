import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers.ts';
import { audit_log, subscriptions, users } from '../../db/schema/index.ts';
import { BUNDLE_ID, PRODUCTS, makeChain, notification, signJws, transaction, type TestChain } from './apple-test-ca.ts';
import { expireAndRefresh } from './tiers.ts';

let t: TestApp;
let off: TestApp;
let chain: TestChain;
let stranger: TestChain;
beforeAll(async () => {
  chain = makeChain('Test');
  stranger = makeChain('Stranger');
  const apple = { APPLE_BUNDLE_ID: BUNDLE_ID, APPLE_ENVIRONMENT: 'Sandbox', APPLE_PRODUCT_TIERS: PRODUCTS, APPLE_ROOT_CERTS: chain.rootPath };
  [t, off] = await Promise.all([createTestApp(apple), createTestApp()]);
}, 240_000);
afterAll(async () => {
  await t?.close();
  await off?.close();
});

const active = async (token: string) => (await t.http.get('/subscriptions/active', { token })).json;
const searchStatus = async (token: string) => (await t.http.get('/recipes/search?query=pan', { token })).status;

describe('purchases not configured', () => {
  it('says in-app and web purchases are not enabled (503), and the plans say so', async () => {
    const u = await createUser(off);
    const create = await off.http.post('/subscriptions', { product_id: 'com.example.pro.monthly' }, { token: u.token });
    expect(create.status).toBe(503);
    expect(create.json.detail.msg).toBe('In-app purchases are not enabled on this server');
    const jws = await signJws(chain, transaction());
    expect((await off.http.post('/subscriptions/validate-receipt', { receipt_data: jws }, { token: u.token })).status).toBe(503);
    const checkout = await off.http.post('/subscriptions/checkout', { tier: 'pro' }, { token: u.token });
    expect(checkout.status).toBe(503);
    expect(checkout.json.detail.msg).toBe('Web purchases are not enabled on this server');
    const plans = await off.http.get('/subscriptions/plans', { token: u.token });
    expect(plans.json).toMatchObject({ apple_enabled: false, stripe_enabled: false });
  });
});

describe('App Store purchase verification', () => {
  it('a valid signed transaction activates the tier: the pro gates answer 403 before and open after', async () => {
    const u = await createUser(t);
    expect(await active(u.token)).toMatchObject({ is_plus: false, is_pro: false, is_premium: false, active_subscription: null });
    expect(await searchStatus(u.token)).toBe(403);

    const created = await t.http.post('/subscriptions', { product_id: 'com.example.pro.monthly' }, { token: u.token });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ status: 'pending', tier: 'pro', platform: 'apple' });
    // A pending subscription grants nothing.
    expect(await searchStatus(u.token)).toBe(403);

    const tx = transaction();
    const verified = await t.http.post(`/subscriptions/${created.json.id}/verify`, { receipt_data: await signJws(chain, tx) }, { token: u.token });
    expect(verified.status).toBe(200);
    expect(verified.json).toMatchObject({ status: 'active', tier: 'pro', original_transaction_id: tx.originalTransactionId, environment: 'Sandbox' });
    expect(new Date(verified.json.expires_at).getTime()).toBe(tx.expiresDate);

    const status = await active(u.token);
    expect(status).toMatchObject({ is_plus: true, is_pro: true, is_premium: false, tier: 'pro', active_subscription: { id: created.json.id } });
    expect((await t.http.get('/auth/me', { token: u.token })).json).toMatchObject({ is_pro: true });
    expect(await searchStatus(u.token)).toBe(200);

    // A verified subscription changes through the store, not PUT.
    expect((await t.http.put(`/subscriptions/${created.json.id}`, { product_id: 'com.example.premium.yearly' }, { token: u.token })).status).toBe(409);
    const [row] = await t.database.db.select().from(audit_log).where(and(eq(audit_log.user_id, u.user.id), eq(audit_log.action_type, 'subscription_verified')));
    expect(row?.details).toMatchObject({ tier: 'pro', platform: 'apple' });
  });

  it('refuses a wrong root, a wrong bundle id, another environment, an expired or revoked transaction and a tampered payload', async () => {
    const u = await createUser(t);
    const cases: [string, string][] = [
      ['wrong root', await signJws(stranger, transaction())],
      ['wrong bundle id', await signJws(chain, transaction({ bundleId: 'com.evil.app' }))],
      ['production receipt on sandbox', await signJws(chain, transaction({ environment: 'Production' }))],
      ['expired', await signJws(chain, transaction({ expiresDate: Date.now() - 1000 }))],
      ['revoked', await signJws(chain, transaction({ revocationDate: Date.now() - 1000, revocationReason: 0 }))],
      ['unknown product', await signJws(chain, transaction({ productId: 'com.example.gold' }))],
    ];
    // Tampered: a premium product swapped into a validly signed pro transaction, signature kept.
    const good = await signJws(chain, transaction());
    const [h, , sig] = good.split('.');
    const forged = Buffer.from(JSON.stringify(transaction({ productId: 'com.example.premium.yearly' }))).toString('base64url');
    cases.push(['tampered', `${h}.${forged}.${sig}`]);
    for (const [name, jws] of cases) {
      const res = await t.http.post('/subscriptions/validate-receipt', { receipt_data: jws }, { token: u.token });
      expect(res.status, name).toBe(400);
      expect(res.json.detail.msg, name).toBe('Failed to validate receipt');
    }
    expect((await t.http.post('/subscriptions/validate-receipt', { receipt_data: 'not a jws' }, { token: u.token })).status).toBe(422);
    expect(await active(u.token)).toMatchObject({ is_plus: false, is_pro: false, is_premium: false });
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.user_id, u.user.id))).toHaveLength(0);
  });

  it('one subscription per original transaction: a replay onto a second account is refused', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const jws = await signJws(chain, transaction({ productId: 'com.example.premium.yearly' }));
    const first = await t.http.post('/subscriptions/validate-receipt', { receipt_data: jws }, { token: a.token });
    expect(first.status).toBe(200);
    expect(first.json.status).toMatchObject({ is_premium: true, is_pro: true, is_plus: true, tier: 'premium' });
    // The same account restoring again is fine (same row).
    const again = await t.http.post('/subscriptions/validate-receipt', { receipt_data: jws }, { token: a.token });
    expect(again.json.subscription.id).toBe(first.json.subscription.id);
    const replay = await t.http.post('/subscriptions/validate-receipt', { receipt_data: jws }, { token: b.token });
    expect(replay.status).toBe(409);
    expect(replay.json.detail.msg).toBe('This purchase is already linked to another account');
    expect(await active(b.token)).toMatchObject({ is_premium: false, is_pro: false });
    // A purchase made for another account (appAccountToken = that account's purchase uuid) is refused too.
    const [rowA] = await t.database.db.select().from(users).where(eq(users.id, a.user.id));
    const forA = await signJws(chain, transaction({ appAccountToken: rowA!.purchase_uuid }));
    expect((await t.http.post('/subscriptions/validate-receipt', { receipt_data: forA }, { token: b.token })).status).toBe(409);
    expect((await t.http.post('/subscriptions/validate-receipt', { receipt_data: forA }, { token: a.token })).status).toBe(200);
  });

  it('every {id} route checks ownership (404 for another user’s subscription)', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const mine = await t.http.post('/subscriptions', { product_id: 'com.example.plus.monthly' }, { token: a.token });
    const id = mine.json.id;
    const jws = await signJws(chain, transaction({ productId: 'com.example.plus.monthly' }));
    expect((await t.http.put(`/subscriptions/${id}`, { product_id: 'com.example.pro.monthly' }, { token: b.token })).status).toBe(404);
    expect((await t.http.post(`/subscriptions/${id}/verify`, { receipt_data: jws }, { token: b.token })).status).toBe(404);
    expect((await t.http.post(`/subscriptions/${id}/deactivate`, undefined, { token: b.token })).status).toBe(404);
    expect((await t.http.get('/subscriptions', { token: b.token })).json).toEqual([]);
    const changed = await t.http.put(`/subscriptions/${id}`, { product_id: 'com.example.pro.monthly' }, { token: a.token });
    expect(changed.json).toMatchObject({ tier: 'pro', product_id: 'com.example.pro.monthly' });
    expect((await t.http.get('/subscriptions', { token: a.token })).json.map((s: any) => s.id)).toEqual([id]);
  });

  it('deactivating an App Store subscription answers 409 with the App Store link and keeps the tier; a pending one ends', async () => {
    const u = await createUser(t);
    const res = await t.http.post('/subscriptions/validate-receipt', { receipt_data: await signJws(chain, transaction()) }, { token: u.token });
    expect(await searchStatus(u.token)).toBe(200);
    const off = await t.http.post(`/subscriptions/${res.json.subscription.id}/deactivate`, undefined, { token: u.token });
    expect(off.status).toBe(409);
    expect(off.json.detail.msg).toContain('https://apps.apple.com/account/subscriptions');
    expect(off.json.detail.errors[0]).toMatchObject({ url: 'https://apps.apple.com/account/subscriptions' });
    // Apple keeps charging until the user cancels there, so the paid tier stays.
    expect(await active(u.token)).toMatchObject({ is_pro: true, active_subscription: { status: 'active' } });
    expect(await searchStatus(u.token)).toBe(200);

    const pending = await t.http.post('/subscriptions', { product_id: 'com.example.premium.yearly' }, { token: u.token });
    const ended = await t.http.post(`/subscriptions/${pending.json.id}/deactivate`, undefined, { token: u.token });
    expect(ended.json).toMatchObject({ status: 'cancelled', auto_renew: false });
  });

  it('deleting an account with an App Store subscription says it renews until cancelled in the App Store', async () => {
    const u = await createUser(t);
    await t.http.post('/subscriptions/validate-receipt', { receipt_data: await signJws(chain, transaction()) }, { token: u.token });
    const del = await t.http.del('/profile', { token: u.token, body: { password: u.password } });
    expect(del.status).toBe(200);
    expect(del.json.message).toContain('App Store settings (https://apps.apple.com/account/subscriptions)');
  });

  it('clients cannot set the tier flags (PUT /profile, user settings)', async () => {
    const u = await createUser(t);
    await t.http.put('/profile', { username: `u${Date.now()}`, is_pro: true, is_premium: true, is_superuser: true }, { token: u.token });
    await t.http.put('/user-settings', { is_pro: true, timezone: 'UTC' }, { token: u.token });
    expect((await t.http.get('/auth/me', { token: u.token })).json).toMatchObject({ is_pro: false, is_premium: false, is_superuser: false });
  });
});

describe('expiry by time', () => {
  it('closes the gate on read the moment a subscription expires, and the job marks it expired', async () => {
    const u = await createUser(t);
    const res = await t.http.post('/subscriptions/validate-receipt', { receipt_data: await signJws(chain, transaction()) }, { token: u.token });
    expect(await searchStatus(u.token)).toBe(200);
    await t.database.db.update(subscriptions).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(subscriptions.id, res.json.subscription.id));
    // No notification and no job yet: the gate reads the time.
    expect(await searchStatus(u.token)).toBe(403);
    expect(await active(u.token)).toMatchObject({ is_pro: false });
    await expireAndRefresh(t.database.db);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, res.json.subscription.id));
    expect(row!.status).toBe('expired');
  });

  it('the job clears tier flags that no subscription backs', async () => {
    const u = await createUser(t);
    await t.database.db.update(users).set({ is_pro: true, is_plus: true }).where(eq(users.id, u.user.id));
    await expireAndRefresh(t.database.db);
    expect((await t.http.get('/auth/me', { token: u.token })).json).toMatchObject({ is_pro: false, is_plus: false });
  });
});

describe('App Store Server Notifications V2', () => {
  const post = (signedPayload: string) => t.http.post('/subscriptions/apple/notifications', { signedPayload });

  it('renewals extend, refunds and revocations end, expiry ends; wrong signatures are refused', async () => {
    const u = await createUser(t);
    const tx = transaction({ expiresDate: Date.now() + 86400_000 });
    await t.http.post('/subscriptions/validate-receipt', { receipt_data: await signJws(chain, tx) }, { token: u.token });
    expect(await active(u.token)).toMatchObject({ is_pro: true });

    const renewedUntil = Date.now() + 31 * 86400_000;
    const renewal = { ...tx, transactionId: String(Number(tx.transactionId) + 1), expiresDate: renewedUntil, transactionReason: 'RENEWAL' };
    expect((await post(await notification(chain, 'DID_RENEW', renewal))).status).toBe(200);
    expect(new Date((await active(u.token)).active_subscription.expires_at).getTime()).toBe(renewedUntil);

    // Signed by another root, or for another app: refused, nothing changes.
    expect((await post(await notification(stranger, 'REFUND', renewal))).status).toBe(400);
    const otherApp = await notification(chain, 'REFUND', renewal, { data: { bundleId: 'com.evil.app', environment: 'Sandbox', signedTransactionInfo: await signJws(chain, renewal) } });
    expect((await post(otherApp)).status).toBe(400);
    expect(await active(u.token)).toMatchObject({ is_pro: true });

    expect((await post(await notification(chain, 'REFUND', { ...renewal, revocationDate: Date.now(), revocationReason: 1 }))).status).toBe(200);
    expect(await active(u.token)).toMatchObject({ is_pro: false, active_subscription: null });
    expect(await searchStatus(u.token)).toBe(403);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.original_transaction_id, tx.originalTransactionId));
    expect(row!.status).toBe('refunded');
    const audits = await t.database.db.select().from(audit_log).where(and(eq(audit_log.user_id, u.user.id), eq(audit_log.action_type, 'subscription_changed')));
    expect(audits.map((a) => (a.details as any).notification)).toEqual(expect.arrayContaining(['DID_RENEW', 'REFUND']));
  });

  it('EXPIRED and REVOKE end the tier; a purchase never verified by the app is picked up by its appAccountToken', async () => {
    const u = await createUser(t);
    const [me] = await t.database.db.select().from(users).where(eq(users.id, u.user.id));
    const tx = transaction({ productId: 'com.example.plus.monthly', appAccountToken: me!.purchase_uuid });
    expect((await post(await notification(chain, 'SUBSCRIBED', tx, { subtype: 'INITIAL_BUY' }))).status).toBe(200);
    expect(await active(u.token)).toMatchObject({ is_plus: true, is_pro: false, tier: 'plus' });
    expect((await post(await notification(chain, 'EXPIRED', { ...tx, expiresDate: Date.now() - 1000 }, { subtype: 'VOLUNTARY' }))).status).toBe(200);
    expect(await active(u.token)).toMatchObject({ is_plus: false });

    const v = await createUser(t);
    const tx2 = transaction();
    await t.http.post('/subscriptions/validate-receipt', { receipt_data: await signJws(chain, tx2) }, { token: v.token });
    const revoke = await notification(chain, 'REVOKE', { ...tx2, revocationDate: Date.now(), revocationReason: 0 });
    expect((await post(revoke)).status).toBe(200);
    expect(await active(v.token)).toMatchObject({ is_pro: false });
    // The same notification delivered twice is applied once (no error).
    expect((await post(revoke)).status).toBe(200);
  });
});
