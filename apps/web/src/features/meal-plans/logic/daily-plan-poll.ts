/**
 * Today's plan: after the request, poll its status every second, at most 30 times; if it has not
 * finished by then, fall back to the latest plan (spec §4, §9). Pure, like multi-day-poll.ts.
 */
import { DAILY_PLAN_POLL } from '@app/contracts/constants';
import type { DailyMealPlan, DailyPlanStatus } from '../types';

/** The parts of a status answer the rules read. */
export type DailyStatusAnswer = Pick<DailyPlanStatus, 'status'> & Partial<Pick<DailyPlanStatus, 'plan' | 'error_message'>>;

export interface DailyPollState {
  attempts: number;
  phase: 'polling' | 'fallback' | 'done' | 'failed';
  plan: DailyMealPlan | null;
  message: string | null;
}

export type DailyPollAction =
  | { type: 'poll'; delayMs: number }
  | { type: 'fetch-latest' }
  | { type: 'finish' };

export type DailyPollEvent =
  | { type: 'status'; answer: DailyStatusAnswer }
  | { type: 'error' }
  /** The answer of GET /recommendations/daily-meal-plan/latest (null on 404 or error, spec §7). */
  | { type: 'latest'; plan: DailyMealPlan | null };

export const initialDailyPollState = (): DailyPollState => ({ attempts: 0, phase: 'polling', plan: null, message: null });
export const firstDailyAction = (): DailyPollAction => ({ type: 'poll', delayMs: DAILY_PLAN_POLL.intervalMs });

export function dailyStep(state: DailyPollState, event: DailyPollEvent): [DailyPollState, DailyPollAction] {
  if (state.phase === 'done' || state.phase === 'failed') return [state, { type: 'finish' }];

  if (event.type === 'latest') {
    if (event.plan) return [{ ...state, phase: 'done', plan: event.plan }, { type: 'finish' }];
    return [{ ...state, phase: 'failed', message: 'Meal plan generation timed out' }, { type: 'finish' }];
  }

  const attempts = state.attempts + 1;
  if (event.type === 'status') {
    const a = event.answer;
    if (a.status === 'completed' && a.plan) return [{ ...state, attempts, phase: 'done', plan: a.plan }, { type: 'finish' }];
    if (a.status === 'failed') {
      return [{ ...state, attempts, phase: 'failed', message: a.error_message || 'Meal plan generation failed' }, { type: 'finish' }];
    }
  }
  // Still processing, or a transient error: keep going until the poll budget is spent.
  if (attempts >= DAILY_PLAN_POLL.maxAttempts) return [{ ...state, attempts, phase: 'fallback' }, { type: 'fetch-latest' }];
  return [{ ...state, attempts }, { type: 'poll', delayMs: DAILY_PLAN_POLL.intervalMs }];
}
