/**
 * The day's calorie budget with exercise (issue 42 §9): the calorie goal plus the share of the day's workout calories
 * the user chose to add back (0, 50 or 100 %, as MyFitnessPal, Cronometer and Lose It! offer). Trackers' burn
 * estimates run high, so "half" is a common middle way; 0 % (the default) keeps the budget the goal.
 * With no calorie goal (0) there is no budget to add to: the budget stays 0, and the screens say so.
 */
export interface ExerciseBudget {
  /** kcal burned in the day's workouts, whole. */
  exercise_calories: number;
  exercise_calories_back_pct: number;
  /** Whole kcal added to the goal. */
  exercise_calories_added: number;
  /** goal + added; 0 when no goal is set. */
  calorie_budget: number;
}

export function exerciseBudget(goal: number, exerciseKcal: number, backPct: number): ExerciseBudget {
  const burned = Math.max(0, Math.round(exerciseKcal || 0));
  const pct = backPct === 50 || backPct === 100 ? backPct : 0;
  const added = goal > 0 ? Math.round((burned * pct) / 100) : 0;
  return { exercise_calories: burned, exercise_calories_back_pct: pct, exercise_calories_added: added, calorie_budget: goal > 0 ? goal + added : 0 };
}
