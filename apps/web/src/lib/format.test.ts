import { describe, expect, test } from 'vitest';
import { countOf, foodList, formatClock, formatDate, formatDay, formatDayRange, formatWeekday, formatGrams, formatGramsValue, formatKcal, formatNumber, formatPrice, formatRecurringPrice, MEAL_LABELS, pluralize } from './format';

describe('pluralize and countOf', () => {
  test.each([
    ['slice', 'slices'],
    ['serving', 'servings'],
    ['large egg white', 'large egg whites'],
    ['cherry', 'cherries'],
    ['peach', 'peaches'],
    ['leaf', 'leaves'],
    ['cup (chopped)', 'cups (chopped)'],
    ['oz', 'oz'],
    ['tbsp', 'tbsp'],
    ['g', 'g'],
    ['glass', 'glasses'],
    ['day', 'days'],
  ])('%s → %s', (one, many) => expect(pluralize(one)).toBe(many));

  test('one stays singular, other amounts are plural', () => {
    expect(countOf(1, 'slice', 'en-GB')).toBe('1 slice');
    expect(countOf(2, 'slice', 'en-GB')).toBe('2 slices');
    expect(countOf(2, 'serving', 'en-GB')).toBe('2 servings');
    expect(countOf(3, 'large egg white', 'en-GB')).toBe('3 large egg whites');
    expect(countOf(1.5, 'cup', 'en-GB')).toBe('1.5 cups');
  });
});

describe('Intl formatting', () => {
  test('numbers group by locale and units never break from their value', () => {
    expect(formatNumber(1983, 'en-US')).toBe('1,983');
    expect(formatNumber(1983, 'de-DE')).toBe('1.983');
    // a remainder that rounds to nothing is "0", not "-0" ("Leaves -0 kcal" came from the server's twin)
    expect(formatNumber(-0.3, 'en-US')).toBe('0');
    expect(formatNumber(-0, 'en-US')).toBe('0');
    expect(formatNumber(-0.04, 'en-US', 1)).toBe('0');
    expect(formatNumber(-0.6, 'en-US')).toBe('-1');
    expect(formatKcal(2000, 'en-GB')).toBe('2,000\u00a0kcal');
    expect(formatGrams(36.4, 'en-GB')).toBe('36\u00a0g');
    expect(formatGrams(2.46, 'en-GB')).toBe('2.5\u00a0g');
    // the day's totals show a gram amount as the meal lines and the history card do: 5.9, not 6
    expect(formatGramsValue(5.94, 'en-US')).toBe('5.9');
    expect(formatGramsValue(5.94, 'de-DE')).toBe('5,9');
    expect(formatGramsValue(42.6, 'en-US')).toBe('43');
    expect(formatGramsValue(7, 'en-US')).toBe('7');
  });

  test('a calendar day is the same day in any viewer time zone, in the locale order', () => {
    expect(formatDay('2026-11-21', {}, 'en-GB')).toBe('Sat 21 Nov');
    expect(formatDay('2026-11-21', {}, 'en-US')).toBe('Sat, Nov 21');
    expect(formatDay('2026-11-21', { year: true }, 'en-GB')).toBe('Sat, 21 Nov 2026');
    expect(formatDay('not a date')).toBe('');
    expect(formatWeekday('2026-11-27', 'en-US')).toBe('Fri');
    expect(formatWeekday('2026-11-27', 'en-GB')).toBe('Fri');
    expect(formatWeekday('soon')).toBe('');
  });

  test('a wall-clock time reads as the locale writes it, like the time inputs beside it', () => {
    expect(formatClock('18:30', 'en-US')).toMatch(/^06:30\sPM$/);
    expect(formatClock('07:05', 'en-US')).toMatch(/^07:05\sAM$/);
    expect(formatClock('18:30', 'en-GB')).toBe('18:30');
    expect(formatClock('00:00', 'de-DE')).toBe('00:00');
    expect(formatClock('24:00', 'en-US')).toBe('24:00');
  });

  test('food lists join with a middle dot', () => {
    expect(foodList([{ food_name: 'Oats' }, { food_name: 'Banana' }, 'Milk'])).toBe('Oats · Banana · Milk');
  });

  test('day ranges and days without weekday use the locale (the meal-plan screens use these too)', () => {
    expect(formatDayRange('2026-11-21', 7, 'en-GB')).toMatch(/^21\s?–\s?27 Nov 2026$/);
    expect(formatDayRange('2026-11-21', 1, 'en-GB')).toBe('21 Nov 2026');
    expect(formatDay('2026-11-21', { weekday: false }, 'en-GB')).toBe('21 Nov');
    expect(MEAL_LABELS.snack).toBe('Snacks');
  });
});

describe('store prices (minor units, as Stripe states them)', () => {
  test('cents become the currency amount in the locale’s own form', () => {
    expect(formatPrice(499, 'eur', 'en-GB')).toBe('€4.99');
    expect(formatPrice(499, 'eur', 'de-DE')).toBe('4,99\u00a0€');
    expect(formatPrice(999, 'usd', 'en-US')).toBe('$9.99');
  });
  test('a zero-decimal currency is not divided', () => {
    expect(formatPrice(500, 'jpy', 'en-US')).toBe('¥500');
  });
  test('the period follows the price', () => {
    expect(formatRecurringPrice({ amount: 999, currency: 'eur', interval: 'month', interval_count: 1 }, 'en-GB')).toBe('€9.99\u00a0/\u00a0month');
    expect(formatRecurringPrice({ amount: 9900, currency: 'eur', interval: 'year', interval_count: 1 }, 'en-GB')).toBe('€99.00\u00a0/\u00a0year');
    expect(formatRecurringPrice({ amount: 1200, currency: 'eur', interval: 'month', interval_count: 3 }, 'en-GB')).toBe('€12.00 every 3\u00a0months');
  });
  test('an instant as a date', () => {
    expect(formatDate('2026-11-21T10:00:00Z', 'en-GB')).toBe('21 Nov 2026');
  });
});

describe('safeLocale', () => {
  test('keeps valid tags, drops a POSIX "@" suffix that Intl refuses, and falls back to en-GB', async () => {
    const { safeLocale } = await import('./format');
    expect(safeLocale('en-US')).toBe('en-US');
    expect(safeLocale('en-US@posix')).toBe('en-US');
    expect(() => new Intl.NumberFormat(safeLocale('en-US@posix')).format(2000)).not.toThrow();
    expect(safeLocale('not a tag!')).toBe('en-GB');
    expect(safeLocale(undefined)).toBe('en-GB');
  });
});
