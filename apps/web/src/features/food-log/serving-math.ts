import type { FoodDetail, FoodLogEntry, FoodNutrients, ServingPayload } from './types';
import { countOf } from '../../lib/format';
import { formatMass, massFromDisplay, massLabel, massToDisplay, servingDescriptionText, type Units } from '../../lib/units';
import { NUTRIENT_KEYS } from './types';

/** What the serving picker holds: one of the food's household measures (by id), or a weight in grams. */
export type ServingChoice = { kind: 'measure'; id: string } | { kind: 'grams'; grams: number };

type Servings = Pick<FoodDetail, 'servings'>;
/** The weights the API adds to every food's own measures (foods feature, food-rows.ts): 1 oz, 1 g and 100 g. */
const OUNCE_ID = 'oz';
const GRAM_IDS = new Set(['g', '100g']);

/**
 * A measure's description in the user's units (issue 42 §2): the weight in brackets in ounces when imperial,
 * "1 breast (172 g)" → "1 breast (6.1 oz)"; a bare weight "170.1 g" → "6 oz". Metric keeps the text as it is.
 */
export function servingLabel(description: string, units: Units = 'metric'): string {
  return servingDescriptionText(description, units);
}

/**
 * The serving picker's options (issue 42 §2): the food's own measures, then the weights in the user's units: 1 oz
 * when imperial (a food measured in grams, such as chicken breast, is weighed in ounces in the US), 1 g and 100 g
 * when metric. Entries still carry grams on the wire.
 */
export function servingOptions(food: Servings, units: Units = 'metric'): { id: string; label: string }[] {
  return food.servings
    .filter((s) => (units === 'imperial' ? !GRAM_IDS.has(s.id) : s.id !== OUNCE_ID))
    .map((s) => ({ id: s.id, label: servingLabel(s.description, units) }));
}

/** The food's first measure; a food without one starts at 100 g (metric) or 1 oz (imperial). */
export function defaultChoice(food: Servings, units: Units = 'metric'): ServingChoice {
  const own = food.servings.find((s) => s.id !== OUNCE_ID && !GRAM_IDS.has(s.id));
  if (own) return { kind: 'measure', id: own.id };
  const weight = food.servings.find((s) => s.id === (units === 'imperial' ? OUNCE_ID : '100g'));
  return weight ? { kind: 'measure', id: weight.id } : { kind: 'grams', grams: 100 };
}

/** A custom weight as the field shows it: grams, or ounces when imperial ("Custom weight (oz)"). */
export const customWeightText = (grams: number, units: Units = 'metric') => String(massToDisplay(grams, units));
/** What the custom weight field holds, back to grams (NaN stays NaN, so the field can say it is not a number). */
export const customWeightGrams = (text: string, units: Units = 'metric') => {
  const n = Number(text);
  return text.trim() === '' || !Number.isFinite(n) ? NaN : massFromDisplay(n, units);
};
export const customWeightUnit = massLabel;

export function gramsOf(food: Pick<FoodDetail, 'servings' | 'serving_grams'>, choice: ServingChoice): number {
  if (choice.kind === 'grams') return Number.isFinite(choice.grams) ? choice.grams : 0;
  return food.servings.find((s) => s.id === choice.id)?.grams ?? food.serving_grams;
}

/** Nutrients for `count` of the chosen serving, from the food's values per 100 g. */
export function nutrientsFor(food: Pick<FoodDetail, 'servings' | 'serving_grams' | 'per_100g'>, choice: ServingChoice, count: number): FoodNutrients {
  const factor = (gramsOf(food, choice) / 100) * (Number.isFinite(count) && count > 0 ? count : 0);
  const out = {} as FoodNutrients;
  for (const k of NUTRIENT_KEYS) out[k] = (food.per_100g[k] ?? 0) * factor;
  return out;
}

/** The serving as the API takes it: a measure by its id, or a weight in grams. */
export function servingPayload(choice: ServingChoice): ServingPayload {
  return choice.kind === 'grams' ? choice.grams : { id: choice.id };
}

export function round(n: number, digits = 0): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** One meal name per type on every screen: the app-wide labels. */
export { MEAL_LABELS } from '../../lib/format';

/**
 * "2 slices", "1 cup", "0.5 × 100 g": how much of a food was logged. A weight is written as one, in the user's
 * units: 6 × "1 oz" → "6 oz", 150 × "1 g" → "150 g", "170.1 g" → "6 oz" when imperial.
 */
export function servingText(f: Pick<FoodLogEntry, 'number_of_servings' | 'serving_description'>, units: Units = 'metric'): string {
  const n = round(f.number_of_servings, 2);
  const weight = /^(\d+(?:\.\d+)?) (g|oz)$/.exec(f.serving_description.trim());
  if (weight && n > 0) {
    const grams = Number(weight[1]) * (weight[2] === 'oz' ? massFromDisplay(1, 'imperial') : 1) * n;
    return formatMass(grams, units);
  }
  const unit = servingLabel(f.serving_description.trim(), units);
  // A description that starts with an amount ("100 g", "1 cup, chopped") is counted, not pluralised.
  if (!unit || /^\d/.test(unit)) return n === 1 ? unit || '1 serving' : `${n} × ${unit || 'serving'}`;
  return countOf(n, unit);
}

/** How the user last logged a food (GET /foods/recent's last_serving). */
export interface LastServing {
  serving_description: string;
  number_of_servings: number;
  serving_grams: number | null;
}

/**
 * The food sheet's starting serving: as last logged when known (the same household measure by its description, else
 * the weight it had), else the food's first measure; one serving unless the last entry had more.
 */
export function startingServing(food: Pick<FoodDetail, 'servings'>, last?: LastServing | null, units: Units = 'metric'): { choice: ServingChoice; count: number } {
  const count = last && last.number_of_servings > 0 ? last.number_of_servings : 1;
  if (last) {
    const measure = food.servings.find((s) => s.description.trim() === last.serving_description.trim());
    // A weight measure of the other units ("1 g" logged before the switch to imperial) is not in the picker: its weight is.
    if (measure && servingOptions(food, units).some((o) => o.id === measure.id)) return { choice: { kind: 'measure', id: measure.id }, count };
    if (measure) return { choice: { kind: 'grams', grams: measure.grams * count }, count: 1 };
    const weight = /^(\d+(?:\.\d+)?) g$/.exec(last.serving_description.trim());
    const grams = weight ? Number(weight[1]) : last.serving_grams;
    if (grams && grams > 0) return { choice: { kind: 'grams', grams }, count };
  }
  return { choice: defaultChoice(food, units), count: 1 };
}
