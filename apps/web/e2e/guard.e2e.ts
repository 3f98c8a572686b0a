import { describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { useProduct, newContext, openSignedIn, poll, registerVerifiedUser, type Server } from './harness';

let server: Server;
let browser: Browser;
useProduct((s, b) => {
  server = s;
  browser = b;
});

describe('route guard and redirects', () => {
  test('an unknown path redirects to the home page', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/no/such/page`);
    await page.waitForURL(`${server.baseUrl}/`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Eat well');
    await ctx.close();
  });

  test('a guarded page sends a visitor to /login and back to that page after logging in', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/settings`);
    await page.waitForURL(/\/login$/);
    await page.getByLabel('E-mail or username').fill(user.email);
    await page.getByLabel(/^Password(\s*\*)?$/).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/settings$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await ctx.close();
  });

  test('after logging in, the visitor returns to the page they were going to, with its query and hash (spec §4)', async () => {
    const user = await registerVerifiedUser(server);
    for (const origin of ['/meal-plan/1', '/food-log?date=2025-01-02#dinner', '/settings']) {
      const ctx = await newContext(browser);
      const page = await ctx.newPage();
      await page.goto(`${server.baseUrl}${origin}`);
      await page.waitForURL(/\/login$/);
      await page.getByLabel('E-mail or username').fill(user.email);
      await page.getByLabel(/^Password(\s*\*)?$/).fill(user.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((u) => u.pathname !== '/login');
      // Give a late redirect (the signed-out-only /login branch) its chance to move the page on.
      await page.waitForTimeout(1500);
      const at = new URL(page.url());
      expect(`${at.pathname}${at.search}${at.hash}`, origin).toBe(origin);
      await ctx.close();
    }
  });

  test('a wrong password shows the server message and stores nothing', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('E-mail or username').fill(user.email);
    await page.getByLabel(/^Password(\s*\*)?$/).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/incorrect|invalid|wrong/i);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await ctx.close();
  });

  test('a malformed or expired stored token is discarded at start', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/team`);
    const expired = `x.${Buffer.from(JSON.stringify({ sub: '1', exp: 1 })).toString('base64url')}.y`;
    for (const bad of ['garbage', expired]) {
      await page.evaluate((t) => localStorage.setItem('token', t), bad);
      await page.goto(`${server.baseUrl}/dashboard`);
      await page.waitForURL(/\/login$/);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    }
    await ctx.close();
  });

  test('a well-formed stored token with a bad signature is deleted when /auth/me answers 401, and the visitor lands on /login', async () => {
    const user = await registerVerifiedUser(server);
    const [head, body] = user.token.split('.');
    const forged = `${head}.${body}.${Buffer.from('not-the-signature').toString('base64url')}`;
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const me = page.waitForResponse((r) => r.url().includes('/api/v1/auth/me'));
    await openSignedIn(page, server, forged, '/dashboard');
    expect((await me).status()).toBe(401);
    await page.waitForURL(/\/login$/);
    await poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // Reloading does not try the rejected token again.
    await page.reload();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await ctx.close();
  });

  test('logout clears the token and the guarded pages close again', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/settings');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${server.baseUrl}/food-log`);
    await page.waitForURL(/\/login$/);
    await ctx.close();
  });
});
