/**
 * planDay: one day's MIP, solved by HiGHS (WASM). Days are solved one at a time; the week
 * planner passes usage counts and yesterday's meals forward (see docs/decisions/0101).
 */
import * as highsModule from 'highs';
import { pickCandidates } from './composition.js';
import { sampleComposition, preferenceScore } from './compose.js';
import { buildModel, type Chosen, type Composition, type DayProblem } from './mip-model.js';
import { fitContinuous, integerLocalSearch, objectiveOf } from './portion-fit.js';
import { greedyDay } from './greedy.js';
import { mulberry32, subSeed } from './prng.js';
import { dateFor, prepare, type Prepared } from './request.js';
import { meetsGoals, repairComposition } from './repair.js';
import { daySummary, shapeMeals } from './shape.js';
import type { Macros, MealPlanRequest, MealType, PlanDay } from './types.js';

// highs ships CommonJS typings with `export default`; under NodeNext the default import types as the
// namespace, while at run time the ESM build's default is the loader. Take `.default` explicitly.
// The shape differs between module resolutions (NodeNext here, Bundler in the API), so type it once.
type Loader = (options?: object) => Promise<import('highs').Highs>;
const ns = highsModule as unknown as { default: Loader | { default: Loader } };
const loadHighs: Loader = typeof ns.default === 'function' ? ns.default : ns.default.default;
type Highs = Awaited<ReturnType<Loader>>;
let highsPromise: Promise<Highs> | undefined;
/** The WASM module is loaded once per process; each solve gets a fresh native instance. */
export const getHighs = (): Promise<Highs> => (highsPromise ??= loadHighs());

export interface PlanContext {
  day_number?: number;
  /** Days each food_id was used earlier in this plan. */
  usage?: ReadonlyMap<string, number>;
  /** Yesterday's food_ids per meal: the same meal is not repeated two days running. */
  previous?: Partial<Record<MealType, string[]>>;
  solver?: 'highs' | 'greedy';
  /** Branch-and-bound node limit for HiGHS (deterministic, unlike a time limit). */
  mip_max_nodes?: number;
  /** A retry of a day that missed its goals: a fresh (still seeded) sample and looser variety. */
  attempt?: number;
  maxDaysPerFood?: number;
}

export const MAX_DAYS_PER_FOOD = 3;

export function dayProblem(prep: Prepared, ctx: PlanContext): DayProblem {
  const day = ctx.day_number ?? 1;
  const usage = ctx.usage ?? new Map<string, number>();
  const rand = mulberry32(ctx.attempt ? subSeed(prep.seed, 'day', day, 'retry', ctx.attempt) : subSeed(prep.seed, 'day', day));
  const cctx = { rand, favourites: prep.favourites, usage, maxDaysPerFood: ctx.maxDaysPerFood ?? MAX_DAYS_PER_FOOD };
  return {
    meals: prep.meals.map((meal) => ({ meal, target: prep.targets[meal]!, cands: pickCandidates(prep.pool, meal, cctx), previous: ctx.previous?.[meal] })),
    goals: prep.planGoals, favourites: prep.favourites, usage, rand, keto: prep.filter.diets.includes('keto'),
  };
}

/**
 * Many sampled compositions are ranked by a continuous fit in JS (microseconds each); the best
 * few get an integer local search; HiGHS then solves the best composition's integer program
 * exactly, with a node limit rather than a time limit so the same request gives the same plan.
 */
const SAMPLES = 40;
const REFINE = 4;

export interface Solved { chosen: Chosen[]; solver: 'highs' | 'greedy'; /** The foods were changed by repair.ts. */ repaired?: boolean }

