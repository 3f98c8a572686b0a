/**
 * The day's targets as every screen states them (issue 42 §9, §11), here because the dashboard and the food log both
 * show them and features never import each other:
 * - fiber: the user's fiber goal when set, else the Adequate Intake for their sex and age (@app/nutrition/fiber-target,
 *   the rule the nutrients table's answer follows too), labelled as such;
 * - calories: the day's budget is the goal plus the share of exercise the user adds back, said in one line.
 */
import type { DailySummary } from '@app/contracts';
import type { UserSettings } from '@app/contracts/settings';
import { fiberTarget, type FiberTarget } from '@app/nutrition/fiber-target';
import { formatKcal, formatNumber } from './format';
import { useToday, useUserSettingsQuery } from './user-settings';

export type { FiberTarget };

/** `dayGoal`: the day summary's goals.fiber (the setting, 0 = not set). `today`: YYYY-MM-DD, for the age. */
export function fiberTargetFor(dayGoal: number | null | undefined, settings: Pick<UserSettings, 'sex' | 'birth_year'> | undefined, today: string): FiberTarget {
  const age = settings?.birth_year ? Number(today.slice(0, 4)) - settings.birth_year : null;
  return fiberTarget(dayGoal, settings?.sex ?? null, age);
}

type ExerciseDay = Pick<DailySummary, 'goals' | 'exercise_calories' | 'exercise_calories_back_pct' | 'exercise_calories_added' | 'calorie_budget'>;

/**
 * One plain sentence about exercise and the budget, or null on a day without exercise:
 * "Goal 2,000 + exercise 150 = 2,150 kcal" (with "half of 300 kcal burned" at 50 %), or, at 0 %,
 * "Exercise 300 kcal not added to your budget" (the screen adds the way to change it: `settings` true).
 */
export function exerciseLine(day: ExerciseDay): { text: string; detail: string | null; settings: boolean } | null {
  const burned = day.exercise_calories ?? 0;
  if (!(burned > 0)) return null;
  if (!(day.goals.calories > 0)) return { text: `Exercise ${formatKcal(burned)} today`, detail: 'No calorie goal to add it to', settings: true };
  if (!day.exercise_calories_added) return { text: `Exercise ${formatKcal(burned)} not added to your budget`, detail: null, settings: true };
  return {
    text: `Goal ${formatNumber(day.goals.calories)} + exercise ${formatNumber(day.exercise_calories_added)} = ${formatKcal(day.calorie_budget)}`,
    detail: day.exercise_calories_back_pct === 50 ? `Half of ${formatKcal(burned)} burned` : null,
    settings: false,
  };
}

/** What the day's calories are measured against: the budget (goal + exercise added), 0 when no goal. */
export const calorieTarget = (day: Pick<DailySummary, 'goals' | 'calorie_budget'>) => (day.calorie_budget > 0 ? day.calorie_budget : day.goals.calories);

/** fiberTargetFor with the signed-in user's settings and today. */
export function useFiberTarget(dayGoal: number | null | undefined): FiberTarget {
  const settings = useUserSettingsQuery().data;
  return fiberTargetFor(dayGoal, settings, useToday());
}
