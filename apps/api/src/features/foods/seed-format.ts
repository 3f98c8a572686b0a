/** The shape of apps/api/seed/usda-sr21.json.gz, shared by the build script and the loader. */
export const SEED_NUTRIENTS = [
  'calories', 'protein', 'carbs', 'fat', 'fiber', 'sugar', 'sodium', 'potassium',
  'saturated_fat', 'monounsaturated_fat', 'polyunsaturated_fat', 'cholesterol',
] as const;
/** Vitamins and minerals the SR21 data carries, after SEED_NUTRIENTS in the same list; blank in SR21 = null (not known). */
export const SEED_MICRONUTRIENTS = [
  'calcium', 'iron', 'magnesium', 'zinc', 'vitamin_a', 'vitamin_c', 'vitamin_e', 'vitamin_k', 'vitamin_b6', 'vitamin_b12', 'folate',
] as const;

/** [NDB number, food group code, USDA description, nutrients per 100 g (SEED_NUTRIENTS then SEED_MICRONUTRIENTS order), household measures [amount, unit, grams]]. */
export type SeedFood = [string, string, string, (number | null)[], [number, string, number][]];

export interface UsdaSeed {
  format: 1;
  source: string;
  nutrients: string[];
  foods: SeedFood[];
}
