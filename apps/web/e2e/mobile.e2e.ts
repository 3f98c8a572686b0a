import { describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { useProduct, MOBILE, newContext, openSignedIn, poll, registerVerifiedUser, type Server, type TestUser } from './harness';

let server: Server;
let browser: Browser;
let user: TestUser;
useProduct<TestUser>(
  (s, b, u) => {
    server = s;
    browser = b;
    user = u;
  },
  (s) => registerVerifiedUser(s),
);

describe('mobile layout (390×844)', () => {
  test('logged out on / and /login: compact bar with menu, logo and login button', async () => {
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/`);
    const bar = page.getByRole('navigation', { name: 'Site' });
    await bar.waitFor();
    await bar.getByRole('button', { name: 'Open site menu' }).click();
    await page.getByRole('menuitem', { name: 'EULA' }).waitFor(); // the menu is its own chunk
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual(['Team', 'Privacy Policy', 'Terms of Service', 'EULA']);
    await page.getByRole('menuitem', { name: 'Team' }).click();
    await page.waitForURL(/\/team$/);
    await poll(() => page.getByRole('menu').count()).toBe(0); // menus close on navigation
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Log in' }).waitFor();
    await ctx.close();
  });

  test('signed in: 56 px bottom bar, Food popup, AI popup, More menu, tab highlighting', async () => {
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/settings');
    const bar = page.getByRole('navigation', { name: 'Main' });
    await bar.waitFor();
    const box = await bar.boundingBox();
    expect(Math.round(box!.height)).toBe(56);
    expect(Math.round(box!.y + box!.height)).toBe(844);
    // No desktop drawer on a phone.
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(false);

    // The Food group has several pages (food log, recipes): the Food tab opens them, the food log first.
    await bar.getByRole('button', { name: 'Food' }).click();
    const food = page.getByRole('menu', { name: 'Food pages' });
    await food.getByRole('link', { name: 'Food Log' }).waitFor(); // the bar's menus are their own chunk
    const foodPages = await food.getByRole('link').allTextContents();
    expect(foodPages.slice(0, 4)).toEqual(['Food Log', 'My Recipes', 'Import Recipe', 'Build Recipe']);
    await food.getByRole('link', { name: 'Food Log' }).click();
    await page.waitForURL(/\/food-log$/);
    await poll(() => bar.getByRole('button', { name: 'Food' }).getAttribute('class')).toMatch(/Mui-selected/);

    await bar.getByRole('button', { name: 'AI' }).click();
    const ai = page.getByRole('menu', { name: 'AI pages' });
    expect(await ai.getByRole('link').allTextContents()).toEqual(['Analysis', 'AI Assessment', 'AI Suggestions', 'Meal Planning']);
    await ai.getByRole('link', { name: 'Meal Planning' }).click();
    await page.waitForURL(/\/meal-plan$/);
    await poll(() => bar.getByRole('button', { name: 'AI' }).getAttribute('class')).toMatch(/Mui-selected/);

    await bar.getByRole('button', { name: 'More' }).click();
    const more = page.getByRole('navigation', { name: 'More' });
    for (const heading of ['Account', 'Help', 'Legal', 'About']) await more.getByText(heading, { exact: true }).waitFor();
    await more.getByRole('link', { name: 'Release Notes' }).click();
    await page.waitForURL(/\/release-notes$/);
    await poll(() => more.isVisible()).toBe(false);

    await bar.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(/\/dashboard$/);
    await ctx.close();
  });

  test('at 360 px, the narrowest phone we support, every tab of the bottom bar shows its whole label', async () => {
    const ctx = await newContext(browser, { width: 360, height: 740 });
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/dashboard'); // Dashboard selected: the longest label, selected
    const bar = page.getByRole('navigation', { name: 'Main' });
    await bar.waitFor();
    await poll(() => bar.getByRole('link', { name: 'Dashboard' }).getAttribute('class')).toMatch(/Mui-selected/);
    const tabs = await bar.evaluate((nav) =>
      [...nav.children].map((tab) => {
        const r = tab.getBoundingClientRect();
        const label = tab.querySelector('.MuiBottomNavigationAction-label') as HTMLElement;
        return { text: label.textContent, left: r.left, right: r.right, clipped: label.scrollWidth > label.clientWidth + 1 || label.getBoundingClientRect().width > r.width };
      }),
    );
    expect(tabs.map((t) => t.text)).toEqual(['Dashboard', 'Food', 'AI', 'Alerts', 'More']);
    for (const t of tabs) {
      expect(t.left, t.text!).toBeGreaterThanOrEqual(0);
      expect(t.right, t.text!).toBeLessThanOrEqual(360);
      expect(t.clipped, t.text!).toBe(false);
    }
    await ctx.close();
  });
});
