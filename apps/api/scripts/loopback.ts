/**
 * The API's loopback stand-ins for outside services, as a process of their own for the web app's end-to-end tests
 * (which import no API code): `npx tsx apps/api/scripts/loopback.ts stripe|recipe-site`. It prints one JSON line,
 * { "url": … } (for stripe also { "control": … }), and serves until stdin closes or it is sent SIGTERM.
 *
 * - recipe-site: test/fixtures/recipes/server.ts, the fixture recipe pages under /pages/<file>.
 * - stripe: test/stripe-loopback.ts, Stripe's API as the server calls it (point STRIPE_API_URL at `url`). The test
 *   arranges and reads it through `control`, JSON over HTTP:
 *     PUT /prices/<id>  { amount, currency?, interval? }   a recurring price (stripe-loopback.ts price())
 *     PUT /subs/<id>    <Stripe subscription object>
 *     PUT /down         { down: boolean }                  every call answers 500 while down
 *     GET /calls        [{ method, path, body }]           the calls the server made, in order
 */
import { createServer } from 'node:http';
import { startRecipeSite } from '../test/fixtures/recipes/server.ts';
import { price, startFakeStripe } from '../test/stripe-loopback.ts';

const kind = process.argv[2];
const closers: (() => Promise<void>)[] = [];
let info: Record<string, string>;

if (kind === 'recipe-site') {
  const site = await startRecipeSite();
  closers.push(site.close);
  info = { url: site.url };
} else if (kind === 'stripe') {
  const fake = await startFakeStripe();
  closers.push(fake.close);
  const control = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const send = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      try {
        const [, what, id] = (req.url ?? '').split('?')[0]!.split('/').map(decodeURIComponent);
        const json = body ? JSON.parse(body) : null;
        if (req.method === 'GET' && what === 'calls') return send(200, fake.calls.map(({ method, path, body }) => ({ method, path, body })));
        if (req.method === 'PUT' && what === 'prices' && id) {
          fake.prices.set(id, price(id, json.amount, json.currency, json.interval));
          return send(200, fake.prices.get(id));
        }
        if (req.method === 'PUT' && what === 'subs' && id) {
          fake.subs.set(id, json);
          return send(200, json);
        }
        if (req.method === 'PUT' && what === 'down') {
          fake.down = json.down === true;
          return send(200, { down: fake.down });
        }
        send(404, { error: `no control ${req.method} ${req.url}` });
      } catch (err) {
        send(400, { error: String(err) });
      }
    });
  });
  await new Promise<void>((r) => control.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise<void>((r) => control.close(() => r())));
  info = { url: fake.url, control: `http://127.0.0.1:${(control.address() as { port: number }).port}` };
} else {
  throw new Error('usage: loopback.ts stripe|recipe-site');
}

let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  await Promise.all(closers.map((c) => c()));
  process.exit(0);
}
process.on('SIGTERM', close);
process.on('SIGINT', close);
process.stdin.on('end', close);
process.stdin.resume();
console.log(JSON.stringify(info));
