import { MAX_SERVINGS_PER_LOG } from '@app/contracts/constants';

/** The API's bounds for a saved recipe (RecipeSaveBodySchema) and for logging servings of one (POST /food-logs), as the forms say them. */
export const RECIPE_SERVINGS = { min: 1, max: 1000 };
export const INGREDIENT_GRAMS = { min: 0.01, max: 100_000 };
export const LOG_SERVINGS = { min: 0.01, max: MAX_SERVINGS_PER_LOG };
