/**
 * Issue 39 items 2 and 3: a hostile or huge recipe page must not hold the server, and an analysis must stop when its
 * client goes away, stay within its user's share and be capped at the typed lines' 100.
 */
import { createServer, request, type ClientRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, isErrorBody, type TestApp } from '../../../test/helpers.ts';
import { grantTier } from '../subscriptions/test-support.ts';
import { makeUser } from '../foods/test-support.ts';

/** Every foods search the analysis asks, counted: what an abandoned analysis still does is observable. */
const searches = vi.hoisted(() => ({ count: 0 }));
vi.mock('../foods/service.ts', async (importOriginal) => {
  const m = await importOriginal<typeof import('../foods/service.ts')>();
  return {
    ...m,
    searchFoods: (...args: Parameters<typeof m.searchFoods>) => {
      searches.count++;
      return m.searchFoods(...args);
    },
  };
});

const recipePage = (recipe: object, body = '') =>
  `<!doctype html><html><head><title>t</title><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Recipe', ...recipe })}</script></head><body>${body}</body></html>`;
const nested = (levels: number) => `<!doctype html><html><body>${'<strong>'.repeat(levels)}deep${'</strong>'.repeat(levels)}</body></html>`;
const deepArrays = (levels: number) => `${'['.repeat(levels)}"Stir."${']'.repeat(levels)}`;

const PAGES: Record<string, () => string> = {
  '/strong-200k': () => nested(200_000),
  '/strong-20k': () => nested(20_000),
  '/many-elements': () => recipePage({ name: 'Flat', recipeIngredient: ['1 egg'], recipeInstructions: ['Boil.'] }, '<span>x</span>'.repeat(150_000)),
  // recipeInstructions nested 20,000 arrays deep, written into the page by hand (JSON.stringify would recurse too).
  '/jsonld-deep': () => `<!doctype html><html><head><script type="application/ld+json">{"@type":"Recipe","name":"Deep","recipeIngredient":["1 egg"],"recipeInstructions":${deepArrays(20_000)}}</script></head><body></body></html>`,
  '/jsonld-ok-depth': () => `<!doctype html><html><head><script type="application/ld+json">{"@type":"Recipe","name":"Nested steps","recipeIngredient":["1 egg"],"recipeInstructions":${deepArrays(20)}}</script></head><body></body></html>`,
  '/lines-150': () => recipePage({ name: 'Long list', recipeIngredient: Array.from({ length: 150 }, (_, i) => `${i + 1} g sugar`), recipeInstructions: ['Mix.'] }),
  '/lines-100': () => recipePage({ name: 'Just fits', recipeIngredient: Array.from({ length: 100 }, () => '1 egg'), recipeInstructions: ['Mix.'] }),
};

let t: TestApp;
let site: Server;
let base: string;
beforeAll(async () => {
  const cache = new Map<string, string>();
  site = createServer((req, res) => {
    const make = PAGES[req.url ?? ''];
    if (!make) return void res.writeHead(404).end('not found');
    if (!cache.has(req.url!)) cache.set(req.url!, make());
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(cache.get(req.url!));
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await createTestApp({ SEED_FOODS: 'true', RECIPE_ALLOWED_DOMAINS: '*', RECIPE_FETCH_ALLOW_PRIVATE: 'true' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => (site ? site.close(() => r()) : r()));
});

async function proUser() {
  const u = await makeUser(t);
  await grantTier(t.app.db, u.user.id, 'pro');
  return u.token;
}

/** Polls GET /health while `work` runs; the slowest answer is how long another user waited for the server. */
async function healthWhile<T>(work: Promise<T>): Promise<{ result: T; slowestHealthMs: number; polls: number }> {
  let done = false;
  let slowest = 0;
  let polls = 0;
  const poller = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await t.http.get('/health');
      slowest = Math.max(slowest, performance.now() - started);
      polls++;
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    return { result: await work, slowestHealthMs: slowest, polls };
  } finally {
    done = true;
    await poller;
  }
}

/** Ingredient lines that each cost real search work: unique misspelt words the search tries to correct. */
const misspelt = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => `${i + 1} cups ${['chiken', 'brocolli', 'tomatoe', 'spinnach', 'potatoe', 'onoin', 'carot', 'garlick'][i % 8]} ${tag}${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}qz`);

/** A raw analyze call on its own connection that can be abandoned: the client goes away, its socket closed. */
function analyzeAbortable(token: string, body: object) {
  const payload = JSON.stringify(body);
  let req: ClientRequest;
  const done = new Promise<{ status: number; headers: Record<string, unknown>; json: any }>((resolve) => {
    req = request(`${t.api}/recipes/analyze`, { method: 'POST', agent: false, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, json: JSON.parse(Buffer.concat(chunks).toString() || 'null') }));
      res.on('error', () => resolve({ status: 0, headers: {}, json: null }));
    });
    req.on('error', () => resolve({ status: 0, headers: {}, json: null }));
    req.end(payload);
  });
  return { done, abort: () => req.destroy() };
}

