import { describe, expect, it } from 'vitest';
import { amountWordsToDigits, portionFor, splitMeal, usualPortion, type PortionFood } from './index.js';

describe('splitMeal', () => {
  it('splits on commas, "and", "with", "&", "+", semicolons and line breaks, and says how each part was joined', () => {
    expect(splitMeal('2 eggs and a slice of toast with butter, coffee with milk')).toEqual([
      { text: '2 eggs', joiner: 'start' },
      { text: 'a slice of toast', joiner: 'and' },
      { text: 'butter', joiner: 'with' },
      { text: 'coffee', joiner: 'list' },
      { text: 'milk', joiner: 'with' },
    ]);
    expect(splitMeal('rice & beans + salsa; tea\nan apple').map((p) => p.text)).toEqual(['rice', 'beans', 'salsa', 'tea', 'an apple']);
  });

  it('keeps words that only contain a separator, amounts with "and a half", and drops filler', () => {
    expect(splitMeal('a sandwich and a withered grape').map((p) => p.text)).toEqual(['a sandwich', 'a withered grape']);
    expect(splitMeal('one and a half bananas').map((p) => p.text)).toEqual(['one and a half bananas']);
    expect(splitMeal('I had oatmeal for breakfast, and 1.5 cups of coffee.').map((p) => p.text)).toEqual(['oatmeal', '1.5 cups of coffee']);
    expect(splitMeal(' , and ')).toEqual([]);
  });
});

describe('amountWordsToDigits', () => {
  it('turns spoken amounts into numbers an ingredient parser reads', () => {
    const cases: [string, string][] = [
      ['an egg', '1 egg'],
      ['a slice of toast', '1 slice of toast'],
      ['one banana', '1 banana'],
      ['two slices of bread', '2 slices of bread'],
      ['a couple of eggs', '2 eggs'],
      ['half a cup of rice', '0.5 cup of rice'],
      ['half an avocado', '0.5 avocado'],
      ['a dozen almonds', '12 almonds'],
      ['one and a half cups of milk', '1.5 cups of milk'],
      ['some rice', 'rice'],
      ['a few almonds', 'almonds'],
      ['2 eggs', '2 eggs'],
      ['apple', 'apple'],
    ];
    for (const [said, digits] of cases) expect(amountWordsToDigits(said), said).toBe(digits);
  });
});

const egg: PortionFood = { name: 'Egg, whole, raw', description: 'Egg, whole, raw, fresh', group: 'Dairy and Egg Products', servings: [{ amount: 1, unit: 'medium', grams: 44 }, { amount: 1, unit: 'large', grams: 50 }, { amount: 1, unit: 'cup', grams: 243 }] };
const toast: PortionFood = { name: 'Bread, white, commercially prepared, toasted', group: 'Baked Products', servings: [{ amount: 1, unit: 'slice, large', grams: 27 }, { amount: 1, unit: 'slice', grams: 22 }, { amount: 1, unit: 'oz', grams: 28.35 }] };
const butter: PortionFood = { name: 'Butter, salted', group: 'Dairy and Egg Products', servings: [{ amount: 1, unit: 'tbsp', grams: 14.2 }, { amount: 1, unit: 'pat', grams: 5 }, { amount: 1, unit: 'cup', grams: 227 }] };
const milk: PortionFood = { name: 'Milk, whole, 3.25% milkfat', group: 'Dairy and Egg Products', servings: [{ amount: 1, unit: 'cup', grams: 244 }, { amount: 1, unit: 'fl oz', grams: 30.5 }] };
const coffee: PortionFood = { name: 'Coffee, brewed from grounds, prepared with tap water', group: 'Beverages', servings: [{ amount: 1, unit: 'cup', grams: 237 }] };
const almonds: PortionFood = { name: 'Nuts, almonds', group: 'Nut and Seed Products', servings: [{ amount: 1, unit: 'oz', grams: 28.35 }, { amount: 1, unit: 'cup, whole', grams: 143 }] };

describe('portionFor', () => {
  it('counts eggs as large eggs, a slice of toast as its large slice, butter on toast as half a tablespoon', () => {
    expect(portionFor({ quantity: 2, unit: null }, egg)).toMatchObject({ quantity: 2, unit: 'large', grams: 100 });
    expect(portionFor({ quantity: 1, unit: 'slice' }, toast)).toMatchObject({ grams: 27 });
    expect(portionFor({ quantity: null, unit: null }, toast)).toMatchObject({ quantity: 1, grams: 27 });
    const b = portionFor({ quantity: null, unit: null }, butter, { role: 'with', partner: toast.name })!;
    expect(b.grams).toBeGreaterThanOrEqual(5);
    expect(b.grams).toBeLessThanOrEqual(14);
  });

  it('reads milk by what it goes with: a splash in coffee, half a cup on cereal, a cup on its own', () => {
    expect(usualPortion(milk, { role: 'with', partner: coffee.name }).grams).toBeCloseTo(46.4, 0);
    expect(usualPortion(milk, { role: 'with', partner: 'Cereals ready-to-eat, corn flakes' }).grams).toBeCloseTo(123.7, 0);
    expect(usualPortion(milk).grams).toBeCloseTo(247.5, 0);
    expect(usualPortion(coffee).grams).toBeCloseTo(240.4, 0);
  });

  it('converts weights exactly, volumes at the food’s density, sizes by its own measures, and spoken measures', () => {
    expect(portionFor({ quantity: 8, unit: 'ounce', unitGrams: 28.3495 }, almonds)!.grams).toBe(226.8);
    // A cup of milk is its cup (244 g); half a litre goes by that density.
    expect(portionFor({ quantity: 1, unit: 'cup', unitMl: 236.588 }, milk)!.grams).toBe(244);
    expect(portionFor({ quantity: 500, unit: 'milliliter', unitMl: 1 }, milk)!.grams).toBeCloseTo(515.7, 0);
    expect(portionFor({ quantity: 1, unit: 'large' }, egg)!.grams).toBe(50);
    expect(portionFor({ quantity: 1, unit: 'handful' }, almonds)!.grams).toBeCloseTo(28.4, 1);
    expect(portionFor({ quantity: 1, unit: 'pat' }, butter)!.grams).toBe(5);
    // A unit with nothing to convert it by is not guessed.
    expect(portionFor({ quantity: 1, unit: 'cubit' }, almonds)).toBeNull();
  });

  it('falls back to one of the thing, then the first measure, then 100 g', () => {
    expect(usualPortion({ name: 'Thing', servings: [{ amount: 1, unit: 'piece', grams: 12 }] })).toMatchObject({ unit: 'piece', grams: 12 });
    expect(usualPortion({ name: 'Thing', servings: [{ amount: 2, unit: 'tbsp', grams: 30 }] })).toMatchObject({ quantity: 2, grams: 30 });
    expect(usualPortion({ name: 'Thing', servings: [] })).toMatchObject({ unit: 'g', grams: 100 });
  });
});
