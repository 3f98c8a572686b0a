import { z } from 'zod';
import { ServingChoiceSchema } from './food-logs.ts';

/**
 * Spec §3 Favorite food. Values are for one `serving_size`. Adding a food (or a manual name) that is
 * already a favorite answers 200 with that favorite, now holding the serving and numbers just sent (its status,
 * consumption_count and last_consumed kept), instead of 201 — never a duplicate.
 */
export const FavoriteFoodSchema = z
  .object({
    id: z.number().int(),
    food_id: z.string().nullable(),
    food_name: z.string(),
    serving_size: z.string(),
    calories: z.number(),
    protein: z.number(),
    carbohydrates: z.number(),
    carbs: z.number(),
    fat: z.number(),
    status: z.string(),
    consumption_count: z.number().int(),
    last_consumed: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'FavoriteFood' });
export type FavoriteFood = z.infer<typeof FavoriteFoodSchema>;

export const FavoriteFromFoodSchema = z.object({ food_id: z.string().min(1).max(80), serving: ServingChoiceSchema.optional() });

const amount = (what: string, max: number) =>
  z.number({ error: `${what} must be a number` }).min(0, `${what} must not be negative`).max(max, `${what} must be at most ${max}`);

export const ManualFavoriteSchema = z.object({
  food_name: z.string().trim().min(1, 'food_name is required').max(200),
  /** Text ("1 slice") or a number of grams, as a search result's numeric `serving_size` (stored as "30 g"). */
  serving_size: z
    .union([z.number().positive('serving_size must be positive').max(10_000).transform((g) => `${g} g`), z.string().trim().min(1).max(200)])
    .default('serving'),
  calories: amount('calories', 20_000),
  protein: amount('protein', 2_000).default(0),
  carbohydrates: amount('carbohydrates', 2_000).optional(),
  carbs: amount('carbs', 2_000).optional(),
  fat: amount('fat', 2_000).default(0),
});
export const FavoriteFoodListSchema = z.array(FavoriteFoodSchema);
