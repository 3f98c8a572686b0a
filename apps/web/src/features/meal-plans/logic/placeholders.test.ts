import { describe, expect, it } from 'vitest';
import { daysToShow } from './placeholders';
import { day, food, plan } from './fixtures';

describe('placeholder days (spec §4, §9)', () => {
  it('shows only the days that exist while the plan is processing', () => {
    expect(daysToShow(plan({ plan_days: [day(1)] })).map((d) => d.day_number)).toEqual([1]);
  });

  it('fills missing and empty days of a completed plan with hinted placeholders of the §9 size', () => {
    const p = plan({ status: 'completed', plan_days: [day(1), day(3, [food('Unknown food')])] });
    const shown = daysToShow(p);
    expect(shown.map((d) => [d.day_number, !!d.placeholder])).toEqual([[1, false], [2, true], [3, true]]);
    const d2 = shown[1];
    expect(d2.date).toBe('2026-11-23');
    expect(d2.refresh_hint).toMatch(/refresh/i);
    const kcal = d2.meals.breakfast!.total_calories;
    expect(kcal).toBeGreaterThanOrEqual(400);
    expect(kcal).toBeLessThanOrEqual(600);
    expect(d2.meals.dinner!.total_calories).toBeGreaterThanOrEqual(640);
    // 20/50/30 split at 4/4/9 kcal per gram
    expect(d2.meals.breakfast!.total_protein).toBeCloseTo((kcal * 0.2) / 4, 0);
    expect(d2.meals.breakfast!.total_fat).toBeCloseTo((kcal * 0.3) / 9, 0);
  });

  it('is stable across renders of the same plan', () => {
    const p = plan({ status: 'completed', plan_days: [] });
    expect(daysToShow(p)).toEqual(daysToShow(p));
  });

  it('replaces the days the poller flagged, and keeps partial days of a failed plan as they are', () => {
    const p = plan({ status: 'completed', plan_days: [day(1), day(2), day(3)] });
    expect(daysToShow(p, [2]).map((d) => !!d.placeholder)).toEqual([false, true, false]);
    const failed = plan({ status: 'failed', plan_days: [day(1)] });
    expect(daysToShow(failed).map((d) => d.day_number)).toEqual([1]);
  });
});
