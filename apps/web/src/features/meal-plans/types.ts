/**
 * Wire shapes of the meal-plan and recommendation calls (spec §3, issue 5 §2–§3).
 * Everything comes from packages/contracts (meal-plans.ts, recommendations.ts); the few shapes
 * below are the screens' own views of them.
 */
import type { z } from 'zod';
import type { MealType } from '@app/contracts/constants';
import type { DailyMealPlan, DailyPlanStatusResponseSchema, MealOptions } from '@app/contracts/recommendations';
import type {
  MealPlan as WireMealPlan,
  MealPlanStatus,
  MealPlanTask,
  MealSlot,
  PlanDay as WirePlanDay,
  PlanFood,
} from '@app/contracts/meal-plans';

export type { MealType, MealPlanStatus, MealPlanTask, MealSlot, PlanFood };
export type PlanFoodBase = Omit<PlanFood, 'alternatives'>;
export type MealPlan = WireMealPlan;
export type Goals = WireMealPlan['goals'];

/**
 * A day as the screens use it: a stored plan day, a day kept in `result.daily_plans`, or a
 * placeholder the client made up because the server had none (spec §4, §9).
 */
export type PlanDay = Pick<WirePlanDay, 'day_number' | 'meals'> &
  Partial<Omit<WirePlanDay, 'day_number' | 'meals'>> & { placeholder?: boolean };

/** A list row: a plan without its days (GET /meal-plans). */
export type MealPlanSummary = Omit<WireMealPlan, 'plan_days' | 'result'> & {
  result: Omit<WireMealPlan['result'], 'daily_plans'>;
};
export interface MealPlanList {
  meal_plans: MealPlanSummary[];
  total: number;
  page: number;
  per_page: number;
}

export interface CreateMultiDayPlanBody {
  days: number;
  name: string;
  alternatives_enabled: boolean;
  start_date: string;
  request_data: {
    meal_times: Partial<Record<MealType, string>>;
    /** A goal left out falls back to the user's settings, then to the API's defaults. */
    nutritional_goals: Partial<Record<keyof Goals, number | null>>;
    favorite_foods: string[];
  };
  plan_type: 'multi-day';
}

/** Today's plan, its status record, and the 'what to eat now' options (contracts/recommendations.ts). */
export type { DailyMealPlan, MealOptions };
export type DailyPlanStatus = z.infer<typeof DailyPlanStatusResponseSchema>;
export type MealOption = MealOptions['options'][number];
