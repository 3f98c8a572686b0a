/**
 * Many processes on one PostgreSQL (issue 15 §3): two API processes (WORKER=false) and two worker-only
 * processes (API=false), started as real processes the way systemd or compose starts them, on one
 * fresh database. PGlite is one process's embedded database, so this file needs TEST_DATABASE_URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { hashPassword } from './features/auth/passwords.ts';
import { httpClient, STRONG_PASSWORD, waitFor, type HttpClient } from '../test/helpers.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const SERVER_URL = process.env.TEST_DATABASE_URL;
const SECRET = randomBytes(32).toString('hex');
/** Short, so a plan whose worker was killed is handed on in test time (production: 60 s). */
const STALL_AFTER = 6;

interface Proc {
  name: string;
  child: ChildProcess;
  http: HttpClient;
  /** Parsed JSON log lines. */
  logs: Record<string, any>[];
  exited: Promise<number | null>;
}

let dbUrl = '';
let dbName = '';
let admin: pg.Pool;
const procs: Proc[] = [];

/** Starts `server.ts` like a process supervisor would; resolves once it logged the address it listens on. */
async function startProcess(name: string, env: Record<string, string>): Promise<Proc> {
  // `node --import tsx`, not the tsx CLI: the CLI runs the server in a child process, and a kill -9 of the
  // CLI would leave that child running.
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      JWT_SECRET: SECRET,
      DATA_DIR: mkdtempSync(join(tmpdir(), `nt-mp-${name}-`)),
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      SEED_FOODS: 'false',
      LOG_LEVEL: 'debug',
      PLAN_STALL_AFTER: String(STALL_AFTER),
      // Names the process's PostgreSQL sessions (pg_stat_activity.application_name).
      PGAPPNAME: name,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, any>[] = [];
  let buf = '';
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const address = new Promise<string>((res, rej) => {
    child.stdout!.on('data', (d) => {
      buf += d;
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        try {
          const entry = JSON.parse(line);
          logs.push(entry);
          if (entry.address) res(entry.address);
        } catch {}
      }
    });
    child.on('exit', (code) => rej(new Error(`${name} exited (${code}) before listening: ${stderr.slice(-2000)}`)));
  });
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const proc: Proc = { name, child, http: httpClient(`${await address}/api/v1`), logs, exited };
  procs.push(proc);
  return proc;
}

async function kill9(p: Proc) {
  p.child.kill('SIGKILL');
  await p.exited;
}

