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
