import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { loadBuiltInFoods, searchFoods } from '../src/features/foods/service.ts';
import * as repo from '../src/features/foods/repository.ts';
import { sql } from 'drizzle-orm';
const database = await openDatabase({});
await migrate(database);
await loadBuiltInFoods(database.db);
const db = database.db as any;
for (const w of ['chikn', 'beaf']) console.log(w, await repo.similarTerms(db, w, 20));
const rows = await db.execute(sql`select id, name, search_head, search_text, commonness from foods where name ilike '%ritz%' or name ilike '%popcorn chicken%' or name ilike '%taco sauce%' or name ilike '%filet-o%' limit 8`);
console.log((rows.rows ?? rows).map((r: any) => JSON.stringify(r)).join('\n'));
for (const q of process.argv.slice(2)) {
  const r: any = await searchFoods(db, 0, q, 1, 5);
  console.log(q, '=>', r.match, r.foods.map((f: any) => f.name ?? f.food_name).join(' | '));
}
await database.close();
