/**
 * Turns bench/everyday-queries-N.tsv (query TAB regex on the USDA description, written before looking at
 * any search result) into bench/everyday-queries-N.json with the accepted NDB numbers, from the committed
 * seed. Patterns that match nothing are reported and left out.   npx tsx bench/resolve-queries.ts [N=2]
 * Sets 3 and 4 were written in session 31: set 3 before any result was seen (and then used to find the
 * kinds of misses), set 4 after that, as a held-out check of the rules made from set 3. Set 5 (session 32) was
 * written before any search of the session, as a held-out check of everything up to 8d25ace; set 6 after that
 * session's rules (a9fd92e), before running them on it, as their held-out check; set 7 (portions, quantities
 * and dishes as people type them) the same way after set 6's rules (213bbb7); set 8 (diet words, cuts, fish,
 * world foods, brands, baking) after set 7's (2d36c45); set 9 (breakfast, cuts, snacks, drinks, misspellings)
 * after set 8's (154dd2a); set 10 (sizes, colours and forms of everyday foods, breads, dairy, oils and dressings,
 * grains, nuts, juices) after set 9's (82dbeea), the held-out check of all of the session's rules.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { SEED_FILE } from '../src/paths.ts';
import type { UsdaSeed } from '../src/features/foods/seed-format.ts';

const seed = JSON.parse(gunzipSync(readFileSync(SEED_FILE)).toString('utf8')) as UsdaSeed;
const set = `everyday-queries-${process.argv[2] ?? '2'}`;
const out: { query: string; accept_pattern: string; accept: string[] }[] = [];
for (const line of readFileSync(resolve(import.meta.dirname, `${set}.tsv`), 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const [query, pattern] = line.split('\t') as [string, string];
  const re = new RegExp(pattern, 'i');
  const accept = seed.foods.filter((f) => re.test(f[2])).map((f) => f[0]);
  if (accept.length) out.push({ query, accept_pattern: pattern, accept });
  else console.log(`no food matches ${query}: ${pattern}`);
}
writeFileSync(resolve(import.meta.dirname, `${set}.json`), JSON.stringify(out, null, 1) + '\n');
console.log(`${out.length} queries written`);
