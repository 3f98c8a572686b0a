/**
 * Greedy baseline (and the fallback when a MIP finds nothing in time): for each meal take the
 * first candidate of every required role group at its smallest portion, then keep adding the
 * single portion step that brings the meal's calories closest to its target.
 */
import { nutrientsFor, stepRange } from './catalogue.js';
import { groupBounds } from './composition.js';
import type { Chosen, DayProblem } from './mip-model.js';

export function greedyDay(p: DayProblem): Chosen[] {
  const out: Chosen[] = [];
  const usedToday = new Set<string>();
  for (const m of p.meals) {
    const picked: Chosen[] = [];
    for (const { group, members } of groupBounds(m.meal, m.cands, p.keto)) {
      const free = members.map((i) => m.cands[i]!).filter((f) => !usedToday.has(f.food_id));
      for (const f of free.slice(0, group.min)) {
        picked.push({ meal: m.meal, food: f, steps: stepRange(f).min });
        usedToday.add(f.food_id);
      }
    }
    const cal = (): number => picked.reduce((s, c) => s + nutrientsFor(c.food, c.steps).calories, 0);
    for (;;) {
      const gap = Math.abs(m.target - cal());
      let best: { c: Chosen; gap: number } | undefined;
      for (const c of picked) {
        if (c.steps >= stepRange(c.food).max) continue;
        const g = Math.abs(m.target - cal() - nutrientsFor(c.food, 1).calories);
        if (g < gap && (!best || g < best.gap)) best = { c, gap: g };
      }
      if (!best) break;
      best.c.steps += 1;
    }
    out.push(...picked);
  }
  return out;
}
