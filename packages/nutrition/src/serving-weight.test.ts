import { describe, expect, it } from 'vitest';
import { isWeightUnit, servingWeight } from './serving-weight.js';

describe('the weight a serving unit implies', () => {
  it('is the size itself for grams, converted for other weights, 1 g per ml for volumes', () => {
    expect(servingWeight(60, 'g')).toBe(60);
    expect(servingWeight(60, ' Grams ')).toBe(60);
    expect(servingWeight(2, 'oz')).toBe(56.7);
    expect(servingWeight(1, 'lb')).toBe(453.6);
    expect(servingWeight(0.5, 'kg')).toBe(500);
    expect(servingWeight(250, 'ml')).toBe(250);
    expect(servingWeight(1.5, 'L')).toBe(1500);
  });

  it('is unknown for units that name a thing, not a measure', () => {
    for (const unit of ['bar', 'serving', 'cup', 'slice', 'piece']) expect(servingWeight(1, unit)).toBeNull();
  });

  it('tells weights from volumes: only a weight fixes the grams exactly', () => {
    expect(isWeightUnit('g')).toBe(true);
    expect(isWeightUnit('oz.')).toBe(true);
    expect(isWeightUnit('ml')).toBe(false);
    expect(isWeightUnit('bar')).toBe(false);
  });
});
