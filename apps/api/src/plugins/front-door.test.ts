// Issue 39: the front door. A user's requests in flight are capped before the database is touched, and a user who
// keeps on after being refused has their 429s held, so a flood cannot spin on cheap refusals.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, isErrorBody, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FRONT_DOOR_PER_USER: '4', FRONT_DOOR_HOLD_MS: '1500' });
});
afterAll(async () => t?.close());

/** A POST whose body is not finished: the request stays in flight until `finish` is called. */
function unfinishedPost(token: string) {
  const url = new URL(`${t.api}/food-logs`);
  const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': '1000' } });
  const answer = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  req.write('{"food_name":');
  return { answer, finish: () => req.end(' '.repeat(1000 - '{"food_name":'.length)) };
}

describe('the front door', () => {
  it("refuses a user's request past their share in flight at once, and never another user's", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const open = Array.from({ length: 4 }, () => unfinishedPost(a.token));
    await new Promise((r) => setTimeout(r, 300));
    const refused = await t.http.get('/food-logs/manual-foods', { token: a.token });
    expect(refused.status).toBe(429);
    expect(isErrorBody(refused)).toBe(true);
    expect(refused.json.detail.msg).toBe('Too many requests at once. Wait for your other requests to finish and try again.');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await t.http.get('/food-logs/manual-foods', { token: b.token })).status).toBe(200);
    for (const o of open) o.finish();
    expect(await Promise.all(open.map((o) => o.answer))).toEqual([400, 400, 400, 400]);
    // Their slots are free again.
    expect((await t.http.get('/food-logs/manual-foods', { token: a.token })).status).toBe(200);
  });

  it('answers the first refusals at once and holds those of a user who keeps on; another user is answered meanwhile', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    // Search allows 60 a minute: spend them, then keep on.
    for (let i = 0; i < 60; i++) expect((await t.http.get('/foods/search?query=apple', { token: a.token })).status).toBe(200);
    const times: number[] = [];
    for (let i = 0; i < 12; i++) {
      const start = performance.now();
      const res = await t.http.get('/foods/search?query=apple', { token: a.token });
      times.push(performance.now() - start);
      expect(res.status).toBe(429);
      expect(isErrorBody(res)).toBe(true);
    }
    // The first ten refusals are sent at once (a person who hits a limit is told so); after them each is held.
    expect(Math.max(...times.slice(0, 10))).toBeLessThan(1000);
    expect(Math.min(...times.slice(10))).toBeGreaterThanOrEqual(1400);
    // While A's refusals are held, B is answered.
    const held = t.http.get('/foods/search?query=apple', { token: a.token });
    const other = await t.http.get('/foods/search?query=apple', { token: b.token });
    expect(other.status).toBe(200);
    expect((await held).status).toBe(429);
  });
});
