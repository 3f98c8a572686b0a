import { z } from 'zod';
import { LocalDateSchema, MealTypeSchema } from './common.ts';
import { MEAL_PLAN_LIST_PAGE_SIZE } from './constants.ts';
import { AllergyIdSchema, DietTypeIdSchema } from './settings.ts';

/** "HH:MM", 24-hour, local to the user. */
export const MealTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected a time as HH:MM');
export const MealTimesSchema = z
  .object({ breakfast: MealTimeSchema, lunch: MealTimeSchema, dinner: MealTimeSchema, snack: MealTimeSchema })
  .partial();
export type MealTimes = z.infer<typeof MealTimesSchema>;

const goal = (what: string, max: number) => z.number({ error: `${what} must be a number` }).min(0, `${what} must not be negative`).max(max, `${what} must be at most ${max}`);
/** Missing goals fall back to the user's settings, then to 2000/100/250/67/28 (the plan's goals_note says which). */
export const NutritionalGoalsSchema = z.object({
  calories: z.number({ error: 'calories must be a number' }).min(500, 'calories must be at least 500').max(10_000, 'calories must be at most 10000').nullish(),
  protein: goal('protein', 1_000).nullish(),
  carbs: goal('carbs', 1_500).nullish(),
  fat: goal('fat', 700).nullish(),
  fiber: goal('fiber', 200).nullish(),
});

/** A favorite as the client sends it: a food id string, or a favorite food object carrying `food_id`. */
const FavoriteFoodRefSchema = z.union([z.string().min(1).max(80), z.object({ food_id: z.string().min(1).max(80).nullish() }).loose()]);

/** POST /meal-plans/multi-day and POST /meal-plan-tasks (spec §7). */
export const MultiDayPlanRequestSchema = z
  .object({
    days: z.number({ error: 'days must be a number' }).int('days must be a whole number').min(1, 'days must be between 1 and 14').max(14, 'days must be between 1 and 14'),
    name: z.string().trim().min(1, 'name must not be empty').max(200).optional(),
    alternatives_enabled: z.boolean().default(true),
    start_date: LocalDateSchema.optional(),
    plan_type: z.literal('multi-day', { error: "plan_type must be 'multi-day'" }).default('multi-day'),
    request_data: z
      .object({
        meal_times: MealTimesSchema.optional(),
        nutritional_goals: NutritionalGoalsSchema.optional(),
        /** The foods the plan prefers (food ids or favorites); [] prefers none; absent: the user's saved favorites. */
        favorite_foods: z.array(FavoriteFoodRefSchema).max(200).optional(),
        /** Added to the diets and allergies of the user's settings; the same ids the settings take (an unknown one was dropped without a word). */
        diet_types: z.array(DietTypeIdSchema).max(20).optional(),
        allergies: z.array(AllergyIdSchema).max(20).optional(),
      })
      .default({}),
  })
  .meta({ id: 'MultiDayPlanRequest' });
export type MultiDayPlanRequest = z.infer<typeof MultiDayPlanRequestSchema>;

export const PlanFoodBaseSchema = z.object({
  id: z.string(),
  food_id: z.string(),
  name: z.string(),
  serving_size: z.number(),
  serving_unit: z.string(),
  calories: z.number(),
  protein: z.number(),
  carbs: z.number(),
  fat: z.number(),
  fiber: z.number(),
  reasoning: z.string(),
  meal_type: MealTypeSchema,
});
export const PlanFoodSchema = PlanFoodBaseSchema.extend({ alternatives: z.array(PlanFoodBaseSchema) }).meta({ id: 'PlanFood' });
export type PlanFood = z.infer<typeof PlanFoodSchema>;

export const MealSlotSchema = z
  .object({
    foods: z.array(PlanFoodSchema),
    total_calories: z.number(),
    total_protein: z.number(),
    total_carbs: z.number(),
    total_fat: z.number(),
    notes: z.string(),
  })
  .meta({ id: 'MealSlot' });
export type MealSlot = z.infer<typeof MealSlotSchema>;

export const PlanMealsSchema = z.object({
  breakfast: MealSlotSchema.optional(),
  lunch: MealSlotSchema.optional(),
  dinner: MealSlotSchema.optional(),
  snack: MealSlotSchema.optional(),
});

export const PlanDaySchema = z
  .object({
    id: z.number().int(),
    meal_plan_id: z.number().int(),
    day_number: z.number().int(),
    date: LocalDateSchema,
    meals: PlanMealsSchema,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'PlanDay' });
export type PlanDay = z.infer<typeof PlanDaySchema>;

export const MealPlanStatusSchema = z.enum(['processing', 'completed', 'failed', 'cancelled']);
export type MealPlanStatus = z.infer<typeof MealPlanStatusSchema>;

export const PlanGoalsSchema = z.object({ calories: z.number(), protein: z.number(), carbs: z.number(), fat: z.number(), fiber: z.number() });

/** Progress of the generation; `daily_plans` are the days made so far (usable even when the plan failed). */
export const MealPlanResultSchema = z.object({
  days_completed: z.number().int(),
  total_days: z.number().int(),
  daily_plans: z.array(z.object({ day_number: z.number().int(), date: LocalDateSchema, meals: PlanMealsSchema })),
  in_progress: z.boolean(),
});

