/**
 * Search latency: p50/p95 of the full search (SQL candidates + ranking + page rows).
 *   npm run bench     (root) → 1) built-in foods on in-memory PGlite, 2) + 1,000,000 synthetic branded
 *   products on PostgreSQL: BENCH_DATABASE_URL if set, else a throwaway server from Debian's binaries.
 * Also prints seed load time, success@3 and MRR of the relevance sets, and the search-flood run (bench/flood.ts).
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { loadBuiltInFoods, searchFoods } from '../src/features/foods/service.ts';
import { readSet, relevance, SETS, successAt3 } from './relevance.ts';
import { searchFlood } from './flood.ts';
import { freePort } from './proc.ts';

const QUERIES = [...readSet('everyday-queries.json'), ...readSet('search-relevance-dev.json')].map((c) => c.query).concat(['chocolate bar', 'protein bar', 'greek yogurt strawberry', 'chiken', 'cheese pizza']);

function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

async function measure(database: Database, label: string, rounds = 3) {
  for (const q of QUERIES) await searchFoods(database.db, 0, q, 1, 20); // warm up
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of QUERIES) {
      const t = performance.now();
      await searchFoods(database.db, 0, q, 1, 20);
      times.push(performance.now() - t);
    }
  }
  console.log(`${label}: ${times.length} searches, p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`);
}

async function builtIn() {
  const database = await openDatabase({});
  await migrate(database);
  const load = await loadBuiltInFoods(database.db);
  console.log(`seed: ${load.count} foods loaded in ${load.ms} ms (PGlite, in memory)`);
  for (const set of SETS) {
    const cases = readSet(set);
    const r = await relevance(database.db, cases);
    console.log(`${set}: success@3 = ${r.successAt3.toFixed(3)}, MRR = ${r.mrr.toFixed(3)} (${cases.length} queries)`);
  }
  await measure(database, 'built-in foods, PGlite');
  await database.close();
}


/** A throwaway PostgreSQL in a temp folder, run as the postgres user (initdb refuses root). */
async function throwawayPostgres(): Promise<{ url: string; stop: () => void } | string> {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort() : [];
  const bin = versions.length ? `/usr/lib/postgresql/${versions.at(-1)}/bin` : '';
  if (!bin || !existsSync(`${bin}/initdb`)) return 'no PostgreSQL binaries (apt-get install -y postgresql) and no BENCH_DATABASE_URL';
  const asPostgres = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--']] as const : null;
  const exec = (cmd: string, args: string[]) => (asPostgres ? execFileSync(asPostgres[0], [...asPostgres[1], cmd, ...args], { stdio: 'pipe' }) : execFileSync(cmd, args, { stdio: 'pipe' }));
  const dir = mkdtempSync(join(tmpdir(), 'nt-bench-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  exec(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const port = await freePort();
  exec(`${bin}/pg_ctl`, ['-D', data, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c shared_buffers=256MB -c max_wal_size=4GB -c synchronous_commit=off`, '-w', '-l', join(dir, 'log'), 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        exec(`${bin}/pg_ctl`, ['-D', data, '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** One million branded products, generated inside Postgres from word lists (seconds, not minutes). */
async function synthesize(database: Database, n: number) {
  const t = performance.now();
  await database.db.execute(sql`
    with words as (
      select array['Acme','Golden','Farm','Nature''s','Happy','Crunchy','Organic','Super','Daily','Prime','Fresh','Royal','Sunny','Wild','Urban'] as brands,
             array['Chocolate','Vanilla','Strawberry','Peanut','Almond','Honey','Sea Salt','Barbecue','Cheddar','Cinnamon','Lemon','Coconut','Spicy','Garlic','Maple','Blueberry','Banana','Apple','Chicken','Beef','Turkey','Tomato','Mango','Oat','Rice','Milk','Yogurt','Coffee','Caramel','Mint'] as flavours,
             array['Cookies','Chips','Bar','Crackers','Cereal','Yogurt','Juice','Drink','Soup','Sauce','Bread','Granola','Pasta','Ice Cream','Candy','Snack Mix','Protein Shake','Jerky','Pretzels','Muffins','Pizza','Burrito','Nuggets','Sausage','Cheese'] as kinds
    )
    insert into foods (id, source, source_id, name, brand_name, food_type, food_description, gtin, serving_size, serving_unit, servings,
                       calories, protein, carbs, fat, search_head, search_text, commonness)
    select 'off-' || lpad(g::text, 13, '0'), 'off', lpad(g::text, 13, '0'),
           name, brand, 'Brand', brand || ' ' || name, lpad(g::text, 14, '0'), 1, 'serving',
           '[{"description":"1 serving (30 g)","amount":1,"unit":"serving","grams":30}]'::jsonb,
           50 + (g % 450), (g % 30), (g % 80), (g % 35), lower(name), lower(brand || ' ' || name), -0.8
    from words, generate_series(1, ${n}) g,
         lateral (select brands[1 + (g * 7) % 15] as brand,
                         flavours[1 + (g * 13) % 30] || ' ' || flavours[1 + (g * 31 / 7) % 30] || ' ' || kinds[1 + (g * 17) % 25] as name) x
    on conflict (id) do nothing`);
  await database.db.execute(sql`analyze foods`);
  console.log(`synthetic: ${n} branded products generated in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

async function postgres() {
  let url = process.env.BENCH_DATABASE_URL;
  let stop = () => {};
  if (!url) {
    const pgServer = await throwawayPostgres().catch((e: Error) => `could not start PostgreSQL: ${e.message}`);
    if (typeof pgServer === 'string') {
      console.log(`PostgreSQL benchmark SKIPPED: ${pgServer}`);
      return;
    }
    ({ url, stop } = pgServer);
  }
  const name = `nt_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 4 });
  try {
    await migrate(database);
    const load = await loadBuiltInFoods(database.db);
    console.log(`seed: ${load.count} foods loaded in ${load.ms} ms (PostgreSQL)`);
    await measure(database, 'built-in foods, PostgreSQL');
    await synthesize(database, Number(process.env.BENCH_ROWS ?? 1_000_000));
    await measure(database, 'built-in + 1,000,000 branded, PostgreSQL');
    console.log(`dev set success@3 with a million branded products present: ${(await successAt3(database.db, readSet('search-relevance-dev.json'))).toFixed(3)}`);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    stop();
  }
}

await builtIn();
await searchFlood();
await postgres();
