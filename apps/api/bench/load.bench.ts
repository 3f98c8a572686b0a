/**
 * Load: the product under many connections, next to a bare Fastify route in the same run.
 *   npm run bench:load                       PGlite (the laptop default)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:load     PGlite, then that PostgreSQL server
 * Env: LOAD_SECONDS (per workload and round, default 15), LOAD_ROUNDS (3), LOAD_CONNECTIONS (50),
 * LOAD_MIXED_SECONDS (60), LOAD_MIXED_USERS (200), LOAD_MIXED_RATE (requests a second per user, 1), LOAD_ONLY=summary,search,write,mixed, LOAD_DATABASES=pglite,postgres,
 * LOAD_LOG_LEVEL (the server's LOG_LEVEL, default warn; info = production's default, a request log line pair per request),
 * LOAD_SERVER=<built server.mjs> (a copy of another build, e.g. apps/api/dist-before/server.mjs: A/B runs of two builds),
 * LOAD_GLIBC_DEFAULTS=1 (the server without start.mjs's allocator settings), LOAD_V8_DEFAULTS=1 (without its V8 heap cap),
 * LOAD_NODE_ARGS="--flag …" (Node/V8 flags for the product server), LOAD_SMAPS=<prefix> (saves the server's /proc/<pid>/smaps
 * right after the runs, to see what the resident memory is), LOAD_METRICS=1 (the server's latency histogram and memory breakdown),
 * LOAD_IDLE_SECONDS=n (also the server's RSS after n quiet seconds), LOAD_HEAP_SNAPSHOT=<dir> (the server's heap snapshot after the runs), LOAD_CPU_PROF=<dir> (CPU profile of the product server; summarise with `npx tsx bench/profile-summary.ts <file>`).
 * Users are written straight into the database and their tokens minted with the server's secret, so
 * the sign-up limits do not shape the numbers. Rounds are interleaved (bare, summary, search, write,
 * bare, …) and medians reported, so one noisy moment on a shared machine does not decide a number.
 * On PostgreSQL each round also drives a second ceiling next to the summary: the bare route plus the summary's one
 * query (bench/bare-server.ts with BARE_DATABASE_URL), what reading those rows costs on the same cores before a route
 * does any work of its own.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { subDays } from 'date-fns';
import { SignJWT } from 'jose';
import pg from 'pg';
import { openDatabase, pgliteDirFor, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { ALLOCATOR_ENV, serverNodeOptions } from '../../../scripts/allocator-env.mjs';
import { cpuOf, freePort } from './proc.ts';

const ROOT = join(import.meta.dirname, '../../..');
const SECONDS = Number(process.env.LOAD_SECONDS ?? 15);
const ROUNDS = Number(process.env.LOAD_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const MIXED_SECONDS = Number(process.env.LOAD_MIXED_SECONDS ?? 60);
const MIXED_USERS = Number(process.env.LOAD_MIXED_USERS ?? 200);
/** Requests a second each mixed-workload user makes: a person tapping through the app, not a script in a loop. */
const MIXED_RATE = Number(process.env.LOAD_MIXED_RATE ?? 1);
const ONLY = (process.env.LOAD_ONLY ?? 'summary,search,write,mixed').split(',');
const DATABASES = (process.env.LOAD_DATABASES ?? 'pglite,postgres').split(',');
const USERS = 2_000; // enough that per-user limits (search, plans) are not what the bench measures
const ENTRIES_PER_DAY = 20;
const SECRET = randomBytes(32).toString('hex');
const TODAY = new Date().toISOString().slice(0, 10);
/**
 * The write workload's day: two weeks back, outside the seeded week, so the summary workload always reads
 * the 20 entries of today it is named for. Writing to today made the summary's day grow by every write
 * round (~30 entries a user per round on PostgreSQL: 20 → 50 → 80), and its median was measured on ~50.
 */
const WRITE_DAY = subDays(new Date(), 14).toISOString().slice(0, 10);

