/** Issue 42 §8 and §12: a weight a day with a date, the jump question, plain messages; water with a goal. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { addDays, format, subDays } from 'date-fns';
import { createTestApp, isErrorBody, type TestApp } from '../../../test/helpers.ts';
import { makeUser } from '../foods/test-support.ts';

let t: TestApp;
let token: string;
let other: string;
const TZ = 'America/New_York';
const today = () => format(new TZDate(new Date(), TZ), 'yyyy-MM-dd');
const day = (n: number) => format(subDays(new Date(`${today()}T12:00:00`), n), 'yyyy-MM-dd');

beforeAll(async () => {
  t = await createTestApp();
  token = (await makeUser(t, { timezone: TZ })).token;
  other = (await makeUser(t, { timezone: TZ })).token;
});
afterAll(async () => {
  await t?.close();
});

describe('weight logging', () => {
  it('takes a date (not a future one), keeps one weight a day and says which one it replaced', async () => {
    const y = await t.http.post('/health-metrics/weight', { weight_kg: 84.9, date: day(1) }, { token });
    expect(y.status).toBe(201);
    expect(y.json).toMatchObject({ date: day(1), weight_kg: 84.9, replaced: null });
    const first = await t.http.post('/health-metrics/weight', { weight_kg: 84.6, time: '07:10' }, { token });
    expect(first.status).toBe(201);
    expect(first.json.date).toBe(today());
    const second = await t.http.post('/health-metrics/weight', { weight_kg: 84.4, time: '19:30' }, { token });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ id: first.json.id, weight_kg: 84.4, time: '19:30', replaced: { weight_kg: 84.6, time: '07:10' } });
    const list = await t.http.get(`/health-metrics/weight?start_date=${day(1)}&end_date=${today()}`, { token });
    expect(list.json.map((w: any) => [w.date, w.weight_kg])).toEqual([[day(1), 84.9], [today(), 84.4]]);

    const tomorrow = format(addDays(new Date(`${today()}T12:00:00`), 1), 'yyyy-MM-dd');
    const future = await t.http.post('/health-metrics/weight', { weight_kg: 84, date: tomorrow }, { token });
    expect(future.status).toBe(422);
    expect(future.json.detail.msg).toBe('A weight cannot be logged for a day in the future');
  });

  it('asks before storing a jump of more than 3 kg (or 3 %) from the nearest earlier weigh-in within 14 days', async () => {
    const jump = await t.http.post('/health-metrics/weight', { weight_kg: 95.1, date: today() }, { token });
    expect(jump.status).toBe(409);
    expect(isErrorBody(jump)).toBe(true);
    expect(jump.json.detail.type).toBe('weight_jump_unconfirmed');
    // Compared with the weigh-in it would replace (today's 84.4 kg), the nearest earlier one.
    expect(jump.json.detail.errors).toEqual({ previous: { date: today(), weight_kg: 84.4 }, weight_kg: 95.1, difference_kg: 10.7 });
    expect(jump.json.detail.msg).toBe('95.1 kg is 10.7 kg more than the 84.4 kg you logged today. Check the number, or save it again to confirm.');
    // An earlier day is compared with the latest weigh-in on or before it: yesterday's 84.9 kg.
    const back = await t.http.post('/health-metrics/weight', { weight_kg: 80.9, date: day(1) }, { token });
    expect(back.status).toBe(409);
    expect(back.json.detail.errors).toEqual({ previous: { date: day(1), weight_kg: 84.9 }, weight_kg: 80.9, difference_kg: -4 });
    // Nothing was stored: today still holds 84.4.
    const still = await t.http.get(`/health-metrics/weight?start_date=${today()}&end_date=${today()}`, { token });
    expect(still.json[0].weight_kg).toBe(84.4);
    // 3 kg passes; confirm stores a jump.
    expect((await t.http.post('/health-metrics/weight', { weight_kg: 87.4 }, { token })).status).toBe(200);
    const ok = await t.http.post('/health-metrics/weight', { weight_kg: 95.1, confirm: true }, { token });
    expect(ok.status).toBe(200);
    expect(ok.json.weight_kg).toBe(95.1);
    // 3 % of 150 kg is 4.5 kg: a 4 kg change of a heavier person is not asked about; 16 days back is not compared.
    expect((await t.http.post('/health-metrics/weight', { weight_kg: 150, date: day(30) }, { token: other })).status).toBe(201);
    expect((await t.http.post('/health-metrics/weight', { weight_kg: 100, date: day(14) }, { token: other })).status).toBe(201);
    expect((await t.http.post('/health-metrics/weight', { weight_kg: 104, date: day(13) }, { token: other })).status).toBe(409);
    expect((await t.http.post('/health-metrics/weight', { weight_kg: 146, date: day(29) }, { token: other })).status).toBe(201);
    // An edit that makes a jump asks too.
    const w = await t.http.post('/health-metrics/weight', { weight_kg: 101, date: day(12) }, { token: other });
    expect((await t.http.put(`/health-metrics/weight/${w.json.id}`, { weight_kg: 110 }, { token: other })).status).toBe(409);
    expect((await t.http.put(`/health-metrics/weight/${w.json.id}`, { weight_kg: 110, confirm: true }, { token: other })).status).toBe(200);
  });

  it('an edit that moves a weight onto a day that has one replaces it; another user cannot touch it', async () => {
    const a = await t.http.post('/health-metrics/weight', { weight_kg: 109.5, date: day(11) }, { token: other });
    const b = await t.http.post('/health-metrics/weight', { weight_kg: 109.6, date: day(10) }, { token: other });
    expect((await t.http.put(`/health-metrics/weight/${b.json.id}`, { date: day(11) }, { token })).status).toBe(404);
    expect((await t.http.del(`/health-metrics/weight/${b.json.id}`, { token })).status).toBe(404);
    const moved = await t.http.put(`/health-metrics/weight/${b.json.id}`, { date: day(11) }, { token: other });
    expect(moved.status).toBe(200);
    const list = await t.http.get(`/health-metrics/weight?start_date=${day(11)}&end_date=${day(10)}`, { token: other });
    expect(list.json.map((w: any) => [w.id, w.weight_kg])).toEqual([[b.json.id, 109.6]]);
    expect((await t.http.del(`/health-metrics/weight/${a.json.id}`, { token: other })).status).toBe(404);
  });

  it('says what is wrong in words, never a field name; bad input is 4xx, never 500', async () => {
    const cases: unknown[] = [{ weight_kg: 900 }, { weight_kg: 5 }, { weight_kg: 'heavy' }, { weight_kg: 80, confirm: 'yes' }, { weight_kg: 80, date: 'yesterday' }, {}, []];
    for (const body of cases) {
      const res = await t.http.post('/health-metrics/weight', body, { token });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      // The field's message is what the screens show next to the field.
      for (const e of Array.isArray(res.json.detail.errors) ? res.json.detail.errors : []) expect(e.msg).not.toMatch(/weight_kg/);
    }
    const range = await t.http.post('/health-metrics/weight', { weight_kg: 900 }, { token });
    expect(range.json.detail.errors[0]).toMatchObject({ loc: ['body', 'weight_kg'], msg: 'Weight must be between 20 and 500 kg' });
  });
});

describe('water', () => {
  it('adds glasses and custom amounts, lists and totals a day against the goal, deletes one add', async () => {
    const empty = await t.http.get('/health-metrics/water', { token });
    expect(empty.json).toEqual({ date: today(), entries: [], total_ml: 0, goal_ml: null });
    const g1 = await t.http.post('/health-metrics/water', { amount_ml: 250 }, { token });
    expect(g1.status).toBe(201);
    expect(g1.json).toMatchObject({ date: today(), amount_ml: 250, source: 'manual' });
    await t.http.post('/health-metrics/water', { amount_ml: 250 }, { token });
    await t.http.post('/health-metrics/water', { amount_ml: 330, date: day(1) }, { token });
    const g3 = await t.http.post('/health-metrics/water', { amount_ml: 500 }, { token });
    expect((await t.http.del(`/health-metrics/water/${g3.json.id}`, { token })).status).toBe(204);
    const day0 = await t.http.get('/health-metrics/water', { token });
    expect(day0.json.total_ml).toBe(500);
    expect(day0.json.entries.map((e: any) => e.amount_ml)).toEqual([250, 250]);
    const y = await t.http.get(`/health-metrics/water?date=${day(1)}`, { token });
    expect(y.json.total_ml).toBe(330);
    const daily = await t.http.get(`/health-metrics/water/daily?start_date=${day(6)}&end_date=${today()}`, { token });
    expect(daily.json).toEqual({ days: [{ date: day(1), total_ml: 330 }, { date: today(), total_ml: 500 }], goal_ml: null });

    const set = await t.http.put('/user-settings', { daily_water_goal_ml: 2500 }, { token });
    expect(set.status).toBe(200);
    expect(set.json.daily_water_goal_ml).toBe(2500);
    expect((await t.http.get('/health-metrics/water', { token })).json.goal_ml).toBe(2500);
    const badGoal = await t.http.put('/user-settings', { daily_water_goal_ml: 50 }, { token });
    expect(badGoal.status).toBe(422);
    expect(badGoal.json.detail.errors[0].msg).toBe('The water goal must be between 250 and 10,000 ml');
    expect((await t.http.put('/user-settings', { daily_water_goal_ml: null }, { token })).json.daily_water_goal_ml).toBe(null);
  });

  it("another user's water entry is 404; bad input is 422, never 500", async () => {
    const mine = await t.http.post('/health-metrics/water', { amount_ml: 250 }, { token });
    expect((await t.http.del(`/health-metrics/water/${mine.json.id}`, { token: other })).status).toBe(404);
    expect((await t.http.get('/health-metrics/water', { token: other })).json.total_ml).toBe(0);
    expect((await t.http.del('/health-metrics/water/999999', { token })).status).toBe(404);
    expect((await t.http.del('/health-metrics/water/abc', { token })).status).toBe(422);
    const tomorrow = format(addDays(new Date(`${today()}T12:00:00`), 1), 'yyyy-MM-dd');
    for (const body of [{ amount_ml: 0 }, { amount_ml: 6000 }, { amount_ml: 12.5 }, { amount_ml: '250' }, { amount_ml: 250, date: tomorrow }, {}]) {
      const res = await t.http.post('/health-metrics/water', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(isErrorBody(res)).toBe(true);
    }
    expect((await t.http.get('/health-metrics/water?date=2025-13-01', { token })).status).toBe(422);
    expect((await t.http.post('/health-metrics/water', { amount_ml: 250 })).status).toBe(401);
  });
});

describe('water in the food log export', () => {
  it('adds a water section (date, water_ml, water in the user units) after the foods; none when no water was logged', async () => {
    const u = await makeUser(t, { timezone: TZ, units: 'imperial' });
    expect((await t.http.post('/food-logs', { food_name: 'Toast', calories: 120, meal_type: 'breakfast', date: day(1) }, { token: u.token })).status).toBe(201);
    const none = await t.http.get('/food-logs/download/7', { token: u.token });
    expect(none.text).not.toContain('water');
    await t.http.post('/health-metrics/water', { amount_ml: 250, date: day(1) }, { token: u.token });
    await t.http.post('/health-metrics/water', { amount_ml: 500 }, { token: u.token });
    const csv = await t.http.get('/food-logs/download/7', { token: u.token });
    expect(csv.status).toBe(200);
    const [foods, water] = csv.text.split('\n\n');
    expect(foods).toContain('Toast');
    expect(water!.trim().split('\n')).toEqual(['date,water_ml,water', `${day(1)},250,8.5 fl oz`, `${today()},500,16.9 fl oz`]);
  });
});
