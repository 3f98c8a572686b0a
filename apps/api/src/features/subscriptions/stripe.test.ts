import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers.ts';

/** A loopback server speaking the two Stripe API calls the app makes (create Checkout session, read a subscription). */
function fakeStripe() {
  const calls: { method: string; path: string; body: string; auth: string | undefined }[] = [];
  const subs = new Map<string, Record<string, unknown>>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls.push({ method: req.method!, path: req.url!, body, auth: req.headers.authorization });
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const id = `cs_test_${calls.length}`;
        return res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/pay/${id}` }));
      }
      const m = /^\/v1\/subscriptions\/([\w-]+)/.exec(req.url ?? '');
      if (req.method === 'GET' && m && subs.has(m[1]!)) return res.end(JSON.stringify(subs.get(m[1]!)));
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such resource' } }));
    });
  });
  return { server, calls, subs };
}

const SECRET = 'whsec_test_secret_for_the_loopback';
const signer = new Stripe('sk_test_signer');
let t: TestApp;
let fake: ReturnType<typeof fakeStripe>;
beforeAll(async () => {
  fake = fakeStripe();
  await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
  const port = (fake.server.address() as { port: number }).port;
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_loopback',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_PRICE_TIERS: 'price_plus_m:plus,price_pro_m:pro',
    STRIPE_API_URL: `http://127.0.0.1:${port}`,
    STRIPE_RETURN_URL: 'https://app.example.com/subscription',
  });
}, 240_000);
afterAll(async () => {
  await t?.close();
  fake?.server.close();
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
    const none = await t.http.post('/subscriptions/checkout', { tier: 'premium' }, { token: u.token });
    expect(none.status).toBe(422);
    expect((await t.http.get('/subscriptions/plans', { token: u.token })).json).toMatchObject({ stripe_enabled: true, apple_enabled: false });
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
