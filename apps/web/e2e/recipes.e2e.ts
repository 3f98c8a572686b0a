/**
 * Recipes end to end: the real product, allowed to fetch from a loopback "recipe site" (the API's fixture
 * pages), a Pro user (granted by the admin through the API). Import by web address, swap one ingredient's
 * food and see the per-serving calories follow, save, open it from My Recipes, log a serving, find it on
 * the food log. Also: build a recipe from the food search. With SHOTS_DIR set, keeps screenshots of the
 * import screen at 390 and 1280 px in light and dark.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, MOBILE, apiCall, launchBrowser, newContext, openSignedIn, poll, registerVerifiedUser, startLoopback, startServer, type Loopback, type Server } from './harness';

const ADMIN = { email: 'root@example.com', password: 'Quartz-Lantern-Meadow-58' };
let server: Server;
let browser: Browser;
/** The API's fixture recipe pages (apps/api/scripts/loopback.ts recipe-site), served by a process of their own. */
let site: Loopback;
beforeAll(async () => {
  site = await startLoopback('recipe-site');
  server = await startServer({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, RECIPE_FETCH_ALLOW_PRIVATE: 'true', RECIPE_ALLOWED_DOMAINS: '127.0.0.1' } });
  browser = await launchBrowser();
}, 400_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await site?.stop();
});

/** A verified user with Pro (recipe analysis is a Pro feature), granted by the admin. */
async function proUser() {
  const user = await registerVerifiedUser(server);
  const admin = await apiCall(server, 'POST', '/auth/login', ADMIN);
  const grant = await apiCall(server, 'PUT', `/admin/users/${user.user.id}`, { grant: { tier: 'pro', ends_at: null } }, admin.json.access_token);
  expect(grant.status).toBe(200);
  return user;
}

const SMOOTHIE = '20-microdata-smoothie.html';
const kcal = async (page: Page) => Number(((await page.getByTestId('per-serving-calories').first().textContent()) ?? '').replace(/[^\d]/g, ''));

async function importSmoothie(page: Page) {
  await page.getByLabel('Recipe web address or ingredient lines').fill(`${site.url}/pages/${SMOOTHIE}`);
  await page.getByRole('button', { name: 'Analyze' }).click();
  await page.getByRole('heading', { name: 'Strawberry Banana Smoothie' }).waitFor({ timeout: 60_000 });
}

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: join(process.env.SHOTS_DIR, `${name}.png`), fullPage: true });
}

