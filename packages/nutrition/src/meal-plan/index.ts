export * from './types.js';
export { CATALOGUE, foodById, round1 } from './catalogue.js';
export { normaliseConstraints, isAllowed, allowedFoods, type FoodFilter } from './constraints.js';
export { planDay, type PlanContext } from './plan-day.js';
export { planWeek, planWeekGreedy } from './plan-week.js';
export { dedupeByName } from './shape.js';
export { reasoningFor } from './reasoning.js';
export { DEFAULT_MEAL_SPLIT, splitFractions } from './request.js';
export { dailyMealPlan, suggestMealOptions, type DailyMealPlan, type DailyContext, type MealOption, type SuggestConstraints } from './daily-meal-plan.js';
