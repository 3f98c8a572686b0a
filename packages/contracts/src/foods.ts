import { z } from 'zod';
import { FOOD_SEARCH_MAX_PAGE_SIZE } from './constants.ts';
import { MealTypeSchema } from './common.ts';

/**
 * A household serving of a food. Every food lists its own measures first (the default one at index 0),
 * then `1 g` (id "g") and `100 g` (id "100g"), so a client can always log by weight.
 * `description` reads like "1 medium (118 g)"; `grams` is the weight of one such serving.
 */
export const FoodServingSchema = z
  .object({
    id: z.string(),
    description: z.string(),
    amount: z.number(),
    unit: z.string(),
    grams: z.number(),
  })
  .meta({ id: 'FoodServing' });
export type FoodServing = z.infer<typeof FoodServingSchema>;

export const FOOD_SOURCES = ['usda_sr21', 'off', 'fdc', 'custom'] as const;
export const FoodSourceSchema = z.enum(FOOD_SOURCES);

/** Spec §3 Food search result. `calories` is for the default serving (`serving_size` `serving_unit`). */
export const FoodSearchResultSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    brand_name: z.string(),
    food_type: z.enum(['Generic', 'Brand']),
    serving_size: z.number(),
    serving_unit: z.string(),
    serving_description: z.string(),
    serving_grams: z.number(),
    calories: z.number(),
    fatsecret_food_id: z.string().nullable(),
    source: FoodSourceSchema,
    source_id: z.string(),
    servings: z.array(FoodServingSchema),
  })
  .meta({ id: 'FoodSearchResult' });
export type FoodSearchResult = z.infer<typeof FoodSearchResultSchema>;

/** Nutrient amounts, in g except sodium, potassium and cholesterol (mg). */
export const FoodNutrientsSchema = z.object({
  calories: z.number(),
  protein: z.number(),
  carbs: z.number(),
  fat: z.number(),
  fiber: z.number(),
  saturated_fat: z.number(),
  polyunsaturated_fat: z.number(),
  monounsaturated_fat: z.number(),
  trans_fat: z.number(),
  cholesterol: z.number(),
  sodium: z.number(),
  potassium: z.number(),
  sugar: z.number(),
});
export type FoodNutrients = z.infer<typeof FoodNutrientsSchema>;

// The micronutrient keys and units live in constants.ts (no zod), so the web app's food log can show them
// without loading the schemas.
export { MICRONUTRIENT_KEYS, MICRONUTRIENT_UNITS, type MicronutrientKey } from './constants.ts';
const knownOrNull = z.number().nullable();
/** null = not known (the source does not give it), never 0. Vitamin A is µg RAE, folate µg DFE. */
export const MicronutrientsSchema = z
  .object({ calcium: knownOrNull, iron: knownOrNull, magnesium: knownOrNull, zinc: knownOrNull, vitamin_a: knownOrNull, vitamin_c: knownOrNull, vitamin_d: knownOrNull, vitamin_e: knownOrNull, vitamin_k: knownOrNull, vitamin_b6: knownOrNull, vitamin_b12: knownOrNull, folate: knownOrNull })
  .meta({ id: 'Micronutrients' });
export type Micronutrients = z.infer<typeof MicronutrientsSchema>;

/** Spec §3 Food detail / barcode result: nutrients for the default serving, plus `per_100g`. */
export const FoodDetailSchema = FoodSearchResultSchema.extend({
  food_description: z.string(),
  food_group: z.string(),
  barcode: z.string().nullable(),
  ...FoodNutrientsSchema.shape,
  /** For the default serving. */
  micronutrients: MicronutrientsSchema,
  per_100g: FoodNutrientsSchema,
  micronutrients_per_100g: MicronutrientsSchema,
}).meta({ id: 'FoodDetail' });
export type FoodDetail = z.infer<typeof FoodDetailSchema>;

export const FoodSearchQuerySchema = z.object({
  query: z.string().trim().min(1, 'query must not be empty').max(200, 'query is too long'),
  page: z.coerce.number().int().min(1).max(50).default(1),
  page_size: z.coerce.number().int().min(1).max(FOOD_SEARCH_MAX_PAGE_SIZE).default(20),
});
export type FoodSearchQuery = z.infer<typeof FoodSearchQuerySchema>;

