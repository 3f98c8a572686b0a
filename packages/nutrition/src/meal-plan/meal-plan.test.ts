import { describe, expect, it } from 'vitest';
import { ALLERGENS, CATALOGUE, DIET_TYPES, foodById, normaliseConstraints, planDay, planWeek, planWeekGreedy, type MealPlanRequest, type PlanDay } from './index.js';

const goals = { calories: 2300, protein: 140, carbs: 260, fat: 75, fiber: 30 };
const base: MealPlanRequest = { days: 3, goals, seed: 7, alternatives_enabled: true };
const foodsOf = (d: PlanDay) => Object.values(d.meals).flatMap((s) => s?.foods ?? []);

describe('planWeek', () => {
  it('keeps every day within 5 % of calories and 8 % (or 8 g) of protein, carbs and fat', async () => {
    const { days } = await planWeek({ ...base, days: 5 });
    expect(days).toHaveLength(5);
    for (const d of days) {
      expect(Math.abs(d.summary.deviation_percent.calories)).toBeLessThanOrEqual(5);
      for (const k of ['protein', 'carbs', 'fat'] as const) expect(Math.abs(d.summary.deviation[k])).toBeLessThanOrEqual(Math.max(8, 0.08 * goals[k]));
      expect(d.summary.within_tolerance).toBe(true);
    }
  });

  it('is deterministic for the same seed and differs for another seed', async () => {
    const a = await planWeek(base);
    const b = await planWeek(base);
    const c = await planWeek({ ...base, seed: 8 });
    expect(JSON.stringify(a.days)).toBe(JSON.stringify(b.days));
    expect(JSON.stringify(a.days)).not.toBe(JSON.stringify(c.days));
  });

  it('puts one food of a kind in a meal (no two pastas, two oils or two breads; vegetables may share a group), on a plate of a few foods', async () => {
    const repeats: string[] = [];
    const mainSizes: number[] = [];
    for (const seed of [1, 2, 3]) {
      const { days } = await planWeek({ ...base, days: 7, seed });
      for (const d of days) for (const [meal, slot] of Object.entries(d.meals)) {
        if (meal === 'lunch' || meal === 'dinner') mainSizes.push(slot!.foods.length);
        const kinds = (slot?.foods ?? []).map((f) => foodById(f.food_id)!).filter((f) => f.role !== 'vegetable').map((f) => `${f.role}|${f.group}`);
        const twice = kinds.filter((k, i) => kinds.indexOf(k) !== i);
        if (twice.length) repeats.push(`seed ${seed} day ${d.day_number} ${meal}: ${twice.join(', ')}`);
      }
    }
    expect(repeats).toEqual([]);
    // A lunch or dinner is a plate (protein, starch, vegetable, a fat, maybe one more), not a buffet of 7–10 foods.
    expect(Math.max(...mainSizes)).toBeLessThanOrEqual(7);
    expect(mainSizes.reduce((a, b) => a + b, 0) / mainSizes.length).toBeLessThanOrEqual(5);
  }, 60_000);

  it('makes meal totals equal the sum of their rounded foods', async () => {
    const { days } = await planWeek(base);
    for (const d of days) for (const slot of Object.values(d.meals)) {
      const sum = (k: 'calories' | 'protein' | 'carbs' | 'fat') => Math.round(slot!.foods.reduce((s, f) => s + f[k], 0) * 10) / 10;
      expect(slot!.total_calories).toBe(sum('calories'));
      expect(slot!.total_protein).toBe(sum('protein'));
      expect(slot!.total_carbs).toBe(sum('carbs'));
      expect(slot!.total_fat).toBe(sum('fat'));
    }
  });

  it('gives each food a deterministic id, a household serving, a reason and 2–3 same-role alternatives', async () => {
    const { days } = await planWeek({ ...base, days: 1 });
    const foods = foodsOf(days[0]!);
    expect(foods.map((f) => f.id)).toContain('d1-breakfast-0');
    for (const f of foods) {
      expect(f.serving_size).toBeGreaterThan(0);
      expect(f.serving_unit).toMatch(/\(\d+(\.\d+)? g\)$/);
      expect(f.reasoning.length).toBeGreaterThan(20);
      expect(f.alternatives.length).toBeGreaterThanOrEqual(2);
      expect(f.alternatives.length).toBeLessThanOrEqual(3);
      for (const a of f.alternatives) expect(foodById(a.food_id)!.role).toBe(foodById(f.food_id)!.role);
    }
  });

  it('does not repeat a food within a day, nor the same meal two days running, and varies the week', async () => {
    const { days } = await planWeek({ ...base, days: 7 });
    const all = new Set<string>();
    days.forEach((d, i) => {
      const ids = foodsOf(d).map((f) => f.food_id);
      expect(new Set(ids).size).toBe(ids.length);
      ids.forEach((id) => all.add(id));
      if (i > 0) for (const m of ['breakfast', 'lunch', 'dinner'] as const) {
        const key = (x: PlanDay) => (x.meals[m]?.foods ?? []).map((f) => f.food_id).sort().join();
        expect(key(d)).not.toBe(key(days[i - 1]!));
      }
    });
    expect(all.size).toBeGreaterThanOrEqual(20);
  });

  it('uses favourites', async () => {
    const { days } = await planWeek({ ...base, favorite_food_ids: ['usda-09040', 'usda-05064'] });
    const used = days.flatMap(foodsOf).filter((f) => f.food_id === 'usda-09040' || f.food_id === 'usda-05064');
    expect(used.length).toBeGreaterThan(0);
    expect(used[0]!.reasoning).toMatch(/favourite/);
  });

  it('greedy baseline returns the same shapes', async () => {
    const { days, stats } = await planWeekGreedy(base);
    expect(stats.solver).toBe('greedy');
    expect(days).toHaveLength(3);
    expect(foodsOf(days[0]!).length).toBeGreaterThan(5);
  });
});

