import type { z } from 'zod';
import type {
  CustomFoodBodySchema,
  FavoriteFromFoodSchema,
  FoodLogUpdateSchema,
  ManualFavoriteSchema,
  ManualFoodSchema,
  ManualFoodLogSchema,
} from '@app/contracts';

export type {
  DailySummary,
  FavoriteFood,
  FoodDetail,
  FoodLogEntry,
  FoodNutrients,
  FoodSearchResponse,
  FoodSearchResult,
  FoodServing,
  MealSummary,
  NutrientTotals,
  ServingChoice as ServingPayload,
} from '@app/contracts';

/** Request bodies as the client writes them (fields with server defaults are optional). */
export type CustomFoodInput = z.input<typeof CustomFoodBodySchema>;
export type ManualFoodLog = z.input<typeof ManualFoodLogSchema>;
export type FoodLogUpdate = z.input<typeof FoodLogUpdateSchema>;
export type FavoriteFromFood = z.input<typeof FavoriteFromFoodSchema>;
export type FavoriteManualInput = z.input<typeof ManualFavoriteSchema>;
export type ManualFood = z.infer<typeof ManualFoodSchema>;

export const NUTRIENT_KEYS = [
  'calories',
  'protein',
  'carbs',
  'fat',
  'fiber',
  'sugar',
  'saturated_fat',
  'monounsaturated_fat',
  'polyunsaturated_fat',
  'trans_fat',
  'cholesterol',
  'sodium',
  'potassium',
] as const;
