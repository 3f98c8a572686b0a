import { describe, expect, test } from 'vitest';
import { goalPlausibilityIssues, UserSettingsUpdateSchema } from './settings.ts';

describe('goal plausibility against the calorie goal', () => {
  test('900 g of protein at 2,000 kcal is refused with a sentence that says why and what fits', () => {
    const issues = goalPlausibilityIssues({ daily_calorie_goal: 2000, daily_protein_goal: 900 });
    expect(issues).toEqual([{ field: 'daily_protein_goal', msg: 'Protein of 900 g alone is 3,600 kcal, more than your 2,000 kcal calorie goal. Use at most 500 g.' }]);
  });
  test('fat is counted at 9 kcal per gram', () => {
    expect(goalPlausibilityIssues({ daily_calorie_goal: 1800, daily_fat_goal: 201 })[0].field).toBe('daily_fat_goal');
    expect(goalPlausibilityIssues({ daily_calorie_goal: 1800, daily_fat_goal: 200 })).toEqual([]);
  });
  test('macros that together far exceed the goal point at the calorie goal', () => {
    const issues = goalPlausibilityIssues({ daily_calorie_goal: 2000, daily_protein_goal: 250, daily_carbs_goal: 300, daily_fat_goal: 100 });
    expect(issues.map((i) => i.field)).toEqual(['daily_calorie_goal']);
  });
  test('a usual set of goals and missing goals pass', () => {
    expect(goalPlausibilityIssues({ daily_calorie_goal: 2000, daily_protein_goal: 150, daily_carbs_goal: 200, daily_fat_goal: 67, daily_fiber_goal: 28 })).toEqual([]);
    expect(goalPlausibilityIssues({ daily_protein_goal: 900 })).toEqual([]);
  });
  test('range errors are sentences about the field, not its wire name', () => {
    const r = UserSettingsUpdateSchema.safeParse({ daily_calorie_goal: 50 });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe('The calorie goal must be between 800 and 10,000 kcal');
  });
});

describe('the profile fields (issue 42)', () => {
  test('each out-of-range answer is a plain sentence without the wire name', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ height_cm: 99.5 }, 'Height must be between 100 and 250 cm'],
      [{ goal_weight_kg: 301 }, 'The goal weight must be between 30 and 300 kg'],
      [{ weekly_rate_kg: -1.25 }, 'Losing more than 1 kg a week is not a safe pace'],
      [{ weekly_rate_kg: 0.75 }, 'Gaining more than 0.5 kg a week is not a useful pace'],
      [{ activity_level: 'athlete' }, 'Activity must be sedentary, light, moderate, active or very active'],
      [{ exercise_calories_back_pct: 75 }, 'Exercise calories added back must be 0, 50 or 100 %'],
    ];
    for (const [body, msg] of cases) {
      const r = UserSettingsUpdateSchema.safeParse(body);
      expect(r.success, JSON.stringify(body)).toBe(false);
      expect(r.error!.issues[0].message).toBe(msg);
    }
  });
  test('the limits, null and maintain (0) are accepted', () => {
    for (const body of [{ height_cm: 100, weekly_rate_kg: -1, goal_weight_kg: 30 }, { height_cm: 250, weekly_rate_kg: 0.5, goal_weight_kg: 300 }, { weekly_rate_kg: 0 }, { height_cm: null, goal_weight_kg: null, weekly_rate_kg: null, activity_level: null }, { exercise_calories_back_pct: 100, onboarded: true }]) {
      expect(UserSettingsUpdateSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
    }
  });
});
