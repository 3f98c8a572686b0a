import { describe, expect, it } from 'vitest';
import { formatPortion } from './portion.js';

describe('formatPortion: one portion text for the plan screen and e-mail', () => {
  it('scales the grams of one unit to the whole amount and says the unit in the plural', () => {
    expect(formatPortion({ serving_size: 3, serving_unit: 'slice (30 g)' })).toBe('3 slices (90 g)');
    expect(formatPortion({ serving_size: 4, serving_unit: 'tsp (4.5 g)' })).toBe('4 tsp (18 g)');
    expect(formatPortion({ serving_size: 7, serving_unit: 'oz (28.4 g)' })).toBe('7 oz (199 g)');
    expect(formatPortion({ serving_size: 3, serving_unit: 'large egg white (33 g)' })).toBe('3 large egg whites (99 g)');
    expect(formatPortion({ serving_size: 2, serving_unit: 'cup, chopped (101 g)' })).toBe('2 cups, chopped (202 g)');
    expect(formatPortion({ serving_size: 2, serving_unit: 'serving' })).toBe('2 servings');
    expect(formatPortion({ serving_size: 2, serving_unit: 'cup chopped (101 g)' })).toBe('2 cups chopped (202 g)');
    expect(formatPortion({ serving_size: 2, serving_unit: 'medium potato (173 g)' })).toBe('2 medium potatoes (346 g)');
    expect(formatPortion({ serving_size: 2, serving_unit: 'cup elbow shaped (140 g)' })).toBe('2 cups elbow shaped (280 g)');
    expect(formatPortion({ serving_size: 4, serving_unit: 'slice cooked (8 g)' })).toBe('4 slices cooked (32 g)');
    expect(formatPortion({ serving_size: 4, serving_unit: 'pancake (38 g)' })).toBe('4 pancakes (152 g)');
    expect(formatPortion({ serving_size: 1.3333, serving_unit: 'cup' })).toBe('1.33 cups');
  });
  it('keeps one unit singular, counts amount-units with ×, and handles grams and missing sizes', () => {
    expect(formatPortion({ serving_size: 1, serving_unit: 'slice (30 g)' })).toBe('1 slice (30 g)');
    expect(formatPortion({ serving_size: 0.5, serving_unit: 'cup chopped (101 g)' })).toBe('0.5 cup chopped (51 g)');
    expect(formatPortion({ serving_size: 2, serving_unit: '1/4 avocado (50 g)' })).toBe('2 × 1/4 avocado (100 g)');
    expect(formatPortion({ serving_size: 150, serving_unit: 'g' })).toBe('150 g');
    expect(formatPortion({ serving_size: null, serving_unit: 'to taste' })).toBe('to taste');
  });
});

describe('formatPortion in imperial units (issue 42 §2)', () => {
  it('writes the weight in ounces and volumes in fl oz, for the plan screen and e-mail', () => {
    expect(formatPortion({ serving_size: 3, serving_unit: 'slice (30 g)' }, 'imperial')).toBe('3 slices (3.2 oz)');
    expect(formatPortion({ serving_size: 1, serving_unit: 'breast (172 g)' }, 'imperial')).toBe('1 breast (6.1 oz)');
    expect(formatPortion({ serving_size: 150, serving_unit: 'g' }, 'imperial')).toBe('5.3 oz');
    expect(formatPortion({ serving_size: 1.5, serving_unit: 'kg' }, 'imperial')).toBe('52.9 oz');
    expect(formatPortion({ serving_size: 473.176, serving_unit: 'ml' }, 'imperial')).toBe('16 fl oz');
    expect(formatPortion({ serving_size: 7, serving_unit: 'oz (28.4 g)' }, 'imperial')).toBe('7 oz');
    expect(formatPortion({ serving_size: 2, serving_unit: 'cup' }, 'imperial')).toBe('2 cups');
    expect(formatPortion({ serving_size: 150, serving_unit: 'g' }, 'metric')).toBe('150 g');
  });
});