describe('pages that would hold the server (issue 39 item 2)', () => {
  it('a 3.4 MB page of 200,000 nested <strong> gets 422 naming the nesting cap, quickly, and the server keeps answering', async () => {
    const token = await proUser();
    const started = performance.now();
    const { result: res, slowestHealthMs, polls } = await healthWhile(t.http.post('/recipes/analyze', { url: `${base}/strong-200k` }, { token }));
    const ms = performance.now() - started;
    expect(res.status).toBe(422);
    expect(isErrorBody(res)).toBe(true);
    expect(res.json.detail.msg).toBe('This page is too deeply nested to read (more than 512 levels)');
    expect(ms).toBeLessThan(5000);
    expect(polls).toBeGreaterThan(0);
    expect(slowestHealthMs).toBeLessThan(500);
  }, 60_000);

  it('20,000 nested levels: 422, not the 500 stack overflow, and health answers meanwhile', async () => {
    const token = await proUser();
    const { result: res, slowestHealthMs } = await healthWhile(t.http.post('/recipes/analyze', { url: `${base}/strong-20k` }, { token }));
    expect(res.status).toBe(422);
    expect(res.json.detail).toMatchObject({ type: 'validation_error', msg: 'This page is too deeply nested to read (more than 512 levels)' });
    expect(slowestHealthMs).toBeLessThan(500);
  }, 60_000);

  it('a page of more than 100,000 elements gets 422 naming the cap', async () => {
    const res = await t.http.post('/recipes/analyze', { url: `${base}/many-elements` }, { token: await proUser() });
    expect(res.status).toBe(422);
    expect(isErrorBody(res)).toBe(true);
    expect(res.json.detail.msg).toBe('This page has too many elements to read (more than 100,000)');
  }, 30_000);

  it('JSON-LD recipeInstructions nested 20,000 arrays deep gets 422 naming the cap (it was a 500); 20 levels still read', async () => {
    const token = await proUser();
    const res = await t.http.post('/recipes/analyze', { url: `${base}/jsonld-deep` }, { token });
    expect(res.status).toBe(422);
    expect(isErrorBody(res)).toBe(true);
    expect(res.json.detail.msg).toBe("This page's recipe data is too deeply nested to read (more than 64 levels)");
    const ok = await t.http.post('/recipes/analyze', { url: `${base}/jsonld-ok-depth` }, { token });
    expect(ok.status).toBe(200);
    expect(ok.json.recipe_details).toMatchObject({ title: 'Nested steps', instructions: ['Stir.'] });
  }, 30_000);
});

