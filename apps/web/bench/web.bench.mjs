#!/usr/bin/env node
/**
 * `npm run bench:web`: what the first page costs a phone.
 *  1. JS shipped for /login and /food-log: the gzip size (level 9) of every script the page loads,
 *     collected from Playwright network events, summed.
 *  2. Lighthouse 12 mobile runs (default mobile emulation and simulated throttling) of both pages:
 *     performance and accessibility scores.
 * Runs the real product (scripts/start.mjs) on a fresh data folder and a free port. Targets: < 200 KB
 * gzip for the first page, performance ≥ 90, accessibility ≥ 95. Exit code 1 when a target is missed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS as FLAGS, findChromium } from '../e2e/find-browser.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
// CHROMIUM_PATH or CHROME_PATH, else a system Chromium/Chrome, else the one packaged in @sparticuz/chromium.
const CHROMIUM = (await findChromium()).path;
const PASSWORD = 'Tulip-Granite-Mosaic-77';
const TARGET = { firstPageKb: 200, performance: 90, accessibility: 95 };

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function startServer() {
  // Build first under the same lock the e2e harness uses, so concurrent runs never build twice at once.
  spawnSync('flock', ['/tmp/nutrition-web-build.lock', 'npm', 'run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'ignore' });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, env, stdio: 'ignore' });
  const baseUrl = `http://127.0.0.1:${port}`;
  const end = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) break;
    } catch {}
    if (Date.now() > end) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseUrl,
    dataDir,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

function latestCode(dataDir, email) {
  const outbox = join(dataDir, 'outbox');
  if (!existsSync(outbox)) return null;
  for (const f of readdirSync(outbox).map((f) => join(outbox, f)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)) {
    const text = readFileSync(f, 'utf8').replace(/=\r?\n/g, '');
    if (!text.toLowerCase().includes(`to: ${email}`)) continue;
    const m = /(?:code is|code:)\s*([0-9]{6})/i.exec(text) ?? /\b([0-9]{6})\b/.exec(text.split(/\r?\n\r?\n/).slice(1).join('\n'));
    if (m) return m[1];
  }
  return null;
}

async function verifiedToken(server) {
  const email = `bench.${Date.now()}@example.com`;
  const post = (path, body) => fetch(`${server.baseUrl}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('/auth/register', { email, password: PASSWORD });
  let code = null;
  for (let i = 0; i < 50 && !code; i++) {
    code = latestCode(server.dataDir, email);
    if (!code) await new Promise((r) => setTimeout(r, 200));
  }
  const done = await (await post('/auth/complete-registration', { email, code })).json();
  if (!done.access_token) throw new Error(`could not register: ${JSON.stringify(done)}`);
  return done.access_token;
}

/** Sum of gzip sizes of the JS files a page loads (until the network is idle). */
async function jsWeight(browser, url, token, baseUrl) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await ctx.newPage();
  if (token) {
    await page.goto(`${baseUrl}/team`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await ctx.clearCookies();
  }
  const files = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      const body = await res.body();
      files.push({ url: res.url().replace(baseUrl, ''), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    } catch {}
  });
  // A fresh page load (the /team visit above would have cached the shared chunks otherwise).
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await ctx.close();
  return { files, gzip: files.reduce((a, f) => a + f.gzip, 0), raw: files.reduce((a, f) => a + f.raw, 0) };
}

async function lighthouseRun(url, token, baseUrl) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...FLAGS] });
  try {
    if (token) {
      // Put the token into this Chrome's localStorage, then tell Lighthouse not to wipe storage.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = browser.contexts()[0].pages()[0] ?? (await browser.contexts()[0].newPage());
      await page.goto(`${baseUrl}/team`);
      await page.evaluate((t) => localStorage.setItem('token', t), token);
      await browser.close();
    }
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: !!token });
    const lhr = result.lhr;
    if (process.env.LH_DUMP) (await import('node:fs')).writeFileSync(`${process.env.LH_DUMP}-${new URL(url).pathname.replace(/\W/g, '')}.json`, JSON.stringify(lhr));
    const a = lhr.audits;
    const failing = Object.values(a)
      .filter((x) => x.score !== null && x.score < 1 && lhr.categories.accessibility.auditRefs.some((r) => r.id === x.id && r.weight > 0))
      .map((x) => x.id);
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      fcp: a['first-contentful-paint'].displayValue,
      lcp: a['largest-contentful-paint'].displayValue,
      tbt: a['total-blocking-time'].displayValue,
      cls: a['cumulative-layout-shift'].displayValue,
      finalUrl: lhr.finalDisplayedUrl,
      a11yIssues: failing,
    };
  } finally {
    chrome.kill();
  }
}

const server = await startServer();
let ok = true;
try {
  const token = await verifiedToken(server);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const pages = [
    { name: '/login', url: `${server.baseUrl}/login`, token: null },
    { name: '/food-log', url: `${server.baseUrl}/food-log`, token },
  ];
  console.log('JS shipped (gzip -9 of each script the page loads):');
  for (const p of pages) {
    const w = await jsWeight(browser, p.url, p.token, server.baseUrl);
    p.js = w;
    console.log(`  ${p.name.padEnd(10)} ${(w.gzip / 1024).toFixed(1)} KB gzip (${(w.raw / 1024).toFixed(1)} KB raw) in ${w.files.length} files`);
    if (process.env.VERBOSE) for (const f of w.files.sort((a, b) => b.gzip - a.gzip)) console.log(`      ${(f.gzip / 1024).toFixed(1).padStart(7)} KB  ${f.url}`);
  }
  await browser.close();
  if (pages[0].js.gzip / 1024 >= TARGET.firstPageKb) ok = false;

  console.log('Lighthouse 12, mobile (simulated throttling):');
  for (const p of pages) {
    const r = await lighthouseRun(p.url, p.token, server.baseUrl);
    console.log(`  ${p.name.padEnd(10)} performance ${r.performance}, accessibility ${r.accessibility} (FCP ${r.fcp}, LCP ${r.lcp}, TBT ${r.tbt}, CLS ${r.cls}) → ${r.finalUrl.replace(server.baseUrl, '')}`);
    if (r.a11yIssues.length) console.log(`      accessibility audits not passed: ${r.a11yIssues.join(', ')}`);
    if (r.performance < TARGET.performance || r.accessibility < TARGET.accessibility) ok = false;
  }
  console.log(`Targets: first page < ${TARGET.firstPageKb} KB gzip, performance ≥ ${TARGET.performance}, accessibility ≥ ${TARGET.accessibility}: ${ok ? 'met' : 'NOT met'}`);
} finally {
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
