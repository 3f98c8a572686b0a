/**
 * Ranks menu items against what is left of the day's calories and macros. An item "fits" when its
 * calories, carbs and fat stay within what is left (protein is a floor to reach, so more is fine).
 * Among those, items that bring the protein still needed without eating the calories faster than
 * the protein, and that make a meal of sensible size, come first. Every item gets a reason in words.
 */

import { wholeNumber } from './numbers.js';

export interface MenuMacros {
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
}
export interface RankedItem<T> {
  item: T;
  fits: boolean;
  /** 0–100, higher is better. */
  score: number;
  reason: string;
}

/** One restaurant meal should not take more than this much of what is left: the rest of the day needs food too. */
export const MEAL_CALORIE_CAP = 900;
/** Grams of carbs or fat over what is left that still count as fitting (rounding of labels). */
const MACRO_SLACK_G = 5;

const r0 = (n: number) => Math.round(n);

export function rankMenuItems<T extends MenuMacros>(items: T[], remaining: MenuMacros, limit = 10): RankedItem<T>[] {
  const left = { calories: Math.max(0, remaining.calories), protein: Math.max(0, remaining.protein), carbs: Math.max(0, remaining.carbs), fat: Math.max(0, remaining.fat) };
  const target = Math.min(left.calories, MEAL_CALORIE_CAP);

  const ranked = items.map((item) => {
    const overCal = Math.max(0, item.calories - left.calories);
    const overCarbs = Math.max(0, item.carbs - left.carbs - MACRO_SLACK_G);
    const overFat = Math.max(0, item.fat - left.fat - MACRO_SLACK_G);
    const fits = left.calories > 0 && overCal === 0 && overCarbs === 0 && overFat === 0;

    // Penalties, each a fraction: going over, eating calories faster than protein, a meal far from the target size.
    const over = overCal / Math.max(left.calories, 100) + overCarbs / Math.max(left.carbs, 20) + overFat / Math.max(left.fat, 10);
    const calShare = item.calories / Math.max(left.calories, 1);
    const proteinShare = left.protein > 0 ? Math.min(item.protein, left.protein) / left.protein : 1;
    const imbalance = Math.max(0, Math.min(calShare, 1) - proteinShare);
    const size = target > 0 ? Math.abs(item.calories - target) / target : item.calories / 100;
    const penalty = 3 * over + imbalance + 0.5 * size;
    const score = Math.round(100 / (1 + penalty));
    return { item, fits, score, reason: reasonFor(item, left, { fits, overCal, overCarbs, overFat, proteinShare, calShare }) };
  });

  ranked.sort((a, b) => Number(b.fits) - Number(a.fits) || b.score - a.score || a.item.calories - b.item.calories);
  return ranked.slice(0, limit);
}

function reasonFor(item: MenuMacros, left: MenuMacros, f: { fits: boolean; overCal: number; overCarbs: number; overFat: number; proteinShare: number; calShare: number }): string {
  if (left.calories <= 0) return `You have reached today's calories; at ${wholeNumber(item.calories)} kcal this is one of the lighter choices here`;
  if (f.overCal > 0) return `${wholeNumber(f.overCal)} kcal more than the ${wholeNumber(left.calories)} kcal you have left today`;
  if (f.overFat > 0) return `Fits your calories, but has ${r0(item.fat - left.fat)} g more fat than you have left`;
  if (f.overCarbs > 0) return `Fits your calories, but has ${r0(item.carbs - left.carbs)} g more carbs than you have left`;
  const base = `Fits your remaining ${wholeNumber(left.calories)} kcal`;
  if (left.protein <= 0) return `${base}; today's protein is already covered`;
  if (f.proteinShare >= f.calShare) return `${base} and brings ${r0(item.protein)} g of the ${r0(left.protein)} g protein you still need`;
  return `${base}, though light on protein (${r0(item.protein)} g of the ${r0(left.protein)} g you still need)`;
}
