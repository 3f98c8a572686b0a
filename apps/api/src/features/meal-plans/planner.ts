/**
 * The one place the API calls the optimiser of packages/nutrition (pure, no I/O). Everything the
 * jobs and recommendations need from it goes through here, so an optimiser change is one edit.
 */
import { wholeNumber } from '@app/nutrition/numbers';
import { buildShoppingList, dailyMealPlan, foodById, planDay, splitFractions, suggestMealOptions } from '@app/nutrition';
import type { DailyMealPlan, Macros, MealPlanRequest, MealSlot, MealType, PlanDay, ShoppingList } from '@app/nutrition';

export type { DailyMealPlan, Macros, MealSlot, MealType, ShoppingList };
export type Meals = Partial<Record<MealType, MealSlot>>;
const ALL: readonly MealType[] = ['breakfast', 'lunch', 'dinner', 'snack'];

/** A request the optimiser cannot satisfy (nothing fits the diet/allergies): failing again will not help. */
export class PlanInfeasibleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlanInfeasibleError';
  }
}

export interface PlanInputs {
  goals: Macros;
  diet_types: string[];
  allergies: string[];
  favorite_food_ids: string[];
  alternatives_enabled: boolean;
  seed: number;
  start_date: string;
}

export interface StoredDay {
  day_number: number;
  meals: Meals;
}

const foodIdsOf = (meals: Meals | undefined, only?: MealType): string[] =>
  Object.entries(meals ?? {}).flatMap(([meal, slot]) => (only && meal !== only ? [] : (slot?.foods ?? []).map((f) => f.food_id)));

/** Usage counts and "yesterday" of the days already made, so a resumed job plans what planWeek would have. */
function contextFrom(dayNumber: number, others: StoredDay[]) {
  const usage = new Map<string, number>();
  for (const d of others) if (d.day_number !== dayNumber) for (const id of new Set(foodIdsOf(d.meals))) usage.set(id, (usage.get(id) ?? 0) + 1);
  const prev = others.find((d) => d.day_number === dayNumber - 1);
  const previous: Partial<Record<MealType, string[]>> = {};
  for (const [meal, slot] of Object.entries(prev?.meals ?? {})) previous[meal as MealType] = (slot?.foods ?? []).map((f) => f.food_id);
  return { day_number: dayNumber, usage, previous };
}

function request(input: PlanInputs, extra: Partial<MealPlanRequest> = {}): MealPlanRequest {
  return {
    days: 1,
    goals: input.goals,
    diet_types: input.diet_types,
    allergies: input.allergies,
    favorite_food_ids: input.favorite_food_ids,
    alternatives_enabled: input.alternatives_enabled,
    seed: input.seed,
    start_date: input.start_date,
    ...extra,
  };
}

/** How far a day's calories may miss the goal before the request counts as impossible (diet too narrow, goal out of reach). */
export const MAX_CALORIE_MISS_PERCENT = 30;

/** Goals that contradict each other (macros worth far more kcal than the calorie goal) cannot be planned by any solver. */
function assertConsistentGoals(g: Macros): void {
  const fromMacros = g.protein * 4 + g.carbs * 4 + g.fat * 9;
  if (g.calories > 0 && fromMacros > g.calories * 1.5) {
    throw new PlanInfeasibleError(
      `Your protein, carbs and fat goals add up to ${wholeNumber(fromMacros)} kcal, far more than the calorie goal of ${wholeNumber(g.calories)} kcal. Adjust the goals and try again.`,
    );
  }
}

function assertFeasible(day: PlanDay, meals: readonly MealType[]): void {
  const miss = day.summary.deviation_percent.calories;
  if (meals.length === ALL.length && Math.abs(miss) > MAX_CALORIE_MISS_PERCENT) {
    throw new PlanInfeasibleError(
      `Could not plan day ${day.day_number} near the calorie goal: ${wholeNumber(day.summary.totals.calories)} kcal planned for a goal of ${wholeNumber(day.summary.goals.calories)} kcal. Check your goals, diet and allergies.`,
    );
  }
  const empty = meals.filter((m) => !day.meals[m]?.foods.length);
  if (empty.length) {
    throw new PlanInfeasibleError(
      `No foods fit your diet and allergy settings for ${empty.join(', ')}. Remove a restriction or an allergy and try again.`,
    );
  }
}


/** Day `dayNumber` of a multi-day plan, given the days already stored (deterministic for a given seed). */
export async function planPlanDay(input: PlanInputs, dayNumber: number, stored: StoredDay[]): Promise<{ date: string; meals: Meals }> {
  assertConsistentGoals(input.goals);
  const day = await planDay(request(input, { start_date: input.start_date }), contextFrom(dayNumber, stored));
  assertFeasible(day, ALL);
  return { date: day.date ?? input.start_date, meals: day.meals };
}

const MACRO_KEYS = ['calories', 'protein', 'carbs', 'fat', 'fiber'] as const;
/** Below this part of its usual share the meal is not planned to what is left (the rest of the day is already over). */
const MIN_LEFT_OF_SHARE = 0.25;

