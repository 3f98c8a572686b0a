/**
 * Which food a part of a sentence names, and how sure we are. The product's search ranks what people log (cooked
 * meat, brewed coffee); these pure rules add what a sentence needs on top: the everyday-foods table for words whose
 * USDA name differs from what people say, a re-ranking towards the form people eat, and a confidence from how much of
 * what was said the food's own name and description hold, so that a word nothing resembles stays unmatched.
 */
import { distance } from 'fastest-levenshtein';
import table from './everyday-foods.json' with { type: 'json' };

export interface EverydayFood {
  words: string[];
  food: string;
  alternatives: string[];
}

/** "eggs" → "egg", "berries" → "berry", "tomatoes" → "tomato", "toasted" → "toast"; short words stay. */
export function stem(word: string): string {
  const w = word.toLowerCase();
  if (w.length <= 3) return w;
  if (/ies$/.test(w)) return `${w.slice(0, -3)}y`;
  if (/(oes|ches|shes|sses|xes)$/.test(w)) return w.slice(0, -2);
  if (/[^s]s$/.test(w) && !/(us|is)$/.test(w)) return w.slice(0, -1);
  if (/[^e]ed$/.test(w) && w.length > 5) return w.slice(0, -2);
  return w;
}

export const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9%']+/)
    .filter(Boolean)
    .map(stem);

/** Words that do not name the food: their absence from a food's name costs nothing. */
const FILLER = new Set(['a', 'an', 'and', 'the', 'of', 'with', 'in', 'on', 'or', 'some', 'my', 'cup', 'glass', 'piece', 'plain', 'fresh', 'regular', 'whole', 'big', 'small', 'large', 'medium']);

const EVERYDAY = new Map<string, EverydayFood>();
for (const entry of (table as { foods: EverydayFood[] }).foods) for (const w of entry.words) EVERYDAY.set(wordsOf(w).join(' '), entry);

/** The everyday-foods entry for exactly these words, if any. */
export function everydayFood(words: string): EverydayFood | undefined {
  return EVERYDAY.get(wordsOf(words).join(' '));
}

export const everydayIds = (): string[] => [...new Set([...EVERYDAY.values()].flatMap((e) => [e.food, ...e.alternatives]))];

/** How well one said word is found among a food's words: 1 the same word, less for a longer form or a misspelling. */
function wordMatch(w: string, foodWords: string[]): number {
  let best = 0;
  for (const f of foodWords) {
    if (f === w) return 1;
    // "mac" in "macaroni", "choc" in "chocolate"; not "pea" in "peanut" (a longer word is another food).
    if (w.length >= 3 && f.startsWith(w) && (w.length >= 4 || f.length <= 8) && /^(mac|choc|veg|spag|parm|mozz|broc|avo)/.test(w)) best = Math.max(best, 0.8);
    else if (w.length >= 5 && f.startsWith(w)) best = Math.max(best, 0.6);
    if (w.length >= 4 && f.length >= 4) {
      const d = distance(w, f);
      const allowed = w.length >= 8 ? 2 : 1;
      if (d <= allowed) best = Math.max(best, 0.85 - 0.1 * (d - 1));
    }
  }
  return best;
}

export interface FoodText {
  name: string;
  description: string;
  /** Other names the product's search knows the food by (foods/usda-names.ts synonymsFor). */
  synonyms?: string;
}

/**
 * How much of what was said the food's name holds, 0..1: each said word found in the food's name, description or
 * synonyms (the last word, which names the thing, counts double). "blorf" found nothing, so nothing it found counts.
 */
export function coverage(said: string, food: FoodText): number {
  const want = wordsOf(said).filter((w) => !FILLER.has(w));
  if (!want.length) return 0;
  const have = wordsOf(`${food.name} ${food.description} ${food.synonyms ?? ''}`);
  let total = 0;
  let got = 0;
  want.forEach((w, i) => {
    const weight = i === want.length - 1 ? 2 : 1;
    total += weight;
    got += weight * wordMatch(w, have);
  });
  return got / total;
}

