/**
 * Building `foods` rows from any source (USDA seed, Open Food Facts, FoodData Central, custom foods)
 * and turning rows into the wire shapes. Nutrients are stored per 100 g.
 */
import type { FoodDetail, FoodNutrients, FoodSearchResult, FoodServing } from '@app/contracts';
import type { FoodServingRow, foods } from '../../db/schema/index.ts';
import { commonness, friendlyName, headWords, synonymsFor } from './usda-names.ts';
import { SEED_MICRONUTRIENTS, SEED_NUTRIENTS, type SeedFood } from './seed-format.ts';
import { MICRONUTRIENTS, type Micronutrient } from '../../db/schema/micronutrients.ts';
import { FOOD_GROUPS } from './usda-names.ts';
import { G_PER_OZ } from '@app/nutrition/units';

export type FoodRow = typeof foods.$inferSelect;
export type NewFoodRow = typeof foods.$inferInsert;

export const NUTRIENT_KEYS = [
  'calories', 'protein', 'carbs', 'fat', 'fiber', 'sugar', 'sodium', 'potassium', 'saturated_fat',
  'monounsaturated_fat', 'polyunsaturated_fat', 'trans_fat', 'cholesterol',
] as const satisfies readonly (keyof FoodNutrients)[];
export type NutrientKey = (typeof NUTRIENT_KEYS)[number];
export type Per100g = Record<NutrientKey, number>;

const round = (n: number, digits = 2) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};
const fmt = (n: number) => String(round(n, 2));

/**
 * A USDA measure's name as a label reads it: without its notes. "medium (7\" to 7-7/8\" long)" → "medium",
 * "links 1 NLEA serving" → "links", "serving 9 servings per 24 oz package" → "serving", "package yields" →
 * "package", "medium 3-1/4 in. x 3-5/8 in., 5/8 in. thick." → "medium": the notes made labels unreadable on a phone.
 */
export function tidyUnit(rawUnit: string): string {
  const unit = rawUnit
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/\s*\([^)]*$/, '')
    .replace(/\s*,?\s*recipe makes\b.*$/i, '')
    .replace(/\s*,?\s*\d*\s*NLEA serving\b.*$/i, '')
    .replace(/\s+\d+(?:\.\d+)?\s+servings?\s+per\b.*$/i, '')
    .replace(/\s*,?\s*(?:approx\.?\s*)?\d[\d/.\- ]*\s*(?:in\.|inch(?:es)?\b|")(?:[^a-z]|$).*$/i, '')
    .replace(/\s+yields?$/i, '')
    .replace(/\s*,\s*$/, '')
    .trim();
  if (unit) return unit;
  return /NLEA serving/i.test(rawUnit) ? 'serving' : rawUnit.trim();
}

export function servingRow(amount: number, rawUnit: string, grams: number): FoodServingRow {
  const unit = tidyUnit(rawUnit);
  return { description: `${fmt(amount)} ${unit} (${fmt(grams)} g)`, amount: round(amount, 3), unit, grams: round(grams, 3) };
}

/** A default serving past this many kcal is a pantry amount ("1 cup" of peanut butter, 1,517 kcal), not a portion. */
const PORTION_MAX_KCAL = 400;
const PORTION_MIN_KCAL = 50;

/**
 * The measure a person expects first ("1 medium" banana, "1 large" egg, "1 slice" bread), else USDA's first. When
 * that one holds more than PORTION_MAX_KCAL and another measure is a portion (50–400 kcal: "2 tbsp" of peanut
 * butter, "1 tbsp" of butter or oil, "1 oz" of almonds), that one goes first: a hurried "Add" must not log a cup.
 */
export function pickDefaultFirst(list0: FoodServingRow[], kcalPer100g?: number): FoodServingRow[] {
  // "1 unit" (USDA's yield of a whole bird from a pound) says nothing on a label: any real measure goes first.
  const vague = (x: FoodServingRow) => /^units?$/i.test(x.unit);
  let list = [...list0.filter((x) => !vague(x)), ...list0.filter(vague)];
  const toFront = (i: number) => (i > 0 ? [list[i]!, ...list.slice(0, i), ...list.slice(i + 1)] : list);
  for (const re of [/\bmedium\b/i, /\blarge\b/i, /\bslice\b/i, /\bserving\b/i]) {
    const i = list.findIndex((s) => re.test(s.unit));
    if (i >= 0) {
      list = toFront(i);
      break;
    }
  }
  if (kcalPer100g === undefined || !list[0]) return list;
  const kcal = (s: FoodServingRow) => (s.grams * kcalPer100g) / 100;
  if (kcal(list[0]) <= PORTION_MAX_KCAL) return list;
  return toFront(list.findIndex((s) => !vague(s) && kcal(s) >= PORTION_MIN_KCAL && kcal(s) <= PORTION_MAX_KCAL));
}

export function searchText(...parts: (string | undefined)[]): string {
  return parts.filter(Boolean).join(' ').toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 2000);
}

