import { describe, expect, it } from 'vitest';
import { cuisineDishes, matchChain, normaliseName } from './restaurant-menus.js';
import { MEAL_CALORIE_CAP, rankMenuItems } from './restaurant-ranking.js';

const item = (name: string, calories: number, protein: number, carbs: number, fat: number) => ({ name, calories, protein, carbs, fat });

describe('chain names', () => {
  it("recognises McDonald's however it is written, and other chains in longer names or brands", () => {
    for (const n of ["McDonald's", 'Mcdonalds', 'MC DONALD’S', 'mcdonald s', "McDonald's Alexanderplatz"]) expect(matchChain(n)?.chain, n).toBe("McDonald's");
    expect(matchChain('Burger-King #1234')?.chain).toBe('Burger King');
    expect(matchChain('Kentucky Fried Chicken')?.chain).toBe('KFC');
    expect(matchChain('Zur goldenen Gans', 'KFC')?.chain).toBe('KFC');
    expect(matchChain('Trattoria da Mario')).toBeNull();
    expect(matchChain('', null, undefined)).toBeNull();
    expect(normaliseName('Café Crème')).toBe('cafecreme');
  });
});

describe('cuisine dishes', () => {
  it('maps OSM cuisines to dish patterns, falls back on the place type, and knows when it knows nothing', () => {
    expect(cuisineDishes(['pizza']).prefixes).toContain('Pizza, ');
    const mixed = cuisineDishes(['Italian', 'vietnamese']);
    expect(mixed.cuisines).toEqual(['italian']);
    expect(mixed.prefixes).toContain('Lasagna');
    expect(cuisineDishes(['tex-mex']).prefixes).toContain('Fast foods, burrito');
    expect(cuisineDishes([], 'cafe').prefixes).toContain('Fast foods, croissant');
    expect(cuisineDishes(['vietnamese'], 'restaurant').prefixes).toEqual([]);
  });
});

describe('ranking menu items against what is left of the day', () => {
  const left = { calories: 700, protein: 45, carbs: 80, fat: 25 };

  it('puts items that fit first, with the protein-rich one on top, and says why', () => {
    const ranked = rankMenuItems([item('Double burger', 980, 50, 60, 55), item('Grilled chicken salad', 420, 38, 20, 14), item('Fries', 480, 6, 60, 24), item('Fish sandwich', 550, 22, 55, 24)], left);
    expect(ranked.map((r) => r.item.name)).toEqual(['Grilled chicken salad', 'Fish sandwich', 'Fries', 'Double burger']);
    expect(ranked.slice(0, 3).every((r) => r.fits)).toBe(true);
    expect(ranked[0]!.reason).toBe('Fits your remaining 700 kcal and brings 38 g of the 45 g protein you still need');
    expect(ranked[2]!.reason).toMatch(/light on protein \(6 g of the 45 g/);
    expect(ranked[3]).toMatchObject({ fits: false, reason: '280 kcal more than the 700 kcal you have left today' });
    expect(ranked[0]!.score).toBeGreaterThan(ranked[3]!.score);
  });

  it('writes thousands the way the screens do', () => {
    const [r] = rankMenuItems([item('Grilled chicken salad', 420, 38, 20, 14)], { calories: 1500, protein: 120, carbs: 200, fat: 60 });
    expect(r!.reason).toMatch(/^Fits your remaining 1,500 kcal/);
    const [big] = rankMenuItems([item('Family platter', 2650, 120, 200, 140)], { calories: 1500, protein: 120, carbs: 400, fat: 200 });
    expect(big!.reason).toBe('1,150 kcal more than the 1,500 kcal you have left today');
  });

  it('does not call an item that blows the fat budget a fit, even within calories', () => {
    const [r] = rankMenuItems([item('Cheesy fries', 650, 10, 50, 45)], left);
    expect(r).toMatchObject({ fits: false, reason: 'Fits your calories, but has 20 g more fat than you have left' });
  });

  it('prefers a meal of sensible size to a side when much is left', () => {
    const ranked = rankMenuItems([item('Side salad', 20, 1, 4, 0), item('Chicken burrito', 650, 35, 70, 22)], { calories: 1800, protein: 90, carbs: 220, fat: 60 });
    expect(ranked[0]!.item.name).toBe('Chicken burrito');
    expect(MEAL_CALORIE_CAP).toBeLessThan(1800);
  });

  it('when the day is used up, nothing fits and the lightest items come first', () => {
    const ranked = rankMenuItems([item('Big', 900, 40, 80, 40), item('Small', 150, 5, 20, 5)], { calories: -120, protein: 0, carbs: 0, fat: 0 });
    expect(ranked.map((r) => r.item.name)).toEqual(['Small', 'Big']);
    expect(ranked.every((r) => !r.fits)).toBe(true);
    expect(ranked[0]!.reason).toMatch(/reached today's calories; at 150 kcal/);
  });

  it('keeps at most `limit` items', () => {
    const many = Array.from({ length: 30 }, (_, i) => item(`Item ${i}`, 100 + i * 10, 10, 10, 5));
    expect(rankMenuItems(many, left, 10)).toHaveLength(10);
  });
});
