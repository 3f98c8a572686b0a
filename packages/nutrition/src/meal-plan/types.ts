/** Shapes of the meal-plan optimiser: request in, spec §3 Plan day / Meal slot / Plan food out. */
export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export type MealType = (typeof MEAL_TYPES)[number];
export const ROLES = ['protein', 'starch', 'vegetable', 'fruit', 'dairy', 'fat', 'drink', 'snack'] as const;
export type Role = (typeof ROLES)[number];
export const ALLERGENS = ['peanuts', 'tree_nuts', 'milk', 'eggs', 'fish', 'shellfish', 'soy', 'wheat', 'sesame'] as const;
export type Allergen = (typeof ALLERGENS)[number];
export const DIET_TYPES = ['vegetarian', 'vegan', 'pescatarian', 'keto', 'low_carb', 'paleo', 'mediterranean', 'gluten_free', 'dairy_free'] as const;
export type DietType = (typeof DIET_TYPES)[number];

export interface Macros { calories: number; protein: number; carbs: number; fat: number; fiber: number }

export interface CatalogueFood {
  ndb: string; food_id: string; name: string; usda_name: string; group: string; role: Role; meals: MealType[];
  per_100g: { calories: number; protein: number; carbs: number; fat: number; fiber: number; sugar: number | null; sodium_mg: number | null; saturated_fat: number | null };
  portion: { unit: string; unit_grams: number; min: number; max: number; step: number };
  diets: DietType[]; allergens: Allergen[];
}

export interface MealPlanRequest {
  days: number;
  goals: Macros;
  /** Free-form strings from user settings are accepted; unknown ones are handled conservatively. */
  diet_types?: string[];
  allergies?: string[];
  favorite_food_ids?: string[];
  /** kcal or fractions per meal; defaults to 500/700/800/300. */
  meal_split?: Partial<Record<MealType, number>>;
  alternatives_enabled?: boolean;
  seed?: number;
  exclude_food_ids?: string[];
  /** Plan only these meals (regenerate one meal, fill the rest of today). */
  meals?: MealType[];
  /** Already logged today: the plan fills what is left of the goals. */
  already_eaten?: Partial<Macros>;
  /** First day's local date (YYYY-MM-DD); days after it get consecutive dates. */
  start_date?: string;
}

export interface PlanFoodBase {
  id: string; food_id: string; name: string; serving_size: number; serving_unit: string;
  calories: number; protein: number; carbs: number; fat: number; fiber: number; reasoning: string; meal_type: MealType;
}
export interface PlanFood extends PlanFoodBase { alternatives: PlanFoodBase[] }

export interface MealSlot {
  foods: PlanFood[]; total_calories: number; total_protein: number; total_carbs: number; total_fat: number; notes: string;
}

export interface DaySummary {
  totals: Macros; goals: Macros;
  /** Signed difference plan − goal, and the same as a percent of the goal. */
  deviation: Macros; deviation_percent: Macros;
  within_tolerance: boolean;
}

export interface PlanDay {
  day_number: number; date?: string;
  meals: Partial<Record<MealType, MealSlot>>;
  summary: DaySummary;
}

export interface PlanWeekResult {
  days: PlanDay[];
  /** Solver facts for logs and the benchmark. */
  stats: {
    solver: 'highs' | 'greedy'; seconds: number; fallback_days: number[];
    /** Days whose first solve missed tolerance and were solved again from a fresh sample. */
    retried_days: number[];
    /** Days whose foods were changed by the composition repair (repair.ts). */
    repaired_days: number[];
  };
}
