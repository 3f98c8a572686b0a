import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { eq } from 'drizzle-orm';
import { MAX_SAVED_MEALS_PER_USER } from '@app/contracts';
import { createTestApp, isErrorBody, type TestApp } from '../../../test/helpers.ts';
import { makeUser } from '../foods/test-support.ts';
import { idempotency_keys, saved_meals } from '../../db/schema/index.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof makeUser>>;
let b: Awaited<ReturnType<typeof makeUser>>;
let foodId: string;
const TZ = 'Asia/Tokyo';

beforeAll(async () => {
  t = await createTestApp();
  a = await makeUser(t, { timezone: TZ });
  b = await makeUser(t);
  // 1 cup = 240 g, 60 kcal per 100 g: 1.5 cups = 216 kcal.
  const food = await t.http.post('/foods/custom', { name: 'Meal Milk', serving_size: 1, serving_unit: 'cup', serving_grams: 240, calories: 144, protein: 7.2, carbs: 12, fat: 4.8, sodium: 100 }, { token: a.token });
  expect(food.status).toBe(201);
  foodId = food.json.id;
});
afterAll(async () => {
  await t?.close();
});

const toast = { food_id: null, food_name: 'Toast', serving_description: '1 slice', serving_grams: null, number_of_servings: 2, calories: 160, protein: 6, carbohydrates: 28, fat: 2, fiber: 2 };
const milk = () => ({ food_id: foodId, food_name: 'Meal Milk', serving_description: '1 cup (240 g)', serving_grams: 240, number_of_servings: 1.5, calories: 1, protein: 0, carbohydrates: 0, fat: 0, fiber: 0 });
const day = async (date: string, token = a.token) => (await t.http.get(`/food-logs/daily-summary/${date}`, { token })).json;
const create = (body: unknown, token = a.token, headers?: Record<string, string>) => t.http.post('/saved-meals', body, { token, headers });

