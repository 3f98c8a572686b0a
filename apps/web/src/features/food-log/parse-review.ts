/**
 * The rows a described meal turns into before it is logged (issue 41 item 1): the parser's foods with an amount in
 * grams the user can change, a food they can swap for one of the alternatives, and the batch that logs them.
 * Nutrients scale with the weight from the food's values per 100 g.
 */
import type { MealType } from '@app/contracts/constants';
import type { FoodLogCreate } from '../../lib/foods-api';
import type { ParsedAlternative, ParsedItem, ParseResponse } from './fast-log-types';

/** The five values the review shows, per 100 g of the row's food. */
export interface Per100 {
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  fiber: number;
}

export interface ReviewRow {
  key: string;
  /** The words the row came from ("a slice of toast"). */
  text: string;
  foodId: string;
  foodName: string;
  /** What the sentence said: 2 × "large", 1 × "slice". */
  quantity: number;
  unit: string;
  /** The amount as typed in the grams field. */
  gramsText: string;
  /** Null while a swapped-in food's values load. */
  per100: Per100 | null;
  /** Other foods the words could mean, each with the grams the parser would log of it. */
  alternatives: ParsedAlternative[];
}

/** A described meal under review. */
export interface Review {
  rows: ReviewRow[];
  unmatched: string[];
  /** One per reviewed meal: Log all sent again after a failure carries the same key and never logs twice. */
  idempotencyKey: string;
}

export const MAX_GRAMS = 10_000;
const NUTRIENTS = ['calories', 'protein', 'carbs', 'fat', 'fiber'] as const;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The parser's items as review rows (values per 100 g from the item's own totals and weight). */
export function rowsFromParse(res: ParseResponse, keyPrefix = 'r'): ReviewRow[] {
  return res.items.map((item, i) => ({
    key: `${keyPrefix}${i}`,
    text: item.text,
    foodId: item.food.id,
    foodName: item.food.name,
    quantity: item.quantity,
    unit: item.unit,
    gramsText: String(round1(item.grams)),
    per100: per100Of(item),
    alternatives: item.alternatives.filter((a) => a.id !== item.food.id),
  }));
}

function per100Of(item: ParsedItem): Per100 | null {
  if (!(item.grams > 0)) return null;
  const f = 100 / item.grams;
  return { calories: item.calories * f, protein: item.protein * f, carbs: item.carbs * f, fat: item.fat * f, fiber: item.fiber * f };
}

/** The row's weight, or null when the field does not hold one the API takes (more than 0, at most 10 000 g). */
export function gramsOf(row: Pick<ReviewRow, 'gramsText'>): number | null {
  const text = row.gramsText.trim().replace(',', '.');
  if (!/^\d*\.?\d+$/.test(text)) return null;
  const g = Number(text);
  return g > 0 && g <= MAX_GRAMS ? g : null;
}

export function withGrams(row: ReviewRow, gramsText: string): ReviewRow {
  return { ...row, gramsText };
}

/**
 * The row with `alt` as its food, at the grams the parser gave that food; the food it had becomes an alternative,
 * so the swap can be undone. `per100`: the new food's values when already known, else null until they load.
 */
export function swapTo(row: ReviewRow, alt: ParsedAlternative, per100: Per100 | null = null): ReviewRow {
  const grams = gramsOf(row) ?? 0;
  const previous: ParsedAlternative = { id: row.foodId, name: row.foodName, grams };
  return {
    ...row,
    foodId: alt.id,
    foodName: alt.name,
    gramsText: String(round1(alt.grams > 0 ? alt.grams : grams)),
    per100,
    alternatives: [previous, ...row.alternatives.filter((a) => a.id !== alt.id)],
  };
}

/** The row's calories and macros at its current weight (0 for a weight not yet valid or values still loading). */
export function rowNutrients(row: ReviewRow): Per100 {
  const g = gramsOf(row) ?? 0;
  const out = { calories: 0, protein: 0, carbs: 0, fat: 0, fiber: 0 };
  if (!row.per100) return out;
  for (const k of NUTRIENTS) out[k] = (row.per100[k] * g) / 100;
  return out;
}

export function reviewTotals(rows: readonly ReviewRow[]): Per100 {
  const out = { calories: 0, protein: 0, carbs: 0, fat: 0, fiber: 0 };
  for (const r of rows) {
    const n = rowNutrients(r);
    for (const k of NUTRIENTS) out[k] += n[k];
  }
  return out;
}

/** Every row can be logged: a valid weight and known values. */
export function readyToLog(rows: readonly ReviewRow[]): boolean {
  return rows.length > 0 && rows.every((r) => gramsOf(r) !== null && r.per100 !== null);
}

/** POST /food-logs/batch's body: each food by id at its weight in grams, one serving of it. */
export function batchOf(rows: readonly ReviewRow[], meal_type: MealType, date: string): FoodLogCreate[] {
  return rows.map((r) => {
    const grams = gramsOf(r);
    if (grams === null) throw new Error(`${r.foodName}: no valid weight`);
    return { food_id: r.foodId, serving: { grams: round1(grams) }, number_of_servings: 1, meal_type, date };
  });
}

/** "2 large", "1 slice", "½ cup": what the sentence said, for the row's caption ('' when it gave no amount). */
export function amountSaid(row: Pick<ReviewRow, 'quantity' | 'unit'>): string {
  if (!(row.quantity > 0)) return '';
  const q = Number.isInteger(row.quantity) ? String(row.quantity) : String(Math.round(row.quantity * 100) / 100);
  return row.unit ? `${q} ${row.unit}` : q;
}
