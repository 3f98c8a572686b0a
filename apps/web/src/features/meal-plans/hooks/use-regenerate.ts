/**
 * Regenerate one day (or one meal) of a plan: start the task, follow it until it ends, then reload
 * the plan. The task runs on the server; leaving the page only stops the following.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { MULTI_DAY_POLL } from '@app/contracts/constants';
import { useAppDispatch } from '../../../lib/hooks';
import { notify } from '../../../components/feedback/notify';
import { errorText } from '../../../lib/errors';
import { mealPlansApi, useRegeneratePlanPartMutation } from '../api';
import { MEAL_LABELS } from '../components/format';
import type { MealType } from '../types';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface RegenerationTarget {
  day_number: number;
  meal_type?: MealType;
}

export function useRegenerate(planId: number) {
  const dispatch = useAppDispatch();
  const [start] = useRegeneratePlanPartMutation();
  const [busy, setBusy] = useState<RegenerationTarget | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const regenerate = useCallback(
    async (target: RegenerationTarget) => {
      const what = target.meal_type ? `${MEAL_LABELS[target.meal_type]} of day ${target.day_number}` : `Day ${target.day_number}`;
      setBusy(target);
      try {
        const task = await start({ id: planId, ...target }).unwrap();
        let errors = 0;
        for (let i = 0; i < MULTI_DAY_POLL.maxAttempts && alive.current; i++) {
          await sleep(MULTI_DAY_POLL.initialDelayMs);
          try {
            const t = await dispatch(mealPlansApi.endpoints.getPlanPartTask.initiate({ id: planId, taskId: task.id }, { subscribe: false, forceRefetch: true })).unwrap();
            errors = 0;
            if (t.status === 'completed') {
              notify.success(`${what} regenerated`);
              return;
            }
            if (t.status === 'failed' || t.status === 'cancelled') throw new Error(t.error_message || 'Meal plan generation failed');
          } catch (e) {
            if (e instanceof Error) throw e;
            if (++errors >= MULTI_DAY_POLL.maxConsecutiveErrors) throw e;
          }
        }
        if (alive.current) notify.warning(`${what} is still being regenerated — check back in a moment.`);
      } catch (e) {
        notify.error(e instanceof Error ? e.message : errorText(e, 'Meal plan generation failed'));
      } finally {
        dispatch(mealPlansApi.util.invalidateTags([{ type: 'MealPlan', id: planId }]));
        if (alive.current) setBusy(null);
      }
    },
    [dispatch, planId, start],
  );

  return { regenerate, busy };
}
