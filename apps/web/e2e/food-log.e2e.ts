import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, MOBILE, newContext, openSignedIn, registerVerifiedUser, STRONG_PASSWORD, startServer, uniqueEmail, waitForCode, type Server } from './harness';

let server: Server;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function text(page: Page, testId: string) {
  return (await page.getByTestId(testId).textContent())?.trim();
}

/** Search, open the first hit named like `name`, and add it to `meal` from the detail sheet. */
async function addFood(page: Page, search: string, name: RegExp, meal: string) {
  await page.getByLabel('Search foods').fill(search);
  await page.getByRole('button', { name }).first().click();
  const sheet = page.getByRole('dialog');
  await sheet.getByTestId('preview-calories').waitFor();
  await sheet.getByLabel('Meal').click();
  await page.getByRole('option', { name: meal }).click();
  await sheet.getByRole('button', { name: `Add to ${meal}` }).click();
  await sheet.waitFor({ state: 'detached' });
}

describe('food log', () => {
  test('register → verify → dashboard → search banana → add to breakfast → totals kept after reload', async () => {
    const email = uniqueEmail('foodlog');
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/register`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(/^Password(\s*\*)?$/).fill(STRONG_PASSWORD);
    await page.getByTestId('password-strength').getByText(/strong$/i).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/verify-email\?email=/);
    await page.getByLabel('Verification code').fill(await waitForCode(server.dataDir, email));
    await page.getByRole('button', { name: 'Verify e-mail' }).click();
    await page.waitForURL(/\/dashboard$/);

    // A new user is told what to do first.
    await page.getByText('Welcome! Two steps to get going').waitFor();
    await page.getByRole('link', { name: 'Log your first food' }).click();
    await page.waitForURL(/\/food-log$/);
    await page.getByTestId('meal-breakfast').waitFor();
    expect(await text(page, 'day-calories')).toBe('0');

    await page.getByLabel('Search foods').fill('banana');
    await page.getByRole('button', { name: /^Banana, raw/ }).first().click();
    const sheet = page.getByRole('dialog');
    // 1 medium banana (118 g) is 105 kcal; two of them preview 210 before anything is saved.
    expect(await sheet.getByTestId('preview-calories').textContent()).toBe('105');
    await sheet.getByLabel('Number of servings').fill('2');
    expect(await sheet.getByTestId('preview-calories').textContent()).toBe('210');
    await sheet.getByLabel('Meal').click();
    await page.getByRole('option', { name: 'Breakfast' }).click();
    await sheet.getByRole('button', { name: 'Add to Breakfast' }).click();
    await page.getByText('Added Banana, raw to breakfast').waitFor();

    const breakfast = page.getByTestId('meal-breakfast');
    await breakfast.getByText('Banana, raw').waitFor();
    expect(await text(page, 'meal-breakfast-calories')).toBe('210 kcal');
    expect(await text(page, 'day-calories')).toBe('210');

    await page.reload();
    await page.getByTestId('meal-breakfast').getByText('Banana, raw').waitFor();
    expect(await text(page, 'meal-breakfast-calories')).toBe('210 kcal');
    expect(await text(page, 'day-calories')).toBe('210');

    // The dashboard shows the same day.
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('dash-meal-breakfast').getByText('Banana, raw').waitFor();
    expect(await page.getByTestId('dash-meal-breakfast').textContent()).toContain('210');
    await ctx.close();
  });

  test('edit and delete an entry; another day is empty; manual entry and its quick re-add', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/food-log');
    await addFood(page, 'banana', /^Banana, raw/, 'Lunch');
    const lunch = page.getByTestId('meal-lunch');
    await lunch.getByText('Banana, raw').waitFor();

    await lunch.getByRole('button', { name: 'Edit Banana, raw' }).click();
    await page.getByRole('dialog').getByLabel('Number of servings').fill('3');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Entry updated').waitFor();
    await expect.poll(() => text(page, 'meal-lunch-calories')).toBe('315 kcal');

    await page.getByRole('button', { name: 'Previous day' }).click();
    await page.waitForURL(/date=\d{4}-\d{2}-\d{2}/);
    await expect.poll(() => text(page, 'day-label')).toBe('Yesterday');
    await expect.poll(() => text(page, 'day-calories')).toBe('0');
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect.poll(() => text(page, 'day-calories')).toBe('315');

    // Tomorrow's empty lunch offers today's lunch (one batch call).
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect.poll(() => text(page, 'day-label')).toBe('Tomorrow');
    await lunch.getByRole('button', { name: 'Copy from the day before (1)' }).click();
    await expect.poll(() => text(page, 'meal-lunch-calories')).toBe('315 kcal');
    await lunch.getByText('3 × 1 medium').waitFor();
    await page.getByRole('button', { name: 'Previous day' }).click();
    await expect.poll(() => text(page, 'day-label')).toBe('Today');

    await lunch.getByRole('button', { name: 'Delete Banana, raw' }).click();
    await page.getByText('Deleted Banana, raw').waitFor();
    await expect.poll(() => text(page, 'meal-lunch-calories')).toBe('0 kcal');

    await page.getByRole('button', { name: 'Manual entry' }).click();
    const dlg = page.getByRole('dialog');
    await dlg.getByLabel('Food name').fill('Grandma soup');
    await dlg.getByLabel(/^Calories \(kcal\)/).fill('250');
    await dlg.getByLabel(/^Protein \(g\)/).fill('12');
    await dlg.getByLabel('Meal').click();
    await page.getByRole('option', { name: 'Dinner' }).click();
    await dlg.getByRole('button', { name: 'Add to Dinner' }).click();
    await expect.poll(() => text(page, 'meal-dinner-calories')).toBe('250 kcal');

    await page.getByRole('tab', { name: 'Recent manual' }).click();
    await page.getByRole('button', { name: /^Add Grandma soup to/ }).click();
    await expect.poll(() => text(page, 'day-calories')).toBe('500');
    await ctx.close();
  });

  test('an unknown barcode offers to create the food, which the next look-up finds', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/food-log');
    await page.getByRole('button', { name: 'Scan barcode' }).click();
    await page.getByLabel('Barcode number').fill('4006381333931');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByText('No food with barcode 4006381333931 yet').waitFor();
    await page.getByRole('button', { name: 'Create food' }).last().click();
    const form = page.getByRole('dialog');
    expect(await form.getByLabel('Barcode (optional)').inputValue()).toBe('4006381333931');
    await form.getByLabel(/^Name/).fill('Oat crunch bar');
    await form.getByLabel(/^Calories \(kcal\)/).fill('190');
    await form.getByRole('button', { name: 'Create food' }).click();
    // The new food opens in the detail sheet, ready to log.
    await page.getByRole('dialog').getByTestId('preview-calories').waitFor();
    expect(await page.getByRole('dialog').getByTestId('preview-calories').textContent()).toBe('190');
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Scan barcode' }).click();
    await page.getByLabel('Barcode number').fill('4006381333931');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('dialog').getByText('Oat crunch bar').first().waitFor();
    await ctx.close();
  });

  test('mobile 390×844: bottom sheet, favorite, quick add from favorites, ?food= prefill', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/food-log?food=banana');
    expect(await page.getByLabel('Search foods').inputValue()).toBe('banana');
    await page.getByRole('button', { name: /^Banana, raw/ }).first().click();
    const sheet = page.getByRole('dialog');
    await sheet.getByTestId('preview-calories').waitFor();
    // A bottom sheet: anchored to the bottom edge of the screen, full width.
    // (polled: the sheet slides up into place)
    await expect.poll(async () => {
      const box = (await sheet.boundingBox())!;
      return [Math.round(box.y + box.height), Math.round(box.width)];
    }).toEqual([MOBILE.height, MOBILE.width]);
    await sheet.getByRole('button', { name: 'Add to favorites' }).click();
    await sheet.getByRole('button', { name: 'Remove from favorites' }).waitFor();
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'detached' });

    await page.getByLabel('Search foods').fill('');
    await page.getByTestId('meal-snack').getByRole('button', { name: 'Add to Snacks' }).click();
    await page.getByRole('button', { name: 'Add Banana, raw to snacks' }).click();
    await expect.poll(() => text(page, 'meal-snack-calories')).toBe('105 kcal');
    // Nothing sticks out sideways at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await ctx.close();
  });
});
