/** Issue 42 §2: the CSV export says the weight column's unit in its header and converts it for imperial users. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeUser } from '../foods/test-support.ts';
import { user_settings } from '../../db/schema/index.ts';

let t: TestApp;
let user: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await createTestApp();
  user = await makeUser(t, { units: 'imperial' });
  const food = await t.http.post('/foods/custom', { name: 'Test chicken breast', serving_size: 1, serving_unit: 'breast', serving_grams: 172, calories: 283.8, protein: 53.32 }, { token: user.token });
  const logged = await t.http.post('/food-logs', { food_id: food.json.id, serving: { id: 'oz' }, number_of_servings: 6, meal_type: 'dinner' }, { token: user.token });
  expect(logged.status).toBe(201);
  await t.http.post('/food-logs', { food_name: 'Soup at a friend’s', calories: 250, meal_type: 'lunch' }, { token: user.token });
});
afterAll(async () => {
  await t?.close();
});

async function exportRows() {
  const res = await fetch(`${t.api}/food-logs/download/7`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(res.status).toBe(200);
  return parse(await res.text(), { columns: true }) as Record<string, string>[];
}

describe('CSV export in the user units', () => {
  it('writes the weight in ounces under amount_oz for an imperial user, and in grams under amount_g for a metric one', async () => {
    const rows = await exportRows();
    const chicken = rows.find((r) => r.food_name === 'Test chicken breast')!;
    expect(Object.keys(chicken)).toContain('amount_oz');
    expect(Object.keys(chicken)).not.toContain('amount_g');
    expect(chicken.amount_oz).toBe('6');
    expect(chicken.serving_description).toBe('1 oz');
    // A manual entry's weight is not known: empty, not 0.
    expect(rows.find((r) => r.food_name.startsWith('Soup'))!.amount_oz).toBe('');

    await t.app.db.update(user_settings).set({ units: 'metric' }).where(eq(user_settings.user_id, user.user.id));
    const metric = (await exportRows()).find((r) => r.food_name === 'Test chicken breast')!;
    expect(metric.amount_g).toBe('170');
    expect(Object.keys(metric)).not.toContain('amount_oz');
  });
});
