/**
 * Where the time of the progress routes goes: min/p50 of each query and rule they run on the history of
 * bench/progress.bench.ts, and EXPLAIN ANALYZE of the heavier queries, on PGlite and PostgreSQL.
 *   npx tsx bench/progress-profile.ts   (BENCH_DATABASE_URL for PostgreSQL)
 * The minimum of many sequential runs approximates the time of a request alone on a busy machine; "cpu" is this
 * process's CPU time per call (all of it on PGlite, which runs in-process; only the driver's and the rules' on
 * PostgreSQL), which load on the machine hardly changes.
 */
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import * as data from '../src/features/insights/data.ts';
import * as repo from '../src/features/insights/repository.ts';
import * as dashboard from '../src/features/insights/dashboard-service.ts';
import * as insights from '../src/features/insights/insights-service.ts';
import * as nutrition from '@app/nutrition';
import { TZ, seedHistory } from './progress-seed.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 25);
const only = process.env.ONLY ? new RegExp(process.env.ONLY) : null;

async function time(name: string, call: () => Promise<unknown>) {
  if (only && !only.test(name)) return;
  for (let i = 0; i < 2; i++) await call();
  const xs: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await call();
    xs.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpu0);
  xs.sort((a, b) => a - b);
  const ms = (x: number) => `${x.toFixed(1).padStart(6)} ms`;
  console.log(`  ${name.padEnd(48)} min ${ms(xs[0]!)}   p50 ${ms(xs[Math.floor(xs.length / 2)]!)}   cpu ${ms((cpu.user + cpu.system) / 1000 / ROUNDS)}`);
}

async function explain(database: Database, name: string, q: SQL) {
  if (process.env.EXPLAIN !== '1') return;
  const res = await database.db.execute(sql`explain (analyze, buffers) ${q}`);
  console.log(`  EXPLAIN ${name}\n${res.rows.map((r: any) => `    ${r['QUERY PLAN']}`).join('\n')}`);
}

async function profile(database: Database, label: string) {
  const { userId } = await seedHistory(database);
  if (process.env.ANALYZE === '1') await database.db.execute(sql`analyze`);
  console.log(`${label}`);
  const db = database.db;
  const ctx = await data.userContext(db, userId);
  const today = ctx.today;
  const r = (days: number) => data.rangeEnding(today, days);
  await time('repo.settings', () => repo.settings(db, userId));
  await time('repo.dayTotals 1 day', () => repo.dayTotals(db, userId, today, today));
  await time('repo.dayTotals 28 days', () => repo.dayTotals(db, userId, r(28).from, today));
  await time('repo.dayTotals 365 days', () => repo.dayTotals(db, userId, r(365).from, today));
  await time('repo.weights 120 days', () => repo.weights(db, userId, r(120).from, today));
  await time('data.weightTrend', () => data.weightTrend(db, userId, today));
  await time('repo.streakFrom today', () => repo.streakFrom(db, userId, today));
  await time('repo.entries 7 days', () => repo.entries(db, userId, r(7).from, today, TZ, data.ALL_OF_ENTRY));
  await time('repo.entries 14 days', () => repo.entries(db, userId, r(14).from, today, TZ, data.ALL_OF_ENTRY));
  await time('repo.entries 30 days', () => repo.entries(db, userId, r(30).from, today, TZ, data.ALL_OF_ENTRY));
  await time('data.analysisEntries 30 days', () => data.analysisEntries(db, userId, r(30).from, today, TZ, data.ALL_OF_ENTRY));
  const entries30 = await data.analysisEntries(db, userId, r(30).from, today, TZ, data.ALL_OF_ENTRY);
  const { latest } = await data.weightTrend(db, userId, today);
  await time('rules: findings 30 days (no I/O)', async () => nutrition.findings(entries30, { calorie_goal: 2200, weight_kg: latest?.trend_kg ?? null }));
  await time('rules: nutrientReport 30 days (no I/O)', async () => nutrition.nutrientReport(entries30, 'male', 38));
  await time('dashboard.stats', () => dashboard.stats(db, userId, {}));
  await time('dashboard.historical 365', () => dashboard.historical(db, userId, 365));
  await time('insights.analysis 7', () => insights.analysis(db, userId, 7));
  await time('insights.timing 14', () => insights.timing(db, userId, 14));
  await time('insights.patterns 14', () => insights.patterns(db, userId, 14));
  await time('insights.nutrients 7', () => insights.nutrients(db, userId, 7));
  await time('insights.patternAnalysis 14', () => insights.patternAnalysis(db, userId, {}));
  await time('insights.overallAnalysis 30', () => insights.overallAnalysis(db, userId, {}));
  const day = sql.raw(`'${today}'::date`);
  await explain(database, 'dayTotals 365', sql`select date, sum(calories), count(*) from food_logs where user_id = ${userId} and date >= ${day} - 364 and date <= ${day} group by date order by date`);
  await explain(database, 'entries 30', sql`select * from food_logs where user_id = ${userId} and date >= ${day} - 29 and date <= ${day} order by date, created_at`);
  await explain(database, 'streak window 992', sql`select distinct date from food_logs where user_id = ${userId} and date <= ${day} and date > ${day} - 992`);
}

async function main() {
  const lite = await openDatabase({});
  await migrate(lite);
  await profile(lite, 'PGlite (in memory)');
  await lite.close();
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return;
  const name = `nt_profile_progress_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 5 });
  try {
    await migrate(database);
    await profile(database, 'PostgreSQL');
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
