/** Test data shaped like the API's answers (contracts/meal-plans.ts). Used by unit tests only. */
import type { MealPlan, PlanFood } from '../types';

export const food = (name: string, over: Partial<PlanFood> = {}): PlanFood => ({
  id: name, food_id: `usda-${name}`, name, serving_size: 1, serving_unit: 'cup', calories: 400, protein: 20, carbs: 40, fat: 10, fiber: 3,
  reasoning: 'fits', meal_type: 'breakfast', alternatives: [], ...over,
});
export const slot = (...foods: PlanFood[]) => ({ foods, total_calories: 0, total_protein: 0, total_carbs: 0, total_fat: 0, notes: '' });
export const day = (n: number, foods: PlanFood[] = [food('Oatmeal')]) => ({
  id: n, meal_plan_id: 7, day_number: n, date: `2026-11-2${n}`, meals: { breakfast: slot(...foods) }, created_at: '', updated_at: '',
});
export const plan = (over: Partial<MealPlan> = {}): MealPlan => ({
  id: 7, name: 'Week', status: 'processing', days: 3, start_date: '2026-11-22', plan_type: 'multi-day', created_at: '', completed_at: null,
  error_message: null, result: { days_completed: 0, total_days: 3, daily_plans: [], in_progress: true }, plan_days: [], task_id: 1,
  alternatives_enabled: true, goals: { calories: 2000, protein: 100, carbs: 250, fat: 67, fiber: 28 }, goals_note: null, ...over,
});
