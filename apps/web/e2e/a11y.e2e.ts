import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, DESKTOP, launchBrowser, MOBILE, newContext, openSignedIn, registerVerifiedUser, startServer, type Server } from './harness';

/**
 * Every screen, checked by axe-core (Deque's accessibility engine, the one Lighthouse runs) against WCAG 2.1 A and
 * AA: labelled inputs, named buttons and links, contrast, landmarks, headings, ARIA. Lighthouse sees five pages;
 * this sees all of them, signed out, as a basic user (the locked screens) and as a Premium superuser (the
 * unlocked ones and the admin console), on a phone in the light theme and on a desktop in the dark one.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const ADMIN = { email: 'a11y-root@example.com', password: 'Quartz-Lantern-Meadow-58' };

const PUBLIC = ['/', '/login', '/register', '/request-password-reset', '/reset-password', '/privacy-policy', '/terms-of-service', '/eula', '/team', '/science'];
const SIGNED_IN = ['/dashboard', '/food-log', '/health', '/settings', '/assessment', '/suggestions', '/meal-plan', '/subscription', '/insights', '/pro-insights', '/recipes', '/my-recipes', '/build-recipe', '/restaurants', '/premium-features', '/healthkit-test', '/documentation', '/release-notes', '/privacy-policy'];

let server: Server;
let browser: Browser;
let basic: string;
let premium: string;
let recipePath: string;
beforeAll(async () => {
  server = await startServer({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  browser = await launchBrowser();
  basic = (await registerVerifiedUser(server)).token;
  const login = await apiCall(server, 'POST', '/auth/login', ADMIN);
  premium = login.json.access_token;
  expect((await apiCall(server, 'PUT', `/admin/users/${login.json.user.id}`, { grant: { tier: 'premium', ends_at: null } }, premium)).status).toBe(200);
  // Something on the screens: a day's log, a weigh-in, a recipe.
  const today = new Date().toISOString().slice(0, 10);
  const oats = (await apiCall(server, 'GET', '/foods/search?query=oatmeal', undefined, premium)).json.foods[0];
  for (const token of [basic, premium]) {
    expect((await apiCall(server, 'POST', '/food-logs', { food_id: oats.id, meal_type: 'breakfast', date: today }, token)).status).toBe(201);
    expect((await apiCall(server, 'POST', '/health-metrics/weight', { weight_kg: 72.5, date: today }, token)).status).toBe(201);
  }
  const recipe = await apiCall(server, 'POST', '/recipes', { title: 'Overnight oats', servings: 2, ingredients: [{ food_id: oats.id, grams: 240, original: '1 cup oatmeal' }], instructions: ['Soak overnight.'] }, premium);
  expect(recipe.status).toBe(201);
  recipePath = `/recipe/${recipe.json.id}`;
}, 400_000); // the first start may build the web app and seed the food database
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/** axe's WCAG 2.1 A/AA rules on the page as it stands, once its requests have settled (500 ms without one: MUI's fades take 225). */
async function audit(page: Page, path: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  // Loading spinners gone (goal bars are progress bars too, and stay; so do the skeletons that hold the place of a
  // chart below the fold until it is scrolled to).
  await page.locator('.MuiCircularProgress-root').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(AXE_SOURCE); // through the DevTools protocol: the app's CSP (rightly) refuses an inline script
  const violations = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe
      .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
      .then((r) => r.violations),
  )) as Violation[];
  return violations.map((v) => {
    const first = v.nodes[0];
    const why = first ? ` (${v.nodes.length}×; first: ${first.html.slice(0, 160)} ${first.failureSummary?.replace(/\s+/g, ' ').slice(0, 200) ?? ''})` : '';
    return `${path}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')}${why}`;
  });
}

/** A phone in the light theme (the bottom bar) and a desktop in the dark one (the side navigation). */
const BOTH = [[MOBILE, 'light'], [DESKTOP, 'dark']] as const;

/** Each route at each viewport and theme; signed in through the stored token, set once per browser context. */
async function auditAll(token: string | null, routes: string[], combos: readonly (readonly [{ width: number; height: number }, 'light' | 'dark'])[] = BOTH): Promise<string[]> {
  const found: string[] = [];
  for (const [viewport, scheme] of combos) {
    const ctx = await newContext(browser, viewport, scheme);
    const page = await ctx.newPage();
    if (token) await openSignedIn(page, server, token, routes[0]);
    for (const path of routes) {
      if (!token || path !== routes[0]) await page.goto(server.baseUrl + path);
      const t0 = Date.now();
      for (const v of await audit(page, path)) found.push(`${viewport.width}px ${scheme} ${v}`);
      if (process.env.A11Y_TIMES) console.log(`TIME ${viewport.width} ${path} ${Date.now() - t0} ms`);
    }
    await ctx.close();
  }
  return found;
}

describe('every screen passes axe-core (WCAG 2.1 A and AA)', () => {
  test('signed out: the public pages', async () => {
    expect(await auditAll(null, PUBLIC)).toEqual([]);
  }, 300_000);

  test('a basic user: every screen, the locked ones included (on a phone)', async () => {
    expect(await auditAll(basic, SIGNED_IN, [[MOBILE, 'light']])).toEqual([]);
  }, 300_000);

  test('a Premium superuser: the unlocked screens, a recipe and the admin console', async () => {
    expect(await auditAll(premium, [...SIGNED_IN, recipePath, '/admin'])).toEqual([]);
  }, 300_000);
});
