import { describe, expect, it } from 'vitest';
import { customWeightGrams, customWeightText, defaultChoice, gramsOf, nutrientsFor, servingLabel, servingOptions, servingPayload, servingText, startingServing } from './serving-math';

const per100 = {
  calories: 165, protein: 31, carbs: 0, fat: 3.6, fiber: 0, sugar: 0, saturated_fat: 1, monounsaturated_fat: 1.2,
  polyunsaturated_fat: 0.8, trans_fat: 0, cholesterol: 85, sodium: 74, potassium: 256,
};
/** Chicken breast as GET /foods/food answers it: its own measures, then 1 oz, 1 g and 100 g. */
const chicken = {
  serving_grams: 172,
  per_100g: per100,
  servings: [
    { id: 's0', description: '0.5 breast, bone and skin removed (172 g)', amount: 0.5, unit: 'breast, bone and skin removed', grams: 172 },
    { id: 's1', description: '1 cup, chopped or diced (140 g)', amount: 1, unit: 'cup, chopped or diced', grams: 140 },
    { id: 'oz', description: '1 oz', amount: 1, unit: 'oz', grams: 28.3495 },
    { id: 'g', description: '1 g', amount: 1, unit: 'g', grams: 1 },
    { id: '100g', description: '100 g', amount: 100, unit: 'g', grams: 100 },
  ],
};
/** A food with no household measure: only the weights. */
const plain = { serving_grams: 100, per_100g: per100, servings: chicken.servings.slice(2) };

describe('serving options in the user units', () => {
  it('offers chicken breast by the ounce when imperial, with the measures weighed in ounces', () => {
    const opts = servingOptions(chicken, 'imperial');
    expect(opts.map((o) => o.id)).toEqual(['s0', 's1', 'oz']);
    expect(opts.map((o) => o.label)).toEqual(['0.5 breast, bone and skin removed (6.1 oz)', '1 cup, chopped or diced (4.9 oz)', '1 oz']);
  });
  it('offers grams and no ounce when metric, labels as the food has them', () => {
    const opts = servingOptions(chicken, 'metric');
    expect(opts.map((o) => o.id)).toEqual(['s0', 's1', 'g', '100g']);
    expect(opts[0]!.label).toBe('0.5 breast, bone and skin removed (172 g)');
  });
  it('logs 6 oz as 6 servings of 28.3495 g: the grams go on the wire', () => {
    const choice = { kind: 'measure' as const, id: 'oz' };
    expect(servingPayload(choice)).toEqual({ id: 'oz' });
    expect(gramsOf(chicken, choice) * 6).toBeCloseTo(170.097, 3);
    expect(nutrientsFor(chicken, choice, 6).protein).toBeCloseTo(52.73, 2);
  });
  it('types a custom weight in ounces when imperial and sends grams', () => {
    expect(customWeightGrams('6', 'imperial')).toBeCloseTo(170.1, 2);
    expect(customWeightGrams('150', 'metric')).toBe(150);
    expect(customWeightGrams('', 'imperial')).toBeNaN();
    expect(customWeightText(100, 'imperial')).toBe('3.5');
    expect(customWeightText(100, 'metric')).toBe('100');
  });
  it('starts a food with no measure of its own at 1 oz (imperial) or 100 g (metric)', () => {
    expect(defaultChoice(plain, 'imperial')).toEqual({ kind: 'measure', id: 'oz' });
    expect(defaultChoice(plain, 'metric')).toEqual({ kind: 'measure', id: '100g' });
    expect(defaultChoice(chicken, 'imperial')).toEqual({ kind: 'measure', id: 's0' });
  });
  it('turns a gram measure logged before the switch to imperial into its weight, as the picker has no 1 g', () => {
    const last = { serving_description: '1 g', number_of_servings: 150, serving_grams: 1 };
    expect(startingServing(chicken, last, 'imperial')).toEqual({ choice: { kind: 'grams', grams: 150 }, count: 1 });
    expect(startingServing(chicken, last, 'metric')).toEqual({ choice: { kind: 'measure', id: 'g' }, count: 150 });
    expect(startingServing(chicken, { serving_description: '1 oz', number_of_servings: 6, serving_grams: 28.3495 }, 'imperial')).toEqual({ choice: { kind: 'measure', id: 'oz' }, count: 6 });
  });
  it('writes what was logged in the user units', () => {
    expect(servingText({ serving_description: '1 oz', number_of_servings: 6 }, 'imperial')).toBe('6 oz');
    expect(servingText({ serving_description: '1 oz', number_of_servings: 6 }, 'metric')).toBe('170 g');
    expect(servingText({ serving_description: '1 g', number_of_servings: 150 }, 'metric')).toBe('150 g');
    expect(servingText({ serving_description: '170.1 g', number_of_servings: 1 }, 'imperial')).toBe('6 oz');
    expect(servingText({ serving_description: '1 cup, chopped or diced (140 g)', number_of_servings: 2 }, 'imperial')).toBe('2 × 1 cup, chopped or diced (4.9 oz)');
    expect(servingText({ serving_description: 'slice', number_of_servings: 2 }, 'imperial')).toBe('2 slices');
    expect(servingLabel('1 medium (118 g)', 'metric')).toBe('1 medium (118 g)');
  });
});
