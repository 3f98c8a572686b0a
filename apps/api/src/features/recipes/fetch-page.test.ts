import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error.ts';
import { fetchPage } from './fetch-page.ts';

const opts = { allowedDomains: ['*'], allowLoopback: true };
let site: Server;
let base: string;
beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === '/down') res.writeHead(502).end('bad gateway');
    else if (req.url === '/gone') res.writeHead(404).end('not found');
    else if (req.url === '/reset') req.socket.destroy();
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => site.close(() => r())));

async function failure(url: string): Promise<HttpError> {
  const err = await fetchPage(url, opts).then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
}

describe("a recipe page the site cannot deliver: the site's trouble is 503, a wrong address 422", () => {
  it('a site that answers 5xx or drops the connection gets 503 with "Try again later"', async () => {
    const down = await failure(`${base}/down`);
    expect([down.statusCode, down.type, down.message]).toEqual([503, 'service_unavailable', 'The recipe site answered 502. Try again later.']);
    const reset = await failure(`${base}/reset`);
    expect(reset.statusCode).toBe(503);
    expect(reset.message).toMatch(/^The recipe page could not be loaded \(ECONNRESET\)\. Try again later\.$/);
  });

  it('a port where nothing listens gets 503; a page that is not there stays 422', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const refused = await failure(`http://127.0.0.1:${port}/r`);
    expect(refused.statusCode).toBe(503);
    expect(refused.message).toContain('ECONNREFUSED');
    const gone = await failure(`${base}/gone`);
    expect([gone.statusCode, gone.message]).toEqual([422, 'The recipe page answered 404']);
  });
});
