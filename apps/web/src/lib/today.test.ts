import { describe, expect, test } from 'vitest';
import { hourIn, todayIn } from './today';

describe('todayIn', () => {
  // 2026-11-23 20:30 UTC is already Tuesday 24 November in Auckland (UTC+13 in summer).
  const instant = new Date('2026-11-23T20:30:00Z');
  test('is the calendar day of the settings time zone, not of UTC', () => {
    expect(todayIn('UTC', instant)).toBe('2026-11-23');
    expect(todayIn('Pacific/Auckland', instant)).toBe('2026-11-24');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-11-23');
    expect(hourIn('Pacific/Auckland', instant)).toBe(9);
  });
  test('an unknown zone falls back to the browser instead of throwing', () => {
    expect(todayIn('Not/AZone', instant)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
