import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, DESKTOP, launchBrowser, MOBILE, newContext, openSignedIn, poll, registerVerifiedUser, runApiScript, startServer, type Server, type TestUser } from './harness';

let server: Server;
let browser: Browser;
let user: TestUser;

// 23 notifications: 3 typed ones plus 20 plain ones, so the panel has 3 pages of 10.
const SEEDED = [
  ...Array.from({ length: 20 }, (_, i) => ({ title: `Tip ${i + 1}`, message: `Plain notification ${i + 1}` })),
  { title: 'Time to log', message: 'You have not logged lunch yet', notification_type: 'logging_reminder' },
  { title: 'Nearby pick', message: 'A good match close by', notification_type: 'pro', data: { restaurant: 'Green Bowl', distance: 1.24 } },
  {
    title: 'Lunch ideas',
    message: 'Three options that fit your remaining macros',
    notification_type: 'meal_reminder',
    data: {
      location_context: 'work',
      options: [{ name: 'Grilled chicken salad', restaurant: 'Green Bowl', address: '1 Main St', description: 'High protein, light', calories: 420, protein: 38, carbs: 20, fat: 18 }],
    },
  },
];

beforeAll(async () => {
  // Register on a running server, stop it (freeing the PGlite lock), seed rows, start again.
  const first = await startServer();
  user = await registerVerifiedUser(first);
  // A meal idea whose first food is a database food, under a display name that is not the database's.
  const banana = (await apiCall(first, 'GET', '/foods/search?query=banana', undefined, user.token)).json.foods[0] as { id: string; name: string };
  const ideas = (SEEDED.at(-1) as { data: { options: unknown[] } }).data.options;
  ideas.push({ name: 'Banana, ripe', description: 'Quick and sweet', calories: 105, foods: [{ food_id: banana.id, name: 'Banana, ripe' }] });
  await first.stop();
  // The API's own script writes the rows (no public route creates notifications); this spec imports no API code.
  expect(runApiScript('seed-notifications.ts', [first.dataDir, String(user.user.id), JSON.stringify(SEEDED)])).toContain(`seeded ${SEEDED.length}`);
  server = await startServer({ dataDir: first.dataDir });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** With SHOTS_DIR set, keeps a screenshot for a human to look at. */
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: join(process.env.SHOTS_DIR, `${name}.png`) });
};

const badge = (page: Page) => page.locator('[data-testid="unread-badge"] .MuiBadge-badge');