async function mintToken(user: { id: number; token_version: number }) {
  return new SignJWT({ type: 'access', is_superuser: false, ver: user.token_version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(SECRET));
}

/** Verified users (with settings) written straight into the database, and their tokens. */
async function makeUsers(n: number, prefix: string, passwordHash: string | null = null) {
  const { rows } = await admin.query(
    `insert into users (email, email_validated, password_hash) select $1 || g || '@example.com', true, $2 from generate_series(1, $3::int) g returning id, email, token_version`,
    [`${prefix}.${Date.now()}.`, passwordHash, n],
  );
  await admin.query('insert into user_settings (user_id) select unnest($1::int[])', [rows.map((r) => r.id)]);
  return Promise.all(rows.map(async (r) => ({ id: r.id as number, email: r.email as string, token: await mintToken(r) })));
}

const planBody = (days: number) => ({
  days,
  name: `${days}-day plan`,
  alternatives_enabled: false,
  start_date: '2025-03-03',
  plan_type: 'multi-day',
  request_data: { meal_times: {}, nutritional_goals: { calories: 2000, protein: 110, carbs: 230, fat: 70, fiber: 30 }, favorite_foods: [] },
});

const jobsStartedBy = (p: Proc) => p.logs.filter((l) => l.msg === 'job started' && l.queue === 'meal-plans.generate').map((l) => l.job_id as string);

let api1: Proc, api2: Proc, worker1: Proc, worker2: Proc;

describe.skipIf(!SERVER_URL)('many processes on one PostgreSQL (skipped without TEST_DATABASE_URL: PGlite is one process’s embedded database)', () => {
  beforeAll(async () => {
    dbName = `nt_mp_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const c = new pg.Client({ connectionString: SERVER_URL });
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
    const u = new URL(SERVER_URL!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    // Migrated once here so the seeding below has tables; the four processes then start at once
    // (each still runs the migrator under its advisory lock, a no-op now).
    const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 1 });
    await migrate(database);
    await database.close();
    admin = new pg.Pool({ connectionString: dbUrl, max: 3 });
    [api1, api2, worker1, worker2] = await Promise.all([
      startProcess('nt-api-1', { WORKER: 'false' }),
      startProcess('nt-api-2', { WORKER: 'false' }),
      startProcess('nt-worker-1', { API: 'false' }),
      startProcess('nt-worker-2', { API: 'false' }),
    ]);
  }, 180_000);

  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
    await admin?.end();
    if (dbName) {
      const c = new pg.Client({ connectionString: SERVER_URL });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
  }, 60_000);

  it('runs API-only and worker-only processes: a worker answers its health check and nothing else', async () => {
    const health = await worker1.http.get('/health');
    expect(health.status).toBe(200);
    expect(health.json.queue.worker).toBe(true);
    expect((await api1.http.get('/health')).json.queue.worker).toBe(false);
    // No way into the API (or the web app) through a worker's port: 404 before authentication.
    const login = await worker1.http.post('/auth/login', { email: 'x@example.com', password: 'whatever-password' });
    expect(login.status).toBe(404);
    expect(login.json.detail.type).toBe('not_found');
    expect((await worker2.http.get('/auth/me')).status).toBe(404);
  });

  it('counts failed logins made on both API processes against one throttle', async () => {
    const [user] = await makeUsers(1, 'throttle', await hashPassword(STRONG_PASSWORD));
    const wrong = { email: user!.email, password: 'not-the-password-1' };
    // Alternate the two processes until the throttle answers. Counted per process, neither would reach
    // the 5 free failures within 8 attempts (4 each); counted together, the 6th attempt is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 8 && !statuses.includes(429); i++) statuses.push((await (i % 2 ? api2 : api1).http.post('/auth/login', wrong)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses).toContain(429);
    const { rows } = await admin.query('select failures from login_throttle where key = $1', [`account:${user!.email}`]);
    expect(rows[0].failures).toBe(statuses.filter((s) => s === 401).length);
    const blocked = (i: number) => (i % 2 ? api2 : api1).http.post('/auth/login', { email: user!.email, password: STRONG_PASSWORD });
    const refused = await blocked(statuses.length);
    // The address now waits even with the right password (unless the short delay already ran out).
    if (refused.status === 429) {
      expect(refused.json.detail.msg).toMatch(/Too many failed sign-in attempts/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  }, 60_000);

  it('generates each of 10 plan requests exactly once across two workers', async () => {
    const users = await makeUsers(10, 'planner');
    const created = await Promise.all(users.map((u, i) => (i % 2 ? api2 : api1).http.post('/meal-plans/multi-day', planBody(1), { token: u.token })));
    for (const r of created) expect(r.status).toBe(202);
    const plans = await Promise.all(
      created.map((r, i) =>
        waitFor(async () => {
          const res = await (i % 2 ? api1 : api2).http.get(`/meal-plans/${r.json.id}`, { token: users[i]!.token });
          return res.json?.status !== 'processing' ? res.json : null;
        }, 150_000, 500),
      ),
    );
    for (const plan of plans) {
      expect(plan.status).toBe('completed');
      expect(plan.plan_days.map((d: any) => d.day_number)).toEqual([1]);
    }
    const ids = plans.map((p) => p.id);
    const { rows: days } = await admin.query('select meal_plan_id, count(*)::int n from plan_days where meal_plan_id = any($1) group by 1', [ids]);
    expect(days.map((d) => d.n)).toEqual(Array(10).fill(1));
    const { rows: tasks } = await admin.query('select id, attempts, status from meal_plan_tasks where meal_plan_id = any($1)', [ids]);
    expect(tasks).toHaveLength(10);
    for (const t of tasks) expect(t).toMatchObject({ attempts: 1, status: 'completed' });
    // One pg-boss job per task, run once, by one worker.
    const { rows: jobs } = await admin.query(
      `select data->>'task_id' task_id, count(*)::int jobs, count(*) filter (where state = 'completed')::int completed
         from pgboss.job where name = 'meal-plans.generate' and (data->>'task_id')::int = any($1) group by 1`,
      [tasks.map((t) => t.id)],
    );
    expect(jobs).toHaveLength(10);
    for (const j of jobs) expect(j).toMatchObject({ jobs: 1, completed: 1 });
    const ran1 = jobsStartedBy(worker1);
    const ran2 = jobsStartedBy(worker2);
    expect(new Set([...ran1, ...ran2]).size).toBe(ran1.length + ran2.length);
    expect(ran1.length + ran2.length).toBe(10);
    // API processes never run jobs.
    expect(jobsStartedBy(api1)).toEqual([]);
    expect(jobsStartedBy(api2)).toEqual([]);
  }, 240_000);

  it('finishes a plan whose worker was killed (kill -9) mid-way, without duplicated days', async () => {
    const [user] = await makeUsers(1, 'crash');
    const DAYS = 5;
    const created = await api1.http.post('/meal-plan-tasks', planBody(DAYS), { token: user!.token });
    expect(created.status).toBe(202);
    const taskPath = `/meal-plan-tasks/${created.json.id}`;
    const running = await waitFor(async () => {
      const t = (await api2.http.get(taskPath, { token: user!.token })).json;
      return t.status === 'processing' && t.progress.days_completed >= 1 && t.progress.days_completed < DAYS ? t : null;
    }, 120_000, 100);
    const { rows: [task] } = await admin.query('select job_id from meal_plan_tasks where id = $1', [running.id]);
    const victim = jobsStartedBy(worker1).includes(task.job_id) ? worker1 : worker2;
    const survivor = victim === worker1 ? worker2 : worker1;
    expect(jobsStartedBy(victim)).toContain(task.job_id);
    await kill9(victim);

    // The client keeps polling (either API process); once the heartbeat is older than PLAN_STALL_AFTER
    // the task is handed to a new job, which the surviving worker runs from the first missing day.
    const plan = await waitFor(async () => {
      const res = await api2.http.get(`/meal-plans/${created.json.meal_plan_id}`, { token: user!.token });
      return res.json?.status !== 'processing' ? res.json : null;
    }, 180_000, 500);
    expect(plan.status).toBe('completed');
    expect(plan.plan_days.map((d: any) => d.day_number)).toEqual([1, 2, 3, 4, 5]);
    const { rows } = await admin.query('select day_number, count(*)::int n from plan_days where meal_plan_id = $1 group by 1 order by 1', [plan.id]);
    expect(rows).toEqual([1, 2, 3, 4, 5].map((d) => ({ day_number: d, n: 1 })));
    const { rows: [after] } = await admin.query('select status, attempts, job_id from meal_plan_tasks where id = $1', [running.id]);
    expect(after).toMatchObject({ status: 'completed', attempts: 2 });
    expect(jobsStartedBy(survivor)).toContain(after.job_id);
  }, 300_000);

  it('keeps a batch of food logs all or nothing when its API process is killed (kill -9) mid-write', async () => {
    const [user] = await makeUsers(1, 'batch');
    // More batches than the API process can write at once: when the kill lands, some are still queued or mid-write
    // (with 4, a fast machine sometimes committed all of them between the poll and the kill).
    const BATCHES = 12;
    const ENTRIES = 100;
    const batch = (b: number) => Array.from({ length: ENTRIES }, (_, i) => ({ food_name: `batch ${b} item ${i}`, calories: 100 + i, meal_type: 'snack', date: '2025-03-03' }));
    const sent = Array.from({ length: BATCHES }, (_, b) => api1.http.post('/food-logs/batch', batch(b), { token: user!.token }).catch((err) => err as Error));
    // Wait until one of api-1's database sessions is inside a transaction that writes food logs, then kill it.
    const inFlight = await waitFor(async () => {
      const { rows } = await admin.query(
        `select pid from pg_stat_activity where application_name = 'nt-api-1' and xact_start is not null and backend_xid is not null`,
      );
      return rows.length ? rows : null;
    }, 30_000, 2);
    await kill9(api1);
    const answers = await Promise.all(sent);
    expect(inFlight.length).toBeGreaterThan(0);
    expect(answers.some((a) => a instanceof Error)).toBe(true);
    // The server ends the dead client's sessions (rolling back what was not committed).
    await waitFor(async () => (await admin.query(`select 1 from pg_stat_activity where application_name = 'nt-api-1'`)).rowCount === 0, 30_000, 50);
    const { rows } = await admin.query(
      `select split_part(food_name, ' ', 2)::int b, count(*)::int n from food_logs where user_id = $1 group by 1`,
      [user!.id],
    );
    for (const r of rows) expect(r.n).toBe(ENTRIES);
    // Every batch that answered 201 is there (a batch may also have committed just before its answer was
    // lost); the one caught mid-transaction is not there at all.
    const ok = answers.filter((a) => !(a instanceof Error) && a.status === 201).length;
    expect(rows.length).toBeGreaterThanOrEqual(ok);
    expect(rows.length).toBeLessThan(BATCHES);
  }, 120_000);
});
