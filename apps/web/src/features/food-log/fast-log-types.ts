/**
 * The wire shapes of issue 41's calls (describe-it parse, copy, recent meals, saved meals, recent foods).
 * Local until packages/contracts exports them (the API side lands in parallel); the names follow the wire.
 */
import type { MealType } from '@app/contracts/constants';
import type { FoodLogEntry, FoodSearchResult } from '@app/contracts';

export interface ParseRequest {
  text: string;
  meal_type?: MealType;
  date?: string;
}

export interface ParsedAlternative {
  id: string;
  name: string;
  grams: number;
}

export interface ParsedItem {
  text: string;
  food: { id: string; name: string };
  quantity: number;
  unit: string;
  grams: number;
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  fiber: number;
  confidence: number;
  alternatives: ParsedAlternative[];
}

export interface ParseResponse {
  items: ParsedItem[];
  unmatched: string[];
}

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
