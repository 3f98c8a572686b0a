import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers.ts';
import { price, startFakeStripe, type FakeStripe } from '../../../test/stripe-loopback.ts';
import { subscriptions, users } from '../../db/schema/index.ts';

const SECRET = 'whsec_test_secret_for_the_loopback';
const signer = new Stripe('sk_test_signer');
let t: TestApp;
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  fake.prices.set('price_plus_m', price('price_plus_m', 499, 'eur', 'month'));
  fake.prices.set('price_pro_m', price('price_pro_m', 999, 'eur', 'month'));
  fake.prices.set('price_pro_y', price('price_pro_y', 9900, 'eur', 'year'));
  // Configured but not sellable at a stated price: archived at Stripe, and one Stripe does not know.
  fake.prices.set('price_premium_old', price('price_premium_old', 1999, 'eur', 'month', { active: false }));
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_loopback',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_PRICE_TIERS: 'price_plus_m:plus,price_pro_m:pro,price_pro_y:pro,price_premium_old:premium,price_gone:premium',
    STRIPE_API_URL: fake.url,
    STRIPE_RETURN_URL: 'https://app.example.com/subscription',
    STRIPE_PORTAL_URL: 'https://billing.stripe.com/p/login/test_portal',
  });
}, 240_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function subscription(id: string, userId: number, price: string, over: Record<string, unknown> = {}) {
  const end = Math.floor(Date.now() / 1000) + 30 * 86400;
  return { id, object: 'subscription', status: 'active', cancel_at_period_end: false, metadata: { user_id: String(userId) }, items: { object: 'list', data: [{ id: `si_${id}`, price: { id: price }, current_period_end: end }] }, ...over };
}
async function webhook(event: Record<string, unknown>, secret = SECRET) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret });
  return fetch(`${t.api}/subscriptions/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
}
const active = async (token: string) => (await t.http.get('/subscriptions/active', { token })).json;

describe('Stripe web purchases', () => {
  it('creates a Checkout session for the tier’s price and answers its URL', async () => {
    const u = await createUser(t);
    const res = await t.http.post('/subscriptions/checkout', { tier: 'pro' }, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\/cs_test_/);
    const call = fake.calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(call.auth).toBe('Bearer sk_test_loopback');
    const form = new URLSearchParams(call.body);
    expect(form.get('line_items[0][price]')).toBe('price_pro_m');
    expect(form.get('client_reference_id')).toBe(String(u.user.id));
    expect(form.get('mode')).toBe('subscription');
    const yearly = await t.http.post('/subscriptions/checkout', { tier: 'pro', price_id: 'price_pro_y' }, { token: u.token });
    expect(yearly.status).toBe(200);
    expect(new URLSearchParams(fake.calls.filter((c) => c.path === '/v1/checkout/sessions').at(-1)!.body).get('line_items[0][price]')).toBe('price_pro_y');
    const wrong = await t.http.post('/subscriptions/checkout', { tier: 'pro', price_id: 'price_plus_m' }, { token: u.token });
    expect(wrong.status).toBe(422);
    expect(wrong.json.detail.errors[0].loc).toEqual(['body', 'price_id']);
  });

  it('lists the plans with the prices Stripe states, reads Stripe once per 10 minutes, and says so when Stripe is down', async () => {
    const u = await createUser(t);
    const before = fake.calls.filter((c) => c.path.startsWith('/v1/prices/')).length;
    const plans = await t.http.get('/subscriptions/plans', { token: u.token });
    expect(plans.status).toBe(200);
    expect(plans.json).toMatchObject({ stripe_enabled: true, apple_enabled: false, stripe_prices_error: null, stripe_portal_url: 'https://billing.stripe.com/p/login/test_portal' });
    const byTier = Object.fromEntries(plans.json.plans.map((p: any) => [p.tier, p]));
    expect(byTier.plus).toMatchObject({ stripe_available: true, stripe_prices: [{ price_id: 'price_plus_m', amount: 499, currency: 'eur', interval: 'month', interval_count: 1 }] });
    expect(byTier.pro.stripe_prices.map((p: any) => [p.price_id, p.amount, p.interval])).toEqual([['price_pro_m', 999, 'month'], ['price_pro_y', 9900, 'year']]);
    // An archived price and one Stripe does not know are not offered.
    expect(byTier.premium).toMatchObject({ stripe_available: false, stripe_prices: [] });
    const asked = fake.calls.filter((c) => c.path.startsWith('/v1/prices/'));
    expect(asked.length - before).toBe(5);
    expect(asked.at(-1)!.auth).toBe('Bearer sk_test_loopback');

    // Cached: a second page view does not ask Stripe again, even while Stripe is down.
    fake.down = true;
    try {
      expect((await t.http.get('/subscriptions/plans', { token: u.token })).json.plans[0].stripe_prices).toHaveLength(1);
      expect(fake.calls.filter((c) => c.path.startsWith('/v1/prices/')).length - before).toBe(5);
    } finally {
      fake.down = false;
    }
  });

  it('when Stripe cannot list the prices the plans say so (200) and checkout answers 503, never 500', async () => {
    const fresh = await startFakeStripe();
    fresh.down = true;
    const t2 = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_down', STRIPE_PRICE_TIERS: 'price_plus_m:plus', STRIPE_API_URL: fresh.url });
    try {
      const u = await createUser(t2);
      const plans = await t2.http.get('/subscriptions/plans', { token: u.token });
      expect(plans.status).toBe(200);
      expect(plans.json.stripe_prices_error).toMatch(/Stripe could not list the prices just now/);
      expect(plans.json.plans[0]).toMatchObject({ tier: 'plus', stripe_available: true, stripe_prices: [] });
      const checkout = await t2.http.post('/subscriptions/checkout', { tier: 'plus' }, { token: u.token });
      expect(checkout.status).toBe(503);
      // Stripe back: the next view asks again (a failure is not cached).
      fresh.down = false;
      fresh.prices.set('price_plus_m', price('price_plus_m', 500, 'usd', 'month'));
      expect((await t2.http.get('/subscriptions/plans', { token: u.token })).json.plans[0].stripe_prices[0]).toMatchObject({ amount: 500, currency: 'usd' });
    } finally {
      await t2.close();
      await fresh.close();
    }
  }, 240_000);

  it('deactivating a Stripe subscription cancels it at Stripe at period end; the tier stays until then', async () => {
    const u = await createUser(t);
    fake.subs.set('sub_C', subscription('sub_C', u.user.id, 'price_pro_m'));
    await webhook({ id: 'evt_c1', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_c', object: 'checkout.session', client_reference_id: String(u.user.id), subscription: 'sub_C' } } });
    const sub = (await active(u.token)).active_subscription;
    expect(sub).toMatchObject({ platform: 'stripe', auto_renew: true });
    const res = await t.http.post(`/subscriptions/${sub.id}/deactivate`, undefined, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'active', auto_renew: false, expires_at: sub.expires_at });
    const call = fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/subscriptions/sub_C').at(-1)!;
    expect(new URLSearchParams(call.body).get('cancel_at_period_end')).toBe('true');
    expect(await active(u.token)).toMatchObject({ is_pro: true, active_subscription: { auto_renew: false } });
    // Another user's subscription id answers 404 and Stripe is not called.
    const other = await createUser(t);
    const calls = fake.calls.length;
    expect((await t.http.post(`/subscriptions/${sub.id}/deactivate`, undefined, { token: other.token })).status).toBe(404);
    expect(fake.calls.length).toBe(calls);
  });

  it('deleting an account cancels its active Stripe subscription at Stripe; a later webhook for it is ignored', async () => {
    const u = await createUser(t);
    fake.subs.set('sub_D', subscription('sub_D', u.user.id, 'price_plus_m'));
    await webhook({ id: 'evt_d1', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_d', object: 'checkout.session', client_reference_id: String(u.user.id), subscription: 'sub_D' } } });
    expect(await active(u.token)).toMatchObject({ is_plus: true });

    // Stripe down: the account stays (a deleted account must not go on being charged).
    fake.down = true;
    const refused = await t.http.del('/profile', { token: u.token, body: { password: u.password } });
    fake.down = false;
    expect(refused.status).toBe(503);
    expect((await t.database.db.select().from(users).where(eq(users.id, u.user.id))).length).toBe(1);

    const del = await t.http.del('/profile', { token: u.token, body: { password: u.password } });
    expect(del.status).toBe(200);
    expect(fake.calls.some((c) => c.method === 'DELETE' && c.path === '/v1/subscriptions/sub_D')).toBe(true);
    expect(fake.subs.get('sub_D')).toMatchObject({ status: 'canceled' });
    // Stripe then sends the deletion: nothing to record for an account that is gone.
    const late = await webhook({ id: 'evt_d2', object: 'event', type: 'customer.subscription.deleted', data: { object: fake.subs.get('sub_D') } });
    expect(late.status).toBe(200);
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.original_transaction_id, 'sub_D'))).toHaveLength(0);
  });

  it('an admin deleting a user cancels the user’s Stripe subscription too', async () => {
    const admin = await createUser(t);
    await t.database.db.update(users).set({ is_superuser: true }).where(eq(users.id, admin.user.id));
    const u = await createUser(t);
    fake.subs.set('sub_E', subscription('sub_E', u.user.id, 'price_pro_m'));
    await webhook({ id: 'evt_e1', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_e', object: 'checkout.session', client_reference_id: String(u.user.id), subscription: 'sub_E' } } });
    const res = await t.http.del(`/admin/users/${u.user.id}`, { token: admin.token });
    expect(res.status).toBeLessThan(300);
    expect(fake.subs.get('sub_E')).toMatchObject({ status: 'canceled' });
  });

  it('a signed checkout.session.completed activates the tier; updates and deletion follow', async () => {
    const u = await createUser(t);
    fake.subs.set('sub_A', subscription('sub_A', u.user.id, 'price_pro_m'));
    const done = await webhook({ id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_1', object: 'checkout.session', client_reference_id: String(u.user.id), subscription: 'sub_A' } } });
    expect(done.status).toBe(200);
    expect(await active(u.token)).toMatchObject({ is_pro: true, tier: 'pro', active_subscription: { platform: 'stripe', original_transaction_id: 'sub_A', auto_renew: true } });
    expect((await t.http.get('/recipes/search?query=pan', { token: u.token })).status).toBe(200);

    await webhook({ id: 'evt_2', object: 'event', type: 'customer.subscription.updated', data: { object: subscription('sub_A', u.user.id, 'price_plus_m', { cancel_at_period_end: true }) } });
    expect(await active(u.token)).toMatchObject({ is_plus: true, is_pro: false, tier: 'plus', active_subscription: { auto_renew: false } });

    await webhook({ id: 'evt_3', object: 'event', type: 'customer.subscription.deleted', data: { object: subscription('sub_A', u.user.id, 'price_plus_m', { status: 'canceled' }) } });
    expect(await active(u.token)).toMatchObject({ is_plus: false, active_subscription: null });
  });

  it('refuses a bad signature, a signature made with another secret and an unsigned body', async () => {
    const u = await createUser(t);
    const event = { id: 'evt_forged', object: 'event', type: 'customer.subscription.updated', data: { object: subscription('sub_F', u.user.id, 'price_pro_m') } };
    const other = await webhook(event, 'whsec_someone_else');
    expect(other.status).toBe(400);
    expect(((await other.json()) as any).detail.msg).toBe('Invalid webhook signature');
    const unsigned = await fetch(`${t.api}/subscriptions/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    // A valid signature over different bytes (the body changed after signing).
    const header = signer.webhooks.generateTestHeaderString({ payload: JSON.stringify({ ...event, id: 'evt_x' }), secret: SECRET });
    const swapped = await fetch(`${t.api}/subscriptions/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: JSON.stringify(event) });
    expect(swapped.status).toBe(400);
    expect(await active(u.token)).toMatchObject({ is_pro: false });
  });
});
