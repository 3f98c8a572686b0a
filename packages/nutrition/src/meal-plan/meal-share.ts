/**
 * Each meal's share of the day and when a meal counts as eaten (issue 40 item 5).
 *
 * A meal's share is its part of the day's calories by the planner's own meal split (DEFAULT_MEAL_SPLIT:
 * breakfast 500, lunch 700, dinner 800, snack 300 of 2,300, i.e. about 22 / 30 / 35 / 13 %). A meal is done
 * once what is logged in it reaches MEAL_DONE_FRACTION of that share; below it, what is left of the share is
 * still to plan. One 100 kcal item logged at dinner therefore no longer marks dinner as eaten.
 */
import { splitFractions } from './request.js';
import { MEAL_TYPES, type MealPlanRequest, type MealType } from './types.js';

/**
 * 80 %: a meal logged a little under its share (a lighter lunch) is finished, not topped up with a 60 kcal
 * side; a meal with a third or half of its share logged (a coffee, a starter) still gets the rest planned.
 */
export const MEAL_DONE_FRACTION = 0.8;

export interface MealProgress {
  /** The meal's share of the day's calorie goal, kcal. */
  share: number;
  /** Logged in this meal so far, kcal. */
  logged: number;
  /** What is left of the share (never below 0), kcal. */
  left: number;
  /** Logged reaches MEAL_DONE_FRACTION of the share. */
  done: boolean;
}

/** Each meal's share of `dayCalories`, kcal, by the meal split (the planner's default unless given). */
export function mealShares(dayCalories: number, split?: MealPlanRequest['meal_split']): Record<MealType, number> {
  const frac = splitFractions(split);
  return Object.fromEntries(MEAL_TYPES.map((m) => [m, Math.max(0, dayCalories) * frac[m]])) as Record<MealType, number>;
}

/** How far each meal is, given the kcal logged per meal and the day's calorie goal. */
export function mealProgress(dayCalories: number, loggedKcal: Partial<Record<MealType, number>>, split?: MealPlanRequest['meal_split']): Record<MealType, MealProgress> {
  const shares = mealShares(dayCalories, split);
  return Object.fromEntries(
    MEAL_TYPES.map((m) => {
      const logged = Math.max(0, loggedKcal[m] ?? 0);
      const share = shares[m];
      return [m, { share, logged, left: Math.max(0, share - logged), done: logged > 0 && logged >= MEAL_DONE_FRACTION * share }];
    }),
  ) as Record<MealType, MealProgress>;
}
