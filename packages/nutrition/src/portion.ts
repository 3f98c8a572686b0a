/**
 * The one way a portion is written, for the plan screen and the plan e-mail alike (issue 10 item 2):
 * "3 slices (90 g)", "4 tsp (18 g)", "0.5 cup, chopped (51 g)". Catalogue units carry the weight of ONE
 * unit ("slice (30 g)"); the grams shown are for the whole amount. No dependencies but units.ts: the web imports it
 * as '@app/nutrition/portion' without pulling in the optimiser.
 */
import { isImperial, massText, volumeText, type UnitsLike } from './units.js';

const UNIT_WITH_GRAMS = /^(.*?)\s*\(([\d.]+)\s*g\)\s*$/;
/** Metric units an amount may be given in, converted for imperial readers: grams / kg as mass, ml / l as volume. */
const METRIC_UNITS: Record<string, { mass: boolean; factor: number }> = { g: { mass: true, factor: 1 }, kg: { mass: true, factor: 1000 }, ml: { mass: false, factor: 1 }, l: { mass: false, factor: 1000 } };
/** Units that stay as they are in the plural. */
const INVARIANT = new Set(['g', 'kg', 'mg', 'ml', 'l', 'oz', 'lb', 'lbs', 'tsp', 'tbsp', 'fl', 'cl', 'dl', 'serving size', 'x']);

/** Words that name a measure: followed by other words, they are still the noun ("cup elbow shaped"). */
const MEASURES = new Set(['cup', 'slice', 'piece', 'stick', 'can', 'package', 'container', 'bottle', 'bar', 'link', 'patty', 'fillet', 'serving', 'scoop', 'tablespoon', 'teaspoon', 'pint', 'quart', 'glass', 'bowl', 'bag', 'packet', 'pouch', 'jar', 'box', 'spear', 'wedge', 'strip', 'leaf']);

const amount = (n: number) => (Math.round(n * 100) / 100).toLocaleString('en-US', { maximumFractionDigits: 2 });

function plural(word: string): string {
  const w = word.toLowerCase();
  if (INVARIANT.has(w) || /s$/i.test(word) || !/^[a-z]+$/i.test(word)) return word;
  if (/(ch|sh|x|z)$/i.test(word) || /^(potato|tomato|mango)$/i.test(word)) return `${word}es`;
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  if (/^(leaf|loaf|half)$/i.test(word)) return `${word.slice(0, -1)}ves`;
  return `${word}s`;
}

/** "slice" → "slices", "large egg white" → "large egg whites", "cup, chopped" → "cups, chopped". */
export function pluralUnit(name: string): string {
  const cut = name.search(/[,(]/);
  const head = cut < 0 ? name : name.slice(0, cut);
  const tail = cut < 0 ? '' : name.slice(cut);
  if (INVARIANT.has(head.trim().toLowerCase())) return name;
  // A measure first is the noun, whatever describes it after: "cup elbow shaped" → "cups elbow shaped".
  const first = /^(\s*)([A-Za-z]+)(.*)$/s.exec(head);
  if (first && MEASURES.has(first[2]!.toLowerCase()) && first[3]!.trim()) return `${first[1]}${plural(first[2]!)}${first[3]}${tail}`;
  // The noun is the last word that is not a participle: "cup chopped" → "cups chopped".
  const words = head.split(/(\s+)/);
  for (let i = words.length - 1; i >= 0; i--) {
    const w = words[i]!;
    if (!/^[A-Za-z]+$/.test(w) || /ed$/i.test(w)) continue;
    words[i] = plural(w);
    return words.join('') + tail;
  }
  return name;
}

export interface Portion {
  serving_size: number | null | undefined;
  serving_unit: string | null | undefined;
}

/**
 * `units` (issue 42 §2): imperial writes the weight in ounces and a volume in fl oz, "3 slices (3.2 oz)", "5.3 oz",
 * "16 fl oz"; metric (the default) writes grams and ml as the catalogue has them.
 */
export function formatPortion(food: Portion, units: UnitsLike = 'metric'): string {
  const size = food.serving_size;
  const u = (food.serving_unit ?? '').trim();
  if (size == null || !Number.isFinite(size)) return u;
  if (isImperial(units)) {
    const metric = METRIC_UNITS[u.toLowerCase()];
    if (metric) return metric.mass ? massText(size * metric.factor, units) : volumeText(size * metric.factor, units);
  }
  const m = UNIT_WITH_GRAMS.exec(u);
  let name = m ? m[1]! : u;
  // A unit that is itself an amount ("1/4 avocado") is counted with ×: "2 × 1/4 avocado".
  const counted = /^[\d½¼¾⅓⅔]/.test(name);
  if (!counted && size > 1) name = pluralUnit(name);
  const count = counted ? `${amount(size)} ×` : amount(size);
  if (m && isImperial(units)) return /^oz$/i.test(name.trim()) ? `${count} ${name}` : `${count} ${name} (${massText(size * Number(m[2]), units)})`;
  if (m) return `${count} ${name} (${Math.round(size * Number(m[2]))} g)`;
  return `${count} ${name}`.trim();
}
