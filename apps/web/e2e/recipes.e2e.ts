import { describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { useProduct, newContext, openSignedIn, registerVerifiedUser, type Server } from './harness';

let server: Server;
let browser: Browser;
useProduct((s, b) => {
  server = s;
  browser = b;
});

// Importing a web page needs a Pro user, and no API sets is_pro yet (subscriptions issue): this spec
// builds a recipe from the food search instead, then saves it, logs a serving and finds it on the food log.
describe('recipes', () => {
  test('build a recipe, change an amount, save, log a serving, see it on the food log', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/build-recipe');
    await page.getByLabel('Recipe name').fill('Banana oat bowl');
    await page.getByLabel('Servings').fill('2');
    await page.getByLabel('Add an ingredient').fill('banana');
    await page.getByRole('button', { name: /^Banana, raw/ }).first().click();
    await page.getByLabel('Grams').fill('236');
    await expect.poll(() => page.getByTestId('build-total').textContent(), { timeout: 10_000 }).toMatch(/^210 kcal in total · 105 kcal per serving/);
    await page.getByRole('button', { name: 'Save recipe' }).click();
    await page.waitForURL(/\/recipe\/\d+$/);
    await page.getByRole('heading', { name: 'Banana oat bowl' }).waitFor();
    await page.getByTestId('per-serving-calories').getByText('105 kcal').waitFor();
    await page.getByRole('button', { name: 'Log a serving' }).click();
    await page.getByText('Logged to your food log.').waitFor();
    await page.goto(`${server.baseUrl}/food-log`);
    await page.getByText('Banana oat bowl').first().waitFor();

    await page.goto(`${server.baseUrl}/my-recipes`);
    await page.getByRole('link', { name: /Banana oat bowl/ }).waitFor();
    await ctx.close();
  });
});
