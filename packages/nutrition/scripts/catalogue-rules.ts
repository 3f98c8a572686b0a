/**
 * Allergen and diet tagging for the meal catalogue. Rules first (food group + words in the
 * USDA description and our friendly name), then an explicit override table written after
 * reading the generated catalogue by hand. The override table only ever ADDS allergens or
 * REMOVES diets for processed foods (a false "safe" is the defect we must never ship), with
 * a handful of documented exceptions where the rule is too blunt (berries on keto, etc.).
 */
import type { Role } from './catalogue-picks.js';

export const ALLERGENS = ['peanuts', 'tree_nuts', 'milk', 'eggs', 'fish', 'shellfish', 'soy', 'wheat', 'sesame'] as const;
export const DIETS = ['vegetarian', 'vegan', 'pescatarian', 'keto', 'low_carb', 'paleo', 'mediterranean', 'gluten_free', 'dairy_free'] as const;
export type Allergen = (typeof ALLERGENS)[number];
export type Diet = (typeof DIETS)[number];

export const GROUP_NAMES: Record<string, string> = {
  '0100': 'Dairy and Egg Products', '0200': 'Spices and Herbs', '0300': 'Baby Foods', '0400': 'Fats and Oils',
  '0500': 'Poultry Products', '0600': 'Soups, Sauces, and Gravies', '0700': 'Sausages and Luncheon Meats',
  '0800': 'Breakfast Cereals', '0900': 'Fruits and Fruit Juices', '1000': 'Pork Products',
  '1100': 'Vegetables and Vegetable Products', '1200': 'Nut and Seed Products', '1300': 'Beef Products',
  '1400': 'Beverages', '1500': 'Finfish and Shellfish Products', '1600': 'Legumes and Legume Products',
  '1700': 'Lamb, Veal, and Game Products', '1800': 'Baked Products', '1900': 'Sweets',
  '2000': 'Cereal Grains and Pasta', '2100': 'Fast Foods', '2200': 'Meals, Entrees, and Side Dishes',
  '2500': 'Snacks', '3500': 'American Indian/Alaska Native Foods',
};

export interface TagInput {
  ndb: string; group: string; desc: string; name: string; role: Role;
  per100: { calories: number; carbs: number; fiber: number; sugar: number | null };
}

const MEAT_GROUPS = new Set(['0500', '0700', '1000', '1300', '1700']);
const has = (text: string, re: RegExp): boolean => re.test(text);

/** Allergens from group and words. Nut butters and soymilk are not dairy despite their names. */
function ruleAllergens(t: TagInput): Set<Allergen> {
  const x = `${t.desc} ${t.name}`.toLowerCase();
  const out = new Set<Allergen>();
  const dairyWords = x.replace(/(peanut|almond|cashew|sesame) butter|soymilk|soy milk|coconut milk|cream of wheat|cream of rice/g, '');
  if ((t.group === '0100' && !/^eggs?\b/.test(t.desc.toLowerCase())) || has(dairyWords, /\b(milk|cheese|yogurts?|cream|butter|whey|pudding|ice creams?)\b/)) out.add('milk');
  if (/^eggs?\b/.test(t.desc.toLowerCase()) || has(x, /\begg\b|eggs\b|mayonnaise/)) out.add('eggs');
  if (t.group === '1500' && has(x, /^fish|fish,/)) out.add('fish');
  // Group-bound: 'oyster crackers' are not shellfish.
  if (t.group === '1500' && has(x, /crustaceans|mollusks|shrimp|crab|lobster|scallop|mussel|clam|oyster|squid/)) out.add('shellfish');
  if (has(x, /peanut/)) out.add('peanuts');
  if (has(x, /almond|walnut|cashew|pecan|pistachio|macadamia|hazelnut|filbert|brazil|coconut|mixed nuts|trail mix|\bnuts, /)) out.add('tree_nuts');
  if (has(x, /\bsoy|tofu|tempeh|edamame|soybean/)) out.add('soy');
  if (has(x, /sesame|tahini|hummus/)) out.add('sesame');
  if (t.group === '1800' && !has(x, /corn tortilla|tortillas, ready-to-bake or -fry, corn/)) out.add('wheat');
  if (has(x, /wheat|spaghetti|macaroni|noodles, egg|pasta, fresh|pasta, homemade|couscous|bulgur|spelt|kamut|pretzel|semolina|farina/) && !has(x, /buckwheat/)) out.add('wheat');
  return out;
}

