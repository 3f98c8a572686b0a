import { describe, expect, it } from 'vitest';
import { waterProgress } from '../../lib/water';
import { amountMl } from '../../lib/water';

describe('water card rules', () => {
  it('measures against the goal, or against the 2,000 ml suggestion and says so', () => {
    expect(waterProgress(500, null)).toEqual({ target: 2000, suggested: true, percent: 25 });
    expect(waterProgress(3000, 2500)).toEqual({ target: 2500, suggested: false, percent: 100 });
  });
  it('reads a typed amount in the user units, with a plain message when it is not one', () => {
    expect(amountMl('330', 'metric')).toEqual({ ml: 330, error: null });
    expect(amountMl('16.9', 'imperial')).toEqual({ ml: 500, error: null });
    expect(amountMl('', 'imperial').error).toBe('Enter an amount in fl oz');
    expect(amountMl('9000', 'metric').error).toBe('Enter an amount between 1\u00a0ml and 5,000\u00a0ml');
  });
});