export function usdaRow(f: SeedFood): NewFoodRow {
  const [ndb, group, desc, values, weights] = f;
  const n = Object.fromEntries(SEED_NUTRIENTS.map((k, i) => [k, values[i] ?? 0])) as Record<(typeof SEED_NUTRIENTS)[number], number>;
  const micro = Object.fromEntries(SEED_MICRONUTRIENTS.map((k, i) => [k, values[SEED_NUTRIENTS.length + i] ?? null]));
  const servings = pickDefaultFirst(weights.filter(([a, , g]) => a > 0 && g > 0).map(([a, u, g]) => servingRow(a, u, g)), n.calories);
  const def = servings[0];
  const name = friendlyName(desc);
  return {
    id: `usda-${ndb}`,
    source: 'usda_sr21',
    source_id: ndb,
    name,
    brand_name: '',
    food_type: 'Generic',
    food_description: desc,
    food_group: FOOD_GROUPS[group] ?? group,
    gtin: null,
    serving_size: def ? def.amount : 100,
    serving_unit: def ? def.unit : 'g',
    servings,
    ...n,
    ...micro,
    trans_fat: 0,
    search_head: headWords(desc),
    search_text: searchText(name, desc, synonymsFor(desc)),
    commonness: commonness(desc, group, weights.map(([, unit]) => unit)),
  };
}

/**
 * The weights every food offers besides its own measures (issue 42 §2): an ounce (28.3495 g) for people who weigh food
 * in ounces, and 1 g and 100 g. The web shows the ounce when the user's units are imperial and the gram ones when
 * metric; a logged entry stores grams either way. They say nothing of a portion (the parser leaves them out).
 */
export const WEIGHT_SERVING_IDS: readonly string[] = ['oz', 'g', '100g'];
const OUNCE: FoodServing = { id: 'oz', description: '1 oz', amount: 1, unit: 'oz', grams: G_PER_OZ };

/** The food's servings on the wire: its own measures (default first), then 1 oz (unless it has its own), 1 g and 100 g. */
export function wireServings(row: Pick<FoodRow, 'servings'>): FoodServing[] {
  const own = row.servings.map((s, i) => ({ id: `s${i}`, ...s }));
  const hasOunce = own.some((s) => s.unit === 'oz' && s.amount === 1);
  return [...own, ...(hasOunce ? [] : [OUNCE]), { id: 'g', description: '1 g', amount: 1, unit: 'g', grams: 1 }, { id: '100g', description: '100 g', amount: 100, unit: 'g', grams: 100 }];
}

export function defaultServing(row: Pick<FoodRow, 'servings'>): FoodServing {
  const all = wireServings(row);
  // Without household measures the default is 100 g, the unit nutrition labels use.
  return row.servings.length ? all[0]! : all[all.length - 1]!;
}

export function per100g(row: FoodRow): Per100g {
  return Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, row[k]])) as Per100g;
}

export function scaled(p: Per100g, grams: number): Per100g {
  return Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, round((p[k] * grams) / 100)])) as Per100g;
}

/** Micronutrients of `grams` of a food; unknown stays null. */
export function scaledMicros(row: Pick<FoodRow, Micronutrient>, grams: number): Record<Micronutrient, number | null> {
  return Object.fromEntries(MICRONUTRIENTS.map((k) => [k, row[k] === null ? null : round((row[k] * grams) / 100, 4)])) as Record<Micronutrient, number | null>;
}

export function toSearchResult(row: FoodRow): FoodSearchResult {
  const def = defaultServing(row);
  return {
    id: row.id,
    name: row.name,
    brand_name: row.brand_name,
    food_type: row.food_type === 'Brand' ? 'Brand' : 'Generic',
    serving_size: def.amount,
    serving_unit: def.unit,
    serving_description: def.description,
    serving_grams: def.grams,
    // To 0.01 like every nutrient a log or a favorite of this serving gets (scaled()): the same serving shows the same kcal.
    calories: round((row.calories * def.grams) / 100),
    fatsecret_food_id: null,
    source: row.source as FoodSearchResult['source'],
    source_id: row.source_id,
    servings: wireServings(row),
  };
}

export function toDetail(row: FoodRow): FoodDetail {
  const base = toSearchResult(row);
  const p = per100g(row);
  return {
    ...base,
    ...scaled(p, base.serving_grams),
    food_description: row.food_description,
    food_group: row.food_group,
    barcode: row.gtin ? row.source_id : null,
    micronutrients: scaledMicros(row, base.serving_grams),
    per_100g: Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, round(p[k])])) as Per100g,
    micronutrients_per_100g: scaledMicros(row, 100),
  };
}

/** A client's serving choice: a servings entry (id or description), a weight in grams, or the default. Null if unknown. */
export function resolveServing(
  row: Pick<FoodRow, 'servings'>,
  choice: number | { id?: string; description?: string; grams?: number } | undefined,
): FoodServing | null {
  const byWeight = (g: number): FoodServing => ({ id: 'custom', description: `${fmt(g)} g`, amount: round(g, 3), unit: 'g', grams: round(g, 3) });
  if (choice === undefined) return defaultServing(row);
  if (typeof choice === 'number') return byWeight(choice);
  const all = wireServings(row);
  if (choice.id) return all.find((s) => s.id === choice.id) ?? null;
  if (choice.description) return all.find((s) => s.description.toLowerCase() === choice.description!.toLowerCase()) ?? null;
  if (choice.grams) return byWeight(choice.grams);
  return defaultServing(row);
}