describe('notification center', () => {
  test('badge, paging, per-type rendering, mark read, mark all, delete (desktop popover)', async () => {
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/settings');
    await poll(() => badge(page).first().textContent()).toBe('23');

    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.getByRole('heading', { name: 'Notifications' }).waitFor();
    await poll(() => panel.getByTestId('notification-page').textContent()).toBe('1 / 3');
    expect(await panel.getByTestId('notification-item').count()).toBe(10);

    // Newest first: the meal reminder with its option, chips and the Log This Food action.
    await panel.getByText('Grilled chicken salad').waitFor();
    await panel.getByText('At work').waitFor();
    for (const chip of ['420 kcal', 'P 38 g', 'C 20 g', 'F 18 g']) await panel.getByText(chip, { exact: true }).waitFor();
    await panel.getByText('Green Bowl · 1.2 km').waitFor();
    await shot(page, 'notifications-desktop');
    expect(await panel.getByRole('link', { name: 'Log Food Now' }).getAttribute('href')).toBe('/food-log');
    const logThis = panel.getByRole('link', { name: 'Log This Food' });
    expect(await logThis.first().getAttribute('href')).toBe('/food-log?food=Grilled+chicken+salad');
    // Spec §2: the food parameter (the option itself travels in the navigation state; see the test below).
    expect(await logThis.nth(1).getAttribute('href')).toBe('/food-log?food=Banana%2C+ripe');

    await panel.getByRole('button', { name: 'Next' }).click();
    await poll(() => panel.getByTestId('notification-page').textContent()).toBe('2 / 3');
    await panel.getByRole('button', { name: 'Next' }).click();
    await poll(() => panel.getByTestId('notification-page').textContent()).toBe('3 / 3');
    await poll(() => panel.getByTestId('notification-item').count()).toBe(3);
    expect(await panel.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    // Mark one read: the badge drops by one.
    await panel.getByRole('button', { name: 'Mark as read' }).first().click();
    await poll(() => badge(page).first().textContent()).toBe('22');

    // Delete one: total drops to 22, still three pages (22 / 10).
    await panel.getByRole('button', { name: 'Delete notification' }).first().click();
    await page.getByText('Notification deleted').waitFor();
    await poll(async () => (await apiCall(server, 'GET', '/notifications', undefined, user.token)).json.total).toBe(22);

    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await poll(() => badge(page).first().isVisible()).toBe(false);
    await ctx.close();
  });

  test("'Log This Food' offers the whole option in its meal with its amounts, logged with one 'Log all' (one POST /food-logs/batch)", async () => {
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    // The reminder as the API writes it (reminders/service.ts): the option's foods with their amounts, the meal in data.
    const snackIdea = {
      id: 999_001, read: false, title: 'Snack ideas for you', message: '1 option fits the 600 kcal left today.', notification_type: 'meal_reminder', created_at: new Date().toISOString(),
      data: {
        meal_type: 'snack',
        options: [{
          name: 'Egg, hard-boiled', description: 'With Mozzarella, whole milk, Raisins.', calories: 410, protein: 22, carbs: 42, fat: 17, fits: true,
          foods: [
            { food_id: 'usda-01129', name: 'Egg, hard-boiled', serving_size: 2, serving_unit: 'large egg (50 g)', calories: 155 },
            { food_id: 'usda-01026', name: 'Mozzarella, whole milk', serving_size: 1, serving_unit: 'oz (28.4 g)', calories: 85 },
            { food_id: 'usda-09298', name: 'Raisins', serving_size: 2, serving_unit: 'oz (28.4 g)', calories: 170 },
          ],
        }],
      },
    };
    await page.route('**/api/v1/notifications?*', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: { notifications: [snackIdea], unread_count: 1, total: 1 } }) : route.continue(),
    );
    const batches: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/food-logs/batch') batches.push(r.postDataJSON());
    });
    await openSignedIn(page, server, user.token, '/settings');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.getByRole('link', { name: 'Log This Food' }).click();
    await page.waitForURL((u) => u.pathname === '/food-log');
    expect(new URL(page.url()).searchParams.get('food')).toBe('Egg, hard-boiled');
    expect(new URL(page.url()).searchParams.get('food_id')).toBeNull();

    const dialog = page.getByRole('dialog', { name: 'Log this meal idea' });
    await dialog.waitFor();
    const foods = dialog.getByRole('list', { name: 'Foods to log' }).getByRole('listitem');
    await poll(() => foods.count()).toBe(3);
    for (const text of ['Egg, hard-boiled', '2 large eggs (100 g)', 'Mozzarella, whole milk', 'Raisins', '410 kcal']) await dialog.getByText(text, { exact: false }).first().waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Meal' }).textContent()).toContain('Snack');
    await shot(page, 'food-log-offer-desktop');
    await dialog.getByRole('button', { name: 'Log all' }).click();
    await dialog.waitFor({ state: 'hidden' });

    expect(batches).toHaveLength(1);
    const date = (batches[0] as Array<{ date: string }>)[0]!.date;
    expect(batches[0]).toEqual([
      { food_id: 'usda-01129', serving: { grams: 100 }, number_of_servings: 1, meal_type: 'snack', date },
      { food_id: 'usda-01026', serving: { grams: 28.4 }, number_of_servings: 1, meal_type: 'snack', date },
      { food_id: 'usda-09298', serving: { grams: 56.8 }, number_of_servings: 1, meal_type: 'snack', date },
    ]);
    // Logged as offered: three snack entries of about 410 kcal (the server computes each from the food's weight).
    const summary = (await apiCall(server, 'GET', `/food-logs/daily-summary/${date}`, undefined, user.token)).json;
    expect(summary.meals.snack.foods).toHaveLength(3);
    expect(summary.meals.snack.totals.calories).toBeGreaterThan(390);
    expect(summary.meals.snack.totals.calories).toBeLessThan(430);
    expect(summary.meals.dinner.foods).toHaveLength(0);
    // The offer is not made again on reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Food log' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog', { name: 'Log this meal idea' }).count()).toBe(0);
    await ctx.close();
  });

  test('mobile: Alerts opens the full-height panel', async () => {
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/settings');
    await page.getByRole('button', { name: 'Alerts' }).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.getByRole('heading', { name: 'Notifications' }).waitFor();
    await panel.getByText('Grilled chicken salad').waitFor();
    await shot(page, 'notifications-mobile');
    const box = await panel.boundingBox();
    expect(box!.height).toBeGreaterThan(MOBILE.height - 10);
    // The full-height panel is a dialog with a name (axe aria-dialog-name: it had none).
    await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
    await panel.getByRole('button', { name: 'Close notifications' }).click();
    await ctx.close();
  });

  test('an empty center says so', async () => {
    const other = await registerVerifiedUser(server);
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await openSignedIn(page, server, other.token, '/settings');
    expect(await badge(page).first().isVisible()).toBe(false);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByText('No notifications').waitFor();
    await ctx.close();
  });
});
