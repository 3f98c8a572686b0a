import { describe, expect, test } from 'vitest';
import { rangeError, said } from './forms';

describe('forms that say why', () => {
  test('rangeError names the allowed range for empty, non-numeric and out-of-range text, and nothing inside it', () => {
    expect(rangeError('', 1, 1000)).toBe('From 1 to 1,000');
    expect(rangeError('abc', 1, 1000)).toBe('From 1 to 1,000');
    expect(rangeError('0', 0.01, 100)).toBe('From 0.01 to 100');
    expect(rangeError('100.5', 0.01, 100)).toBe('From 0.01 to 100');
    expect(rangeError('0.01', 0.01, 100)).toBeNull();
    expect(rangeError('2.5', 1, 1000)).toBeNull();
  });

  test('said shows a reason only once a submit was refused, and only when there is one', () => {
    expect(said(false, 'Enter a name')).toEqual({ error: false });
    expect(said(true, false)).toEqual({ error: false });
    expect(said(true, 'Enter a name')).toEqual({ error: true, helperText: 'Enter a name' });
  });
});
