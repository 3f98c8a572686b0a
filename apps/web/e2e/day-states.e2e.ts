/**
 * Issue 42 §6 and §7: a day marked partial from the food log is left out, and every insights screen says so; the
 * trend weight is one number on the dashboard and the Health page (and the Assessment). SHOTS_DIR=… saves
 * screenshots at 390 and 1280 px, light and dark.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { format, subDays } from 'date-fns';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, launchBrowser, newContext, openSignedIn, registerVerifiedUser, startServer, DESKTOP, MOBILE, type Server, type TestUser } from './harness';

const ADMIN = { email: 'admin.days@example.com', password: 'Tulip-Granite-Mosaic-77' };
let server: Server;
let browser: Browser;
let user: TestUser;
const day = (i: number) => format(subDays(new Date(), i), 'yyyy-MM-dd');
const SHOTS = process.env.SHOTS_DIR;
const MARKED = 5; // 1,400 kcal: not far enough below the usual day to be inferred; the user marks it
const INFERRED = 2; // breakfast only, 400 kcal: inferred partial

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  browser = await launchBrowser();
  user = await registerVerifiedUser(server);
  const admin = await apiCall(server, 'POST', '/auth/login', ADMIN);
  expect((await apiCall(server, 'PUT', `/admin/users/${user.user.id}`, { grant: { tier: 'pro', ends_at: null } }, admin.json.access_token)).status).toBe(200);
  expect((await apiCall(server, 'PUT', '/user-settings', { daily_calorie_goal: 2200 }, user.token)).status).toBe(200);
  const entries = [];
  for (let i = 1; i <= 14; i++) {
    const m = (meal_type: string, food_name: string, calories: number) => ({ food_name, calories, protein: calories / 20, carbs: calories / 8, fat: calories / 30, meal_type, date: day(i) });
    if (i === INFERRED) entries.push(m('breakfast', 'Porridge', 400));
    else if (i === MARKED) entries.push(m('breakfast', 'Porridge', 600), m('lunch', 'Chicken salad', 800));
    else entries.push(m('breakfast', 'Porridge', 500), m('lunch', 'Chicken salad', 700), m('dinner', 'Salmon and rice', 800 + (i % 4) * 100));
  }
  expect((await apiCall(server, 'POST', '/food-logs/batch', entries, user.token)).status).toBe(201);
  for (let i = 12; i >= 0; i--) expect((await apiCall(server, 'POST', '/health-metrics/weight', { weight_kg: Math.round((86 - 0.08 * (12 - i) + ((i * 3) % 5) * 0.15) * 10) / 10, date: day(i) }, user.token)).status).toBe(201);
}, 400_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

describe('day states and one trend (issue 42 §6, §7)', () => {
  test('mark a day partial from the food log; the Analysis, Pro insights and the Assessment say 2 partial days were left out', async () => {
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, `/food-log?date=${day(MARKED)}`);
    const state = page.getByTestId('day-state');
    await state.getByText('Counts as a complete day in your averages.').waitFor();
    await state.getByRole('button', { name: 'Mark as partial' }).click();
    await page.locator('[data-testid="day-state"][data-state="partial"]').getByText('Partial day: left out of your averages, patterns and estimates.').waitFor();
    await state.getByRole('button', { name: 'Complete this day' }).waitFor();
    // The breakfast-only day is inferred partial, and one tap would count it.
    await page.goto(`${server.baseUrl}/food-log?date=${day(INFERRED)}`);
    await page.getByTestId('day-state').getByText(/Looks partial/).waitFor();
    await page.getByTestId('day-state').getByRole('button', { name: 'Complete this day' }).waitFor();

    const note = /^2 partial days left out: averages, patterns and estimates count complete days only\./;
    await page.goto(`${server.baseUrl}/insights`);
    await page.getByTestId('partial-note').getByText(note).waitFor();
    // The averages are the complete days': 4 of the 6 logged in the last 7 (today is empty).
    await page.getByText(/6 of 7 days logged; [\d,]+ kcal a day on average on 4 complete days \(2 partial left out\)/).waitFor();
    await page.goto(`${server.baseUrl}/pro-insights`);
    await page.getByTestId('partial-note').getByText(note).waitFor();
    await page.goto(`${server.baseUrl}/assessment`);
    await page.getByTestId('partial-note').getByText(note).waitFor();
    await ctx.close();
  });

  test('the trend weight is the same number on the dashboard, the Health page and the Assessment; the chart draws it over the weigh-ins', async () => {
    const api = (await apiCall(server, 'GET', `/insights/weight-trend?start_date=${day(89)}&end_date=${day(0)}`, undefined, user.token)).json;
    const trend = `Trend ${api.latest.trend_kg.toLocaleString('en-US', { maximumFractionDigits: 1 })} kg`;
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/dashboard');
    const dash = page.getByTestId('dash-weight-text');
    await dash.scrollIntoViewIfNeeded();
    await dash.getByText(trend).waitFor();
    const dashText = (await dash.textContent())!;
    expect(dashText).toMatch(/ · -?[\d.]+ kg since /);

    await page.goto(`${server.baseUrl}/health`);
    const health = page.getByTestId('health-weight-trend');
    await health.getByText(trend).waitFor();
    // The same words up to the weekly rate: trend, its day and the change since the range's first weigh-in.
    expect((await health.textContent())!.startsWith(dashText)).toBe(true);
    // Two lines on the chart: the weigh-ins and the trend.
    await page.locator('.MuiLineChart-line[data-series="trend"]').waitFor();
    await page.locator('.MuiLineChart-line[data-series="weight"]').waitFor();

    await page.goto(`${server.baseUrl}/assessment`);
    await page.getByTestId('assessment-weight-trend').getByText(trend).waitFor();
    await ctx.close();
  });

  test('screenshots at 390 and 1280 px, light and dark', async () => {
    if (!SHOTS) return;
    for (const [vp, w] of [[MOBILE, 390], [DESKTOP, 1280]] as const)
      for (const scheme of ['light', 'dark'] as const) {
        const ctx = await newContext(browser, vp, scheme);
        const page = await ctx.newPage();
        await openSignedIn(page, server, user.token, `/food-log?date=${day(INFERRED)}`);
        await page.getByTestId('day-state').waitFor();
        await shot(page, `food-log-day-state-${w}-${scheme}`);
        await page.goto(`${server.baseUrl}/insights`);
        await page.getByTestId('partial-note').waitFor();
        await page.getByText('Meal timing').first().waitFor();
        await shot(page, `insights-${w}-${scheme}`);
        await page.goto(`${server.baseUrl}/pro-insights`);
        await page.getByTestId('partial-note').waitFor();
        await shot(page, `pro-insights-${w}-${scheme}`);
        await page.goto(`${server.baseUrl}/assessment`);
        await page.getByTestId('assessment-weight-trend').waitFor();
        await shot(page, `assessment-${w}-${scheme}`);
        await page.goto(`${server.baseUrl}/health`);
        await page.locator('.MuiLineChart-line[data-series="trend"]').waitFor();
        await page.waitForTimeout(600);
        await shot(page, `health-${w}-${scheme}`);
        await page.goto(`${server.baseUrl}/dashboard`);
        await page.getByTestId('dash-weight-text').scrollIntoViewIfNeeded();
        await page.getByTestId('dash-weight-text').waitFor();
        await page.waitForTimeout(600);
        await shot(page, `dashboard-${w}-${scheme}`);
        await ctx.close();
      }
  }, 400_000);
});
