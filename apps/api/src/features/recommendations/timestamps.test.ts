/**
 * Issue 40 item 8c: one instant type for every `timestamp` (packages/contracts InstantSchema / TimestampSchema):
 * ISO 8601 with an offset, or epoch milliseconds as a number or a numeric string. The analysis calls refused
 * epoch milliseconds (their schema was ISO only), though the contract's own comment accepted them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isErrorBody, type TestApp } from '../../../test/helpers.ts';
import { makeUser, type TestUser } from '../meal-plans/test-support.ts';
import { grantTier } from '../subscriptions/test-support.ts';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await makeUser(t, { timezone: 'America/New_York', daily_calorie_goal: 2000 });
  await grantTier(t.app.db, u.id, 'pro');
});
afterAll(async () => {
  await t?.close();
});

const ISO = '2025-03-10T02:00:00Z';
const MS = Date.parse(ISO); // 1741572000000: 02:00 UTC on the 10th is still the 9th in New York

describe('timestamp: ISO 8601 with offset or epoch milliseconds, on every call (issue 40 item 8c)', () => {
  for (const path of ['/recommendations/overall-analysis', '/recommendations/pattern-analysis']) {
    it(`${path} takes epoch milliseconds and reads them as the same instant as the ISO form`, async () => {
      const iso = await t.http.get(`${path}?timeframe_days=7&timestamp=${encodeURIComponent(ISO)}`, { token: u.token });
      expect(iso.status, iso.text).toBe(200);
      const ms = await t.http.get(`${path}?timeframe_days=7&timestamp=${MS}`, { token: u.token });
      expect(ms.status, ms.text).toBe(200);
      expect(ms.json).toMatchObject({ start_date: iso.json.start_date, end_date: '2025-03-09' });
      const offset = await t.http.get(`${path}?timeframe_days=7&timestamp=${encodeURIComponent('2025-03-09T21:00:00-05:00')}`, { token: u.token });
      expect(offset.json.end_date).toBe('2025-03-09');
      // Without an offset the instant depends on the server's zone: refused, as is anything else.
      for (const bad of ['2025-03-10T02:00:00', '2025-03-10', 'soon', '99999999999999999']) {
        const res = await t.http.get(`${path}?timestamp=${encodeURIComponent(bad)}`, { token: u.token });
        expect(res.status, bad).toBe(422);
        expect(isErrorBody(res)).toBe(true);
        expect(res.json.detail.msg).toMatch(/epoch milliseconds/);
      }
    }, 60_000);
  }

  it('what-to-eat takes a JSON number, the meal query a numeric string, both the same instant as ISO', async () => {
    const body = await t.http.post('/recommendations/what-to-eat', { meal_type: 'snack', timestamp: MS }, { token: u.token });
    expect(body.status, body.text).toBe(200);
    expect(body.json.date).toBe('2025-03-09');
    const query = await t.http.get(`/recommendations/meal?meal_type=snack&timestamp=${MS}`, { token: u.token });
    expect(query.status, query.text).toBe(200);
    expect(query.json.date).toBe('2025-03-09');
    expect((await t.http.post('/recommendations/what-to-eat', { timestamp: '2025-03-10T02:00:00' }, { token: u.token })).status).toBe(422);
    expect((await t.http.post('/recommendations/what-to-eat', { timestamp: 1.5 }, { token: u.token })).status).toBe(422);
  }, 60_000);
});
