import { describe, expect, it } from 'vitest';
import type { MealPlan } from '../types';
import { day, food, plan } from './fixtures';
import { finishToast, firstAction, initialPollState, step, type PollAction, type PollState } from './multi-day-poll';

function run(events: Array<(s: PollState) => Parameters<typeof step>[1]>, start = 0) {
  let s = initialPollState(start);
  const actions: PollAction[] = [firstAction(s)];
  for (const e of events) {
    const [n, a] = step(s, e(s));
    s = n;
    actions.push(a);
  }
  return { s, actions };
}
const answer = (p: MealPlan, now = 0) => () => ({ type: 'answer' as const, plan: p, now });
const error = (now = 0, status?: number) => () => ({ type: 'error' as const, now, status });

describe('multi-day plan polling (spec §4, §9)', () => {
  it('waits 1 s before the first poll and 1 s between processing polls, showing days as they arrive', () => {
    const { s, actions } = run([answer(plan()), answer(plan({ plan_days: [day(1)], result: { days_completed: 1, total_days: 3, daily_plans: [], in_progress: true } }))]);
    expect(actions).toEqual([{ type: 'poll', delayMs: 1000 }, { type: 'poll', delayMs: 1000 }, { type: 'poll', delayMs: 1000 }]);
    expect(s.phase).toBe('polling');
    expect(s.days.map((d) => d.day_number)).toEqual([1]);
  });

  it('finishes with all days when the plan completes', () => {
    const { s, actions } = run([answer(plan({ status: 'completed', plan_days: [day(2), day(1), day(3)] }))]);
    expect(actions.at(-1)).toEqual({ type: 'finish' });
    expect(s.phase).toBe('done');
    expect(s.message).toBeNull();
    expect(s.days.map((d) => d.day_number)).toEqual([1, 2, 3]);
  });

  it('doubles the delay on errors up to 5 s and resets it after an answer', () => {
    const { actions } = run([error(), error(), answer(plan()), error(), error(), answer(plan()), error()]);
    expect(actions.map((a) => (a.type === 'poll' ? a.delayMs : a.type))).toEqual([1000, 2000, 4000, 1000, 2000, 4000, 1000, 2000]);
    const capped = initialPollState(0);
    const [, a] = step({ ...capped, delayMs: 4000 }, { type: 'error', now: 0 });
    expect(a).toEqual({ type: 'poll', delayMs: 5000 });
  });

  it('stops after 3 consecutive errors with the §8 message and status 500', () => {
    const { s, actions } = run([error(0, 500), error(0, 0), error(0, 503)]);
    expect(actions.at(-1)).toEqual({ type: 'finish' });
    expect(s.phase).toBe('failed');
    expect(s.errorStatus).toBe(500);
    expect(s.message).toBe('Failed to poll meal plan status after 3 consecutive errors');
  });

  it('three polls in a row that threw before any answer: "Polling failed due to multiple exceptions"', () => {
    const { s } = run([error(), error(), error()]);
    expect(s.phase).toBe('failed');
    expect(s.errorStatus).toBe(500);
    expect(s.message).toBe('Polling failed due to multiple exceptions');
    // One HTTP error among them: the poll error message.
    expect(run([error(), error(0, 500), error()]).s.message).toBe('Failed to poll meal plan status after 3 consecutive errors');
  });

  it('a completed plan whose days cannot be fetched: 3 tries at 1 s, then "Failed to fetch meal plan days after 3 attempts"', () => {
    const { s, actions } = run([answer(plan({ status: 'completed', plan_days: [day(1)] })), error(0, 500), error(0, 500), error(0, 500)]);
    expect(actions.slice(1).map((a) => (a.type === 'poll' ? a.delayMs : a.type))).toEqual([1000, 1000, 1000, 'finish']);
    expect(s.phase).toBe('failed');
    expect(s.message).toBe('Failed to fetch meal plan days after 3 attempts');
    // A refetch that answers after an error goes on as before.
    const recovered = run([answer(plan({ status: 'completed', plan_days: [day(1)] })), error(0, 500), answer(plan({ status: 'completed', plan_days: [day(1), day(2), day(3)] }))]).s;
    expect(recovered.phase).toBe('done');
    expect(recovered.days).toHaveLength(3);
  });

  it('stops at once on a 404 (missing or another user’s plan)', () => {
    const { s } = run([error(0, 404)]);
    expect(s.phase).toBe('failed');
    expect(s.errorStatus).toBe(404);
  });

  it('gives up after 120 polls: timed out with no data fails', () => {
    const events = Array.from({ length: 120 }, (_, i) => answer(plan(), (i + 1) * 1000));
    const { s, actions } = run(events);
    expect(actions.filter((a) => a.type === 'poll')).toHaveLength(120);
    expect(s.phase).toBe('failed');
    expect(s.message).toBe('Meal plan generation timed out after 120 seconds');
  });

  it('timed out with days is completed with the partial-data message', () => {
    const partial = plan({ plan_days: [day(1)] });
    const events = Array.from({ length: 120 }, (_, i) => answer(partial, (i + 1) * 1000 + 400));
    const { s } = run(events);
    expect(s.phase).toBe('done');
    expect(s.message).toBe('Meal plan generation timed out after 120 seconds (Partial data recovered)');
    expect(s.days).toHaveLength(1);
  });

  it('failed with partial daily_plans is usable, with the suffix on error_message', () => {
    const failed = plan({ status: 'failed', error_message: 'Solver crashed', result: { days_completed: 1, total_days: 3, daily_plans: [day(1)], in_progress: false } });
    const { s } = run([answer(failed)]);
    expect(s.phase).toBe('done');
    expect(s.message).toBe('Solver crashed (Partial data recovered)');
    expect(s.days.map((d) => d.day_number)).toEqual([1]);
  });

  it('failed with nothing, or cancelled, ends in an error', () => {
    expect(run([answer(plan({ status: 'failed', error_message: null }))]).s.message).toBe('Meal plan generation failed');
    expect(run([answer(plan({ status: 'cancelled' }))]).s.message).toBe('Meal plan generation cancelled');
  });

  it('completed with no plan_days: 3 refetches at 1 s, then 5 recovery refetches with backoff, then placeholder days (spec §4, §9)', () => {
    const empty = plan({ status: 'completed' });
    const { s, actions } = run(Array.from({ length: 9 }, () => answer(empty)));
    expect(actions.slice(1).map((a) => (a.type === 'poll' ? a.delayMs : a.type))).toEqual([1000, 1000, 1000, 1500, 3000, 4500, 5000, 5000, 'finish']);
    expect(s.phase).toBe('done');
    expect(s.recoveryAttempts).toBe(5);
    expect(s.placeholderDayNumbers).toEqual([1, 2, 3]);
  });

  it("a plan that ends with placeholder days is not announced as ready (the toast said 'Your meal plan is ready!')", () => {
    const empty = plan({ status: 'completed' });
    const { s } = run(Array.from({ length: 9 }, () => answer(empty)));
    expect(finishToast(s)).toEqual({ severity: 'warning', text: 'Your plan is saved, but 3 days could not be loaded: showing estimates. Refresh to try again.' });
    expect(finishToast({ message: null, placeholderDayNumbers: [2] }).text).toContain('1 day could not be loaded');
    const whole = run([answer(plan({ status: 'completed', plan_days: [day(1), day(2), day(3)] }))]).s;
    expect(finishToast(whole)).toEqual({ severity: 'success', text: 'Your meal plan is ready!' });
    expect(finishToast({ message: 'Generation failed (Partial data recovered)', placeholderDayNumbers: [3] })).toEqual({ severity: 'warning', text: 'Generation failed (Partial data recovered)' });
  });

  it('completed with no plan_days recovers when a refetch brings them', () => {
    const { s } = run([answer(plan({ status: 'completed' })), answer(plan({ status: 'completed', plan_days: [day(1), day(2), day(3)] }))]);
    expect(s.phase).toBe('done');
    expect(s.placeholderDayNumbers).toEqual([]);
  });

  it('completed with empty days: 5 recovery refetches with backoff, then placeholder days', () => {
    const emptyDays = plan({ status: 'completed', plan_days: [day(1), day(2, []), day(3, [food('Default meal')])] });
    const { s, actions } = run(Array.from({ length: 6 }, () => answer(emptyDays)));
    expect(actions.slice(1).map((a) => (a.type === 'poll' ? a.delayMs : a.type))).toEqual([1500, 3000, 4500, 5000, 5000, 'finish']);
    expect(s.phase).toBe('done');
    expect(s.placeholderDayNumbers).toEqual([2, 3]);
  });

  it('fills days still missing after the refetches with placeholders', () => {
    const twoOfThree = plan({ status: 'completed', plan_days: [day(1), day(3)] });
    const { s } = run(Array.from({ length: 9 }, () => answer(twoOfThree)));
    expect(s.missingDaysAttempts).toBe(3);
    expect(s.recoveryAttempts).toBe(5);
    expect(s.placeholderDayNumbers).toEqual([2]);
  });

  it('ignores events after it finished', () => {
    const { s } = run([answer(plan({ status: 'cancelled' }))]);
    expect(step(s, { type: 'error', now: 0 })).toEqual([s, { type: 'finish' }]);
  });
});
