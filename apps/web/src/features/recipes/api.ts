import { api } from '../../lib/api';

export interface RecipeNutrition {
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  fiber: number;
  sugar: number;
  sodium: number;
}
export interface AnalyzedIngredient {
  original: string;
  quantity: number | null;
  unit: string | null;
  food_words: string;
  food_id: string | null;
  food_name: string | null;
  grams: number | null;
  conversion: string;
  nutrients: RecipeNutrition;
  confidence: number;
}
export interface RecipeDetails {
  title: string;
  servings: number;
  source_url: string | null;
  image: string | null;
  instructions: string[];
  ingredients: AnalyzedIngredient[];
  unmatched: string[];
  nutrition_per_serving: RecipeNutrition;
}
export interface SavedRecipe {
  id: number;
  title: string;
  servings: number;
  source_url: string | null;
  image: string | null;
  instructions: string[];
  ingredients: { food_id: string | null; food_name: string; grams: number; original: string | null; nutrients: RecipeNutrition }[];
  nutrition_per_serving: RecipeNutrition;
}
export type RecipeListItem = Pick<SavedRecipe, 'id' | 'title' | 'servings' | 'image' | 'nutrition_per_serving'>;
export interface RecipeSaveBody {
  title: string;
  servings: number;
  ingredients: { food_id: string; grams: number; original?: string }[];
  instructions?: string[];
  source_url?: string | null;
  image?: string | null;
}
export type AnalyzeBody = { url: string } | { title?: string; servings?: number; ingredients: string[] };

/** Recipe calls (spec §7 Recipes, GET /food-logs/recipes and /food-logs/recipe/{id}). */
export const recipesApi = api.injectEndpoints({
  endpoints: (build) => ({
    analyzeRecipe: build.mutation<{ recipe_details: RecipeDetails }, AnalyzeBody>({
      query: (body) => ({ url: '/recipes/analyze', method: 'POST', body }),
    }),
    myRecipes: build.query<RecipeListItem[], void>({ query: () => '/food-logs/recipes' }),
    searchRecipes: build.query<RecipeListItem[], string>({ query: (query) => ({ url: '/recipes/search', params: { query } }) }),
    recipe: build.query<SavedRecipe, number>({ query: (id) => `/food-logs/recipe/${id}` }),
    saveRecipe: build.mutation<SavedRecipe, RecipeSaveBody>({ query: (body) => ({ url: '/recipes', method: 'POST', body }) }),
    deleteRecipe: build.mutation<void, number>({ query: (id) => ({ url: `/recipes/${id}`, method: 'DELETE' }) }),
  }),
});

export const { useAnalyzeRecipeMutation, useMyRecipesQuery, useSearchRecipesQuery, useRecipeQuery, useSaveRecipeMutation, useDeleteRecipeMutation } = recipesApi;
