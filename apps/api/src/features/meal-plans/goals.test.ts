import { KCAL_PER_GRAM, PLACEHOLDER_MACRO_SPLIT } from '@app/contracts';
import { GOAL_KCAL_PER_GRAM, GOAL_MACRO_SPLIT } from '@app/nutrition/goals';
import { describe, expect, it } from 'vitest';
import { resolveGoals } from './service.ts';

describe('goals for planning (resolveGoals)', () => {
  it('takes the body, then the settings, then the shared rule, and names every fallback', () => {
    const settings = { daily_calorie_goal: 2200, daily_protein_goal: 150, daily_carbs_goal: null, daily_fat_goal: null, daily_fiber_goal: null } as unknown as Parameters<typeof resolveGoals>[1];
    const r = resolveGoals({ fiber: 35 }, settings);
    expect(r.goals).toEqual({ calories: 2200, protein: 150, carbs: 250, fat: 67, fiber: 35 });
    expect(r.note).toBe('No goal set for carbs 250 g, fat 67 g: used the default. Used your settings for calories, protein.');
  });

  it("completes goals with the contracts' placeholder split and energy factors", () => {
    expect(GOAL_MACRO_SPLIT).toEqual(PLACEHOLDER_MACRO_SPLIT);
    expect(GOAL_KCAL_PER_GRAM).toEqual(KCAL_PER_GRAM);
  });
});
