#!/usr/bin/env node
/**
 * `node apps/web/bench/profile.mjs [/dashboard,/food-log]`: where a signed-in page's main-thread time
 * goes on a slow phone, with numbers instead of guesses. Runs the built product (run `npm run build -w
 * apps/web` first; PROFILE_UNMINIFIED=1 builds without minification so function names are readable) as
 * bench/web.bench.mjs does (fresh data folder, a verified user with two foods logged today and a favorite),
 * loads each page in Chromium at 390×844 under 4× CPU throttling (CDP Emulation.setCPUThrottlingRate) and
 * records a trace (long tasks, paints) and a V8 CPU profile at the same time. Prints per page:
 *  - first contentful paint, the last largest-contentful-paint candidate (and its element), both from
 *    navigation start, and the blocking time after FCP (Σ max(0, task − 50 ms), observed, not simulated);
 *  - with PROFILE_THROTTLE=1 (no throttling), the blocking time from the tasks' thread time, Σ max(0, 4 × CPU − 50 ms)
 *    after FCP, as Lighthouse simulates a 4× slower phone: steady under other load, unlike wall time;
 *  - every main-thread task over 50 ms: when, how long, and the functions with the most self time in it;
 *  - the CPU profile's totals: self time per script and per function, and the inclusive time of React
 *    components (capitalised names), emotion/MUI style work and layout (forced reflows included).
 * PROFILE_SIGNED_OUT=1 loads the pages as a visitor (no token): the pre-rendered public pages' hydration.
 * PROFILE_EVENTS=1 lists each long task's trace events by name (parsing, style, compile...).
 * PROFILE_SAVE=<dir> also writes each run's raw .cpuprofile there.
 * PROFILE_RUNS=n repeats each page and prints the median of the totals. Observed times under throttling on a
 * shared machine move with the load average (printed): compare the profile totals, not single tasks.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../e2e/find-browser.mjs';
import { startServer, verifiedToken } from './bench-server.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const PAGES = (process.argv[2] ?? '/dashboard,/food-log').split(',');
const RUNS = Math.max(1, Number(process.env.PROFILE_RUNS ?? 1));
/** PROFILE_THROTTLE=1: no CPU throttling; then the thread-time blocking time (4 × each task's CPU) is the number to compare. */
const THROTTLE = Math.max(1, Number(process.env.PROFILE_THROTTLE ?? 4));
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

