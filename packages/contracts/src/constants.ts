/** Business constants of spec §9, shared by the API and the web app. */
export const NOTIFICATION_PAGE_SIZE = 10;
export const NOTIFICATION_API_DEFAULT_LIMIT = 100;
export const NOTIFICATION_API_DEFAULT_SKIP = 0;
export const BADGE_FETCH_SIZE = 100;
export const BADGE_POLL_INTERVAL_MS = 30_000;
export const BADGE_DISPLAY_CAP = 99;
export const NOTIFICATION_PANEL_WIDTH = 360;
export const NOTIFICATION_PANEL_MAX_HEIGHT = 480;
export const BADGE_LOG_THROTTLE_MS = 10_000;
export const PUSH_TOKEN_RETRY_MS = 3_000;
export const PUSH_INIT_DELAY_MS = 1_000;
export const SECOND_BADGE_UPDATE_DELAY_MS = 1_000;

/** RTK Query cache lifetimes, seconds. */
export const CACHE_SECONDS = {
  foodSearch: 300,
  barcode: 300,
  foodDetail: 300,
  notificationPreferences: 300,
  default: 60,
  nearbyPlaces: 60,
  historicalStats: 0,
} as const;
export const DEFAULT_NEARBY_RADIUS = 1000;

export const MEAL_PLAN_LIST_PAGE_SIZE = 10;
/** The most foods one search answer holds (page_size); the web's search lists up to this many. */
export const FOOD_SEARCH_MAX_PAGE_SIZE = 50;
export const MULTI_DAY_POLL = {
  maxAttempts: 120,
  initialDelayMs: 1_000,
  maxDelayMs: 5_000,
  maxConsecutiveErrors: 3,
  missingDaysAttempts: 3,
  missingDaysDelayMs: 1_000,
} as const;
export const RECOVERY_REFETCH = { attempts: 5, backoffMs: (attempt: number) => Math.min(attempt * 1500, 5000) } as const;
export const PROCESSING_PLAN_POLL_MS = 3_000;
export const DAILY_PLAN_POLL = { intervalMs: 1_000, maxAttempts: 30 } as const;

export const PLACEHOLDER_MEAL_CALORIES = { breakfast: 500, lunch: 700, dinner: 800, snack: 300 } as const;
export const PLACEHOLDER_VARIATION = 0.2;
export const PLACEHOLDER_MACRO_SPLIT = { protein: 0.2, carbs: 0.5, fat: 0.3 } as const;
export const KCAL_PER_GRAM = { protein: 4, carbs: 4, fat: 9 } as const;

export const ADMIN_USERS_DEFAULT_LIMIT = 10;
export const ADMIN_ACTIVITY_DEFAULT_LIMIT = 50;
export const RECENT_LOCATIONS_HOURS = 24;
export const INSIGHTS_DEFAULT_DAYS = { analysis: 7, mealTiming: 14, patterns: 14, nutrients: 7 } as const;
export const TOOLTIP_ENTER_DELAY_MS = 100;
export const MOBILE_BOTTOM_BAR_HEIGHT = 56;
export const CONTENT_MAX_WIDTH = 1200;
export const DEFAULT_LOG_LEVEL = 'ERROR';
export const TOKEN_STORAGE_KEY = 'token';

export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export type MealType = (typeof MEAL_TYPES)[number];

export const DIET_TYPES = [
  { id: 'vegetarian', label: 'Vegetarian' },
  { id: 'vegan', label: 'Vegan' },
  { id: 'pescatarian', label: 'Pescatarian' },
  { id: 'keto', label: 'Keto' },
  { id: 'low_carb', label: 'Low carb' },
  { id: 'paleo', label: 'Paleo' },
  { id: 'mediterranean', label: 'Mediterranean' },
  { id: 'gluten_free', label: 'Gluten free' },
  { id: 'dairy_free', label: 'Dairy free' },
] as const;
export type DietTypeId = (typeof DIET_TYPES)[number]['id'];
export const DIET_TYPE_IDS = DIET_TYPES.map((d) => d.id) as [DietTypeId, ...DietTypeId[]];

export const ALLERGIES = [
  { id: 'peanuts', label: 'Peanuts' },
  { id: 'tree_nuts', label: 'Tree nuts' },
  { id: 'milk', label: 'Milk' },
  { id: 'eggs', label: 'Eggs' },
  { id: 'fish', label: 'Fish' },
  { id: 'shellfish', label: 'Shellfish' },
  { id: 'soy', label: 'Soy' },
  { id: 'wheat', label: 'Wheat' },
  { id: 'sesame', label: 'Sesame' },
] as const;
export type AllergyId = (typeof ALLERGIES)[number]['id'];
export const ALLERGY_IDS = ALLERGIES.map((a) => a.id) as [AllergyId, ...AllergyId[]];

export const SHOPPING_LIST_CATEGORIES = [
  'Proteins',
  'Fruits & Vegetables',
  'Grains & Bread',
  'Dairy',
  'Seasonings & Condiments',
  'Other',
] as const;

/** Vitamins and minerals carried by foods and log entries (issue 11 §3), in the units of MICRONUTRIENT_UNITS. */
export const MICRONUTRIENT_KEYS = ['calcium', 'iron', 'magnesium', 'zinc', 'vitamin_a', 'vitamin_c', 'vitamin_d', 'vitamin_e', 'vitamin_k', 'vitamin_b6', 'vitamin_b12', 'folate'] as const;
export type MicronutrientKey = (typeof MICRONUTRIENT_KEYS)[number];
export const MICRONUTRIENT_UNITS: Record<MicronutrientKey, 'mg' | 'µg'> = {
  calcium: 'mg', iron: 'mg', magnesium: 'mg', zinc: 'mg', vitamin_a: 'µg', vitamin_c: 'mg', vitamin_d: 'µg', vitamin_e: 'mg', vitamin_k: 'µg', vitamin_b6: 'mg', vitamin_b12: 'µg', folate: 'µg',
};

/** Logging reminder times a user may set (reminders.ts; the settings screen says so before asking). */
export const MAX_LOGGING_REMINDER_TIMES = 6;

/** Servings in one food-log entry: more than 0, at most this (food-logs.ts; the forms say it as "From 0.01 to 100"). */
export const MAX_SERVINGS_PER_LOG = 100;

/** Servings of a recipe and grams of one ingredient, at most (recipes.ts; the recipe forms say "From 1 to 1,000" and "From 0.01 to 100,000"). */
export const MAX_RECIPE_SERVINGS = 1000;
export const MAX_INGREDIENT_GRAMS = 100_000;

/** Saved meals a user may keep (saved-meals.ts; past it POST /saved-meals answers 422 saying so), and foods in one. */
export const MAX_SAVED_MEALS_PER_USER = 200;
export const MAX_SAVED_MEAL_ITEMS = 50;
/** A saved meal is logged at most this many times over at once (POST /saved-meals/{id}/log `multiplier`). */
export const MAX_SAVED_MEAL_MULTIPLIER = 10;
/** Entries one POST /food-logs/copy writes at most (like one batch); a bigger day is copied a meal at a time. */
export const MAX_COPY_ENTRIES = 100;
/** Days GET /food-logs/recent-meals lists by default, and at most. */
export const RECENT_MEALS_DEFAULT_LIMIT = 5;
export const RECENT_MEALS_MAX_LIMIT = 20;
/** Days the server keeps an Idempotency-Key with its first answer (at least; the hourly maintenance job removes older ones). */
export const IDEMPOTENCY_KEY_DAYS = 7;
