import { describe, expect, test } from 'vitest';
import { amountSaid, batchOf, gramsOf, readyToLog, reviewTotals, rowNutrients, rowsFromParse, swapTo, withGrams } from './parse-review';
import type { ParseResponse } from './fast-log-types';

const parsed: ParseResponse = {
  items: [
    {
      text: '2 eggs', food: { id: 'usda:748967', name: 'Eggs, Grade A, Large, egg whole' }, quantity: 2, unit: 'large', grams: 100,
      calories: 148, protein: 12.4, carbs: 1, fat: 10, fiber: 0, confidence: 0.9,
      alternatives: [{ id: 'usda:173424', name: 'Egg, whole, cooked, hard-boiled', grams: 100 }],
    },
    {
      text: 'a slice of toast', food: { id: 'usda:toast', name: 'Bread, white, toasted' }, quantity: 1, unit: 'slice', grams: 28,
      calories: 82.6, protein: 2.5, carbs: 15.4, fat: 1.1, fiber: 0.8, confidence: 0.8,
      alternatives: [{ id: 'usda:toast', name: 'Bread, white, toasted', grams: 28 }, { id: 'usda:wheat', name: 'Bread, whole-wheat, toasted', grams: 30 }],
    },
  ],
  unmatched: ['blorf'],
  meal_type: null,
  date: '2026-12-07',
};

describe('reviewing a described meal', () => {
  test('rows start at the parsed weight with the parsed values; the food itself is not offered as its own alternative', () => {
    const rows = rowsFromParse(parsed);
    expect(rows.map((r) => [r.foodId, r.gramsText])).toEqual([['usda:748967', '100'], ['usda:toast', '28']]);
    expect(rowNutrients(rows[1]!).calories).toBeCloseTo(82.6);
    expect(rows[1]!.alternatives.map((a) => a.id)).toEqual(['usda:wheat']);
    expect(reviewTotals(rows).calories).toBeCloseTo(230.6);
    expect(amountSaid(rows[0]!)).toBe('2 large');
    expect(amountSaid({ quantity: 0.5, unit: 'cup' })).toBe('0.5 cup');
  });

  test('editing the grams scales the row and the total; a weight the API refuses blocks logging', () => {
    const rows = rowsFromParse(parsed);
    const eggs = withGrams(rows[0]!, '150');
    expect(rowNutrients(eggs).calories).toBeCloseTo(222);
    expect(rowNutrients(eggs).protein).toBeCloseTo(18.6);
    expect(reviewTotals([eggs, rows[1]!]).calories).toBeCloseTo(304.6);
    expect(gramsOf({ gramsText: '12,5' })).toBe(12.5);
    for (const bad of ['', '0', '-3', 'abc', '10001', '1e3']) expect(gramsOf({ gramsText: bad }), bad).toBeNull();
    expect(readyToLog([withGrams(eggs, '0'), rows[1]!])).toBe(false);
    expect(readyToLog([eggs, rows[1]!])).toBe(true);
    expect(readyToLog([])).toBe(false);
  });

  test('a swap takes the alternative’s weight, waits for its values, and can be undone', () => {
    const [, toast] = rowsFromParse(parsed);
    const wheat = swapTo(toast!, toast!.alternatives[0]!);
    expect([wheat.foodId, wheat.gramsText, wheat.per100]).toEqual(['usda:wheat', '30', null]);
    expect(readyToLog([wheat])).toBe(false);
    expect(rowNutrients(wheat).calories).toBe(0);
    const loaded = { ...wheat, per100: { calories: 250, protein: 12, carbs: 43, fat: 3.5, fiber: 6 } };
    expect(rowNutrients(loaded).calories).toBeCloseTo(75);
    expect(wheat.alternatives).toEqual([{ id: 'usda:toast', name: 'Bread, white, toasted', grams: 28 }]);
    const back = swapTo(loaded, wheat.alternatives[0]!);
    expect([back.foodId, back.gramsText]).toEqual(['usda:toast', '28']);
    expect(back.alternatives.map((a) => a.id)).toEqual(['usda:wheat']);
  });

  test('Log all is one batch: each food by id at its weight, one serving, in the chosen meal and day', () => {
    const rows = rowsFromParse(parsed);
    expect(batchOf([withGrams(rows[0]!, '120.04'), rows[1]!], 'lunch', '2026-12-07')).toEqual([
      { food_id: 'usda:748967', serving: { grams: 120 }, number_of_servings: 1, meal_type: 'lunch', date: '2026-12-07' },
      { food_id: 'usda:toast', serving: { grams: 28 }, number_of_servings: 1, meal_type: 'lunch', date: '2026-12-07' },
    ]);
    expect(() => batchOf([withGrams(rows[0]!, '')], 'lunch', '2026-12-07')).toThrow();
  });
});
