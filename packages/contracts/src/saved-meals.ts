import { z } from 'zod';
import { LocalDateSchema, MealTypeSchema } from './common.ts';
import { MAX_SAVED_MEAL_ITEMS, MAX_SAVED_MEAL_MULTIPLIER, MAX_SERVINGS_PER_LOG } from './constants.ts';

const amount = (what: string, max: number) =>
  z.number({ error: `${what} must be a number` }).min(0, `${what} must not be negative`).max(max, `${what} must be at most ${max}`);

/**
 * One food of a saved meal, as it was logged: nutrient values are the item's totals (all its servings). `food_id`:
 * a database food (the server then computes the nutrients from the food, as logging does, when `serving_grams` is
 * given), or null for a manual food.
 */
export const SavedMealItemInputSchema = z.object({
  food_id: z.string().min(1).max(80).nullable().default(null),
  food_name: z.string().trim().min(1, 'food_name is required').max(200),
  brand_name: z.string().trim().max(200).default(''),
  serving_description: z.string().trim().min(1).max(200).default('serving'),
  serving_grams: z.number().positive('serving_grams must be positive').max(10_000).nullable().default(null),
  number_of_servings: z
    .number({ error: 'number_of_servings must be a number' })
    .gt(0, 'number_of_servings must be greater than 0')
    .max(MAX_SERVINGS_PER_LOG, `number_of_servings must be at most ${MAX_SERVINGS_PER_LOG}`)
    .default(1),
  calories: amount('calories', 20_000),
  protein: amount('protein', 2_000).default(0),
  carbohydrates: amount('carbohydrates', 2_000).default(0),
  fat: amount('fat', 2_000).default(0),
  fiber: amount('fiber', 2_000).default(0),
  sugar: amount('sugar', 2_000).default(0),
  sodium: amount('sodium', 100_000).default(0),
});
export type SavedMealItemInput = z.infer<typeof SavedMealItemInputSchema>;

export const SavedMealItemSchema = z
  .object({
    food_id: z.string().nullable(),
    food_name: z.string(),
    brand_name: z.string(),
    serving_description: z.string(),
    serving_grams: z.number().nullable(),
    number_of_servings: z.number(),
    calories: z.number(),
    protein: z.number(),
    carbohydrates: z.number(),
    fat: z.number(),
    fiber: z.number(),
    sugar: z.number(),
    sodium: z.number(),
  })
  .meta({ id: 'SavedMealItem' });
export type SavedMealItem = z.infer<typeof SavedMealItemSchema>;

const itemsSchema = z
  .array(SavedMealItemInputSchema)
  .min(1, 'A saved meal needs at least one food')
  .max(MAX_SAVED_MEAL_ITEMS, `A saved meal holds at most ${MAX_SAVED_MEAL_ITEMS} foods`);
const nameSchema = z.string().trim().min(1, 'name is required').max(100, 'name must be at most 100 characters');

/** POST /saved-meals: explicit `items`, or `from` (a snapshot of a meal already logged), exactly one of them. */
export const SavedMealCreateSchema = z
  .object({
    name: nameSchema,
    meal_type: MealTypeSchema.nullable().optional(),
    items: itemsSchema.optional(),
    from: z.object({ date: LocalDateSchema, meal_type: MealTypeSchema }).optional(),
  })
  .refine((b) => (b.items === undefined) !== (b.from === undefined), { error: 'Send either items or from (a logged meal), not both', path: ['items'] })
  .meta({ id: 'SavedMealCreate' });
export type SavedMealCreate = z.infer<typeof SavedMealCreateSchema>;

/** PUT /saved-meals/{id}: any subset; `items` replaces the whole list. */
export const SavedMealUpdateSchema = z
  .object({ name: nameSchema.optional(), meal_type: MealTypeSchema.nullable().optional(), items: itemsSchema.optional() })
  .meta({ id: 'SavedMealUpdate' });
export type SavedMealUpdate = z.infer<typeof SavedMealUpdateSchema>;

/**
 * POST /saved-meals/{id}/log: one entry per item, amounts × `multiplier`. `date` defaults to today (the user's time
 * zone), `meal_type` to the saved meal's (422 when it has none).
 */
export const SavedMealLogSchema = z
  .object({
    date: LocalDateSchema.optional(),
    meal_type: MealTypeSchema.optional(),
    multiplier: z
      .number({ error: 'multiplier must be a number' })
      .gt(0, 'multiplier must be greater than 0')
      .max(MAX_SAVED_MEAL_MULTIPLIER, `multiplier must be at most ${MAX_SAVED_MEAL_MULTIPLIER}`)
      .default(1),
  })
  .meta({ id: 'SavedMealLog' });
export type SavedMealLog = z.infer<typeof SavedMealLogSchema>;

export const SavedMealSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    meal_type: MealTypeSchema.nullable(),
    items: z.array(SavedMealItemSchema),
    totals: z.object({ calories: z.number(), protein: z.number(), carbs: z.number(), fat: z.number(), fiber: z.number() }),
    times_logged: z.number().int(),
    last_logged_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'SavedMeal' });
export type SavedMeal = z.infer<typeof SavedMealSchema>;
export const SavedMealListSchema = z.array(SavedMealSchema);
