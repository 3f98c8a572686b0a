import { describe, expect, it } from 'vitest';
import { makePlaceholderDay } from './placeholders';
import { itemCount, quantityText, shoppingListFor, shoppingListHtml, shoppingListText } from './shopping';
import { day, food, plan } from './fixtures';

describe('shopping list of a plan (spec §5, §3)', () => {
  const days = [
    day(1, [food('Grilled chicken breast', { serving_size: 150, serving_unit: 'g' }), food('Default meal'), food('Banana', { serving_size: 1, serving_unit: 'medium' })]),
    day(2, [food('chicken breast', { serving_size: 100, serving_unit: 'g' }), food('2 cups Brown rice', { serving_size: 1, serving_unit: 'cup' })]),
  ];

  it('strips cooking words and quantities, de-duplicates, sums and groups in the §3 categories', () => {
    const list = shoppingListFor(days);
    expect(list.Proteins).toEqual([{ name: 'Chicken breast', quantity: 250, unit: 'g', category: 'Proteins' }]);
    expect(list['Fruits & Vegetables'].map((i) => i.name)).toEqual(['Banana']);
    expect(list['Grains & Bread'].map((i) => i.name)).toEqual(['Brown rice']);
    expect(itemCount(list)).toBe(3);
  });

  it('never lists placeholder foods', () => {
    const list = shoppingListFor([makePlaceholderDay(plan(), 1)]);
    expect(itemCount(list)).toBe(0);
  });

  it('copies as plain text and prints as escaped HTML', () => {
    const list = shoppingListFor(days);
    const text = shoppingListText('Week', list);
    expect(text).toContain('Proteins\n- Chicken breast (250 g)');
    expect(text.indexOf('Proteins')).toBeLessThan(text.indexOf('Fruits & Vegetables'));
    const html = shoppingListHtml('<script>x</script>', list);
    expect(html).not.toContain('<script>x');
    expect(html).toContain('Fruits &amp; Vegetables');
  });
});

describe('shopping list in imperial units (issue 42 §2)', () => {
  it('writes amounts in ounces, as the plan e-mail does', () => {
    expect(quantityText({ name: 'Chicken breast', quantity: 400, unit: 'g' } as Parameters<typeof quantityText>[0], 'imperial')).toBe('14.1 oz');
    expect(quantityText({ name: 'Chicken breast', quantity: 400, unit: 'g' } as Parameters<typeof quantityText>[0])).toBe('400 g');
  });
});
