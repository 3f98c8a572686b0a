import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeUser } from '../foods/test-support.ts';
import { food_logs, foods } from '../../db/schema/index.ts';
import { SEED_FILE } from '../foods/service.ts';
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
});
