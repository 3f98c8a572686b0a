/**
 * The plan view's recovery (spec §4, §9): a completed plan opened with days missing or empty is refetched
 * up to 5 times, waiting min(attempt × 1500, 5000) ms before each, and only then shown with placeholder
 * days. A plan that arrives from the progress page has been through this already (`alreadyRecovered`).
 */
import { useEffect, useRef, useState } from 'react';
import { RECOVERY_REFETCH } from '@app/contracts/constants';
import { recoveryGaps } from '../logic/multi-day-poll';
import type { MealPlan } from '../types';

export interface PlanRecovery {
  /** Refetching: placeholders are held back. */
  recovering: boolean;
  /** Refetches sent so far (0..5). */
  attempts: number;
}

export function usePlanRecovery(plan: MealPlan | undefined, refetch: () => unknown, alreadyRecovered: boolean): PlanRecovery {
  const [attempts, setAttempts] = useState(0);
  const needs = !alreadyRecovered && !!plan && plan.status === 'completed' && recoveryGaps(plan).length > 0;
  const recovering = needs && attempts < RECOVERY_REFETCH.attempts;
  // The latest refetch, without restarting the wait when the caller passes a new function.
  const refetchRef = useRef(refetch);
  refetchRef.current = refetch;

  useEffect(() => {
    if (!recovering) return;
    let stopped = false;
    const timer = setTimeout(async () => {
      try {
        await refetchRef.current();
      } catch {
        // a failed refetch counts as an attempt: the view keeps the answer it has
      }
      if (!stopped) setAttempts((a) => a + 1);
    }, RECOVERY_REFETCH.backoffMs(attempts + 1));
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [recovering, attempts]);

  return { recovering, attempts };
}
