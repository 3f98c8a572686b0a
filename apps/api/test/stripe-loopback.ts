/**
 * A loopback server speaking the Stripe API calls the app makes, in Stripe's wire format (form-encoded
 * requests, JSON objects, `{error: {type, code, message}}` refusals): create a Checkout session, read a
 * price, read / update / cancel a subscription. Tests point STRIPE_API_URL at it and assert the calls.
 */
import { createServer, type Server } from 'node:http';

export interface StripeCall {
  method: string;
  path: string;
  body: string;
  auth: string | undefined;
}

export interface FakeStripe {
  url: string;
  server: Server;
  calls: StripeCall[];
  /** Stripe price objects by id (see `price()`). */
  prices: Map<string, Record<string, unknown>>;
  /** Stripe subscription objects by id. */
  subs: Map<string, Record<string, unknown>>;
  /** While true, every call answers 500 as an outage would. */
  down: boolean;
  close(): Promise<void>;
}

/** A recurring price in Stripe's shape; `amount` in minor units. */
export function price(id: string, amount: number, currency = 'eur', interval = 'month', over: Record<string, unknown> = {}) {
  return { id, object: 'price', active: true, currency, unit_amount: amount, type: 'recurring', recurring: { interval, interval_count: 1, usage_type: 'licensed' }, ...over };
}

const missing = (what: string, id: string) => ({ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` } });

export async function startFakeStripe(): Promise<FakeStripe> {
  const fake = { calls: [] as StripeCall[], prices: new Map(), subs: new Map(), down: false } as Omit<FakeStripe, 'url' | 'server' | 'close'>;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      fake.calls.push({ method: req.method!, path, body, auth: req.headers.authorization });
      res.setHeader('content-type', 'application/json');
      const send = (status: number, json: unknown) => {
        res.statusCode = status;
        res.end(JSON.stringify(json));
      };
      if (fake.down) return send(500, { error: { type: 'api_error', message: 'Stripe is having a bad day' } });
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_${fake.calls.length}`;
        return send(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/pay/${id}` });
      }
      const p = /^\/v1\/prices\/([\w-]+)$/.exec(path);
      if (p && req.method === 'GET') return fake.prices.has(p[1]!) ? send(200, fake.prices.get(p[1]!)) : send(404, missing('price', p[1]!));
      const s = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
      if (s) {
        const sub = fake.subs.get(s[1]!);
        if (!sub) return send(404, missing('subscription', s[1]!));
        if (req.method === 'GET') return send(200, sub);
        if (req.method === 'POST') {
          const form = new URLSearchParams(body);
          if (form.has('cancel_at_period_end')) sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
          return send(200, sub);
        }
        if (req.method === 'DELETE') {
          Object.assign(sub, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
          return send(200, sub);
        }
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}
