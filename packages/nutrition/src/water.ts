/**
 * Water: ml on the wire and in the database; the `units` setting decides what a person reads. One formatter for every
 * screen, the CSV export and any server-written text, so "2,000 ml" / "67.6 fl oz" read the same everywhere.
 */
import { volumeText, volumeToMl, volumeValue, type UnitsLike } from './units.js';

/** Millilitres in a US fluid ounce (1 fl oz = 29.5735 ml): the conversion lives in units.ts with the others. */
export { ML_PER_FL_OZ } from './units.js';
/** One glass, the "+1 glass" button's amount. */
export const WATER_GLASS_ML = 250;
/** What the screens suggest as a goal (and say it is a suggestion) while `daily_water_goal_ml` is not set. */
export const SUGGESTED_WATER_GOAL_ML = 2_000;

/** ml in the user's units as a number: whole ml; fl oz to one decimal. */
export function waterValue(ml: number, units: UnitsLike): number {
  return volumeValue(ml, units);
}

/** "1,250 ml" or "42.3 fl oz" (locale digits; en-US unless given), the number and its unit kept on one line. */
export function formatWater(ml: number, units: UnitsLike, locale = 'en-US'): string {
  return volumeText(ml, units, { locale, space: '\u00a0' });
}

/** An amount typed in the user's units back to whole ml (a fl oz figure converts; ml rounds). */
export function waterToMl(value: number, units: UnitsLike): number {
  return volumeToMl(value, units);
}
