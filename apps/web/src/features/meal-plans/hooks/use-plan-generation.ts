/**
 * Drives the multi-day polling rules (logic/multi-day-poll.ts) with real timers and requests:
 * the task tells which plan it builds, then the plan itself is polled (it carries status, progress
 * and the days generated so far).
 */
import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch } from '../../../lib/hooks';
import { errorDetail, isApiError } from '../../../lib/errors';
import { mealPlansApi } from '../api';
import { firstAction, initialPollState, step, type PollEvent, type PollState } from '../logic/multi-day-poll';

export function usePlanGeneration(taskId: string) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<PollState>(() => initialPollState(Date.now()));
  const [run, setRun] = useState(0);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let s = initialPollState(Date.now());
    let planId: number | null = null;
    setState(s);

    async function readPlan() {
      if (planId === null) {
        const task = await dispatch(mealPlansApi.endpoints.getMealPlanTask.initiate(taskId, { subscribe: false, forceRefetch: true })).unwrap();
        if (typeof task.meal_plan_id !== 'number') throw new Error('This task does not belong to a meal plan');
        planId = task.meal_plan_id;
      }
      return dispatch(mealPlansApi.endpoints.getMealPlan.initiate(planId, { subscribe: false, forceRefetch: true })).unwrap();
    }

    async function tick() {
      let event: PollEvent;
      try {
        event = { type: 'answer', plan: await readPlan(), now: Date.now() };
      } catch (e) {
        event = { type: 'error', status: isApiError(e) ? e.status : undefined, message: errorDetail(e).msg, now: Date.now() };
      }
      if (stopped) return;
      const [next, action] = step(s, event);
      s = next;
      setState(next);
      if (action.type === 'poll') timer = setTimeout(tick, action.delayMs);
    }

    timer = setTimeout(tick, firstAction(s).delayMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [dispatch, taskId, run]);

  const retry = useCallback(() => setRun((n) => n + 1), []);
  return { state, retry };
}
