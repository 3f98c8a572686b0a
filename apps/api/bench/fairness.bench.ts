/**
 * Fairness (issue 39's judge): while one user (A) floods a heavy route, does another user (B) still get answered?
 *   npm run bench:fairness                         PGlite (one API process)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:fairness     PGlite, then that PostgreSQL server
 * Env: FAIRNESS_DATABASES=pglite,postgres (postgres only with BENCH_DATABASE_URL), FAIRNESS_PROCESSES (API processes
 * on PostgreSQL, default 2: two server processes on two ports over one database, A's and B's calls spread over both;
 * always 1 on PGlite, an embedded single-process database), FAIRNESS_ONLY=<comma list of flood names>,
 * FAIRNESS_SECONDS (how long each flood starts new requests, default 20, at most 60).
 *
 * For each flood: B's calls (search, the daily summary of a day with 20 entries, two static files of the web build,
 * B's own planner call) are timed one after another for a while with no flood (the baseline), then again while A
 * floods, then the server is left a few seconds to drain. Target: each of B's p95 during the flood ≤ 2× its baseline
 * and ≤ 300 ms; A gets 429s (or a 4xx cap), never a 5xx; B gets neither a 429 nor a 5xx. It measures, it does not
 * assert: the exit code is 0 unless the bench itself fails, and MISSED rows say what missed.
 *
 * Each flood has its own A and its own B (same seed), so the hourly limits one flood spends (recipe analyses,
 * suggestions, daily plans) do not decide the next flood's numbers. B's planner call runs in a loop of its own
 * beside the loop of quick calls (the app asks for suggestions while its user browses): B has at most two requests
 * in flight. B's search is paced under its per-user limit of 60 a minute, its planner call under 300 an hour.
 * Floods are bounded: ≤ 100 connections, new requests for FAIRNESS_SECONDS, everything still in flight aborted at
 * FAIRNESS_SECONDS + 10 s (≤ 60 s in all), loopback only (bench/fairness/http.ts refuses any other address). The
 * floods run in a child process (bench/fairness/flooder.ts) and the hostile pages are served by another
 * (bench/fairness/page-server.ts), so neither slows the process that times B. Servers, page server and flooders
 * are killed on exit, on error and on Ctrl-C.
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, closeSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { subDays } from 'date-fns';
import { SignJWT } from 'jose';
import pg from 'pg';
import { FoodLogBatchSchema } from '@app/contracts';
import { openDatabase, pgliteDirFor, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { ALLOCATOR_ENV, serverNodeOptions } from '../../../scripts/allocator-env.mjs';
import { messageOf, parseJson, pct, send, sleep } from './fairness/http.ts';
import type { FloodResult, FloodSpec } from './fairness/flooder.ts';
import { cpuOf, freePort } from './proc.ts';

const ROOT = join(import.meta.dirname, '../../..');
const ALL_FLOODS = ['recipe-html', 'recipe-jsonld', 'ingredients', 'meal-options', 'daily-plans', 'csv-export', 'batch-writes', 'sync-status'] as const;
type FloodName = (typeof ALL_FLOODS)[number];
const ONLY = (process.env.FAIRNESS_ONLY ?? ALL_FLOODS.join(',')).split(',').map((s) => s.trim()).filter(Boolean);
const unknownFloods = ONLY.filter((f) => !(ALL_FLOODS as readonly string[]).includes(f));
if (unknownFloods.length) throw new Error(`FAIRNESS_ONLY: unknown flood(s) ${unknownFloods.join(', ')}; known: ${ALL_FLOODS.join(', ')}`);
const FLOODS = ALL_FLOODS.filter((f) => ONLY.includes(f));
const DATABASES = (process.env.FAIRNESS_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim());
const SECONDS = Math.min(60, Math.max(1, Number(process.env.FAIRNESS_SECONDS ?? 20) || 20));
/** The no-flood window before each flood. */
const BASELINE_SECONDS = Math.min(SECONDS, 20);
/** Whatever a flood still has in flight then is aborted: no flood lasts longer than 60 s. */
const HARD_MS = Math.min(60_000, SECONDS * 1000 + 10_000);
const PG_PROCESSES = Math.max(1, Number(process.env.FAIRNESS_PROCESSES ?? 2) || 2);
const SECRET = randomBytes(32).toString('hex');
const TODAY = new Date().toISOString().slice(0, 10);
/** The batch flood's day: two weeks back, outside B's and A's seeded week. */
const WRITE_DAY = subDays(new Date(), 14).toISOString().slice(0, 10);
const CSV_ENTRIES = 30_000;
/** B's calls time out after this (counted as errors, and their time counts in the p95). */
const B_TIMEOUT_MS = 10_000;
/** After a flood, how long the server may take to be quiet again before it is restarted for the next flood. */
const DRAIN_MS = 30_000;
/** "The same time of day" for every planner call, so what is planned does not depend on the clock of the run. */
const NOON = '12:00';
const TARGET_RATIO = 2;
const TARGET_MS = 300;

