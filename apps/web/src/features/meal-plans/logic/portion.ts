import { formatPortion } from '@app/nutrition/portion';

/**
 * A portion as the plan screen and the plan e-mail write it (formatPortion): "4 pancakes", "7 oz (199 g)". The shopping
 * list and the entries a plan day logs use it too, so the same serving reads the same everywhere ("4 pancake" there before).
 */
export function portionText(size: number | null | undefined, unit: string | null | undefined): string {
  return formatPortion({ serving_size: size, serving_unit: unit });
}
