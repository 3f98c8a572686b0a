import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, pgliteDirFor } from '../../db/client.ts';

const run = promisify(execFile);
const apiDir = resolve(import.meta.dirname, '../../..');

/** Runs the CLI the way `npm run foods:import` does: cwd apps/api, INIT_CWD where the user typed it. */
async function importCli(initCwd: string, ...args: string[]) {
  const env = { ...process.env, INIT_CWD: initCwd, DATA_DIR: './data', DATABASE_URL: '', LOG_LEVEL: 'silent' };
  return run(process.execPath, ['--import', 'tsx', 'scripts/foods-import.ts', ...args], { cwd: apiDir, env });
}

describe('npm run foods:import (PGlite data folder, before the server ever started)', () => {
  it('imports Open Food Facts JSONL and FoodData Central CSV, skips bad records, and re-runs without duplicates', async () => {
    const root = mkdtempSync(join(tmpdir(), 'nt-import-'));
    const nutella = { code: '3017620422003', product_name: 'Nutella', brands: 'Ferrero', serving_size: '15 g', serving_quantity: 15, nutriments: { 'energy-kcal_100g': 539, proteins_100g: 6.3, carbohydrates_100g: 57.5, fat_100g: 30.9, sodium_100g: 0.0428 } };
    const cola = { code: '5449000000996', product_name: 'Coca-Cola', brands: 'Coca-Cola', nutriments: { 'energy-kcal_100g': 42, carbohydrates_100g: 10.6, sugars_100g: 10.6 } };
    writeFileSync(join(root, 'off.jsonl'), [JSON.stringify(nutella), '{not json', JSON.stringify({ code: 'abc', product_name: 'No code' }), JSON.stringify({ code: '123456789012', product_name: 'No energy', nutriments: {} }), JSON.stringify(cola)].join('\n'));
    const fdc = join(root, 'fdc');
    mkdirSync(fdc);
    writeFileSync(join(fdc, 'food.csv'), 'fdc_id,data_type,description,food_category_id,publication_date\n2345678,branded_food,"GREEK YOGURT, PLAIN",,2021-01-01\n2345679,branded_food,BROKEN,,2021-01-01\n167512,sr_legacy_food,"Pillsbury, Cinnamon Rolls",,2019-04-01\n');
    writeFileSync(join(fdc, 'food_nutrient.csv'), 'id,fdc_id,nutrient_id,amount\n1,2345678,1008,59\n2,2345678,1003,10.2\n3,2345678,1093,36\n4,167512,1008,330\n5,167512,1004,11.9\n');
    writeFileSync(join(fdc, 'food_portion.csv'), 'id,fdc_id,seq_num,amount,measure_unit_id,portion_description,modifier,gram_weight\n1,167512,1,1,9999,roll,,44\n');
    writeFileSync(join(fdc, 'branded_food.csv'), 'fdc_id,brand_owner,brand_name,gtin_upc,serving_size,serving_size_unit,household_serving_fulltext\n2345678,Acme Dairy,ACME,036000291452,170,g,1 container\n');

    const off1 = await importCli(root, '--source', 'off', 'off.jsonl');
    expect(off1.stdout).toMatch(/Imported 2 foods from off.*skipped 3 bad records/);
    const fdc1 = await importCli(root, '--source', 'fdc', 'fdc');
    expect(fdc1.stdout).toMatch(/Imported 2 foods from fdc.*skipped 1 bad records/);
    await importCli(root, '--source', 'off', 'off.jsonl');
    await importCli(root, '--source', 'fdc', 'fdc');

    const database = await openDatabase({ pgliteDir: pgliteDirFor(join(root, 'data')) });
    try {
      const rows = (await database.db.execute(sql`select id, name, brand_name, gtin, calories, protein, sodium, serving_size, serving_unit, source from foods order by id`)).rows as Record<string, unknown>[];
      expect(rows.map((r) => r.id)).toEqual(['fdc-167512', 'fdc-2345678', 'off-3017620422003', 'off-5449000000996']);
      const yogurt = rows.find((r) => r.id === 'fdc-2345678')!;
      expect(yogurt).toMatchObject({ brand_name: 'ACME', gtin: '00036000291452', calories: 59, sodium: 36, source: 'fdc' });
      expect(rows.find((r) => r.id === 'off-3017620422003')).toMatchObject({ gtin: '03017620422003', serving_size: 1, sodium: 42.8 });
    } finally {
      await database.close();
    }
  }, 120_000);

  it('explains its usage when arguments are missing', async () => {
    await expect(importCli(apiDir, '--source', 'csv')).rejects.toMatchObject({ code: 2 });
  });
});