/** Processed foods whose recipes commonly carry allergens the words do not show. Adds only. */
const ALLERGEN_ADD: Record<string, Allergen[]> = {
  // breads and baked goods: commercial recipes use milk, soy flour/lecithin, eggs; bagels and multigrain carry sesame seeds
  '18069': ['milk', 'soy'], '18075': ['milk', 'soy'], '18035': ['milk', 'soy', 'sesame'], '18060': ['soy'],
  '18044': ['soy'], '18033': ['soy'], '18027': ['milk', 'soy'], '18047': ['milk', 'soy', 'eggs'],
  '18041': ['soy'], '18042': ['soy'], '18001': ['sesame', 'soy'], '18005': ['sesame', 'soy', 'milk'],
  '18258': ['milk', 'soy'], '18266': ['milk', 'soy'], '18364': ['soy'], '18342': ['milk', 'soy', 'eggs'],
  '18348': ['milk', 'soy', 'eggs'], '18239': ['milk', 'eggs', 'soy'], '18293': ['milk', 'eggs'],
  '18365': ['milk', 'eggs', 'soy'], '18274': ['milk', 'eggs', 'soy'], '18283': ['milk', 'eggs', 'soy'],
  '18024': ['milk', 'eggs'], '18178': ['milk', 'eggs', 'soy'], '18235': ['soy'], '18228': ['soy'], '18216': ['wheat'],
  // cereals: old Cheerios used wheat starch; homemade granola has wheat germ, almonds, coconut, sesame
  '08013': ['wheat'], '08037': ['wheat', 'tree_nuts', 'sesame'], '08029': ['wheat'], '08060': ['wheat'], '08342': ['wheat'],
  '20115': ['wheat'], '20094': ['eggs'], '20110': ['eggs'],
  // snacks and sweets: bars and chocolate use soy lecithin, milk and share lines with nuts
  '19015': ['soy', 'milk', 'peanuts', 'tree_nuts', 'wheat'], '19020': ['soy', 'milk', 'peanuts', 'tree_nuts', 'wheat'],
  '19059': ['peanuts', 'tree_nuts'], '19080': ['milk', 'soy'], '19002': ['soy', 'wheat'], '19400': ['tree_nuts'],
  '19183': ['milk'], '19095': ['eggs'], '19293': ['eggs'],
  // processed meats and fish: soy protein/broth, soybean oil
  '07933': ['soy', 'milk'], '42128': ['soy'], '42130': ['soy'], '07919': ['soy'], '07064': ['soy', 'milk'],
  '15121': ['soy'], '15126': ['soy'], '15088': ['soy'], '07028': ['soy'], '10131': ['soy'],
  // dressings, sauces and salads
  '04025': ['soy'], '04114': ['soy', 'milk', 'eggs'], '11159': ['eggs', 'soy', 'milk'], '11414': ['eggs', 'soy', 'milk'],
  '06931': ['milk', 'soy'], '11371': ['soy'], '11403': ['wheat'], '04047': ['tree_nuts'], '01132': ['milk'],
  '16006': ['soy'], '16171': ['soy'],
};

/** Net carbs per 100 g: what keto and low-carb counting use. */
const net = (t: TagInput): number => Math.max(0, t.per100.carbs - t.per100.fiber);
/** Net carbs per 100 kcal: keeps dense, low-carb nuts and seeds that per-100 g rules would drop. */
const perKcal = (t: TagInput): number => (t.per100.calories > 0 ? (100 * net(t)) / t.per100.calories : 0);

