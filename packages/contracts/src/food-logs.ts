import { z } from 'zod';
import { LocalDateSchema, MealTypeSchema } from './common.ts';
import { MAX_SERVINGS_PER_LOG, MEAL_TYPES, RECENT_MEALS_DEFAULT_LIMIT, RECENT_MEALS_MAX_LIMIT } from './constants.ts';
import { MicronutrientsSchema } from './foods.ts';

const amount = (what: string, max: number) =>
  z.number({ error: `${what} must be a number` }).min(0, `${what} must not be negative`).max(max, `${what} must be at most ${max}`);
const servingsCount = z
  .number({ error: 'number_of_servings must be a number' })
  .gt(0, 'number_of_servings must be greater than 0')
  .max(MAX_SERVINGS_PER_LOG, `number_of_servings must be at most ${MAX_SERVINGS_PER_LOG}`);

/** Which serving of a database food: a `servings` entry (by id or description), or a weight in grams. */
export const ServingChoiceSchema = z.union([
  z.number().positive().max(10_000),
  z.object({
    id: z.string().max(40).optional(),
    description: z.string().max(200).optional(),
    grams: z.number().positive().max(10_000).optional(),
  }),
]);
export type ServingChoice = z.infer<typeof ServingChoiceSchema>;

const optionalNutrients = {
  fiber: amount('fiber', 2_000).default(0),
  sugar: amount('sugar', 2_000).default(0),
  sodium: amount('sodium', 100_000).default(0),
  potassium: amount('potassium', 100_000).default(0),
  saturated_fat: amount('saturated_fat', 2_000).default(0),
  monounsaturated_fat: amount('monounsaturated_fat', 2_000).default(0),
  polyunsaturated_fat: amount('polyunsaturated_fat', 2_000).default(0),
  trans_fat: amount('trans_fat', 2_000).default(0),
  cholesterol: amount('cholesterol', 100_000).default(0),
};

/** Logging a food of the database: the server computes every nutrient. `date` defaults to today in the user's time zone. */
export const FoodLogFromFoodSchema = z.object({
  food_id: z.string().min(1).max(80),
  serving: ServingChoiceSchema.optional(),
  number_of_servings: servingsCount.default(1),
  meal_type: MealTypeSchema,
  date: LocalDateSchema.optional(),
});

/**
 * A manual entry: nutrient values are for ONE serving; the entry's totals are them × number_of_servings.
 * `carbs` is accepted as another name for `carbohydrates`.
 */
export const ManualFoodLogSchema = z.object({
  food_name: z.string().trim().min(1).max(200).default('Unknown Food'),
  brand_name: z.string().trim().max(200).default(''),
  serving_description: z.string().trim().min(1).max(200).default('serving'),
  number_of_servings: servingsCount.default(1),
  calories: amount('calories', 20_000),
  protein: amount('protein', 2_000).default(0),
  carbohydrates: amount('carbohydrates', 2_000).optional(),
  carbs: amount('carbs', 2_000).optional(),
  fat: amount('fat', 2_000).default(0),
  ...optionalNutrients,
  meal_type: MealTypeSchema,
  date: LocalDateSchema.optional(),
});

/** Logging servings of a saved recipe: one entry named after it (recipes feature). */
export const FoodLogFromRecipeSchema = z.object({ recipe_id: z.number().int().positive().max(2_147_483_647), number_of_servings: servingsCount.default(1), meal_type: MealTypeSchema, date: LocalDateSchema.optional() });

/** POST /food-logs: a database food (has `food_id`), a saved recipe (has `recipe_id`) or a manual entry. */
export const FoodLogCreateSchema = z.union([FoodLogFromFoodSchema, FoodLogFromRecipeSchema, ManualFoodLogSchema.extend({ food_id: z.null().optional() })]).meta({ id: 'FoodLogCreate' });
export type FoodLogCreate = z.infer<typeof FoodLogCreateSchema>;
export const FoodLogBatchSchema = z.array(FoodLogCreateSchema).min(1, 'Send at least one entry').max(100, 'At most 100 entries at once');

