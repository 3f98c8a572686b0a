import { describe, expect, it } from 'vitest';
import type { DailyMealPlan } from '../types';
import { dailyStep, firstDailyAction, initialDailyPollState } from './daily-plan-poll';

// The rules never look inside the plan: a stand-in object is enough.
const dailyPlan = { total_calories: 1800, total_protein: 120, total_carbs: 200, total_fat: 60 } as unknown as DailyMealPlan;

describe("today's plan polling (spec §4, §9)", () => {
  it('polls every second and stops when completed', () => {
    expect(firstDailyAction()).toEqual({ type: 'poll', delayMs: 1000 });
    let [s, a] = dailyStep(initialDailyPollState(), { type: 'status', answer: { status: 'processing' } });
    expect(a).toEqual({ type: 'poll', delayMs: 1000 });
    [s, a] = dailyStep(s, { type: 'status', answer: { status: 'completed', plan: dailyPlan } });
    expect(a).toEqual({ type: 'finish' });
    expect(s.plan).toBe(dailyPlan);
  });

  it('reports a failed generation', () => {
    const [s] = dailyStep(initialDailyPollState(), { type: 'status', answer: { status: 'failed' } });
    expect(s.phase).toBe('failed');
    expect(s.message).toBe('Meal plan generation failed');
  });

  it('after 30 polls falls back to the latest plan', () => {
    let s = initialDailyPollState();
    let a;
    for (let i = 0; i < 30; i++) [s, a] = dailyStep(s, i % 2 ? { type: 'error' } : { type: 'status', answer: { status: 'processing' } });
    expect(s.attempts).toBe(30);
    expect(a).toEqual({ type: 'fetch-latest' });
    const [done] = dailyStep(s, { type: 'latest', plan: dailyPlan });
    expect(done.phase).toBe('done');
    expect(done.plan).toBe(dailyPlan);
  });

  it('with no latest plan either, says it timed out', () => {
    let s = initialDailyPollState();
    for (let i = 0; i < 30; i++) [s] = dailyStep(s, { type: 'error' });
    const [out, a] = dailyStep(s, { type: 'latest', plan: null });
    expect(a).toEqual({ type: 'finish' });
    expect(out.message).toBe('Meal plan generation timed out');
  });
});
