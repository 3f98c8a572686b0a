/**
 * Issue 8 item 2: custom foods are private. User B makes a "9999 kcal pencil" that wears a real product's
 * barcode and an everyday name; user A must never meet it (search, detail, barcode, favorites, logging),
 * while B sees and uses it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { users } from '../../db/schema/index.ts';
import { offProductToRow } from './off-mapping.ts';
import { upsertFoods } from './repository.ts';
import { makeUser } from './test-support.ts';

const BARCODE = '3017620422003';
let t: TestApp;
let a: string;
let b: string;
let bId: number;
let pencilId: string;

beforeAll(async () => {
  t = await createTestApp();
  a = (await makeUser(t)).token;
  const userB = await makeUser(t);
  b = userB.token;
  bId = userB.user.id;
  // The real product, imported (shared data).
  await upsertFoods(t.app.db, [offProductToRow({ code: BARCODE, product_name: 'Hazelnut spread', brands: 'Nutella', nutriments: { 'energy-kcal_100g': 539, proteins_100g: 6.3, carbohydrates_100g: 57.5, fat_100g: 30.9 } })!]);
  const pencil = await t.http.post(
    '/foods/custom',
    { name: 'Hazelnut spread banana milk 9999 kcal pencil', serving_size: 1, serving_unit: 'pencil', serving_grams: 10, barcode: BARCODE, calories: 9999 },
    { token: b },
  );
  expect(pencil.status).toBe(201);
  pencilId = pencil.json.id;
});
afterAll(async () => {
  await t?.close();
});

const searchIds = async (token: string, query: string) => {
  const res = await t.http.get(`/foods/search?query=${encodeURIComponent(query)}`, { token });
  expect(res.status).toBe(200);
  return (res.json.foods as { id: string }[]).map((f) => f.id);
};

describe("another user's custom food", () => {
  it('never shows up in search', async () => {
    for (const q of ['hazelnut spread', 'banana', 'milk', 'pencil', '9999 kcal pencil', 'hazelnt spred']) {
      expect(await searchIds(a, q)).not.toContain(pencilId);
    }
    expect(await searchIds(a, 'pencil')).toEqual([]);
    expect(await searchIds(b, 'pencil')).toEqual([pencilId]);
    expect(await searchIds(b, 'hazelnut spread')).toContain(pencilId);
  });

  it('answers 404 by id', async () => {
    const res = await t.http.get(`/foods/food/${pencilId}`, { token: a });
    expect(res.status).toBe(404);
    expect(res.json.detail.msg).toBe('Food not found');
    expect((await t.http.get(`/foods/food/${pencilId}`, { token: b })).json.calories).toBe(9999);
  });

  it('never answers a barcode look-up: the shared product does, and the owner gets their own', async () => {
    const forA = await t.http.get(`/barcode/lookup/${BARCODE}`, { token: a });
    expect(forA.status).toBe(200);
    expect(forA.json).toMatchObject({ id: `off-${BARCODE}`, name: 'Hazelnut spread', calories: 539 });
    const forB = await t.http.get(`/barcode/lookup/${BARCODE}`, { token: b });
    expect(forB.json.id).toBe(pencilId);
    // A barcode known only as B's custom food is unknown to A.
    const own = await t.http.post('/foods/custom', { name: 'Secret', barcode: '4006381333931', calories: 1 }, { token: b });
    expect((await t.http.get('/barcode/lookup/4006381333931', { token: a })).status).toBe(404);
    expect((await t.http.get('/barcode/lookup/4006381333931', { token: b })).json.id).toBe(own.json.id);
  });

  it('cannot be made a favorite or logged by id (404); its owner can', async () => {
    const fav = await t.http.post('/favorite-foods/existing', { food_id: pencilId }, { token: a });
    expect(fav.status).toBe(404);
    const log = await t.http.post('/food-logs', { food_id: pencilId, meal_type: 'snack', date: '2025-03-01' }, { token: a });
    expect(log.status).toBe(404);
    expect(log.json.detail.msg).toBe('Food not found');
    expect((await t.http.get('/food-logs?date=2025-03-01', { token: a })).json).not.toContainEqual(expect.objectContaining({ food_id: pencilId }));
    expect((await t.http.get('/favorite-foods/', { token: a })).json).toEqual([]);
    expect((await t.http.post('/favorite-foods/existing', { food_id: pencilId }, { token: b })).status).toBe(201);
    const own = await t.http.post('/food-logs', { food_id: pencilId, meal_type: 'snack', date: '2025-03-01' }, { token: b });
    expect(own.status).toBe(201);
    expect(own.json.calories).toBe(9999);
  });

  it('stays private after its owner deletes the account', async () => {
    await t.app.db.delete(users).where(eq(users.id, bId));
    expect((await t.http.get(`/foods/food/${pencilId}`, { token: a })).status).toBe(404);
    expect(await searchIds(a, 'pencil')).toEqual([]);
    expect((await t.http.get(`/barcode/lookup/${BARCODE}`, { token: a })).json.id).toBe(`off-${BARCODE}`);
  });
});
