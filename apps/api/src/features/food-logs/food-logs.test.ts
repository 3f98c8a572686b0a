import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { createTestApp, isErrorBody, type TestApp } from '../../../test/helpers.ts';
import { makeUser } from '../foods/test-support.ts';
import { DailySummarySchema } from '@app/contracts';

let t: TestApp;
let token: string;
let otherToken: string;
let foodId: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await makeUser(t, { timezone: 'Pacific/Kiritimati', daily_calorie_goal: 2100, daily_protein_goal: 150 })).token;
  otherToken = (await makeUser(t)).token;
  // A database food with a household serving: 1 cup = 240 g, 60 kcal per 100 g.
  const food = await t.http.post('/foods/custom', { name: 'Test Milk', serving_size: 1, serving_unit: 'cup', serving_grams: 240, calories: 144, protein: 7.2, carbs: 12, fat: 4.8, sodium: 100 }, { token });
  foodId = food.json.id;
});
afterAll(async () => {
  await t?.close();
});

const DAY = '2025-03-10';

describe('POST /food-logs', () => {
  it('computes nutrients of a database food for the chosen serving', async () => {
    const res = await t.http.post('/food-logs', { food_id: foodId, number_of_servings: 2, meal_type: 'breakfast', date: DAY }, { token });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ food_id: foodId, food_name: 'Test Milk', serving_description: '1 cup (240 g)', serving_grams: 240, number_of_servings: 2, calories: 288, protein: 14.4, carbohydrates: 24, carbs: 24, fat: 9.6, sodium: 200, meal_type: 'breakfast', date: DAY });
    const byGrams = await t.http.post('/food-logs', { food_id: foodId, serving: 50, meal_type: 'snack', date: DAY }, { token });
    expect(byGrams.json).toMatchObject({ serving_description: '50 g', calories: 30 });
    const byId = await t.http.post('/food-logs', { food_id: foodId, serving: { id: '100g' }, meal_type: 'snack', date: DAY }, { token });
    expect(byId.json.calories).toBe(60);
  });

  it('stores a manual entry with the spec defaults; values are per serving', async () => {
    const res = await t.http.post('/food-logs', { calories: 300, protein: 10, carbs: 40, fat: 5, number_of_servings: 1.5, meal_type: 'lunch', date: DAY }, { token });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ food_id: null, food_name: 'Unknown Food', serving_description: 'serving', calories: 450, carbohydrates: 60, carbs: 60, fiber: 0 });
  });

  it("defaults the date to today in the user's time zone", async () => {
    const res = await t.http.post('/food-logs', { food_name: 'Tea', calories: 2, meal_type: 'snack' }, { token });
    expect(res.json.date).toBe(format(new TZDate(new Date(), 'Pacific/Kiritimati'), 'yyyy-MM-dd'));
  });

  it('rejects bad input with 422 and saves nothing; unknown foods are 404', async () => {
    const bad = [
      { food_name: 'x', calories: 100, meal_type: 'brunch', date: DAY },
      { food_name: 'x', calories: 100, meal_type: 'lunch', date: '2025-13-40' },
      { food_name: 'x', calories: -1, meal_type: 'lunch' },
      { food_name: 'x', calories: 25000, meal_type: 'lunch' },
      { food_name: 'x', calories: '100', meal_type: 'lunch' },
      { food_id: foodId, number_of_servings: 101, meal_type: 'lunch' },
      { food_id: foodId, number_of_servings: 0, meal_type: 'lunch' },
      { food_id: foodId, serving: { id: 'nope' }, meal_type: 'lunch' },
    ];
    for (const body of bad) {
      const res = await t.http.post('/food-logs', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(isErrorBody(res)).toBe(true);
    }
    // The error names the field the client got wrong, not a field of another kind of entry.
    const typo = await t.http.post('/food-logs', { food_name: 'Banana', calories: '105', meal_type: 'snack' }, { token });
    expect(typo.json.detail.errors).toEqual([expect.objectContaining({ loc: ['body', 'calories'] })]);
    const inBatch = await t.http.post('/food-logs/batch', [{ food_name: 'ok', calories: 1, meal_type: 'snack' }, { food_name: 'X', calories: 'abc', meal_type: 'snack' }], { token });
    expect(inBatch.json.detail.errors).toEqual([expect.objectContaining({ loc: ['body', 1, 'calories'] })]);
    const badServings = await t.http.post('/food-logs', { food_id: foodId, number_of_servings: 'two', meal_type: 'lunch' }, { token });
    expect(badServings.json.detail.errors).toEqual([expect.objectContaining({ loc: ['body', 'number_of_servings'] })]);
    const neither = await t.http.post('/food-logs', { food_name: 'Banana', meal_type: 'snack' }, { token });
    expect(neither.json.detail.msg).toBe('body: Required: food_id, recipe_id or calories');
    const missing = await t.http.post('/food-logs', { food_id: 'usda-99999', meal_type: 'lunch' }, { token });
    expect(missing.status).toBe(404);
    expect(missing.json.detail.msg).toBe('Food not found');
    const day = await t.http.get('/food-logs/daily-summary/2025-01-01', { token });
    expect(day.json.daily_totals.calories).toBe(0);
  });
});