/** cpuMs: the product server's CPU per response; pgCpuMs: its PostgreSQL backends' (PostgreSQL on this machine only); loadCpuMs: autocannon's (this process). */
interface Stats { rps: number; p50: number; p95: number; p99: number; errors: number; non2xx: number; limited: number; statuses?: Record<number, number>; entries?: number; cpuMs?: number; pgCpuMs?: number; loadCpuMs?: number; count?: number }


/** LOAD_CPU_PROF=<dir>: the product server writes a V8 CPU profile there when it stops (bench/profile-summary.ts reads it). */
const CPU_PROF = process.env.LOAD_CPU_PROF;
const METRICS = process.env.LOAD_METRICS === '1';
/** LOAD_NODE_ARGS="--flag …": Node/V8 flags for the product server only (memory and GC experiments). */
const NODE_ARGS = process.env.LOAD_NODE_ARGS?.trim();
/** LOAD_HEAP_SNAPSHOT=<dir>: the product server's main-thread heap snapshot after the runs (open it in Chrome's DevTools, Memory tab). */
const HEAP_SNAPSHOT = process.env.LOAD_HEAP_SNAPSHOT;

/** Asks the server (started with --heapsnapshot-signal) for a snapshot and waits until it is written. */
async function heapSnapshot(server: ChildProcess, dir: string): Promise<void> {
  const before = new Set(readdirSync(dir));
  server.kill('SIGUSR2');
  for (let i = 0; i < 600; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const file = readdirSync(dir).find((f) => !before.has(f) && f.endsWith('.heapsnapshot'));
    // Written when the size holds still between two looks.
    if (file) {
      const size = statSync(join(dir, file)).size;
      await new Promise((r) => setTimeout(r, 1000));
      if (size > 0 && statSync(join(dir, file)).size === size) return void console.log(`heap snapshot: ${join(dir, file)}`);
    }
  }
  console.log('heap snapshot: none written within 5 minutes');
}

/**
 * glibc's allocator as `npm start`, the Dockerfile and the systemd units set it (scripts/allocator-env.mjs: fixed
 * mmap and trim thresholds, large freed buffers go back to the system). LOAD_GLIBC_DEFAULTS=1 runs with glibc's defaults.
 */
const ALLOCATOR = process.env.LOAD_GLIBC_DEFAULTS === '1' ? {} : ALLOCATOR_ENV;
/** V8's heap cap and semi-space size as `npm start` sets them (scripts/allocator-env.mjs); LOAD_V8_DEFAULTS=1 runs the product server with Node's defaults. */
const V8_DEFAULTS = process.env.LOAD_V8_DEFAULTS === '1';

/** A TypeScript script runs under tsx (the bare server); the product runs its build, as `npm start` and production do. */
function start(script: string, env: Record<string, string>, profile = false): ChildProcess {
  const prof = profile && CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF] : [];
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const extra = [...(profile && NODE_ARGS ? NODE_ARGS.split(/\s+/) : []), ...(profile && HEAP_SNAPSHOT ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${HEAP_SNAPSHOT}`] : [])];
  const heap = profile && !V8_DEFAULTS ? { NODE_OPTIONS: serverNodeOptions(process.env.NODE_OPTIONS) } : {};
  const child = spawn(process.execPath, [...prof, ...extra, ...loader, script], { cwd: ROOT, env: { ...ALLOCATOR, ...process.env, ...heap, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  return child;
}

/** The production build of the server (apps/api/dist), rebuilt first when its sources changed. */
function buildServer(): string {
  execFileSync(process.execPath, [join(ROOT, 'apps/api/scripts/build.mjs'), '--if-changed'], { cwd: ROOT, stdio: 'inherit' });
  return 'apps/api/dist/server.mjs';
}
/** LOAD_SERVER=<file>: run that build instead (e.g. a copy of an earlier build, for interleaved before/after runs). */
const SERVER = process.env.LOAD_SERVER ?? buildServer();

async function waitHealthy(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become healthy`);
}


