import { describe, expect, test } from 'vitest';
import { mealForMinute, mealForTime, minuteIn } from './meal-by-time';

const at = (h: number, m: number) => h * 60 + m;

describe('the meal for the time of day', () => {
  test('each boundary belongs to the later meal', () => {
    expect(mealForMinute(at(0, 0))).toBe('breakfast');
    expect(mealForMinute(at(10, 29))).toBe('breakfast');
    expect(mealForMinute(at(10, 30))).toBe('lunch');
    expect(mealForMinute(at(14, 59))).toBe('lunch');
    expect(mealForMinute(at(15, 0))).toBe('snack');
    expect(mealForMinute(at(16, 59))).toBe('snack');
    expect(mealForMinute(at(17, 0))).toBe('dinner');
    expect(mealForMinute(at(21, 29))).toBe('dinner');
    expect(mealForMinute(at(21, 30))).toBe('snack');
    expect(mealForMinute(at(23, 59))).toBe('snack');
  });

  test('the time is read in the settings’ time zone', () => {
    // 09:45 UTC is 10:45 in Berlin (winter, UTC+1): lunch there, breakfast in London.
    const instant = new Date('2026-01-15T09:45:00Z');
    expect(minuteIn('Europe/Berlin', instant)).toBe(at(10, 45));
    expect(mealForTime('Europe/Berlin', instant)).toBe('lunch');
    expect(mealForTime('Europe/London', instant)).toBe('breakfast');
    // 21:15 in New York is dinner; a bad zone name falls back to the browser's clock instead of throwing.
    expect(mealForTime('America/New_York', new Date('2026-01-16T02:15:00Z'))).toBe('dinner');
    expect(() => mealForTime('Not/AZone', instant)).not.toThrow();
  });
});
