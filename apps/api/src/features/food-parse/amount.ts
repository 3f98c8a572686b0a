/**
 * The amount and the food words of one part of a sentence ("2 slices of toast", "a glass of milk", "½ cup rice").
 * parse-ingredient reads numbers, fractions, ranges and units; @app/nutrition/parse turns spoken amounts into digits
 * first ("a couple of" → 2, "half a" → 0.5) and adds the measures people say of food (glass, mug, handful, slice).
 */
import { convertUnit, parseIngredient } from 'parse-ingredient';
import { amountWordsToDigits, isSize, SPOKEN_UNITS, type SaidAmount } from '@app/nutrition/parse/index';

export interface ReadPart extends SaidAmount {
  /** The food words, without the amount ("toast", "orange juice"). */
  words: string;
}

const OPTIONS = { normalizeUOM: true, additionalUOMs: SPOKEN_UNITS, leadingQuantityPrefixes: ['about', 'around', 'roughly', 'approx.', 'approximately', 'like'] };

/** Words of a part that say nothing of which food it is. */
const NOISE = /\b(?:of|the|my|some|fresh|homemade|home-made|regular|normal|plain(?= (?:bagel|toast|rice|pasta)))\b/gi;

/** "a large glass", "2 big bowls", "a small cup": a size before a measure scales the measure. */
const SIZED_MEASURE = /^(\S+\s+)?(big|large|small|medium)\s+(?=(?:glass|mug|bowl|cup|plate|slice|piece|handful|serving|portion|scoop|can|bottle|spoonful)(?:e?s)?\b)/i;
const SIZE_FACTOR: Record<string, number> = { big: 1.3, large: 1.3, medium: 1, small: 0.75 };

export function readPart(text: string): ReadPart {
  let digits = amountWordsToDigits(text);
  let factor = 1;
  const sized = SIZED_MEASURE.exec(digits);
  if (sized) {
    factor = SIZE_FACTOR[sized[2]!.toLowerCase()]!;
    digits = `${sized[1] ?? '1 '}${digits.slice(sized[0].length)}`;
  }
  const [p] = parseIngredient(digits, OPTIONS);
  if (!p) return { quantity: null, unit: null, words: tidyWords(text) };
  let quantity = p.quantity;
  let unit = p.unitOfMeasureID;
  let description = p.description;
  // A range ("2-3 eggs") counts as its middle.
  if (quantity !== null && p.quantity2 !== null) quantity = (quantity + p.quantity2) / 2;
  if (quantity !== null && factor !== 1) quantity = Math.round(quantity * factor * 100) / 100;
  // "a large coffee", "medium banana": a size with no number is one of that size.
  const size = /^(small|medium|large|big)\s+/i.exec(description);
  if (!unit && size) {
    unit = size[1]!.toLowerCase() === 'big' ? 'large' : size[1]!.toLowerCase();
    description = description.slice(size[0].length);
    quantity ??= 1;
  }
  // "1 cup of coffee": after the unit the parser keeps "of" only sometimes.
  description = description.replace(/^of\s+/i, '');
  // "2 kg" with nothing after it: the parser reads "kg" as the description.
  if (quantity === null && unit) quantity = 1;
  let unitGrams: number | null = null;
  let unitMl: number | null = null;
  if (unit && !isSize(unit)) {
    unitGrams = convertUnit(1, unit, 'gram', { additionalUOMs: SPOKEN_UNITS });
    unitMl = unitGrams === null ? convertUnit(1, unit, 'milliliter', { additionalUOMs: SPOKEN_UNITS }) : null;
  }
  return { quantity, unit, unitGrams, unitMl, words: tidyWords(description) };
}

export function tidyWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(NOISE, ' ')
    .replace(/[^a-z0-9%'\s-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
