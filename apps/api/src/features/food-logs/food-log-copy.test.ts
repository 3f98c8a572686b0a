import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { format, subDays } from 'date-fns';
import { createTestApp, isErrorBody, type TestApp } from '../../../test/helpers.ts';
import { makeUser } from '../foods/test-support.ts';
import { eq } from 'drizzle-orm';
import { foods } from '../../db/schema/index.ts';

let t: TestApp;
let token: string;
let otherToken: string;
let foodId: string;
const TZ = 'Pacific/Kiritimati';
const today = () => format(new TZDate(new Date(), TZ), 'yyyy-MM-dd');
const daysAgo = (n: number) => format(subDays(new Date(`${today()}T12:00:00Z`), n), 'yyyy-MM-dd');

beforeAll(async () => {
  t = await createTestApp();
  token = (await makeUser(t, { timezone: TZ })).token;
  otherToken = (await makeUser(t)).token;
  // 1 cup = 240 g, 60 kcal per 100 g, with calcium (125 mg per 100 g: a mineral the copy must keep).
  const food = await t.http.post('/foods/custom', { name: 'Copy Milk', serving_size: 1, serving_unit: 'cup', serving_grams: 240, calories: 144, protein: 7.2, carbs: 12, fat: 4.8 }, { token });
  expect(food.status).toBe(201);
  foodId = food.json.id;
  await t.app.db.update(foods).set({ calcium: 125 }).where(eq(foods.id, foodId));
});
afterAll(async () => {
  await t?.close();
});

const FROM = '2025-04-01';
const day = async (date: string, tok = token) => (await t.http.get(`/food-logs/daily-summary/${date}`, { token: tok })).json;

