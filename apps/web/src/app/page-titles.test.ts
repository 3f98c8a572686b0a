import { describe, expect, test } from 'vitest';
import { pageTitle } from './page-titles';

describe('page titles', () => {
  test('each route names its page, then the app', () => {
    expect(pageTitle('/food-log')).toBe('Food log · Nutrition Tracker');
    expect(pageTitle('/login')).toBe('Log in · Nutrition Tracker');
    expect(pageTitle('/meal-plan/42')).toBe('Meal plan · Nutrition Tracker');
    expect(pageTitle('/meal-plan')).toBe('Meal plans · Nutrition Tracker');
  });
  test('an unknown path gets the app name', () => {
    expect(pageTitle('/nowhere')).toBe('Nutrition Tracker');
  });
});
