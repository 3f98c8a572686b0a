/**
 * Meal descriptions (POST /food-logs/parse, issue 41): p50/p95 per sentence of the parse itself (splitting, amounts,
 * food search, grams and nutrients) over the dev set's 45 sentences, on the built-in foods in in-memory PGlite, with
 * a plain food search beside it as the reference of the same run (machines here differ several-fold in speed).
 *   npm run bench:parse     (also part of `npm run bench`)
 * Each round runs every sentence once; the first round is printed apart (a cold search cache), the target (p95 under
 * 150 ms a sentence) is read on the warm rounds, as a person's second meal of the day would be.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { users } from '../src/db/schema/index.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { loadBuiltInFoods, searchFoods } from '../src/features/foods/service.ts';
import { parseMeal } from '../src/features/food-parse/service.ts';

const ROUNDS = Math.max(2, Number(process.env.PARSE_ROUNDS ?? 5) || 5);
const sentences = (JSON.parse(readFileSync(join(import.meta.dirname, '../src/features/food-parse/dev-set.json'), 'utf8')) as { sentences: { text: string }[] }).sentences.map((s) => s.text);

function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}
const line = (label: string, xs: number[]) => `${label}: n ${xs.length}, p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;

const database = await openDatabase({});
await migrate(database);
const seed = await loadBuiltInFoods(database.db);
const [user] = await database.db.insert(users).values({ email: `parse.bench@example.com`, email_validated: true }).returning();
const body = (text: string) => ({ text, meal_type: 'lunch' as const, date: '2026-12-07' });

const cold: number[] = [];
const warm: number[] = [];
let items = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (const text of sentences) {
    const t = performance.now();
    const out = await parseMeal(database.db, user!.id, body(text));
    (round === 0 ? cold : warm).push(performance.now() - t);
    if (round === 0) items += out.items.length;
  }
}
// The reference: one plain food search (warm cache) per sentence, in the same run.
const search: number[] = [];
for (let round = 0; round < ROUNDS - 1; round++) {
  for (const text of sentences) {
    const t = performance.now();
    await searchFoods(database.db, user!.id, text.split(/\s+/).slice(-2).join(' '), 1, 20);
    search.push(performance.now() - t);
  }
}
console.log(`parse bench: ${seed.count} built-in foods (PGlite, in memory), ${sentences.length} sentences (${items} foods read), ${ROUNDS} rounds`);
console.log(line('parse, first round (cold search cache)', cold));
console.log(line('parse, later rounds', warm));
console.log(line('reference: one food search a sentence, same run', search));
console.log(`target p95 < 150 ms a sentence: ${pct(warm, 95) < 150 ? 'met' : 'MISSED'}`);
await database.close();
