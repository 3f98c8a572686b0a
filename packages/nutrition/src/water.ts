/**
 * Water: ml on the wire and in the database; the `units` setting decides what a person reads. One formatter for every
 * screen, the CSV export and any server-written text, so "2,000 ml" / "67.6 fl oz" read the same everywhere.
 */
import type { Units } from './numbers.js';

/** Millilitres in a US fluid ounce (1 fl oz = 29.5735 ml). */
export const ML_PER_FL_OZ = 29.5735;
/** One glass, the "+1 glass" button's amount. */
export const WATER_GLASS_ML = 250;
/** What the screens suggest as a goal (and say it is a suggestion) while `daily_water_goal_ml` is not set. */
export const SUGGESTED_WATER_GOAL_ML = 2_000;

/** ml in the user's units as a number: whole ml; fl oz to one decimal. */
export function waterValue(ml: number, units: Units | string | null | undefined): number {
  if (units === 'imperial') return Math.round((ml / ML_PER_FL_OZ) * 10) / 10 || 0;
  return Math.round(ml) || 0;
}

/** "1,250 ml" or "42.3 fl oz" (locale digits; en-US unless given). */
export function formatWater(ml: number, units: Units | string | null | undefined, locale = 'en-US'): string {
  const v = waterValue(ml, units);
  const text = v.toLocaleString(locale, { maximumFractionDigits: 1 });
  return `${text}\u00a0${units === 'imperial' ? 'fl oz' : 'ml'}`;
}

/** An amount typed in the user's units back to whole ml (a fl oz figure converts; ml rounds). */
export function waterToMl(value: number, units: Units | string | null | undefined): number {
  return Math.round(units === 'imperial' ? value * ML_PER_FL_OZ : value);
}
