/**
 * The portion model in CPLEX LP text for HiGHS, for one day and one fixed composition
 * (which foods are in which meal — chosen in compose.ts).
 *
 *   n_i ∈ [min_i, max_i] integer portion steps of food i (continuous when scoring a composition).
 *   Σ nutrient_k,i·n_i − goal_k = (pin_k + pout_k) − (nin_k + nout_k), the "in" parts capped at a
 *   small band: deviation inside the band is cheap, outside it costs 8× — a piecewise-linear
 *   absolute deviation that pushes every macro into tolerance before polishing any one of them.
 *   Per-meal calories get a lighter absolute-deviation term so the day keeps the requested split.
 *
 * Why not one joint model with a binary per candidate: we measured it. With ~100 candidates the
 * LP relaxation hits every target with fractional picks, the bound never moves, and HiGHS (WASM)
 * was still far from optimal after 5 s per day. Fixing the composition first leaves a ~12-variable
 * integer program that solves in milliseconds.
 */
import { nutrientsFor, stepRange } from './catalogue.js';
import type { CatalogueFood, Macros, MealType } from './types.js';

export interface MealCandidates { meal: MealType; target: number; cands: CatalogueFood[]; previous?: string[] }
export interface DayProblem {
  meals: MealCandidates[];
  goals: Macros;
  favourites: Set<string>;
  usage: ReadonlyMap<string, number>;
  rand: () => number;
  /** Keto reshapes meals (see composition.ts). */
  keto?: boolean;
}
export interface Chosen { meal: MealType; food: CatalogueFood; steps: number }
export type Composition = { meal: MealType; food: CatalogueFood }[];

const KEYS = ['calories', 'protein', 'carbs', 'fat', 'fiber'] as const;
/** Weight per 1 % deviation. Calories matter most; fiber is a nice-to-have. */
export const WEIGHT: Macros = { calories: 10, protein: 5, carbs: 4, fat: 4, fiber: 0.5 };
export const OUT_FACTOR = 8;
export const MEAL_WEIGHT = 0.4;

/** Half-width of the cheap band: tight for calories, "4 % or 4 g" for macros. */
export function band(k: keyof Macros, goal: number): number {
  return k === 'calories' ? 0.015 * goal : Math.max(0.04 * goal, 4);
}

const c = (x: number): string => (Math.round(x * 1e4) / 1e4).toString();
function sum(terms: [number, string][]): string {
  const parts = terms.filter(([a]) => a !== 0).map(([a, v], i) => `${a < 0 ? '-' : i === 0 ? '' : '+'} ${c(Math.abs(a))} ${v}`);
  return parts.length ? parts.join(' ') : '0 zero';
}

export function buildModel(comp: Composition, targets: Partial<Record<MealType, number>>, goals: Macros, integer: boolean): string {
  const obj: [number, string][] = [];
  const rows: string[] = [];
  const bounds: string[] = [' zero = 0'];
  comp.forEach((x, i) => {
    const { min, max } = stepRange(x.food);
    bounds.push(` ${min} <= n${i} <= ${max}`);
  });
  for (const [meal, target] of Object.entries(targets) as [MealType, number][]) {
    const cal = comp.flatMap((x, i) => (x.meal === meal ? [[nutrientsFor(x.food, 1).calories, `n${i}`] as [number, string]] : []));
    if (!cal.length) continue;
    rows.push(`m_${meal}: ${sum(cal)} - mp_${meal} + mn_${meal} = ${c(target)}`);
    const w = (MEAL_WEIGHT * 100) / Math.max(target, 50);
    obj.push([w, `mp_${meal}`], [w, `mn_${meal}`]);
  }
  for (const k of KEYS) {
    const goal = goals[k];
    if (!(goal > 0)) continue;
    const terms = comp.map((x, i) => [nutrientsFor(x.food, 1)[k], `n${i}`] as [number, string]);
    rows.push(`d_${k}: ${sum(terms)} - pin_${k} - pout_${k} + nin_${k} + nout_${k} = ${c(goal)}`);
    const b = band(k, goal);
    bounds.push(` 0 <= pin_${k} <= ${c(b)}`, ` 0 <= nin_${k} <= ${c(b)}`);
    const w = (WEIGHT[k] * 100) / goal;
    obj.push([w, `pin_${k}`], [w, `nin_${k}`], [w * OUT_FACTOR, `pout_${k}`], [w * OUT_FACTOR, `nout_${k}`]);
  }
  return [
    'Minimize', ` obj: ${sum(obj)}`, 'Subject To', ...rows.map((r) => ` ${r}`), 'Bounds', ...bounds,
    ...(integer && comp.length ? ['Generals', ` ${comp.map((_, i) => `n${i}`).join(' ')}`] : []), 'End',
  ].join('\n');
}
