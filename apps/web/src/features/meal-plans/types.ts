/**
 * Wire shapes of the meal-plan and recommendation calls (spec §3, issue 5 §2–§3).
 * Typed here from the issue text because packages/contracts/src/meal-plans.ts and
 * recommendations.ts are being written in parallel; switch to the inferred contract types
 * once they land (the field names are the same).
 */
import type { MealType } from '@app/contracts/constants';

export type { MealType };

export interface PlanFoodBase {
  id: string;
  food_id: string;
  name: string;
  serving_size: number;
  serving_unit: string;
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  fiber: number;
  reasoning: string;
  meal_type: MealType;
}
export interface PlanFood extends PlanFoodBase {
  alternatives: PlanFoodBase[];
}

export interface MealSlot {
  foods: PlanFood[];
  total_calories: number;
  total_protein: number;
  total_carbs: number;
  total_fat: number;
  notes: string;
}

export interface PlanDay {
  id?: number;
  meal_plan_id?: number;
  day_number: number;
  date?: string | null;
  meals: Partial<Record<MealType, MealSlot | null>>;
  created_at?: string;
  updated_at?: string;
  /** Set by the client on a day it made up because the server had none (spec §4, §9). */
  placeholder?: boolean;
}

export type MealPlanStatus = 'processing' | 'completed' | 'failed' | 'cancelled';

export interface MealPlanResult {
  days_completed: number;
  total_days: number;
  daily_plans: unknown[] | null;
  in_progress: boolean;
}

export interface Goals {
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  fiber: number;
}

export interface MealPlan {
  id: number;
  name: string;
  status: MealPlanStatus;
  days: number;
  start_date: string | null;
  created_at: string;
  completed_at: string | null;
  error_message: string | null;
  result: MealPlanResult | null;
  plan_days: PlanDay[] | null;
  task_id: number | string | null;
  alternatives_enabled?: boolean;
  goals?: Goals | null;
}

export interface MealPlanList {
  meal_plans: MealPlan[];
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
    nutritional_goals: Goals;
    favorite_foods: string[];
  };
  plan_type: 'multi-day';
}

/** A generation task (multi-day plan, or regeneration of a day or a meal). */
export interface MealPlanTask {
  id: number | string;
  status: string;
  meal_plan_id?: number | null;
  error_message?: string | null;
  progress?: number | null;
  [k: string]: unknown;
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
