import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';

// The real process, started the way `npm start` starts it: config from env, PGlite in DATA_DIR.
const root = resolve(import.meta.dirname, '../../..');
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
const children: ChildProcess[] = [];

async function freePort() {
  return new Promise<number>((res) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => res(p));
    });
  });
}

function start(dataDir: string, port: number, opts: { args?: string[]; env?: Record<string, string> } = {}) {
  const child = spawn(process.execPath, opts.args ?? [tsx, join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_FOODS: 'false', LOG_LEVEL: 'info', DATABASE_URL: '', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, log: () => log, exited };
}

async function waitHealthy(port: number, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      if (r.ok) return r.json();
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('the server process', () => {
  it('starts on an empty data folder, refuses a second process on the same folder, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nt-server-'));
    const port = await freePort();
    const first = start(dataDir, port);
    expect(await waitHealthy(port)).toMatchObject({ status: 'ok', database: 'ok', queue: { worker: true } });

    const second = start(dataDir, await freePort());
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.log()).toMatch(/in use by another process/);
    // The first server is unharmed.
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.log()).toMatch(/shutting down/);

    // The folder is free again: a new process opens the same data.
    const third = start(dataDir, port);
    expect(await waitHealthy(port)).toMatchObject({ status: 'ok', database: 'ok', queue: { worker: true } });
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
  }, 120_000);
});

// Production (`npm start`, the Dockerfile, the systemd units) runs the esbuild bundle in apps/api/dist, not
// the TypeScript: everything the server finds next to its own files must be found from there too.
describe('the production build', () => {
  it('starts from apps/api/dist with the migrations and the built-in foods, and plans meals in its planner thread', async () => {
    execFileSync(process.execPath, [join(root, 'apps/api/scripts/build.mjs'), '--if-changed'], { cwd: root, stdio: 'pipe' });
    const dataDir = mkdtempSync(join(tmpdir(), 'nt-built-'));
    const port = await freePort();
    const admin = { email: 'admin@example.com', password: 'Tulip-Granite-Mosaic-77' };
    const server = start(dataDir, port, {
      args: [join(root, 'apps/api/dist/server.mjs')],
      env: { NODE_ENV: 'production', SEED_FOODS: 'true', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
    });
    // Healthy only after the migrations ran and the built-in foods loaded (apps/api/drizzle, apps/api/seed).
    expect(await waitHealthy(port, 110_000)).toMatchObject({ status: 'ok', database: 'ok' });
    const api = `http://127.0.0.1:${port}/api/v1`;
    const json = { 'content-type': 'application/json' };
    const login: any = await (await fetch(`${api}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify(admin) })).json();
    const auth = { authorization: `Bearer ${login.access_token}` };
    const search: any = await (await fetch(`${api}/foods/search?query=banana`, { headers: auth })).json();
    expect(search.foods[0].name).toMatch(/banana/i);

    // The planner runs in a worker thread started from its own file: dist/planner-worker.mjs in the build.
    const body = { days: 1, name: 'Built', start_date: '2025-03-03', plan_type: 'multi-day', request_data: { nutritional_goals: { calories: 2000, protein: 110, carbs: 230, fat: 70, fiber: 30 } } };
    const created = await fetch(`${api}/meal-plans/multi-day`, { method: 'POST', headers: { ...json, ...auth }, body: JSON.stringify(body) });
    expect(created.status).toBe(202);
    const { id } = (await created.json()) as { id: number };
    let plan: any;
    for (let i = 0; i < 240 && (!plan || plan.status === 'processing'); i++) {
      await new Promise((r) => setTimeout(r, 250));
      plan = await (await fetch(`${api}/meal-plans/${id}`, { headers: auth })).json();
    }
    expect(plan).toMatchObject({ status: 'completed', error_message: null });
    expect(plan.plan_days[0].meals.breakfast.foods.length).toBeGreaterThan(0);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 180_000);
});
