import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { createTestApp, isErrorBody, waitFor, type TestApp } from '../../../test/helpers.ts';
import { foods } from '../../db/schema/index.ts';
import { makeUser } from '../foods/test-support.ts';
import { loopback, osmNode, overpassAnswer, overpassQuery, type Loopback } from '../places/test-servers.ts';

// OSM places the loopback Overpass knows, by node id.
const PLACES: Record<string, Record<string, string>> = {
  '1': { amenity: 'fast_food', name: "McDonald's Alexanderplatz", brand: "McDonald's", cuisine: 'burger' },
  '2': { amenity: 'restaurant', name: 'La Cantina', cuisine: 'mexican' },
  '3': { amenity: 'restaurant', name: 'Pho 24', cuisine: 'vietnamese' },
  '4': { amenity: 'restaurant', name: 'Zum Goldenen Hirsch', brand: 'KFC' },
};
let down = false;
let overpass: Loopback;
let t: TestApp;

beforeAll(async () => {
  overpass = await loopback(({ body }) => {
    if (down) return { hangUp: true };
    const id = /node\((\d+)\)/.exec(overpassQuery(body))?.[1];
    return { json: overpassAnswer(id && PLACES[id] ? [osmNode(Number(id), 52.52, 13.41, PLACES[id]!)] : []) };
  });
  // The built-in USDA foods, with their fast-food chain items.
  t = await createTestApp({ SEED_FOODS: 'true', OVERPASS_URL: overpass.url });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await overpass?.close();
});

const GOALS = { timezone: 'UTC', daily_calorie_goal: 2000, daily_protein_goal: 150, daily_carbs_goal: 200, daily_fat_goal: 70 };
async function userWhoAte(calories: number, protein: number, carbs: number, fat: number) {
  const u = await makeUser(t, GOALS);
  const log = await t.http.post('/food-logs', { food_name: 'Breakfast and lunch', calories, protein, carbohydrates: carbs, fat, meal_type: 'lunch' }, { token: u.token });
  expect(log.status).toBe(201);
  return u;
}
const ask = (token: string, body: object) => t.http.post('/recommendations/restaurant', body, { token });
async function descriptions(ids: string[]) {
  const rows = await t.app.db.select({ id: foods.id, d: foods.food_description }).from(foods).where(inArray(foods.id, ids));
  return rows.map((r) => r.d);
}