export const MealPlanSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    status: MealPlanStatusSchema,
    days: z.number().int(),
    start_date: LocalDateSchema,
    plan_type: z.string(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
    error_message: z.string().nullable(),
    result: MealPlanResultSchema,
    plan_days: z.array(PlanDaySchema),
    /** The plan's generation task (GET /meal-plan-tasks/{task_id}). */
    task_id: z.number().int().nullable(),
    alternatives_enabled: z.boolean(),
    goals: PlanGoalsSchema,
    /** Set when a goal came from a fallback instead of the request. */
    goals_note: z.string().nullable(),
  })
  .meta({ id: 'MealPlan' });
export type MealPlan = z.infer<typeof MealPlanSchema>;

/** List rows carry no days (a page of 14-day plans would be megabytes); GET /meal-plans/{id} has them. */
export const MealPlanSummarySchema = MealPlanSchema.omit({ plan_days: true, result: true }).extend({
  result: MealPlanResultSchema.omit({ daily_plans: true }),
});
export const MealPlanListQuerySchema = z.object({
  /** active = processing + completed; all = every status. */
  status: z.enum(['active', 'all', 'processing', 'completed', 'failed', 'cancelled']).default('active'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(MEAL_PLAN_LIST_PAGE_SIZE),
});
export const MealPlanListSchema = z.object({
  meal_plans: z.array(MealPlanSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

/**
 * PUT /meal-plans/{id}: any of
 * - `name`: rename;
 * - `status: "cancelled"`: stop a plan that is being generated (same as DELETE /meal-plan-tasks/{task_id});
 * - `swap`: replace a plan food by one of its alternatives (`plan_food_id` is the food's `id` in the slot,
 *   or give its `food_id`); the old food becomes an alternative and the meal totals are recomputed;
 * - `portion`: set a plan food's serving_size; its macros scale with it and the meal totals are recomputed.
 */
const FoodRef = {
  day_number: z.number().int().min(1).max(14),
  meal_type: MealTypeSchema,
  plan_food_id: z.string().min(1).max(120).optional(),
  food_id: z.string().min(1).max(80).optional(),
};
export const MealPlanUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'name must not be empty').max(200).optional(),
    status: z.literal('cancelled', { error: "status can only be set to 'cancelled'" }).optional(),
    swap: z.object({ ...FoodRef, alternative_food_id: z.string().min(1).max(80) }).optional(),
    portion: z.object({ ...FoodRef, serving_size: z.number().positive().max(10_000) }).optional(),
  })
  .refine((b) => b.name !== undefined || b.status !== undefined || b.swap !== undefined || b.portion !== undefined, {
    message: 'Nothing to change: send name, status, swap or portion',
  })
  .refine((b) => !b.swap || b.swap.plan_food_id || b.swap.food_id, { message: 'swap needs plan_food_id or food_id', path: ['swap'] })
  .refine((b) => !b.portion || b.portion.plan_food_id || b.portion.food_id, { message: 'portion needs plan_food_id or food_id', path: ['portion'] })
  .meta({ id: 'MealPlanUpdate' });
export type MealPlanUpdate = z.infer<typeof MealPlanUpdateSchema>;

export const TaskStatusSchema = z.enum(['queued', 'processing', 'completed', 'failed', 'cancelled']);
export const TaskTypeSchema = z.enum(['generate', 'regenerate_day', 'regenerate_meal']);
export const MealPlanTaskSchema = z
  .object({
    id: z.number().int(),
    task_id: z.number().int(),
    meal_plan_id: z.number().int(),
    meal_plan_name: z.string(),
    task_type: TaskTypeSchema,
    status: TaskStatusSchema,
    day_number: z.number().int().nullable(),
    meal_type: MealTypeSchema.nullable(),
    progress: z.object({ days_completed: z.number().int(), total_days: z.number().int(), percent: z.number() }),
    attempts: z.number().int(),
    error_message: z.string().nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    heartbeat_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'MealPlanTask' });
export type MealPlanTask = z.infer<typeof MealPlanTaskSchema>;

export const TaskListQuerySchema = z.object({
  status: z.enum(['all', 'active', 'queued', 'processing', 'completed', 'failed', 'cancelled']).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const TaskListSchema = z.object({
  tasks: z.array(MealPlanTaskSchema),
  total: z.number().int(),
  /** Tasks still queued or processing. */
  active: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

/** POST /meal-plans/{id}/tasks: regenerate one day, or one meal of it when meal_type is given. */
export const RegenerateRequestSchema = z.object({ day_number: z.number().int().min(1).max(14), meal_type: MealTypeSchema.optional() });
export const PlanTaskParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  taskId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const ExportQuerySchema = z.object({ format: z.literal('email', { error: "format must be 'email'" }) });
export const ExportRequestSchema = z.object({
  email: z.email({ error: 'Enter a valid e-mail address' }).max(254),
  include_shopping_list: z.boolean().default(false),
  test_mode: z.boolean().default(false),
});
/** test_mode answers the rendered mail; a sent mail answers the message of spec §8. */
export const ExportResponseSchema = z.object({ message: z.string(), subject: z.string().optional(), html: z.string().optional(), text: z.string().optional() });
export const MEAL_PLAN_EMAILED = 'Meal plan emailed successfully!';
export const MEAL_PLAN_EXPORT_FAILED = 'Failed to export meal plan to email. Please try again.';
