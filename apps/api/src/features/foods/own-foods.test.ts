/**
 * Issue 41 item 4, "your foods first": search ranks the foods a user logs, favourites or made above others of about
 * the same relevance (never a poor match above a clearly better one), another user's history never changes my
 * ranking, custom foods stay private; and GET /foods/recent lists what I logged before the first keystroke.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeUser } from './test-support.ts';

const CHICKEN_BREAST = 'usda-05064'; // Chicken, breast, meat only, cooked, roasted (USDA: "Chicken, broilers or fryers, breast, meat only, cooked, roasted")
const CHICKEN_THIGH = 'usda-05098'; // Chicken, thigh, meat only, cooked, roasted
const APPLE_PIE = 'usda-18301'; // Pie, apple, commercially prepared, enriched flour
const APPLE = 'usda-09003'; // Apple, raw, with skin
const PEANUT_BUTTER = 'usda-16098'; // Peanut butter, smooth style, with salt
const BANANA = 'usda-09040';
const OATMEAL = 'usda-08121';
const COFFEE = 'usda-14209';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_FOODS: 'true' });
});
afterAll(async () => {
  await t?.close();
});

/** A local date `daysAgo` days before today (UTC; the server's window is in days, a few hours do not matter). */
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

async function ids(token: string, query: string, page = 1, pageSize = 10) {
  const res = await t.http.get(`/foods/search?query=${encodeURIComponent(query)}&page=${page}&page_size=${pageSize}`, { token });
  expect(res.status).toBe(200);
  return (res.json.foods as { id: string }[]).map((f) => f.id);
}

/** `times` entries of a food, one a day from yesterday back, in one batch request. */
async function logDaily(token: string, foodId: string, times: number, meal = 'lunch') {
  const entries = Array.from({ length: times }, (_, i) => ({ food_id: foodId, meal_type: meal, date: day(i + 1) }));
  const res = await t.http.post('/food-logs/batch', entries, { token });
  expect(res.status).toBe(201);
}

describe('search ranks my foods first', () => {
  it('puts the chicken breast I log often first for "chicken", while a fresh user sees the default order', async () => {
    const fresh = (await makeUser(t)).token;
    const eater = (await makeUser(t)).token;
    const before = await ids(fresh, 'chicken');
    expect(before[0]).not.toBe(CHICKEN_BREAST);
    expect(before).not.toContain(CHICKEN_BREAST);
    await logDaily(eater, CHICKEN_BREAST, 12);
    const mine = await ids(eater, 'chicken');
    expect(mine[0]).toBe(CHICKEN_BREAST);
    // The rest keeps the default order, one place down.
    expect(mine.slice(1)).toEqual(before.filter((id) => id !== CHICKEN_BREAST).slice(0, 9));
    // While typing, too.
    expect((await ids(eater, 'chick'))[0]).toBe(CHICKEN_BREAST);
    // Another user's logs never change my ranking, whoever searched first (the shared search cache holds no one's history).
    expect(await ids(fresh, 'chicken')).toEqual(before);
    expect(await ids(fresh, 'chick')).not.toContain(CHICKEN_BREAST);
  });

  it('moves a favourite up, and shows a boosted food once across pages', async () => {
    const fav = (await makeUser(t)).token;
    const plain = await ids(fav, 'chicken', 1, 50);
    expect(plain.indexOf(CHICKEN_THIGH)).toBeGreaterThan(2);
    expect((await t.http.post('/favorite-foods/existing', { food_id: CHICKEN_THIGH }, { token: fav })).status).toBe(201);
    const first = await ids(fav, 'chicken', 1, 10);
    expect(first[0]).toBe(CHICKEN_THIGH);
    const second = await ids(fav, 'chicken', 2, 10);
    expect(second).not.toContain(CHICKEN_THIGH);
    expect(first.concat(second)).toEqual([CHICKEN_THIGH, ...plain.filter((id) => id !== CHICKEN_THIGH).slice(0, 19)]);
  });

  it('never lifts a poor match above a clearly better one: apple pie every day still gives apples for "apple"', async () => {
    const fresh = (await makeUser(t)).token;
    const pieEater = (await makeUser(t)).token;
    const before = await ids(fresh, 'apple', 1, 5);
    expect(before[0]).toBe(APPLE);
    await logDaily(pieEater, APPLE_PIE, 40);
    expect(await ids(pieEater, 'apple', 1, 5)).toEqual(before);
    // Where it is the thing asked for, it comes first.
    expect((await ids(pieEater, 'apple pie', 1, 5))[0]).toBe(APPLE_PIE);
  });

  it('puts peanut butter high for "butter" for someone who eats it daily, below butter for everyone else', async () => {
    const fresh = (await makeUser(t)).token;
    const pb = (await makeUser(t)).token;
    const before = await ids(fresh, 'butter', 1, 10);
    expect(before.slice(0, 3)).not.toContain(PEANUT_BUTTER);
    await logDaily(pb, PEANUT_BUTTER, 30, 'breakfast');
    expect((await ids(pb, 'butter', 1, 3))).toContain(PEANUT_BUTTER);
    expect(await ids(fresh, 'butter', 1, 10)).toEqual(before);
  });

  it("never shows another user's custom food, however often they log it; its owner gets it", async () => {
    const owner = (await makeUser(t)).token;
    const stranger = (await makeUser(t)).token;
    const made = await t.http.post('/foods/custom', { name: "Chicken, grandma's roast", serving_size: 1, serving_unit: 'plate', serving_grams: 300, calories: 600 }, { token: owner });
    expect(made.status).toBe(201);
    await logDaily(owner, made.json.id, 20, 'dinner');
    expect((await ids(owner, 'grandma'))[0]).toBe(made.json.id);
    for (const q of ['chicken', 'grandma', 'roast chicken', 'chicken roast']) expect(await ids(stranger, q, 1, 50)).not.toContain(made.json.id);
    const recent = await t.http.get('/foods/recent', { token: stranger });
    expect(recent.json).toEqual([]);
  });
});

