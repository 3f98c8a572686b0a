import { describe, expect, it } from 'vitest';
import { countedDays, dayStates, median, onCountedDays, partialThreshold, type DayKcal } from './day-states.js';
import { mealTiming } from './timing.js';
import type { AnalysisEntry } from './types.js';

const date = (i: number) => new Date(Date.UTC(2026, 10, 1) + i * 86_400_000).toISOString().slice(0, 10);
const days = (kcals: number[], start = 0): DayKcal[] => kcals.map((calories, i) => ({ date: date(start + i), calories }));

describe('dayStates: the user chooses, otherwise far below the usual day is partial', () => {
  it('a 380 kcal breakfast-only day among 2,000 kcal days is partial; a light 1,200 kcal day is not', () => {
    const d = days([2000, 2100, 1900, 2050, 380, 1200]);
    const s = dayStates(d, [], null, date(0), date(5));
    // The first four days have fewer than 4 usual days before them and no goal: nothing says they are short.
    expect(s.map((x) => x.state)).toEqual(['complete', 'complete', 'complete', 'complete', 'partial', 'complete']);
    expect(s[4]).toEqual({ date: date(4), state: 'partial', set_by_user: false, kcal: 380 });
  });

  it('the threshold is half the median of the complete-or-unmarked days in the 28 days before, not counting the day itself', () => {
    const d = days([1000, 3000, 2000, 2400, 100]);
    // Usual days before day 4: 1000, 3000, 2000, 2400 → median 2200 → partial below 1100.
    expect(partialThreshold(date(4), d, new Set(), null)).toEqual({ kcal: 1100, from: 'usual' });
    // A day 29 days back is outside the window.
    const old = [...days([2000], -29), ...days([2000, 2000, 2000], 0)];
    expect(partialThreshold(date(3), old, new Set(), 2500)).toEqual({ kcal: 1000, from: 'goal' });
  });

  it('with fewer than 4 usual days the calorie goal decides (below 40 %); with neither, a day stays complete', () => {
    const d = days([700, 900]);
    expect(dayStates(d, [], 2000, date(0), date(1)).map((x) => x.state)).toEqual(['partial', 'complete']);
    expect(dayStates(d, [], null, date(0), date(1)).map((x) => x.state)).toEqual(['complete', 'complete']);
  });

  it("the user's choice wins both ways, and a day they marked partial is not part of the usual day", () => {
    const d = days([2000, 2000, 2000, 2000, 300, 2000, 900]);
    const s = dayStates(d, [{ date: date(4), state: 'complete' }, { date: date(5), state: 'partial' }], null, date(0), date(6));
    expect(s[4]).toMatchObject({ state: 'complete', set_by_user: true, kcal: 300 });
    expect(s[5]).toMatchObject({ state: 'partial', set_by_user: true });
    // Usual before day 6: 2000 ×4 and 300 (user said complete); day 5 (user partial) is not usual → median 2000.
    expect(s[6]).toMatchObject({ state: 'partial', set_by_user: false });
    expect(partialThreshold(date(6), d, new Set([date(5)]), null)!.kcal).toBe(1000);
  });

  it('the same day gets the same state whatever range asks (7, 14 or 28 days)', () => {
    const kcals = Array.from({ length: 40 }, (_, i) => (i % 9 === 4 ? 450 : 1800 + (i % 5) * 100));
    const d = days(kcals);
    const wide = dayStates(d, [], 2200, date(12), date(39));
    const narrow = dayStates(d, [], 2200, date(33), date(39));
    expect(narrow).toEqual(wide.filter((x) => x.date >= date(33)));
  });

  it('a day with no food is not listed unless the user chose a state for it, and never counts', () => {
    const d = days([2000, 2000]);
    const s = dayStates(d, [{ date: date(3), state: 'complete' }], null, date(0), date(5));
    expect(s.map((x) => [x.date, x.kcal])).toEqual([[date(0), 2000], [date(1), 2000], [date(3), 0]]);
    expect(countedDays(s).days_counted).toBe(2);
  });
});

describe('countedDays: the one rule every average reads', () => {
  it('counts complete logged days, leaves partial ones out and says so', () => {
    const s = dayStates(days([2000, 2100, 1900, 2050, 380, 2000]), [{ date: date(5), state: 'partial' }], null, date(0), date(5));
    const sel = countedDays(s);
    expect(sel.days_counted).toBe(4);
    expect(sel.partial_days_left_out).toBe(2);
    expect(sel.partial_dates).toEqual([date(4), date(5)]);
    expect(sel.note).toBe('2 partial days left out: averages, patterns and estimates count complete days only.');
    expect(onCountedDays([{ date: date(4) }, { date: date(0) }], sel)).toEqual([{ date: date(0) }]);
    expect(countedDays(dayStates(days([2000]), [], null, date(0), date(0))).note).toBeNull();
  });

  it('median', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe('mealTiming counts days by the entry date (issue 42 §10)', () => {
  const entry = (d: string, minute: number | null): AnalysisEntry => ({ date: d, minute, meal_type: 'lunch', food_name: 'Soup', calories: 400, protein: 10, carbs: 50, fat: 10 });

  it('14 days logged in one sitting (no times) never asks to log meals on 3 days', () => {
    const back = Array.from({ length: 14 }, (_, i) => entry(date(i), null));
    const t = mealTiming(back);
    expect(t.enough).toBe(false);
    if (t.enough) return;
    expect(t.statement).not.toMatch(/at least 3 days/);
    expect(t.statement).toMatch(/^14 days have meals logged, but none was logged on the day itself/);
  });

  it('three days logged as eaten are enough, whatever else was back-filled; per-meal calories are per logged day', () => {
    const list = [entry(date(0), 12 * 60), entry(date(1), 12 * 60 + 30), entry(date(2), 13 * 60), entry(date(3), null)];
    const t = mealTiming(list);
    expect(t).toMatchObject({ enough: true, days: 3, first_meal_avg: '12:30' });
    if (t.enough) expect(t.by_meal_type.lunch).toBe(400);
  });

  it('still asks for 3 days when fewer are logged', () => {
    expect(mealTiming([entry(date(0), 600), entry(date(1), 600)])).toMatchObject({ enough: false, statement: expect.stringMatching(/at least 3 days .*2 so far/) });
  });
});
