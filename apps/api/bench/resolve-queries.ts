/**
 * Turns bench/everyday-queries-2.tsv (query TAB regex on the USDA description, written before looking at
 * any search result) into bench/everyday-queries-2.json with the accepted NDB numbers, from the committed
 * seed. Patterns that match nothing are reported and left out.   npx tsx bench/resolve-queries.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { SEED_FILE } from '../src/paths.ts';
import type { UsdaSeed } from '../src/features/foods/seed-format.ts';

const seed = JSON.parse(gunzipSync(readFileSync(SEED_FILE)).toString('utf8')) as UsdaSeed;
const out: { query: string; accept_pattern: string; accept: string[] }[] = [];
for (const line of readFileSync(resolve(import.meta.dirname, 'everyday-queries-2.tsv'), 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const [query, pattern] = line.split('\t') as [string, string];
  const re = new RegExp(pattern, 'i');
  const accept = seed.foods.filter((f) => re.test(f[2])).map((f) => f[0]);
  if (accept.length) out.push({ query, accept_pattern: pattern, accept });
  else console.log(`no food matches ${query}: ${pattern}`);
}
writeFileSync(resolve(import.meta.dirname, 'everyday-queries-2.json'), JSON.stringify(out, null, 1) + '\n');
console.log(`${out.length} queries written`);
