/**
 * Recipe import quality over the fixture pages (apps/api/test/fixtures/recipes), served from loopback:
 *   1. extraction: share of pages whose title and ingredient lines come out exactly as a person reads them;
 *   2. matching: share of ingredient lines matched to a food with grams (to-taste lines count as misses);
 *   3. calories: median absolute error of calories per serving against pages stating nutrition.calories.
 *   npm run bench:recipes   (built-in foods on in-memory PGlite)
 */
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { loadBuiltInFoods } from '../src/features/foods/service.ts';
import { extractRecipe } from '../src/features/recipes/extract.ts';
import { fetchPage } from '../src/features/recipes/fetch-page.ts';
import { analyzeLine } from '../src/features/recipes/service.ts';
import { expectedPages, startRecipeSite } from '../test/fixtures/recipes/server.ts';

const database = await openDatabase({});
await migrate(database);
await loadBuiltInFoods(database.db);
const site = await startRecipeSite();
const verbose = process.argv.includes('--verbose');

let exact = 0;
let lines = 0;
let withGrams = 0;
const errors: number[] = [];
for (const page of expectedPages) {
  const fetched = await fetchPage(`${site.url}/pages/${page.file}`, { allowedDomains: ['*'], allowLoopback: true });
  const r = await extractRecipe(fetched.html, fetched.url);
  const ok = r && r.title === page.title && r.servings === page.servings && JSON.stringify(r.ingredients) === JSON.stringify(page.ingredients);
  if (ok) exact++;
  else console.log(`extraction differs: ${page.file}`);
  let calories = 0;
  for (const line of page.ingredients) {
    const a = await analyzeLine(database.db, 0, line);
    lines++;
    if (a.food_id && a.grams) withGrams++;
    calories += a.nutrients.calories;
    if (verbose) console.log(`  ${line.padEnd(50)} → ${a.food_name ?? '—'} ${a.grams ?? '?'} g ${a.nutrients.calories} kcal (${a.conversion})`);
  }
  if (page.calories) {
    const perServing = calories / page.servings;
    const err = Math.abs(perServing - page.calories) / page.calories;
    errors.push(err);
    if (verbose) console.log(`${page.file}: ${perServing.toFixed(0)} kcal/serving vs stated ${page.calories} (${(err * 100).toFixed(0)} %)`);
  }
}
const median = [...errors].sort((a, b) => a - b)[Math.floor(errors.length / 2)] ?? 0;
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
console.log(`pages: ${expectedPages.length}`);
console.log(`extraction exact (title, servings, ingredient lines): ${exact}/${expectedPages.length} = ${pct(exact / expectedPages.length)} (target ≥ 95 %)`);
console.log(`ingredient lines matched with grams: ${withGrams}/${lines} = ${pct(withGrams / lines)} (target ≥ 85 %)`);
console.log(`calories per serving, median absolute error over ${errors.length} recipes: ${pct(median)} (target ≤ 15 %)`);
await site.close();
await database.close();