describe('POST /saved-meals', () => {
  it('saves explicit items; a database food gets its nutrients from the food, a manual one keeps its numbers', async () => {
    const res = await create({ name: '  Usual breakfast ', meal_type: 'breakfast', items: [milk(), toast] });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: 'Usual breakfast', meal_type: 'breakfast', times_logged: 0, last_logged_at: null });
    expect(res.json.items).toEqual([
      { ...milk(), brand_name: '', calories: 216, protein: 10.8, carbohydrates: 18, fat: 7.2, fiber: 0, sugar: 0, sodium: 150 },
      { ...toast, brand_name: '', sugar: 0, sodium: 0 },
    ]);
    expect(res.json.totals).toEqual({ calories: 376, protein: 16.8, carbs: 46, fat: 9.2, fiber: 2 });
    const got = await t.http.get(`/saved-meals/${res.json.id}`, { token: a.token });
    expect(got.status).toBe(200);
    expect(got.json).toEqual(res.json);
  });

  it('snapshots a logged meal with `from`; the meal type defaults to that meal', async () => {
    await t.http.post('/food-logs/batch', [
      { food_id: foodId, number_of_servings: 2, meal_type: 'lunch', date: '2025-05-01' },
      { food_name: 'Apple', calories: 95, carbs: 25, fiber: 4, meal_type: 'lunch', date: '2025-05-01' },
      { food_name: 'Cake', calories: 400, meal_type: 'snack', date: '2025-05-01' },
    ], { token: a.token });
    const res = await create({ name: 'Lunch box', from: { date: '2025-05-01', meal_type: 'lunch' } });
    expect(res.status).toBe(201);
    expect(res.json.meal_type).toBe('lunch');
    expect(res.json.items.map((i: any) => [i.food_id, i.food_name, i.number_of_servings, i.calories])).toEqual([[foodId, 'Meal Milk', 2, 288], [null, 'Apple', 1, 95]]);
    const none = await create({ name: 'Nothing', from: { date: '2025-05-01', meal_type: 'dinner' } });
    expect(none.status).toBe(404);
    expect(none.json.detail.msg).toBe('Nothing logged on 2025-05-01 for dinner');
    // Another user's log is not theirs to snapshot.
    const theirs = await create({ name: 'Stolen', from: { date: '2025-05-01', meal_type: 'lunch' } }, b.token);
    expect(theirs.status).toBe(404);
  });

  it('rejects bad input with 422 (and unknown or private foods with 404), saving nothing', async () => {
    const before = (await t.http.get('/saved-meals', { token: a.token })).json.length;
    const bad = [
      { name: '', items: [toast] },
      { name: '   ', items: [toast] },
      { name: 'x'.repeat(101), items: [toast] },
      { name: 'No items', items: [] },
      { name: 'Too many', items: Array.from({ length: 51 }, () => toast) },
      { name: 'Neither' },
      { name: 'Both', items: [toast], from: { date: '2025-05-01', meal_type: 'lunch' } },
      { name: 'Bad meal', meal_type: 'brunch', items: [toast] },
      { name: 'Bad item', items: [{ ...toast, calories: -5 }] },
      { name: 'Bad item', items: [{ ...toast, number_of_servings: 0 }] },
      { name: 'Bad item', items: [{ ...toast, food_name: '' }] },
    ];
    for (const body of bad) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(isErrorBody(res)).toBe(true);
    }
    expect((await create({ name: 'Unknown food', items: [{ ...milk(), food_id: 'usda-99999' }] })).status).toBe(404);
    // Another user's custom food is private: not found for them.
    expect((await create({ name: 'Private food', items: [milk()] }, b.token)).status).toBe(404);
    expect((await t.http.get('/saved-meals', { token: a.token })).json).toHaveLength(before);
    expect((await t.http.get('/saved-meals', { token: b.token })).json).toEqual([]);
  });

  it(`refuses a saved meal past ${MAX_SAVED_MEALS_PER_USER} per user with a 422 that says so`, async () => {
    const u = await makeUser(t);
    const row = { user_id: u.user.id, name: 'Filler', meal_type: null, items: [{ ...toast, brand_name: '', sugar: 0, sodium: 0 }] };
    await t.app.db.insert(saved_meals).values(Array.from({ length: MAX_SAVED_MEALS_PER_USER - 1 }, () => row));
    expect((await create({ name: 'Last one', items: [toast] }, u.token)).status).toBe(201);
    const over = await create({ name: 'One too many', items: [toast] }, u.token);
    expect(over.status).toBe(422);
    expect(over.json.detail.msg).toContain(`at most ${MAX_SAVED_MEALS_PER_USER} saved meals`);
    expect((await t.http.get('/saved-meals', { token: u.token })).json).toHaveLength(MAX_SAVED_MEALS_PER_USER);
  });
});

describe('GET, PUT and DELETE /saved-meals/{id}', () => {
  it('lists the most recently used first, then the newest; updates and deletes', async () => {
    const u = await makeUser(t);
    const ids: number[] = [];
    for (const name of ['First', 'Second', 'Third']) ids.push((await create({ name, meal_type: 'dinner', items: [toast] }, u.token)).json.id);
    const names = async () => (await t.http.get('/saved-meals', { token: u.token })).json.map((m: any) => m.name);
    expect(await names()).toEqual(['Third', 'Second', 'First']);
    expect((await t.http.post(`/saved-meals/${ids[0]}/log`, { date: '2025-05-02' }, { token: u.token })).status).toBe(201);
    expect(await names()).toEqual(['First', 'Third', 'Second']);

    const put = await t.http.put(`/saved-meals/${ids[1]}`, { name: 'Renamed', meal_type: null, items: [toast, { ...toast, food_name: 'Jam', calories: 50 }] }, { token: u.token });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ name: 'Renamed', meal_type: null, totals: expect.objectContaining({ calories: 210 }) });
    expect(put.json.items.map((i: any) => i.food_name)).toEqual(['Toast', 'Jam']);
    const nameOnly = await t.http.put(`/saved-meals/${ids[1]}`, { name: 'Renamed again' }, { token: u.token });
    expect(nameOnly.json.items).toHaveLength(2);
    expect((await t.http.put(`/saved-meals/${ids[1]}`, { items: [] }, { token: u.token })).status).toBe(422);

    expect((await t.http.del(`/saved-meals/${ids[2]}`, { token: u.token })).status).toBe(204);
    expect((await t.http.get(`/saved-meals/${ids[2]}`, { token: u.token })).status).toBe(404);
    expect((await t.http.del(`/saved-meals/${ids[2]}`, { token: u.token })).status).toBe(404);
    expect(await names()).toEqual(['First', 'Renamed again']);
  });
});