if (process.env.PROFILE_UNMINIFIED) {
  const r = spawnSync('npx', ['vite', 'build', '--minify', 'false'], { cwd: join(ROOT, 'apps/web'), stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}

const STYLE = /^(serializeStyles|handleInterpolation|createStringFromObject|styleFunctionSx|insertStyles|insert|compile|serialize|stringify|prefixer|murmur2|processStyleArg|resolveProps|createStyled|getThemeProps|unstable_createStyleFunctionSx|insertWithoutScoping|registerStyles|useInsertionEffect|cssVarsParser|prepareCssVars|createTheme|createThemeWithVars|createThemeNoVars|extendTheme|generateStyleSheets|generateThemeVars)$/;
const LAYOUT = /^\((program|garbage collector|idle)\)$/;

/** One page load under 4× CPU throttling: trace + CPU profile, summarised. */
async function profilePage(browser, baseUrl, token, path) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, deviceScaleFactor: 2 });
  const page = await ctx.newPage();
  await page.goto(`${baseUrl}/team`, { waitUntil: 'networkidle' });
  // PROFILE_SIGNED_OUT=1: a visitor (the public pages, pre-rendered and hydrated).
  if (!process.env.PROFILE_SIGNED_OUT) await page.evaluate((t) => localStorage.setItem('token', t), token);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline', 'loading', 'blink.user_timing', 'disabled-by-default-devtools.timeline', 'v8.execute'] },
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.start');
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  // The page's own content (not the boot shell or a skeleton), then whatever runs after it.
  await page.locator('main h1').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2500);
  const { profile } = await cdp.send('Profiler.stop');
  // PROFILE_SAVE=<dir>: the raw V8 CPU profile too (open it in Chrome DevTools' Performance panel).
  if (process.env.PROFILE_SAVE) writeFileSync(join(process.env.PROFILE_SAVE, `${path.replace(/\W+/g, '_') || 'root'}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end');
  await done;
  await ctx.close();
  return summarise(events, profile);
}

function summarise(events, profile) {
  const nav = events.filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args?.data?.documentLoaderURL?.startsWith('http')).at(-1);
  const t0 = nav?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.ts >= t0);
  const lcps = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.ts >= t0);
  const lcp = lcps.at(-1);
  const mainPid = nav?.pid;
  const mainTid = nav?.tid;
  const tasks = events
    .filter((e) => (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.ph === 'X' && e.pid === mainPid && e.tid === mainTid && e.ts >= t0)
    .map((e) => ({ start: (e.ts - t0) / 1000, dur: e.dur / 1000, cpu: (e.tdur ?? e.dur) / 1000 }))
    .sort((a, b) => a.start - b.start);
  const fcpMs = fcp ? (fcp.ts - t0) / 1000 : NaN;
  const long = tasks.filter((t) => t.dur > 50);
  const tbt = long.filter((t) => t.start + t.dur > fcpMs).reduce((a, t) => a + Math.max(0, Math.min(t.dur, t.start + t.dur - fcpMs) - 50), 0);
  // The same from the tasks' thread time (CPU the main thread used, not wall time), scaled to a 4× slower
  // phone as Lighthouse's simulation does. CDP's throttling counts as thread time, so it is meaningful with
  // PROFILE_THROTTLE=1; unlike wall time it barely moves when other processes load the machine.
  const afterFcp = tasks.filter((t) => t.start + t.dur > fcpMs);
  const cpuTbt = afterFcp.reduce((a, t) => a + Math.max(0, (4 / THROTTLE) * t.cpu - 50), 0);
  const cpuAfterFcp = afterFcp.reduce((a, t) => a + t.cpu, 0);
  const layouts = events.filter((e) => e.name === 'Layout' && e.ph === 'X' && e.pid === mainPid && e.ts >= t0);
  const styles = events.filter((e) => (e.name === 'UpdateLayoutTree' || e.name === 'RecalculateStyles') && e.ph === 'X' && e.pid === mainPid && e.ts >= t0);
  const paints = events.filter((e) => e.name === 'Paint' && e.pid === mainPid && e.ts >= t0);

  // CPU profile: self time per node, inclusive time per function.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  const sampleTimes = [];
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    sampleTimes.push(t);
  }
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = i + 1 < sampleTimes.length ? (sampleTimes[i + 1] - sampleTimes[i]) / 1000 : 0;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
  }
  const key = (n) => `${n.callFrame.functionName || '(anonymous)'} ${basename(n.callFrame.url || '') || ''}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ''}`;
  const selfByFn = new Map();
  const selfByUrl = new Map();
  const inclusive = new Map(); // function key -> ms, counted once per sample however deep the recursion
  const categories = { components: new Map(), style: 0, total: 0 };
  for (const [id, ms] of self) {
    const n = byId.get(id);
    const k = key(n);
    selfByFn.set(k, (selfByFn.get(k) ?? 0) + ms);
    const u = n.callFrame.url ? basename(n.callFrame.url) : n.callFrame.functionName;
    selfByUrl.set(u, (selfByUrl.get(u) ?? 0) + ms);
    if (n.callFrame.functionName !== '(idle)') categories.total += ms;
    const seen = new Set();
    let style = false;
    for (let p = id; p !== undefined; p = parent.get(p)) {
      const pn = byId.get(p);
      const pk = key(pn);
      if (!seen.has(pk)) {
        seen.add(pk);
        inclusive.set(pk, (inclusive.get(pk) ?? 0) + ms);
      }
      if (STYLE.test(pn.callFrame.functionName)) style = true;
    }
    if (style) categories.style += ms;
  }
  // React components: capitalised function names in app or library code.
  for (const [k, ms] of inclusive) if (/^[A-Z][A-Za-z0-9]*\d* /.test(k) && !/^(Object|Array|Promise|Function|Map|Set|Date|String|Number|JSON|Error|Reflect|Symbol) /.test(k)) categories.components.set(k, ms);

  // Per long task: top self-time functions inside it.
  // Listed: the tasks that block on a 4× slower phone (over 12.5 ms unthrottled).
  const perTask = tasks.filter((t) => t.dur > (50 * THROTTLE) / 4).map((task) => {
    const from = t0 + task.start * 1000;
    const to = from + task.dur * 1000;
    const m = new Map();
    for (let i = 0; i < profile.samples.length; i++) {
      if (sampleTimes[i] < from || sampleTimes[i] > to) continue;
      const dt = i + 1 < sampleTimes.length ? (sampleTimes[i + 1] - sampleTimes[i]) / 1000 : 0;
      // attribute to the nearest named app/library frame
      let n = byId.get(profile.samples[i]);
      const k = key(n);
      m.set(k, (m.get(k) ?? 0) + dt);
    }
    // and the deepest "component" on the stack per sample
    const comps = new Map();
    for (let i = 0; i < profile.samples.length; i++) {
      if (sampleTimes[i] < from || sampleTimes[i] > to) continue;
      const dt = i + 1 < sampleTimes.length ? (sampleTimes[i + 1] - sampleTimes[i]) / 1000 : 0;
      for (let p = profile.samples[i]; p !== undefined; p = parent.get(p)) {
        const fn = byId.get(p).callFrame.functionName;
        if (/^(performWorkOnRoot|performSyncWorkOnRoot|commitRoot|commitRootImpl|flushPassiveEffects|renderRootSync|renderRootConcurrent|workLoopConcurrentByScheduler|workLoopSync|hydrateRoot|evaluate|moduleEvaluation|\(program\)|\(garbage collector\)|layout|forceLayout|recalcStyle|commitMutationEffectsOnFiber|commitLayoutEffects|commitPassiveMountOnFiber|flushSyncWorkAcrossRoots_impl|dispatchDiscreteEvent|processRootScheduleInMicrotask|performWorkUntilDeadline|insertRule|getBoundingClientRect)$/.test(fn)) {
          comps.set(fn, (comps.get(fn) ?? 0) + dt);
          break;
        }
      }
    }
    // what the task was doing: the two outermost JS frames of each sample (module evaluation, a React
    // work loop, an event handler...)
    const outer = new Map();
    for (let i = 0; i < profile.samples.length; i++) {
      if (sampleTimes[i] < from || sampleTimes[i] > to) continue;
      const dt = i + 1 < sampleTimes.length ? (sampleTimes[i + 1] - sampleTimes[i]) / 1000 : 0;
      const chain = [];
      for (let p = profile.samples[i]; p !== undefined; p = parent.get(p)) chain.push(key(byId.get(p)));
      const k = chain.slice(-4, -1).reverse().join(' > ');
      outer.set(k, (outer.get(k) ?? 0) + dt);
    }
    // React components rendered in the task (inclusive time of capitalised frames, app code only)
    const rendered = new Map();
    for (let i = 0; i < profile.samples.length; i++) {
      if (sampleTimes[i] < from || sampleTimes[i] > to) continue;
      const dt = i + 1 < sampleTimes.length ? (sampleTimes[i + 1] - sampleTimes[i]) / 1000 : 0;
      const seenHere = new Set();
      for (let p = profile.samples[i]; p !== undefined; p = parent.get(p)) {
        const n = byId.get(p);
        if (!/^[A-Z]/.test(n.callFrame.functionName) || !n.callFrame.url) continue;
        const k = n.callFrame.functionName;
        if (seenHere.has(k)) continue;
        seenHere.add(k);
        rendered.set(k, (rendered.get(k) ?? 0) + dt);
      }
    }
    // PROFILE_EVENTS=1: the trace events inside the task, summed by name (HTML parsing, style, compile...).
    const inside = new Map();
    if (process.env.PROFILE_EVENTS) {
      for (const e of events) {
        if (e.ph !== 'X' || e.pid !== mainPid || e.tid !== mainTid || e.ts < from || e.ts + (e.dur ?? 0) > to || e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') continue;
        inside.set(e.name, (inside.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
      }
    }
    return { ...task, events: [...inside].sort((a, b) => b[1] - a[1]).slice(0, 8), rendered: [...rendered].sort((a, b) => b[1] - a[1]).slice(0, 10), outer: [...outer].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_OUTER ?? 5)), top: [...m].sort((a, b) => b[1] - a[1]).slice(0, 6), phases: [...comps].sort((a, b) => b[1] - a[1]).slice(0, 5) };
  });
  return {
    fcpMs,
    lcpMs: lcp ? (lcp.ts - t0) / 1000 : NaN,
    lcpNode: lcp?.args?.data?.nodeId,
    lcpSize: lcp?.args?.data?.size,
    lcpType: lcp?.args?.data?.type,
    tbt,
    cpuTbt,
    cpuAfterFcp,
    long: perTask,
    tasksTotal: tasks.reduce((a, t) => a + t.dur, 0),
    layoutMs: layouts.reduce((a, e) => a + e.dur / 1000, 0),
    layoutCount: layouts.length,
    styleMs: styles.reduce((a, e) => a + e.dur / 1000, 0),
    paintCount: paints.length,
    cpu: categories.total,
    styleCpu: categories.style,
    selfByUrl: [...selfByUrl].sort((a, b) => b[1] - a[1]).slice(0, 12),
    selfByFn: [...selfByFn].sort((a, b) => b[1] - a[1]).slice(0, 30),
    components: [...categories.components].sort((a, b) => b[1] - a[1]).slice(0, 40),
    inclusive,
    callers: process.env.PROFILE_CALLERS ? callersOf(new RegExp(process.env.PROFILE_CALLERS), self, byId, parent, key) : [],
  };
}

/** PROFILE_CALLERS=regex: the stacks (6 frames up) under which matching functions spent their self time. */
function callersOf(re, self, byId, parent, key) {
  const stacks = new Map();
  for (const [id, ms] of self) {
    if (!re.test(byId.get(id).callFrame.functionName)) continue;
    const frames = [];
    for (let p = id, i = 0; p !== undefined && i < 10; p = parent.get(p), i++) frames.push(key(byId.get(p)));
    const k = frames.join(' < ');
    stacks.set(k, (stacks.get(k) ?? 0) + ms);
  }
  return [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 12);
}

const ms = (n) => (Number.isFinite(n) ? n.toFixed(0).padStart(5) : '  n/a');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await startServer({ build: false, prefix: 'profile-web-' });
try {
  const token = await verifiedToken(server, 'profile');
  const browser = await chromium.launch({ executablePath: (await findChromium()).path, args: CHROMIUM_ARGS });
  for (const path of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const before = load();
      const r = await profilePage(browser, server.baseUrl, token, path);
      r.load = `${before} → ${load()}`;
      runs.push(r);
    }
    const last = runs[runs.length - 1];
    console.log(`\n=== ${path} (${RUNS} run${RUNS > 1 ? 's' : ''}, ${THROTTLE}× CPU throttle, load ${runs.map((r) => r.load).join('; ')})`);
    for (const r of runs) console.log(`  FCP ${ms(r.fcpMs)} ms  LCP ${ms(r.lcpMs)} ms (${r.lcpType ?? '?'}, ${r.lcpSize ?? '?'} px²)  observed TBT ${ms(r.tbt)} ms  thread-time TBT ${ms(r.cpuTbt)} ms (CPU after FCP ${ms(r.cpuAfterFcp)} ms)  main-thread tasks ${ms(r.tasksTotal)} ms  busy CPU (profile, idle excluded) ${ms(r.cpu)} ms  style (emotion/MUI) ${ms(r.styleCpu)} ms  layout ${ms(r.layoutMs)} ms in ${r.layoutCount}  recalc style ${ms(r.styleMs)} ms`);
    console.log(`  median of each: busy CPU ${ms(median(runs.map((r) => r.cpu)))} ms, style ${ms(median(runs.map((r) => r.styleCpu)))} ms, TBT ${ms(median(runs.map((r) => r.tbt)))} ms, thread-time TBT ${ms(median(runs.map((r) => r.cpuTbt)))} ms, CPU after FCP ${ms(median(runs.map((r) => r.cpuAfterFcp)))} ms, FCP ${ms(median(runs.map((r) => r.fcpMs)))} ms, LCP ${ms(median(runs.map((r) => r.lcpMs)))} ms`);
    console.log('  long tasks (last run):');
    for (const t of last.long) {
      console.log(`   @${ms(t.start)} ms  ${ms(t.dur)} ms   phases: ${t.phases.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`);
      for (const [k, v] of t.outer) console.log(`        ${v.toFixed(0).padStart(4)} ms in ${k}`);
      if (t.events.length) console.log(`        trace events: ${t.events.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`);
      if (t.rendered.length) console.log(`        components: ${t.rendered.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`);
      console.log(`        self: ${t.top.map(([k, v]) => `${k.split(' ')[0]}(${k.split(' ')[1] ?? ''}) ${v.toFixed(0)}`).join(', ')}`);
    }
    console.log('  self time by script:');
    for (const [k, v] of last.selfByUrl) console.log(`   ${ms(v)} ms  ${k}`);
    console.log('  self time by function:');
    for (const [k, v] of last.selfByFn) console.log(`   ${ms(v)} ms  ${k}`);
    console.log('  components, inclusive (their own render, not their children):');
    for (const [k, v] of last.components) console.log(`   ${ms(v)} ms  ${k}`);
    for (const [k, v] of last.callers) console.log(`   caller stack ${ms(v)} ms  ${k}`);
    if (process.env.PROFILE_FN) {
      const re = new RegExp(process.env.PROFILE_FN);
      console.log(`  inclusive time of functions matching ${re}:`);
      for (const [k, v] of [...last.inclusive].filter(([k]) => re.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`   ${ms(v)} ms  ${k}`);
    }
  }
  await browser.close();
} finally {
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
}