// ---------------------------------------------------------------- processes: every child is killed on the way out

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];
function track<T extends ChildProcess>(child: T): T {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
async function stop(child: ChildProcess, graceMs = 5_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const t = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(t);
}
async function stopEverything() {
  await Promise.all([...children].map((c) => stop(c)));
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
}
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});
let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${sig}: stopping the servers, the page server and any flood…`);
    void stopEverything().finally(() => process.exit(130));
  });
}



async function waitHealthy(url: string, child?: ChildProcess, log?: string) {
  for (let i = 0; i < 600; i++) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode}) before it was healthy${log ? `; its log: ${log}\n${tail(log)}` : ''}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(250);
  }
  throw new Error(`${url} did not become healthy`);
}
const tail = (file: string, lines = 20) => {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
};

// ---------------------------------------------------------------- builds

function buildServer(): string {
  execFileSync(process.execPath, [join(ROOT, 'apps/api/scripts/build.mjs'), '--if-changed'], { cwd: ROOT, stdio: 'inherit' });
  return join(ROOT, 'apps/api/dist/server.mjs');
}
/** The web build B's static calls read: built when it is missing. */
function webAsset(): string {
  const dist = join(ROOT, 'apps/web/dist');
  if (!existsSync(join(dist, 'index.html'))) {
    console.log('apps/web/dist is missing: building the web app (npm run build -w apps/web)…');
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
  }
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const fromHtml = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (fromHtml) return fromHtml;
  const js = readdirSync(join(dist, 'assets')).find((f) => f.endsWith('.js'));
  if (!js) throw new Error('apps/web/dist/assets holds no .js file');
  return `/assets/${js}`;
}

// ---------------------------------------------------------------- seed: users written straight into the database

interface Person {
  id: number;
  token: string;
}
interface Cast {
  warm: Person;
  a: Record<FloodName, Person>;
  b: Record<FloodName, Person>;
}

/** The largest batch FoodLogBatchSchema accepts, and how many entries the batch route takes an hour (its rate). */
async function batchCapacity(): Promise<{ batchSize: number; perHour: number | null; why: string }> {
  const entry = { food_name: 'x', calories: 1, meal_type: 'snack' };
  let lo = 1;
  let hi = 100_000;
  if (!FoodLogBatchSchema.safeParse([entry]).success) throw new Error('FoodLogBatchSchema refuses a one-entry batch: the bench is out of date');
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (FoodLogBatchSchema.safeParse(Array.from({ length: mid }, () => entry)).success) lo = mid;
    else hi = mid - 1;
  }
  try {
    const { BATCH_WRITE_RATE } = (await import('../src/features/food-logs/routes.ts')) as { BATCH_WRITE_RATE?: { max: number; timeWindow: string } };
    if (!BATCH_WRITE_RATE) return { batchSize: lo, perHour: null, why: 'food-logs/routes.ts exports no BATCH_WRITE_RATE' };
    const hour = /hour/.test(BATCH_WRITE_RATE.timeWindow) ? 1 : /minute/.test(BATCH_WRITE_RATE.timeWindow) ? 60 : NaN;
    return { batchSize: lo, perHour: BATCH_WRITE_RATE.max * hour * lo, why: `${BATCH_WRITE_RATE.max} batches per ${BATCH_WRITE_RATE.timeWindow} × ${lo} entries` };
  } catch (err) {
    return { batchSize: lo, perHour: null, why: `could not read the batch route's rate (${(err as Error).message.split('\n')[0]})` };
  }
}

