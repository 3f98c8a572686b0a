import { describe, expect, it } from 'vitest';
import { onDay, readableDay, roundTo, spanOfDays, weightText, wholeNumber } from './numbers.js';

describe('wholeNumber', () => {
  it('rounds and groups thousands the way the screens do', () => {
    expect(wholeNumber(1999.6)).toBe('2,000');
    expect(wholeNumber(240.4)).toBe('240');
    expect(wholeNumber(-11.2)).toBe('-11');
    expect(wholeNumber(-0)).toBe('0');
    expect(wholeNumber(-0.4)).toBe('0');
  });
});

describe('readableDay, onDay and spanOfDays', () => {
  it('name days the way the screens write them, whatever the server time zone', () => {
    expect(readableDay('2026-11-20')).toBe('Fri, Nov 20, 2026');
    expect(readableDay('2024-02-29')).toBe('Thu, Feb 29, 2024');
  });
  it('say today and yesterday from the user\'s today, across a month and a year', () => {
    expect(onDay('2026-11-27', '2026-11-27')).toBe('today');
    expect(onDay('2025-12-31', '2026-01-01')).toBe('yesterday');
    expect(onDay('2026-02-28', '2026-03-01')).toBe('yesterday');
    expect(onDay('2026-11-25', '2026-11-27')).toBe('on Wed, Nov 25, 2026');
  });
  it('name a range by its end', () => {
    expect(spanOfDays(30, '2026-11-27', '2026-11-27')).toBe('in the last 30 days');
    expect(spanOfDays(7, '2025-03-09', '2026-11-27')).toBe('in the 7 days to Sun, Mar 9, 2025');
    expect(spanOfDays(1, '2026-11-26', '2026-11-27')).toBe('yesterday');
    expect(spanOfDays(1, '2025-03-09', '2026-11-27')).toBe('on Sun, Mar 9, 2025');
  });
});

describe('weightText', () => {
  it('writes a weight in the user units with the screens\' rounding', () => {
    expect(weightText(70.44, 'metric')).toBe('70.4 kg');
    expect(weightText(70, 'metric')).toBe('70 kg');
    expect(weightText(70, 'imperial')).toBe('154.3 lb');
    expect(weightText(1000, 'metric')).toBe('1,000 kg');
    expect(weightText(70, null)).toBe('70 kg');
  });
  it('signs a change when asked, never "+0" or "-0"', () => {
    expect(weightText(0.3, 'metric', { digits: 2, signed: true })).toBe('+0.3 kg');
    expect(weightText(-0.25, 'imperial', { digits: 2, signed: true })).toBe('-0.55 lb');
    expect(weightText(-0.001, 'metric', { digits: 2, signed: true })).toBe('0 kg');
  });
});

describe('roundTo', () => {
  it('rounds half up as the decimal the number stands for, whatever binary error the arithmetic left', () => {
    expect(roundTo(60.3 / 6, 1)).toBe(10.1); // 10.049999999999999 in binary
    expect(roundTo(10.050000190734863, 1)).toBe(10.1); // a float4 10.05 read as float8
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(10.04, 1)).toBe(10);
    expect(roundTo(-0.04, 1)).toBe(0);
    expect(Object.is(roundTo(-0.04, 1), -0)).toBe(false);
    expect(roundTo(1234567.25, 1)).toBe(1234567.3);
  });
});
