import { describe, expect, test } from 'vitest';
import { offerEntries, offerFromState } from '../../lib/food-log-offer';
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
    expect(opts[1]).toEqual({ name: 'Apple', restaurant: undefined, address: undefined, description: undefined, calories: undefined, protein: undefined, carbs: undefined, fat: undefined, foods: [] });
    expect(mealOptions({ options: 'nope' })).toEqual([]);
  });
  test('location context and restaurant distance in km', () => {
    expect(locationLabel({ location_context: 'work' })).toBe('At work');
    expect(locationLabel({})).toBeNull();
    expect(restaurantLine({ restaurant: 'Green Bowl', distance: 1.234 })).toBe('Green Bowl · 1.2 km');
    expect(restaurantLine({ restaurant: { name: 'Taco Place' } })).toBe('Taco Place');
    expect(restaurantLine({})).toBeNull();
  });
  test("'Log This Food' opens /food-log with the food parameter (spec §2), and carries the whole option in its meal", () => {
    expect(foodLogLink('Mac & cheese')).toEqual({ to: '/food-log?food=Mac+%26+cheese', state: undefined });
    const data = {
      meal_type: 'snack',
      options: [{
        name: 'Egg, hard-boiled', calories: 410,
        foods: [
          { food_id: 'usda-01129', name: 'Egg, hard-boiled', serving_size: 2, serving_unit: 'large egg (50 g)', calories: 155 },
          { food_id: 'usda-01026', name: 'Mozzarella, whole milk', serving_size: 1, serving_unit: 'oz (28.4 g)', calories: 85 },
          { food_id: 'usda-09298', name: 'Raisins', serving_size: 2, serving_unit: 'oz (28.4 g)', calories: 170 },
        ],
      }],
    };
    const [option] = mealOptions(data);
    const link = foodLogLink(option!);
    expect(link.to).toBe('/food-log?food=Egg%2C+hard-boiled');
    expect(link.state?.offer).toMatchObject({ name: 'Egg, hard-boiled', meal_type: 'snack' });
    expect(link.state?.offer.foods.map((f) => [f.food_id, f.serving_size])).toEqual([['usda-01129', 2], ['usda-01026', 1], ['usda-09298', 2]]);
  });
});

describe('the offered option, logged in one batch', () => {
  const offer = offerFromState({ offer: { name: 'Snack', meal_type: 'snack', foods: [
    { food_id: 'usda-01129', name: 'Egg, hard-boiled', serving_size: 2, serving_unit: 'large egg (50 g)', calories: 155 },
    { food_id: 'usda-01026', name: 'Mozzarella, whole milk', serving_size: 1, serving_unit: 'oz (28.4 g)', calories: 85 },
    { food_id: 'usda-09298', name: 'Raisins', serving_size: 30, serving_unit: 'g', calories: 90 },
    { name: 'House salad', serving_size: 1, serving_unit: 'bowl', calories: 80 },
  ] } })!;
  test('database foods by id at their weight, others as manual entries of their calories, all in the chosen meal and day', () => {
    expect(offerEntries(offer, 'snack', '2026-03-02')).toEqual([
      { food_id: 'usda-01129', serving: { grams: 100 }, number_of_servings: 1, meal_type: 'snack', date: '2026-03-02' },
      { food_id: 'usda-01026', serving: { grams: 28.4 }, number_of_servings: 1, meal_type: 'snack', date: '2026-03-02' },
      { food_id: 'usda-09298', serving: { grams: 30 }, number_of_servings: 1, meal_type: 'snack', date: '2026-03-02' },
      expect.objectContaining({ food_id: null, food_name: 'House salad', serving_description: '1 bowl', calories: 80, meal_type: 'snack', date: '2026-03-02' }),
    ]);
  });
  test('a state that is not an offer is ignored', () => {
    expect(offerFromState(null)).toBeNull();
    expect(offerFromState({ offer: { name: 'x', foods: [] } })).toBeNull();
    expect(offerFromState({ offer: { name: 'x', meal_type: 'brunch', foods: [{ name: 'Egg' }] } })).toEqual({ name: 'x', foods: [{ name: 'Egg' }] });
  });
});
