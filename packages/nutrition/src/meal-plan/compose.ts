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
  const groups = groupBounds(m.meal, m.cands, keto).map(({ group, members }) => ({
    group, free: members.map((i) => m.cands[i]!).filter((f) => !usedToday.has(f.food_id)), taken: 0,
  }));
  const take = (g: (typeof groups)[number], required: boolean): boolean => {
    // A required food may repeat a kind when nothing else is left; an optional one may not.
    const open = g.free.filter((f) => !kinds.has(kind(f) ?? ''));
    const from = open.length || !required ? open : g.free;
    if (!from.length) return false;
    // Favourites are twice as likely to be drawn; otherwise uniform.
    const weights = from.map((f) => (favourites.has(f.food_id) ? 2 : 1));
    let r = rand() * weights.reduce((a, b) => a + b, 0);
    let j = 0;
    while (r >= weights[j]! && j < from.length - 1) r -= weights[j++]!;
    const f = from[j]!;
    g.free.splice(g.free.indexOf(f), 1);
    g.taken++;
    picked.push(f);
    usedToday.add(f.food_id);
    const kf = kind(f);
    if (kf) kinds.add(kf);
    return true;
  };
  // Every group's minimum first, then optional foods from groups with room, up to the meal's most foods.
  for (const g of groups) for (let k = 0; k < g.group.min; k++) if (!take(g, true)) break;
  const most = (PLATE_SIZE[m.meal] ?? 4) + EXTRA_FOODS_AT_MOST;
  while (picked.length < most && rand() < optionalP) {
    const room = groups.filter((g) => g.taken < g.group.max && g.free.some((f) => !kinds.has(kind(f) ?? '')));
    if (!room.length) break;
    take(room[Math.floor(rand() * room.length)]!, false);
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

/**
 * Foods a meal may have before each further one costs: a dinner of protein, starch, vegetable and a fat is a plate;
 * seven foods read as a buffet. Bigger meals stay possible where the numbers need them (a 3,500 kcal day).
 */
export const PLATE_SIZE: Record<string, number> = { breakfast: 4, lunch: 4, dinner: 4, snack: 2 };
const PER_EXTRA_FOOD = 20;
/** Foods beyond the plate size a sampled meal may have at most. */
const EXTRA_FOODS_AT_MOST = 2;

/** Soft preferences outside the LP: favourites pull, foods used earlier this week push, plates past their size push. */
export function preferenceScore(comp: Composition, p: DayProblem): number {
  const perMeal = new Map<string, number>();
  for (const x of comp) perMeal.set(x.meal, (perMeal.get(x.meal) ?? 0) + 1);
  let size = 0;
  for (const [meal, n] of perMeal) size += Math.max(0, n - (PLATE_SIZE[meal] ?? 4)) * PER_EXTRA_FOOD;
  return size + comp.reduce((s, x) => s + (p.favourites.has(x.food.food_id) ? -3 : 0) + (p.usage.get(x.food.food_id) ?? 0) * 1.5, 0);
}
