import { z } from 'zod';
import { MAX_INGREDIENT_GRAMS, MAX_RECIPE_SERVINGS } from './constants.ts';

/** Nutrient amounts of a recipe (per serving or in total), g except sodium, potassium and cholesterol (mg). Default 0 each. */
export const RecipeNutritionSchema = z
  .object({
    calories: z.number().default(0),
    protein: z.number().default(0),
    carbs: z.number().default(0),
    fat: z.number().default(0),
    fiber: z.number().default(0),
    sugar: z.number().default(0),
    sodium: z.number().default(0),
    potassium: z.number().default(0),
    saturated_fat: z.number().default(0),
    monounsaturated_fat: z.number().default(0),
    polyunsaturated_fat: z.number().default(0),
    trans_fat: z.number().default(0),
    cholesterol: z.number().default(0),
  })
  .meta({ id: 'RecipeNutrition' });
export type RecipeNutrition = z.infer<typeof RecipeNutritionSchema>;

export const ValidateUrlQuerySchema = z.object({ url: z.string().trim().min(1, 'url must not be empty').max(2000) });
export const ValidateUrlResponseSchema = z.object({ valid: z.boolean(), domain: z.string(), reason: z.string().optional() });
export const AllowedDomainsSchema = z.object({ domains: z.array(z.string()), any_public_host: z.boolean() });

/**
 * What one analysis reads: at most this many ingredient lines of at most this many characters, typed or imported
 * (an imported page with more lines, or a longer line, answers 422 saying so; nothing is analysed).
 */
export const MAX_RECIPE_INGREDIENT_LINES = 100;
export const MAX_INGREDIENT_LINE_LENGTH = 500;

const line = z.string().trim().min(1).max(MAX_INGREDIENT_LINE_LENGTH);
/** POST /recipes/analyze: a web address, or typed ingredient lines. */
export const AnalyzeRecipeBodySchema = z
  .object({
    url: z.string().trim().min(1).max(2000).optional(),
    title: z.string().trim().max(200).optional(),
    servings: z.number().positive().max(MAX_RECIPE_SERVINGS).optional(),
    ingredients: z.array(line).min(1, 'Give at least one ingredient line').max(MAX_RECIPE_INGREDIENT_LINES).optional(),
  })
  .refine((b) => b.url || b.ingredients, { message: 'Send a url or ingredient lines', path: ['url'] });
export type AnalyzeRecipeBody = z.infer<typeof AnalyzeRecipeBodySchema>;

export const AnalyzedIngredientSchema = z.object({
  original: z.string(),
  quantity: z.number().nullable(),
  quantity2: z.number().nullable(),
  unit: z.string().nullable(),
  food_words: z.string(),
  food_id: z.string().nullable(),
  food_name: z.string().nullable(),
  grams: z.number().nullable(),
  /** How the grams were found, or why they could not be. */
  conversion: z.string(),
  nutrients: RecipeNutritionSchema,
  confidence: z.number(),
});
export type AnalyzedIngredient = z.infer<typeof AnalyzedIngredientSchema>;

export const RecipeDetailsSchema = z
  .object({
    title: z.string(),
    servings: z.number(),
    yields: z.string().nullable(),
    source_url: z.string().nullable(),
    site_name: z.string().nullable(),
    image: z.string().nullable(),
    author: z.string().nullable(),
    instructions: z.array(z.string()),
    total_time_minutes: z.number().nullable(),
    prep_time_minutes: z.number().nullable(),
    cook_time_minutes: z.number().nullable(),
    ingredients: z.array(AnalyzedIngredientSchema),
    unmatched: z.array(z.string()),
    nutrition_total: RecipeNutritionSchema,
    nutrition_per_serving: RecipeNutritionSchema,
    /** Calories per serving as the page states them, when it does. */
    stated_calories_per_serving: z.number().nullable(),
  })
  .meta({ id: 'RecipeDetails' });
export const AnalyzeRecipeResponseSchema = z.object({ recipe_details: RecipeDetailsSchema });

/** A saved recipe's ingredient: a database food and its weight. */
export const RecipeIngredientInputSchema = z.object({
  food_id: z.string().min(1).max(80),
  grams: z.number().positive().max(MAX_INGREDIENT_GRAMS),
  original: z.string().trim().max(500).optional(),
});
/** A link the app opens or an image it shows: http or https only (a `javascript:` or `data:` URL is refused). */
const WebUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/[^\s/]/i.test(v), 'must be an http or https URL');
export const RecipeSaveBodySchema = z.object({
  title: z.string().trim().min(1, 'title must not be empty').max(200),
  servings: z.number().positive().max(MAX_RECIPE_SERVINGS),
  ingredients: z.array(RecipeIngredientInputSchema).min(1, 'Add at least one ingredient').max(100),
  instructions: z.array(z.string().trim().max(5000)).max(100).default([]),
  source_url: WebUrlSchema.nullable().optional(),
  image: WebUrlSchema.nullable().optional(),
});
export type RecipeSaveBody = z.infer<typeof RecipeSaveBodySchema>;

export const SavedRecipeSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    servings: z.number(),
    source_url: z.string().nullable(),
    image: z.string().nullable(),
    instructions: z.array(z.string()),
    ingredients: z.array(z.object({ food_id: z.string().nullable(), food_name: z.string(), grams: z.number(), original: z.string().nullable(), nutrients: RecipeNutritionSchema })),
    nutrition_total: RecipeNutritionSchema,
    nutrition_per_serving: RecipeNutritionSchema,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'SavedRecipe' });
export type SavedRecipe = z.infer<typeof SavedRecipeSchema>;
export const RecipeListItemSchema = SavedRecipeSchema.pick({ id: true, title: true, servings: true, image: true, nutrition_per_serving: true, created_at: true, updated_at: true });
export const RecipeSearchQuerySchema = z.object({ query: z.string().trim().min(1, 'query must not be empty').max(200) });
export const RecipeSuggestionsSchema = z.object({ suggestions: z.array(z.string()) });
