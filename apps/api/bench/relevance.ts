/**
 * Search relevance: success@3 = share of queries whose top 3 results contain an acceptable food.
 *   npx tsx bench/relevance.ts [--verbose]     (in-memory PGlite with the built-in foods)
 * Sets: bench/search-relevance-dev.json (given) and bench/everyday-queries.json (ours, checked by hand).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import type { Db } from '../src/db/client.ts';
import { loadBuiltInFoods, searchFoods } from '../src/features/foods/service.ts';

export interface RelevanceCase {
  query: string;
  accept: string[];
}

export function readSet(name: string): RelevanceCase[] {
  return JSON.parse(readFileSync(resolve(import.meta.dirname, name), 'utf8'));
}

export async function successAt3(db: Db, cases: RelevanceCase[], log?: (line: string) => void): Promise<number> {
  let ok = 0;
  for (const c of cases) {
    const res = await searchFoods(db, 0, c.query, 1, 3);
    const hit = res.foods.some((f) => f.source === 'usda_sr21' && c.accept.includes(f.source_id));
    if (hit) ok++;
    log?.(`${hit ? 'ok  ' : 'MISS'} ${c.query.padEnd(22)} → ${res.foods.map((f) => `${f.source_id} ${f.name}`).join(' | ')}`);
  }
  return ok / cases.length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const verbose = process.argv.includes('--verbose');
  const database = await openDatabase({});
  await migrate(database);
  await loadBuiltInFoods(database.db);
  for (const set of ['search-relevance-dev.json', 'everyday-queries.json']) {
    const cases = readSet(set);
    const misses: string[] = [];
    const s = await successAt3(database.db, cases, (l) => (verbose || l.startsWith('MISS')) && misses.push(l));
    console.log(`${set}: success@3 = ${s.toFixed(3)} (${cases.length} queries)`);
    for (const m of misses) console.log('  ' + m);
  }
  await database.close();
}