/** PUT /food-logs/{id}: any subset. Changing servings of a database food rescales its nutrients. */
export const FoodLogUpdateSchema = z.object({
  number_of_servings: servingsCount.optional(),
  serving: ServingChoiceSchema.optional(),
  meal_type: MealTypeSchema.optional(),
  date: LocalDateSchema.optional(),
  food_name: z.string().trim().min(1).max(200).optional(),
  serving_description: z.string().trim().min(1).max(200).optional(),
  /** Manual entries only: per-serving values. */
  calories: amount('calories', 20_000).optional(),
  protein: amount('protein', 2_000).optional(),
  carbohydrates: amount('carbohydrates', 2_000).optional(),
  carbs: amount('carbs', 2_000).optional(),
  fat: amount('fat', 2_000).optional(),
  fiber: amount('fiber', 2_000).optional(),
});
export type FoodLogUpdate = z.infer<typeof FoodLogUpdateSchema>;

/** One logged food; nutrient values are totals for the entry (all servings). `carbs` = `carbohydrates`. */
export const FoodLogEntrySchema = z
  .object({
    id: z.number().int(),
    food_id: z.string().nullable(),
    food_name: z.string(),
    brand_name: z.string(),
    serving_description: z.string(),
    serving_grams: z.number().nullable(),
    number_of_servings: z.number(),
    calories: z.number(),
    protein: z.number(),
    carbohydrates: z.number(),
    carbs: z.number(),
    fat: z.number(),
    fiber: z.number(),
    sugar: z.number(),
    sodium: z.number(),
    potassium: z.number(),
    saturated_fat: z.number(),
    monounsaturated_fat: z.number(),
    polyunsaturated_fat: z.number(),
    trans_fat: z.number(),
    cholesterol: z.number(),
    /** Scaled with the serving; null where the food does not know it (always for manual entries). */
    micronutrients: MicronutrientsSchema,
    meal_type: MealTypeSchema,
    date: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'FoodLogEntry' });
export type FoodLogEntry = z.infer<typeof FoodLogEntrySchema>;

export const NutrientTotalsSchema = z.object({
  calories: z.number(),
  protein: z.number(),
  carbs: z.number(),
  carbohydrates: z.number(),
  fat: z.number(),
  fiber: z.number(),
  sugar: z.number(),
  sodium: z.number(),
});
export type NutrientTotals = z.infer<typeof NutrientTotalsSchema>;

export const MealSummarySchema = z
  .object({ meal_type: MealTypeSchema, foods: z.array(FoodLogEntrySchema), totals: NutrientTotalsSchema })
  .meta({ id: 'MealSummary' });
export type MealSummary = z.infer<typeof MealSummarySchema>;

export const DailyGoalsSchema = z.object({ calories: z.number(), protein: z.number(), carbs: z.number(), fat: z.number(), fiber: z.number() });

export const DailySummarySchema = z
  .object({
    date: z.string(),
    meals: z.object(Object.fromEntries(MEAL_TYPES.map((m) => [m, MealSummarySchema])) as Record<(typeof MEAL_TYPES)[number], typeof MealSummarySchema>),
    /** `micronutrients`: the sum over the entries that know each one; null when none does. */
    daily_totals: NutrientTotalsSchema.extend({ micronutrients: MicronutrientsSchema }),
    goals: DailyGoalsSchema,
    /** kcal burned in the day's workouts (the sum of their calories_burned; 0 when none). Issue 42 §9. */
    exercise_calories: z.number(),
    /** The user's setting: the share of exercise calories added back to the day's budget (0, 50 or 100). */
    exercise_calories_back_pct: z.number(),
    /** exercise_calories × exercise_calories_back_pct / 100, whole kcal (0 when no calorie goal is set: nothing to add to). */
    exercise_calories_added: z.number(),
    /** The day's calorie budget: goals.calories + exercise_calories_added; 0 when no calorie goal is set. */
    calorie_budget: z.number(),
  })
  .meta({ id: 'DailySummary' });
export type DailySummary = z.infer<typeof DailySummarySchema>;

