/**
 * The wire shapes of issue 41's calls (describe-it parse, copy, recent meals, saved meals, recent foods): from
 * packages/contracts where they are exported, else written here after the agreed contract until they are.
 */
import type { MealType } from '@app/contracts/constants';
import type { z } from 'zod';
import type { FoodLogEntry, FoodParseAlternativeSchema, FoodParseRequestSchema, FoodSearchResult } from '@app/contracts';

export type ParseRequest = z.input<typeof FoodParseRequestSchema>;
export type { FoodParseItem as ParsedItem, FoodParseResult as ParseResponse } from '@app/contracts';
export type ParsedAlternative = z.infer<typeof FoodParseAlternativeSchema>;

export interface CopyRequest {
  from_date: string;
  to_date: string;
  meal_type?: MealType;
}

export interface RecentMeal {
  date: string;
  meal_type: MealType;
  foods: { food_name: string; number_of_servings: number; serving_description: string; calories: number }[];
  totals: { calories: number; protein: number; carbs: number; fat: number };
}

export interface SavedMealItem {
  food_id: string | null;
  food_name: string;
  serving_description: string;
  serving_grams: number | null;
  number_of_servings: number;
  calories: number;
  protein: number;
  carbohydrates: number;
  fat: number;
  fiber: number;
}

export interface SavedMeal {
  id: number;
  name: string;
  meal_type: MealType | null;
  items: SavedMealItem[];
  totals: { calories: number; protein: number; carbs: number; fat: number; fiber: number };
  times_logged: number;
  last_logged_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SavedMealCreate {
  name: string;
  meal_type?: MealType;
  from?: { date: string; meal_type: MealType };
}

export interface SavedMealLog {
  date?: string;
  meal_type?: MealType;
  multiplier?: number;
}

export interface RecentFood {
  food: FoodSearchResult;
  times_logged: number;
  last_logged_at: string;
  last_serving: { serving_description: string; number_of_servings: number; serving_grams: number | null };
}

export type { FoodLogEntry };
