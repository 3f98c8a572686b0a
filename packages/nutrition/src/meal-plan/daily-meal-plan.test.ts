import { describe, expect, it } from 'vitest';
import { dailyMealPlan, dedupeByName, planDay, suggestMealOptions } from './index.js';

const goals = { calories: 2000, protein: 120, carbs: 220, fat: 70, fiber: 28 };

describe('daily meal plan', () => {
  it('has the spec fields and totals that match its meals', async () => {
    const day = await planDay({ days: 1, goals, seed: 3, favorite_food_ids: ['usda-09040'] });
    const d = dailyMealPlan(day, { goals, favorite_food_ids: ['usda-09040'], diet_types: [], allergies: ['peanuts'] });
    expect(Object.keys(d)).toEqual(['breakfast', 'lunch', 'dinner', 'snack', 'total_calories', 'total_protein', 'total_carbs', 'total_fat', 'remaining_macros', 'personalized_notes', 'macro_distribution', 'considerations', 'favorite_foods_used']);
    expect(d.total_calories).toBeCloseTo(d.breakfast.total_calories + d.lunch.total_calories + d.dinner.total_calories + d.snack.total_calories, 1);
    expect(d.remaining_macros.calories).toBeCloseTo(goals.calories - d.total_calories, 1);
    expect(d.macro_distribution.protein + d.macro_distribution.carbs + d.macro_distribution.fat).toBeCloseTo(100, 0);
    expect(d.considerations.join(' ')).toMatch(/peanuts/);
    // Numbers as the screens write them: "against your 2,000 kcal goal", not "2000".
    expect(d.personalized_notes[0]).toMatch(/^This plan gives \d,\d{3} kcal against your 2,000 kcal goal\.$/);
  });

  it('de-duplicates foods by name within a meal', () => {
    expect(dedupeByName([{ name: 'Apple' }, { name: 'apple ' }, { name: 'Pear' }]).map((f) => f.name)).toEqual(['Apple', 'Pear']);
  });

  it('suggests different meals that fit what is left', async () => {
    const opts = await suggestMealOptions({ calories: 900, protein: 60, carbs: 90, fat: 30, fiber: 10 }, 'dinner', { diet_types: ['vegetarian'], seed: 5 }, 3);
    expect(opts).toHaveLength(3);
    expect(new Set(opts.map((o) => o.meal.foods[0]!.food_id)).size).toBe(3);
    for (const o of opts) {
      expect(Math.abs(o.meal.total_calories - 720)).toBeLessThan(100);
      expect(o.reason).toMatch(/kcal/);
    }
  });
});
