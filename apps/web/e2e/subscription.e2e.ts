/**
 * /subscription against the real product configured for Stripe, with a loopback Stripe (issue 12):
 * the plans show the prices Stripe states, Subscribe sends the chosen price to Checkout, and cancelling
 * a web subscription asks Stripe to end it at the period's end. With SHOTS_DIR set, keeps screenshots
 * at 390 and 1280 px in both themes.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, MOBILE, launchBrowser, newContext, openSignedIn, poll, registerVerifiedUser, startLoopback, startServer, apiCall, type Loopback, type Server, type TestUser } from './harness';

const WEBHOOK_SECRET = 'whsec_e2e_loopback';
/** The API's loopback Stripe (apps/api/scripts/loopback.ts stripe) in its own process, arranged and read over HTTP. */
let fake: Loopback;
let server: Server;
let browser: Browser;

async function control(method: 'GET' | 'PUT', path: string, body?: unknown) {
  const res = await fetch(`${fake.control}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(res.status, `${method} ${path}`).toBe(200);
  return res.json();
}
/** The calls the server made to Stripe, in order. */
const stripeCalls = (): Promise<{ method: string; path: string; body: string }[]> => control('GET', '/calls');

/** Stripe's webhook signature (Stripe-Signature: t=…,v1=HMAC-SHA256 of `t.payload` with the endpoint's secret). */
function stripeSignature(payload: string, secret: string): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
}

beforeAll(async () => {
  fake = await startLoopback('stripe');
  await control('PUT', '/prices/price_plus_m', { amount: 499, currency: 'eur', interval: 'month' });
  await control('PUT', '/prices/price_pro_m', { amount: 999, currency: 'eur', interval: 'month' });
  await control('PUT', '/prices/price_pro_y', { amount: 9900, currency: 'eur', interval: 'year' });
  server = await startServer({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_TIERS: 'price_plus_m:plus,price_pro_m:pro,price_pro_y:pro',
      STRIPE_API_URL: fake.url,
      STRIPE_PORTAL_URL: 'https://billing.stripe.test/p/login/e2e',
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.stop();
});

/** Gives the user an active Stripe Pro subscription the way Stripe does: a signed checkout.session.completed. */
async function subscribeThroughStripe(user: TestUser, id: string) {
  const end = Math.floor(Date.now() / 1000) + 30 * 86400;
  await control('PUT', `/subs/${id}`, { id, object: 'subscription', status: 'active', cancel_at_period_end: false, metadata: { user_id: String(user.user.id) }, items: { object: 'list', data: [{ id: `si_${id}`, price: { id: 'price_pro_m' }, current_period_end: end }] } });
  const payload = JSON.stringify({ id: `evt_${id}`, object: 'event', type: 'checkout.session.completed', data: { object: { id: `cs_${id}`, object: 'checkout.session', client_reference_id: String(user.user.id), subscription: id } } });
  const header = stripeSignature(payload, WEBHOOK_SECRET);
  const res = await fetch(`${server.baseUrl}/api/v1/subscriptions/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
  expect(res.status).toBe(200);
}

describe('subscription page with Stripe', () => {
  test('the plans show Stripe’s prices; Subscribe yearly sends that price to Checkout', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
    const page = await ctx.newPage();
    // Checkout is Stripe's hosted page; here it is a stand-in so the browser does not leave the loopback.
    await page.route('https://checkout.stripe.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Stripe Checkout</title><h1>Checkout</h1>' }));
    await openSignedIn(page, server, user.token, '/subscription');
    const plus = page.getByTestId('plan-plus');
    await expect.poll(() => plus.getByTestId('price').innerText(), { timeout: 20_000 }).toMatch(/^€4\.99\s\/\smonth$/);
    const pro = page.getByTestId('plan-pro');
    expect(await pro.getByTestId('price').allInnerTexts()).toEqual([expect.stringMatching(/^€9\.99\s\/\smonth$/), expect.stringMatching(/^€99\.00\s\/\syear$/)]);
    // Premium has no price at Stripe: it says so instead of offering a button.
    await expect.poll(() => page.getByTestId('plan-premium').innerText()).toContain('Not on sale right now');
    expect(await page.getByTestId('plan-premium').getByRole('button').count()).toBe(0);
    // Restore purchases is an iOS action: not on the web.
    expect(await page.getByRole('button', { name: 'Restore purchases' }).count()).toBe(0);

    await pro.getByRole('button', { name: /Subscribe to Pro at €99\.00\s\/\syear/ }).click();
    await page.waitForURL(/checkout\.stripe\.test\/pay\/cs_test_/);
    const call = (await stripeCalls()).filter((c) => c.path === '/v1/checkout/sessions').at(-1)!;
    expect(new URLSearchParams(call.body).get('line_items[0][price]')).toBe('price_pro_y');
    await ctx.close();
  });

  test('cancelling a web subscription ends it at Stripe at the period’s end and the page says until when', async () => {
    const user = await registerVerifiedUser(server);
    await subscribeThroughStripe(user, 'sub_e2e_cancel');
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/subscription');
    await expect.poll(() => page.getByTestId('current-tier').innerText(), { timeout: 20_000 }).toBe('Pro plan');
    await expect.poll(() => page.getByTestId('renewal').innerText()).toMatch(/^Renews on /);
    expect(await page.getByRole('link', { name: 'Manage billing' }).getAttribute('href')).toBe('https://billing.stripe.test/p/login/e2e');

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your Pro subscription?' });
    await dialog.getByText('Stripe will not charge you again').waitFor();
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect.poll(() => page.getByTestId('renewal').innerText()).toMatch(/^Ends on /);
    await page.getByText('Cancelled at Stripe: you keep Pro until then').waitFor();
    const call = (await stripeCalls()).filter((c) => c.method === 'POST' && c.path === '/v1/subscriptions/sub_e2e_cancel').at(-1)!;
    expect(new URLSearchParams(call.body).get('cancel_at_period_end')).toBe('true');
    // The paid period is kept.
    await poll(async () => (await apiCall(server, 'GET', '/subscriptions/active', undefined, user.token)).json.is_pro).toBe(true);
    await ctx.close();
  });

  test.skipIf(!process.env.SHOTS_DIR)('screenshots of /subscription, 390 and 1280 px, light and dark', async () => {
    const dir = process.env.SHOTS_DIR!;
    mkdirSync(dir, { recursive: true });
    const free = await registerVerifiedUser(server);
    const paid = await registerVerifiedUser(server);
    await subscribeThroughStripe(paid, 'sub_e2e_shots');
    for (const [who, user] of [['free', free], ['pro', paid]] as const) {
      for (const viewport of [MOBILE, DESKTOP]) {
        for (const scheme of ['light', 'dark'] as const) {
          const ctx = await newContext(browser, viewport, scheme);
          const page = await ctx.newPage();
          await openSignedIn(page, server, user.token, '/subscription');
          await page.getByTestId('plan-plus').getByTestId('price').waitFor();
          await page.waitForTimeout(800);
          await page.screenshot({ path: join(dir, `subscription-${who}-${viewport.width}-${scheme}.png`), fullPage: true });
          await ctx.close();
        }
      }
    }
  }, 300_000);
});
