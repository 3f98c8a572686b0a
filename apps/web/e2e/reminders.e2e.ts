/**
 * Reminders end to end: a user turns on logging reminders in Settings; the scheduler runs with a
 * fake clock at the reminder's local time; the bell shows it and "Log Food Now" opens the food log.
 * The API runs in this process (real HTTP, real built web app, fresh PGlite) so the test can run the
 * scheduler job itself with an injected clock instead of waiting for a real evening.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../api/src/config.ts';
import { openDatabase, type Database } from '../../api/src/db/client.ts';
import { migrate } from '../../api/src/db/migrate.ts';
import { buildApp } from '../../api/src/app.ts';
import { runReminders } from '../../api/src/features/reminders/service.ts';
import { instantOf, localDate } from '../../api/src/features/reminders/schedule.ts';
import { apiCall, ensureWebBuilt, launchBrowser, openSignedIn, poll, registerVerifiedUser, DESKTOP, type Server } from './harness';

let app: FastifyInstance;
let database: Database;
let browser: Browser;
let server: Server;

beforeAll(async () => {
  ensureWebBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-reminders-'));
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error', SEED_FOODS: 'false' }, { dataDir });
  database = await openDatabase({});
  await migrate(database);
  app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  server = { baseUrl: `http://127.0.0.1:${port}`, port, dataDir, output: () => '', stop: async () => {} };
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await database?.close();
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

    // Nothing yet; then the scheduler runs at 20:00 in the user's time zone (fake clock).
    const today = localDate(new Date(), 'UTC');
    await runReminders(app, new Date(instantOf(today, '20:00', 'UTC').getTime() - 60_000));
    expect((await get('/notifications', u.token)).total).toBe(0);
    await runReminders(app, instantOf(today, '20:00', 'UTC'));

    await page.reload();
    await poll(() => badge(page).first().textContent()).toBe('1');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.getByText('Time to log your dinner').waitFor();
    await panel.getByRole('link', { name: 'Log Food Now' }).click();
    await page.waitForURL(/\/food-log$/);
    await page.getByRole('heading', { name: /Food Log/i }).first().waitFor();
    await ctx.close();
  }, 120_000);
});