export const DateParamsSchema = z.object({ date: LocalDateSchema });
export const MealSummaryParamsSchema = z.object({ date: LocalDateSchema, mealType: MealTypeSchema });
const GOALS_TEXT =
  'Goals for this answer only, as JSON text: any of daily_calorie_goal, daily_protein_goal, daily_carbs_goal, daily_fat_goal, daily_fiber_goal ' +
  "(the settings' names) or calories, protein, carbs, fat, fiber (the answer's names). Given goals override the saved ones; the others come from the settings.";
/** `goals` is JSON text with any of the goals, by the settings' names or by the answer's (GoalsJsonSchema). */
export const DailySummaryQuerySchema = z.object({ goals: z.string().max(2000).optional().meta({ description: GOALS_TEXT }) });
const calorieGoal = z.number().min(0).max(100_000).nullable().optional();
const gramGoal = z.number().min(0).max(10_000).nullable().optional();
/** The `goals` override: the settings' names (daily_*_goal) or the answer's (calories, protein …); the settings' name wins when both are sent. */
export const GoalsJsonSchema = z
  .object({
    daily_calorie_goal: calorieGoal,
    daily_protein_goal: gramGoal,
    daily_carbs_goal: gramGoal,
    daily_fat_goal: gramGoal,
    daily_fiber_goal: gramGoal,
    calories: calorieGoal,
    protein: gramGoal,
    carbs: gramGoal,
    fat: gramGoal,
    fiber: gramGoal,
  })
  .transform((g) => ({
    daily_calorie_goal: g.daily_calorie_goal ?? g.calories,
    daily_protein_goal: g.daily_protein_goal ?? g.protein,
    daily_carbs_goal: g.daily_carbs_goal ?? g.carbs,
    daily_fat_goal: g.daily_fat_goal ?? g.fat,
    daily_fiber_goal: g.daily_fiber_goal ?? g.fiber,
  }));
export const DownloadParamsSchema = z.object({
  days: z.coerce.number({ error: 'days must be a number' }).int('days must be a whole number').min(1, 'days must be between 1 and 3650').max(3650, 'days must be between 1 and 3650'),
});

/** A distinct manual entry the user logged before, for quick re-logging (values per serving). */
export const ManualFoodSchema = z.object({
  food_name: z.string(),
  brand_name: z.string(),
  serving_description: z.string(),
  calories: z.number(),
  protein: z.number(),
  carbohydrates: z.number(),
  carbs: z.number(),
  fat: z.number(),
  fiber: z.number(),
  last_logged: z.string(),
});
export const ManualFoodListSchema = z.array(ManualFoodSchema);

/** POST /food-logs/copy: every entry of `from_date` (or of its `meal_type` only) logged again on `to_date`, same meals, amounts and nutrients. */
export const FoodLogCopySchema = z
  .object({
    from_date: LocalDateSchema,
    to_date: LocalDateSchema,
    meal_type: MealTypeSchema.optional(),
  })
  .meta({ id: 'FoodLogCopy' });
export type FoodLogCopy = z.infer<typeof FoodLogCopySchema>;

/** GET /food-logs/recent-meals: the last days a meal was logged (before today), for "Log again". Without meal_type: any meal. */
export const RecentMealsQuerySchema = z.object({
  meal_type: MealTypeSchema.optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${RECENT_MEALS_MAX_LIMIT}`)
    .max(RECENT_MEALS_MAX_LIMIT, `limit must be between 1 and ${RECENT_MEALS_MAX_LIMIT}`)
    .default(RECENT_MEALS_DEFAULT_LIMIT),
});

/** One meal of one past day, as "Log again" lists it (nutrients are the entries' totals). */
export const RecentMealSchema = z
  .object({
    date: z.string(),
    meal_type: MealTypeSchema,
    foods: z.array(z.object({ food_name: z.string(), number_of_servings: z.number(), serving_description: z.string(), calories: z.number() })),
    totals: z.object({ calories: z.number(), protein: z.number(), carbs: z.number(), fat: z.number() }),
  })
  .meta({ id: 'RecentMeal' });
export type RecentMeal = z.infer<typeof RecentMealSchema>;