describe('imported lines and abandoned analyses (issue 39 item 3)', () => {
  it('an imported page with 150 ingredient lines gets 422 saying at most 100; 100 lines are analysed', async () => {
    const token = await proUser();
    const before = searches.count;
    const res = await t.http.post('/recipes/analyze', { url: `${base}/lines-150` }, { token });
    expect(res.status).toBe(422);
    expect(isErrorBody(res)).toBe(true);
    expect(res.json.detail.msg).toBe('This recipe has 150 ingredient lines; at most 100 can be analysed at once');
    // Refused before any matching.
    expect(searches.count).toBe(before);
    const ok = await t.http.post('/recipes/analyze', { url: `${base}/lines-100` }, { token });
    expect(ok.status).toBe(200);
    expect(ok.json.recipe_details.ingredients).toHaveLength(100);
  }, 60_000);

  it('the same line analysed again is not searched again', async () => {
    const token = await proUser();
    const before = searches.count;
    const res = await t.http.post('/recipes/analyze', { ingredients: Array.from({ length: 50 }, () => '2 large eggs') }, { token });
    expect(res.status).toBe(200);
    expect(res.json.recipe_details.ingredients).toHaveLength(50);
    expect(new Set(res.json.recipe_details.ingredients.map((i: { food_id: string }) => i.food_id)).size).toBe(1);
    expect(searches.count - before).toBeLessThanOrEqual(3);
  }, 60_000);

  it('a client that goes away mid-analysis stops the work: no more searches after the abort', async () => {
    const token = await proUser();
    const before = searches.count;
    const call = analyzeAbortable(token, { ingredients: misspelt(100, 'gone') });
    // Wait until the analysis is well under way, then leave.
    const until = Date.now() + 20_000;
    while (searches.count - before < 6 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(searches.count - before).toBeGreaterThanOrEqual(6);
    call.abort();
    expect((await call.done).status).toBe(0);
    // At most the search that was running when the client left finishes.
    await new Promise((r) => setTimeout(r, 300));
    const atAbort = searches.count;
    await new Promise((r) => setTimeout(r, 3000));
    expect(searches.count - atAbort).toBe(0);
    // Far from the ~300 searches the 100 lines would have made.
    expect(searches.count - before).toBeLessThan(60);
  }, 60_000);

  it("a user's analyses beyond 1 running and 1 waiting get 429 with Retry-After and the error body; another user's is not refused", async () => {
    const a = await proUser();
    const b = await proUser();
    const before = searches.count;
    const first = analyzeAbortable(a, { ingredients: misspelt(100, 'one') });
    const second = analyzeAbortable(a, { ingredients: misspelt(100, 'two') });
    try {
      const until = Date.now() + 20_000;
      while (searches.count === before && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 100));
      const third = await t.http.post('/recipes/analyze', { ingredients: ['1 egg'] }, { token: a });
      expect(third.status).toBe(429);
      expect(isErrorBody(third)).toBe(true);
      expect(third.json.detail.type).toBe('rate_limited');
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      const other = await t.http.post('/recipes/analyze', { ingredients: ['1 egg'] }, { token: b });
      expect(other.status).toBe(200);
      expect(other.json.recipe_details.ingredients[0].food_name).toMatch(/egg/i);
    } finally {
      first.abort();
      second.abort();
      await Promise.all([first.done, second.done]);
    }
  }, 60_000);

  it('analyses are limited to 60 an hour per user, counted in the database', async () => {
    const token = await proUser();
    for (let i = 0; i < 60; i++) expect((await t.http.post('/recipes/analyze', { ingredients: ['1 egg'] }, { token })).status, `call ${i + 1}`).toBe(200);
    const over = await t.http.post('/recipes/analyze', { ingredients: ['1 egg'] }, { token });
    expect(over.status).toBe(429);
    expect(isErrorBody(over)).toBe(true);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(60);
    // Another user still has theirs.
    expect((await t.http.post('/recipes/analyze', { ingredients: ['1 egg'] }, { token: await proUser() })).status).toBe(200);
  }, 120_000);
});
