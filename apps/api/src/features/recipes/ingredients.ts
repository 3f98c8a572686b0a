/**
 * From an ingredient line to grams of a food in our database. parse-ingredient reads quantities (1½,
 * 2–3, ½), units and the description; this file adds what it leaves in the description ("a pinch of",
 * "1 (14 oz) can"), picks the food words, asks the foods search, and turns the amount into grams from the
 * food's household measures or by unit conversion.
 */
import { parseIngredient } from 'parse-ingredient';
import type { FoodDetail, FoodServing } from '@app/contracts';
import { servingWeight } from '@app/nutrition/serving-weight';

export interface ParsedLine {
  original: string;
  quantity: number | null;
  quantity2: number | null;
  unit: string | null;
  /** Grams fixed by the line itself ("1 (14 oz) can" → 397 g for one can). */
  package_grams: number | null;
  food_words: string;
  to_taste: boolean;
  is_header: boolean;
}

const WEIGHT_G: Record<string, number> = { gram: 1, kilogram: 1000, milligram: 0.001, ounce: 28.3495, pound: 453.592 };
const VOLUME_ML: Record<string, number> = {
  cup: 236.588, tablespoon: 14.787, teaspoon: 4.929, milliliter: 1, liter: 1000, 'fluid ounce': 29.574, pint: 473.176, quart: 946.353,
  pinch: 0.31, dash: 0.62, deciliter: 100, centiliter: 10, gallon: 3785.41,
};
const PACKAGE = /^\(\s*(\d+(?:[.,]\d+)?)\s*(-?\s*(?:oz|ounces?|g|grams?|kg|lbs?|pounds?|ml))\.?\s*\)\s*/i;

/** Words that say how an ingredient is prepared or sized, not what it is. */
const NOISE = new Set(
  ('chopped minced diced sliced grated shredded crushed peeled halved quartered trimmed rinsed drained beaten melted softened ' +
    'cold fresh freshly finely thinly roughly large medium small ripe packed torn cut into wedges juiced zested cubed ' +
    'about plus more for serving optional divided room temperature to taste and hard-boiled boiled whole can cans ' +
    'jar jars package packages bag of the a an extra virgin lean boneless skinless florets leaves stalk stalks head heads clove cloves ' +
    'fillets fillet sprig sprigs bunch slices slice piece pieces').split(' '),
);