describe('hard constraints', () => {
  it.each(DIET_TYPES.map((d) => [d]))('never plans a food outside the %s diet (alternatives included)', async (diet) => {
    const { days } = await planWeek({ ...base, days: 2, diet_types: [diet] });
    for (const f of days.flatMap(foodsOf)) for (const x of [f, ...f.alternatives]) expect(foodById(x.food_id)!.diets).toContain(diet);
  });

  it.each(ALLERGENS.map((a) => [a]))('never plans a food containing %s (alternatives included)', async (allergen) => {
    const { days } = await planWeek({ ...base, days: 2, allergies: [allergen] });
    for (const f of days.flatMap(foodsOf)) for (const x of [f, ...f.alternatives]) expect(foodById(x.food_id)!.allergens).not.toContain(allergen);
  });

  it('understands free-form settings and removes foods named by an unknown allergy', () => {
    const f = normaliseConstraints(['Gluten-Free', 'Vegan'], ['Nuts', 'dairy', 'gluten', 'strawberry']);
    expect(f.diets.sort()).toEqual(['gluten_free', 'vegan']);
    expect(f.allergens.sort()).toEqual(['milk', 'peanuts', 'tree_nuts', 'wheat']);
    expect(f.unknownAllergies).toEqual(['strawberry']);
  });

  it('does not offer excluded foods', async () => {
    const day = await planDay({ ...base, exclude_food_ids: CATALOGUE.filter((f) => f.role === 'fruit').map((f) => f.food_id) });
    expect(foodsOf(day).some((f) => foodById(f.food_id)!.role === 'fruit')).toBe(false);
  });
});

describe('planDay subsets', () => {
  it('regenerates one meal at its share of the day', async () => {
    const day = await planDay({ ...base, meals: ['dinner'] });
    expect(Object.keys(day.meals)).toEqual(['dinner']);
    expect(Math.abs(day.meals.dinner!.total_calories - 800)).toBeLessThan(80);
  });

  it('fills the rest of today after what was already eaten', async () => {
    const eaten = { calories: 700, protein: 40, carbs: 80, fat: 25, fiber: 8 };
    const day = await planDay({ ...base, meals: ['lunch', 'dinner', 'snack'], already_eaten: eaten });
    expect(day.meals.breakfast).toBeUndefined();
    expect(Math.abs(day.summary.totals.calories - goals.calories)).toBeLessThanOrEqual(0.05 * goals.calories);
  });

  it('puts the date on each day', async () => {
    const { days } = await planWeek({ ...base, start_date: '2025-12-31' });
    expect(days.map((d) => d.date)).toEqual(['2025-12-31', '2026-01-01', '2026-01-02']);
  });
});
