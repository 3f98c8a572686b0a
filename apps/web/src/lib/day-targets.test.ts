import { describe, expect, test } from 'vitest';
import { calorieTarget, exerciseLine, fiberTargetFor } from './day-targets';

const TODAY = '2026-03-01';

describe('fiberTargetFor: one fiber target for every screen', () => {
  test('the user’s fiber goal wins when set, whatever the DRI', () => {
    expect(fiberTargetFor(28, { sex: 'male', birth_year: 1992 }, TODAY)).toEqual({ grams: 28, kind: 'goal', label: 'your goal' });
  });
  test('no goal: the Adequate Intake for the sex and age group, said to be one', () => {
    // A 34-year-old man: 38 g (31–50); a 55-year-old woman: 21 g (51–70).
    expect(fiberTargetFor(0, { sex: 'male', birth_year: 1992 }, TODAY)).toEqual({ grams: 38, kind: 'AI', label: 'AI for men 31–50' });
    expect(fiberTargetFor(null, { sex: 'female', birth_year: 1971 }, TODAY)).toEqual({ grams: 21, kind: 'AI', label: 'AI for women 51–70' });
    expect(fiberTargetFor(undefined, { sex: 'female', birth_year: 2000 }, TODAY)).toMatchObject({ grams: 25, label: 'AI for women 19–30' });
  });
  test('no sex or birth year: the higher value of the 19–30 group, and the label says the sex is not set', () => {
    expect(fiberTargetFor(0, { sex: null, birth_year: null }, TODAY)).toEqual({ grams: 38, kind: 'AI', label: 'AI for ages 19–30 (sex not set)' });
    expect(fiberTargetFor(0, undefined, TODAY)).toMatchObject({ grams: 38, kind: 'AI' });
  });
});

const day = (over: Partial<Parameters<typeof exerciseLine>[0]> = {}) => ({
  goals: { calories: 2000, protein: 0, carbs: 0, fat: 0, fiber: 0 },
  exercise_calories: 300,
  exercise_calories_back_pct: 50,
  exercise_calories_added: 150,
  calorie_budget: 2150,
  ...over,
});

describe('exerciseLine: the budget with exercise in one sentence', () => {
  test('added: goal + exercise = budget', () => {
    expect(exerciseLine(day())).toEqual({ text: 'Goal 2,000 + exercise 150 = 2,150\u00a0kcal', detail: 'Half of 300\u00a0kcal burned', settings: false });
    expect(exerciseLine(day({ exercise_calories_back_pct: 100, exercise_calories_added: 300, calorie_budget: 2300 }))?.text).toBe('Goal 2,000 + exercise 300 = 2,300\u00a0kcal');
  });
  test('0 %: says the exercise is not added and points to Settings', () => {
    expect(exerciseLine(day({ exercise_calories_back_pct: 0, exercise_calories_added: 0, calorie_budget: 2000 }))).toEqual({ text: 'Exercise 300\u00a0kcal not added to your budget', detail: null, settings: true });
  });
  test('no exercise: nothing to say', () => {
    expect(exerciseLine(day({ exercise_calories: 0, exercise_calories_added: 0, calorie_budget: 2000 }))).toBeNull();
  });
  test('the calorie target is the budget, or the goal when the answer has no budget', () => {
    expect(calorieTarget(day())).toBe(2150);
    expect(calorieTarget({ goals: day().goals, calorie_budget: 0 })).toBe(2000);
  });
});
