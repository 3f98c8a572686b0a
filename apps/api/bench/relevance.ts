/**
 * Search relevance: success@3 = share of queries whose top 3 results contain an acceptable food.
 *   npx tsx bench/relevance.ts [--verbose]     (in-memory PGlite with the built-in foods)
 * Sets: bench/search-relevance-dev.json (given, a committed copy) and bench/everyday-queries*.json (ours,
 * written before looking at results; sets 2–10 from everyday-queries-N.tsv by resolve-queries.ts N).
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
  return (await relevance(db, cases, log)).successAt3;
}

/** success@3, and MRR over the first 10 results (1 / rank of the first acceptable food, 0 if none). */
export async function relevance(db: Db, cases: RelevanceCase[], log?: (line: string) => void): Promise<{ successAt3: number; mrr: number }> {
  let ok = 0;
  let rr = 0;
  for (const c of cases) {
    const res = await searchFoods(db, 0, c.query, 1, 10);
    const rank = res.foods.findIndex((f) => f.source === 'usda_sr21' && c.accept.includes(f.source_id)) + 1;
    const hit = rank >= 1 && rank <= 3;
    if (hit) ok++;
    if (rank) rr += 1 / rank;
    log?.(`${hit ? 'ok  ' : 'MISS'} ${c.query.padEnd(22)} → ${res.foods.slice(0, 3).map((f) => `${f.source_id} ${f.name}`).join(' | ')}`);
  }
  return { successAt3: ok / cases.length, mrr: rr / cases.length };
}

/** The sets: the given 12-query dev set, and ours (written before looking at results). */
export const SETS = ['search-relevance-dev.json', 'everyday-queries.json', 'everyday-queries-2.json', 'everyday-queries-3.json', 'everyday-queries-4.json', 'everyday-queries-5.json', 'everyday-queries-6.json', 'everyday-queries-7.json', 'everyday-queries-8.json', 'everyday-queries-9.json', 'everyday-queries-10.json'] as const;

if (import.meta.url === `file://${process.argv[1]}`) {
  const verbose = process.argv.includes('--verbose');
  const database = await openDatabase({});
  await migrate(database);
  await loadBuiltInFoods(database.db);
  for (const set of SETS) {
    const cases = readSet(set);
    const misses: string[] = [];
    const r = await relevance(database.db, cases, (l) => (verbose || l.startsWith('MISS')) && misses.push(l));
    console.log(`${set}: success@3 = ${r.successAt3.toFixed(3)}, MRR = ${r.mrr.toFixed(3)} (${cases.length} queries)`);
    for (const m of misses) console.log('  ' + m);
  }
  await database.close();
}
