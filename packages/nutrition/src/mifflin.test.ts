import { describe, expect, it } from 'vitest';
import { mifflinBmr, suggestGoals } from './mifflin.js';

describe('Mifflin-St Jeor goals', () => {
  it('computes BMR for men and women', () => {
    expect(mifflinBmr({ age: 30, sex: 'male', height_cm: 180, weight_kg: 80 })).toBe(1780);
    expect(mifflinBmr({ age: 30, sex: 'female', height_cm: 165, weight_kg: 60 })).toBeCloseTo(1320.25, 2);
  });

  it('scales by activity and aim, and macros add up to the calories', () => {
    const maintain = suggestGoals({ age: 30, sex: 'male', height_cm: 180, weight_kg: 80, activity_level: 'moderate', aim: 'maintain' });
    expect(maintain.tdee).toBe(2759);
    expect(maintain.calories).toBe(2760);
    const lose = suggestGoals({ age: 30, sex: 'male', height_cm: 180, weight_kg: 80, activity_level: 'moderate', aim: 'lose' });
    const gain = suggestGoals({ age: 30, sex: 'male', height_cm: 180, weight_kg: 80, activity_level: 'moderate', aim: 'gain' });
    expect(lose.calories).toBeLessThan(maintain.calories);
    expect(gain.calories).toBeGreaterThan(maintain.calories);
    for (const g of [lose, maintain, gain]) {
      expect(Math.abs(g.protein * 4 + g.carbs * 4 + g.fat * 9 - g.calories)).toBeLessThan(15);
      expect(g.fiber).toBe(Math.round((g.calories / 1000) * 14));
    }
    expect(lose.protein).toBe(144);
  });

  it('never suggests below a safe floor and rejects nonsense', () => {
    expect(suggestGoals({ age: 80, sex: 'female', height_cm: 150, weight_kg: 45, activity_level: 'sedentary', aim: 'lose' }).calories).toBe(1200);
    expect(() => suggestGoals({ age: 0, sex: 'male', height_cm: 180, weight_kg: 80, activity_level: 'light', aim: 'maintain' })).toThrow(RangeError);
  });

  it('a measured expenditure replaces BMR × activity; the aim and the floor still apply', () => {
    const base = { age: 30, sex: 'male', height_cm: 180, weight_kg: 80, activity_level: 'sedentary', aim: 'maintain' } as const;
    const measured = suggestGoals({ ...base, measured_tdee_kcal: 2800 });
    expect(measured).toMatchObject({ bmr: 1780, tdee: 2800, calories: 2800 });
    expect(suggestGoals({ ...base, aim: 'lose', measured_tdee_kcal: 2800 }).calories).toBe(2240);
    expect(suggestGoals({ ...base, aim: 'lose', measured_tdee_kcal: 1600 }).calories).toBe(1500);
    // No estimate (null) falls back to the equation.
    expect(suggestGoals({ ...base, measured_tdee_kcal: null }).tdee).toBe(2136);
  });
});
