import { spawn, type ChildProcess } from 'node:child_process';
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

function start(dataDir: string, port: number) {
  const child = spawn(process.execPath, [tsx, join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_FOODS: 'false', LOG_LEVEL: 'info', DATABASE_URL: '' },
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
