/**
 * Issue 8 item 9 (out-of-range dates and timestamps answer 422, never 500) and issue 9 item 6
 * (partial daily-summary goals merge with the settings; what-to-eat takes meal_type from the query too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isErrorBody, type TestApp } from '../../../test/helpers.ts';
import { makeUser, multiDayBody, type TestUser } from '../meal-plans/test-support.ts';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp({ WORKER: 'false' });
  u = await makeUser(t, { timezone: 'Europe/Berlin', daily_calorie_goal: 2100, daily_protein_goal: 150, daily_carbs_goal: 220, daily_fat_goal: 70, daily_fiber_goal: 28 });
});
afterAll(async () => {
  await t?.close();
});

const BAD_DATES = ['0000-01-01', '1899-12-31', '2101-01-01', '9999-12-25'];
const BAD_INSTANTS = ['99999999999999999999', '-1', '0000-01-01T00:00:00Z', '9999-12-25T10:00:00Z', '253402300800000', 'soon'];

async function expect422(res: { status: number; text: string }) {
  expect(res.status, res.text).toBe(422);
  expect(isErrorBody(res as never)).toBe(true);
}

describe('dates and timestamps out of range answer 422 (issue 8 item 9)', () => {
  it('food logs: daily and meal summaries, logging and editing', async () => {
    for (const d of BAD_DATES) {
      await expect422(await t.http.get(`/food-logs/daily-summary/${d}`, { token: u.token }));
      await expect422(await t.http.get(`/food-logs/meal-summary/${d}/lunch`, { token: u.token }));
      await expect422(await t.http.post('/food-logs', { food_id: 'x', date: d, meal_type: 'lunch', servings: 1 }, { token: u.token }));
      await expect422(await t.http.put('/food-logs/1', { date: d }, { token: u.token }));
    }
    // The edges are fine.
    expect((await t.http.get('/food-logs/daily-summary/1900-01-01', { token: u.token })).status).toBe(200);
    expect((await t.http.get('/food-logs/daily-summary/2100-12-31', { token: u.token })).status).toBe(200);
  });

  it('meal plans: start_date', async () => {
    for (const d of BAD_DATES) {
      const res = await t.http.post('/meal-plans/multi-day', multiDayBody({ start_date: d }), { token: u.token });
      await expect422(res);
      expect(JSON.stringify(res.json.detail.errors)).toContain('start_date');
    }
  });

  it('recommendations: timestamp and current_time, in the query and the body', async () => {
    for (const ts of BAD_INSTANTS) {
      const q = encodeURIComponent(ts);
      await expect422(await t.http.get(`/recommendations/meal?timestamp=${q}`, { token: u.token }));
      await expect422(await t.http.get(`/recommendations/meal?current_time=${q}`, { token: u.token }));
      await expect422(await t.http.post(`/recommendations/daily-meal-plan/request?timestamp=${q}`, {}, { token: u.token }));
      await expect422(await t.http.post('/recommendations/what-to-eat', { timestamp: ts }, { token: u.token }));
      await expect422(await t.http.post(`/recommendations/what-to-eat?timestamp=${q}`, {}, { token: u.token }));
    }
    // The contract's own words, not the pattern of its first branch.
    for (const q of ['7am', '25:00']) {
      const res = await t.http.get(`/recommendations/meal?current_time=${q}`, { token: u.token });
      expect(res.json.detail.msg, q).toBe('current_time: current_time must be HH:MM or an ISO 8601 date-time within 1900..2100');
    }
  });

  it('sweep: no route of the OpenAPI document answers 500 to an out-of-range date or timestamp', async () => {
    const doc = (await t.http.get('/openapi.json')).json;
    expect(doc?.paths, 'OpenAPI document').toBeTruthy();
    let probed = 0;
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        const params: any[] = op.parameters ?? [];
        const dateish = params.filter((p) => /date|time/.test(p.name));
        const bodyProps = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}).filter((k) => /date|timestamp|_time$/.test(k));
        if (!dateish.length && !bodyProps.length) continue;
        const bad = (name: string) => (/date/.test(name) ? '9999-12-25' : '99999999999999999999');
        let url = path.replace(/^\/api\/v1/, '').replace(/\{(\w+)\}/g, (_, n) => (/date/.test(n) ? '0000-01-01' : n === 'mealType' ? 'lunch' : '1'));
        const query = dateish.filter((p) => p.in === 'query').map((p) => `${p.name}=${bad(p.name)}`).join('&');
        if (query) url += `?${query}`;
        const body = Object.fromEntries(bodyProps.map((k) => [k, bad(k)]));
        const res = await t.http.call(method.toUpperCase(), url, { token: u.token, body: method === 'get' ? undefined : body });
        expect(res.status, `${method} ${url}`).toBeLessThan(500);
        expect([404, 405, 422], `${method} ${url}: ${res.text}`).toContain(res.status);
        probed++;
      }
    }
    expect(probed).toBeGreaterThanOrEqual(6);
  });
});

describe('contract gaps (issue 9 item 6)', () => {
  it('daily summary: a partial goals override keeps the other goals from the settings', async () => {
    const res = await t.http.get(`/food-logs/daily-summary/2025-03-03?goals=${encodeURIComponent(JSON.stringify({ daily_protein_goal: 90 }))}`, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.json.goals).toEqual({ calories: 2100, protein: 90, carbs: 220, fat: 70, fiber: 28 });
  });

  it('what-to-eat: meal_type from the query, the body wins, an unknown meal type is a 422', async () => {
    const ts = encodeURIComponent('2025-03-03T07:30:00+01:00');
    const fromQuery = await t.http.post(`/recommendations/what-to-eat?meal_type=dinner&timestamp=${ts}`, {}, { token: u.token });
    expect(fromQuery.status, fromQuery.text).toBe(200);
    expect(fromQuery.json.meal_type).toBe('dinner');
    const noBody = await t.http.post(`/recommendations/what-to-eat?meal_type=snack&timestamp=${ts}`, undefined, { token: u.token });
    expect(noBody.status, noBody.text).toBe(200);
    expect(noBody.json.meal_type).toBe('snack');
    const both = await t.http.post(`/recommendations/what-to-eat?meal_type=dinner&timestamp=${ts}`, { meal_type: 'lunch' }, { token: u.token });
    expect(both.json.meal_type).toBe('lunch');
    await expect422(await t.http.post(`/recommendations/what-to-eat?meal_type=brunch`, {}, { token: u.token }));
    await expect422(await t.http.post('/recommendations/what-to-eat', { meal_type: 'brunch' }, { token: u.token }));
  });
});