function ruleDiets(t: TagInput, allergens: Set<Allergen>): Set<Diet> {
  const x = `${t.desc} ${t.name}`.toLowerCase();
  const d = new Set<Diet>();
  const meat = MEAT_GROUPS.has(t.group) || has(x, /jerky|\bbeef|chicken|turkey|pork|ham\b|bacon|lamb|veal|bison|duck/);
  const seafood = t.group === '1500' || allergens.has('fish') || allergens.has('shellfish');
  const processed = t.group === '0700' || has(x, /bacon|sausage|jerky|deli|sliced|cured/);
  if (!meat && !seafood) d.add('vegetarian');
  if (!meat) d.add('pescatarian');
  if (!meat && !seafood && !allergens.has('milk') && !allergens.has('eggs') && !has(x, /\bhoney\b|granola/)) d.add('vegan');
  if (!allergens.has('milk')) d.add('dairy_free');
  const gluten = allergens.has('wheat') || has(x, /barley|\brye\b|\boats?\b|oatmeal|oat bran|malt|spelt|kamut|soba|corn flakes|cereals ready-to-eat|granola/);
  if (!gluten) d.add('gluten_free');
  const sweetOrGrain = ['0800', '1800', '1900', '2000', '2500'].includes(t.group) && t.ndb !== '19002';
  const liquidMilk = has(x, /^milk|soy milk, fortified|yogurt|juice|chocolate milk/);
  if ((net(t) <= 5 || perKcal(t) <= 2) && t.role !== 'starch' && !sweetOrGrain && !liquidMilk && t.group !== '1600' && t.role !== 'fruit') d.add('keto');
  if ((net(t) <= 12 || perKcal(t) <= 4) && (t.per100.sugar ?? 0) <= 12 && t.role !== 'starch' && !sweetOrGrain && !has(x, /juice/) && (t.group !== '1600' || has(x, /tofu|soymilk|peanut|hummus/))) d.add('low_carb');
  const paleoOut = allergens.has('milk') || allergens.has('peanuts') || allergens.has('soy') || allergens.has('wheat') || gluten
    || t.group === '1600' || sweetOrGrain && !has(x, /\bhoney\b|maple/) || processed || t.role === 'starch' && !has(x, /sweet potato|yam|squash|plantain/)
    || has(x, /\bcorn\b|peas, green|(?<!sweet )potato|mayonnaise|dressing|juice cocktail|sauce|canned|salsa|cranberries, dried|fruit cocktail|oil, sesame/);
  if (!paleoOut) d.add('paleo');
  const medOut = processed || has(x, /^beef|beef,|ground beef|steak|brisket|pot roast|pork|bison|veal|butter\b|cream|ice cream|pudding|chocolate|mayonnaise|coconut|cookie|chips|pretzels|granola bar|fruit leather|juice cocktail|jam|syrup|croissant|pancake|waffle|muffin|french fries|mashed|white bread|corn flakes|raisin bran|bacon|sausage|duck/)
    || t.group === '0700';
  if (!medOut) d.add('mediterranean');
  return d;
}

/** Diet corrections after review. `remove` is the safe direction; `add` is used only where a rule is blunt. */
const DIET_FIX: Record<string, { add?: Diet[]; remove?: Diet[] }> = {
  '09302': { add: ['keto'] }, '09042': { add: ['keto'] }, '09316': { add: ['keto'] }, // berries are the keto fruit
  '09037': { add: ['keto', 'low_carb', 'paleo', 'mediterranean'] }, // avocado counted as fat
  '16222': { add: ['keto'] }, // unsweetened soy milk: 1 g net carbs
  '16126': { add: ['keto', 'low_carb'] }, '16159': { add: ['keto', 'low_carb'] }, // tofu
  '11212': { add: ['low_carb'] }, // edamame
  '16137': { remove: ['keto'] }, '06164': { remove: ['keto'] }, '11439': { remove: ['paleo'] },
  '11159': { remove: ['keto', 'mediterranean', 'paleo'] }, '11414': { remove: ['low_carb', 'keto', 'mediterranean'] },
  '04114': { remove: ['paleo'] }, '04135': { add: ['paleo'] }, // home vinaigrette is oil and vinegar
  '12006': { add: ['keto', 'paleo'] }, '12220': { add: ['keto', 'paleo'] },
  '19296': { remove: ['vegan'] }, '19002': { remove: ['mediterranean', 'paleo', 'gluten_free'] },
  '15179': { remove: ['paleo'] }, // cured with sugar and salt
  '01124': { add: ['paleo'] }, '01129': { add: ['paleo'] }, '01131': { add: ['paleo'] },
  '01033': { add: ['keto'] }, '08091': { remove: ['paleo'] }, '09079': { remove: ['paleo', 'low_carb', 'keto'] },
  '12135': { remove: ['paleo'] }, '19059': { remove: ['paleo', 'keto', 'low_carb'] },
};

export function tagFood(t: TagInput): { allergens: Allergen[]; diets: Diet[] } {
  const allergens = ruleAllergens(t);
  for (const a of ALLERGEN_ADD[t.ndb] ?? []) allergens.add(a);
  const diets = ruleDiets(t, allergens);
  const fix = DIET_FIX[t.ndb];
  for (const d of fix?.add ?? []) diets.add(d);
  for (const d of fix?.remove ?? []) diets.delete(d);
  // Allergen-implied diets are re-checked last so no override can make a dairy food "dairy_free".
  if (allergens.has('milk')) { diets.delete('dairy_free'); diets.delete('vegan'); diets.delete('paleo'); }
  if (allergens.has('eggs')) diets.delete('vegan');
  if (allergens.has('wheat')) { diets.delete('gluten_free'); diets.delete('paleo'); }
  if (allergens.has('fish') || allergens.has('shellfish')) { diets.delete('vegetarian'); diets.delete('vegan'); }
  return { allergens: ALLERGENS.filter((a) => allergens.has(a)), diets: DIETS.filter((d) => diets.has(d)) };
}
