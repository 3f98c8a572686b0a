import { describe, expect, test } from 'vitest';
import { checkBirthYear, checkBodyWeight, checkGoalWeight, checkHeight, defaultUnits, floorText, goalEtaText, heightDraft, nearestPace, paceChoices, paceText, planFor, planSettings, type ProfileAnswers } from './profile';

describe('the profile the onboarding and the goal helper ask for', () => {
  test('a US English browser starts in imperial, every other in metric', () => {
    expect(defaultUnits('en-US')).toBe('imperial');
    expect(defaultUnits('en-us')).toBe('imperial');
    expect(defaultUnits('en-GB')).toBe('metric');
    expect(defaultUnits('de-DE')).toBe('metric');
    expect(defaultUnits(undefined)).toBe('metric');
  });

  test('height in feet and inches when imperial, cm when metric, with plain messages', () => {
    expect(checkHeight({ cm: '', ft: '5', in: '10' }, 'imperial')).toEqual({ value: 177.8, error: null });
    expect(checkHeight({ cm: '', ft: '6', in: '' }, 'imperial').value).toBeCloseTo(182.88, 2);
    expect(checkHeight({ cm: '', ft: '5', in: '12' }, 'imperial').error).toBe('Enter your height in feet and inches, e.g. 5 ft 9 in');
    expect(checkHeight({ cm: '', ft: '9', in: '0' }, 'imperial').error).toBe('Height must be between 3 ft 4 in and 8 ft 2 in');
    expect(checkHeight({ cm: '175', ft: '', in: '' }, 'metric')).toEqual({ value: 175, error: null });
    expect(checkHeight({ cm: '90', ft: '', in: '' }, 'metric').error).toBe('Height must be between 100 and 250 cm');
    // Saved as cm, shown again in feet and inches.
    expect(heightDraft(177.8)).toEqual({ cm: '178', ft: '5', in: '10' });
  });

  test('weights are typed in the user units and checked in them', () => {
    expect(checkBodyWeight('190', 'imperial').value).toBeCloseTo(86.183, 3);
    expect(checkBodyWeight('20', 'imperial').error).toBe('Weight must be between 67 and 661 lb');
    expect(checkBodyWeight('', 'metric').error).toBe('Enter your weight in kg, e.g. 75');
    expect(checkGoalWeight('195', 'imperial', 'lose', 86.183).error).toBe('To lose weight, choose a goal below your current 190 lb');
    expect(checkGoalWeight('80', 'metric', 'gain', 86).error).toBe('To gain weight, choose a goal above your current 86 kg');
    expect(checkGoalWeight('170', 'imperial', 'lose', 86.183).value).toBeCloseTo(77.111, 3);
  });

  test('birth years from 100 to 15 years ago', () => {
    expect(checkBirthYear('1991', 2026)).toEqual({ value: 1991, error: null });
    expect(checkBirthYear('2015', 2026).error).toBe('Enter a birth year between 1926 and 2011');
    expect(checkBirthYear('91', 2026).error).toBe('Enter a birth year between 1926 and 2011');
    expect(checkBirthYear('', 2026).error).toBe('Enter the year you were born, e.g. 1990');
  });

  test('pace choices in pounds or kilograms a week, and a saved pace finds its choice again', () => {
    expect(paceChoices('imperial', 'lose').map((c) => c.label)).toEqual(['0.25 lb a week', '0.5 lb a week', '0.75 lb a week', '1 lb a week']);
    expect(paceChoices('imperial', 'lose')[1].kg).toBe(-0.2268);
    expect(paceChoices('metric', 'gain').map((c) => c.kg)).toEqual([0.1, 0.25, 0.5]);
    expect(paceChoices('metric', 'maintain')).toEqual([]);
    expect(nearestPace(-0.2268, 'imperial')!.label).toBe('0.5 lb a week');
    expect(nearestPace(-0.5, 'metric')!.label).toBe('0.5 kg a week');
    expect(nearestPace(0, 'metric')).toBeNull();
    expect(paceText(-0.2268, 'imperial')).toBe('Lose 0.5 lb a week');
    expect(paceText(0.25, 'metric')).toBe('Gain 0.25 kg a week');
    expect(paceText(0, 'imperial')).toBe('Maintain your weight');
  });

  test('the plan is Mifflin-St Jeor with the pace, and saves the goals with every answer', () => {
    // Man born 1992 (34 in 2026), 5 ft 10 in, 190 lb, lightly active, −1 lb a week, goal 170 lb:
    // BMR = 861.83 + 1,111.25 − 170 + 5 = 1,808.08; × 1.375 = 2,486.11; − 0.4536 × 7,700 / 7 = −498.96 → 1,987.15.
    const a: ProfileAnswers = { units: 'imperial', sex: 'male', birth_year: 1992, height_cm: 177.8, weight_kg: 86.183, activity_level: 'light', weekly_rate_kg: -0.4536, goal_weight_kg: 77.111 };
    const plan = planFor(a, { year: 2026 });
    expect(Math.abs(plan.calories - 1987.15) / 1987.15).toBeLessThan(0.01);
    expect(plan.calories).toBe(1990);
    const body = planSettings(a, plan);
    expect(body).toEqual({
      units: 'imperial', sex: 'male', birth_year: 1992, height_cm: 177.8, goal_weight_kg: 77.111, weekly_rate_kg: -0.4536, activity_level: 'light',
      daily_calorie_goal: 1990, daily_protein_goal: plan.protein, daily_carbs_goal: plan.carbs, daily_fat_goal: plan.fat, daily_fiber_goal: plan.fiber,
    });
    expect(goalEtaText(a)).toBe('About 20 weeks to 170 lb');
    // Maintaining keeps no goal weight.
    expect(planSettings({ ...a, weekly_rate_kg: 0 }, plan).goal_weight_kg).toBeNull();
  });

  test('when the safe floor decides the goal, the plan says so', () => {
    const a: ProfileAnswers = { units: 'metric', sex: 'female', birth_year: 1950, height_cm: 150, weight_kg: 45, activity_level: 'sedentary', weekly_rate_kg: -1, goal_weight_kg: 42 };
    const plan = planFor(a, { year: 2026 });
    expect(plan.calories).toBe(1200);
    expect(floorText(plan, 'female')).toBe('Your pace would need less than 1,200\u00a0kcal a day, the lowest we suggest for women without a doctor\'s guidance, so the goal is 1,200\u00a0kcal: you will lose more slowly than the pace you chose.');
    expect(floorText(planFor({ ...a, sex: 'male', height_cm: 180, weight_kg: 90, weekly_rate_kg: 0 }, { year: 2026 }), 'male')).toBeNull();
  });
});