/**
 * `match`: "full" when the foods match every query word; "partial" when none did and the answer is the best
 * matches of some of the words ("avocado toast" → avocado, toast), or of words spelt like a word no food has
 * ("latte" → late, potato).
 */
export const FoodSearchResponseSchema = z
  .object({
    foods: z.array(FoodSearchResultSchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    match: z.enum(['full', 'partial']),
  })
  .meta({ id: 'FoodSearchResponse' });
export type FoodSearchResponse = z.infer<typeof FoodSearchResponseSchema>;

export const RECENT_FOODS_MAX = 50;

/** GET /foods/recent: `meal_type` narrows the list to foods logged in that meal, when there are some. */
export const RecentFoodsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(RECENT_FOODS_MAX, `limit must be at most ${RECENT_FOODS_MAX}`)
    .default(20),
  meal_type: MealTypeSchema.optional(),
});
export type RecentFoodsQuery = z.infer<typeof RecentFoodsQuerySchema>;

/**
 * A food the user logged: the same food object a search answers, how many times they logged it (in the meal, when
 * the list is narrowed to one), and the latest entry: when it was logged (`last_logged_at`, an instant in UTC), the
 * day it was logged for (`last_logged_date`, the user's local date) and its serving, to log it again as it was.
 * `serving_grams` is null for entries that did not record one.
 */
export const RecentFoodSchema = z
  .object({
    food: FoodSearchResultSchema,
    times_logged: z.number().int(),
    last_logged_at: z.string(),
    last_logged_date: z.string(),
    last_serving: z.object({
      serving_description: z.string(),
      number_of_servings: z.number(),
      serving_grams: z.number().nullable(),
    }),
  })
  .meta({ id: 'RecentFood' });
export type RecentFood = z.infer<typeof RecentFoodSchema>;
export const RecentFoodListSchema = z.array(RecentFoodSchema);

export const FoodIdParamsSchema = z.object({
  id: z.string().min(1).max(80),
});

/** Digits only (spaces and dashes are tolerated and dropped), 8 to 14 of them: UPC-E/EAN-8, UPC-A, EAN-13, GTIN-14. */
export const BarcodeSchema = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{8,14}$/, 'A barcode has 8 to 14 digits'));
export const BarcodeParamsSchema = z.object({ barcode: BarcodeSchema });

const amount = (what: string, max: number) =>
  z.number({ error: `${what} must be a number` }).min(0, `${what} must not be negative`).max(max, `${what} must be at most ${max}`);

/** Per-serving nutrients of a custom food (g; sodium, potassium, cholesterol in mg). */
export const CustomFoodBodySchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(200),
  brand_name: z.string().trim().max(200).default(''),
  serving_size: z.number().positive().max(10_000).default(1),
  serving_unit: z.string().trim().min(1).max(40).default('serving'),
  /**
   * Weight of one serving in grams; needed to log it by weight. Left out: the serving's size when its unit is a weight
   * (60 g → 60; 2 oz → 56.7) or ml (1 g per ml), else 100. With a weight unit it must agree with the size.
   */
  serving_grams: z
    .number()
    .positive()
    .max(10_000)
    .optional()
    .meta({ description: 'Weight of one serving in grams. Default: the size when serving_unit is a weight (g, kg, oz, lb) or ml (1 g per ml), else 100. With a weight unit it must agree with serving_size.' }),
  barcode: BarcodeSchema.optional(),
  calories: amount('calories', 20_000),
  protein: amount('protein', 2_000).default(0),
  carbs: amount('carbs', 2_000).default(0),
  fat: amount('fat', 2_000).default(0),
  fiber: amount('fiber', 2_000).default(0),
  sugar: amount('sugar', 2_000).default(0),
  saturated_fat: amount('saturated_fat', 2_000).default(0),
  polyunsaturated_fat: amount('polyunsaturated_fat', 2_000).default(0),
  monounsaturated_fat: amount('monounsaturated_fat', 2_000).default(0),
  trans_fat: amount('trans_fat', 2_000).default(0),
  cholesterol: amount('cholesterol', 100_000).default(0),
  sodium: amount('sodium', 100_000).default(0),
  potassium: amount('potassium', 100_000).default(0),
});
export type CustomFoodBody = z.infer<typeof CustomFoodBodySchema>;
