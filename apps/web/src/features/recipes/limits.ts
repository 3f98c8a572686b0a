import { MAX_INGREDIENT_GRAMS, MAX_RECIPE_SERVINGS, MAX_SERVINGS_PER_LOG } from '@app/contracts/constants';

/** The API's bounds for a saved recipe (RecipeSaveBodySchema) and for logging servings of one (POST /food-logs), as the forms say them. */
export const RECIPE_SERVINGS = { min: 1, max: MAX_RECIPE_SERVINGS };
export const INGREDIENT_GRAMS = { min: 0.01, max: MAX_INGREDIENT_GRAMS };
export const LOG_SERVINGS = { min: 0.01, max: MAX_SERVINGS_PER_LOG };
