/**
 * Converts the raw USDA SR21 files (FOOD_DES, ABBREV, WEIGHT; from Debian's gourmand package) into the
 * compact seed the app loads on first start: apps/api/seed/usda-sr21.json.gz.
 *
 *   npx tsx apps/api/scripts/build-usda-seed.ts [SR21_FOLDER]   (default ../shared/data/usda-sr21)
 *
 * The seed keeps raw facts only (NDB number, food group, description, nutrients per 100 g, household
 * measures); display names and the ranking prior are derived in code at load time so that ranking
 * changes never need a new seed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SEED_MICRONUTRIENTS, SEED_NUTRIENTS, type UsdaSeed } from '../src/features/foods/seed-format.ts';

const root = resolve(import.meta.dirname, '../../..');
const dir = resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? resolve(root, '../shared/data/usda-sr21'));
const out = resolve(import.meta.dirname, '../seed/usda-sr21.json.gz');

/** SR files: `^`-separated fields, text fields wrapped in `~`, CRLF lines, Latin-1. */
function rows(file: string): string[][] {
  return readFileSync(resolve(dir, file), 'latin1')
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .map((l) => l.split('^').map((f) => f.replace(/^~|~$/g, '')));
}

// ABBREV.txt column of each nutrient we keep (SR21 layout, 51 columns).
const ABBREV_COLUMN: Record<(typeof SEED_NUTRIENTS)[number], number> = {
  calories: 3, protein: 4, fat: 5, carbs: 7, fiber: 8, sugar: 9, potassium: 14, sodium: 15,
  saturated_fat: 42, monounsaturated_fat: 43, polyunsaturated_fat: 44, cholesterol: 45,
};
// Vitamin A as µg RAE, folate as µg DFE (the units of the DRIs). SR21 has no vitamin D column.
const MICRO_COLUMN: Record<(typeof SEED_MICRONUTRIENTS)[number], number> = {
  calcium: 10, iron: 11, magnesium: 12, zinc: 16, vitamin_c: 20, vitamin_b6: 25, folate: 29, vitamin_b12: 31, vitamin_a: 33, vitamin_e: 40, vitamin_k: 41,
};

const nutrients = new Map<string, (number | null)[]>();
for (const f of rows('ABBREV.txt')) {
  if (f.length < 46) throw new Error(`ABBREV.txt: unexpected line for ${f[0]}`);
  nutrients.set(f[0], [
    ...SEED_NUTRIENTS.map((n) => (f[ABBREV_COLUMN[n]] === '' ? 0 : Number(f[ABBREV_COLUMN[n]]))),
    // A blank micronutrient was not analysed: null, not zero.
    ...SEED_MICRONUTRIENTS.map((n) => (f[MICRO_COLUMN[n]] === '' ? null : Number(f[MICRO_COLUMN[n]]))),
  ]);
}

const servings = new Map<string, [number, string, number][]>();
for (const [ndb, , amount, unit, grams] of rows('WEIGHT.txt')) {
  const list = servings.get(ndb) ?? [];
  list.push([Number(amount), unit, Number(grams)]);
  servings.set(ndb, list);
}

const seed: UsdaSeed = { format: 1, source: 'USDA National Nutrient Database for Standard Reference, Release 21', nutrients: [...SEED_NUTRIENTS, ...SEED_MICRONUTRIENTS], foods: [] };
for (const [ndb, group, desc] of rows('FOOD_DES.txt')) {
  const n = nutrients.get(ndb);
  if (!n) throw new Error(`FOOD_DES ${ndb} has no ABBREV line`);
  seed.foods.push([ndb, group, desc, n, servings.get(ndb) ?? []]);
}
const gz = gzipSync(JSON.stringify(seed), { level: 9 });
writeFileSync(out, gz);
console.log(`${seed.foods.length} foods → ${out} (${(gz.length / 1024).toFixed(0)} KiB)`);
