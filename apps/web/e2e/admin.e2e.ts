import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiCall, launchBrowser, newContext, openSignedIn, registerVerifiedUser, startServer, type Server } from './harness';

const ADMIN = { email: 'root@example.com', password: 'Quartz-Lantern-Meadow-58' };
let server: Server;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  browser = await launchBrowser();
}, 400_000); // the first start may build the web app and seed the food database
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const analyze = (token: string) => apiCall(server, 'POST', '/recipes/analyze', { ingredients: ['2 large eggs'] }, token);

describe('admin console', () => {
  test('a superuser sees Admin, finds a user, grants Pro; that user’s recipe analysis opens', async () => {
    const user = await registerVerifiedUser(server);
    const locked = await analyze(user.token);
    expect(locked.status).toBe(403);
    expect(locked.json.detail.msg).toBe('This feature requires Pro subscription');
    // On screen, a locked feature names the tier that unlocks it and leads to the plans.
    const lctx = await newContext(browser);
    const lpage = await lctx.newPage();
    await openSignedIn(lpage, server, user.token, '/pro-insights');
    await lpage.getByText('Unlock deeper insights with Pro').waitFor();
    // nothing to pick while locked (each pick drew another 403)
    expect(await lpage.getByRole('group', { name: 'Range' }).count()).toBe(0);
    await lpage.getByRole('link', { name: 'See plans' }).click();
    await lpage.waitForURL(/\/subscription$/);
    await lctx.close();

    const login = await apiCall(server, 'POST', '/auth/login', ADMIN);
    expect(login.status).toBe(200);
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await openSignedIn(page, server, login.json.access_token, '/dashboard');
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByLabel('Search users').fill(user.email);
    await page.getByRole('button', { name: `Edit ${user.email}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Grant tier' }).click();
    await page.getByRole('option', { name: 'Pro' }).click();
    await dialog.getByRole('button', { name: 'Grant', exact: true }).click();
    await dialog.getByText('Tier granted.').waitFor();
    await dialog.getByText('Tier: Pro').waitFor();
    await ctx.close();

    const open = await analyze(user.token);
    expect(open.status).toBe(200);

    // The user sees it unlocked on /premium-features, and a normal user gets no Admin entry.
    const uctx = await newContext(browser);
    const upage = await uctx.newPage();
    await openSignedIn(upage, server, user.token, '/premium-features');
    await upage.getByRole('row', { name: /Recipe analysis/ }).getByText('Unlocked').waitFor();
    const analysis = upage.waitForResponse((r) => r.url().includes('/recommendations/pattern-analysis'));
    await upage.goto(`${server.baseUrl}/pro-insights`);
    expect((await analysis).status()).toBe(200);
    await upage.getByRole('heading', { name: 'Pro insights' }).waitFor();
    expect(await upage.getByText('Unlock deeper insights with Pro').count()).toBe(0);
    await upage.getByRole('group', { name: 'Range' }).waitFor();
    expect(await upage.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await upage.goto(`${server.baseUrl}/admin`);
    await upage.waitForURL(/\/dashboard$/);
    await uctx.close();
  });
});
