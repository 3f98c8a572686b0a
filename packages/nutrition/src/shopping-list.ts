/**
 * Shopping list from plan days (spec §5): skip 'default meal' / 'unknown food', strip leading
 * quantities + units and leading cooking words, de-duplicate names, group in the §3 categories,
 * and sum quantities — in the serving unit when every entry shares it, otherwise in grams.
 */
import { foodById } from './meal-plan/catalogue.js';

export const SHOPPING_CATEGORIES = ['Proteins', 'Fruits & Vegetables', 'Grains & Bread', 'Dairy', 'Seasonings & Condiments', 'Other'] as const;
export type ShoppingCategory = (typeof SHOPPING_CATEGORIES)[number];

export interface ShoppingFoodInput { name: string; food_id?: string; serving_size?: number; serving_unit?: string }
export interface ShoppingDayInput { meals: Partial<Record<string, { foods: ShoppingFoodInput[] } | null | undefined>> }
export interface ShoppingItem { name: string; quantity: number | null; unit: string | null; category: ShoppingCategory }
export type ShoppingList = Record<ShoppingCategory, ShoppingItem[]>;

const SKIP = new Set(['default meal', 'unknown food']);
const UNITS = 'cups?|tbsps?|tsps?|oz|g|lbs?|slices?|pieces?';
const COOKING = 'baked|grilled|roasted|boiled|steamed|sautéed|sauteed|fried|broiled|poached';
const LEADING_QTY = new RegExp(`^\\s*(?:\\d+\\s+\\d+/\\d+|\\d+/\\d+|\\d+(?:\\.\\d+)?|[½¼¾⅓⅔])?\\s*(?:(?:${UNITS})\\b\\.?\\s*(?:of\\s+)?)?`, 'i');
const LEADING_COOK = new RegExp(`^(?:(?:${COOKING})\\b[\\s,]*)+`, 'i');

/** "2 cups grilled chicken" → "chicken"; "1 slice Whole-wheat bread" → "Whole-wheat bread". */
export function cleanFoodName(raw: string): string {
  let s = raw.trim();
  for (let i = 0; i < 3; i++) {
    const next = s.replace(LEADING_QTY, '').replace(LEADING_COOK, '').trim();
    if (next === s) break;
    s = next;
  }
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}

const KEYWORDS: [ShoppingCategory, RegExp][] = [
  // Snacks first: "potato chips" are not a vegetable, "chocolate milk" is still milk (no match here).
  ['Other', /\b(chips|crisps|pretzels|popcorn|candy|cookies?|brownies?|soda|cola)\b/i],
  ['Seasonings & Condiments', /\b(oil|salt|pepper(?! ?s\b)|spice|sauce|dressing|mayonnaise|ketchup|catsup|mustard|vinegar|honey|syrup|jam|salsa|herb|seasoning|butter(?! ?nut))\b/i],
  ['Dairy', /\b(milk|cheese|yogurt|cream|kefir|cottage|ricotta|mozzarella|cheddar|parmesan|feta|brie)\b/i],
  ['Proteins', /\b(chicken|turkey|beef|steak|pork|ham|bacon|sausage|lamb|veal|bison|duck|fish|salmon|tuna|cod|trout|shrimp|crab|lobster|scallops?|mussels|clams|sardines|eggs?|tofu|tempeh|beans|lentils|chickpeas|edamame|peas, split|jerky)\b/i],
  ['Grains & Bread', /\b(bread|rice|pasta|spaghetti|macaroni|noodles|quinoa|oats|oatmeal|couscous|bulgur|barley|tortilla|bagel|muffin|pita|roll|cereal|granola|flakes|crackers|grits|pancakes|waffles|croissant)\b/i],
  ['Fruits & Vegetables', /\b(apple|banana|orange|berries|berry|grapes|mango|pineapple|melon|peach|pear|plum|kiwi|cherr|apricot|lettuce|spinach|kale|broccoli|carrots?|tomato|cucumber|pepper|onion|potato|squash|zucchini|cabbage|cauliflower|mushroom|avocado|corn|asparagus|celery|beets|peas|greens|chard|arugula|radish|eggplant|artichoke|turnip|fruit|vegetable)/i],
];
const ROLE_CATEGORY: Record<string, ShoppingCategory> = {
  protein: 'Proteins', vegetable: 'Fruits & Vegetables', fruit: 'Fruits & Vegetables', starch: 'Grains & Bread', dairy: 'Dairy', drink: 'Other', snack: 'Other', fat: 'Other',
};

export function categorise(name: string, food_id?: string): ShoppingCategory {
  const f = food_id ? foodById(food_id) : undefined;
  const kw = KEYWORDS.find(([, re]) => re.test(name))?.[0];
  if (!f) return kw ?? 'Other';
  if (f.group.startsWith('Vegetables') || f.group.startsWith('Fruits')) return 'Fruits & Vegetables';
  if (f.role === 'fat' || f.role === 'drink' || f.role === 'snack') return kw ?? ROLE_CATEGORY[f.role]!;
  return ROLE_CATEGORY[f.role]!;
}

export function buildShoppingList(days: readonly ShoppingDayInput[]): ShoppingList {
  const acc = new Map<string, { name: string; category: ShoppingCategory; entries: ShoppingFoodInput[] }>();
  for (const day of days) for (const slot of Object.values(day.meals)) for (const food of slot?.foods ?? []) {
    if (!food?.name || SKIP.has(food.name.trim().toLowerCase())) continue;
    const name = cleanFoodName(food.name);
    if (!name || SKIP.has(name.toLowerCase())) continue;
    const key = name.toLowerCase();
    const item = acc.get(key) ?? { name, category: categorise(name, food.food_id), entries: [] };
    item.entries.push(food);
    acc.set(key, item);
  }
  const list = Object.fromEntries(SHOPPING_CATEGORIES.map((c) => [c, [] as ShoppingItem[]])) as ShoppingList;
  for (const { name, category, entries } of acc.values()) list[category].push({ name, category, ...sumQuantities(entries) });
  for (const c of SHOPPING_CATEGORIES) list[c].sort((a, b) => a.name.localeCompare(b.name));
  return list;
}

/** Same unit everywhere → summed in that unit; otherwise grams (from the unit's gram weight). */
function sumQuantities(entries: ShoppingFoodInput[]): { quantity: number | null; unit: string | null } {
  const sized = entries.filter((e) => typeof e.serving_size === 'number' && e.serving_unit);
  if (!sized.length) return { quantity: null, unit: null };
  const units = new Set(sized.map((e) => e.serving_unit));
  if (units.size === 1) return { quantity: Math.round(sized.reduce((s, e) => s + e.serving_size!, 0) * 100) / 100, unit: sized[0]!.serving_unit! };
  let grams = 0;
  for (const e of sized) {
    const g = gramsPerUnit(e);
    if (g === undefined) return { quantity: null, unit: null };
    grams += g * e.serving_size!;
  }
  return { quantity: Math.round(grams), unit: 'g' };
}

function gramsPerUnit(e: ShoppingFoodInput): number | undefined {
  const unit = e.serving_unit!.trim();
  if (/^g(rams?)?$/i.test(unit)) return 1;
  const inLabel = /\(([\d.]+) g\)\s*$/.exec(unit);
  if (inLabel) return Number(inLabel[1]);
  const f = e.food_id ? foodById(e.food_id) : undefined;
  if (f && f.portion.unit === unit) return f.portion.unit_grams;
  const std: Record<string, number> = { oz: 28.35, lb: 453.6, lbs: 453.6, kg: 1000 };
  return std[unit.toLowerCase()];
}
