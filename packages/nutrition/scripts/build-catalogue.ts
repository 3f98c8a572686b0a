/**
 * Builds data/meal-catalogue.json from the raw USDA SR21 files (run: npx tsx scripts/build-catalogue.ts).
 * The output is committed so nothing reads ../shared at run time.
 *
 * ABBREV.txt column order (SR21, 51 fields, no vitamin D columns yet): 1 NDB_No, 2 Shrt_Desc, 3 Water,
 * 4 Energ_Kcal, 5 Protein, 6 Lipid_Tot, 7 Ash, 8 Carbohydrt, 9 Fiber_TD, 10 Sugar_Tot, 11 Calcium, 12 Iron,
 * 13 Magnesium, 14 Phosphorus, 15 Potassium, 16 Sodium, ... 43 FA_Sat, 44 FA_Mono, 45 FA_Poly, 46 Cholestrl.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PICKS, type Pick } from './catalogue-picks.js';
import { GROUP_NAMES, tagFood } from './catalogue-rules.js';

const here = dirname(fileURLToPath(import.meta.url));
const SRC = process.env.USDA_SR21_DIR ?? join(here, '../../../../shared/data/usda-sr21');
const OUT = join(here, '../data/meal-catalogue.json');

const rows = (file: string): string[][] =>
  readFileSync(join(SRC, file), 'latin1').split(/\r?\n/).filter(Boolean).map((l) => l.split('^').map((f) => f.replace(/^~|~$/g, '')));
const num = (s: string | undefined): number | null => (s === undefined || s === '' ? null : Number(s));

const desc = new Map(rows('FOOD_DES.txt').map((r) => [r[0]!, { group: r[1]!, long: r[2]! }]));
const abbrev = new Map(rows('ABBREV.txt').map((r) => [r[0]!, r]));
const weights = new Map<string, { amount: number; desc: string; grams: number }[]>();
for (const r of rows('WEIGHT.txt')) {
  const list = weights.get(r[0]!) ?? [];
  list.push({ amount: Number(r[2]), desc: r[3]!, grams: Number(r[4]) });
  weights.set(r[0]!, list);
}

const ALIASES: Record<string, string[]> = { tbsp: ['tbsp', 'tablespoon'], tsp: ['tsp', 'teaspoon'] };
const SIZE_WORDS = new Set(['small', 'medium', 'large', 'extra large', 'fruit']);
const r1 = (x: number): number => Math.round(x * 10) / 10;

/** Resolves a unit key to a household unit label and grams per unit. */
function resolveUnit(p: Pick): { unit: string; unit_grams: number } {
  const [key, label] = p.portion.unit.split('@') as [string, string | undefined];
  const fmt = (l: string, g: number): { unit: string; unit_grams: number } => ({ unit: `${label ?? l} (${r1(g)} g)`, unit_grams: g });
  if (key === 'oz') return fmt('oz', 28.35);
  const g = /^g:([\d.]+)$/.exec(key);
  if (g) return fmt('serving', Number(g[1]));
  const custom = /^(.+)=([\d.]+)$/.exec(key);
  if (custom) return fmt(custom[1]!, Number(custom[2]));
  for (const k of ALIASES[key] ?? [key]) {
    const w = (weights.get(p.ndb) ?? []).find((x) => x.desc.toLowerCase().startsWith(k.toLowerCase()));
    if (!w) continue;
    let l = w.desc.split(/[(,]/)[0]!.trim();
    for (const a of Object.keys(ALIASES)) if (ALIASES[a]!.includes(l)) l = a;
    if (SIZE_WORDS.has(l)) l = l === 'fruit' ? nounOf(p.name) : `${l} ${nounOf(p.name)}`;
    return fmt(l, w.grams / w.amount);
  }
  throw new Error(`${p.ndb} ${p.name}: no household measure "${key}" in WEIGHT.txt: ${(weights.get(p.ndb) ?? []).map((w) => w.desc).join(' | ')}`);
}
const nounOf = (name: string): string => name.split(/[ ,(]/)[0]!.toLowerCase().replace(/(ies)$/, 'y').replace(/(?<!s)s$/, '');

const MEAL_CODES: Record<string, string> = { B: 'breakfast', L: 'lunch', D: 'dinner', S: 'snack' };
const seen = new Set<string>();
const errors: string[] = [];
const out = PICKS.flatMap((p) => { try { return [entry(p)]; } catch (e) { errors.push((e as Error).message); return []; } });
if (errors.length) { console.error(errors.join('\n')); process.exit(1); }

function entry(p: Pick) {
  if (seen.has(p.ndb)) throw new Error(`duplicate pick ${p.ndb}`);
  seen.add(p.ndb);
  const d = desc.get(p.ndb);
  const a = abbrev.get(p.ndb);
  if (!d || !a) throw new Error(`unknown NDB ${p.ndb} (${p.name})`);
  const per_100g = {
    calories: num(a[3])!, protein: num(a[4])!, carbs: num(a[7])!, fat: num(a[5])!, fiber: num(a[8]) ?? 0,
    sugar: num(a[9]), sodium_mg: num(a[15]), saturated_fat: num(a[42]),
  };
  const tags = tagFood({ ndb: p.ndb, group: d.group.slice(0, 4), desc: d.long, name: p.name, role: p.role, per100: per_100g });
  const { unit, unit_grams } = resolveUnit(p);
  return {
    ndb: p.ndb, food_id: `usda-${p.ndb}`, name: p.name, usda_name: d.long,
    group: GROUP_NAMES[d.group] ?? d.group, role: p.role,
    meals: [...p.meals].map((c) => MEAL_CODES[c]!),
    per_100g,
    portion: { unit, unit_grams: r1(unit_grams * 100) / 100, min: p.portion.min, max: p.portion.max, step: p.portion.step },
    diets: tags.diets, allergens: tags.allergens,
  };
}
// One food per line: the file is reviewed by hand and diffs stay readable.
const source = 'USDA National Nutrient Database for Standard Reference, Release 21 (public domain)';
writeFileSync(OUT, `{"source": ${JSON.stringify(source)},\n"foods": [\n${out.map((f) => JSON.stringify(f)).join(',\n')}\n]}\n`);
console.log(`wrote ${out.length} foods to ${OUT}`);