export function foodWords(description: string): string {
  const main = description.replace(/\([^)]*\)/g, ' ').split(/,|;| - | – /)[0]!;
  const words = main.toLowerCase().replace(/[^a-z\s'-]/g, ' ').split(/\s+/).filter((w) => w && !NOISE.has(w));
  return words.join(' ').trim();
}

export function parseLine(line: string): ParsedLine {
  const original = line.replace(/\s+/g, ' ').trim();
  let text = original;
  // "a pinch of salt", "pinch salt", "a dash of …": a quantity the parser leaves in the description.
  const small = /^(?:an?\s+)?(pinch|dash)(?:es)?\s+(?:of\s+)?/i.exec(text);
  if (small) text = `1 ${small[1]} ${text.slice(small[0].length)}`;
  const toTaste = /\bto taste\b/i.test(text);
  const [p] = parseIngredient(text, { normalizeUOM: false });
  if (!p) return { original, quantity: null, quantity2: null, unit: null, package_grams: null, food_words: foodWords(text), to_taste: toTaste, is_header: false };
  let description = p.description;
  let packageGrams: number | null = null;
  const pkg = PACKAGE.exec(description);
  if (pkg) {
    const unit = pkg[2]!.replace(/[-\s]/g, '').toLowerCase();
    // The same weights as a custom food's serving (@app/nutrition/serving-weight): oz, lb, g, kg, and ml at 1 g per ml.
    const amount = Number(pkg[1]!.replace(',', '.'));
    packageGrams = servingWeight(amount, unit) ?? amount;
    description = description.slice(pkg[0].length);
  }
  return {
    original,
    quantity: p.quantity,
    quantity2: p.quantity2,
    unit: p.unitOfMeasureID,
    package_grams: packageGrams,
    food_words: foodWords(description),
    to_taste: toTaste,
    is_header: p.isGroupHeader,
  };
}

const unitNames: Record<string, RegExp> = {
  cup: /^cups?\b/i, tablespoon: /^(tbsp|tablespoons?)\b/i, teaspoon: /^(tsp|teaspoons?)\b/i, clove: /^cloves?\b/i, slice: /^slices?\b/i,
  large: /^large\b/i, medium: /^medium\b/i, small: /^small\b/i, stalk: /^stalks?\b/i, head: /^heads?\b/i, piece: /^pieces?\b/i,
};

/** The plainest matching measure: "cup" before "cup, whipped" or "cup, chopped". */
function servingFor(food: FoodDetail, re: RegExp): FoodServing | undefined {
  return food.servings.filter((s) => re.test(s.unit) && s.unit !== 'g').sort((a, b) => a.unit.length - b.unit.length)[0];
}

const DRAINED = /\bdrained\b|\brinsed\b/i;

/** A count with no unit ("3 bananas", "1 onion"): the food's own "one of it" measure. */
const ONE_ITEM = /^(medium|whole|large|fruit|item|each|onion|banana|egg|pepper|tomato|carrot|potato|apple|lime|lemon|avocado|breast|fillet|stalk|tortilla|slice|leaf|clove|zucchini|cucumber|head)\b/i;

/**
 * Grams for one unit of the line's measure, or null when it cannot be converted. Household measures of the
 * food first (a cup of flour is 125 g, not 237), then weight units, then volume at the food's density
 * (from its cup measure) or water's.
 */
export function gramsPerUnit(p: ParsedLine, food: FoodDetail): { grams: number; how: string } | null {
  if (p.package_grams) {
    // "1 (15 oz) can chickpeas, drained": the label weighs the liquid too; drained solids are about 60 % of
    // it for beans and vegetables, about 80 % for fish and meat.
    if (!DRAINED.test(p.original)) return { grams: p.package_grams, how: 'package size in the line' };
    const share = /fish|shellfish|poultry|beef|pork|meat/i.test(food.food_group) ? 0.8 : 0.6;
    return { grams: p.package_grams * share, how: `drained: ${share * 100} % of the package size in the line` };
  }
  const u = p.unit;
  if (u && WEIGHT_G[u]) return { grams: WEIGHT_G[u]!, how: 'weight unit' };
  if (u && unitNames[u]) {
    const s = servingFor(food, unitNames[u]!);
    if (s) return { grams: s.grams / s.amount, how: `food measure "${s.description}"` };
  }
  if (u && VOLUME_ML[u]) {
    const cup = servingFor(food, unitNames.cup!);
    if (cup) return { grams: ((cup.grams / cup.amount) * VOLUME_ML[u]!) / VOLUME_ML.cup!, how: 'volume at the food’s density' };
    const tbsp = servingFor(food, unitNames.tablespoon!);
    if (tbsp) return { grams: ((tbsp.grams / tbsp.amount) * VOLUME_ML[u]!) / VOLUME_ML.tablespoon!, how: 'volume at the food’s density' };
    const tsp = servingFor(food, unitNames.teaspoon!);
    if (tsp) return { grams: ((tsp.grams / tsp.amount) * VOLUME_ML[u]!) / VOLUME_ML.teaspoon!, how: 'volume at the food’s density' };
    return { grams: VOLUME_ML[u]!, how: 'volume at the density of water' };
  }
  if (!u || ['large', 'medium', 'small', 'whole', 'piece', 'head', 'stalk', 'clove', 'slice'].includes(u)) {
    const own = food.servings.filter((s) => s.unit !== 'g' && !/^(cup|tbsp|tsp|oz|fl oz|lb)\b/i.test(s.unit));
    // Recipes are written for large eggs; other things come medium-sized unless the line says otherwise.
    const size = /^egg\b/i.test(food.name) ? /^large\b/i : /^medium\b/i;
    const pick = (u && own.find((s) => new RegExp(`^${u}`, 'i').test(s.unit))) || own.find((s) => size.test(s.unit)) || own.find((s) => /^medium\b/i.test(s.unit)) || own.find((s) => ONE_ITEM.test(s.unit)) || own[0];
    if (pick) return { grams: pick.grams / pick.amount, how: `food measure "${pick.description}"` };
  }
  return null;
}
