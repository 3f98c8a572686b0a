import { describe, expect, test } from 'vitest';
import { badgeText, clampPage, foodLogLink, locationLabel, mealOptions, pageCount, pageLabel, restaurantLine } from './model';

describe('badge text', () => {
  test('hidden at 0 (and for nonsense)', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-3)).toBeNull();
    expect(badgeText(Number.NaN)).toBeNull();
  });
  test('the count up to 99, then 99+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12345)).toBe('99+');
  });
});

describe('paging of 10', () => {
  test('n / total pages', () => {
    expect(pageLabel(0, 0, 10)).toBe('1 / 1');
    expect(pageLabel(0, 10, 10)).toBe('1 / 1');
    expect(pageLabel(1, 11, 10)).toBe('2 / 2');
    expect(pageLabel(2, 25, 10)).toBe('3 / 3');
    expect(pageCount(101, 10)).toBe(11);
  });
  test('a page past the end after deletions is pulled back', () => {
    expect(clampPage(2, 20, 10)).toBe(1);
    expect(clampPage(5, 0, 10)).toBe(0);
    expect(pageLabel(3, 12, 10)).toBe('2 / 2');
  });
});

describe('notification data', () => {
  test('meal options are read defensively', () => {
    const opts = mealOptions({
      options: [
        { name: 'Grilled chicken salad', restaurant: 'Green Bowl', address: '1 Main St', description: 'Light and filling', calories: 420, protein: '38', carbs: 20, fat: 18 },
        { food_name: 'Apple' },
        { description: 'no name' },
        'junk',
      ],
    });
    expect(opts).toHaveLength(2);
    expect(opts[0]).toMatchObject({ name: 'Grilled chicken salad', protein: 38, restaurant: 'Green Bowl' });
    expect(opts[1]).toEqual({ name: 'Apple', restaurant: undefined, address: undefined, description: undefined, calories: undefined, protein: undefined, carbs: undefined, fat: undefined });
    expect(mealOptions({ options: 'nope' })).toEqual([]);
  });
  test('location context and restaurant distance in km', () => {
    expect(locationLabel({ location_context: 'work' })).toBe('At work');
    expect(locationLabel({})).toBeNull();
    expect(restaurantLine({ restaurant: 'Green Bowl', distance: 1.234 })).toBe('Green Bowl · 1.2 km');
    expect(restaurantLine({ restaurant: { name: 'Taco Place' } })).toBe('Taco Place');
    expect(restaurantLine({})).toBeNull();
  });
  test("'Log This Food' opens /food-log with the food parameter", () => {
    expect(foodLogLink('Mac & cheese')).toBe('/food-log?food=Mac+%26+cheese');
    // A meal idea that names its database food opens that food: its display name may not be the database's.
    expect(foodLogLink({ name: 'Edamame, cooked', food_id: 'usda-11212' })).toBe('/food-log?food_id=usda-11212');
    expect(mealOptions({ options: [{ name: 'Edamame, cooked', foods: [{ food_id: 'usda-11212', name: 'Edamame, cooked' }] }] })[0]).toMatchObject({ food_id: 'usda-11212' });
  });
});
