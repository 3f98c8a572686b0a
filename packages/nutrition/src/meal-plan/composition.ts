/**
 * How a meal is built from roles, and which foods are offered to the solver for each meal.
 * The solver only sees a seeded sample of candidates per role: that keeps each MIP small (fast)
 * and makes consecutive days different without a week-sized model.
 */
import { shuffled } from './prng.js';
import type { CatalogueFood, MealType, Role } from './types.js';

export interface RoleGroup { roles: Role[]; min: number; max: number }

export const COMPOSITION: Record<MealType, RoleGroup[]> = {
  breakfast: [
    { roles: ['protein', 'dairy'], min: 1, max: 2 },
    { roles: ['starch'], min: 1, max: 1 },
    { roles: ['fruit'], min: 1, max: 1 },
    { roles: ['fat', 'snack', 'drink'], min: 0, max: 2 },
    { roles: ['vegetable'], min: 0, max: 1 },
  ],
  lunch: [
    { roles: ['protein'], min: 1, max: 2 },
    { roles: ['starch'], min: 1, max: 2 },
    { roles: ['vegetable'], min: 1, max: 2 },
    { roles: ['fat'], min: 0, max: 2 },
    { roles: ['dairy'], min: 0, max: 1 },
    { roles: ['drink', 'fruit'], min: 0, max: 1 },
  ],
  dinner: [
    { roles: ['protein'], min: 1, max: 2 },
    { roles: ['starch'], min: 1, max: 2 },
    { roles: ['vegetable'], min: 1, max: 2 },
    { roles: ['fat'], min: 0, max: 2 },
    { roles: ['dairy'], min: 0, max: 1 },
    { roles: ['fruit'], min: 0, max: 1 },
  ],
  snack: [{ roles: ['fruit', 'dairy', 'snack', 'fat', 'vegetable', 'protein', 'drink'], min: 1, max: 3 }],
};

/** Candidates offered per role and meal: enough choice for exact macros, small enough to solve fast. */
const PER_ROLE: Record<MealType, Partial<Record<Role, number>>> = {
  breakfast: { protein: 5, dairy: 4, starch: 5, fruit: 4, fat: 5, snack: 2, drink: 2, vegetable: 2 },
  lunch: { protein: 6, starch: 5, vegetable: 6, fat: 5, dairy: 3, drink: 1, fruit: 2 },
  dinner: { protein: 6, starch: 5, vegetable: 6, fat: 5, dairy: 3, fruit: 2 },
  snack: { fruit: 3, dairy: 3, snack: 3, fat: 3, vegetable: 2, protein: 2, drink: 1 },
};

export interface CandidateContext {
  rand: () => number;
  favourites: Set<string>;
  /** Days each food was used earlier in the plan. */
  usage: ReadonlyMap<string, number>;
  maxDaysPerFood: number;
}

/** Seeded sample per role: favourites first, then less-used foods with random tie-breaking. */
export function pickCandidates(pool: readonly CatalogueFood[], meal: MealType, ctx: CandidateContext): CatalogueFood[] {
  const out: CatalogueFood[] = [];
  for (const [role, n] of Object.entries(PER_ROLE[meal]) as [Role, number][]) {
    const fits = pool.filter((f) => f.role === role && f.meals.includes(meal));
    const fresh = fits.filter((f) => (ctx.usage.get(f.food_id) ?? 0) < ctx.maxDaysPerFood);
    // A tiny pool (e.g. vegan + keto) would otherwise run dry by mid-week: reuse beats an empty meal.
    const source = fresh.length >= Math.min(2, fits.length) ? fresh : fits;
    const keyed = shuffled(source, ctx.rand).map((f) => ({
      f, k: (ctx.favourites.has(f.food_id) ? -10 : 0) + (ctx.usage.get(f.food_id) ?? 0) * 0.7 + ctx.rand(),
    }));
    keyed.sort((a, b) => a.k - b.k);
    out.push(...keyed.slice(0, n).map((x) => x.f));
  }
  return out;
}

/**
 * On keto, fat has to carry ~70 % of calories and every gram of carbs counts: fruit becomes
 * optional and up to three fat foods may join a meal.
 */
const KETO_COMPOSITION: Record<MealType, RoleGroup[]> = Object.fromEntries(Object.entries(COMPOSITION).map(([meal, groups]) => [meal,
  groups.map((g) => (g.roles.length === 1 && g.roles[0] === 'fruit' ? { ...g, min: 0 } : g.roles[0] === 'fat' ? { ...g, min: meal === 'snack' ? 0 : 1, max: 3 } : g)),
])) as Record<MealType, RoleGroup[]>;

/** Group bounds for a meal given its candidates: a role group with no candidates cannot be required. */
export function groupBounds(meal: MealType, cands: readonly CatalogueFood[], keto = false): { group: RoleGroup; members: number[] }[] {
  return (keto ? KETO_COMPOSITION : COMPOSITION)[meal].map((group) => {
    const members = cands.flatMap((f, i) => (group.roles.includes(f.role) ? [i] : []));
    return { group: { ...group, min: Math.min(group.min, members.length) }, members };
  });
}
