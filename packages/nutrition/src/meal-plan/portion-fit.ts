/**
 * Fast JS side of the portion model: the same objective as the HiGHS LP (mip-model.ts), a
 * continuous fit by coordinate descent to rank many sampled compositions in microseconds, and an
 * integer local search that gives HiGHS's branch-and-bound a good incumbent to beat.
 */
import { nutrientsFor, stepRange } from './catalogue.js';
import { band, MEAL_WEIGHT, OUT_FACTOR, WEIGHT, type Composition } from './mip-model.js';
import type { Macros, MealType } from './types.js';

const KEYS = ['calories', 'protein', 'carbs', 'fat', 'fiber'] as const;

interface Rows { coef: number[][]; goal: number[]; w: number[]; bandW: number[] }

/** One row per day macro and per meal calorie target: coefficient per food step, goal, weight. */
function rows(comp: Composition, targets: Partial<Record<MealType, number>>, goals: Macros): Rows {
  const per = comp.map((x) => nutrientsFor(x.food, 1));
  const r: Rows = { coef: [], goal: [], w: [], bandW: [] };
  for (const k of KEYS) {
    if (!(goals[k] > 0)) continue;
    r.coef.push(per.map((n) => n[k])); r.goal.push(goals[k]); r.w.push((WEIGHT[k] * 100) / goals[k]); r.bandW.push(band(k, goals[k]));
  }
  for (const [meal, t] of Object.entries(targets) as [MealType, number][]) {
    r.coef.push(per.map((n, i) => (comp[i]!.meal === meal ? n.calories : 0))); r.goal.push(t);
    r.w.push((MEAL_WEIGHT * 100) / Math.max(t, 50)); r.bandW.push(Infinity);
  }
  return r;
}

function cost(r: Rows, x: number[]): number {
  let s = 0;
  for (let j = 0; j < r.goal.length; j++) {
    const a = Math.abs(r.coef[j]!.reduce((acc, c, i) => acc + c * x[i]!, 0) - r.goal[j]!);
    const inside = Math.min(a, r.bandW[j]!);
    s += r.w[j]! * (inside + OUT_FACTOR * (a - inside));
  }
  return s;
}

/** Same value HiGHS minimises, for given integer steps. */
export const objectiveOf = (comp: Composition, steps: number[], targets: Partial<Record<MealType, number>>, goals: Macros): number =>
  cost(rows(comp, targets, goals), steps);

/**
 * Bounded weighted least squares by coordinate descent: a cheap, smooth proxy for the LP.
 * `start` warm-starts from known portions (NaN = mid-range), so a neighbour of a fitted
 * composition converges in a few sweeps.
 */
export function fitContinuous(comp: Composition, targets: Partial<Record<MealType, number>>, goals: Macros, start?: readonly number[], sweeps = 40): { x: number[]; score: number } {
  const r = rows(comp, targets, goals);
  const bounds = comp.map((c) => stepRange(c.food));
  const x = bounds.map((b, i) => {
    const s = start?.[i];
    return s !== undefined && Number.isFinite(s) ? Math.min(b.max, Math.max(b.min, s)) : (b.min + b.max) / 2;
  });
  const resid = r.goal.map((g, j) => r.coef[j]!.reduce((a, c, i) => a + c * x[i]!, 0) - g);
  for (let sweep = 0; sweep < sweeps; sweep++) {
    for (let i = 0; i < x.length; i++) {
      let num = 0, den = 0;
      for (let j = 0; j < resid.length; j++) {
        const a = r.coef[j]![i]!, w2 = r.w[j]! * r.w[j]!;
        num += w2 * a * (resid[j]! - a * x[i]!); den += w2 * a * a;
      }
      if (den === 0) continue;
      const nx = Math.min(bounds[i]!.max, Math.max(bounds[i]!.min, -num / den));
      for (let j = 0; j < resid.length; j++) resid[j]! += r.coef[j]![i]! * (nx - x[i]!);
      x[i] = nx;
    }
  }
  return { x, score: cost(r, x) };
}

/** Round, then take ±1 step moves while the true objective improves. */
export function integerLocalSearch(comp: Composition, x: number[], targets: Partial<Record<MealType, number>>, goals: Macros): { steps: number[]; score: number } {
  const r = rows(comp, targets, goals);
  const bounds = comp.map((c) => stepRange(c.food));
  const steps = x.map((v, i) => Math.min(bounds[i]!.max, Math.max(bounds[i]!.min, Math.round(v))));
  let best = cost(r, steps);
  for (let iter = 0; iter < 300; iter++) {
    let move: [number, number] | undefined;
    for (let i = 0; i < steps.length; i++) {
      for (const d of [-1, 1]) {
        const v = steps[i]! + d;
        if (v < bounds[i]!.min || v > bounds[i]!.max) continue;
        steps[i] = v;
        const s = cost(r, steps);
        steps[i] = v - d;
        if (s < best - 1e-9) { best = s; move = [i, d]; }
      }
    }
    if (!move) break;
    steps[move[0]]! += move[1];
  }
  return { steps, score: best };
}
