import { describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { useProduct, newContext, STRONG_PASSWORD, uniqueEmail, waitForCode, type Server } from './harness';

let server: Server;
let browser: Browser;
useProduct((s, b) => {
  server = s;
  browser = b;
});

describe('sign-up', () => {
  test('register → code from the outbox → verify → dashboard', async () => {
    const email = uniqueEmail('signup');
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/register`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(/^Password(\s*\*)?$/).fill('password123');
    // The lazy-loaded strength meter rates a common password as weak and the form refuses it.
    await page.getByTestId('password-strength').getByText(/Very weak|Weak/).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('This password is too easy to guess').waitFor();
    expect(page.url()).toMatch(/\/register$/);

    await page.getByLabel(/^Password(\s*\*)?$/).fill(STRONG_PASSWORD);
    await page.getByTestId('password-strength').getByText(/strong/i).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/verify-email\?email=/);
    await page.getByText(`Enter the 6-digit code we sent to ${email}`).waitFor();
    // The resend button cools down for 60 s after a code was sent.
    expect(await page.getByRole('button', { name: /Resend code in \d+ s/ }).isDisabled()).toBe(true);

    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Verify e-mail' }).click();
    await page.getByRole('alert').waitFor();

    const code = await waitForCode(server.dataDir, email);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify e-mail' }).click();
    await page.waitForURL(/\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  test('Enter right after typing the password proceeds (the server checks strength), or says why not', async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const password = page.getByLabel(/^Password(\s*\*)?$/);
    await page.goto(`${server.baseUrl}/register`);
    await page.getByLabel('E-mail').fill(uniqueEmail('fast'));
    // Before the strength meter has rated it (it waits for a pause in typing and for its dictionaries).
    await password.fill('password123');
    await password.press('Enter');
    await page.getByText('This password is too easy to guess').first().waitFor({ timeout: 10_000 });
    expect(page.url()).toMatch(/\/register$/);

    const email = uniqueEmail('fast');
    await page.getByLabel('E-mail').fill(email);
    await password.fill(STRONG_PASSWORD);
    await password.press('Enter');
    await page.waitForURL(/\/verify-email\?email=/, { timeout: 10_000 });
    await page.getByText(`Enter the 6-digit code we sent to ${email}`).waitFor();
    await ctx.close();
  });

  test('logging in before verifying leads to the code step without storing a token', async () => {
    const email = uniqueEmail('unverified');
    const res = await fetch(`${server.baseUrl}/api/v1/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: STRONG_PASSWORD }) });
    expect(res.status).toBeLessThan(300);
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('E-mail or username').fill(email);
    await page.getByLabel(/^Password(\s*\*)?$/).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/verify-email\?email=/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
