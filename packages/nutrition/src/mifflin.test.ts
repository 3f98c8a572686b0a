import { describe, expect, it } from 'vitest';
import { mifflinBmr, suggestGoals, weeksToGoal } from './mifflin.js';

/** Within 1 % of a value computed by hand. */
const near = (actual: number, expected: number) => expect(Math.abs(actual - expected) / expected).toBeLessThanOrEqual(0.01);

describe('Mifflin-St Jeor goals', () => {
  it('computes BMR for men and women', () => {
    expect(mifflinBmr({ age: 30, sex: 'male', height_cm: 180, weight_kg: 80 })).toBe(1780);
    expect(mifflinBmr({ age: 30, sex: 'female', height_cm: 165, weight_kg: 60 })).toBeCloseTo(1320.25, 2);
  });

  it('maintaining: BMR × activity factor, macros add up to the calories', () => {
    const maintain = suggestGoals({ age: 30, sex: 'male', height_cm: 180, weight_kg: 80, activity_level: 'moderate', weekly_rate_kg: 0 });
    // 1,780 × 1.55 = 2,759
    expect(maintain).toMatchObject({ tdee: 2759, pace_kcal: 0, calories: 2760, aim: 'maintain', floor_applied: null });
    expect(Math.abs(maintain.protein * 4 + maintain.carbs * 4 + maintain.fat * 9 - maintain.calories)).toBeLessThan(15);
    expect(maintain.protein).toBe(112); // 1.4 g × 80 kg
  });

  it('the weekly pace moves the day by pace × 7,700 ÷ 7 kcal (hand-computed cases)', () => {
    // Woman, 34, 165 cm, 72 kg, light: BMR 720 + 1,031.25 − 170 − 161 = 1,420.25; × 1.375 = 1,952.84;
    // −0.5 kg a week = −550 kcal a day → 1,402.84.
    const lose = suggestGoals({ age: 34, sex: 'female', height_cm: 165, weight_kg: 72, activity_level: 'light', weekly_rate_kg: -0.5 });
    expect(lose.bmr).toBe(1420);
    expect(lose.pace_kcal).toBe(-550);
    near(lose.calories, 1402.84);
    expect(lose).toMatchObject({ calories: 1400, aim: 'lose', floor_applied: null, protein: 122 }); // 1.8 g × 72 kg = 130 g, capped at 35 % of 1,400 kcal
    // Man, 34, 5 ft 10 in (177.8 cm), 190 lb (86.18 kg), sedentary, −1 lb a week (−0.4536 kg):
    // BMR 861.8 + 1,111.25 − 170 + 5 = 1,808.05; × 1.2 = 2,169.66; − 0.4536 × 1,100 = −498.96 → 1,670.70.
    const lb = suggestGoals({ age: 34, sex: 'male', height_cm: 177.8, weight_kg: 86.18, activity_level: 'sedentary', weekly_rate_kg: -0.4536 });
    near(lb.calories, 1670.7);
    // Man, 25, 175 cm, 65 kg, very active, +0.25 kg a week: (650 + 1,093.75 − 125 + 5) × 1.9 + 275 = 3,359.13.
    const gain = suggestGoals({ age: 25, sex: 'male', height_cm: 175, weight_kg: 65, activity_level: 'very_active', weekly_rate_kg: 0.25 });
    near(gain.calories, 3359.13);
    expect(gain.aim).toBe('gain');
    for (const g of [lose, lb, gain]) {
      expect(Math.abs(g.protein * 4 + g.carbs * 4 + g.fat * 9 - g.calories)).toBeLessThan(15);
      expect(g.fiber).toBe(Math.round((g.calories / 1000) * 14));
    }
  });

  it('never suggests below a safe floor, says so, and rejects nonsense', () => {
    // 80, 150 cm, 45 kg, sedentary: (450 + 937.5 − 400 − 161) × 1.2 = 991.8, −1 kg a week → −108: floor 1,200.
    const woman = suggestGoals({ age: 80, sex: 'female', height_cm: 150, weight_kg: 45, activity_level: 'sedentary', weekly_rate_kg: -1 });
    expect(woman).toMatchObject({ calories: 1200, floor_applied: 1200 });
    // A man whose pace asks for 1,280 kcal gets 1,500.
    const man = suggestGoals({ age: 60, sex: 'male', height_cm: 165, weight_kg: 60, activity_level: 'sedentary', weekly_rate_kg: -0.75 });
    expect(man).toMatchObject({ calories: 1500, floor_applied: 1500 });
    expect(() => suggestGoals({ age: 0, sex: 'male', height_cm: 180, weight_kg: 80, activity_level: 'light', weekly_rate_kg: 0 })).toThrow(RangeError);
    expect(() => suggestGoals({ age: 30, sex: 'male', height_cm: 180, weight_kg: 80, activity_level: 'light', weekly_rate_kg: NaN })).toThrow(RangeError);
  });

  it('a measured expenditure replaces BMR × activity; the pace and the floor still apply', () => {
    const base = { age: 30, sex: 'male', height_cm: 180, weight_kg: 80, activity_level: 'sedentary', weekly_rate_kg: 0 } as const;
    expect(suggestGoals({ ...base, measured_tdee_kcal: 2800 })).toMatchObject({ bmr: 1780, tdee: 2800, calories: 2800 });
    expect(suggestGoals({ ...base, weekly_rate_kg: -0.5, measured_tdee_kcal: 2800 }).calories).toBe(2250);
    expect(suggestGoals({ ...base, weekly_rate_kg: -0.5, measured_tdee_kcal: 1600 })).toMatchObject({ calories: 1500, floor_applied: 1500 });
    // No estimate (null) falls back to the equation.
    expect(suggestGoals({ ...base, measured_tdee_kcal: null }).tdee).toBe(2136);
  });

  it('weeks to the goal weight at the pace, none when the pace leads elsewhere', () => {
    expect(weeksToGoal(86, 80, -0.5)).toBe(12);
    expect(weeksToGoal(86, 80.2, -0.5)).toBe(12);
    expect(weeksToGoal(60, 65, 0.25)).toBe(20);
    expect(weeksToGoal(86, 80, 0)).toBeNull();
    expect(weeksToGoal(86, 90, -0.5)).toBeNull();
    expect(weeksToGoal(80, 80, -0.5)).toBeNull();
  });
});