describe('recipes', () => {
  test('a free account learns that recipe analysis is a Pro feature before typing a recipe, with the way to the plans', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/recipes');
    await page.getByText('Unlock recipe analysis with Pro').waitFor();
    await page.getByRole('link', { name: 'See plans' }).waitFor();
    // The form stays: the server decides (a plan bought since sign-in works at once), and says the same.
    await page.getByLabel('Recipe web address or ingredient lines').fill('1 cup milk');
    const refused = page.waitForResponse((r) => r.url().includes('/recipes/analyze') && r.status() === 403);
    await page.getByRole('button', { name: 'Analyze' }).click();
    await refused;
    // One notice, not the same one twice.
    await poll(async () => (await page.getByText('Unlock recipe analysis with Pro').count())).toBe(1);
    await ctx.close();
  });

  test('import a recipe by web address, swap a food, save, open it from My Recipes, log a serving', { timeout: 180_000 }, async () => {
    const user = await proUser();
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/recipes');
    await importSmoothie(page);
    await expect.poll(() => page.getByLabel('Servings').inputValue()).toBe('2');
    const before = await kcal(page);
    expect(before).toBeGreaterThan(150);

    // The milk line: swap whole milk for skim milk through the food search dialog.
    const milk = page.getByRole('listitem').filter({ hasText: '1 cup milk' });
    await expect.poll(() => milk.textContent()).toMatch(/Milk, whole/);
    await milk.getByRole('button', { name: 'Swap food for 1 cup milk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose the food' });
    const search = dialog.getByRole('searchbox', { name: 'Search foods' });
    await expect.poll(() => search.inputValue()).toBe('milk');
    await search.fill('skim milk');
    const results = dialog.getByRole('listbox', { name: 'Search results' });
    await results.getByRole('option', { name: /^Milk, (nonfat|skim|fat free)/i }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => milk.textContent()).toMatch(/Milk, (nonfat|skim|fat free)/i);
    // 1 cup of whole milk is ~146 kcal, of skim ~83: per serving (of 2) about 30 kcal less, at once.
    await poll(() => kcal(page)).toBeLessThan(before - 20);
    const swapped = await kcal(page);

    // Change an amount too: twice the honey.
    const honey = page.getByLabel('Grams of 1 tablespoon honey');
    await honey.fill(String(Number(await honey.inputValue()) * 2));
    await poll(() => kcal(page)).toBeGreaterThan(swapped + 20);
    const final = await kcal(page);

    await page.getByRole('button', { name: 'Save recipe' }).click();
    await page.waitForURL(/\/recipe\/\d+$/);
    await page.getByRole('heading', { name: 'Strawberry Banana Smoothie' }).waitFor();
    // The server recomputes from the foods and grams sent: the same per-serving calories.
    expect(Math.abs((await kcal(page)) - final)).toBeLessThanOrEqual(1);

    await page.goto(`${server.baseUrl}/my-recipes`);
    await page.getByRole('link', { name: /Strawberry Banana Smoothie/ }).click();
    await page.waitForURL(/\/recipe\/\d+$/);
    await page.getByRole('button', { name: 'Log a serving' }).click();
    await page.getByText('Logged 1 serving of Strawberry Banana Smoothie to dinner today.').waitFor();
    // One confirmation, not a toast as well; its button opens the day's log.
    expect(await page.getByText(/^Logged /).count()).toBe(1);
    await page.getByRole('link', { name: 'Open the food log' }).click();
    await page.waitForURL(/\/food-log$/);
    await page.getByText('Strawberry Banana Smoothie').first().waitFor();
    const date = new Date().toISOString().slice(0, 10);
    const summary = await apiCall(server, 'GET', `/food-logs/daily-summary/${date}`, undefined, user.token);
    const logged = summary.json.meals.dinner.foods.find((f: { food_name: string }) => f.food_name === 'Strawberry Banana Smoothie');
    expect(Math.abs(logged.calories - final)).toBeLessThanOrEqual(1);
    await ctx.close();
  });

  test('build a recipe, change an amount, save, log a serving, see it on the food log', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    // A new user's My Recipes says how to make one, and takes them there (no search box over nothing).
    await openSignedIn(page, server, user.token, '/my-recipes');
    await page.getByRole('heading', { name: 'No recipes yet' }).waitFor();
    expect(await page.getByLabel('Search recipes').count()).toBe(0);
    await page.getByRole('link', { name: 'Import a recipe (Pro)' }).waitFor(); // a free account: import is a Pro feature
    await page.getByRole('link', { name: 'Build a recipe' }).click();
    await page.waitForURL(/\/build-recipe$/);
    // Saving an empty recipe says what is missing and puts the cursor on the first thing to fill in.
    await page.getByRole('button', { name: 'Save recipe' }).click();
    await page.getByText('Enter a name').waitFor();
    await page.getByText('Add at least one ingredient').waitFor();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '')).toMatch(/^Recipe name/);
    await page.getByLabel('Recipe name').fill('Banana oat bowl');
    await page.getByLabel('Servings').fill('2');
    await page.getByLabel('Add an ingredient').fill('banana');
    await page.getByRole('button', { name: /^Banana, raw/ }).first().click();
    await page.getByLabel('Grams of Banana, raw').fill('');
    await expect.poll(() => page.getByTestId('build-total').textContent()).toMatch(/^0\skcal in total · 0\skcal per serving/);
    await page.getByRole('button', { name: 'Save recipe' }).click();
    await page.getByText('From 0.01 to 100,000').waitFor();
    expect(page.url()).toMatch(/\/build-recipe$/);
    await page.getByLabel('Grams of Banana, raw').fill('236');
    await expect.poll(() => page.getByTestId('build-total').textContent(), { timeout: 10_000 }).toMatch(/^210\skcal in total · 105\skcal per serving/);
    await page.getByRole('button', { name: 'Save recipe' }).click();
    await page.waitForURL(/\/recipe\/\d+$/);
    await page.getByRole('heading', { name: 'Banana oat bowl' }).waitFor();
    await page.getByTestId('per-serving-calories').getByText('105 kcal').waitFor();
    // A built recipe's ingredient is named once, with its weight (no "Banana, raw — Banana, raw").
    await page.getByRole('listitem').getByText(/^Banana, raw.*, 236\sg$/).waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: '—' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Log a serving' }).click();
    await page.getByText('Logged 1 serving of Banana oat bowl to dinner today.').waitFor();
    await page.goto(`${server.baseUrl}/food-log`);
    await page.getByText('Banana oat bowl').first().waitFor();

    await page.goto(`${server.baseUrl}/my-recipes`);
    await page.getByRole('link', { name: /Banana oat bowl/ }).getByText('105 kcal per serving · 2 servings').waitFor();
    await page.getByLabel('Search recipes').waitFor();
    expect(await page.getByRole('heading', { name: 'No recipes yet' }).count()).toBe(0);
    await ctx.close();
  });

  test.skipIf(!process.env.SHOTS_DIR)('import screen at 390 and 1280 px, light and dark', { timeout: 400_000 }, async () => {
    const user = await proUser();
    for (const viewport of [MOBILE, DESKTOP]) {
      for (const scheme of ['light', 'dark'] as const) {
        const ctx = await newContext(browser, viewport, scheme);
        const page = await ctx.newPage();
        await openSignedIn(page, server, user.token, '/recipes');
        await importSmoothie(page);
        await shot(page, `recipes-import-${viewport.width}-${scheme}`);
        await page.getByRole('button', { name: 'Swap food for 1 cup milk' }).click();
        await page.getByRole('dialog').getByRole('option').first().waitFor();
        // The dialog opens with the search box focused, ready to type.
        await poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
        if (process.env.SHOTS_DIR) await page.screenshot({ path: join(process.env.SHOTS_DIR, `recipes-swap-${viewport.width}-${scheme}.png`) });
        await ctx.close();
      }
    }
  });
});
