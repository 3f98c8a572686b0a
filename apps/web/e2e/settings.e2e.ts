import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { useProduct, apiCall, DESKTOP, newContext, openSignedIn, poll, registerVerifiedUser, uniqueEmail, waitForCode, type Server } from './harness';

let server: Server;
let browser: Browser;
useProduct((s, b) => {
  server = s;
  browser = b;
});

describe('settings', () => {
  test('a goal being typed stays when another card saves and the settings are fetched again', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/settings');
    await page.getByLabel('Calories', { exact: true }).fill('2345');
    // Saving a diet type refetches GET /user-settings; the goals card used to reset its fields to what that returned.
    const refetched = page.waitForResponse((r) => r.url().endsWith('/user-settings') && r.request().method() === 'GET');
    await page.getByRole('group', { name: 'Diet types' }).getByRole('button', { name: 'Vegetarian' }).click();
    await page.getByText('Diet types saved').waitFor();
    await refetched;
    await poll(() => page.getByLabel('Calories', { exact: true }).inputValue()).toBe('2345');
    await page.getByRole('button', { name: 'Save goals' }).click();
    await page.getByText('Daily goals saved').waitFor();
    await poll(async () => (await apiCall(server, 'GET', '/user-settings', undefined, user.token)).json.daily_calorie_goal).toBe(2345);
    await ctx.close();
  });

  test('an account without a password (signed up twice with different passwords) sets one in Settings', async () => {
    const email = uniqueEmail('nopass');
    expect((await apiCall(server, 'POST', '/auth/register', { email, password: 'First-Try-Lantern-31' })).status).toBe(201);
    const code = await waitForCode(server.dataDir, email);
    // a second sign-up of the pending address with another password: neither is kept
    expect((await apiCall(server, 'POST', '/auth/register', { email, password: 'Other-Guess-Meadow-72' })).status).toBe(201);
    const done = await apiCall(server, 'POST', '/auth/complete-registration', { email, code });
    expect(done.status).toBe(200);
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await openSignedIn(page, server, done.json.access_token, '/settings');
    await page.getByRole('heading', { name: 'Set a password' }).waitFor();
    expect(await page.getByLabel('Current password').count()).toBe(0);
    await page.getByLabel('New password').fill('Quiet-Harbor-Violin-58');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Password set. You can now sign in').waitFor();
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    expect((await apiCall(server, 'POST', '/auth/login', { email, password: 'Quiet-Harbor-Violin-58' })).status).toBe(200);
    await ctx.close();
  });

  test('goals from the Mifflin-St Jeor helper are saved; diet types and allergies toggle', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/settings');
    await page.getByRole('button', { name: 'Suggest goals for me' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suggest goals for me' });
    await dialog.getByLabel('Sex').selectOption('female');
    await dialog.getByLabel('Birth year').fill(String(new Date().getFullYear() - 35));
    await dialog.getByLabel('Height', { exact: true }).fill('180');
    await dialog.getByLabel('Weight', { exact: true }).fill('80');
    await dialog.getByLabel('Activity').selectOption('light');
    await dialog.getByLabel('Goal', { exact: true }).selectOption('maintain');
    await dialog.getByTestId('goal-suggestion').waitFor();
    await dialog.getByRole('button', { name: 'Save these goals' }).click();
    await page.getByText('Goals and answers saved').waitFor();
    const saved = await apiCall(server, 'GET', '/user-settings', undefined, user.token);
    // Female, 35 y, 180 cm, 80 kg: BMR 10·80 + 6.25·180 − 5·35 − 161 = 1589; lightly active ×1.375, maintain → 2180 kcal.
    expect(saved.json.daily_calorie_goal).toBe(2180);
    // The answers are kept: the helper opens with them (issue 42 §3).
    expect(saved.json).toMatchObject({ sex: 'female', height_cm: 180, activity_level: 'light', weekly_rate_kg: 0 });
    await page.getByRole('button', { name: 'Suggest goals for me' }).click();
    expect(await dialog.getByLabel('Height', { exact: true }).inputValue()).toBe('180');
    expect(await dialog.getByLabel('Activity').inputValue()).toBe('light');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(saved.json.daily_protein_goal).toBeGreaterThan(0);

    await page.getByRole('group', { name: 'Diet types' }).getByRole('button', { name: 'Vegetarian' }).click();
    await page.getByText('Diet types saved').waitFor();
    await page.getByRole('group', { name: 'Allergies' }).getByRole('button', { name: 'Peanuts' }).click();
    await page.getByText('Allergies saved').waitFor();
    await poll(async () => (await apiCall(server, 'GET', '/user-settings', undefined, user.token)).json.allergies).toEqual(['peanuts']);
    expect((await apiCall(server, 'GET', '/user-settings', undefined, user.token)).json.diet_types).toEqual(['vegetarian']);

    // A goal out of range is explained in a sentence under its field.
    await page.getByLabel('Calories', { exact: true }).fill('100');
    await page.getByRole('button', { name: 'Save goals' }).click();
    await page.getByText('The calorie goal must be between 800 and 10,000 kcal', { exact: true }).waitFor();
    await ctx.close();
  });

  test('time zone search, CSV export and account deletion', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/settings');
    await page.getByLabel('Time zone').fill('Berlin');
    await page.getByRole('option', { name: 'Europe/Berlin' }).click();
    await page.getByText('Time zone set to Europe/Berlin').waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('food_log_30days.csv');
    expect(readFileSync(await file.path(), 'utf8').split('\n')[0].length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel(/^Password/).fill('wrong-password-123');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.getByText('Failed to delete account: Password is incorrect').waitFor();
    await dialog.getByLabel(/^Password/).fill(user.password);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect((await apiCall(server, 'POST', '/auth/login', { email: user.email, password: user.password })).status).toBeGreaterThanOrEqual(400);
    await ctx.close();
  });
});