/**
 * A meal regenerated inside a day is solved against what the rest of the day leaves: the other meals' totals go in
 * as `already_eaten`, so the planner aims the meal at the day's goals minus them and the day stays on its goals
 * however often the meal is regenerated (issue 40 item 6; before, the meal aimed at its fixed share of the goals,
 * and the day drifted: fat 94 g against 70 after one dinner, 2,012 -> 1,860 kcal after three). When the other meals
 * are missing or already leave less than a quarter of the meal's usual share (edited portions), the meal falls back
 * to its usual share: the day cannot be brought back to its goals by this meal alone.
 */
function restOfDay(goals: Macros, current: Meals | undefined, mealType: MealType): Partial<MealPlanRequest> {
  const others = ALL.filter((m) => m !== mealType);
  if (!current || others.some((m) => !current[m])) return {};
  const eaten = { calories: 0, protein: 0, carbs: 0, fat: 0, fiber: 0 };
  for (const m of others) for (const f of current[m]!.foods) for (const k of MACRO_KEYS) eaten[k] += f[k];
  const share = splitFractions(undefined)[mealType] * goals.calories;
  if (goals.calories - eaten.calories < MIN_LEFT_OF_SHARE * share) return {};
  return { already_eaten: eaten };
}

/** A new version of one day (or of one meal of it), avoiding the foods it has now. */
export async function replan(input: PlanInputs, dayNumber: number, stored: StoredDay[], mealType: MealType | null): Promise<Meals> {
  const current = stored.find((d) => d.day_number === dayNumber)?.meals;
  const exclude = foodIdsOf(current, mealType ?? undefined);
  const only: Partial<MealPlanRequest> = mealType ? { meals: [mealType], ...restOfDay(input.goals, current, mealType) } : {};
  let day = await planDay(request(input, { exclude_food_ids: exclude, ...only }), contextFrom(dayNumber, stored));
  // Excluding today's foods can empty a narrow diet's pool; then a reshuffle of the same foods is the best we can do.
  if ((mealType ? [mealType] : ALL).some((m) => !day.meals[m]?.foods.length)) {
    day = await planDay(request(input, only), contextFrom(dayNumber, stored));
  }
  assertFeasible(day, mealType ? [mealType] : ALL);
  return mealType ? { ...current, [mealType]: day.meals[mealType] } : day.meals;
}

/** Shopping list of a plan's days, grouped in the spec §3 categories (derivation rules of spec §5). */
export function shoppingListFor(days: Meals[]): ShoppingList {
  return buildShoppingList(days.map((meals) => ({ meals })));
}

export interface TodayInputs extends Omit<PlanInputs, 'start_date' | 'alternatives_enabled'> {
  date: string;
  /** Meals still to plan (not logged, not past). */
  meals: MealType[];
  eaten: Macros;
  /**
   * How what is left of the day is shared among `meals` (kcal or fractions, as the planner's meal_split): a meal
   * partly logged gets only what is left of its share. Unset: the planner's default split.
   */
  meal_split?: Partial<Record<MealType, number>>;
  /** goals.calories is the default, not the person's goal (the notes say so). */
  calorie_goal_default?: boolean;
}

/** Today's plan for the meals left, sized to what is left of the goals after what was logged. */
export async function planToday(input: TodayInputs): Promise<DailyMealPlan> {
  assertConsistentGoals(input.goals);
  const constraints = { diet_types: input.diet_types, allergies: input.allergies, favorite_food_ids: input.favorite_food_ids };
  const day: PlanDay = input.meals.length
    ? await planDay({ ...request({ ...input, alternatives_enabled: true, start_date: input.date }), meals: input.meals, already_eaten: input.eaten, ...(input.meal_split ? { meal_split: input.meal_split } : {}) })
    : { day_number: 1, date: input.date, meals: {}, summary: { totals: input.eaten, goals: input.goals, deviation: input.eaten, deviation_percent: input.eaten, within_tolerance: true } };
  if (input.meals.length) assertFeasible(day, input.meals);
  return dailyMealPlan(day, { goals: input.goals, calorie_goal_default: input.calorie_goal_default, already_eaten: input.eaten, ...constraints });
}

export interface MealOptionOut {
  meal: MealSlot;
  reason: string;
}

/** 3–5 different meals for `mealType` that fit what is left today. */
export async function mealOptions(remaining: Macros, mealType: MealType, c: { diet_types: string[]; allergies: string[]; favorite_food_ids: string[]; seed: number }, n: number): Promise<MealOptionOut[]> {
  return suggestMealOptions(remaining, mealType, c, n);
}

/** Grams in a plan food's serving (for logging it as a database food): catalogue unit weight, else the "(N g)" of its label. */
export function servingGrams(food: { food_id: string; serving_size: number; serving_unit: string }): number {
  const unit = foodById(food.food_id)?.portion.unit === food.serving_unit ? foodById(food.food_id)!.portion.unit_grams : undefined;
  const label = /\(([\d.]+) g\)\s*$/.exec(food.serving_unit)?.[1];
  const perUnit = unit ?? (label ? Number(label) : /^g(rams?)?$/i.test(food.serving_unit) ? 1 : undefined);
  return perUnit ? Math.round(perUnit * food.serving_size * 10) / 10 : 0;
}
