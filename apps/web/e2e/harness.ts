/**
 * End-to-end harness: the real product (`node scripts/start.mjs`) on a fresh data folder and a free
 * port, a Chromium through playwright-core (found by find-browser.mjs), and helpers that register a verified user through
 * the API and the mail outbox. One server per test file; stop it with SIGTERM (graceful shutdown).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './find-browser.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export { CHROMIUM_ARGS };
/** The browser every spec drives (CHROMIUM_PATH, else a system Chromium/Chrome, else the packaged one). */
export const CHROMIUM_PATH = (await findChromium()).path;
export const STRONG_PASSWORD = 'Tulip-Granite-Mosaic-77';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function newest(dir: string): number {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/**
 * Builds the web app when its sources are newer than dist (the same rule as scripts/start.mjs), under a
 * machine-wide lock: several e2e runs start servers at once, and two builds into one dist break both.
 */
export function ensureWebBuilt(): void {
  const web = join(ROOT, 'apps/web');
  // The prerendered pages are the build's last step: a build that failed half-way leaves a new index.html, not these.
  const dist = join(web, 'dist/prerendered/login.html');
  const sources = Math.max(newest(join(web, 'src')), newest(join(web, 'public')), statSync(join(web, 'index.html')).mtimeMs, newest(join(ROOT, 'packages/contracts/src')));
  if (existsSync(dist) && statSync(dist).mtimeMs >= sources) return;
  const script = `if [ ! -f apps/web/dist/prerendered/login.html ] || [ $(stat -c %Y apps/web/dist/prerendered/login.html) -lt ${Math.floor(sources / 1000)} ]; then npm run build -w apps/web; fi`;
  // Not vitest's NODE_ENV=test: the SSR build would compile JSX for React's development runtime, which the
  // prerender step (production React) does not have ("jsxDEV is not a function").
  const { NODE_ENV: _testEnv, ...env } = process.env;
  const r = spawnSync('flock', ['/tmp/nutrition-web-build.lock', 'sh', '-c', script], { cwd: ROOT, env, stdio: 'pipe', encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`web build failed:\n${r.stdout}\n${r.stderr}`);
}

export interface Server {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

/** The data folder e2e/global-setup.ts made (a database with the built-in foods), which fresh servers start from. */
export const DATA_TEMPLATE_ENV = 'E2E_DATA_TEMPLATE';

/** A fresh data folder: a copy of the run's template database (no secret, no mail, no users), else empty. */
function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template && existsSync(join(template, 'pglite'))) cpSync(join(template, 'pglite'), join(dir, 'pglite'), { recursive: true });
  return dir;
}

/**
 * Starts `npm start`'s script on a fresh (or the given) data folder and waits for /api/v1/health. `port`: the port
 * of a server stopped before on that folder, so pages open on its origin keep their stored token.
 */
export async function startServer(opts: { dataDir?: string; port?: number; env?: Record<string, string> } = {}): Promise<Server> {
  ensureWebBuilt();
  const dataDir = opts.dataDir ?? freshDataDir();
  const port = opts.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let out = '';
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', ...opts.env };
  delete env.DATABASE_URL; // always the embedded PGlite in the fresh folder
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 220_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out.slice(-4000)}`);
    try {
      const r = await fetch(`${baseUrl}/api/v1/health`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`server did not become healthy:\n${out.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }

  return {
    baseUrl,
    port,
    dataDir,
    output: () => out,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

/**
 * Runs one of the API's own test scripts (apps/api/scripts/<name>, e.g. seed-notifications.ts on a stopped server's
 * data folder) as a child process and returns what it printed: the e2e imports no API code.
 */
export function runApiScript(name: string, args: string[]): string {
  return execFileSync(process.execPath, [TSX, join(ROOT, 'apps/api/scripts', name), ...args], { cwd: ROOT, stdio: 'pipe', encoding: 'utf8' });
}

/** A loopback stand-in for an outside service (apps/api/scripts/loopback.ts), in a child process. */
export interface Loopback {
  /** What the script printed: `url`, and for stripe `control`. */
  url: string;
  control: string;
  stop: () => Promise<void>;
}

export async function startLoopback(kind: 'stripe' | 'recipe-site'): Promise<Loopback> {
  const child = spawn(process.execPath, [TSX, join(ROOT, 'apps/api/scripts/loopback.ts'), kind], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const info = await new Promise<{ url: string; control: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`loopback ${kind} did not start:\n${err}`)), 60_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const line = out.split('\n')[0];
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(JSON.parse(line!));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`loopback ${kind} exited with ${code}:\n${err}`));
    });
  });
  return {
    ...info,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * One product and one browser for a spec file: started before its tests, stopped after them.
 * `ready` receives both (and anything `setup` made) so specs keep plain `server`/`browser` variables.
 */
export function useProduct<T = undefined>(ready: (server: Server, browser: Browser, extra: T) => void, setup?: (server: Server) => Promise<T>): void {
  let server: Server | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ready(server, browser, (setup ? await setup(server) : undefined) as T);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}

/** A JSON call to the API; returns status and parsed body. */
export async function apiCall<T = any>(server: Server, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: T }> {
  const res = await fetch(`${server.baseUrl}/api/v1${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json };
}

/** The newest 6-digit code mailed to `email` (the outbox holds one .eml file per message). */
export function latestCode(dataDir: string, email: string): string | null {
  const outbox = join(dataDir, 'outbox');
  if (!existsSync(outbox)) return null;
  const files = readdirSync(outbox)
    .map((f) => join(outbox, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs || b.localeCompare(a));
  for (const f of files) {
    const text = readFileSync(f, 'utf8').replace(/=\r?\n/g, '');
    if (!text.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
    const m = /(?:code is|code:)\s*([0-9]{6})/i.exec(text) ?? /\b([0-9]{6})\b/.exec(text.split(/\r?\n\r?\n/).slice(1).join('\n'));
    if (m) return m[1];
  }
  return null;
}

export async function waitForCode(dataDir: string, email: string, timeoutMs = 15_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const code = latestCode(dataDir, email);
    if (code) return code;
    if (Date.now() > end) throw new Error(`no code for ${email} in ${dataDir}/outbox`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

let counter = 0;
export function uniqueEmail(prefix = 'e2e') {
  return `${prefix}.${Date.now()}.${++counter}@example.com`;
}

export interface TestUser {
  email: string;
  password: string;
  token: string;
  user: { id: number; email: string; email_validated: boolean; is_superuser: boolean };
}

/** Registers through the API, reads the code from the outbox and completes registration. */
export async function registerVerifiedUser(server: Server, email = uniqueEmail(), password = STRONG_PASSWORD): Promise<TestUser> {
  const reg = await apiCall(server, 'POST', '/auth/register', { email, password });
  if (reg.status >= 300) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.json)}`);
  const code = await waitForCode(server.dataDir, email);
  const done = await apiCall(server, 'POST', '/auth/complete-registration', { email, code });
  if (done.status !== 200) throw new Error(`complete-registration failed: ${done.status} ${JSON.stringify(done.json)}`);
  return { email, password, token: done.json.access_token, user: done.json.user };
}

/** Puts the token where the app looks for it (localStorage `token`) and opens `path`. */
export async function openSignedIn(page: Page, server: Server, token: string, path = '/dashboard'): Promise<void> {
  await page.goto(`${server.baseUrl}/privacy-policy`);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(`${server.baseUrl}${path}`);
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

export function newContext(browser: Browser, viewport: { width: number; height: number } = DESKTOP, colorScheme: 'light' | 'dark' = 'light'): Promise<BrowserContext> {
  const mobile = viewport.width < 600;
  return browser.newContext({ viewport, colorScheme, deviceScaleFactor: mobile ? 2 : 1, isMobile: mobile, hasTouch: mobile });
}

/** expect.poll with a timeout that suits a real server and browser (vitest's default is 1 s). */
export const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 200 });