describe('POST /food-logs/batch', () => {
  it('saves all entries or none', async () => {
    const ok = await t.http.post('/food-logs/batch', [{ food_id: foodId, meal_type: 'dinner', date: '2025-03-11' }, { food_name: 'Apple', calories: 95, meal_type: 'snack', date: '2025-03-11' }], { token });
    expect(ok.status).toBe(201);
    expect(ok.json).toHaveLength(2);
    const bad = await t.http.post('/food-logs/batch', [{ food_name: 'Pear', calories: 100, meal_type: 'snack', date: '2025-03-12' }, { food_id: 'usda-99999', meal_type: 'lunch', date: '2025-03-12' }], { token });
    expect(bad.status).toBe(404);
    const day = await t.http.get('/food-logs/daily-summary/2025-03-12', { token });
    expect(day.json.daily_totals.calories).toBe(0);
    expect((await t.http.post('/food-logs/batch', [], { token })).status).toBe(422);
    expect((await t.http.post('/food-logs/batch', { food_name: 'x' }, { token })).status).toBe(422);
  });
});

describe('PUT and DELETE /food-logs/{id}', () => {
  it('rescales a database food when servings change, and keeps rows private', async () => {
    const created = await t.http.post('/food-logs', { food_id: foodId, meal_type: 'dinner', date: '2025-03-13' }, { token });
    const id = created.json.id;
    const upd = await t.http.put(`/food-logs/${id}`, { number_of_servings: 3, meal_type: 'lunch' }, { token });
    expect(upd.status).toBe(200);
    expect(upd.json).toMatchObject({ number_of_servings: 3, calories: 432, protein: 21.6, meal_type: 'lunch' });
    const manual = await t.http.post('/food-logs', { food_name: 'Soup', calories: 200, meal_type: 'dinner', date: '2025-03-13' }, { token });
    const m2 = await t.http.put(`/food-logs/${manual.json.id}`, { number_of_servings: 2 }, { token });
    expect(m2.json.calories).toBe(400);

    expect((await t.http.put(`/food-logs/${id}`, { number_of_servings: 1 }, { token: otherToken })).status).toBe(404);
    expect((await t.http.del(`/food-logs/${id}`, { token: otherToken })).status).toBe(404);
    expect((await t.http.put(`/food-logs/${id}`, { number_of_servings: -1 }, { token })).status).toBe(422);
    expect((await t.http.put(`/food-logs/abc`, { number_of_servings: 1 }, { token })).status).toBe(422);

    const del = await t.http.del(`/food-logs/${id}`, { token });
    expect(del.status).toBe(204);
    const again = await t.http.del(`/food-logs/${id}`, { token });
    expect(again.status).toBe(404);
    expect(isErrorBody(again)).toBe(true);
  });
});

