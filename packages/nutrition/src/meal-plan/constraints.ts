/**
 * Diets and allergies are hard constraints: a food that is not tagged compatible is never a
 * candidate. User settings are free-form strings, so they are normalised here; an allergy we do
 * not recognise is not ignored — foods whose names mention it are removed instead.
 */
import { CATALOGUE } from './catalogue.js';
import { ALLERGENS, DIET_TYPES, type Allergen, type CatalogueFood, type DietType } from './types.js';

const key = (s: string): string => s.trim().toLowerCase().replace(/[\s-]+/g, '_');

const DIET_SYNONYMS: Record<string, DietType[]> = {
  vegetarian: ['vegetarian'], lacto_ovo_vegetarian: ['vegetarian'], vegan: ['vegan'], plant_based: ['vegan'],
  pescatarian: ['pescatarian'], pescetarian: ['pescatarian'], keto: ['keto'], ketogenic: ['keto'],
  low_carb: ['low_carb'], lowcarb: ['low_carb'], paleo: ['paleo'], mediterranean: ['mediterranean'],
  gluten_free: ['gluten_free'], celiac: ['gluten_free'], coeliac: ['gluten_free'], dairy_free: ['dairy_free'],
  lactose_free: ['dairy_free'], no_dairy: ['dairy_free'],
};
const ALLERGY_SYNONYMS: Record<string, Allergen[]> = {
  peanut: ['peanuts'], peanuts: ['peanuts'], tree_nut: ['tree_nuts'], tree_nuts: ['tree_nuts'], nuts: ['peanuts', 'tree_nuts'],
  nut: ['peanuts', 'tree_nuts'], milk: ['milk'], dairy: ['milk'], lactose: ['milk'], egg: ['eggs'], eggs: ['eggs'],
  fish: ['fish'], shellfish: ['shellfish'], crustacean: ['shellfish'], crustaceans: ['shellfish'], mollusc: ['shellfish'],
  molluscs: ['shellfish'], seafood: ['fish', 'shellfish'], soy: ['soy'], soya: ['soy'], wheat: ['wheat'], gluten: ['wheat'],
  sesame: ['sesame'],
};

export interface FoodFilter {
  diets: DietType[]; allergens: Allergen[]; extraDiets: string[]; unknownAllergies: string[];
  /** gluten as an allergy also means the gluten_free diet (barley, rye, oats). */
  excluded: Set<string>;
}

export function normaliseConstraints(diet_types: string[] = [], allergies: string[] = [], exclude: string[] = []): FoodFilter {
  const diets = new Set<DietType>();
  const extraDiets: string[] = [];
  for (const d of diet_types) {
    const mapped = DIET_SYNONYMS[key(d)] ?? ((DIET_TYPES as readonly string[]).includes(key(d)) ? [key(d) as DietType] : undefined);
    if (mapped) mapped.forEach((x) => diets.add(x));
    else if (key(d)) extraDiets.push(d);
  }
  const allergens = new Set<Allergen>();
  const unknownAllergies: string[] = [];
  for (const a of allergies) {
    const k = key(a);
    const mapped = ALLERGY_SYNONYMS[k] ?? ((ALLERGENS as readonly string[]).includes(k) ? [k as Allergen] : undefined);
    if (mapped) mapped.forEach((x) => allergens.add(x));
    else if (k) unknownAllergies.push(a.trim().toLowerCase());
    if (k === 'gluten') diets.add('gluten_free');
  }
  return { diets: [...diets], allergens: [...allergens], extraDiets, unknownAllergies, excluded: new Set(exclude) };
}

export function isAllowed(f: CatalogueFood, filter: FoodFilter): boolean {
  if (filter.excluded.has(f.food_id)) return false;
  if (!filter.diets.every((d) => f.diets.includes(d))) return false;
  if (filter.allergens.some((a) => f.allergens.includes(a))) return false;
  const text = `${f.name} ${f.usda_name}`.toLowerCase();
  return !filter.unknownAllergies.some((w) => w.length >= 3 && text.includes(w.replace(/_/g, ' ')));
}

export const allowedFoods = (filter: FoodFilter): CatalogueFood[] => CATALOGUE.filter((f) => isAllowed(f, filter));
