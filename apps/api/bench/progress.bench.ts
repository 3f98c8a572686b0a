/**
 * Dashboard, insights and analyses latency for a user with two years of history (730 days, ≈ 6,000 food-log
 * entries, 700 weigh-ins): p50/p95 of each service call (what the route runs, without HTTP framing).
 *   npm run bench:progress -w apps/api   (also part of `npm run bench`)
 * 1) in-memory PGlite; 2) PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh database
 * there, dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { format, subDays } from 'date-fns';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { food_logs, user_settings, users, weight_entries } from '../src/db/schema/index.ts';
import * as dashboard from '../src/features/insights/dashboard-service.ts';
import * as insights from '../src/features/insights/insights-service.ts';

const TZ = 'Europe/Berlin';
const DAYS = 730;
const ROUNDS = 40;
const TARGET_MS = 50;

/** Deterministic pseudo-random numbers, so every run measures the same history. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const FOODS = [
  ['Oatmeal', 300, 10, 54, 5, 8, 'breakfast', 7], ['Greek yogurt', 150, 15, 8, 5, 0, 'breakfast', 8], ['Banana', 105, 1, 27, 0, 3, 'snack', 10],
  ['Chicken breast', 280, 52, 0, 6, 0, 'lunch', 12], ['Brown rice', 220, 5, 45, 2, 3.5, 'lunch', 13], ['Salad', 120, 3, 10, 8, 4, 'lunch', 13],
  ['Pasta bolognese', 650, 30, 80, 20, 6, 'dinner', 19], ['Cheese pizza', 900, 36, 100, 38, 5, 'dinner', 20], ['Dark chocolate', 170, 2, 13, 12, 3, 'snack', 22],
] as const;

async function seedHistory(database: Database): Promise<{ userId: number; entries: number; weights: number }> {
  const db = database.db;
  const [u] = await db.insert(users).values({ email: `bench.${randomBytes(4).toString('hex')}@example.com`, email_validated: true }).returning();
  const userId = u!.id;
  await db.insert(user_settings).values({ user_id: userId, timezone: TZ, daily_calorie_goal: 2200, daily_protein_goal: 140, sex: 'male', birth_year: 1988 });
  const r = rng(42);
  const today = new TZDate(new Date(), TZ);
  const logs: (typeof food_logs.$inferInsert)[] = [];
  const weights: (typeof weight_entries.$inferInsert)[] = [];
  let kg = 88;
  for (let i = DAYS - 1; i >= 0; i--) {
    const day = subDays(today, i);
    const date = format(day, 'yyyy-MM-dd');
    for (const [name, kcal, p, c, f, fiber, meal, hour] of FOODS) {
      if (r() < 0.1) continue; // about 8 entries a day
      const n = 0.75 + r() * 0.5;
      const at = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hour, Math.floor(r() * 60), TZ);
      logs.push({ user_id: userId, food_name: name, calories: kcal * n, protein: p * n, carbohydrates: c * n, fat: f * n, fiber: fiber * n, sodium: 300 * n, saturated_fat: f * 0.3 * n, iron: 1.2 * n, calcium: 80 * n, meal_type: meal, date, created_at: new Date(at.getTime()) });
    }
    kg += -0.01 + (r() - 0.5) * 0.02;
    if (weights.length < 700 && r() < 0.96) weights.push({ user_id: userId, date, weight_kg: Math.round((kg + (r() - 0.5) * 1.2) * 10) / 10 });
  }
  for (let i = 0; i < logs.length; i += 1000) await db.insert(food_logs).values(logs.slice(i, i + 1000));
  for (let i = 0; i < weights.length; i += 1000) await db.insert(weight_entries).values(weights.slice(i, i + 1000));
  return { userId, entries: logs.length, weights: weights.length };
}

function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

async function measure(database: Database, label: string) {
  const t0 = performance.now();
  const { userId, entries, weights } = await seedHistory(database);
  console.log(`${label}: history of ${DAYS} days, ${entries} food-log entries, ${weights} weigh-ins (seeded in ${Math.round(performance.now() - t0)} ms)`);
  const db = database.db;
  const now = new TZDate(new Date(), TZ);
  const calls: [string, () => Promise<unknown>][] = [
    ['GET /dashboard/stats', () => dashboard.stats(db, userId, {})],
    ['GET /dashboard/historical-stats/365', () => dashboard.historical(db, userId, 365)],
    ['GET /dashboard/weekly-stats/0', () => dashboard.weekly(db, userId, 0)],
    ['GET /dashboard/monthly-stats/{y}/{m}', () => dashboard.monthly(db, userId, now.getFullYear(), now.getMonth() + 1)],
    ['GET /insights/analysis (7)', () => insights.analysis(db, userId, 7)],
    ['GET /insights/meal-timing (14)', () => insights.timing(db, userId, 14)],
    ['GET /insights/patterns (14)', () => insights.patterns(db, userId, 14)],
    ['GET /insights/nutrients (7)', () => insights.nutrients(db, userId, 7)],
    ['GET /recommendations/pattern-analysis (14)', () => insights.patternAnalysis(db, userId, {})],
    ['GET /recommendations/overall-analysis (30)', () => insights.overallAnalysis(db, userId, {})],
  ];
  for (const [name, call] of calls) {
    for (let i = 0; i < 3; i++) await call(); // warm up
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      await call();
      times.push(performance.now() - t);
    }
    const p95 = pct(times, 95);
    console.log(`  ${name.padEnd(44)} p50 ${pct(times, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   ${p95 < TARGET_MS ? 'ok' : `OVER ${TARGET_MS} ms`}`);
  }
}

async function main() {
  const lite = await openDatabase({});
  await migrate(lite);
  await measure(lite, 'PGlite (in memory)');
  await lite.close();

  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  const name = `nt_bench_progress_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 5 });
  try {
    await migrate(database);
    await measure(database, 'PostgreSQL');
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