describe('summaries', () => {
  it('groups a day by meal with totals and goals from settings or the goals JSON', async () => {
    const res = await t.http.get(`/food-logs/daily-summary/${DAY}`, { token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json.meals)).toEqual(['breakfast', 'lunch', 'dinner', 'snack']);
    expect(res.json.meals.breakfast.totals.calories).toBe(288);
    expect(res.json.meals.lunch).toMatchObject({ meal_type: 'lunch', totals: { calories: 450 } });
    expect(res.json.daily_totals.calories).toBe(288 + 450 + 30 + 60);
    expect(res.json.goals).toEqual({ calories: 2100, protein: 150, carbs: 0, fat: 0, fiber: 0 });
    // The body is serialised by fast-json-stringify: byte for byte what the contract's zod serializer writes.
    expect(res.text).toBe(JSON.stringify(DailySummarySchema.encode(res.json)));
    const custom = await t.http.get(`/food-logs/daily-summary/${DAY}?goals=${encodeURIComponent(JSON.stringify({ daily_calorie_goal: 1800, daily_fiber_goal: 30 }))}`, { token });
    expect(custom.json.goals).toEqual({ calories: 1800, protein: 150, carbs: 0, fat: 0, fiber: 30 });
    // The answer's own names work too (they were dropped without a word: 2100 stayed), and a bad value is refused.
    const byAnswerNames = await t.http.get(`/food-logs/daily-summary/${DAY}?goals=${encodeURIComponent(JSON.stringify({ calories: 1800, fat: 70 }))}`, { token });
    expect(byAnswerNames.json.goals).toEqual({ calories: 1800, protein: 150, carbs: 0, fat: 70, fiber: 0 });
    const wrongType = await t.http.get(`/food-logs/daily-summary/${DAY}?goals=${encodeURIComponent(JSON.stringify({ calories: 'abc' }))}`, { token });
    expect(wrongType.status).toBe(422);
    expect(wrongType.json.detail.errors[0].loc).toEqual(['query', 'goals', 'calories']);
    const bad = await t.http.get(`/food-logs/daily-summary/${DAY}?goals=%7Bnot-json`, { token });
    expect(bad.status).toBe(422);
    expect(isErrorBody(bad)).toBe(true);
    expect((await t.http.get('/food-logs/daily-summary/yesterday', { token })).status).toBe(422);
    const others = await t.http.get(`/food-logs/daily-summary/${DAY}`, { token: otherToken });
    expect(others.json.daily_totals.calories).toBe(0);
    expect(others.json.goals.calories).toBe(0);
  });

  it('answers one meal', async () => {
    const res = await t.http.get(`/food-logs/meal-summary/${DAY}/snack`, { token });
    expect(res.status).toBe(200);
    expect(res.json.meal_type).toBe('snack');
    expect(res.json.foods).toHaveLength(2);
    expect(res.json.totals.calories).toBe(90);
    // The day's answer shows each meal exactly as the meal's own answer does: every field of every entry.
    const day = await t.http.get(`/food-logs/daily-summary/${DAY}`, { token });
    expect(day.json.meals.snack).toEqual(res.json);
    expect(day.json.meals.breakfast).toEqual((await t.http.get(`/food-logs/meal-summary/${DAY}/breakfast`, { token })).json);
    expect((await t.http.get(`/food-logs/meal-summary/${DAY}/brunch`, { token })).status).toBe(422);
  });

  it('lists a day by the time each entry was logged (microseconds apart, or at the same instant by id)', async () => {
    const day = '2025-04-02';
    const ids: number[] = [];
    for (const name of ['First id', 'Second id', 'Third id', 'Fourth id']) ids.push((await t.http.post('/food-logs', { food_name: name, calories: 10, meal_type: 'lunch', date: day }, { token })).json.id);
    // Logged times against the ids' order (an import, a clock step): 4th, then 2nd, then 1st and 3rd at the same instant.
    const at = ['2025-04-02 12:00:00.000900+00', '2025-04-02 12:00:00.000500+00', '2025-04-02 12:00:00.000900+00', '2025-04-02 12:00:00.000499+00'];
    for (let i = 0; i < ids.length; i++) await t.database.raw.executeSql('update food_logs set created_at = $1 where id = $2', [at[i], ids[i]]);
    const res = await t.http.get(`/food-logs/daily-summary/${day}`, { token });
    expect(res.json.meals.lunch.foods.map((f: { food_name: string }) => f.food_name)).toEqual(['Fourth id', 'Second id', 'First id', 'Third id']);
    // The API's times are milliseconds (truncated), as everywhere else.
    expect(res.json.meals.lunch.foods.map((f: { created_at: string }) => f.created_at)).toEqual(['2025-04-02T12:00:00.000Z', '2025-04-02T12:00:00.000Z', '2025-04-02T12:00:00.000Z', '2025-04-02T12:00:00.000Z']);
    expect(res.json.meals.lunch).toEqual((await t.http.get(`/food-logs/meal-summary/${day}/lunch`, { token })).json);
  });
});

describe('GET /food-logs/download/{days}', () => {
  it('exports a CSV safe from formula injection', async () => {
    await t.http.post('/food-logs', { food_name: '=HYPERLINK("http://evil")', calories: 1, meal_type: 'snack' }, { token });
    const res = await fetch(`${t.api}/food-logs/download/30`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="food_log_30days.csv"');
    const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(['date', 'meal_type', 'food_name', 'number_of_servings', 'calories', 'protein']));
    expect(rows.find((r) => r.food_name.includes('HYPERLINK'))!.food_name).toBe(`'=HYPERLINK("http://evil")`);
    for (const d of ['0', '3651', 'abc']) expect((await t.http.get(`/food-logs/download/${d}`, { token })).status).toBe(422);
  });
});

describe('GET /food-logs/manual-foods', () => {
  it('lists distinct manual entries, most recent first, per serving', async () => {
    const res = await t.http.get('/food-logs/manual-foods', { token });
    expect(res.status).toBe(200);
    const names = res.json.map((f: { food_name: string }) => f.food_name);
    expect(names[0]).toBe('=HYPERLINK("http://evil")');
    expect(new Set(names).size).toBe(names.length);
    expect(res.json.find((f: { food_name: string }) => f.food_name === 'Unknown Food').calories).toBe(300);
    expect((await t.http.get('/food-logs/manual-foods', { token: otherToken })).json).toEqual([]);
  });
});