describe('POST /saved-meals/{id}/log', () => {
  it('logs one entry per item, amounts × multiplier, today and the meal type by default; counts the use', async () => {
    const meal = (await create({ name: 'Log me', meal_type: 'breakfast', items: [milk(), toast] })).json;
    const res = await t.http.post(`/saved-meals/${meal.id}/log`, { multiplier: 2 }, { token: a.token });
    expect(res.status).toBe(201);
    const today = format(new TZDate(new Date(), TZ), 'yyyy-MM-dd');
    expect(res.json.map((e: any) => [e.food_id, e.food_name, e.number_of_servings, e.calories, e.meal_type, e.date])).toEqual([
      [foodId, 'Meal Milk', 3, 432, 'breakfast', today],
      [null, 'Toast', 4, 320, 'breakfast', today],
    ]);
    expect(res.json[0]).toMatchObject({ serving_description: '1 cup (240 g)', serving_grams: 240, sodium: 300, carbs: 36 });
    expect((await day(today)).meals.breakfast.totals.calories).toBe(752);
    const after = (await t.http.get(`/saved-meals/${meal.id}`, { token: a.token })).json;
    expect(after.times_logged).toBe(1);
    expect(Date.now() - Date.parse(after.last_logged_at)).toBeLessThan(60_000);

    // Without a body: × 1, today, breakfast; another date and meal when asked.
    expect((await t.http.post(`/saved-meals/${meal.id}/log`, undefined, { token: a.token })).json.map((e: any) => e.calories)).toEqual([216, 160]);
    const other = await t.http.post(`/saved-meals/${meal.id}/log`, { date: '2025-05-03', meal_type: 'dinner', multiplier: 0.5 }, { token: a.token });
    expect(other.json.map((e: any) => [e.number_of_servings, e.calories, e.meal_type, e.date])).toEqual([[0.75, 108, 'dinner', '2025-05-03'], [1, 80, 'dinner', '2025-05-03']]);
    expect((await t.http.get(`/saved-meals/${meal.id}`, { token: a.token })).json.times_logged).toBe(3);
  });

  it('asks for meal_type when the saved meal has none; refuses bad multipliers; writes nothing then', async () => {
    const meal = (await create({ name: 'Any time', items: [toast] })).json;
    const res = await t.http.post(`/saved-meals/${meal.id}/log`, { date: '2025-05-04' }, { token: a.token });
    expect(res.status).toBe(422);
    expect(res.json.detail.msg).toContain('meal_type');
    for (const multiplier of [0, -1, 10.5, 'two']) {
      expect((await t.http.post(`/saved-meals/${meal.id}/log`, { date: '2025-05-04', meal_type: 'snack', multiplier }, { token: a.token })).status).toBe(422);
    }
    expect((await day('2025-05-04')).daily_totals.calories).toBe(0);
    expect((await t.http.post(`/saved-meals/${meal.id}/log`, { date: '2025-05-04', meal_type: 'snack', multiplier: 10 }, { token: a.token })).status).toBe(201);
    expect((await day('2025-05-04')).daily_totals.calories).toBe(1600);
  });

  it('is idempotent with an Idempotency-Key: one set of entries, the first answer replayed; a reused key with another body is a 422', async () => {
    const meal = (await create({ name: 'Once', meal_type: 'lunch', items: [toast] })).json;
    const key = crypto.randomUUID();
    const body = { date: '2025-05-05', multiplier: 1 };
    const first = await t.http.post(`/saved-meals/${meal.id}/log`, body, { token: a.token, headers: { 'idempotency-key': key } });
    const again = await t.http.post(`/saved-meals/${meal.id}/log`, body, { token: a.token, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    expect((await day('2025-05-05')).meals.lunch.foods).toHaveLength(1);
    expect((await t.http.get(`/saved-meals/${meal.id}`, { token: a.token })).json.times_logged).toBe(1);
    const reused = await t.http.post(`/saved-meals/${meal.id}/log`, { ...body, multiplier: 2 }, { token: a.token, headers: { 'idempotency-key': key } });
    expect(reused.status).toBe(422);
    expect(reused.json.detail.type).toBe('idempotency_key_reused');
    // Creating a saved meal is idempotent too.
    const k2 = crypto.randomUUID();
    const c1 = await create({ name: 'Made once', items: [toast] }, a.token, { 'idempotency-key': k2 });
    const c2 = await create({ name: 'Made once', items: [toast] }, a.token, { 'idempotency-key': k2 });
    expect(c2.json.id).toBe(c1.json.id);
    expect((await t.http.get('/saved-meals', { token: a.token })).json.filter((m: any) => m.name === 'Made once')).toHaveLength(1);
  });
});

describe('owner only (BOLA)', () => {
  it("answers 404 to another user's saved meal on every {id} route, and leaves it as it was", async () => {
    const meal = (await create({ name: "A's meal", meal_type: 'dinner', items: [toast] })).json;
    const id = meal.id;
    expect((await t.http.get(`/saved-meals/${id}`, { token: b.token })).status).toBe(404);
    expect((await t.http.put(`/saved-meals/${id}`, { name: 'Mine now' }, { token: b.token })).status).toBe(404);
    expect((await t.http.del(`/saved-meals/${id}`, { token: b.token })).status).toBe(404);
    const log = await t.http.post(`/saved-meals/${id}/log`, { date: '2025-05-06' }, { token: b.token });
    expect(log.status).toBe(404);
    expect(isErrorBody(log)).toBe(true);
    expect((await day('2025-05-06', b.token)).daily_totals.calories).toBe(0);
    expect((await day('2025-05-06')).daily_totals.calories).toBe(0);
    expect(await t.http.get(`/saved-meals/${id}`, { token: a.token }).then((r) => r.json)).toEqual(meal);
    expect((await t.http.get('/saved-meals', { token: b.token })).json.some((m: any) => m.id === id)).toBe(false);
    // Ids that are not ids: a 4xx with the error body, never a 500 and never someone's meal.
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999', `${id}%20OR%201=1`]) {
      for (const res of [await t.http.get(`/saved-meals/${bad}`, { token: b.token }), await t.http.put(`/saved-meals/${bad}`, { name: 'x' }, { token: b.token }), await t.http.post(`/saved-meals/${bad}/log`, {}, { token: b.token })]) {
        expect([404, 422], bad).toContain(res.status);
        expect(isErrorBody(res)).toBe(true);
      }
    }
    expect((await t.http.get(`/saved-meals/${id}`)).status).toBe(401);
  });

  it('deleting the account (DELETE /profile) removes its saved meals and idempotency keys', async () => {
    const u = await makeUser(t);
    await create({ name: 'Gone soon', meal_type: 'snack', items: [toast] }, u.token, { 'idempotency-key': crypto.randomUUID() });
    expect(await t.app.db.select().from(saved_meals).where(eq(saved_meals.user_id, u.user.id))).toHaveLength(1);
    expect(await t.app.db.select().from(idempotency_keys).where(eq(idempotency_keys.user_id, u.user.id))).toHaveLength(1);
    const del = await t.http.call('DELETE', '/profile', { token: u.token, body: { email: u.user.email } });
    expect(del.status).toBe(200);
    expect(await t.app.db.select().from(saved_meals).where(eq(saved_meals.user_id, u.user.id))).toEqual([]);
    expect(await t.app.db.select().from(idempotency_keys).where(eq(idempotency_keys.user_id, u.user.id))).toEqual([]);
  });
});
