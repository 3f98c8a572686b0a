/**
 * Wire shapes of the meal-plan and recommendation calls (spec §3, issue 5 §2–§3).
 * Plans come from packages/contracts/src/meal-plans.ts; the recommendation shapes are typed here
 * from the issue text until packages/contracts/src/recommendations.ts lands (same field names).
 */
import type { MealType } from '@app/contracts/constants';
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

export interface DailyMealPlan {
  breakfast?: MealSlot | null;
  lunch?: MealSlot | null;
  dinner?: MealSlot | null;
  snack?: MealSlot | null;
  total_calories: number;
  total_protein: number;
  total_carbs: number;
  total_fat: number;
  remaining_macros?: Partial<Goals> | null;
  personalized_notes?: string | string[] | null;
  macro_distribution?: Record<string, number> | null;
  considerations?: string | string[] | null;
  favorite_foods_used?: string[] | null;
}

export interface DailyPlanStatus {
  id: number | string;
  status: 'processing' | 'completed' | 'failed' | string;
  plan?: DailyMealPlan | null;
  error_message?: string | null;
}

/** One option of 'what to eat now': foods with totals and why it fits. */
export interface MealOption {
  name?: string;
  title?: string;
  meal_type?: MealType;
  foods: Array<Partial<PlanFoodBase> & { name: string }>;
  total_calories?: number;
  total_protein?: number;
  total_carbs?: number;
  total_fat?: number;
  totals?: Partial<Goals>;
  reasoning?: string;
  reason?: string;
}
