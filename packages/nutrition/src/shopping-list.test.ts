import { describe, expect, it } from 'vitest';
import { buildShoppingList, categorise, cleanFoodName } from './shopping-list.js';

const day = (foods: { name: string; food_id?: string; serving_size?: number; serving_unit?: string }[]) => ({ meals: { lunch: { foods } } });

describe('shopping list', () => {
  it('strips leading quantities, units and cooking words', () => {
    expect(cleanFoodName('2 cups grilled chicken')).toBe('Chicken');
    expect(cleanFoodName('1/2 cup oats')).toBe('Oats');
    expect(cleanFoodName('3 slices whole-wheat bread')).toBe('Whole-wheat bread');
    expect(cleanFoodName('1 tbsp olive oil')).toBe('Olive oil');
    expect(cleanFoodName('8 oz Baked salmon')).toBe('Salmon');
    expect(cleanFoodName('1 lb steamed broccoli')).toBe('Broccoli');
    expect(cleanFoodName('2 pieces Sautéed tofu')).toBe('Tofu');
    expect(cleanFoodName('100 g poached eggs')).toBe('Eggs');
    expect(cleanFoodName('Roasted boiled potatoes')).toBe('Potatoes');
    expect(cleanFoodName('Chicken breast, roasted')).toBe('Chicken breast, roasted');
  });

  it("skips 'default meal' and 'unknown food' in any case", () => {
    const list = buildShoppingList([day([{ name: 'Default Meal' }, { name: ' UNKNOWN FOOD ' }, { name: 'Apple' }])]);
    expect(Object.values(list).flat().map((i) => i.name)).toEqual(['Apple']);
  });

  it('de-duplicates names and sums quantities in one unit', () => {
    const list = buildShoppingList([
      day([{ name: 'Brown rice, cooked', food_id: 'usda-20037', serving_size: 1, serving_unit: 'cup (195 g)' }]),
      day([{ name: 'brown rice, cooked', food_id: 'usda-20037', serving_size: 1.5, serving_unit: 'cup (195 g)' }]),
    ]);
    expect(list['Grains & Bread']).toEqual([{ name: 'Brown rice, cooked', category: 'Grains & Bread', quantity: 2.5, unit: 'cup (195 g)' }]);
  });

  it('sums in grams when units differ', () => {
    const list = buildShoppingList([day([
      { name: 'Grilled chicken', serving_size: 1, serving_unit: 'oz' },
      { name: 'chicken', serving_size: 100, serving_unit: 'g' },
    ])]);
    expect(list.Proteins).toEqual([{ name: 'Chicken', category: 'Proteins', quantity: 128, unit: 'g' }]);
  });

  it('groups in the six categories', () => {
    expect(categorise('Salmon')).toBe('Proteins');
    expect(categorise('Spinach')).toBe('Fruits & Vegetables');
    expect(categorise('Whole-wheat bread')).toBe('Grains & Bread');
    expect(categorise('Greek yogurt')).toBe('Dairy');
    expect(categorise('Olive oil')).toBe('Seasonings & Condiments');
    expect(categorise('Sparkling water')).toBe('Other');
    expect(categorise('Almonds', 'usda-12061')).toBe('Other');
    expect(categorise('Sweet potato, baked', 'usda-11508')).toBe('Fruits & Vegetables');
    // A snack named after a vegetable or fruit is not one.
    expect(categorise('Potato chips', 'usda-19411')).toBe('Other');
    expect(categorise('Banana chips', 'usda-19400')).toBe('Other');
    expect(categorise('Potato chips')).toBe('Other');
    const list = buildShoppingList([]);
    expect(Object.keys(list)).toEqual(['Proteins', 'Fruits & Vegetables', 'Grains & Bread', 'Dairy', 'Seasonings & Condiments', 'Other']);
  });
});
