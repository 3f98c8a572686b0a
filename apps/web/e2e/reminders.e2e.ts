/**
 * Reminders end to end: a user turns on logging reminders in Settings; the scheduler runs with a
 * fake clock at the reminder's local time; the bell shows it and "Log Food Now" opens the food log.
 * The product runs as in production (`npm start`); to run the scheduler's job at a chosen instant instead of
 * waiting for a real evening, the server is stopped, the API's own script runs the job on its data folder
 * (apps/api/scripts/run-reminders.ts, a child process: this spec imports no API code) and the server starts
 * again on the same port, so the open page keeps its origin and stored token.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiCall, launchBrowser, openSignedIn, poll, registerVerifiedUser, runApiScript, startServer, DESKTOP, type Server } from './harness';

let browser: Browser;
let server: Server;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const get = async (path: string, token: string) => (await apiCall(server, 'GET', path, undefined, token)).json;

const badge = (page: import('playwright-core').Page) => page.locator('[data-testid="unread-badge"] .MuiBadge-badge');

describe('reminders', () => {
  test('turn on a logging reminder in Settings; at its time the bell shows it; Log Food Now opens the food log', async () => {
    const u = await registerVerifiedUser(server);
    // A 12-hour locale: the saved times read the way the time inputs beside them do ("08:00 PM", not "20:00").
    const ctx = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await ctx.newPage();
    await openSignedIn(page, server, u.token, '/settings');

    const section = page.getByRole('region', { name: 'Reminders' });
    await section.getByText('Times are in your time zone (UTC).').waitFor();
    const toggle = section.getByRole('switch', { name: 'Remind me when I have not logged a meal' });
    expect(await toggle.isChecked()).toBe(false);
    // Push stays off without VAPID keys, and the browser is never asked for permission.
    expect(await section.getByRole('switch', { name: 'Push notifications in this browser' }).isDisabled()).toBe(true);
    // The switch shows the saved state, so it flips once the server has stored it.
    await toggle.click();
    await poll(() => toggle.isChecked()).toBe(true);
    await poll(async () => (await get('/notifications/preferences', u.token)).logging_reminder.enabled).toBe(true);
    const prefs = await get('/notifications/preferences', u.token);
    expect(prefs.logging_reminder.times).toContain('20:00');
    await section.getByLabel('Logging reminder times').getByText(/^08:00\sPM$/).waitFor();
    // Adding a time answers even when it cannot: nothing chosen, then one already on the list.
    const add = section.getByRole('button', { name: 'Add', exact: true });
    await add.click();
    await section.getByText('Choose a time').waitFor();
    await section.getByLabel('Add a time').fill('20:00');
    await add.click();
    await section.getByText('Already on the list').waitFor();
    expect((await get('/notifications/preferences', u.token)).logging_reminder.times.filter((t: string) => t === '20:00')).toHaveLength(1);

    // The scheduler's job a minute before 20:00 in the user's time zone (UTC) sends nothing; at 20:00, the reminder.
    expect((await get('/notifications', u.token)).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const { port, dataDir } = server;
    // The page leaves first: its open requests would hold the server's graceful shutdown (and the data folder) up.
    await page.goto('about:blank');
    await server.stop();
    const runs = JSON.parse(runApiScript('run-reminders.ts', [dataDir, `${today}T19:59:00Z`, `${today}T20:00:00Z`]));
    expect(runs).toEqual([
      { at: `${today}T19:59:00.000Z`, sent: 0 },
      { at: `${today}T20:00:00.000Z`, sent: 1 },
    ]);
    server = await startServer({ dataDir, port });
    expect((await get('/notifications', u.token)).total).toBe(1);

    // The same origin as before, so the page still holds the user's token.
    await page.goto(`${server.baseUrl}/settings`);
    await poll(() => badge(page).first().textContent()).toBe('1');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.getByText('Time to log your dinner').waitFor();
    await panel.getByRole('link', { name: 'Log Food Now' }).click();
    await page.waitForURL(/\/food-log$/);
    await page.getByRole('heading', { name: /Food Log/i }).first().waitFor();
    await ctx.close();
  }, 240_000);
});
