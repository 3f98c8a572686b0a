/**
 * One rule for goals a person has not set, for everything that plans against them (meal plans, what to eat,
 * today's meal plan, restaurant picks), so that no two screens tell one person two different "remaining" figures.
 * - calories: the person's goal, else 2,000 kcal;
 * - protein, carbs, fat without a goal share the calories the set ones leave, in the placeholder split's
 *   proportions (20 % protein, 50 % carbs, 30 % fat): with nothing set, 100 g, 250 g and 67 g of 2,000 kcal;
 * - fiber without a goal: 14 g per 1,000 kcal (the Dietary Guidelines' rule; 28 g of 2,000 kcal).
 * A macro goal of 0 is a goal (a keto carb goal), not a missing one; a calorie goal of 0 plans nothing, so it counts
 * as unset. Whole grams.
 */
export type GoalKey = 'calories' | 'protein' | 'carbs' | 'fat' | 'fiber';
export type Goals = Record<GoalKey, number>;

export const DEFAULT_CALORIE_GOAL = 2000;
/** The same split and energy factors as @app/contracts' PLACEHOLDER_MACRO_SPLIT and KCAL_PER_GRAM (a test keeps them equal). */
export const GOAL_MACRO_SPLIT = { protein: 0.2, carbs: 0.5, fat: 0.3 } as const;
export const GOAL_KCAL_PER_GRAM = { protein: 4, carbs: 4, fat: 9 } as const;
export const FIBER_PER_1000_KCAL = 14;

const MACROS = ['protein', 'carbs', 'fat'] as const;

/** Every goal, from the ones given (null or undefined = not set); `defaulted` names the ones the rule filled in. */
export function completeGoals(given: Partial<Record<GoalKey, number | null | undefined>>): { goals: Goals; defaulted: GoalKey[] } {
  const defaulted: GoalKey[] = [];
  const calories = given.calories != null && given.calories > 0 ? given.calories : (defaulted.push('calories'), DEFAULT_CALORIE_GOAL);
  const unset = MACROS.filter((k) => given[k] == null);
  const setKcal = MACROS.filter((k) => given[k] != null).reduce((s, k) => s + given[k]! * GOAL_KCAL_PER_GRAM[k], 0);
  const left = Math.max(0, calories - setKcal);
  const share = unset.reduce((s, k) => s + GOAL_MACRO_SPLIT[k], 0);
  const goals = { calories } as Goals;
  for (const k of MACROS) {
    if (given[k] != null) goals[k] = given[k]!;
    else {
      goals[k] = Math.round((left * GOAL_MACRO_SPLIT[k]) / share / GOAL_KCAL_PER_GRAM[k]);
      defaulted.push(k);
    }
  }
  if (given.fiber != null) goals.fiber = given.fiber;
  else {
    goals.fiber = Math.round((calories * FIBER_PER_1000_KCAL) / 1000);
    defaulted.push('fiber');
  }
  return { goals, defaulted };
}
