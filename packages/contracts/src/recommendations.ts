import { z } from 'zod';
import { InstantSchema, LocalDateSchema, MealTypeSchema, TimestampSchema } from './common.ts';
import { MealSlotSchema, MealTimeSchema, MealTimesSchema } from './meal-plans.ts';

/**
 * When "now" is, for the user: `timestamp` is an instant (TimestampSchema: ISO 8601 with offset or epoch milliseconds), default the
 * server clock; `current_time` is the user's local wall-clock time "HH:MM" (or an ISO instant).
 * Local dates and times are taken in the user's settings.timezone.
 */
const CURRENT_TIME_FORMAT = 'current_time must be HH:MM or an ISO 8601 date-time within 1900..2100';
export const NowQuerySchema = z.object({
  timestamp: TimestampSchema.optional(),
  current_time: z
    .union([z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, CURRENT_TIME_FORMAT), InstantSchema], { error: CURRENT_TIME_FORMAT })
    .optional(),
});

/** Body of POST /recommendations/daily-meal-plan/request: meal times, either under meal_times or at the top level. */
export const DailyPlanRequestBodySchema = z
  .object({
    meal_times: MealTimesSchema.optional(),
    breakfast: MealTimeSchema.optional(),
    lunch: MealTimeSchema.optional(),
    dinner: MealTimeSchema.optional(),
    snack: MealTimeSchema.optional(),
  })
  .nullish();

export const DailyPlanStatusSchema = z.enum(['processing', 'completed', 'failed']);
export const DailyPlanRequestedSchema = z.object({ id: z.number().int(), status: DailyPlanStatusSchema });

const MacrosSchema = z.object({ calories: z.number(), protein: z.number(), carbs: z.number(), fat: z.number(), fiber: z.number() });

/** Spec §3 Daily meal plan, plus what it was based on (date, what was logged, which meals were skipped and why). */
export const DailyMealPlanSchema = z
  .object({
    breakfast: MealSlotSchema,
    lunch: MealSlotSchema,
    dinner: MealSlotSchema,
    snack: MealSlotSchema,
    total_calories: z.number(),
    total_protein: z.number(),
    total_carbs: z.number(),
    total_fat: z.number(),
    /** Goals − what is logged today. */
    remaining_macros: MacrosSchema,
    personalized_notes: z.array(z.string()),
    /** Percent of the planned calories from protein, carbs and fat. */
    macro_distribution: z.object({ protein: z.number(), carbs: z.number(), fat: z.number() }),
    considerations: z.array(z.string()),
    favorite_foods_used: z.array(z.string()),
    date: LocalDateSchema,
    local_time: z.string(),
    goals: MacrosSchema,
    logged: MacrosSchema,
    planned_meals: z.array(MealTypeSchema),
    skipped_meals: z.array(z.object({ meal_type: MealTypeSchema, reason: z.enum(['logged', 'past']) })),
  })
  .meta({ id: 'DailyMealPlan' });
export type DailyMealPlan = z.infer<typeof DailyMealPlanSchema>;

export const DailyPlanStatusResponseSchema = z
  .object({
    id: z.number().int(),
    status: DailyPlanStatusSchema,
    plan: DailyMealPlanSchema.nullable(),
    error_message: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'DailyMealPlanStatus' });

/** GET /recommendations/meal and POST /recommendations/what-to-eat. */
export const MealOptionsQuerySchema = NowQuerySchema.extend({
  /** Omitted: the next meal by the clock. */
  meal_type: MealTypeSchema.optional(),
  count: z.coerce.number().int().min(3).max(5).default(3),
});
/** The body of POST /recommendations/what-to-eat; each field may also come in the query, and the body wins. */
export const WhatToEatBodySchema = z
  .object({ meal_type: MealTypeSchema.optional(), timestamp: TimestampSchema.optional(), current_time: NowQuerySchema.shape.current_time, count: z.number().int().min(3).max(5).optional() })
  .nullish();
export const WhatToEatQuerySchema = MealOptionsQuerySchema.extend({ count: z.coerce.number().int().min(3).max(5).optional() });

/** One food of an option, with the body POST /food-logs/batch takes to log it (`log_entry`). */
export const OptionFoodSchema = z.object({
  food_id: z.string(),
  name: z.string(),
  serving_size: z.number(),
  serving_unit: z.string(),
  calories: z.number(),
  protein: z.number(),
  carbs: z.number(),
  fat: z.number(),
  fiber: z.number(),
  log_entry: z.object({
    food_id: z.string(),
    serving: z.object({ grams: z.number() }),
    number_of_servings: z.number(),
    meal_type: MealTypeSchema,
    date: LocalDateSchema,
  }),
});
export const MealOptionSchema = z.object({
  foods: z.array(OptionFoodSchema),
  total_calories: z.number(),
  total_protein: z.number(),
  total_carbs: z.number(),
  total_fat: z.number(),
  reasons: z.array(z.string()),
  /** Within what is left today (calories, and carbs and fat that are not already over): 5 % or 5 g of slack. */
  fits: z.boolean(),
  /** Every food of the option is already logged for this meal today (show "Logged", not "Log this"). */
  logged: z.boolean(),
});
export const MealOptionsSchema = z
  .object({
    meal_type: MealTypeSchema,
    date: LocalDateSchema,
    remaining_macros: MacrosSchema,
    options: z.array(MealOptionSchema),
    /** Why there are no options, or why the one shown does not fit (goal reached, nothing fits, meal already logged). */
    message: z.string().nullable(),
    /** What is logged today, per meal: the client marks foods it offered as logged after a reload. */
    logged_meals: z.array(z.object({ meal_type: MealTypeSchema, calories: z.number(), food_ids: z.array(z.string()) })),
  })
  .meta({ id: 'MealOptions' });
export type MealOptions = z.infer<typeof MealOptionsSchema>;

export const DAILY_PLAN_FAILED = 'Failed to generate meal plan';
export const DAILY_PLAN_TIMED_OUT = 'Meal plan generation timed out';
