/**
 * Issue 42 §2: every food offers an ounce (28.3495 g) besides its own measures and 1 g / 100 g, so a US user weighs
 * chicken in ounces; the entry still stores grams. A food with its own "1 oz" measure is not offered two.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeUser } from './test-support.ts';

let t: TestApp;
let token: string;
let chicken: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await makeUser(t, { units: 'imperial' })).token;
  // 165 kcal and 31 g protein per 100 g, one household measure of 172 g.
  const made = await t.http.post('/foods/custom', { name: 'Test chicken breast', serving_size: 1, serving_unit: 'breast', serving_grams: 172, calories: 283.8, protein: 53.32, carbs: 0, fat: 6.19 }, { token });
  expect(made.status).toBe(201);
  chicken = made.json.id;
});
afterAll(async () => {
  await t?.close();
});

describe('the ounce serving', () => {
  it('comes after the food’s own measures and before the gram ones, weighing 28.3495 g', async () => {
    const res = await t.http.get(`/foods/food/${chicken}`, { token });
    expect(res.status).toBe(200);
    expect(res.json.servings.map((s: { id: string }) => s.id)).toEqual(['s0', 'oz', 'g', '100g']);
    expect(res.json.servings[1]).toEqual({ id: 'oz', description: '1 oz', amount: 1, unit: 'oz', grams: 28.3495 });
    // The default serving stays the food's own measure.
    expect(res.json.serving_grams).toBe(172);
  });

  it('logs 6 oz as 170.1 g of chicken, nutrients scaled from grams', async () => {
    const res = await t.http.post('/food-logs', { food_id: chicken, serving: { id: 'oz' }, number_of_servings: 6, meal_type: 'dinner', date: '2025-03-10' }, { token });
    expect(res.status).toBe(201);
    expect(res.json.serving_description).toBe('1 oz');
    expect(res.json.serving_grams).toBeCloseTo(28.3495, 4);
    expect(res.json.number_of_servings).toBe(6);
    // 6 × 28.3495 g = 170.097 g at 31 g protein and 165 kcal per 100 g.
    expect(res.json.protein).toBeCloseTo(52.73, 1);
    expect(res.json.calories).toBeCloseTo(280.66, 0);
    // By description too (what "log again" sends), and switching an entry to ounces.
    const again = await t.http.post('/food-logs', { food_id: chicken, serving: { description: '1 oz' }, number_of_servings: 4, meal_type: 'lunch', date: '2025-03-10' }, { token });
    expect(again.json.serving_grams).toBeCloseTo(28.3495, 4);
    const other = await t.http.post('/food-logs', { food_id: chicken, meal_type: 'lunch', date: '2025-03-10' }, { token });
    expect(other.json.serving_grams).toBe(172);
    const put = await t.http.put(`/food-logs/${other.json.id}`, { serving: { id: 'oz' }, number_of_servings: 8 }, { token });
    expect(put.status).toBe(200);
    expect(put.json.protein).toBeCloseTo(70.31, 1);
  });

  it('is not offered twice to a food that has its own ounce measure', async () => {
    const made = await t.http.post('/foods/custom', { name: 'Test almonds', serving_size: 1, serving_unit: 'oz', serving_grams: 28.35, calories: 164, protein: 6 }, { token });
    expect(made.status).toBe(201);
    const res = await t.http.get(`/foods/food/${made.json.id}`, { token });
    const ounces = res.json.servings.filter((s: { unit: string }) => s.unit === 'oz');
    expect(ounces).toHaveLength(1);
    expect(ounces[0].id).toBe('s0');
  });
});
