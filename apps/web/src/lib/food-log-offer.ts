/**
 * A meal idea handed to the food log (spec §2: a notification's 'Log This Food' opens /food-log with the
 * food parameter). The URL carries the idea's name (`?food=`); the navigation state carries the whole
 * option — every food with its amount, and its meal — so the food log offers it in one confirm.
 * Here in lib/ because two features meet on it: notifications write it, the food log reads it.
 */
import type { FoodLogCreate } from '@app/contracts/food-logs';
import { MEAL_TYPES, type MealType } from '@app/contracts/constants';
import { servingWeight } from '@app/nutrition/serving-weight';
import { formatPortion } from '@app/nutrition/portion';

export interface OfferFood {
  food_id?: string;
  name: string;
  serving_size?: number;
  serving_unit?: string;
  calories?: number;
}

export interface FoodLogOffer {
  name: string;
  meal_type?: MealType;
  foods: OfferFood[];
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);

export const isMealType = (v: unknown): v is MealType => typeof v === 'string' && (MEAL_TYPES as readonly string[]).includes(v);

/** The option's foods read defensively (notification data is free-form JSON): a food needs a name. */
export function offerFoods(raw: unknown): OfferFood[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((f): OfferFood[] => {
    if (!f || typeof f !== 'object') return [];
    const r = f as Record<string, unknown>;
    const name = str(r.name);
    if (!name) return [];
    return [{ name, food_id: str(r.food_id), serving_size: num(r.serving_size), serving_unit: str(r.serving_unit), calories: num(r.calories) }];
  });
}

/** `/food-log?food=<name>` plus the state that carries the option (react-router `Link` `to` and `state`). */
export function foodLogOfferLink(offer: FoodLogOffer): { to: string; state: { offer: FoodLogOffer } | undefined } {
  const to = `/food-log?${new URLSearchParams({ food: offer.name }).toString()}`;
  return { to, state: offer.foods.length > 0 ? { offer } : undefined };
}

/** The offer in a location's state, if it is one. */
export function offerFromState(state: unknown): FoodLogOffer | null {
  const o = (state as { offer?: unknown } | null)?.offer as Record<string, unknown> | undefined;
  if (!o || typeof o !== 'object') return null;
  const name = str(o.name);
  const foods = offerFoods(o.foods);
  if (!name || foods.length === 0) return null;
  return { name, foods, ...(isMealType(o.meal_type) ? { meal_type: o.meal_type } : {}) };
}

/**
 * Grams of the food's serving: the "(50 g)" of a label such as "large egg (50 g)" times the size, or the
 * weight a weight or volume unit implies ("30 g", "2 oz"). Null when the unit says nothing ("cup").
 */
export function offerGrams(f: OfferFood): number | null {
  if (f.serving_size === undefined || !f.serving_unit) return null;
  const label = /\(([\d.]+)\s*g\)\s*$/.exec(f.serving_unit)?.[1];
  if (label && Number(label) > 0) return Math.round(Number(label) * f.serving_size * 10) / 10;
  return servingWeight(f.serving_size, f.serving_unit);
}

export function offerPortion(f: OfferFood): string {
  return f.serving_size !== undefined && f.serving_unit ? formatPortion({ serving_size: f.serving_size, serving_unit: f.serving_unit }) : 'serving';
}

/**
 * The POST /food-logs/batch body: a database food with a known weight is logged by id at that weight (the
 * server computes its nutrients); any other food as a manual entry of its own calories.
 */
export function offerEntries(offer: FoodLogOffer, meal_type: MealType, date: string): FoodLogCreate[] {
  return offer.foods.map((f): FoodLogCreate => {
    const grams = offerGrams(f);
    if (f.food_id && grams && grams > 0) return { food_id: f.food_id, serving: { grams }, number_of_servings: 1, meal_type, date };
    return {
      food_id: null, food_name: f.name.slice(0, 200), brand_name: '', serving_description: offerPortion(f).slice(0, 200), number_of_servings: 1,
      calories: Math.round(f.calories ?? 0), protein: 0, fat: 0, fiber: 0, sugar: 0, sodium: 0, potassium: 0, saturated_fat: 0,
      monounsaturated_fat: 0, polyunsaturated_fat: 0, trans_fat: 0, cholesterol: 0, meal_type, date,
    };
  });
}
