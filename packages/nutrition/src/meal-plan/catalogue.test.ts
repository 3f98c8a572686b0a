import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue.js';

const byName = (n: string) => CATALOGUE.find((f) => f.name === n)!;

describe('meal catalogue', () => {
  it('has 250–450 foods with usda ids and realistic portions', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(250);
    expect(CATALOGUE.length).toBeLessThanOrEqual(450);
    for (const f of CATALOGUE) {
      expect(f.food_id).toBe(`usda-${f.ndb}`);
      expect(f.ndb).toMatch(/^\d{5}$/);
      expect(f.portion.min).toBeGreaterThan(0);
      expect(f.portion.max).toBeGreaterThanOrEqual(f.portion.min);
      expect(Number.isInteger(Math.round(f.portion.min / f.portion.step * 1e6) / 1e6)).toBe(true);
      expect(f.meals.length).toBeGreaterThan(0);
    }
  });

  it('tags the allergens a label would show', () => {
    expect(byName('White bread').allergens).toContain('wheat');
    expect(byName('Tofu, firm').allergens).toContain('soy');
    expect(byName('Mayonnaise').allergens).toContain('eggs');
    expect(byName('Hummus').allergens).toContain('sesame');
    expect(byName('Peanut butter, smooth').allergens).toContain('peanuts');
    expect(byName('Almond butter').allergens).toContain('tree_nuts');
    expect(byName('Shrimp, steamed').allergens).toContain('shellfish');
    expect(byName('Cod, baked').allergens).toContain('fish');
    expect(byName('Egg noodles, cooked').allergens).toEqual(expect.arrayContaining(['eggs', 'wheat']));
    expect(byName('Eggplant, cooked').allergens).not.toContain('eggs');
    expect(byName('Saltine crackers').allergens).not.toContain('shellfish');
  });

  it('keeps diet tags consistent with allergens and food groups', () => {
    for (const f of CATALOGUE) {
      if (f.allergens.includes('milk')) expect(f.diets).not.toContain('dairy_free');
      if (f.allergens.includes('milk') || f.allergens.includes('eggs')) expect(f.diets).not.toContain('vegan');
      if (f.allergens.includes('wheat')) expect(f.diets).not.toContain('gluten_free');
      if (f.allergens.includes('fish') || f.allergens.includes('shellfish')) expect(f.diets).not.toContain('vegetarian');
      if (/Poultry|Beef|Pork|Lamb|Sausages/.test(f.group)) expect(f.diets).not.toContain('pescatarian');
      if (f.role === 'starch') expect(f.diets).not.toContain('keto');
    }
    expect(byName('Honey').diets).not.toContain('vegan');
    expect(byName('Oatmeal, cooked').diets).not.toContain('gluten_free');
    expect(byName('Pearl barley, cooked').diets).not.toContain('gluten_free');
  });
});
