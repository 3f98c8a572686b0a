import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeUser } from '../foods/test-support.ts';
import { food_logs, foods } from '../../db/schema/index.ts';
import { SEED_FILE } from '../../paths.ts';
import { usdaRow } from '../foods/food-rows.ts';
import { backfillLogMicronutrients, upsertFoods } from '../foods/repository.ts';
import type { UsdaSeed } from '../foods/seed-format.ts';

let t: TestApp;
const seed = JSON.parse(gunzipSync(readFileSync(SEED_FILE)).toString('utf8')) as UsdaSeed;
const seedFood = (ndb: string) => seed.foods.find((f) => f[0] === ndb)!;

beforeAll(async () => {
  t = await createTestApp();
  // Two built-in foods from the real seed: raw spinach (11457) and butter (01001).
  await upsertFoods(t.app.db, [usdaRow(seedFood('11457')), usdaRow(seedFood('01001'))]);
});
afterAll(async () => {
  await t?.close();
});

describe('micronutrients of the built-in USDA data', () => {
  it('the seed carries vitamins and minerals per 100 g; what SR21 lacks (vitamin D) is null, not 0', async () => {
    const [spinach] = await t.app.db.select().from(foods).where(eq(foods.id, 'usda-11457'));
    // USDA SR21, spinach raw, per 100 g: iron 2.71 mg, calcium 99 mg, vitamin K 482.9 µg, folate 194 µg DFE.
    expect(spinach).toMatchObject({ iron: 2.71, calcium: 99, vitamin_k: 482.9, folate: 194, vitamin_d: null });
  });

  it('a log entry keeps them scaled with the serving, and the nutrients insight reads them', async () => {
    const { token } = await makeUser(t, { sex: 'female', birth_year: new Date().getFullYear() - 30 });
    const res = await t.http.post('/food-logs', { food_id: 'usda-11457', serving: 200, meal_type: 'lunch', date: '2025-03-03' }, { token });
    expect(res.status).toBe(201);
    const [row] = await t.app.db.select().from(food_logs).where(eq(food_logs.id, res.json.id));
    expect(row).toMatchObject({ iron: 5.42, calcium: 198, vitamin_d: null });
    const n = await t.http.get('/insights/nutrients?days=1&end_date=2025-03-03', { token });
    const by = Object.fromEntries(n.json.nutrients.map((x: any) => [x.nutrient, x]));
    expect(by.iron).toMatchObject({ per_day: 5.42, target: 18, percent_of_target: 30, status: 'low', coverage_percent: 100 });
    expect(by.vitamin_d).toMatchObject({ per_day: null, status: 'not known' });
    expect(by.vitamin_k.status).toBe('adequate');
  });

  it('existing entries are back-filled from their food; manual entries stay not known', async () => {
    const { user, token } = await makeUser(t);
    const [old] = await t.app.db
      .insert(food_logs)
      .values({ user_id: user.id, food_id: 'usda-01001', food_name: 'Butter', serving_grams: 14.2, number_of_servings: 2, calories: 203, meal_type: 'breakfast', date: '2025-03-03' })
      .returning();
    const manual = await t.http.post('/food-logs', { food_name: 'Soup', calories: 200, meal_type: 'lunch', date: '2025-03-03' }, { token });
    expect(old!.vitamin_a).toBeNull();
    await backfillLogMicronutrients(t.app.db);
    const [after] = await t.app.db.select().from(food_logs).where(eq(food_logs.id, old!.id));
    // Butter: 684 µg RAE vitamin A per 100 g × 28.4 g.
    expect(after!.vitamin_a).toBeCloseTo(684 * 0.284, 1);
    const [m] = await t.app.db.select().from(food_logs).where(eq(food_logs.id, manual.json.id));
    expect(m!.vitamin_a).toBeNull();
  });

  it('travel on the wire: food detail, log entries and the day summary; null stays null ("not known")', async () => {
    const { token } = await makeUser(t, { sex: 'male', birth_year: new Date().getFullYear() - 40 });
    const detail = await t.http.get('/foods/food/usda-11457', { token });
    expect(detail.status).toBe(200);
    expect(detail.json.micronutrients_per_100g).toMatchObject({ iron: 2.71, calcium: 99, vitamin_k: 482.9, vitamin_d: null });
    // For the default serving (its grams on the wire): 2.71 mg iron per 100 g.
    expect(detail.json.micronutrients.iron).toBeCloseTo((2.71 * detail.json.serving_grams) / 100, 3);
    expect(detail.json.micronutrients.vitamin_d).toBeNull();

    const spinach = await t.http.post('/food-logs', { food_id: 'usda-11457', serving: 200, meal_type: 'lunch', date: '2025-04-01' }, { token });
    expect(spinach.json.micronutrients).toMatchObject({ iron: 5.42, calcium: 198, vitamin_d: null });
    const soup = await t.http.post('/food-logs', { food_name: 'Soup', calories: 200, meal_type: 'dinner', date: '2025-04-01' }, { token });
    expect(Object.values(soup.json.micronutrients).every((v) => v === null)).toBe(true);
    const butter = await t.http.post('/food-logs', { food_id: 'usda-01001', serving: 10, meal_type: 'dinner', date: '2025-04-01' }, { token });
    expect(butter.status).toBe(201);

    const day = await t.http.get('/food-logs/daily-summary/2025-04-01', { token });
    expect(day.status).toBe(200);
    expect(day.json.meals.lunch.foods[0].micronutrients.iron).toBe(5.42);
    // The day sums what is known (spinach + butter), ignores the soup that knows nothing, and keeps vitamin D unknown.
    expect(day.json.daily_totals.micronutrients.calcium).toBeCloseTo(198 + 2.4, 1);
    expect(day.json.daily_totals.micronutrients.vitamin_d).toBeNull();

    // The day against the DRI for a 40-year-old man: RDA 8 mg iron, UL 45 mg.
    const n = await t.http.get('/insights/nutrients?days=1&end_date=2025-04-01', { token });
    const iron = n.json.nutrients.find((x: any) => x.nutrient === 'iron');
    expect(iron).toMatchObject({ target: 8, upper: 45, status: 'adequate' });
    expect(n.json).toMatchObject({ sex: 'male', age: 40 });
  });
});
