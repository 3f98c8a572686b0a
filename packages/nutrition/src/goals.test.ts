import { describe, expect, it } from 'vitest';
import { completeGoals } from './goals.js';

describe('goals a person has not set', () => {
  it('with nothing set: 2,000 kcal, 100 g protein, 250 g carbs, 67 g fat, 28 g fiber', () => {
    expect(completeGoals({})).toEqual({ goals: { calories: 2000, protein: 100, carbs: 250, fat: 67, fiber: 28 }, defaulted: ['calories', 'protein', 'carbs', 'fat', 'fiber'] });
  });

  it('unset macros share what the set ones leave of the calorie goal, so the goals add up to it', () => {
    // 2,200 kcal with 150 g protein (600 kcal): 1,600 kcal left for carbs and fat, 5 : 3.
    const { goals, defaulted } = completeGoals({ calories: 2200, protein: 150 });
    expect(goals).toEqual({ calories: 2200, protein: 150, carbs: 250, fat: 67, fiber: 31 });
    expect(defaulted).toEqual(['carbs', 'fat', 'fiber']);
    expect(goals.protein * 4 + goals.carbs * 4 + goals.fat * 9).toBeCloseTo(2200, -1);
  });

  it('keeps a macro goal of 0 (keto carbs) and never goes negative when the set ones exceed the calories', () => {
    expect(completeGoals({ calories: 1800, carbs: 0 }).goals).toMatchObject({ carbs: 0, protein: 180, fat: 120 });
    expect(completeGoals({ calories: 1000, protein: 300 }).goals).toMatchObject({ carbs: 0, fat: 0 });
  });

  it('counts a calorie goal of 0 as unset', () => {
    expect(completeGoals({ calories: 0 }).goals.calories).toBe(2000);
  });
});
