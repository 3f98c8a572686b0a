import { describe, expect, it } from 'vitest';
import { portionText } from './portion';

describe('portion text', () => {
  it('scales the gram weight of a household unit to the whole amount', () => {
    expect(portionText(7, 'oz (28.4 g)')).toBe('7 oz (199 g)');
    expect(portionText(0.5, 'cup chopped (101 g)')).toBe('0.5 cup chopped (51 g)');
    expect(portionText(2, 'large egg (50 g)')).toBe('2 large eggs (100 g)');
    expect(portionText(2, '1/4 avocado (50 g)')).toBe('2 × 1/4 avocado (100 g)');
  });
  it('keeps plain units and rounds to two decimals', () => {
    expect(portionText(150, 'g')).toBe('150 g');
    expect(portionText(1.3333, 'cup')).toBe('1.33 cups');
    expect(portionText(null, 'serving')).toBe('serving');
  });
});
