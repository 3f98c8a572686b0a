/**
 * How a sentence names the calorie figure it planned against. A goal the person set is "your 2,100 kcal goal"; the
 * default (DEFAULT_CALORIE_GOAL, used when none is set) is never called theirs: the text says which number it used
 * and why (issue 42 §5).
 */
import { wholeNumber } from './numbers.js';

/** "Using 2,000 kcal, a common reference, until you set a calorie goal in Settings." */
export function defaultCalorieNote(kcal: number): string {
  return `Using ${wholeNumber(kcal)} kcal, a common reference, until you set a calorie goal in Settings.`;
}

/** The day's calories are used up: said of the person's goal, or of the default with the reason. */
export function caloriesReached(kcal: number, isDefault: boolean, tail = ''): string {
  return isDefault ? `You have reached ${wholeNumber(kcal)} kcal for today${tail}. ${defaultCalorieNote(kcal)}` : `You have reached your ${wholeNumber(kcal)} kcal goal for today${tail}.`;
}

/** "against your 2,100 kcal goal" or "against 2,000 kcal (a common reference, used until you set a calorie goal)". */
export function againstCalories(kcal: number, isDefault: boolean): string {
  return isDefault ? `against ${wholeNumber(kcal)} kcal (a common reference, used until you set a calorie goal)` : `against your ${wholeNumber(kcal)} kcal goal`;
}
