import { mkdtempSync, readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { buildApp } from '../src/app.ts';
import { loggerOptions } from '../src/plugins/logging.ts';
import { startValidatingProxy } from './validating-proxy.ts';
import { PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV } from './template-env.ts';

export interface TestApp {
  app: FastifyInstance;
  /** Base URL of the API, e.g. http://127.0.0.1:40123/api/v1 */
  api: string;
  base: string;
  /** The server itself, not through the validating proxy: for tests about the connection (an answer sent before the body was read). */
  directApi: string;
  config: Config;
  database: Database;
  http: HttpClient;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * Another test app's database: a second app (a second API process) over the same data. It does not
   * migrate, and closing it leaves the database open for its owner. Pass the same JWT_SECRET in env
   * when tokens must work on both.
   */
  database?: Database;
  /** Receives the app's log lines (JSON, one per line) at LOG_LEVEL, to test what gets logged. */
  logStream?: { write(line: string): void };
  /**
   * false: calls go straight to the server, not through the validating proxy (test/validating-proxy.ts). Only for
   * tests about the connection itself; every other call is checked against the OpenAPI document.
   */
  validate?: boolean;
}

/**
 * The real app on a real, fresh database, listening on a loopback port:
 * in-memory PGlite by default, or a new database on the server of TEST_DATABASE_URL (CI runs both).
 * Tests call from loopback and TRUST_PROXY=127.0.0.1, so X-Forwarded-For picks the client address
 * (see clientFromNewIp); pass TRUST_PROXY: '' to test an app that trusts no proxy.
 */
export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nt-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_FOODS: 'false', TRUST_PROXY: '127.0.0.1', JWT_SECRET: randomBytes(32).toString('hex'), ...env }, { dataDir });
  const { database, drop } = opts.database ? { database: opts.database, drop: null } : await freshDatabase();
  if (!opts.database) await migrate(database);
  const logger = opts.logStream ? { ...(loggerOptions(config) as object), stream: opts.logStream } : undefined;
  const app = await buildApp({ config, database, logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const direct = `http://127.0.0.1:${port}`;
  const proxy = opts.validate === false || process.env.OPENAPI_PROXY === '0' ? null : await startValidatingProxy(direct);
  const base = proxy?.base ?? direct;
  return {
    app,
    base,
    api: `${base}/api/v1`,
    directApi: `${direct}/api/v1`,
    config,
    database,
    http: httpClient(`${base}/api/v1`),
    async close() {
      await proxy?.close();
      await app.close();
      if (drop) {
        await database.close();
        await drop();
      }
      if (proxy?.violations.length) {
        const list = proxy.violations.slice(0, 20).map((v) => `  ${v.call} → ${v.status}: ${v.problem}`).join('\n');
        throw new Error(`${proxy.violations.length} call(s) disagree with the OpenAPI document (test/validating-proxy.ts):\n${list}`);
      }
    },
  };
}

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  // test/global-setup.ts made a migrated copy to start from (absent outside vitest: bench and scripts migrate).
  if (!url) return { database: await openDatabase({ pgliteTemplate: process.env[PGLITE_TEMPLATE_ENV] || undefined }), drop: async () => {} };
  const name = `nt_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const template = process.env[PG_TEMPLATE_ENV];
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 5 });
  return {
    database,
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface HttpResponse<T = any> {
  status: number;
  json: T;
  text: string;
  headers: Headers;
}
export interface RequestOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Sent as is (for malformed JSON tests). */
  raw?: string | Buffer;
}
export type HttpClient = ReturnType<typeof httpClient>;

/** Real HTTP, the way a third-party client calls the API. */
export function httpClient(api: string, defaultHeaders: Record<string, string> = {}) {
  async function call<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { ...defaultHeaders, ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | Buffer | undefined;
    if (opts.raw !== undefined) {
      body = opts.raw;
      headers['content-type'] ??= 'application/json';
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(api + path, { method, headers, body });
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text, headers: res.headers };
  }
  return {
    call,
    get: <T = any>(p: string, o?: RequestOptions) => call<T>('GET', p, o),
    post: <T = any>(p: string, body?: unknown, o: RequestOptions = {}) => call<T>('POST', p, { ...o, body }),
    put: <T = any>(p: string, body?: unknown, o: RequestOptions = {}) => call<T>('PUT', p, { ...o, body }),
    del: <T = any>(p: string, o: RequestOptions = {}) => call<T>('DELETE', p, o),
  };
}

/** True when the answer has the error contract's body. */
export function isErrorBody(res: HttpResponse): boolean {
  const d = res.json?.detail;
  return !!d && typeof d.msg === 'string' && typeof d.type === 'string' && 'errors' in d;
}

/** The latest 6-digit code mailed to `email` (outbox .eml files). */
export function latestCode(outboxDir: string, email: string): string | null {
  if (!existsSync(outboxDir)) return null;
  const files = readdirSync(outboxDir)
    .map((f) => join(outboxDir, f))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs || a.localeCompare(b));
  for (const f of files.reverse()) {
    const text = readFileSync(f, 'utf8').replace(/=\r?\n/g, '');
    if (!text.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
    const m = /(?:code is|code:)\s*([0-9]{6})/i.exec(text) ?? /\b([0-9]{6})\b/.exec(text.split(/\r?\n\r?\n/).slice(1).join('\n'));
    if (m) return m[1];
  }
  return null;
}

export function outboxFiles(outboxDir: string): string[] {
  return existsSync(outboxDir) ? readdirSync(outboxDir) : [];
}

export const STRONG_PASSWORD = 'Tulip-Granite-Mosaic-77';

let counter = 0;
export function uniqueEmail(prefix = 'user') {
  return `${prefix}.${Date.now()}.${++counter}@example.com`;
}

/**
 * A registered, verified user with a token: register → code from the outbox → complete-registration.
 */
export async function createUser(t: TestApp, opts: { email?: string; password?: string; username?: string; http?: HttpClient } = {}) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? STRONG_PASSWORD;
  const http = opts.http ?? t.http;
  const reg = await http.post('/auth/register', { email, password, ...(opts.username ? { username: opts.username } : {}) });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text}`);
  // The code is mailed after the answer (same timing for every address), so it may take a moment.
  const code = await waitFor(async () => latestCode(t.config.outboxDir, email), 10_000, 20).catch(() => null);
  if (!code) throw new Error('no code in outbox');
  const done = await http.post('/auth/complete-registration', { email, code });
  if (done.status !== 200) throw new Error(`complete-registration failed: ${done.status} ${done.text}`);
  return { email, password, token: done.json.access_token as string, user: done.json.user as { id: number; email: string } };
}

export async function waitFor<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 20_000, stepMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

let ipCounter = 0;
/** A client that calls from its own IP (X-Forwarded-For; the app trusts the proxy), so per-IP rate limits of one test do not leak into the next. */
export function clientFromNewIp(t: TestApp): HttpClient {
  ipCounter++;
  return httpClient(t.api, { 'x-forwarded-for': `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}` });
}
