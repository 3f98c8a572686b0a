import { describe, expect, it } from 'vitest';
import { nextMealType, timeIn, todayIn } from './dates';

describe('local day and next meal', () => {
  const instant = new Date('2026-11-21T23:30:00Z');
  it('computes today in the user’s time zone, not the browser’s', () => {
    expect(todayIn('UTC', instant)).toBe('2026-11-21');
    expect(todayIn('Europe/Berlin', instant)).toBe('2026-11-22');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-11-21');
    expect(timeIn('Asia/Tokyo', instant)).toBe('08:30');
  });
  it('picks the next meal by the clock', () => {
    expect(nextMealType('07:15')).toBe('breakfast');
    expect(nextMealType('12:00')).toBe('lunch');
    expect(nextMealType('16:00')).toBe('snack');
    expect(nextMealType('19:45')).toBe('dinner');
    expect(nextMealType('22:10')).toBe('snack');
  });
});
