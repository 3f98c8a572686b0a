/**
 * The client's polling and recovery rules for a multi-day plan being generated (spec §4, §8, §9).
 * Pure: the caller feeds each poll answer (or error) in and gets the next action out — wait and poll
 * again, or finish. Timers and HTTP live in the hook (use-plan-generation.ts), so every branch here
 * is unit tested without a clock or a server.
 */
import { MULTI_DAY_POLL, RECOVERY_REFETCH } from '@app/contracts/constants';
import type { MealPlan, PlanDay } from '../types';
import { expectedDayCount, isEmptyDay, usableDays } from './plan-days';

export type PollPhase = 'polling' | 'fetching-days' | 'recovering' | 'done' | 'failed';

export interface PollState {
  phase: PollPhase;
  /** Polls sent so far (answers and errors). */
  attempts: number;
  consecutiveErrors: number;
  /** Of those, failures that were not an answer of the server at all (the poll itself threw). */
  consecutiveExceptions: number;
  /** Delay before the next poll: 1 s, doubling on errors up to 5 s. */
  delayMs: number;
  missingDaysAttempts: number;
  recoveryAttempts: number;
  startedAt: number;
  plan: MealPlan | null;
  /** Days to show now (also while processing, as they arrive). */
  days: PlanDay[];
  /** Day numbers the client must fill with placeholder days (after recovery gave up). */
  placeholderDayNumbers: number[];
  /** A notice for a usable outcome (partial data) or the error of a failed one. */
  message: string | null;
  /** HTTP-like status of a failure (500 for the poll error limit, as spec §8). */
  errorStatus: number | null;
}

export type PollAction = { type: 'poll'; delayMs: number } | { type: 'finish' };

export type PollEvent =
  | { type: 'answer'; plan: MealPlan; now: number }
  | { type: 'error'; status?: number; message?: string; now: number };

export function initialPollState(now: number): PollState {
  return {
    phase: 'polling',
    attempts: 0,
    consecutiveErrors: 0,
    consecutiveExceptions: 0,
    delayMs: MULTI_DAY_POLL.initialDelayMs,
    missingDaysAttempts: 0,
    recoveryAttempts: 0,
    startedAt: now,
    plan: null,
    days: [],
    placeholderDayNumbers: [],
    message: null,
    errorStatus: null,
  };
}

/** The first poll waits the initial delay (1 s). */
export const firstAction = (s: PollState) => ({ type: 'poll', delayMs: s.delayMs }) as const;

const elapsedSeconds = (s: PollState, now: number) => Math.round((now - s.startedAt) / 1000);

function fail(s: PollState, message: string, errorStatus: number | null = null): [PollState, PollAction] {
  return [{ ...s, phase: 'failed', message, errorStatus }, { type: 'finish' }];
}

function done(s: PollState, message: string | null = s.message): [PollState, PollAction] {
  return [{ ...s, phase: 'done', message }, { type: 'finish' }];
}

export function step(state: PollState, event: PollEvent): [PollState, PollAction] {
  if (state.phase === 'done' || state.phase === 'failed') return [state, { type: 'finish' }];
  const s: PollState = { ...state, attempts: state.attempts + 1 };

  if (event.type === 'error') {
    // A missing or foreign plan never appears by waiting: stop at once.
    if (event.status === 404) return fail(s, event.message ?? 'Meal plan not found', 404);
    const consecutiveErrors = s.consecutiveErrors + 1;
    const consecutiveExceptions = event.status === undefined ? s.consecutiveExceptions + 1 : 0;
    const failed = { ...s, consecutiveErrors, consecutiveExceptions };
    // Fetching the days of a completed plan: its 3 tries at 1 s are all it gets (spec §8, §9).
    if (s.phase === 'fetching-days') {
      if (s.missingDaysAttempts >= MULTI_DAY_POLL.missingDaysAttempts) return fail(failed, `Failed to fetch meal plan days after ${s.missingDaysAttempts} attempts`);
      const missingDaysAttempts = s.missingDaysAttempts + 1;
      return [{ ...failed, missingDaysAttempts }, { type: 'poll', delayMs: MULTI_DAY_POLL.missingDaysDelayMs }];
    }
    if (consecutiveErrors >= MULTI_DAY_POLL.maxConsecutiveErrors) {
      // Every one of them thrown before any answer came (not an HTTP error): the poll itself is broken.
      if (consecutiveExceptions >= consecutiveErrors) return fail(failed, 'Polling failed due to multiple exceptions', 500);
      return fail(failed, `Failed to poll meal plan status after ${consecutiveErrors} consecutive errors`, 500);
    }
    if (s.attempts >= MULTI_DAY_POLL.maxAttempts) return timedOut(failed, event.now);
    const delayMs = Math.min(s.delayMs * 2, MULTI_DAY_POLL.maxDelayMs);
    return [{ ...failed, delayMs }, { type: 'poll', delayMs }];
  }

  const plan = event.plan;
  const days = usableDays(plan);
  const next: PollState = { ...s, plan, days, consecutiveErrors: 0, consecutiveExceptions: 0, delayMs: MULTI_DAY_POLL.initialDelayMs };

  switch (plan.status) {
    case 'processing':
      if (next.attempts >= MULTI_DAY_POLL.maxAttempts) return timedOut(next, event.now);
      return [next, { type: 'poll', delayMs: next.delayMs }];
    case 'cancelled':
      return fail(next, 'Meal plan generation cancelled');
    case 'failed':
      if (days.length > 0) return done(next, `${plan.error_message || 'Meal plan generation failed'} (Partial data recovered)`);
      return fail(next, plan.error_message || 'Meal plan generation failed');
    case 'completed':
      return completed(next);
    default:
      return fail(next, 'Error generating meal plan');
  }
}

