import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, DESKTOP, launchBrowser, MOBILE, newContext, openSignedIn, poll, registerVerifiedUser, ROOT, startServer, type Server, type TestUser } from './harness';

let server: Server;
let browser: Browser;
let user: TestUser;
let bananaId: string;

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
  bananaId = banana.id;
  const ideas = (SEEDED.at(-1) as { data: { options: unknown[] } }).data.options;
  ideas.push({ name: 'Banana, ripe', description: 'Quick and sweet', calories: 105, foods: [{ food_id: banana.id, name: 'Banana, ripe' }] });
  await first.stop();
  execFileSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'apps/web/e2e/seed-notifications.ts'), first.dataDir, String(user.user.id), JSON.stringify(SEEDED)], { cwd: ROOT, stdio: 'pipe' });
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
    // The idea that names its database food links to that food (food-log.e2e.ts opens it), not to a search for "Banana, ripe".
    expect(await logThis.nth(1).getAttribute('href')).toBe(`/food-log?food_id=${bananaId}`);

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
