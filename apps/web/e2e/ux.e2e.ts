/**
 * What a new user saw (issue 10): the meals grid, "today" in the settings time zone, toasts with Undo,
 * the one-tap Food tab, keyboard paths and logging a plan day. With SHOTS_DIR set, the last test also
 * keeps screenshots of the main screens at 390 and 1280 px in both themes for a human to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, DESKTOP, MOBILE, newContext, openSignedIn, poll, registerVerifiedUser, useProduct, type Server, type TestUser } from './harness';

let server: Server;
let browser: Browser;
useProduct((s, b) => {
  server = s;
  browser = b;
});

const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

async function logManual(user: TestUser, food_name: string, meal_type: string, date: string, calories = 100) {
  const r = await apiCall(server, 'POST', '/food-logs', { food_name, serving_description: 'slice', number_of_servings: 2, calories, protein: 5, carbohydrates: 10, fat: 3, meal_type, date }, user.token);
  expect(r.status, JSON.stringify(r.json)).toBeLessThan(300);
  return r.json;
}

const LONG = ['Fish, salmon, pink, canned, drained solids with bone', 'Bread, whole-wheat, commercially prepared, toasted', 'Yogurt, Greek, plain, nonfat, with honey'];

describe('issue 10: the screens as a product', () => {
  test('item 5: a new account takes the browser time zone, and "today" is that zone\'s day', async () => {
    const user = await registerVerifiedUser(server);
    const zone = 'Pacific/Kiritimati'; // UTC+14: its day differs from UTC's for 14 hours of every 24
    const day = todayIn(zone);
    await logManual(user, 'Kiritimati breakfast', 'breakfast', day);
    const ctx = await browser.newContext({ viewport: DESKTOP, timezoneId: zone, locale: 'en-GB' });
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/dashboard');
    await poll(async () => (await apiCall(server, 'GET', '/user-settings', undefined, user.token)).json.timezone).toBe(zone);
    // The dashboard shows the settings zone's day and what was logged on it.
    await page.getByTestId('dash-meal-breakfast').getByText('Kiritimati breakfast').waitFor();
    const expected = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(`${day}T12:00:00Z`));
    await page.getByText(expected, { exact: true }).waitFor();
    // A user who then chooses UTC keeps it: the browser's zone is taken once, not forced.
    expect((await apiCall(server, 'PUT', '/user-settings', { timezone: 'UTC' }, user.token)).status).toBe(200);
    await page.reload();
    await page.getByTestId('dash-meal-breakfast').waitFor();
    await page.waitForTimeout(1500);
    expect((await apiCall(server, 'GET', '/user-settings', undefined, user.token)).json.timezone).toBe('UTC');
    await ctx.close();
  });

  test('item 1: all four meals show on desktop and phone, long names end in an ellipsis', async () => {
    const user = await registerVerifiedUser(server);
    const day = todayIn('UTC');
    for (const meal of ['breakfast', 'lunch', 'dinner', 'snack']) for (const name of LONG) await logManual(user, name, meal, day);
    for (const viewport of [DESKTOP, MOBILE]) {
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      await openSignedIn(page, server, user.token, '/dashboard');
      const card = page.getByRole('region', { name: 'Meals' });
      await card.getByTestId('dash-meal-snack').waitFor();
      const box = (await card.boundingBox())!;
      for (const meal of ['breakfast', 'lunch', 'dinner', 'snack']) {
        const tile = card.getByTestId(`dash-meal-${meal}`);
        const t = (await tile.boundingBox())!;
        expect(t.x, `${meal} at ${viewport.width}`).toBeGreaterThanOrEqual(box.x);
        expect(t.x + t.width, `${meal} at ${viewport.width}`).toBeLessThanOrEqual(box.x + box.width + 0.5);
        const line = tile.locator('p[title]');
        expect(await line.getAttribute('title')).toBe(LONG.join(' · '));
        const cut = await line.evaluate((el) => ({ over: el.scrollWidth > el.clientWidth, ellipsis: getComputedStyle(el).textOverflow }));
        expect(cut).toEqual({ over: true, ellipsis: 'ellipsis' });
      }
      await ctx.close();
    }
  });

  test('item 7: the latest toast wins, delete offers Undo and keeps keyboard focus in the meal', async () => {
    const user = await registerVerifiedUser(server);
    const day = todayIn('UTC');
    await logManual(user, 'Apple', 'snack', day, 95);
    await logManual(user, 'Banana', 'snack', day, 105);
    await logManual(user, 'Cracker', 'snack', day, 40);
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/food-log');
    const snack = page.getByTestId('meal-snack');
    await snack.getByRole('button', { name: 'Delete Apple' }).click();
    await page.getByRole('alert').filter({ hasText: 'Deleted Apple' }).waitFor();
    // Focus moved to the next entry's delete button, not to the page body.
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Delete Banana');
    await page.keyboard.press('Enter');
    // The newer message replaces the older one at once.
    await page.getByRole('alert').filter({ hasText: 'Deleted Banana' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Deleted Apple' }).count()).toBe(0);
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Delete Cracker');
    await page.getByRole('alert').getByRole('button', { name: 'Undo' }).click();
    await snack.getByText('Banana', { exact: true }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Restored Banana' }).waitFor();
    const summary = await apiCall(server, 'GET', `/food-logs/daily-summary/${day}`, undefined, user.token);
    expect(summary.json.meals.snack.foods.map((f: { food_name: string }) => f.food_name).sort()).toEqual(['Banana', 'Cracker']);
    // The last entry gone: focus lands on "Add to Snacks".
    await snack.getByRole('button', { name: 'Delete Cracker' }).click();
    await snack.getByRole('button', { name: 'Delete Banana' }).click();
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Add to Snacks');
    await ctx.close();
  });

  test('item 11: on a phone the Food tab opens the food log in one tap while it is the only food page, else a menu with the food log first', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/dashboard');
    const bar = page.getByRole('navigation', { name: 'Main' });
    await bar.waitFor();
    if ((await bar.getByRole('link', { name: 'Food' }).count()) === 1) {
      await bar.getByRole('link', { name: 'Food' }).click();
      await page.waitForURL(/\/food-log$/);
      expect(await page.getByRole('menu').count()).toBe(0);
    } else {
      await bar.getByRole('button', { name: 'Food' }).click();
      // The menu's code loads on the first tap.
      await page.getByRole('menu', { name: 'Food pages' }).waitFor();
      const links = page.getByRole('menu', { name: 'Food pages' }).getByRole('link');
      expect((await links.allTextContents()).length).toBeGreaterThan(1);
      await links.first().click();
      await page.waitForURL(/\/food-log$/);
    }
    await poll(() => bar.locator('.Mui-selected').first().textContent()).toBe('Food');
    await ctx.close();
  });

  test('item 12 and 4: skip link, arrow keys into the search results, a visible focus ring, placeholders that find foods', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/food-log');
    const search = page.getByRole('searchbox', { name: 'Search foods' });
    await search.waitFor();
    const placeholder = (await search.getAttribute('placeholder'))!;
    for (const q of placeholder.replace(/^e\.g\.\s*/, '').split(',').map((s) => s.trim())) {
      const r = await apiCall(server, 'GET', `/foods/search?query=${encodeURIComponent(q)}&page=1&page_size=5`, undefined, user.token);
      expect(r.json.total, `placeholder example "${q}" finds foods`).toBeGreaterThan(0);
    }
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    // From the main region the search box is a few Tabs away (past the day switcher), not 24.
    let tabs = 0;
    while (!(await search.evaluate((el) => el === document.activeElement)) && tabs < 12) {
      await page.keyboard.press('Tab');
      tabs++;
    }
    console.log(`Tab presses from the skip link's target to the food search: ${tabs}`);
    expect(tabs).toBeLessThan(12);
    await page.keyboard.type('banana');
    const results = page.getByRole('listbox', { name: 'Search results' });
    await results.getByRole('option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    const first = results.getByRole('option').first();
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
    const ring = await first.evaluate((el) => getComputedStyle(el).outlineStyle + ' ' + getComputedStyle(el).outlineWidth);
    expect(ring).toBe('solid 3px');
    await page.keyboard.press('ArrowDown');
    expect(await results.getByRole('option').nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await ctx.close();
  });

  test('item 14: a plan day is logged by meal and by day, and stays marked after a reload', async () => {
    const user = await registerVerifiedUser(server);
    const start = todayIn('UTC');
    const created = await apiCall(server, 'POST', '/meal-plans/multi-day', {
      days: 1, name: 'Log me', alternatives_enabled: false, start_date: start, plan_type: 'multi-day',
      request_data: { meal_times: {}, nutritional_goals: { calories: 2000, protein: 110, carbs: 230, fat: 70, fiber: 30 }, favorite_foods: [] },
    }, user.token);
    expect(created.status, JSON.stringify(created.json)).toBe(202);
    await expect.poll(async () => (await apiCall(server, 'GET', `/meal-plans/${created.json.id}`, undefined, user.token)).json.status, { timeout: 90_000, interval: 500 }).not.toBe('processing');
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, `/meal-plan/${created.json.id}`);
    await page.getByRole('button', { name: 'Log this breakfast of day 1' }).click();
    await page.getByLabel('Breakfast of day 1 is logged').waitFor();
    await page.reload();
    await page.getByLabel('Breakfast of day 1 is logged').waitFor();
    expect(await page.getByRole('button', { name: 'Log this breakfast of day 1' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Log this day (day 1)' }).click();
    await page.getByLabel('day 1 is logged', { exact: true }).waitFor();
    await page.reload();
    await page.getByLabel('day 1 is logged', { exact: true }).waitFor();
    const summary = await apiCall(server, 'GET', `/food-logs/daily-summary/${start}`, undefined, user.token);
    const breakfast = summary.json.meals.breakfast.foods.length;
    expect(breakfast).toBeGreaterThan(0);
    for (const m of ['lunch', 'dinner']) expect(summary.json.meals[m].foods.length, m).toBeGreaterThan(0);
    // Logging the day after one meal was logged did not log that meal twice.
    const plan = (await apiCall(server, 'GET', `/meal-plans/${created.json.id}`, undefined, user.token)).json;
    const planDay = (plan.plan_days ?? plan.result?.daily_plans)[0];
    expect(breakfast).toBe(planDay.meals.breakfast.foods.length);
    await ctx.close();
  });

  test('item 3: "what to eat now" skips meals already logged, offers only options that fit what is left (or says plainly that none does), and knows what was logged', async () => {
    const user = await registerVerifiedUser(server);
    await apiCall(server, 'PUT', '/user-settings', { timezone: 'UTC', daily_calorie_goal: 2000, daily_protein_goal: 100, daily_carbs_goal: 250, daily_fat_goal: 70 }, user.token);
    const day = todayIn('UTC');
    // Two servings each: 500 + 600 + 500 kcal logged, 400 kcal left.
    await logManual(user, 'Porridge', 'breakfast', day, 250);
    await logManual(user, 'Lentil soup', 'lunch', day, 300);
    await logManual(user, 'Roast chicken', 'dinner', day, 250);
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/suggestions');
    await page.getByRole('button', { name: 'Suggest options' }).click();
    // Breakfast, lunch and dinner are logged: the next meal to suggest is the snack.
    await page.getByRole('heading', { name: 'Snacks option 1' }).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('heading', { name: /^(Breakfast|Lunch|Dinner) option/ }).count()).toBe(0);
    const options = page.getByRole('article', { name: /^Option \d$/ });
    const texts = await options.allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    const nothingFits = await page.getByText(/^Nothing fits the [\d,]+ kcal left today; the closest option is shown\.$/).count();
    for (const t of texts) {
      if (t.includes('Does not fit what is left today.')) {
        // Only when nothing fits, and then it is the one closest option and the page says so.
        expect(nothingFits).toBe(1);
        expect(texts.length).toBe(1);
        expect(t).toMatch(/[\d,]+ kcal over what is left today\./);
      } else {
        expect(t).toMatch(/Leaves [\d,]+ kcal for the rest of today\.|Uses the [\d,]+ kcal left today \([\d,]+ over, within the 5 % margin\)\./);
        expect(t).not.toMatch(/kcal over what is left/);
        expect(t).not.toMatch(/-\d/);
      }
    }
    // Log option 1; asked again after a reload, the answer knows the snack is logged.
    await page.getByRole('button', { name: 'Log option 1 as snacks' }).click();
    await poll(async () => (await apiCall(server, 'GET', `/food-logs/meal-summary/${day}/snack`, undefined, user.token)).json.foods.length).toBeGreaterThan(0);
    await page.reload();
    await page.getByRole('button', { name: 'Suggest options' }).click();
    await page.getByText(/You already logged a snack today \([\d,]+ kcal\)\.|You have reached your/).first().waitFor({ timeout: 60_000 });
    await ctx.close();
  });

  test('item 8: a goal that cannot fit the calorie goal is explained under its field', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/settings');
    await page.getByLabel('Calories', { exact: true }).fill('2000');
    await page.getByLabel('Protein').fill('900');
    await page.getByRole('button', { name: 'Save goals' }).click();
    await page.getByText('Protein of 900 g alone is 3,600 kcal, more than your 2,000 kcal calorie goal. Use at most 500 g.').waitFor();
    expect((await apiCall(server, 'GET', '/user-settings', undefined, user.token)).json.daily_protein_goal).toBeNull();
    await ctx.close();
  });

  test.skipIf(!process.env.SHOTS_DIR)('screenshots of the main screens, 390 and 1280 px, light and dark', async () => {
    const dir = process.env.SHOTS_DIR!;
    mkdirSync(dir, { recursive: true });
    const user = await registerVerifiedUser(server);
    await apiCall(server, 'PUT', '/user-settings', { daily_calorie_goal: 2000, daily_protein_goal: 101, daily_carbs_goal: 248, daily_fat_goal: 67, daily_fiber_goal: 28 }, user.token);
    const day = todayIn('UTC');
    await logManual(user, 'Oatmeal', 'breakfast', day, 600);
    await logManual(user, 'Fish, salmon, pink, canned, drained solids with bone', 'dinner', day, 700);
    await logManual(user, 'Apple', 'snack', day, 95);
    const plan = await apiCall(server, 'POST', '/meal-plans/multi-day', {
      days: 2, name: 'Shots', alternatives_enabled: true, start_date: day, plan_type: 'multi-day',
      request_data: { meal_times: {}, nutritional_goals: { calories: 2000, protein: 110, carbs: 230, fat: 70, fiber: 30 }, favorite_foods: [] },
    }, user.token);
    await expect.poll(async () => (await apiCall(server, 'GET', `/meal-plans/${plan.json.id}`, undefined, user.token)).json.status, { timeout: 90_000, interval: 500 }).not.toBe('processing');
    // Each page with what shows that it has loaded (not its skeleton).
    const pages: [string, string, (p: Page) => Promise<void>][] = [
      ['dashboard', '/dashboard', (p) => p.getByTestId('dash-meal-snack').waitFor()],
      ['food-log', '/food-log', (p) => p.getByTestId('meal-snack').waitFor()],
      ['plan', `/meal-plan/${plan.json.id}`, (p) => p.getByRole('heading', { name: 'Breakfast' }).first().waitFor()],
      ['suggestions', '/suggestions', (p) => p.getByRole('heading', { level: 1 }).waitFor()],
      ['settings', '/settings', (p) => p.getByLabel('Calories', { exact: true }).waitFor()],
    ];
    for (const scheme of ['light', 'dark'] as const) {
      for (const viewport of [MOBILE, DESKTOP]) {
        const ctx = await newContext(browser, viewport, scheme);
        const page: Page = await ctx.newPage();
        for (const [name, path, ready] of pages) {
          await openSignedIn(page, server, user.token, path);
          await ready(page);
          await page.waitForTimeout(1500);
          await page.screenshot({ path: join(dir, `${name}-${viewport.width}-${scheme}.png`) });
          await page.screenshot({ path: join(dir, `${name}-${viewport.width}-${scheme}-full.png`), fullPage: true });
        }
        await ctx.close();
      }
    }
  }, 300_000);
});