/** Forms nobody means unless they say so: what is bought or cooked with, not what is eaten. */
const NOT_EATEN: [RegExp, RegExp, number][] = [
  [/\b(dry mix|mix, dry|dry|unprepared|incomplete|as purchased|powder|concentrate|undiluted|dehydrated|flour)\b/i, /\b(dry|mix|powder|concentrate|flour|instant)\b/i, 0.8],
  [/\b(frozen)\b/i, /\bfrozen\b/i, 0.3],
  [/\b(canned)\b/i, /\b(can|canned|tinned)\b/i, 0.25],
  [/\b(baby food|babyfood|infant|toddler|junior|strained)\b/i, /\bbaby\b/i, 2],
  [/\b(imitation|substitute|low sodium|reduced sodium|without salt|unsalted|fat free|nonfat|reduced fat|low fat|lowfat|light|diet|decaffeinated|sugar free)\b/i, /\b(low|reduced|free|nonfat|skim|light|lite|diet|decaf|decaffeinated|unsalted|no salt)\b/i, 0.15],
  [/\b(sauce|syrup|frosting|topping|pudding|filling|spread|flavor|flavored|oil)\b/i, /\b(sauce|syrup|frosting|topping|pudding|filling|spread|flavou?r|oil)\b/i, 0.7],
  [/\b(fast foods?|restaurant|school lunch|industrial|commodity)\b/i, /\b(fast|restaurant|mcdonald|burger king)\b/i, 0.3],
];
/** Foods eaten cooked: meat, fish, grains, pasta, legumes are logged cooked unless the words say raw or dry. */
const COOKED_KIND = /\b(poultry|beef|pork|lamb|veal|game|finfish|shellfish|cereal grains|pasta|legumes)\b/i;
const COOKED = /\b(cooked|roasted|broiled|grilled|baked|boiled|braised|fried|stewed|steamed|poached|scrambled|toasted|brewed|prepared)\b/i;
const RAW = /\b(raw|uncooked|unprepared|dry)\b/i;

export interface Candidate extends FoodText {
  id: string;
  group: string;
  /** Its place in the search's answer (0 = first). */
  rank: number;
}

/**
 * The candidate's score for the said words: coverage first, then the eaten form, then the search's own order.
 * Brand names the words do not name rank down.
 */
export function eatenScore(c: Candidate, said: string): number {
  const cov = coverage(said, c);
  const desc = `${c.name} ${c.description}`;
  let s = 3 * cov - 0.08 * c.rank;
  for (const [form, asked, cost] of NOT_EATEN) if (form.test(desc) && !asked.test(said)) s -= cost;
  if (COOKED_KIND.test(c.group) && !RAW.test(said)) {
    if (RAW.test(desc)) s -= 0.6;
    if (COOKED.test(desc)) s += 0.3;
  }
  // Words of what the food is (before its first comma) that were not said: "French toast" for "toast".
  const head = wordsOf(c.name.split(',')[0]!).filter((w) => !FILLER.has(w));
  const saidWords = new Set(wordsOf(said));
  const unasked = head.filter((w) => !saidWords.has(w) && ![...saidWords].some((x) => x.length >= 4 && (w.startsWith(x) || x.startsWith(w)))).length;
  s -= 0.35 * Math.min(unasked, 3);
  if (/\b[A-Z]{3,}\b/.test(c.description.replace(/\b(USDA|NFS|NS|US|RTE|UHT|NLEA)\b/g, '')) && !/[A-Z]/.test(said)) s -= 0.4;
  return s;
}

/** Below this coverage a food is not what was said: the words go to `unmatched`. */
export const CONFIDENCE_FLOOR = 0.6;

/** 0..1: the food's coverage of the words, a little less when it was not the first choice. */
export function confidenceOf(cov: number, everyday: boolean, position: number): number {
  if (everyday) return 0.95;
  return Math.max(0, Math.min(1, Math.round(cov * (position === 0 ? 0.95 : 0.9) * 100) / 100));
}