async function seed(database: Database, csvInDb: boolean): Promise<Cast> {
  const db = database.raw;
  const emails = ['fair-warm@example.com', ...ALL_FLOODS.flatMap((f) => [`fair-a-${f}@example.com`, `fair-b-${f}@example.com`])];
  await db.executeSql(`insert into users (email, email_validated, password_hash) select unnest($1::text[]), true, 'x' on conflict do nothing`, [emails]);
  // The flooders are Pro (recipe_analysis): an admin grant, as subscriptions/test-support.ts's grantTier writes it, and
  // the flags the request-time tier check would derive from it.
  await db.executeSql(`insert into subscriptions (user_id, tier, platform, status, starts_at) select id, 'pro', 'admin', 'active', now() from users where email like 'fair-a-%@example.com'`);
  await db.executeSql(`update users set is_pro = true, is_plus = true where email like 'fair-a-%@example.com'`);
  // A week of small entries for everyone, 20 a day, breakfast and lunch: ~1,100 kcal today, so the planner still
  // has dinner and a snack to work out at noon (over the goal it answers at once, without solving anything).
  const foods = ['Chicken breast, roasted', 'Brown rice, cooked', 'Broccoli, steamed', 'Greek yogurt, plain', 'Banana', 'Oatmeal, cooked', 'Almonds', 'Salmon, baked', 'Apple', 'Whole wheat bread'];
  await db.executeSql(`
    insert into food_logs (user_id, food_name, serving_description, number_of_servings, calories, protein, carbohydrates, fat, fiber, meal_type, date)
    select u.id, (array[${foods.map((f) => `'${f}'`).join(',')}])[1 + (e % 10)], '1 serving', 1, 30 + (e * 13) % 50, 2 + e % 5, 4 + e % 8, 1 + e % 3, e % 3,
      (array['breakfast','lunch'])[1 + (e % 2)], (date '${TODAY}' - d)
    from users u, generate_series(0, 6) d, generate_series(1, 20) e
    where u.email like 'fair-%@example.com'`);
  if (csvInDb) {
    // The CSV flooder's history: 30,000 entries over ~4 years (20 a day), straight into the database.
    await db.executeSql(`
      insert into food_logs (user_id, food_name, serving_description, number_of_servings, calories, protein, carbohydrates, fat, fiber, meal_type, date)
      select u.id, (array[${foods.map((f) => `'${f}'`).join(',')}])[1 + (g % 10)], '1 serving', 1, 80 + (g * 37) % 400, 5 + g % 30, 10 + g % 50, 2 + g % 20, g % 6,
        (array['breakfast','lunch','dinner','snack'])[1 + (g % 4)], (date '${TODAY}' - 7 - g / 20)
      from users u, generate_series(0, ${CSV_ENTRIES - 7 * 20 - 1}) g
      where u.email = 'fair-a-csv-export@example.com'`);
  }
  const { rows } = await db.executeSql(`select id, email, token_version from users where email like 'fair-%@example.com'`);
  const key = new TextEncoder().encode(SECRET);
  const people = new Map<string, Person>();
  for (const u of rows as { id: number; email: string; token_version: number }[]) {
    const token = await new SignJWT({ type: 'access', is_superuser: false, ver: u.token_version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(u.id))
      .setIssuedAt()
      .setExpirationTime('3h')
      .sign(key);
    people.set(u.email, { id: u.id, token });
  }
  const get = (email: string) => people.get(email) ?? (() => { throw new Error(`seed: no ${email}`); })();
  return {
    warm: get('fair-warm@example.com'),
    a: Object.fromEntries(ALL_FLOODS.map((f) => [f, get(`fair-a-${f}@example.com`)])) as Record<FloodName, Person>,
    b: Object.fromEntries(ALL_FLOODS.map((f) => [f, get(`fair-b-${f}@example.com`)])) as Record<FloodName, Person>,
  };
}

// ---------------------------------------------------------------- the bystander

interface Sample {
  ms: number;
  /** HTTP status, or 'timeout' / 'error' / 'failed' (a daily plan that failed). */
  status: number | string;
}
type Samples = Record<string, Sample[]>;

const CALLS = {
  search: 'GET /foods/search?query=chicken breast',
  summary: 'GET /food-logs/daily-summary/<today>',
  index: 'GET / (web app)',
  asset: 'GET <hashed asset> (web app)',
  meal: 'GET /recommendations/meal (B\'s planner)',
  planPost: 'POST daily-meal-plan/request',
  plan: 'daily plan: request → completed (B\'s planner)',
} as const;

/**
 * B's calls until `until()` says stop: the quick ones one after another (each at most every `every` ms; search
 * under its 60-a-minute limit), and B's planner call in a loop of its own. Calls alternate over the API processes.
 */
async function bystander(bases: string[], token: string, asset: string, planner: 'meal' | 'plan', until: () => boolean): Promise<Samples> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const samples: Samples = {};
  let turn = 0;
  const base = () => bases[turn++ % bases.length]!;
  const record = (name: string, s: Sample) => (samples[name] ??= []).push(s);
  const timed = async (name: string, path: string) => {
    const a = await send(base(), agent, { method: 'GET', path }, { token, timeoutMs: B_TIMEOUT_MS });
    record(name, { ms: a.ms, status: a.status || (a.error?.startsWith('timeout') ? 'timeout' : 'error') });
  };
  const quick: { name: string; path: string; every: number; last: number }[] = [
    { name: CALLS.summary, path: `/api/v1/food-logs/daily-summary/${TODAY}`, every: 300, last: 0 },
    { name: CALLS.index, path: '/', every: 300, last: 0 },
    { name: CALLS.asset, path: asset, every: 300, last: 0 },
    { name: CALLS.search, path: '/api/v1/foods/search?query=chicken%20breast', every: 1_100, last: 0 },
  ];
  const quickLoop = (async () => {
    while (!until()) {
      for (const q of quick) {
        if (until()) break;
        if (performance.now() - q.last < q.every) continue;
        q.last = performance.now();
        await timed(q.name, q.path);
      }
      await sleep(100);
    }
  })();
  const plannerLoop = (async () => {
    while (!until()) {
      const started = performance.now();
      if (planner === 'meal') {
        await timed(CALLS.meal, `/api/v1/recommendations/meal?current_time=${NOON}`);
        await sleep(Math.max(0, 1_000 - (performance.now() - started)));
        continue;
      }
      // Today's plan as the app asks for it: the request, then its status until it is made (time to completion).
      const b = base();
      const post = await send(b, agent, { method: 'POST', path: `/api/v1/recommendations/daily-meal-plan/request?current_time=${NOON}`, body: '{}' }, { token, keepBody: true, timeoutMs: B_TIMEOUT_MS });
      record(CALLS.planPost, { ms: post.ms, status: post.status || 'error' });
      if (post.status !== 202) {
        record(CALLS.plan, { ms: post.ms, status: post.status || 'error' });
        await sleep(1_000);
        continue;
      }
      const id = parseJson(post.text)?.id as number;
      let final: Sample | null = null;
      while (!final) {
        await sleep(100);
        const s = await send(b, agent, { method: 'GET', path: `/api/v1/recommendations/daily-meal-plan/status/${id}` }, { token, keepBody: true, timeoutMs: B_TIMEOUT_MS });
        const elapsed = performance.now() - started;
        if (s.status !== 200) final = { ms: elapsed, status: s.status || 'error' };
        else {
          const st = parseJson(s.text)?.status;
          if (st === 'completed') final = { ms: elapsed, status: 200 };
          else if (st === 'failed') final = { ms: elapsed, status: 'failed' };
          else if (elapsed > 30_000) final = { ms: elapsed, status: 'timeout' };
        }
      }
      record(CALLS.plan, final);
      // At most one every 2.5 s: under the 60-an-hour limit for the longest run.
      await sleep(Math.max(0, 2_500 - (performance.now() - started)));
    }
  })();
  await Promise.all([quickLoop, plannerLoop]);
  agent.destroy();
  return samples;
}

