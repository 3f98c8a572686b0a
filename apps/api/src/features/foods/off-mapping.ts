/** Open Food Facts product JSON (export lines and API v2 answers) → a `foods` row. */
import { servingRow, searchText, type NewFoodRow } from './food-rows.ts';
import { displayBarcode, toGtin14 } from './gtin.ts';

type Nutriments = Record<string, unknown>;
export interface OffProduct {
  code?: unknown;
  product_name?: unknown;
  brands?: unknown;
  serving_size?: unknown;
  serving_quantity?: unknown;
  nutriments?: Nutriments;
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null;
};

/** Null when the product cannot be logged (no barcode, name or energy, or nonsense values). */
export function offProductToRow(p: OffProduct): NewFoodRow | null {
  const gtin = typeof p.code === 'string' || typeof p.code === 'number' ? toGtin14(String(p.code)) : null;
  const name = typeof p.product_name === 'string' ? p.product_name.trim() : '';
  if (!gtin || !name) return null;
  const n = p.nutriments ?? {};
  const kj = num(n['energy_100g']) ?? num(n['energy-kj_100g']);
  const kcal = num(n['energy-kcal_100g']) ?? (kj !== null ? kj / 4.184 : null);
  if (kcal === null || kcal > 900) return null;
  const g = (k: string) => num(n[`${k}_100g`]) ?? 0;
  // OFF stores sodium, potassium and cholesterol in grams; we use mg like USDA.
  const mg = (k: string) => (num(n[`${k}_100g`]) ?? 0) * 1000;
  const brand = typeof p.brands === 'string' ? p.brands.split(',')[0]!.trim() : '';
  const barcode = displayBarcode(gtin);
  const qty = num(p.serving_quantity);
  const label = typeof p.serving_size === 'string' && p.serving_size.trim() ? p.serving_size.trim().slice(0, 60) : null;
  const servings = qty && qty > 0 && qty < 5000 ? [{ ...servingRow(1, label ? `serving (${label})` : 'serving', qty), description: label ? `1 serving (${label})` : `1 serving (${qty} g)` }] : [];
  return {
    id: `off-${barcode}`,
    source: 'off',
    source_id: barcode,
    name: name.slice(0, 300),
    brand_name: brand.slice(0, 200),
    food_type: 'Brand',
    food_description: [brand, name].filter(Boolean).join(' ').slice(0, 500),
    food_group: '',
    gtin,
    serving_size: servings[0]?.amount ?? 100,
    serving_unit: servings[0]?.unit ?? 'g',
    servings,
    calories: kcal,
    protein: g('proteins'),
    carbs: g('carbohydrates'),
    fat: g('fat'),
    fiber: g('fiber'),
    sugar: g('sugars'),
    sodium: mg('sodium'),
    potassium: mg('potassium'),
    saturated_fat: g('saturated-fat'),
    monounsaturated_fat: g('monounsaturated-fat'),
    polyunsaturated_fat: g('polyunsaturated-fat'),
    trans_fat: g('trans-fat'),
    cholesterol: mg('cholesterol'),
    search_head: name.toLowerCase().slice(0, 200),
    search_text: searchText(name, brand),
    // Branded products rank below generic foods unless the query names them.
    commonness: -0.8,
  };
}