function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Users with a week of realistic logs (today included), written in bulk. */
async function seed(database: Database) {
  const db = database.raw;
  await db.executeSql(`insert into users (email, email_validated, password_hash) select 'load' || g || '@example.com', true, 'x' from generate_series(1, ${USERS}) g on conflict do nothing`);
  const foods = ['Chicken breast, roasted', 'Brown rice, cooked', 'Broccoli, steamed', 'Greek yogurt, plain', 'Banana', 'Oatmeal, cooked', 'Almonds', 'Salmon, baked', 'Apple', 'Whole wheat bread'];
  const meals = ['breakfast', 'lunch', 'dinner', 'snack'];
  await db.executeSql(`
    insert into food_logs (user_id, food_name, serving_description, number_of_servings, calories, protein, carbohydrates, fat, fiber, meal_type, date)
    select u.id, (array[${foods.map((f) => `'${f}'`).join(',')}])[1 + (e % 10)], '1 serving', 1, 80 + (e * 37) % 400, 5 + e % 30, 10 + e % 50, 2 + e % 20, e % 6,
      (array[${meals.map((m) => `'${m}'`).join(',')}])[1 + (e % 4)], (date '${TODAY}' - d)
    from users u, generate_series(0, 6) d, generate_series(1, ${ENTRIES_PER_DAY}) e
    where u.email like 'load%@example.com'`);
  const { rows } = await db.executeSql(`select id, token_version from users where email like 'load%@example.com' order by id`);
  return rows as { id: number; token_version: number }[];
}