describe('POST /recommendations/restaurant', () => {
  it("offers the chain's own items at a McDonald's, those within the remaining macros first, each with a reason", async () => {
    const u = await userWhoAte(1200, 90, 120, 40);
    const res = await ask(u.token, { place_id: 'osm:node:1', restaurant_name: 'Mcdonalds', user_id: u.user.id });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ match: 'chain', chain: "McDonald's", cuisine: ['burger'], goals_source: 'settings', remaining: { calories: 800, protein: 60, carbs: 80, fat: 30 } });
    const opts = res.json.options as { food_id: string; calories: number; protein: number; carbs: number; fat: number; fits: boolean; score: number; reason: string; restaurant: string }[];
    expect(opts.length).toBe(10);
    expect((await descriptions(opts.map((o) => o.food_id))).every((d) => d.startsWith("McDONALD'S"))).toBe(true);
    const fitting = opts.filter((o) => o.fits);
    expect(fitting.length).toBeGreaterThan(2);
    // Fitting options come first, stay within what is left, and carry the numbers in their reason.
    expect(opts.slice(0, fitting.length).every((o) => o.fits)).toBe(true);
    for (const o of fitting) {
      expect(o.calories).toBeLessThanOrEqual(800);
      expect(o.fat).toBeLessThanOrEqual(35);
      expect(o.carbs).toBeLessThanOrEqual(85);
      expect(o.reason).toMatch(/^Fits your remaining 800 kcal/);
      expect(o.restaurant).toBe('Mcdonalds');
    }
    const scores = fitting.map((o) => o.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('recognises a chain by the OSM brand when the sign says something else', async () => {
    const u = await userWhoAte(500, 20, 60, 20);
    const res = await ask(u.token, { place_id: 'osm:node:4', restaurant_name: 'Zum Goldenen Hirsch', user_id: u.user.id });
    expect(res.json).toMatchObject({ match: 'chain', chain: 'KFC' });
    expect((await descriptions(res.json.options.map((o: { food_id: string }) => o.food_id))).every((d) => d.startsWith('KENTUCKY FRIED CHICKEN'))).toBe(true);
  });

  it("offers dishes of the place's cuisine when it is no known chain", async () => {
    const u = await userWhoAte(1000, 60, 100, 30);
    const res = await ask(u.token, { place_id: 'osm:node:2', restaurant_name: 'La Cantina', user_id: u.user.id });
    expect(res.json).toMatchObject({ match: 'cuisine', chain: null, cuisine: ['mexican'] });
    const ds = await descriptions(res.json.options.map((o: { food_id: string }) => o.food_id));
    expect(ds.length).toBeGreaterThan(3);
    expect(ds.every((d) => /^Fast foods, (burrito|taco|enchilada|nachos|tostada|chimichanga|frijoles)/.test(d))).toBe(true);
  });

  it('says so when it knows nothing about the menu', async () => {
    const u = await userWhoAte(0, 0, 0, 0);
    const res = await ask(u.token, { place_id: 'osm:node:3', restaurant_name: 'Pho 24', user_id: u.user.id });
    expect(res.json).toMatchObject({ match: 'none', options: [], cuisine: ['vietnamese'] });
  });

  it('still matches a chain by name when the place provider is down', async () => {
    const u = await userWhoAte(0, 0, 0, 0);
    down = true;
    try {
      const res = await ask(u.token, { place_id: 'osm:node:999', restaurant_name: 'BURGER KING', user_id: u.user.id });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ match: 'chain', chain: 'Burger King', cuisine: [] });
      expect(res.json.options.length).toBeGreaterThan(0);
    } finally {
      down = false;
    }
  });

  it('tells a person with only some goals set the same remaining carbs and fat as what-to-eat and the daily plan do', async () => {
    // 2,200 kcal and 150 g protein set, carbs and fat not: both share the 1,600 kcal left (250 g carbs, 67 g fat).
    const u = await makeUser(t, { timezone: 'UTC', daily_calorie_goal: 2200, daily_protein_goal: 150 });
    const log = await t.http.post('/food-logs', { food_name: 'Porridge', calories: 300, protein: 10, carbohydrates: 50, fat: 6, meal_type: 'breakfast' }, { token: u.token });
    expect(log.status).toBe(201);
    const here = (await ask(u.token, { place_id: 'osm:node:1', restaurant_name: "McDonald's", user_id: u.user.id })).json.remaining;
    expect(here).toEqual({ calories: 1900, protein: 140, carbs: 200, fat: 61 });
    const whatToEat = (await t.http.post('/recommendations/what-to-eat', { meal_type: 'lunch' }, { token: u.token })).json.remaining_macros;
    expect(whatToEat).toMatchObject(here);
    const asked = await t.http.post('/recommendations/daily-meal-plan/request', {}, { token: u.token });
    expect(asked.status).toBe(202);
    const day = await waitFor(async () => {
      const s = await t.http.get(`/recommendations/daily-meal-plan/status/${asked.json.id}`, { token: u.token });
      return s.json.status !== 'processing' ? s.json : null;
    }, 60_000, 250);
    expect(day.status).toBe('completed');
    expect(day.plan.remaining_macros).toMatchObject(here);
  }, 90_000);

  it('uses a 2000 kcal day when the user set no goals, and logging an option lowers what is left', async () => {
    const u = await makeUser(t);
    const first = await ask(u.token, { place_id: 'osm:node:1', restaurant_name: "McDonald's", user_id: u.user.id });
    expect(first.json).toMatchObject({ goals_source: 'default', remaining: { calories: 2000, protein: 100, carbs: 250 } });
    const pick = first.json.options[0];
    const log = await t.http.post('/food-logs', { food_id: pick.food_id, serving: { id: pick.serving_id }, meal_type: 'dinner' }, { token: u.token });
    expect(log.status).toBe(201);
    expect(log.json.calories).toBeCloseTo(pick.calories, 0);
    const after = await ask(u.token, { place_id: 'osm:node:1', restaurant_name: "McDonald's", user_id: u.user.id });
    expect(after.json.remaining.calories).toBeCloseTo(2000 - pick.calories, 0);
  });

  it("refuses another user's id with 403, bad bodies with 422 and strangers with 401", async () => {
    const u = await makeUser(t);
    const victim = await makeUser(t, GOALS);
    const res = await ask(u.token, { place_id: 'osm:node:1', restaurant_name: "McDonald's", user_id: victim.user.id });
    expect(res.status).toBe(403);
    expect(isErrorBody(res)).toBe(true);
    for (const body of [{}, { place_id: 'osm:node:1', restaurant_name: '', user_id: u.user.id }, { place_id: 'osm:node:1', restaurant_name: 'X', user_id: 'me' }, { place_id: '', restaurant_name: 'X', user_id: u.user.id }]) {
      expect((await ask(u.token, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await t.http.post('/recommendations/restaurant', { place_id: 'osm:node:1', restaurant_name: 'X', user_id: 1 })).status).toBe(401);
  });
});