describe('GET /foods/recent', () => {
  it('lists the distinct foods I logged, the latest first, with how often and how I last logged each', async () => {
    const me = (await makeUser(t)).token;
    const other = (await makeUser(t)).token;
    const post = async (food_id: string, meal_type: string, daysAgo: number, extra: Record<string, unknown> = {}) =>
      expect((await t.http.post('/food-logs', { food_id, meal_type, date: day(daysAgo), ...extra }, { token: me })).status).toBe(201);
    await post(BANANA, 'snack', 5);
    await post(OATMEAL, 'breakfast', 4);
    await post(COFFEE, 'breakfast', 3);
    await post(BANANA, 'breakfast', 2, { serving: { grams: 150 }, number_of_servings: 2 });
    await post(CHICKEN_BREAST, 'dinner', 1);
    // A manual entry has no food: not in the list. Another user's logs are not mine.
    expect((await t.http.post('/food-logs', { food_name: 'Mystery stew', calories: 300, meal_type: 'dinner', date: day(0) }, { token: me })).status).toBe(201);
    expect((await t.http.post('/food-logs', { food_id: APPLE, meal_type: 'snack', date: day(0) }, { token: other })).status).toBe(201);

    const res = await t.http.get('/foods/recent', { token: me });
    expect(res.status).toBe(200);
    const list = res.json as { food: { id: string }; times_logged: number; last_logged_at: string; last_logged_date: string; last_serving: Record<string, unknown> }[];
    expect(list.map((r) => r.food.id)).toEqual([CHICKEN_BREAST, BANANA, COFFEE, OATMEAL]);
    const banana = list[1]!;
    expect(banana.times_logged).toBe(2);
    expect(banana.last_logged_date).toBe(day(2));
    expect(Number.isNaN(Date.parse(banana.last_logged_at))).toBe(false);
    expect(banana.last_serving).toEqual({ serving_description: expect.stringContaining('150'), number_of_servings: 2, serving_grams: 150 });
    // The same food object as the search answers.
    const search = await t.http.get('/foods/search?query=banana&page_size=50', { token: me });
    expect(banana.food).toEqual((search.json.foods as { id: string }[]).find((f) => f.id === BANANA));

    // The meal narrows the list, its counts and last serving to that meal.
    const breakfast = (await t.http.get('/foods/recent?meal_type=breakfast', { token: me })).json as typeof list;
    expect(breakfast.map((r) => r.food.id)).toEqual([BANANA, COFFEE, OATMEAL]);
    expect(breakfast[0]!.times_logged).toBe(1);
    const snack = (await t.http.get('/foods/recent?meal_type=snack', { token: me })).json as typeof list;
    expect(snack.map((r) => r.food.id)).toEqual([BANANA]);
    expect(snack[0]!.last_serving.number_of_servings).toBe(1);
    expect(snack[0]!.last_logged_date).toBe(day(5));
    // No food logged at lunch yet: all of them.
    expect(((await t.http.get('/foods/recent?meal_type=lunch', { token: me })).json as typeof list).map((r) => r.food.id)).toEqual(list.map((r) => r.food.id));

    expect(((await t.http.get('/foods/recent?limit=2', { token: me })).json as typeof list).map((r) => r.food.id)).toEqual([CHICKEN_BREAST, BANANA]);
    const others = (await t.http.get('/foods/recent', { token: other })).json as typeof list;
    expect(others.map((r) => r.food.id)).toEqual([APPLE]);
  });

  it('answers 422 for a bad limit or meal, and 401 without a token', async () => {
    const me = (await makeUser(t)).token;
    for (const q of ['limit=0', 'limit=51', 'limit=abc', 'limit=2.5', 'meal_type=brunch']) {
      const res = await t.http.get(`/foods/recent?${q}`, { token: me });
      expect(res.status, q).toBe(422);
    }
    expect((await t.http.get('/foods/recent?limit=50', { token: me })).status).toBe(200);
    expect((await t.http.get('/foods/recent')).status).toBe(401);
  });
});
