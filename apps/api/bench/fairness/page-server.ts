/**
 * The fairness bench's hostile recipe pages, on loopback (a child process of bench/fairness.bench.ts, so serving
 * 3.4 MB pages does not slow the process that times the bystander):
 *   /r       200,000 nested <strong> elements (3.4 MB)
 *   /jsonld  a JSON-LD Recipe whose recipeInstructions are nested 20,000 arrays deep
 *   /count   how many pages it served, as JSON
 * Any query string is ignored (the flood varies it so no answer can be reused). Exits when its parent goes away.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const nestedStrong = (levels: number) => `<!doctype html><html><head><title>Deep</title></head><body>${'<strong>'.repeat(levels)}deep${'</strong>'.repeat(levels)}</body></html>`;
// Written by hand: JSON.stringify of such a value would recurse 20,000 deep too.
const deepArrays = (levels: number) => `${'['.repeat(levels)}"Stir."${']'.repeat(levels)}`;
const jsonLd = (levels: number) =>
  `<!doctype html><html><head><title>Deep steps</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"Deep steps","recipeYield":"2","recipeIngredient":["2 eggs","100 g flour","200 ml milk"],"recipeInstructions":${deepArrays(levels)}}</script></head><body><h1>Deep steps</h1></body></html>`;

const pages: Record<string, Buffer> = { '/r': Buffer.from(nestedStrong(200_000)), '/jsonld': Buffer.from(jsonLd(20_000)) };
const served: Record<string, number> = { '/r': 0, '/jsonld': 0 };

const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0]!;
  if (path === '/count') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(served));
  const page = pages[path];
  if (!page) return void res.writeHead(404).end('not found');
  served[path]!++;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': String(page.length) }).end(page);
});
server.keepAliveTimeout = 5_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  const sizes = Object.fromEntries(Object.entries(pages).map(([k, v]) => [k, v.length]));
  process.send?.({ port, sizes });
});
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