describe('POST /food-logs/copy', () => {
  it('copies every entry of a day to another day, same meals, amounts and nutrients; 201 with the new entries', async () => {
    const logged = await t.http.post(
      '/food-logs/batch',
      [
        { food_id: foodId, number_of_servings: 1.5, meal_type: 'breakfast', date: FROM },
        { food_name: 'Toast', serving_description: '1 slice', calories: 80, protein: 3, carbs: 14, fat: 1, number_of_servings: 2, meal_type: 'breakfast', date: FROM },
        { food_name: 'Soup', calories: 200, protein: 8, carbs: 20, fat: 9, meal_type: 'dinner', date: FROM },
      ],
      { token },
    );
    expect(logged.status).toBe(201);
    const res = await t.http.post('/food-logs/copy', { from_date: FROM, to_date: '2025-04-05' }, { token });
    expect(res.status).toBe(201);
    expect(res.json).toHaveLength(3);
    const strip = ({ id: _i, date: _d, created_at: _c, updated_at: _u, ...rest }: any) => rest;
    expect(res.json.map(strip)).toEqual(logged.json.map(strip));
    expect(res.json.every((e: any) => e.date === '2025-04-05')).toBe(true);
    expect(new Set(res.json.map((e: any) => e.id)).size).toBe(3);
    expect(res.json.some((e: any) => logged.json.some((l: any) => l.id === e.id))).toBe(false);
    // The milk's calcium came along (a copy of the row, not a manual entry).
    expect(res.json[0]).toMatchObject({ food_id: foodId, calories: 216, micronutrients: expect.objectContaining({ calcium: 450 }) });
    const [src, dst] = [await day(FROM), await day('2025-04-05')];
    expect(dst.daily_totals).toEqual(src.daily_totals);
    expect(dst.meals.breakfast.foods.map((f: any) => f.food_name)).toEqual(['Copy Milk', 'Toast']);
    expect(dst.meals.dinner.foods.map((f: any) => f.food_name)).toEqual(['Soup']);
  });

  it('copies one meal only when meal_type is given; the same day again logs it again', async () => {
    const res = await t.http.post('/food-logs/copy', { from_date: FROM, to_date: FROM, meal_type: 'dinner' }, { token });
    expect(res.status).toBe(201);
    expect(res.json.map((e: any) => [e.food_name, e.meal_type, e.date])).toEqual([['Soup', 'dinner', FROM]]);
    const d = await day(FROM);
    expect(d.meals.dinner.foods).toHaveLength(2);
    expect(d.meals.breakfast.foods).toHaveLength(2);
    const lunch = await t.http.post('/food-logs/copy', { from_date: FROM, to_date: '2025-04-06', meal_type: 'lunch' }, { token });
    expect(lunch.status).toBe(404);
    expect(isErrorBody(lunch)).toBe(true);
    expect(lunch.json.detail.msg).toBe(`Nothing logged on ${FROM} for lunch`);
    const empty = await t.http.post('/food-logs/copy', { from_date: '2020-01-01', to_date: '2025-04-06' }, { token });
    expect(empty.status).toBe(404);
    expect(empty.json.detail.msg).toBe('Nothing logged on 2020-01-01');
    expect((await day('2025-04-06')).daily_totals.calories).toBe(0);
  });

  it('copies only your own entries: another user copying those dates gets 404 and nothing of yours', async () => {
    const res = await t.http.post('/food-logs/copy', { from_date: FROM, to_date: '2025-04-07' }, { token: otherToken });
    expect(res.status).toBe(404);
    expect((await day('2025-04-07', otherToken)).daily_totals.calories).toBe(0);
    expect((await day('2025-04-07')).daily_totals.calories).toBe(0);
  });

  it('rejects bad input with 422 and writes nothing', async () => {
    for (const body of [{}, { from_date: FROM }, { from_date: FROM, to_date: '2025-02-30' }, { from_date: FROM, to_date: '2025-04-08', meal_type: 'brunch' }, { from_date: 20250401, to_date: '2025-04-08' }, { from_date: '0001-01-01', to_date: '2025-04-08' }]) {
      const res = await t.http.post('/food-logs/copy', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(isErrorBody(res)).toBe(true);
    }
    expect((await day('2025-04-08')).daily_totals.calories).toBe(0);
    expect((await t.http.post('/food-logs/copy', { from_date: FROM, to_date: '2025-04-08' })).status).toBe(401);
  });

  it('refuses a day of more than 100 entries with a 422 that says to copy a meal at a time', async () => {
    const u = await makeUser(t);
    const many = (meal_type: string, n: number) => Array.from({ length: n }, (_, i) => ({ food_name: `Item ${i}`, calories: 1, meal_type, date: '2025-04-10' }));
    expect((await t.http.post('/food-logs/batch', many('lunch', 100), { token: u.token })).status).toBe(201);
    expect((await t.http.post('/food-logs/batch', many('dinner', 1), { token: u.token })).status).toBe(201);
    const res = await t.http.post('/food-logs/copy', { from_date: '2025-04-10', to_date: '2025-04-11' }, { token: u.token });
    expect(res.status).toBe(422);
    expect(res.json.detail.msg).toContain('at most 100');
    expect((await day('2025-04-11', u.token)).daily_totals.calories).toBe(0);
    const lunch = await t.http.post('/food-logs/copy', { from_date: '2025-04-10', to_date: '2025-04-11', meal_type: 'lunch' }, { token: u.token });
    expect(lunch.status).toBe(201);
    expect(lunch.json).toHaveLength(100);
  });

  it('is idempotent with an Idempotency-Key: a retry answers the first answer and copies nothing more', async () => {
    const key = crypto.randomUUID();
    const body = { from_date: FROM, to_date: '2025-04-09', meal_type: 'breakfast' };
    const first = await t.http.post('/food-logs/copy', body, { token, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await t.http.post('/food-logs/copy', body, { token, headers: { 'idempotency-key': key } });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    expect((await day('2025-04-09')).meals.breakfast.foods).toHaveLength(2);
    // A new key copies again.
    const other = await t.http.post('/food-logs/copy', body, { token, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(other.status).toBe(201);
    expect((await day('2025-04-09')).meals.breakfast.foods).toHaveLength(4);
  });
});

describe('GET /food-logs/recent-meals', () => {
  it("lists the last days a meal was logged, newest first, without today (the user's time zone)", async () => {
    const u = await makeUser(t, { timezone: TZ });
    const log = (date: string, food_name: string, calories: number, meal_type = 'breakfast') =>
      t.http.post('/food-logs', { food_name, calories, protein: 10, carbs: 20, fat: 5, number_of_servings: 1, meal_type, date }, { token: u.token });
    await log(today(), 'Today oats', 300);
    await log(daysAgo(1), 'Eggs', 150);
    await log(daysAgo(1), 'Toast', 80);
    await log(daysAgo(1), 'Salad', 200, 'lunch');
    await log(daysAgo(3), 'Porridge', 250);
    await log(daysAgo(5), 'Pancakes', 400);
    await log(daysAgo(8), 'Waffles', 350);
    const res = await t.http.get('/food-logs/recent-meals?meal_type=breakfast&limit=3', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.json.map((m: any) => m.date)).toEqual([daysAgo(1), daysAgo(3), daysAgo(5)]);
    expect(res.json[0]).toEqual({
      date: daysAgo(1),
      meal_type: 'breakfast',
      foods: [
        { food_name: 'Eggs', number_of_servings: 1, serving_description: 'serving', calories: 150 },
        { food_name: 'Toast', number_of_servings: 1, serving_description: 'serving', calories: 80 },
      ],
      totals: { calories: 230, protein: 20, carbs: 40, fat: 10 },
    });
    // The default limit is 5; without meal_type every meal counts.
    expect((await t.http.get('/food-logs/recent-meals?meal_type=breakfast', { token: u.token })).json).toHaveLength(4);
    const any = await t.http.get('/food-logs/recent-meals?limit=2', { token: u.token });
    expect(any.json.map((m: any) => [m.date, m.meal_type])).toEqual([[daysAgo(1), 'breakfast'], [daysAgo(1), 'lunch']]);
    // Another user sees none of them.
    expect((await t.http.get('/food-logs/recent-meals?meal_type=breakfast', { token: otherToken })).json).toEqual([]);
    for (const q of ['meal_type=brunch', 'limit=0', 'limit=21', 'limit=abc']) {
      const bad = await t.http.get(`/food-logs/recent-meals?${q}`, { token: u.token });
      expect(bad.status, q).toBe(422);
    }
  });
});
