/** Multi-day plans: solved day by day, carrying food usage and yesterday's meals forward for variety. */
import { MAX_DAYS_PER_FOOD, dayProblem, solveDay, toPlanDay, type PlanContext } from './plan-day.js';
import { prepare } from './request.js';
import type { MealPlanRequest, MealType, PlanDay, PlanWeekResult } from './types.js';

async function run(request: MealPlanRequest, solver: 'highs' | 'greedy', onDay?: (d: PlanDay) => void): Promise<PlanWeekResult> {
  const t0 = performance.now();
  const prep = prepare(request);
  const usage = new Map<string, number>();
  let previous: Partial<Record<MealType, string[]>> = {};
  const days: PlanDay[] = [];
  const fallback_days: number[] = [];
  const retried_days: number[] = [];
  const repaired_days: number[] = [];
  const n = Math.max(1, Math.min(31, Math.floor(request.days || 1)));
  for (let d = 1; d <= n; d++) {
    const ctx: PlanContext = { day_number: d, usage, previous, solver };
    let { chosen, solver: used, repaired } = await solveDay(dayProblem(prep, ctx), ctx);
    let day = toPlanDay(prep, request, d, chosen);
    // Late in a week the variety limits shrink the choice; a day that misses its goals is tried
    // again with a fresh seeded sample and looser limits, and the closer of the plans is kept.
    for (let attempt = 1; solver === 'highs' && attempt <= RETRIES && !day.summary.within_tolerance; attempt++) {
      if (attempt === 1) retried_days.push(d);
      const retry: PlanContext = { ...ctx, attempt, maxDaysPerFood: MAX_DAYS_PER_FOOD + attempt, previous: attempt > 1 ? {} : previous };
      const r = await solveDay(dayProblem(prep, retry), retry);
      const other = toPlanDay(prep, request, d, r.chosen);
      if (missBy(other) < missBy(day)) ({ chosen, solver: used, day, repaired } = { chosen: r.chosen, solver: r.solver, day: other, repaired: r.repaired });
    }
    if (used !== solver) fallback_days.push(d);
    if (repaired) repaired_days.push(d);
    for (const id of new Set(chosen.map((c) => c.food.food_id))) usage.set(id, (usage.get(id) ?? 0) + 1);
    previous = {};
    for (const c of chosen) (previous[c.meal] ??= []).push(c.food.food_id);
    days.push(day);
    onDay?.(day);
  }
  return { days, stats: { solver, seconds: (performance.now() - t0) / 1000, fallback_days, retried_days, repaired_days } };
}

const RETRIES = 3;

/** How far a day is from its goals: calories weigh most, then the three macros. */
function missBy(day: PlanDay): number {
  const p = day.summary.deviation_percent;
  return 3 * Math.abs(p.calories) + Math.abs(p.protein) + Math.abs(p.carbs) + Math.abs(p.fat);
}

/** MIP planner. `onDay` lets a job report progress (days_completed) as each day is ready. */
export const planWeek = (request: MealPlanRequest, onDay?: (d: PlanDay) => void): Promise<PlanWeekResult> => run(request, 'highs', onDay);
/** Greedy baseline for the benchmark; also what a day falls back to when the MIP finds nothing. */
export const planWeekGreedy = (request: MealPlanRequest): Promise<PlanWeekResult> => run(request, 'greedy');
