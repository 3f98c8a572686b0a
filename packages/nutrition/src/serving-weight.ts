/**
 * The weight a serving's own unit implies: "60 g" weighs 60 g, "2 oz" 56.7 g, "250 ml" about 250 g (water's density:
 * the label gives no other). Other units ("bar", "cup", "slice") imply nothing: their weight has to be given. No
 * dependencies: the web imports it as '@app/nutrition/serving-weight'.
 */
const GRAMS_PER_UNIT: Record<string, number> = {
  g: 1, gram: 1, grams: 1, gr: 1,
  kg: 1000, kilogram: 1000, kilograms: 1000,
  mg: 0.001, milligram: 0.001, milligrams: 0.001,
  oz: 28.3495, ounce: 28.3495, ounces: 28.3495,
  lb: 453.592, lbs: 453.592, pound: 453.592, pounds: 453.592,
};
const ML_PER_UNIT: Record<string, number> = { ml: 1, milliliter: 1, milliliters: 1, millilitre: 1, millilitres: 1, l: 1000, liter: 1000, liters: 1000, litre: 1000, litres: 1000 };

const key = (unit: string) => unit.trim().toLowerCase().replace(/\.$/, '');

/** Whether the unit is a weight, so the serving's grams follow from its size alone. */
export const isWeightUnit = (unit: string): boolean => key(unit) in GRAMS_PER_UNIT;

/**
 * Grams of `size` × `unit`: exact for a weight, at 1 g per ml for a volume of ml or litres, null for any other unit.
 * Rounded to 0.1 g.
 */
export function servingWeight(size: number, unit: string): number | null {
  const k = key(unit);
  const perUnit = GRAMS_PER_UNIT[k] ?? ML_PER_UNIT[k];
  return perUnit === undefined ? null : Math.round(size * perUnit * 10) / 10;
}
