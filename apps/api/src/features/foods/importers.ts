/**
 * Bulk importers: Open Food Facts JSONL exports and USDA FoodData Central CSV folders. Bad lines are
 * skipped and counted; rows upsert by id (`off-<barcode>`, `fdc-<fdc_id>`), so re-running updates.
 */
import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { parse } from 'csv-parse';
import type { Db } from '../../db/client.ts';
import { upsertFoods } from './repository.ts';
import { pickDefaultFirst, searchText, servingRow, type NewFoodRow } from './food-rows.ts';
import { toGtin14 } from './gtin.ts';
import { offProductToRow } from './off-mapping.ts';

export interface ImportResult {
  imported: number;
  skipped: number;
}
export type Progress = (done: number) => void;
const BATCH = 1000;

function lines(file: string) {
  const stream = createReadStream(file);
  return createInterface({ input: file.endsWith('.gz') ? stream.pipe(createGunzip()) : stream, crlfDelay: Infinity });
}

export async function importOpenFoodFacts(db: Db, file: string, progress?: Progress): Promise<ImportResult> {
  let batch: NewFoodRow[] = [];
  let imported = 0;
  let skipped = 0;
  const flush = async () => {
    // One row per id per statement: Postgres refuses to upsert the same key twice in one insert.
    const unique = [...new Map(batch.map((r) => [r.id, r])).values()];
    await upsertFoods(db, unique);
    imported += batch.length;
    batch = [];
    progress?.(imported + skipped);
  };
  for await (const line of lines(file)) {
    if (!line.trim()) continue;
    let row: NewFoodRow | null = null;
    try {
      row = offProductToRow(JSON.parse(line));
    } catch {
      row = null;
    }
    if (!row) {
      skipped++;
      continue;
    }
    batch.push(row);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();
  return { imported, skipped };
}

/** FoodData Central nutrient ids → our columns (amounts per 100 g; sodium, potassium, cholesterol in mg). */
const FDC_NUTRIENTS: Record<string, keyof NewFoodRow> = {
  '1008': 'calories', '2047': 'calories', '1003': 'protein', '1005': 'carbs', '1004': 'fat', '1079': 'fiber',
  '2000': 'sugar', '1093': 'sodium', '1092': 'potassium', '1258': 'saturated_fat', '1292': 'monounsaturated_fat',
  '1293': 'polyunsaturated_fat', '1257': 'trans_fat', '1253': 'cholesterol',
};

async function* csvRows(file: string): AsyncGenerator<Record<string, string>> {
  const parser = createReadStream(file).pipe(parse({ columns: true, bom: true, relax_column_count: true, skip_empty_lines: true }));
  for await (const rec of parser) yield rec as Record<string, string>;
}

export async function importFoodDataCentral(db: Db, folder: string, progress?: Progress): Promise<ImportResult> {
  const foodCsv = join(folder, 'food.csv');
  if (!existsSync(foodCsv)) throw new Error(`${foodCsv} not found: pass a FoodData Central CSV folder`);
  const nutrients = new Map<string, Partial<Record<string, number>>>();
  if (existsSync(join(folder, 'food_nutrient.csv'))) {
    for await (const r of csvRows(join(folder, 'food_nutrient.csv'))) {
      const col = FDC_NUTRIENTS[r.nutrient_id ?? ''];
      const amount = Number(r.amount);
      if (!col || !r.fdc_id || !Number.isFinite(amount) || amount < 0) continue;
      const n = nutrients.get(r.fdc_id) ?? {};
      // Energy: prefer the kcal value (1008) over the Atwater estimate (2047).
      if (!(col === 'calories' && n.calories !== undefined && r.nutrient_id === '2047')) n[col] = amount;
      nutrients.set(r.fdc_id, n);
    }
  }
  const portions = new Map<string, ReturnType<typeof servingRow>[]>();
  if (existsSync(join(folder, 'food_portion.csv'))) {
    for await (const r of csvRows(join(folder, 'food_portion.csv'))) {
      const grams = Number(r.gram_weight);
      const amount = Number(r.amount) || 1;
      const unit = (r.portion_description || r.modifier || '').trim();
      if (!r.fdc_id || !(grams > 0) || !unit) continue;
      portions.set(r.fdc_id, [...(portions.get(r.fdc_id) ?? []), servingRow(amount, unit, grams)]);
    }
  }
  const branded = new Map<string, Record<string, string>>();
  if (existsSync(join(folder, 'branded_food.csv'))) {
    for await (const r of csvRows(join(folder, 'branded_food.csv'))) if (r.fdc_id) branded.set(r.fdc_id, r);
  }

  let batch: NewFoodRow[] = [];
  let imported = 0;
  let skipped = 0;
  const flush = async () => {
    await upsertFoods(db, [...new Map(batch.map((r) => [r.id, r])).values()]);
    imported += batch.length;
    batch = [];
    progress?.(imported + skipped);
  };
  for await (const r of csvRows(foodCsv)) {
    const n = r.fdc_id ? nutrients.get(r.fdc_id) : undefined;
    const name = (r.description ?? '').trim();
    if (!r.fdc_id || !/^\d+$/.test(r.fdc_id) || !name || n?.calories === undefined || n.calories > 900) {
      skipped++;
      continue;
    }
    const b = branded.get(r.fdc_id);
    const gtin = b?.gtin_upc ? toGtin14(b.gtin_upc) : null;
    const brand = (b?.brand_name || b?.brand_owner || '').trim();
    let servings = portions.get(r.fdc_id) ?? [];
    const size = Number(b?.serving_size);
    if (b && size > 0 && /^(g|ml)$/i.test(b.serving_size_unit ?? '')) {
      servings = [{ ...servingRow(1, 'serving', size), description: `1 serving${b.household_serving_fulltext ? ` (${b.household_serving_fulltext})` : ''} (${size} g)` }, ...servings];
    }
    servings = pickDefaultFirst(servings);
    batch.push({
      id: `fdc-${r.fdc_id}`,
      source: 'fdc',
      source_id: r.fdc_id,
      name: name.slice(0, 300),
      brand_name: brand.slice(0, 200),
      food_type: b ? 'Brand' : 'Generic',
      food_description: name.slice(0, 500),
      food_group: '',
      gtin,
      serving_size: servings[0]?.amount ?? 100,
      serving_unit: servings[0]?.unit ?? 'g',
      servings,
      calories: n.calories,
      protein: n.protein ?? 0,
      carbs: n.carbs ?? 0,
      fat: n.fat ?? 0,
      fiber: n.fiber ?? 0,
      sugar: n.sugar ?? 0,
      sodium: n.sodium ?? 0,
      potassium: n.potassium ?? 0,
      saturated_fat: n.saturated_fat ?? 0,
      monounsaturated_fat: n.monounsaturated_fat ?? 0,
      polyunsaturated_fat: n.polyunsaturated_fat ?? 0,
      trans_fat: n.trans_fat ?? 0,
      cholesterol: n.cholesterol ?? 0,
      search_head: name.toLowerCase().split(',')[0]!.slice(0, 200),
      search_text: searchText(name, brand),
      commonness: b ? -0.8 : -0.2,
    });
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();
  return { imported, skipped };
}
