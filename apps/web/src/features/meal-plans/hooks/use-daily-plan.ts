/** Today's plan on request, following logic/daily-plan-poll.ts with real timers (spec §4, §9). */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../../lib/hooks';
import { errorText } from '../../../lib/errors';
import { mealPlansApi, useRequestDailyPlanMutation } from '../api';
import { dailyStep, firstDailyAction, initialDailyPollState, type DailyPollAction, type DailyPollEvent, type DailyPollState } from '../logic/daily-plan-poll';
import { timeIn } from '../logic/dates';

export function useDailyPlan(timezone: string | null | undefined) {
  const dispatch = useAppDispatch();
  const [request] = useRequestDailyPlanMutation();
  const [state, setState] = useState<DailyPollState | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const generate = useCallback(async () => {
    clearTimeout(timer.current);
    let s = initialDailyPollState();
    setState(s);
    let id: number | string;
    try {
      const started = await request({ timestamp: new Date().toISOString(), current_time: timeIn(timezone) }).unwrap();
      id = started.id;
    } catch (e) {
      setState({ ...s, phase: 'failed', message: errorText(e, 'Failed to generate meal plan') });
      return;
    }

    const run = (action: DailyPollAction) => {
      if (!alive.current || action.type === 'finish') {
        if (s.phase === 'done') dispatch(mealPlansApi.util.invalidateTags([{ type: 'DailyPlan', id: 'LATEST' }]));
        return;
      }
      timer.current = setTimeout(
        async () => {
          let event: DailyPollEvent;
          if (action.type === 'fetch-latest') {
            const latest = await dispatch(mealPlansApi.endpoints.getLatestDailyPlan.initiate(undefined, { subscribe: false, forceRefetch: true }));
            event = { type: 'latest', plan: latest.data ?? null };
          } else {
            try {
              const answer = await dispatch(mealPlansApi.endpoints.getDailyPlanStatus.initiate(id, { subscribe: false, forceRefetch: true })).unwrap();
              event = { type: 'status', answer };
            } catch {
              event = { type: 'error' };
            }
          }
          if (!alive.current) return;
          const [next, nextAction] = dailyStep(s, event);
          s = next;
          setState(next);
          run(nextAction);
        },
        action.type === 'poll' ? action.delayMs : 0,
      );
    };
    run(firstDailyAction());
  }, [dispatch, request, timezone]);

  return { state, generate, busy: !!state && (state.phase === 'polling' || state.phase === 'fallback') };
}
