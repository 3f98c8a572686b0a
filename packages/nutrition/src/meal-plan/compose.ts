/**
 * Compositions: which foods go in which meal. Sampled with the seeded PRNG from each meal's
 * candidates, respecting the role groups, one meal per food per day, and never yesterday's exact
 * meal. The planner scores many samples with the LP relaxation and solves the best as a MIP.
 */
import { groupBounds } from './composition.js';
import type { Composition, DayProblem, MealCandidates } from './mip-model.js';
import type { CatalogueFood } from './types.js';


/**
 * One food of a kind per meal: a second protein, starch, fat or sweet must come from another USDA group than
 * the first (tofu with salmon, rice with bread: yes; spaghetti with corn pasta, olive oil with avocado oil: no).
 * Vegetables may share a group (broccoli with carrots).
 */
const kind = (f: CatalogueFood): string | null => (f.role === 'vegetable' ? null : `${f.role}|${f.group}`);

function sampleMeal(m: MealCandidates, rand: () => number, usedToday: Set<string>, favourites: Set<string>, keto: boolean, optionalP: number): CatalogueFood[] {
  const picked: CatalogueFood[] = [];
  const kinds = new Set<string>();
  for (const { group, members } of groupBounds(m.meal, m.cands, keto)) {
    const free = members.map((i) => m.cands[i]!).filter((f) => !usedToday.has(f.food_id));
    let want = group.min;
    while (want < group.max && rand() < optionalP) want++;
    for (let k = 0; k < want; k++) {
      // A required food may repeat a kind when nothing else is left; an optional one may not.
      const open = free.filter((f) => !kinds.has(kind(f) ?? ''));
      const from = open.length || k >= group.min ? open : free;
      if (!from.length) break;
      // Favourites are twice as likely to be drawn; otherwise uniform.
      const weights = from.map((f) => (favourites.has(f.food_id) ? 2 : 1));
      let r = rand() * weights.reduce((a, b) => a + b, 0);
      let j = 0;
      while (r >= weights[j]! && j < from.length - 1) r -= weights[j++]!;
      const f = from[j]!;
      free.splice(free.indexOf(f), 1);
      picked.push(f);
      usedToday.add(f.food_id);
      const kf = kind(f);
      if (kf) kinds.add(kf);
    }
  }
  return picked;
}

/**
 * `optionalP` is the chance of adding an optional food beyond a group's minimum. Callers sweep it
 * from lean to full so a 1,400 kcal day and a 3,500 kcal keto day both find compositions that fit.
 */
export function sampleComposition(p: DayProblem, optionalP = 0.55): Composition {
  const usedToday = new Set<string>();
  const comp: Composition = [];
  for (const m of p.meals) {
    let foods = sampleMeal(m, p.rand, usedToday, p.favourites, p.keto ?? false, optionalP);
    const same = (fs: CatalogueFood[]): boolean => !!m.previous?.length && fs.length === m.previous.length && fs.every((f) => m.previous!.includes(f.food_id));
    for (let tries = 0; same(foods) && tries < 5; tries++) {
      foods.forEach((f) => usedToday.delete(f.food_id));
      foods = sampleMeal(m, p.rand, usedToday, p.favourites, p.keto ?? false, optionalP);
    }
    comp.push(...foods.map((food) => ({ meal: m.meal, food })));
  }
  return comp;
}

/** Soft preferences outside the LP: favourites pull, foods used earlier this week push. */
export function preferenceScore(comp: Composition, p: DayProblem): number {
  return comp.reduce((s, x) => s + (p.favourites.has(x.food.food_id) ? -3 : 0) + (p.usage.get(x.food.food_id) ?? 0) * 1.5, 0);
}
