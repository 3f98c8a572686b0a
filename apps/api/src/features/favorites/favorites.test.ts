import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isErrorBody, type TestApp } from '../../../test/helpers.ts';
import { makeUser } from '../foods/test-support.ts';

let t: TestApp;
let token: string;
let otherToken: string;
let foodId: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await makeUser(t)).token;
  otherToken = (await makeUser(t)).token;
  const food = await t.http.post('/foods/custom', { name: 'Oat Bar', serving_size: 1, serving_unit: 'bar', serving_grams: 40, calories: 160, protein: 4, carbs: 24, fat: 6 }, { token });
  foodId = food.json.id;
});
afterAll(async () => {
  await t?.close();
});

describe('favorite foods', () => {
  it('adds a database food once (201, then 200 with the same favorite) with spec defaults', async () => {
    const first = await t.http.post('/favorite-foods/existing', { food_id: foodId }, { token });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ food_id: foodId, food_name: 'Oat Bar', serving_size: '1 bar (40 g)', calories: 160, protein: 4, carbohydrates: 24, carbs: 24, fat: 6, status: 'active', consumption_count: 0, last_consumed: null });
    const again = await t.http.post('/favorite-foods/existing', { food_id: foodId }, { token });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    const unknown = await t.http.post('/favorite-foods/existing', { food_id: 'usda-99999' }, { token });
    expect(unknown.status).toBe(404);
    expect(unknown.json.detail.msg).toBe('Food not found');
  });

  it('adds manual favorites and validates them', async () => {
    const res = await t.http.post('/favorite-foods/manual', { food_name: 'Mum’s lasagne', serving_size: '1 slice', calories: 420, protein: 22, carbohydrates: 35, fat: 20 }, { token });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ food_id: null, carbs: 35, consumption_count: 0 });
    // A client may send the search result's numeric serving_size (grams).
    const grams = await t.http.post('/favorite-foods/manual', { food_name: 'Trail mix', serving_size: 30, calories: 150 }, { token });
    expect(grams.status).toBe(201);
    expect(grams.json.serving_size).toBe('30 g');
    await t.http.del(`/favorite-foods/${grams.json.id}`, { token });
    for (const body of [{ food_name: 'x', calories: 1, serving_size: -5 }, { food_name: 'x', calories: 1, serving_size: true }, { food_name: '', calories: 1 }, { food_name: 'x', calories: -3 }, { food_name: 'x', calories: 99999 }, { food_name: 'x' }]) {
      const bad = await t.http.post('/favorite-foods/manual', body, { token });
      expect(bad.status).toBe(422);
      expect(isErrorBody(bad)).toBe(true);
    }
  });

  it('adding a favorite again takes the new serving and numbers (200, the same id), never the old ones silently', async () => {
    const first = await t.http.post('/favorite-foods/manual', { food_name: 'Race shake', calories: 100 }, { token });
    expect(first.status).toBe(201);
    const again = await t.http.post('/favorite-foods/manual', { food_name: 'race shake', serving_size: '1 bottle', calories: 300, protein: 30 }, { token });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ id: first.json.id, food_name: 'race shake', serving_size: '1 bottle', calories: 300, protein: 30, status: 'active', consumption_count: 0 });
    const listed = (await t.http.get('/favorite-foods/', { token })).json.find((f: { id: number }) => f.id === first.json.id);
    expect(listed).toMatchObject({ calories: 300, protein: 30 });
    // A database food with another serving: the favorite now holds that serving.
    const bar = await t.http.post('/favorite-foods/existing', { food_id: foodId }, { token });
    const two = await t.http.post('/favorite-foods/existing', { food_id: foodId, serving: { grams: 80 } }, { token });
    expect(two.status).toBe(200);
    expect(two.json).toMatchObject({ id: bar.json.id, calories: 320 });
    await t.http.post('/favorite-foods/existing', { food_id: foodId }, { token });
    await t.http.del(`/favorite-foods/${first.json.id}`, { token });
  });

  it('lists with and without the trailing slash, only the own favorites', async () => {
    const a = await t.http.get('/favorite-foods/', { token });
    const b = await t.http.get('/favorite-foods', { token });
    expect(a.status).toBe(200);
    expect(a.json).toHaveLength(2);
    expect(b.json).toEqual(a.json);
    expect((await t.http.get('/favorite-foods/', { token: otherToken })).json).toEqual([]);
  });

  it('counts logging of the food and of a manual entry with the same name', async () => {
    await t.http.post('/food-logs', { food_id: foodId, meal_type: 'snack', date: '2025-02-01' }, { token });
    await t.http.post('/food-logs', { food_id: foodId, meal_type: 'snack', date: '2025-02-02' }, { token });
    await t.http.post('/food-logs', { food_name: 'mum’s LASAGNE', calories: 420, meal_type: 'dinner', date: '2025-02-02' }, { token });
    const list = (await t.http.get('/favorite-foods/', { token })).json as { food_name: string; consumption_count: number; last_consumed: string | null }[];
    const bar = list.find((f) => f.food_name === 'Oat Bar')!;
    const lasagne = list.find((f) => f.food_name === 'Mum’s lasagne')!;
    expect(bar.consumption_count).toBe(2);
    expect(lasagne.consumption_count).toBe(1);
    expect(Date.parse(bar.last_consumed!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('deletes only the own favorites, with or without the trailing slash', async () => {
    const list = (await t.http.get('/favorite-foods/', { token })).json as { id: number }[];
    expect((await t.http.del(`/favorite-foods/${list[0]!.id}/`, { token: otherToken })).status).toBe(404);
    expect((await t.http.del(`/favorite-foods/${list[0]!.id}/`, { token })).status).toBe(204);
    expect((await t.http.del(`/favorite-foods/${list[1]!.id}`, { token })).status).toBe(204);
    const gone = await t.http.del(`/favorite-foods/${list[1]!.id}/`, { token });
    expect(gone.status).toBe(404);
    expect(isErrorBody(gone)).toBe(true);
    expect((await t.http.del('/favorite-foods/xyz/', { token })).status).toBe(422);
    expect((await t.http.get('/favorite-foods/', { token })).json).toEqual([]);
  });
});
