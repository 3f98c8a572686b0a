/** Multi-day plans: solved day by day, carrying food usage and yesterday's meals forward for variety. */
import { dayProblem, solveDay, toPlanDay, type PlanContext } from './plan-day.js';
import { prepare } from './request.js';
import type { MealPlanRequest, MealType, PlanDay, PlanWeekResult } from './types.js';

async function run(request: MealPlanRequest, solver: 'highs' | 'greedy', onDay?: (d: PlanDay) => void): Promise<PlanWeekResult> {
  const t0 = performance.now();
  const prep = prepare(request);
  const usage = new Map<string, number>();
  let previous: Partial<Record<MealType, string[]>> = {};
  const days: PlanDay[] = [];
  const fallback_days: number[] = [];
  const n = Math.max(1, Math.min(31, Math.floor(request.days || 1)));
  for (let d = 1; d <= n; d++) {
    const ctx: PlanContext = { day_number: d, usage, previous, solver };
    const { chosen, solver: used } = await solveDay(dayProblem(prep, ctx), ctx);
    if (used !== solver) fallback_days.push(d);
    for (const id of new Set(chosen.map((c) => c.food.food_id))) usage.set(id, (usage.get(id) ?? 0) + 1);
    previous = {};
    for (const c of chosen) (previous[c.meal] ??= []).push(c.food.food_id);
    const day = toPlanDay(prep, request, d, chosen);
    days.push(day);
    onDay?.(day);
  }
  return { days, stats: { solver, seconds: (performance.now() - t0) / 1000, fallback_days } };
}

/** MIP planner. `onDay` lets a job report progress (days_completed) as each day is ready. */
export const planWeek = (request: MealPlanRequest, onDay?: (d: PlanDay) => void): Promise<PlanWeekResult> => run(request, 'highs', onDay);
/** Greedy baseline for the benchmark; also what a day falls back to when the MIP finds nothing. */
export const planWeekGreedy = (request: MealPlanRequest): Promise<PlanWeekResult> => run(request, 'greedy');
