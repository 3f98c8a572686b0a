import { describe, expect, it } from 'vitest';
import { FoodLogBatchSchema } from '@app/contracts/food-logs';
import { isMealLogged, toFoodLogEntries } from './log-entries';

describe("'Log this' entries", () => {
  it('logs each real food with its portion and macros for the meal and day, valid for POST /food-logs/batch', () => {
    const entries = toFoodLogEntries(
      [
        { name: 'Greek yogurt', serving_size: 1.5, serving_unit: 'cup', calories: 220.44, protein: 20, carbs: 12, fat: 6, fiber: 0 },
        { name: 'Default meal', calories: 500 },
        { name: 'Blueberries', serving: '1/2 cup', calories: 42, protein: 0.5, carbs: 11, fat: 0.2 },
      ],
      'breakfast',
      '2026-11-21',
    );
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ food_name: 'Greek yogurt', serving_description: '1.5 cups', calories: 220.4, carbohydrates: 12, meal_type: 'breakfast', date: '2026-11-21' });
    expect(entries[1]).toMatchObject({ serving_description: '1/2 cup', fiber: 0 });
    expect(FoodLogBatchSchema.safeParse(entries).success).toBe(true);
  });

  it('logs an option food by its database id and weight when it carries a log body', () => {
    const [entry] = toFoodLogEntries(
      [{ name: 'Apple', calories: 95, log_entry: { food_id: 'usda-09003', serving: { grams: 182 }, number_of_servings: 1 } }],
      'snack',
      '2026-11-21',
    );
    expect(entry).toEqual({ food_id: 'usda-09003', serving: { grams: 182 }, number_of_servings: 1, meal_type: 'snack', date: '2026-11-21' });
    expect(FoodLogBatchSchema.safeParse([entry]).success).toBe(true);
  });

  it('describes a catalogue portion with its scaled weight', () => {
    const [entry] = toFoodLogEntries([{ name: 'Cod', serving_size: 4, serving_unit: 'oz (28.4 g)', calories: 120 }], 'dinner', '2026-11-21');
    expect(entry).toMatchObject({ serving_description: '4 oz (114 g)' });
  });
});

describe('logged marks come from the food log', () => {
  const planned = toFoodLogEntries([{ name: 'Egg', calories: 70 }, { name: 'Egg', calories: 70 }, { name: 'Toast', calories: 90 }], 'breakfast', '2026-11-21');
  it('a meal is logged when every planned food is in that meal of the log, counting repeats', () => {
    expect(isMealLogged(planned, [{ food_name: 'egg' }, { food_name: 'Toast' }, { food_name: 'Egg ' }])).toBe(true);
    expect(isMealLogged(planned, [{ food_name: 'Egg' }, { food_name: 'Toast' }])).toBe(false);
    expect(isMealLogged(planned, [])).toBe(false);
  });
  it('an empty plan meal is never "logged"', () => {
    expect(isMealLogged([], [{ food_name: 'Egg' }])).toBe(false);
  });
});
