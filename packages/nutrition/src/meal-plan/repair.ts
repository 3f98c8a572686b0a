/**
 * Composition repair: the sampled compositions are random, and on strict goals the best of them
 * can be unable to meet a macro at any portions — a keto day whose required vegetables, nuts and
 * cheeses already carry 30 g carbs at their smallest portions, a 215 g fat day with one oil, or a
 * vegetarian 150 g protein day built on starches. Portions cannot fix that; the foods must change.
 *
 * When the solved day is out of tolerance, this local search edits the composition one food at a
 * time — swap a food for another candidate of its role group, add an optional food, or drop one —
 * and keeps the edit that lowers the continuous portion fit (the LP objective) plus the
 * preference score the most, until the fitted portions meet every macro or no edit helps.
 * Every edit keeps the role-group bounds, one meal per food per day and "not yesterday's meal",
 * so a repaired day is as valid as a sampled one. It is deterministic: moves are tried in a
 * fixed order and ties keep the first.
 */
import { preferenceScore } from './compose.js';
import { groupBounds } from './composition.js';
import { nutrientsFor } from './catalogue.js';
import type { Composition, DayProblem } from './mip-model.js';
import { fitContinuous } from './portion-fit.js';
import { tolerance } from './shape.js';
import type { CatalogueFood, Macros, MealType } from './types.js';

export interface Fitted { comp: Composition; x: number[]; score: number }

/** A neighbour and its warm start (NaN for a new food: the fit starts it mid-range). */
interface Move { comp: Composition; x: number[] }

const replaceAt = <T>(xs: readonly T[], i: number, v: T): T[] => xs.map((y, j) => (j === i ? v : y));

function* moves(cur: Fitted, p: DayProblem): Generator<Move> {
  const { comp, x } = cur;
  const used = new Set(comp.map((c) => c.food.food_id));
  for (const m of p.meals) {
    const mine = comp.flatMap((c, i) => (c.meal === m.meal ? [i] : []));
    const after = mine.length ? mine[mine.length - 1]! + 1 : comp.length;
    for (const { group, members } of groupBounds(m.meal, m.cands, p.keto)) {
      const inGroup = mine.filter((i) => group.roles.includes(comp[i]!.food.role));
      const free: CatalogueFood[] = members.map((j) => m.cands[j]!).filter((f) => !used.has(f.food_id));
      for (const i of inGroup) for (const food of free) yield { comp: replaceAt(comp, i, { meal: m.meal, food }), x: replaceAt(x, i, NaN) };
      if (inGroup.length < group.max) {
        for (const food of free) yield { comp: [...comp.slice(0, after), { meal: m.meal, food }, ...comp.slice(after)], x: [...x.slice(0, after), NaN, ...x.slice(after)] };
      }
      if (inGroup.length > group.min) for (const i of inGroup) yield { comp: comp.filter((_, j) => j !== i), x: x.filter((_, j) => j !== i) };
    }
  }
}

/** Yesterday's exact meal stays forbidden after an edit. */
function repeatsYesterday(comp: Composition, p: DayProblem, meal: MealType): boolean {
  const prev = p.meals.find((m) => m.meal === meal)?.previous;
  if (!prev?.length) return false;
  const ids = comp.filter((c) => c.meal === meal).map((c) => c.food.food_id);
  return ids.length === prev.length && ids.every((id) => prev.includes(id));
}

const ROUNDS = 8;
/** Coordinate-descent sweeps per neighbour: warm-started, a few sweeps rank neighbours well enough. */
const QUICK_SWEEPS = 3;

/**
 * Whether these portions (whole steps or fitted) put calories, protein, carbs and fat within
 * `margin` × the day's tolerance (shape.ts) of the goals.
 */
export function meetsGoals(comp: Composition, portions: readonly number[], goals: Macros, margin = 1): boolean {
  const totals = { calories: 0, protein: 0, carbs: 0, fat: 0 };
  comp.forEach((c, i) => {
    const n = nutrientsFor(c.food, portions[i]!);
    for (const k of MACROS) totals[k] += n[k];
  });
  return MACROS.every((k) => !(goals[k] > 0) || Math.abs(totals[k] - goals[k]) <= margin * tolerance(k, goals[k]));
}
const MACROS = ['calories', 'protein', 'carbs', 'fat'] as const;
/**
 * The search stops once the fitted portions meet the goals with this much of the tolerance used,
 * leaving room for rounding to whole steps; further edits would only trade foods for preference
 * points. (The fit is least squares, so it rarely reaches the LP's cheap band even when the
 * integer LP does: the band is too strict a stop.)
 */
const MARGIN = 0.75;

export function repairComposition(start: Composition, p: DayProblem, targets: Partial<Record<MealType, number>>): Fitted {
  const fit = fitContinuous(start, targets, p.goals);
  let cur: Fitted = { comp: start, x: fit.x, score: fit.score + preferenceScore(start, p) };
  for (let round = 0; round < ROUNDS && !meetsGoals(cur.comp, cur.x, p.goals, MARGIN); round++) {
    let best: Fitted | undefined;
    for (const mv of moves(cur, p)) {
      if (p.meals.some((m) => repeatsYesterday(mv.comp, p, m.meal))) continue;
      const f = fitContinuous(mv.comp, targets, p.goals, mv.x, QUICK_SWEEPS);
      const score = f.score + preferenceScore(mv.comp, p);
      if (score < (best?.score ?? cur.score) - 1e-6) best = { comp: mv.comp, x: f.x, score };
    }
    if (!best) break;
    const full = fitContinuous(best.comp, targets, p.goals, best.x);
    cur = { comp: best.comp, x: full.x, score: full.score + preferenceScore(best.comp, p) };
  }
  return cur;
}
