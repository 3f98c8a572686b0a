import { describe, expect, it } from 'vitest';
import { defaultChoice, gramsOf, nutrientsFor, servingPayload, servingText, startingServing } from './serving-math';
import { dayLabel, isIsoDate, shiftIso } from './dates';
import { copyEntries, servingOf } from './copy-entries';

const per100 = {
  calories: 89, protein: 1.09, carbs: 22.84, fat: 0.33, fiber: 2.6, sugar: 12.23, saturated_fat: 0.112,
  monounsaturated_fat: 0.032, polyunsaturated_fat: 0.073, trans_fat: 0, cholesterol: 0, sodium: 1, potassium: 358,
};
const banana = {
  serving_grams: 118,
  per_100g: per100,
  servings: [
    { id: 'm1', description: '1 medium (7" to 7-7/8" long)', amount: 1, unit: 'medium', grams: 118 },
    { id: 'm2', description: '1 cup, mashed', amount: 1, unit: 'cup', grams: 225 },
    { id: 'g', description: '1 g', amount: 1, unit: 'g', grams: 1 },
  ],
};

describe('serving math', () => {
  it('scales nutrients from per-100 g values by the chosen measure and count', () => {
    const one = nutrientsFor(banana, { kind: 'measure', id: 'm1' }, 1);
    expect(one.calories).toBeCloseTo(105.02, 2);
    const two = nutrientsFor(banana, { kind: 'measure', id: 'm2' }, 2);
    expect(two.calories).toBeCloseTo(400.5, 1);
    expect(two.potassium).toBeCloseTo(1611, 0);
  });
  it('uses a typed weight in grams', () => {
    expect(nutrientsFor(banana, { kind: 'grams', grams: 50 }, 1).carbs).toBeCloseTo(11.42, 2);
    expect(gramsOf(banana, { kind: 'grams', grams: Number('') })).toBe(0);
  });
  it('shows zero for an invalid number of servings rather than NaN', () => {
    expect(nutrientsFor(banana, defaultChoice(banana), NaN).calories).toBe(0);
    expect(nutrientsFor(banana, defaultChoice(banana), -1).calories).toBe(0);
  });
  it('starts a food from the recent list as it was last logged', () => {
    const last = (serving_description: string, number_of_servings = 1, serving_grams: number | null = null) => ({ serving_description, number_of_servings, serving_grams });
    const medium = banana.servings[0]!;
    expect(startingServing(banana, last(medium.description, 2, medium.grams))).toEqual({ choice: { kind: 'measure', id: medium.id }, count: 2 });
    expect(startingServing(banana, last('150 g'))).toEqual({ choice: { kind: 'grams', grams: 150 }, count: 1 });
    expect(startingServing(banana, last('a bowl', 1, 240))).toEqual({ choice: { kind: 'grams', grams: 240 }, count: 1 });
    expect(startingServing(banana, last('a bowl'))).toEqual({ choice: defaultChoice(banana), count: 1 });
    expect(startingServing(banana, null)).toEqual({ choice: defaultChoice(banana), count: 1 });
  });
  it('sends a measure by id and a weight as a number', () => {
    expect(servingPayload({ kind: 'measure', id: 'm2' })).toEqual({ id: 'm2' });
    expect(servingPayload({ kind: 'grams', grams: 30 })).toBe(30);
  });
});

describe('dates', () => {
  it('moves across month and year ends', () => {
    expect(shiftIso('2025-12-31', 1)).toBe('2026-01-01');
    expect(shiftIso('2024-03-01', -1)).toBe('2024-02-29');
  });
  it('names today and its neighbours', () => {
    expect(dayLabel('2025-06-10', '2025-06-10')).toBe('Today');
    expect(dayLabel('2025-06-09', '2025-06-10')).toBe('Yesterday');
    expect(dayLabel('2025-06-11', '2025-06-10')).toBe('Tomorrow');
    expect(dayLabel('2025-06-01', '2025-06-10', 'en-US')).toBe('Sun, Jun 1');
    expect(dayLabel('2024-06-01', '2025-06-10', 'en-GB')).toBe('Sat, 1 Jun 2024');
  });
  it('accepts only real calendar dates from the URL', () => {
    expect(isIsoDate('2025-02-28')).toBe(true);
    expect(isIsoDate('2025-02-30')).toBe(false);
    expect(isIsoDate('yesterday')).toBe(false);
  });
});

describe('copying entries to another day', () => {
  const base = {
    id: 1, brand_name: '', serving_grams: 118, number_of_servings: 2, calories: 210, protein: 2.6, carbohydrates: 54, carbs: 54, fat: 0.8,
    fiber: 6.2, sugar: 28.9, sodium: 2, potassium: 844, saturated_fat: 0, monounsaturated_fat: 0, polyunsaturated_fat: 0, trans_fat: 0,
    cholesterol: 0, meal_type: 'breakfast' as const, date: '2025-06-09', created_at: '', updated_at: '',
    micronutrients: { calcium: 5, iron: 0.3, magnesium: 27, zinc: 0.2, vitamin_a: 3, vitamin_c: 8.7, vitamin_d: null, vitamin_e: 0.1, vitamin_k: 0.5, vitamin_b6: 0.4, vitamin_b12: 0, folate: 20 },
  };
  it('names household measures by description and typed weights by grams', () => {
    expect(servingOf('1 medium (118 g)', 118)).toEqual({ description: '1 medium (118 g)' });
    expect(servingOf('50 g', 50)).toBe(50);
  });
  it('re-creates database foods by id and manual ones with per-serving values', () => {
    const [food, manual] = copyEntries(
      [
        { ...base, food_id: 'usda-09040', food_name: 'Banana, raw', serving_description: '1 medium (118 g)' },
        { ...base, food_id: null, food_name: 'Soup', serving_description: '1 bowl', serving_grams: null },
      ],
      'lunch',
      '2025-06-10',
    );
    expect(food).toEqual({ food_id: 'usda-09040', serving: { description: '1 medium (118 g)' }, number_of_servings: 2, meal_type: 'lunch', date: '2025-06-10' });
    expect(manual).toMatchObject({ food_name: 'Soup', number_of_servings: 2, calories: 105, carbohydrates: 27, meal_type: 'lunch', date: '2025-06-10' });
  });
});

describe('servingText', () => {
  it('counts named servings in plural and keeps measured ones as they are', () => {
    expect(servingText({ number_of_servings: 2, serving_description: 'slice' })).toBe('2 slices');
    expect(servingText({ number_of_servings: 2, serving_description: 'serving' })).toBe('2 servings');
    expect(servingText({ number_of_servings: 3, serving_description: 'large egg white' })).toBe('3 large egg whites');
    expect(servingText({ number_of_servings: 1, serving_description: 'cup' })).toBe('1 cup');
    expect(servingText({ number_of_servings: 3, serving_description: '1 medium' })).toBe('3 × 1 medium');
    expect(servingText({ number_of_servings: 1, serving_description: '100 g' })).toBe('100 g');
  });
});
