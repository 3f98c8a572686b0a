/**
 * Dashboard, insights and analyses latency for a user with two years of history (730 days, ≈ 6,000 food-log
 * entries, 700 weigh-ins): p50/p95 of each service call (what the route runs, without HTTP framing).
 *   npm run bench:progress -w apps/api   (also part of `npm run bench`)
 * 1) in-memory PGlite; 2) PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh database
 * there, dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import * as dashboard from '../src/features/insights/dashboard-service.ts';
import * as insights from '../src/features/insights/insights-service.ts';
import { DAYS, TZ, seedHistory } from './progress-seed.ts';

const ROUNDS = 40;
const TARGET_MS = 50;

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