export async function solveDay(p: DayProblem, ctx: PlanContext): Promise<Solved> {
  if (ctx.solver === 'greedy') return { chosen: greedyDay(p), solver: 'greedy' };
  const targets = Object.fromEntries(p.meals.map((m) => [m.meal, m.target]));
  const scored: { comp: Composition; x: number[]; score: number }[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < SAMPLES; i++) {
    const comp = sampleComposition(p, 0.2 + (0.7 * i) / SAMPLES);
    const key = comp.map((x) => `${x.meal}:${x.food.food_id}`).sort().join(',');
    if (!comp.length || seen.has(key)) continue;
    seen.add(key);
    const fit = fitContinuous(comp, targets, p.goals);
    scored.push({ comp, x: fit.x, score: fit.score + preferenceScore(comp, p) });
  }
  if (!scored.length) return { chosen: greedyDay(p), solver: 'greedy' };
  scored.sort((a, b) => a.score - b.score);
  const refined = scored.slice(0, REFINE).map((s) => {
    const ls = integerLocalSearch(s.comp, s.x, targets, p.goals);
    return { comp: s.comp, x: s.x, steps: ls.steps, score: ls.score + preferenceScore(s.comp, p) };
  }).sort((a, b) => a.score - b.score);
  const top = refined[0]!;
  let best = { comp: top.comp, steps: await exactPortions(top.comp, top.steps, targets, p.goals, ctx), repaired: false };
  // No portions of these foods meet the goals: change the foods (repair.ts) and solve again.
  if (!meetsGoals(best.comp, best.steps, p.goals)) {
    const fixed = repairComposition(top.comp, p, targets);
    const ls = integerLocalSearch(fixed.comp, fixed.x, targets, p.goals);
    const steps = await exactPortions(fixed.comp, ls.steps, targets, p.goals, ctx);
    const total = (c: Composition, st: number[]): number => objectiveOf(c, st, targets, p.goals) + preferenceScore(c, p);
    if (total(fixed.comp, steps) < total(best.comp, best.steps)) best = { comp: fixed.comp, steps, repaired: true };
  }
  return { chosen: best.comp.map((x, i) => ({ ...x, steps: best.steps[i]! })).filter((c) => c.steps > 0), solver: 'highs', repaired: best.repaired };
}

/** HiGHS solves the composition's integer program exactly; the local-search point is kept when HiGHS does not beat it. */
async function exactPortions(comp: Composition, start: number[], targets: Record<string, number>, goals: Macros, ctx: PlanContext): Promise<number[]> {
  const highs = await getHighs();
  const res = highs.solve(buildModel(comp, targets, goals, true), {
    // Measured on WASM: root presolve and heuristics dominate this ~12-variable model; the local
    // search already supplies a near-optimal point, so HiGHS only needs a short exact search.
    output_flag: false, presolve: 'off', mip_heuristic_effort: 0.01, mip_rel_gap: 0.05, mip_max_nodes: ctx.mip_max_nodes ?? 50,
  });
  if (res.Status === 'Optimal' || res.Status === 'Node limit reached' as string) {
    const mip = comp.map((_, i) => Math.round((res.Columns[`n${i}`] as { Primal: number } | undefined)?.Primal ?? NaN));
    if (mip.every(Number.isFinite) && objectiveOf(comp, mip, targets, goals) < objectiveOf(comp, start, targets, goals)) return mip;
  }
  return start;
}

export function toPlanDay(prep: Prepared, req: MealPlanRequest, dayNumber: number, chosen: Chosen[]): PlanDay {
  const meals = shapeMeals(chosen, { dayNumber, filter: prep.filter, favourites: prep.favourites, alternatives: req.alternatives_enabled ?? false, targets: prep.targets });
  const date = dateFor(req.start_date, dayNumber);
  return { day_number: dayNumber, ...(date ? { date } : {}), meals, summary: daySummary(meals, prep.summaryGoals, req.already_eaten) };
}

/** Plans one day (or the `meals` subset of it). */
export async function planDay(request: MealPlanRequest, context: PlanContext = {}): Promise<PlanDay> {
  const prep = prepare(request);
  const day = context.day_number ?? 1;
  const { chosen } = await solveDay(dayProblem(prep, context), context);
  return toPlanDay(prep, request, day, chosen);
}
