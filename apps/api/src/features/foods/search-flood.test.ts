/**
 * Issue 8 item 8: a flood of worst-case searches (long misspelt words) must not freeze the server or
 * fail it: every search answers 200 or 429 (never 500), another user's light request stays fast, and
 * one user's searches are rate-limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isErrorBody, type TestApp } from '../../../test/helpers.ts';
import { makeUser } from './test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_FOODS: 'true' });
});
afterAll(async () => {
  await t?.close();
});

/** Long misspelt words: every one needs typo correction, the most expensive path. */
const worst = (i: number) =>
  `chikcen${i} brocolli casarole tomatoe parmesian chese spagheti lasagnna ${'vegetabel '.repeat(12)}`.slice(0, 200);

describe('a search flood', () => {
  it('answers all 30 concurrent worst-case searches with 200 or 429, none 500, while /auth/me stays fast', async () => {
    const searcher = await makeUser(t);
    const bystander = await makeUser(t);
    // Warm both routes, so the first measured call is not a cold start.
    await t.http.get('/auth/me', { token: bystander.token });
    await t.http.get('/foods/search?query=banana', { token: bystander.token });
    const started = performance.now();
    const flood = Array.from({ length: 30 }, (_, i) => t.http.get(`/foods/search?query=${encodeURIComponent(worst(i))}`, { token: searcher.token }));
    await new Promise((r) => setTimeout(r, 50));
    const me: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      expect((await t.http.get('/auth/me', { token: bystander.token })).status).toBe(200);
      me.push(performance.now() - t0);
    }
    const answers = await Promise.all(flood);
    for (const a of answers) {
      expect([200, 429]).toContain(a.status);
      expect(a.status === 200 || isErrorBody(a)).toBe(true);
    }
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    // Generous for a shared, loaded CI machine (unbounded, one call took 23 s); the benchmark measures p95 < 200 ms.
    expect(Math.max(...me)).toBeLessThan(5000);
    expect(performance.now() - started).toBeLessThan(60_000);
  });

  it('rate-limits one user (429 with Retry-After) but not another', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await t.http.get('/foods/search?query=zz', { token: a.token })).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    const limited = await t.http.get('/foods/search?query=zz', { token: a.token });
    expect(limited.status).toBe(429);
    expect(isErrorBody(limited)).toBe(true);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await t.http.get('/foods/search?query=banana', { token: b.token })).status).toBe(200);
  });
});
