import { describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, newContext, openSignedIn, poll, registerVerifiedUser, useProduct, type Server } from './harness';

let server: Server;
let browser: Browser;
useProduct((s, b) => {
  server = s;
  browser = b;
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const drawerLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true }).first();

/**
 * Navigation between screens: where a page starts scrolled, and what a screen whose code cannot be
 * downloaded shows (app/router.tsx, app/scroll-restoration.tsx; React Router's declarative mode).
 */
describe('navigation', () => {
  test('a new page starts at the top, Back returns to where the reader was, also after a reload', async () => {
    const user = await registerVerifiedUser(server);
    const viewport = { width: DESKTOP.width, height: 600 };
    const ctx = await newContext(browser, viewport);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/privacy-policy');
    // The signed-in app has replaced the pre-rendered visitor page (its drawer names Settings).
    await drawerLink(page, 'Settings').waitFor();
    await poll(() => heading(page).textContent()).toMatch(/privacy/i);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(viewport.height + 800);

    await page.evaluate(() => window.scrollTo(0, 800));
    await poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
    const readAt = await page.evaluate(() => window.scrollY);

    // The drawer's link (fixed on desktop, so reachable from anywhere on the page): the next page opens at its top.
    await drawerLink(page, 'Terms of Service').click();
    await page.waitForURL(/\/terms-of-service$/);
    await poll(() => heading(page).textContent()).toMatch(/terms/i);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await page.waitForURL(/\/privacy-policy$/);
    await poll(() => page.evaluate(() => window.scrollY)).toBe(readAt);

    // A reload keeps the position of the entry, like a multi-page site.
    await page.reload();
    await poll(() => heading(page).textContent()).toMatch(/privacy/i);
    await poll(() => page.evaluate(() => window.scrollY)).toBe(readAt);

    // Forward to the terms again: the top, where the reader left that page.
    await page.goForward();
    await page.waitForURL(/\/terms-of-service$/);
    await poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await ctx.close();
  });

  test("a screen whose code cannot be downloaded shows the error page; Back and a retry recover", async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openSignedIn(page, server, user.token, '/dashboard');
    await poll(() => heading(page).textContent()).toMatch(/./);
    const dashboardTitle = await heading(page).textContent();

    // The network fails for every script from now on (a new release replaced the chunks, the train entered a tunnel).
    await page.route('**/assets/*.js', (route) => route.abort());
    await drawerLink(page, 'Settings').click();
    await page.waitForURL(/\/settings$/);
    await poll(() => heading(page).textContent()).toBe('Unexpected Application Error!');
    expect(await page.getByTestId('route-error-detail').textContent()).toMatch(/fetch|import|load/i);
    expect(await page.getByRole('link', { name: 'Back to the start page' }).isVisible()).toBe(true);

    // Back: the dashboard again, as it was.
    await page.unroute('**/assets/*.js');
    await page.goBack();
    await page.waitForURL(/\/dashboard$/);
    await poll(() => heading(page).textContent()).toBe(dashboardTitle);

    // The failed download is not remembered: with the network back, Settings opens (a browser that keeps failed
    // module downloads for the page's lifetime, like the packaged Chromium 147, gets the address loaded afresh).
    await drawerLink(page, 'Settings').click();
    await page.waitForURL(/\/settings$/);
    await poll(() => heading(page).textContent()).toBe('Settings');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  test('a signed-in visit to the start page asks the API only for the profile, and its network settles', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/dashboard');
    await drawerLink(page, 'Settings').waitFor();
    // A page of its own (the token is the context's): the dashboard's own late reads are not counted.
    const home = await ctx.newPage();
    const api: string[] = [];
    home.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/')) api.push(path);
    });
    await home.goto(`${server.baseUrl}/`);
    // The settings were asked for early and never read here: the page did not settle until the answer was dropped.
    await home.waitForLoadState('networkidle', { timeout: 5_000 });
    await home.getByRole('link', { name: /dashboard/i }).first().waitFor();
    expect(api).toEqual(['/api/v1/auth/me']);
    await ctx.close();
  });
});