interface CallStats {
  n: number;
  p50: number;
  p95: number;
  max: number;
  statuses: Record<string, number>;
  /** B's 429s, 5xx, timeouts, connection errors and failed plans: any is a miss. */
  bad: number;
}
function stats(samples: Sample[] = []): CallStats {
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const s of samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  const bad = samples.filter((s) => typeof s.status === 'string' || s.status === 429 || s.status >= 500 || s.status === 0).length;
  return { n: samples.length, p50: pct(times, 50), p95: pct(times, 95), max: times.at(-1) ?? NaN, statuses, bad };
}

// ---------------------------------------------------------------- formatting

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : int(n)) : '–');
const statusList = (s: Record<string, number>) =>
  Object.entries(s)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}: ${int(v)}`)
    .join(', ') || 'none';

interface Row {
  database: string;
  flood: FloodName;
  call: string;
  base: CallStats;
  during: CallStats;
  planner: boolean;
}

function verdictOf(r: Row) {
  const ratio = r.during.p95 / r.base.p95;
  const ratioOk = ratio <= TARGET_RATIO;
  const absOk = r.during.p95 <= TARGET_MS;
  const clean = r.during.bad === 0 && r.base.bad === 0;
  const met = ratioOk && absOk && clean && r.during.n > 0 && r.base.n > 0;
  return { ratio, ratioOk, absOk, clean, met };
}

function printTable(rows: Row[]) {
  console.log(`\n## Fairness: B's p95 during each flood against its baseline just before (target ≤ ${TARGET_RATIO}× baseline and ≤ ${TARGET_MS} ms, no 429/5xx for B)`);
  console.log('| database | flood | bystander call | n (base/flood) | baseline p95 ms | flood p95 ms | ratio | ≤ 2× baseline | ≤ 300 ms | B bad answers (base/flood) | verdict |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  let missed = 0;
  for (const r of rows) {
    const v = verdictOf(r);
    if (!v.met) missed++;
    const abs = v.absOk ? 'met' : r.planner && r.base.p95 > TARGET_MS / 2 ? `MISSED (baseline ${ms(r.base.p95)} ms > 150: unreachable)` : 'MISSED';
    const why = !v.clean ? 'MISSED (B got 429/5xx/errors)' : v.met ? 'met' : !v.ratioOk && v.absOk && r.during.p95 - r.base.p95 < 10 ? `MISSED (ratio only, +${ms(r.during.p95 - r.base.p95)} ms)` : 'MISSED';
    console.log(
      `| ${r.database} | ${r.flood} | ${r.call} | ${r.base.n}/${r.during.n} | ${ms(r.base.p95)} | ${ms(r.during.p95)} | ${Number.isFinite(v.ratio) ? v.ratio.toFixed(2) + '×' : '–'} | ${v.ratioOk ? 'met' : 'MISSED'} | ${abs} | ${r.base.bad}/${r.during.bad} | ${why} |`,
    );
  }
  console.log(`\n${rows.length - missed} of ${rows.length} rows met, ${missed} MISSED.`);
}

// ---------------------------------------------------------------- one database

interface ServerProc {
  child: ChildProcess;
  base: string;
  port: number;
  log: string;
  env: Record<string, string>;
}

