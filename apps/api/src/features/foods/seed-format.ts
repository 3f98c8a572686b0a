/** The shape of apps/api/seed/usda-sr21.json.gz, shared by the build script and the loader. */
export const SEED_NUTRIENTS = [
  'calories', 'protein', 'carbs', 'fat', 'fiber', 'sugar', 'sodium', 'potassium',
  'saturated_fat', 'monounsaturated_fat', 'polyunsaturated_fat', 'cholesterol',
] as const;

/** [NDB number, food group code, USDA description, nutrients per 100 g (SEED_NUTRIENTS order), household measures [amount, unit, grams]]. */
export type SeedFood = [string, string, string, number[], [number, string, number][]];

export interface UsdaSeed {
  format: 1;
  source: string;
  nutrients: string[];
  foods: SeedFood[];
}
