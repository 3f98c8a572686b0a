import { describe, expect, it } from 'vitest';
import { mulberry32 } from './meal-plan/prng.js';
import { placeholderDay, placeholderDays } from './placeholder-days.js';

describe('placeholder days', () => {
  it('stays within 20 % of 500/700/800/300 kcal and splits 20/50/30 at 4/4/9 kcal per g', () => {
    const rng = mulberry32(3);
    for (const d of placeholderDays(50, rng)) {
      for (const [meal, base] of [['breakfast', 500], ['lunch', 700], ['dinner', 800], ['snack', 300]] as const) {
        const m = d.meals[meal];
        expect(m.total_calories).toBeGreaterThanOrEqual(base * 0.8 - 0.5);
        expect(m.total_calories).toBeLessThanOrEqual(base * 1.2 + 0.5);
        expect(m.total_protein * 4).toBeCloseTo(m.total_calories * 0.2, 0);
        expect(m.total_carbs * 4).toBeCloseTo(m.total_calories * 0.5, 0);
        expect(m.total_fat * 9).toBeCloseTo(m.total_calories * 0.3, 0);
        expect(m.foods[0]!.calories).toBe(m.total_calories);
      }
      expect(d.is_placeholder).toBe(true);
      expect(d.refresh_hint).toMatch(/refresh/i);
    }
  });

  it('uses the injected RNG: extremes give −20 % and +20 %', () => {
    expect(placeholderDay(1, () => 0).meals.lunch.total_calories).toBe(560);
    expect(placeholderDay(1, () => 0.5).meals.lunch.total_calories).toBe(700);
    expect(placeholderDay(1, () => 0.999999).meals.dinner.total_calories).toBe(960);
    expect(placeholderDays(3, () => 0.5).map((d) => d.day_number)).toEqual([1, 2, 3]);
  });
});