async function runDatabase(label: string, databaseUrl: string | undefined, processes: number, ctx: { server: string; asset: string; pageBase: string; rows: Row[] }) {
  const runDir = mkdtempSync(join(tmpdir(), 'nt-fair-'));
  cleanups.push(async () => rmSync(runDir, { recursive: true, force: true }));
  const cap = await batchCapacity();
  const csvViaBatch = cap.perHour !== null && cap.perHour >= CSV_ENTRIES;
  const t0 = performance.now();
  const database = await openDatabase({ databaseUrl, pgliteDir: pgliteDirFor(join(runDir, 'p0')) });
  await migrate(database);
  let foodsNote = 'built-in foods loaded by the bench before the servers started';
  try {
    const { loadBuiltInFoods } = await import('../src/features/foods/service.ts');
    await loadBuiltInFoods(database.db);
  } catch (err) {
    foodsNote = `the bench could not load the built-in foods itself (${(err as Error).message.split('\n')[0]}); the server loads them`;
  }
  const cast = await seed(database, FLOODS.includes('csv-export') && !csvViaBatch);
  await database.close();
  console.log(`\n# ${label}: ${processes} API process${processes > 1 ? 'es' : ''}; seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s (${foodsNote})`);

  const servers: ServerProc[] = [];
  const startServer = async (i: number, port?: number): Promise<ServerProc> => {
    port ??= await freePort();
    const log = join(runDir, `server-${i}.log`);
    const fd = openSync(log, 'a');
    const env: Record<string, string> = {
      PORT: String(port),
      HOST: '127.0.0.1',
      // PGlite keeps its files under DATA_DIR; each process has its own (outbox, locks) on PostgreSQL.
      DATA_DIR: join(runDir, `p${databaseUrl ? i : 0}`),
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl ?? '',
      RECIPE_ALLOWED_DOMAINS: '*',
      RECIPE_FETCH_ALLOW_PRIVATE: 'true',
      PGAPPNAME: `fairness-${i}`,
    };
    const child = track(spawn(process.execPath, [ctx.server], { cwd: ROOT, env: { ...ALLOCATOR_ENV, ...process.env, NODE_OPTIONS: serverNodeOptions(process.env.NODE_OPTIONS), ...env }, stdio: ['ignore', fd, fd] }));
    closeSync(fd);
    const s = { child, base: `http://127.0.0.1:${port}`, port, log, env };
    await waitHealthy(`${s.base}/api/v1/health`, child, log);
    return s;
  };
  for (let i = 0; i < processes; i++) servers.push(await startServer(i));
  const bases = servers.map((s) => s.base);
  const stopServers = async () => {
    for (const s of servers) await stop(s.child, 10_000);
  };
  try {
    console.log(`servers: ${bases.join(', ')} (logs: ${runDir}/server-*.log)`);
    // Ready when a search finds something (the built-in foods are loaded); then every call once, unmeasured.
    const warmUp = async () => {
      const warmAgent = new http.Agent({ keepAlive: true });
      for (let i = 0; ; i++) {
        const a = await send(bases[i % bases.length]!, warmAgent, { method: 'GET', path: '/api/v1/foods/search?query=chicken%20breast' }, { token: cast.warm.token, keepBody: true, timeoutMs: 30_000 });
        if (a.status === 200 && a.text.length > 50) break;
        if (i > 60) throw new Error(`search does not answer: ${a.status} ${messageOf(a.text)}`);
        await sleep(2_000);
      }
      for (const b of bases) {
        for (const path of [`/api/v1/food-logs/daily-summary/${TODAY}`, '/', ctx.asset, `/api/v1/recommendations/meal?current_time=${NOON}`]) {
          const a = await send(b, warmAgent, { method: 'GET', path }, { token: cast.warm.token, keepBody: true, timeoutMs: 30_000 });
          if (a.status !== 200) console.log(`  warm-up: ${path} answered ${a.status} ${messageOf(a.text)}`);
        }
      }
      warmAgent.destroy();
    };
    await warmUp();

    for (const flood of FLOODS) {
      // A server a flood brought down is started again (and said), so the next flood still measures something.
      for (let i = 0; i < servers.length; i++) {
        const s = servers[i]!;
        if (s.child.exitCode !== null || s.child.signalCode !== null) {
          console.log(`  !! API process ${i} had exited (code ${s.child.exitCode}, signal ${s.child.signalCode}); restarting it on port ${s.port}. Its log's end:\n${tail(s.log, 8)}`);
          servers[i] = await startServer(i, s.port);
          await warmUp();
        }
      }
      const a = cast.a[flood];
      const b = cast.b[flood];
      const planner = flood === 'daily-plans' ? 'plan' : 'meal';
      console.log(`\n## ${label} · flood ${flood}`);
      if (flood === 'csv-export') {
        if (csvViaBatch) {
          const agent = new http.Agent({ keepAlive: true });
          let sent = 0;
          for (let n = 0; sent < CSV_ENTRIES; n++) {
            const size = Math.min(cap.batchSize, CSV_ENTRIES - sent);
            const day = subDays(new Date(), 7 + Math.floor(sent / 20)).toISOString().slice(0, 10);
            const body = JSON.stringify(Array.from({ length: size }, (_, k) => ({ food_name: `History ${n}.${k}`, calories: 80 + k, meal_type: 'lunch', date: day })));
            const r = await send(bases[n % bases.length]!, agent, { method: 'POST', path: '/api/v1/food-logs/batch', body }, { token: a.token, keepBody: true, timeoutMs: 60_000 });
            if (r.status !== 201) throw new Error(`seeding A's history through POST /food-logs/batch: ${r.status} ${messageOf(r.text)}`);
            sent += size;
          }
          agent.destroy();
          console.log(`A's ${int(CSV_ENTRIES)} history entries: through POST /api/v1/food-logs/batch (${cap.why})`);
        } else {
          console.log(`A's ${int(CSV_ENTRIES)} history entries: straight into the database — the batch route takes too few before its limit (${cap.why}${cap.perHour ? ` = ${int(cap.perHour)} an hour` : ''})`);
        }
      }
      // One of each of B's calls, unmeasured (first-call costs are not the baseline's).
      const warm = new http.Agent({ keepAlive: true });
      for (const path of [`/api/v1/food-logs/daily-summary/${TODAY}`, '/', ctx.asset]) await send(bases[0]!, warm, { method: 'GET', path }, { token: b.token, timeoutMs: B_TIMEOUT_MS });
      warm.destroy();

      process.stdout.write(`baseline (no flood, ${BASELINE_SECONDS} s)… `);
      const serverCpu = () => servers.reduce((sum, s) => sum + cpuOf(s.child.pid), 0);
      let cpu0 = serverCpu();
      let wall0 = performance.now();
      const baseEnd = performance.now() + BASELINE_SECONDS * 1000;
      const baseline = await bystander(bases, b.token, ctx.asset, planner, () => performance.now() >= baseEnd);
      const baseCpu = (100 * (serverCpu() - cpu0)) / (performance.now() - wall0);
      const pagesBefore = flood.startsWith('recipe-') ? await pageCount(ctx.pageBase) : null;
      cpu0 = serverCpu();
      wall0 = performance.now();
      process.stdout.write(`flood (new requests for ${SECONDS} s, in-flight aborted at ${HARD_MS / 1000} s)… `);
      const floodStart = performance.now();
      let floodDone = false;
      const spec: FloodSpec = { name: flood, bases, token: a.token, seconds: SECONDS, hardMs: HARD_MS, pageBase: ctx.pageBase, writeDay: WRITE_DAY, batchSize: cap.batchSize };
      const result = runFlood(spec);
      void result.catch(() => {}).finally(() => (floodDone = true));
      // The daily-plans flood sends for 2 s; B is timed for the flood's whole window (its plans are made meanwhile).
      const during = await bystander(bases, b.token, ctx.asset, planner, () => floodDone && (flood !== 'daily-plans' || performance.now() - floodStart >= SECONDS * 1000));
      const r = await result;
      const floodSeconds = (performance.now() - floodStart) / 1000;
      const floodCpu = (100 * (serverCpu() - cpu0)) / (performance.now() - wall0);
      const pagesAfter = pagesBefore ? await pageCount(ctx.pageBase) : null;
      console.log(`done in ${floodSeconds.toFixed(1)} s`);
      console.log(`server CPU (all API processes, 100 % = one core of ${cpus().length}): baseline ${baseCpu.toFixed(0)} %, flood ${floodCpu.toFixed(0)} %; the flooder process itself ${((100 * r.cpuMs) / r.elapsedMs).toFixed(0)} %`);
      const died = servers.filter((s) => s.child.exitCode !== null || s.child.signalCode !== null);
      if (died.length) console.log(`  !! ${died.length} API process(es) exited during this flood (B's errors above are that): ${died.map((s) => `${s.base} code ${s.child.exitCode} signal ${s.child.signalCode}`).join('; ')}`);

      // A's side.
      const a5xx = Object.entries(r.statuses).filter(([k]) => /^5\d\d$/.test(k)).reduce((s, [, v]) => s + v, 0);
      const aCapped = Object.entries(r.statuses).filter(([k]) => /^4\d\d$/.test(k)).reduce((s, [, v]) => s + v, 0);
      const a429 = r.statuses['429'] ?? 0;
      console.log(`A (${r.connections} connections): ${int(r.requests)} requests in ${(r.elapsedMs / 1000).toFixed(1)} s; statuses ${statusList(r.statuses)}; answer p50 ${ms(r.p50)} ms, p95 ${ms(r.p95)} ms, max ${ms(r.max)} ms; sent ${(r.bytesSent / 2 ** 20).toFixed(1)} MB, received ${(r.bytesReceived / 2 ** 20).toFixed(1)} MB${r.note ? `; ${r.note}` : ''}`);
      for (const [k, byMessage] of Object.entries(r.samples)) if (k !== 'aborted') console.log(`  A's ${k}: ${Object.entries(byMessage).map(([m, n]) => `"${m}" ×${int(n)}`).join('; ')}`);
      if (pagesBefore && pagesAfter) console.log(`  page server: ${int(Object.values(pagesAfter).reduce((s, v) => s + v, 0) - Object.values(pagesBefore).reduce((s, v) => s + v, 0))} hostile pages fetched by the server`);
      if (r.plans) {
        const c = [...r.plans.completionMs].sort((x, y) => x - y);
        console.log(`  A's daily plans: ${r.plans.accepted.length} accepted, ${r.plans.completed} completed${c.length ? ` (after p50 ${ms(pct(c, 50))} ms, max ${ms(c.at(-1)!)} ms)` : ''}, ${r.plans.failed} failed, ${r.plans.processing} still processing at ${SECONDS} s`);
      }
      const aCheck = a5xx === 0 && r.statuses.error === undefined && (a429 > 0 || aCapped > 0);
      console.log(`  check "A got 429s or 4xx caps, never 5xx": ${aCheck ? 'met' : 'MISSED'} (429: ${int(a429)}, other 4xx: ${int(aCapped - a429)}, 5xx: ${int(a5xx)}, connection errors: ${int(r.statuses.error ?? 0)}, aborted at the ${HARD_MS / 1000} s cap: ${int(r.aborted)})`);

      // B's side.
      const names = planner === 'plan' ? [CALLS.search, CALLS.summary, CALLS.index, CALLS.asset, CALLS.planPost, CALLS.plan] : [CALLS.search, CALLS.summary, CALLS.index, CALLS.asset, CALLS.meal];
      for (const name of names) {
        const bs = stats(baseline[name]);
        const ds = stats(during[name]);
        console.log(`  B ${name}: baseline n ${bs.n} p50 ${ms(bs.p50)} p95 ${ms(bs.p95)} max ${ms(bs.max)} ms [${statusList(bs.statuses)}] · flood n ${ds.n} p50 ${ms(ds.p50)} p95 ${ms(ds.p95)} max ${ms(ds.max)} ms [${statusList(ds.statuses)}]${ds.bad || bs.bad ? '  << B got 429/5xx/errors' : ''}`);
        ctx.rows.push({ database: label, flood, call: name, base: bs, during: ds, planner: name === CALLS.meal || name === CALLS.plan });
      }

      // Drain: A's daily plans still being made, then a few quiet seconds and /health answering fast three times.
      const drainStart = performance.now();
      if (r.plans?.processing) await waitPlans(bases, a.token, r.plans.accepted, 60_000);
      await sleep(3_000);
      const drained = await quiet(bases, DRAIN_MS, () => servers.every((s) => s.child.exitCode === null && s.child.signalCode === null));
      const drainSeconds = ((performance.now() - drainStart) / 1000).toFixed(1);
      if (drained) console.log(`  drained in ${drainSeconds} s; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
      else if (flood !== FLOODS.at(-1)) {
        // Still busy with the flood's work (or down): the next baseline would not be a baseline. Started afresh instead.
        console.log(`  !! the server did not drain within ${drainSeconds} s after the flood (/health not fast 3 times in a row): restarting the API process${servers.length > 1 ? 'es' : ''} so the next baseline is clean`);
        for (const s of servers) await stop(s.child, 5_000);
        for (let i = 0; i < servers.length; i++) servers[i] = await startServer(i, servers[i]!.port);
        await warmUp();
      } else console.log(`  !! the server did not drain within ${drainSeconds} s after the flood`);
    }
  } finally {
    await stopServers();
    const errors = new Map<string, number>();
    for (const s of servers) {
      for (const line of (existsSync(s.log) ? readFileSync(s.log, 'utf8') : '').split('\n')) {
        try {
          const j = JSON.parse(line);
          if (j.level >= 50) {
            const k = [j.msg, j.err?.type, j.err?.message?.split('\n')[0]].filter(Boolean).join(': ').slice(0, 160);
            errors.set(k, (errors.get(k) ?? 0) + 1);
          }
        } catch {}
      }
    }
    if (errors.size) console.log(`\n${label}: the servers logged errors: ${[...errors].map(([k, v]) => `"${k}" ×${v}`).join('; ')}`);
  }
}

async function pageCount(pageBase: string): Promise<Record<string, number> | null> {
  try {
    return (await (await fetch(`${pageBase}/count`)).json()) as Record<string, number>;
  } catch {
    return null;
  }
}

/** Runs one flood in its own process; the result comes back over IPC. */
function runFlood(spec: FloodSpec): Promise<FloodResult> {
  return new Promise((resolve, reject) => {
    const child = track(fork(join(import.meta.dirname, 'fairness/flooder.ts'), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, FLOOD_SPEC: JSON.stringify(spec) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
    let answer: { result?: FloodResult; error?: string } | null = null;
    // The flood bounds itself; this is the bench's own belt and braces.
    const kill = setTimeout(() => child.kill('SIGKILL'), spec.hardMs + 15_000);
    child.on('message', (m) => (answer = m as typeof answer));
    child.once('exit', (code) => {
      clearTimeout(kill);
      if (answer?.result) resolve(answer.result);
      else reject(new Error(`flood ${spec.name}: ${answer?.error ?? `the flooder exited (${code}) without a result`}`));
    });
  });
}

async function waitPlans(bases: string[], token: string, ids: number[], maxMs: number) {
  const agent = new http.Agent({ keepAlive: true });
  const end = performance.now() + maxMs;
  let open = [...ids];
  while (open.length && performance.now() < end) {
    const still: number[] = [];
    for (const id of open) {
      const a = await send(bases[id % bases.length]!, agent, { method: 'GET', path: `/api/v1/recommendations/daily-meal-plan/status/${id}` }, { token, keepBody: true, timeoutMs: 10_000 });
      if (a.status === 200 && parseJson(a.text)?.status === 'processing') still.push(id);
    }
    open = still;
    if (open.length) await sleep(500);
  }
  if (open.length) console.log(`  ${open.length} of A's daily plans still processing after ${maxMs / 1000} s of draining`);
}

/** Until /health answers within 50 ms three times in a row on every process (true), or maxMs passes (false). */
async function quiet(bases: string[], maxMs: number, alive: () => boolean): Promise<boolean> {
  const agent = new http.Agent({ keepAlive: true });
  const end = performance.now() + maxMs;
  let streak = 0;
  while (streak < 3 && performance.now() < end && alive()) {
    let ok = true;
    for (const b of bases) {
      const a = await send(b, agent, { method: 'GET', path: '/api/v1/health' }, { timeoutMs: 2_000 });
      ok &&= a.status === 200 && a.ms < 50;
    }
    streak = ok ? streak + 1 : 0;
    if (streak < 3) await sleep(200);
  }
  agent.destroy();
  return streak >= 3;
}

// ---------------------------------------------------------------- the bare Fastify reference

/** The bare Fastify route (bench/bare-server.ts) as bench:load drives it, 50 connections: how fast this machine is now. */
async function bareReference(): Promise<string> {
  const port = await freePort();
  const child = track(spawn(process.execPath, ['--import', 'tsx', 'apps/api/bench/bare-server.ts'], { cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] }));
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitHealthy(url, child);
    const run = (seconds: number) => new Promise<autocannon.Result>((res, rej) => autocannon({ url, connections: 50, duration: seconds }, (err, r) => (err ? rej(err) : res(r))));
    await run(1);
    const r = await run(5);
    return `bare Fastify route (bench/bare-server.ts, 50 connections, 5 s): ${int(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p97.5 ${r.latency.p97_5} ms, p99 ${r.latency.p99} ms`;
  } finally {
    await stop(child);
  }
}

// ---------------------------------------------------------------- main

async function main() {
  const started = performance.now();
  const server = buildServer();
  const asset = webAsset();
  console.log(`fairness bench: floods ${FLOODS.join(', ')}; ${SECONDS} s each (baseline ${BASELINE_SECONDS} s); ${cpus().length} CPUs; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  const bare = await bareReference();
  console.log(bare);
  const pages = track(fork(join(import.meta.dirname, 'fairness/page-server.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  const { port: pagePort, sizes } = await new Promise<{ port: number; sizes: Record<string, number> }>((res, rej) => {
    pages.once('message', (m) => res(m as { port: number; sizes: Record<string, number> }));
    pages.once('exit', (c) => rej(new Error(`the page server exited (${c})`)));
  });
  const pageBase = `http://127.0.0.1:${pagePort}`;
  console.log(`page server ${pageBase}: /r ${(sizes['/r']! / 1e6).toFixed(1)} MB (200,000 nested <strong>), /jsonld ${(sizes['/jsonld']! / 1024).toFixed(0)} KB (recipeInstructions 20,000 arrays deep)`);
  const rows: Row[] = [];
  try {
    if (DATABASES.includes('pglite')) {
      if (process.env.FAIRNESS_PROCESSES && PG_PROCESSES > 1) console.log('(PGlite is one process\'s embedded database: FAIRNESS_PROCESSES applies to PostgreSQL only; PGlite runs 1)');
      await runDatabase('PGlite', undefined, 1, { server, asset, pageBase, rows });
    }
    const url = process.env.BENCH_DATABASE_URL;
    if (url && DATABASES.includes('postgres')) {
      const name = `nt_fair_${Date.now()}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const drop = async () => {
        await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
        await admin.end().catch(() => {});
      };
      cleanups.push(drop);
      const u = new URL(url);
      u.pathname = `/${name}`;
      try {
        await runDatabase('PostgreSQL', u.toString(), PG_PROCESSES, { server, asset, pageBase, rows });
      } finally {
        cleanups.splice(cleanups.indexOf(drop), 1);
        await drop();
      }
    } else if (DATABASES.includes('postgres')) {
      console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://… to measure it too)');
    }
  } finally {
    await stopEverything();
  }
  console.log(`\n${bare}`);
  printTable(rows);
  console.log(`\ntotal ${((performance.now() - started) / 60_000).toFixed(1)} min; load average at the end ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
}

try {
  await main();
} catch (err) {
  // Ctrl-C: the signal handler is already stopping everything and exits when done.
  if (stopping) await new Promise(() => {});
  console.error(err);
  await stopEverything();
  process.exit(1);
}
process.exit(0);
