import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { day, food, plan } from '../logic/fixtures';
import { daysToShow } from '../logic/placeholders';
import type { MealPlan } from '../types';
import { usePlanRecovery } from './use-plan-recovery';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The view's wiring: the hook plus what the page would show with its answer. */
function open(initial: MealPlan, alreadyRecovered = false) {
  let current = initial;
  const refetch = vi.fn(async () => current);
  const view = renderHook(({ p }) => {
    const r = usePlanRecovery(p, refetch, alreadyRecovered);
    return { ...r, days: daysToShow(p, [], { fill: !r.recovering }) };
  }, { initialProps: { p: initial } });
  const answer = (p: MealPlan) => {
    current = p;
    view.rerender({ p });
  };
  return { view, refetch, answer };
}

/** Advances the clock by `ms` and lets the refetch promise settle. */
const wait = (ms: number) => act(async () => { await vi.advanceTimersByTimeAsync(ms); });

describe('meal plan view recovery (spec §4, §9)', () => {
  test('a completed plan with no days is refetched 5 times at min(attempt × 1500, 5000) ms, then shown with placeholder days', async () => {
    const { view, refetch } = open(plan({ status: 'completed' }));
    expect(view.result.current.recovering).toBe(true);
    expect(view.result.current.days).toEqual([]); // no placeholders at once
    const schedule = [1500, 3000, 4500, 5000, 5000];
    for (const [i, ms] of schedule.entries()) {
      await wait(ms - 1);
      expect(refetch).toHaveBeenCalledTimes(i);
      await wait(1);
      expect(refetch).toHaveBeenCalledTimes(i + 1);
    }
    expect(view.result.current.recovering).toBe(false);
    await wait(60_000);
    expect(refetch).toHaveBeenCalledTimes(5);

    const days = view.result.current.days;
    expect(days.map((d) => d.day_number)).toEqual([1, 2, 3]);
    for (const d of days) {
      expect(d.placeholder).toBe(true);
      expect(d.refresh_hint).toMatch(/refresh/i);
      for (const [meal, kcal] of [['breakfast', 500], ['lunch', 700], ['dinner', 800], ['snack', 300]] as const) {
        const slot = d.meals[meal]!;
        expect(slot.total_calories).toBeGreaterThanOrEqual(kcal * 0.8);
        expect(slot.total_calories).toBeLessThanOrEqual(kcal * 1.2);
        expect(slot.total_protein).toBeCloseTo((slot.total_calories * 0.2) / 4, 0);
        expect(slot.total_carbs).toBeCloseTo((slot.total_calories * 0.5) / 4, 0);
        expect(slot.total_fat).toBeCloseTo((slot.total_calories * 0.3) / 9, 0);
      }
    }
  });

  test('empty days are held back while refetching and replaced by the real ones when a refetch brings them', async () => {
    const emptyDays = plan({ status: 'completed', plan_days: [day(1), day(2, []), day(3, [food('Default meal')])] });
    const { view, refetch, answer } = open(emptyDays);
    expect(view.result.current.days.map((d) => [d.day_number, !!d.placeholder])).toEqual([[1, false]]);
    await wait(1500);
    await wait(3000);
    expect(refetch).toHaveBeenCalledTimes(2);
    answer(plan({ status: 'completed', plan_days: [day(1), day(2), day(3)] }));
    expect(view.result.current.recovering).toBe(false);
    await wait(60_000);
    expect(refetch).toHaveBeenCalledTimes(2);
    expect(view.result.current.days.map((d) => [d.day_number, !!d.placeholder])).toEqual([[1, false], [2, false], [3, false]]);
  });

  test('a complete plan, a processing one, or one the progress page already recovered is not refetched', async () => {
    for (const [p, recovered] of [
      [plan({ status: 'completed', plan_days: [day(1), day(2), day(3)] }), false],
      [plan({ status: 'processing' }), false],
      [plan({ status: 'completed' }), true],
    ] as const) {
      const { view, refetch } = open(p, recovered);
      expect(view.result.current.recovering).toBe(false);
      await wait(30_000);
      expect(refetch).not.toHaveBeenCalled();
      cleanup();
    }
  });
});
