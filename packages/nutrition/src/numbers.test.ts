import { describe, expect, it } from 'vitest';
import { wholeNumber } from './numbers.js';

describe('wholeNumber', () => {
  it('rounds and groups thousands the way the screens do', () => {
    expect(wholeNumber(1999.6)).toBe('2,000');
    expect(wholeNumber(240.4)).toBe('240');
    expect(wholeNumber(-11.2)).toBe('-11');
    expect(wholeNumber(-0)).toBe('0');
    expect(wholeNumber(-0.4)).toBe('0');
  });
});