/** Out of attempts while still processing: usable if some days exist (spec §4). */
function timedOut(s: PollState, now: number): [PollState, PollAction] {
  const base = `Meal plan generation timed out after ${elapsedSeconds(s, now)} seconds`;
  if (s.days.length > 0) return done(s, `${base} (Partial data recovered)`);
  return fail(s, base);
}

function completed(s: PollState): [PollState, PollAction] {
  const plan = s.plan!;
  const have = new Set(s.days.map((d) => d.day_number));
  const missing = range(expectedDayCount(plan)).filter((n) => !have.has(n));

  // Completed but the days are not (all) there yet: refetch them, 3 times at 1 s.
  if (missing.length > 0 && s.phase !== 'recovering' && s.missingDaysAttempts < MULTI_DAY_POLL.missingDaysAttempts) {
    const missingDaysAttempts = s.missingDaysAttempts + 1;
    return [{ ...s, phase: 'fetching-days', missingDaysAttempts }, { type: 'poll', delayMs: MULTI_DAY_POLL.missingDaysDelayMs }];
  }

  // Still missing after those, or empty (or only filler): completed with empty or placeholder data (spec §4):
  // up to 5 spaced recovery refetches, then placeholder days with refresh hints — also when no day came at all.
  const gaps = recoveryGaps(s.plan!, s.days);
  if (gaps.length === 0) return done({ ...s, placeholderDayNumbers: [] });
  if (s.recoveryAttempts < RECOVERY_REFETCH.attempts) {
    const recoveryAttempts = s.recoveryAttempts + 1;
    const delayMs = RECOVERY_REFETCH.backoffMs(recoveryAttempts);
    return [{ ...s, phase: 'recovering', recoveryAttempts }, { type: 'poll', delayMs }];
  }
  return done({ ...s, placeholderDayNumbers: gaps });
}

/** The day numbers of a completed plan that are missing or have no real food, in order. */
export function recoveryGaps(plan: MealPlan, days: PlanDay[] = usableDays(plan)): number[] {
  const have = new Set(days.map((d) => d.day_number));
  const missing = range(expectedDayCount(plan)).filter((n) => !have.has(n));
  const empty = days.filter(isEmptyDay).map((d) => d.day_number);
  return [...missing, ...empty].sort((a, b) => a - b);
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/**
 * The toast when generation ends usable: the outcome's notice, or a warning when some days are placeholders (the
 * plan's data could not be loaded), and only otherwise 'ready'. Placeholder days had said 'Your meal plan is ready!'.
 */
export function finishToast(s: Pick<PollState, 'message' | 'placeholderDayNumbers'>): { severity: 'success' | 'warning'; text: string } {
  if (s.message) return { severity: 'warning', text: s.message };
  const n = s.placeholderDayNumbers.length;
  if (n > 0) return { severity: 'warning', text: `Your plan is saved, but ${n === 1 ? '1 day' : `${n} days`} could not be loaded: showing estimates. Refresh to try again.` };
  return { severity: 'success', text: 'Your meal plan is ready!' };
}