async function tokensFor(users: { id: number; token_version: number }[]) {
  const key = new TextEncoder().encode(SECRET);
  return Promise.all(
    users.map((u) =>
      new SignJWT({ type: 'access', is_superuser: false, ver: u.token_version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(u.id))
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(key),
    ),
  );
}

function pct(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

/**
 * One autocannon run; latencies recorded per response so p95 is exact. `groups` > 1 splits the
 * connections into that many autocannon instances started evenly over one second: autocannon starts
 * every connection in the same tick and paces each with its own 1 s interval, so with a per-connection
 * rate all of them would fire in the same millisecond every second (200 "users" tapping in lockstep).
 */
async function drive(url: string, connections: number, seconds: number, requests: autocannon.Request[], pid?: number, extra: Partial<autocannon.Options> = {}, groups = 1): Promise<Stats> {
  const times: number[] = [];
  const cpu0 = cpuOf(pid);
  const load0 = process.cpuUsage();
  const statuses: Record<number, number> = {};
  const runOne = (conns: number, delayMs: number) =>
    new Promise<autocannon.Result>((resolve, reject) =>
      setTimeout(() => {
        const inst = autocannon({ url, connections: conns, duration: seconds, requests, timeout: 10, ...extra }, (err, result) => (err ? reject(err) : resolve(result)));
        inst.on('response', (_c: unknown, status: number, _bytes: number, rt: number) => {
          times.push(rt);
          if (status >= 300) statuses[status] = (statuses[status] ?? 0) + 1;
        });
      }, delayMs),
    );
  const sizes = Array.from({ length: groups }, (_, i) => Math.floor(connections / groups) + (i < connections % groups ? 1 : 0)).filter((n) => n > 0);
  const rs = await Promise.all(sizes.map((n, i) => runOne(n, (1000 * i) / sizes.length)));
  times.sort((a, b) => a - b);
  const cpuMs = pid && times.length ? (cpuOf(pid) - cpu0) / times.length : undefined;
  const load = process.cpuUsage(load0);
  const loadCpuMs = times.length ? (load.user + load.system) / 1000 / times.length : undefined;
  const limited = statuses[429] ?? 0;
  const sum = (f: (r: autocannon.Result) => number) => rs.reduce((acc, r) => acc + f(r), 0);
  // 429s are the per-user limits answering as designed: reported apart from the other non-2xx answers.
  return { rps: sum((r) => r.requests.average), p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), errors: sum((r) => r.errors + r.timeouts), non2xx: sum((r) => r.non2xx) - limited, limited, statuses, cpuMs, loadCpuMs, count: times.length };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
function med(runs: Stats[]): Stats {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p95: median(runs.map((r) => r.p95)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((s, r) => s + r.errors, 0),
    non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
    limited: runs.reduce((s, r) => s + r.limited, 0),
    cpuMs: runs.some((r) => r.cpuMs !== undefined) ? median(runs.map((r) => r.cpuMs ?? 0)) : undefined,
    pgCpuMs: runs.some((r) => r.pgCpuMs !== undefined) ? median(runs.map((r) => r.pgCpuMs ?? 0)) : undefined,
    loadCpuMs: runs.some((r) => r.loadCpuMs !== undefined) ? median(runs.map((r) => r.loadCpuMs ?? 0)) : undefined,
  };
}

function pick<T>(xs: T[]): T {
  return xs[Math.floor(Math.random() * xs.length)]!;
}

async function runDatabase(label: string, databaseUrl: string | undefined, bare: string, barePid?: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'nt-load-'));
  const database = await openDatabase({ databaseUrl, pgliteDir: pgliteDirFor(dataDir) });
  await migrate(database);
  const users = await seed(database);
  await database.close();
  const tokens = await tokensFor(users);
  const port = await freePort();
  const server = start(SERVER, {
    PORT: String(port), DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG_LEVEL: process.env.LOAD_LOG_LEVEL ?? 'warn', NODE_ENV: 'production',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    ...(METRICS ? { METRICS_TOKEN: SECRET } : {}),
  }, true);
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(`${base}/api/v1/health`);
  const auth = (ctx: Record<string, string>) => ({ authorization: `Bearer ${ctx.token}` });
  // A user per request, drawn from all seeded users: per-user limits (60 searches a minute) are not
  // what these workloads measure, and 50 connections are 50 apps, not one person.
  const withUser = (req: autocannon.Request): autocannon.Request => ({
    ...req,
    setupRequest: (r: any, ctx: any) => {
      ctx.token = pick(tokens);
      return { ...r, headers: { ...r.headers, ...auth(ctx), 'content-type': 'application/json' } };
    },
  });
  const workloads: Record<string, autocannon.Request[]> = {
    summary: [withUser({ method: 'GET', path: `/api/v1/food-logs/daily-summary/${TODAY}` })],
    search: [withUser({ method: 'GET', path: '/api/v1/foods/search?query=chicken%20breast' })],
    write: [withUser({ method: 'POST', path: '/api/v1/food-logs', body: JSON.stringify({ food_name: 'Load test apple', calories: 95, protein: 0.5, carbs: 25, fat: 0.3, meal_type: 'snack', date: WRITE_DAY }) })],
  };
  // PostgreSQL on this machine: its backends' CPU (utime + stime from /proc) for this database, read
  // right before and after each run (a backend started during the run counts from 0).
  const watcher = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
  await watcher?.connect();
  const backends = async () => {
    const m = new Map<number, number>();
    if (!watcher) return m;
    const { rows } = await watcher.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    for (const { pid } of rows) m.set(pid, cpuOf(pid));
    return m;
  };
  // What the summary workload reads: the entries of today, averaged over a sample of users (each run prints it).
  const sample = tokens.slice(0, 20);
  const summaryDaySize = async () => {
    let n = 0;
    for (const token of sample) {
      const day = (await (await fetch(`${base}/api/v1/food-logs/daily-summary/${TODAY}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { meals: Record<string, { foods: unknown[] }> };
      n += Object.values(day.meals).reduce((a, m) => a + m.foods.length, 0);
    }
    return n / sample.length;
  };
  /** One run, with PostgreSQL's CPU for it when on PostgreSQL. */
  const withDatabaseCpu = async (run: () => Promise<Stats>) => {
    const before = await backends();
    const s = await run();
    const after = await backends();
    let ms = 0;
    for (const [p, c] of after) ms += c - (before.get(p) ?? 0);
    if (watcher && s.count) s.pgCpuMs = ms / s.count;
    return s;
  };
  const product = async (w: string) => {
    const entries = w === 'summary' ? await summaryDaySize() : undefined;
    const s = await withDatabaseCpu(() => drive(base, CONNECTIONS, SECONDS, workloads[w]!, server.pid));
    s.entries = entries;
    return s;
  };
  // On PostgreSQL, next to the summary: the bare route plus the summary's one query (bench/bare-server.ts, /day), the
  // same users and day. The ceiling of a route that reads those rows, on the same shared cores.
  const dayRefPort = await freePort();
  const dayRef = databaseUrl && ONLY.includes('summary') ? start('apps/api/bench/bare-server.ts', { PORT: String(dayRefPort), BARE_DATABASE_URL: databaseUrl }) : null;
  const dayRefUrl = `http://127.0.0.1:${dayRefPort}`;
  if (dayRef) {
    await waitHealthy(dayRefUrl);
    const refBytes = (await (await fetch(`${dayRefUrl}/day?user=${users[0]!.id}&date=${TODAY}`)).arrayBuffer()).byteLength;
    const summaryBytes = (await (await fetch(`${base}/api/v1/food-logs/daily-summary/${TODAY}`, { headers: { authorization: `Bearer ${tokens[0]}` } })).arrayBuffer()).byteLength;
    console.log(`  answer sizes: summary ${summaryBytes} bytes, the bare route's day ${refBytes} bytes`);
  }
  const dayRequest: autocannon.Request = { method: 'GET', setupRequest: (r: any) => ({ ...r, path: `/day?user=${pick(users).id}&date=${TODAY}` }) };
  const results: Record<string, Stats[]> = { bare: [] };
  const names = Object.keys(workloads).filter((w) => ONLY.includes(w));
  for (let round = 0; round < ROUNDS; round++) {
    results.bare!.push(await drive(bare, CONNECTIONS, SECONDS, [{ method: 'GET', path: '/' }], barePid));
    if (dayRef) (results.dayRef ??= []).push(await withDatabaseCpu(() => drive(dayRefUrl, CONNECTIONS, SECONDS, [dayRequest], dayRef.pid)));
    for (const w of names) (results[w] ??= []).push(await product(w));
  }
  let mixed: Stats | null = null;
  const rejected: Record<string, number> = {};
  if (ONLY.includes('mixed')) mixed = await driveMixed(base, tokens.slice(0, MIXED_USERS), server.pid, rejected);
  const rss = rssOf(server.pid!);
  // LOAD_IDLE_SECONDS=n: also the RSS after n quiet seconds (plans still queued finish; idle threads end).
  const IDLE = Number(process.env.LOAD_IDLE_SECONDS ?? 0);
  let rssIdle: number | null = null;
  if (IDLE > 0) {
    await new Promise((r) => setTimeout(r, IDLE * 1000));
    rssIdle = rssOf(server.pid!);
  }
  if (process.env.LOAD_SMAPS) writeFileSync(`${process.env.LOAD_SMAPS}-${label.split(' ')[0]}.txt`, readFileSync(`/proc/${server.pid}/smaps`));
  if (HEAP_SNAPSHOT) await heapSnapshot(server, HEAP_SNAPSHOT);
  // LOAD_METRICS=1: the server's own latency histogram (onRequest → response), to tell time spent in the
  // server from time spent before it read the request.
  const metrics = METRICS ? await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${SECRET}` } })).text() : '';
  await watcher?.end();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  if (dayRef) {
    dayRef.kill('SIGTERM');
    await new Promise((r) => dayRef.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });

  const bareMed = med(results.bare!);
  console.log(`\n## ${label} (${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s, medians)`);
  console.log(`load average at the end: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  console.log('| workload | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx (not 429) | 429 | vs bare | server CPU ms/req | PostgreSQL CPU ms/req | autocannon CPU ms/req |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  const row = (name: string, s: Stats) =>
    console.log(`| ${name} | ${s.rps.toFixed(0)} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.errors} | ${s.non2xx} | ${s.limited} | ${((100 * s.rps) / bareMed.rps).toFixed(1)} % | ${s.cpuMs?.toFixed(2) ?? ''} | ${s.pgCpuMs?.toFixed(2) ?? ''} | ${s.loadCpuMs?.toFixed(2) ?? ''} |`);
  row('bare Fastify route', bareMed);
  if (results.dayRef) row("bare route + the summary's query (one PostgreSQL round trip)", med(results.dayRef));
  for (const w of names) row(w, med(results[w]!));
  if (mixed) row(`mixed (${MIXED_USERS} users × ${MIXED_RATE} req/s, ${MIXED_SECONDS} s)`, mixed);
  const odd = [...names.map((w) => [w, results[w]!.flatMap((r) => Object.entries(r.statuses ?? {}))] as const), ['mixed', Object.entries(mixed?.statuses ?? {})] as const].filter(([, e]) => e.length);
  // Per round, so a one-off stall (a checkpoint, a noisy neighbour) is told apart from a steady tail.
  for (const w of names) console.log(`  ${w} per round: ${results[w]!.map((r) => `${r.rps.toFixed(0)} req/s p99 ${r.p99.toFixed(0)} ms, CPU ms/req server ${r.cpuMs?.toFixed(2)} PostgreSQL ${r.pgCpuMs?.toFixed(2) ?? '-'} autocannon ${r.loadCpuMs?.toFixed(2)}${r.entries === undefined ? '' : `, ${r.entries} entries a day`}`).join('; ')}`);
  const grown = (results.summary ?? []).filter((r) => r.entries !== undefined && r.entries !== ENTRIES_PER_DAY);
  if (grown.length) console.log(`  WARNING: the summary's day did not hold the ${ENTRIES_PER_DAY} seeded entries in ${grown.length} round(s): its numbers are not the named workload's`);
  for (const [w, e] of odd) console.log(`  ${w}: non-2xx statuses ${e.map(([k, v]) => `${k}×${v}`).join(', ')}`);
  for (const [what, n] of Object.entries(rejected)) console.log(`  mixed, sample answer: ${what} ×${n}`);
  console.log(`server RSS after the runs: ${rss.toFixed(0)} MB${rssIdle === null ? '' : `; ${IDLE} s later: ${rssIdle.toFixed(0)} MB`}`);
  if (metrics) {
    // Where the resident memory is: V8's heaps (main thread), memory outside them (buffers, wasm), the process.
    const gauge = (name: string) => [...metrics.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? ([\\d.e+]+)$`, 'gm'))].reduce((a, m) => a + Number(m[1]), 0) / 2 ** 20;
    console.log(`server memory (MB, main thread): heap used ${gauge('nodejs_heap_size_used_bytes').toFixed(0)}, heap total ${gauge('nodejs_heap_size_total_bytes').toFixed(0)}, external ${gauge('nodejs_external_memory_bytes').toFixed(0)}; process resident ${gauge('process_resident_memory_bytes').toFixed(0)}`);
    const spaces = [...metrics.matchAll(/^nodejs_heap_space_size_total_bytes\{space="(\w+)"\} ([\d.e+]+)$/gm)].map((m) => `${m[1]} ${(Number(m[2]) / 2 ** 20).toFixed(0)}`);
    console.log(`  heap spaces committed (MB): ${spaces.join(', ')}`);
    const buckets = new Map<string, string[]>();
    for (const m of metrics.matchAll(/^http_request_duration_seconds_bucket\{le="([^"]+)",method="(\w+)",route="([^"]+)"\} (\d+)/gm)) {
      const key = `${m[2]} ${m[3]}`;
      (buckets.get(key) ?? buckets.set(key, []).get(key)!).push(`≤${m[1]}s:${m[4]}`);
    }
    for (const [route, b] of buckets) console.log(`  server-side latency ${route}: ${b.join(' ')}`);
    const loop = [...metrics.matchAll(/^(nodejs_eventloop_lag_(?:max|p99|mean)_seconds|nodejs_gc_duration_seconds_(?:sum|count)\{kind="major"\}) (\S+)/gm)].map((m) => `${m[1]} ${Number(m[2]).toFixed(3)}`);
    console.log(`  event loop / GC: ${loop.join(', ')}`);
  }
}

/**
 * 70 % reads (summary, search, plan list), 25 % writes (log, update, delete), 5 % plan requests. Each
 * connection is one user (its own token) making MIXED_RATE requests a second; `rejected` collects the
 * 4xx/5xx answers by request and message, so a bench bug and a product bug can be told apart.
 */
async function driveMixed(base: string, tokens: string[], pid: number | undefined, rejected: Record<string, number>): Promise<Stats> {
  const created: Record<string, number[]> = {};
  let nextUser = 0;
  const req = (method: string, path: string, body?: unknown): autocannon.Request => ({
    method: method as any,
    path,
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const plan = () => ({ days: 1, name: 'Load plan', plan_type: 'multi-day', start_date: TODAY, request_data: { nutritional_goals: { calories: 2000, protein: 120, carbs: 220, fat: 70, fiber: 30 } } });
  const requests: autocannon.Request[] = [
    {
      method: 'GET',
      path: '/',
      setupRequest: (r: any, ctx: any) => {
        ctx.token ??= tokens[nextUser++ % tokens.length];
        const headers: Record<string, string> = { authorization: `Bearer ${ctx.token}` };
        const mine = (created[ctx.token] ??= []);
        const x = Math.random() * 100;
        let out: autocannon.Request;
        if (x < 35) out = req('GET', `/api/v1/food-logs/daily-summary/${TODAY}`);
        else if (x < 60) out = req('GET', `/api/v1/foods/search?query=${encodeURIComponent(pick(['banana', 'chicken breast', 'greek yogurt', 'rice', 'apple', 'oatmeal']))}`);
        else if (x < 70) out = req('GET', '/api/v1/meal-plans?page=1&per_page=10');
        else if (x < 85 || mine.length === 0) out = req('POST', '/api/v1/food-logs', { food_name: 'Load test apple', calories: 95, meal_type: 'snack', date: TODAY });
        else if (x < 90) out = req('PUT', `/api/v1/food-logs/${mine[mine.length - 1]}`, { number_of_servings: 2 });
        else if (x < 95) out = req('DELETE', `/api/v1/food-logs/${mine.pop()}`);
        else out = req('POST', '/api/v1/meal-plans/multi-day', plan());
        // A JSON content type with no body (DELETE) is a 400 by design: the bench made 127 of those.
        if (out.body) headers['content-type'] = 'application/json';
        ctx.last = out.method + ' ' + out.path;
        return { ...r, ...out, headers };
      },
      onResponse: (status: number, body: string, ctx: any) => {
        if (status >= 400) {
          let message = '';
          try {
            const parsed = JSON.parse(body);
            message = String(parsed.detail?.msg ?? parsed.message ?? '').slice(0, 80);
          } catch {}
          const what = `${status} ${String(ctx.last).replace(/\/\d+(?=$|\?)/, '/{id}')}: ${message}`;
          rejected[what] = (rejected[what] ?? 0) + 1;
        }
        if (status === 201 && String(ctx.last).startsWith('POST /api/v1/food-logs')) {
          try {
            const id = JSON.parse(body).id;
            if (id) (created[ctx.token] ??= []).push(id);
          } catch {}
        }
      },
    },
  ];
  // Users spread over the second (20 groups, 50 ms apart), as people are; LOAD_MIXED_LOCKSTEP=1 keeps
  // autocannon's lockstep (every user at the same instant each second) for comparison.
  return drive(base, tokens.length, MIXED_SECONDS, requests, pid, { connectionRate: MIXED_RATE }, process.env.LOAD_MIXED_LOCKSTEP === '1' ? 1 : 20);
}

async function main() {
  const barePort = await freePort();
  const bareServer = start('apps/api/bench/bare-server.ts', { PORT: String(barePort) });
  const bare = `http://127.0.0.1:${barePort}`;
  await waitHealthy(bare);
  try {
    if (DATABASES.includes('pglite')) await runDatabase('PGlite', undefined, bare, bareServer.pid);
    const url = process.env.BENCH_DATABASE_URL;
    if (url && DATABASES.includes('postgres')) {
      const name = `nt_load_${Date.now()}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const u = new URL(url);
      u.pathname = `/${name}`;
      try {
        await runDatabase('PostgreSQL', u.toString(), bare, bareServer.pid);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
        await admin.end();
      }
    } else {
      console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://… to measure it too)');
    }
  } finally {
    bareServer.kill('SIGTERM');
  }
}

await main();
