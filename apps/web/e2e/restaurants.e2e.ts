/**
 * Restaurant Finder end to end: the real product with OVERPASS_URL pointing at a loopback server that
 * answers in Overpass JSON, a browser whose geolocation is mocked, places listed, options shown, one logged.
 * With SHOTS_DIR set, keeps screenshots at 390 and 1280 px in light and dark for a human to look at.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, MOBILE, apiCall, launchBrowser, openSignedIn, poll, registerVerifiedUser, startServer, type Server } from './harness';

const HERE = { latitude: 52.5219, longitude: 13.4132 };
const ELEMENTS = [
  { type: 'node', id: 101, lat: HERE.latitude + 0.0012, lon: HERE.longitude, tags: { amenity: 'restaurant', name: 'La Cantina', cuisine: 'mexican', opening_hours: 'Mo-Su off', 'addr:street': 'Karl-Liebknecht-Straße', 'addr:housenumber': '9' } },
  { type: 'node', id: 100, lat: HERE.latitude + 0.0005, lon: HERE.longitude, tags: { amenity: 'fast_food', name: "McDonald's", brand: "McDonald's", cuisine: 'burger', opening_hours: '24/7', 'addr:street': 'Alexanderplatz', 'addr:housenumber': '3' } },
];

let overpass: HttpServer;
let overpassCalls = 0;
let server: Server;
let browser: Browser;

beforeAll(async () => {
  overpass = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c)).on('end', () => {
      overpassCalls++;
      const query = new URLSearchParams(body).get('data') ?? '';
      const id = /node\((\d+)\)/.exec(query)?.[1];
      const elements = id ? ELEMENTS.filter((e) => String(e.id) === id) : ELEMENTS;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ version: 0.6, generator: 'Overpass API (e2e)', elements }));
    });
  });
  await new Promise<void>((r) => overpass.listen(0, '127.0.0.1', r));
  const port = (overpass.address() as { port: number }).port;
  server = await startServer({ env: { OVERPASS_URL: `http://127.0.0.1:${port}/api/interpreter` } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((r) => overpass?.close(r));
});

function context(viewport: { width: number; height: number }, colorScheme: 'light' | 'dark', allowLocation: boolean): Promise<BrowserContext> {
  const mobile = viewport.width < 600;
  return browser.newContext({
    viewport,
    colorScheme,
    deviceScaleFactor: mobile ? 2 : 1,
    isMobile: mobile,
    hasTouch: mobile,
    geolocation: HERE,
    permissions: allowLocation ? ['geolocation'] : [],
  });
}

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: join(process.env.SHOTS_DIR, `${name}.png`) });
}

describe('Restaurant Finder', () => {
  test('explains and asks for the location; a refusal is explained too', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await context(DESKTOP, 'light', false);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/restaurants');
    await page.getByRole('heading', { name: 'Restaurant Finder' }).waitFor();
    await page.getByText(/needs your location/).waitFor();
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.getByText(/Location permission was denied/).waitFor();
    await ctx.close();
  });

  test('lists nearby places by distance, shows the options of one, logs one', async () => {
    const user = await registerVerifiedUser(server);
    await apiCall(server, 'POST', '/user-settings', { daily_calorie_goal: 2000, daily_protein_goal: 120, daily_carbs_goal: 220, daily_fat_goal: 70 }, user.token);
    const ctx = await context(DESKTOP, 'light', true);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/restaurants');
    await page.getByRole('link', { name: 'Restaurant Finder' }).waitFor(); // in the drawer's Food group

    const list = page.getByRole('list', { name: 'Nearby places' });
    await list.getByRole('button').first().waitFor();
    const rows = await list.getByRole('button').allTextContents();
    expect(rows[0]).toMatch(/^McDonald's.*60 m · Burger · Open now/);
    expect(rows[1]).toMatch(/^La Cantina.*130 m · Mexican · Closed/);
    // The position was saved for the user (reminders' location context).
    expect((await apiCall(server, 'GET', '/locations/last', undefined, user.token)).json).toMatchObject(HERE);

    await shot(page, 'restaurants-1280-light');
    await list.getByRole('button', { name: /McDonald's/ }).click();
    const dialog = page.getByRole('dialog', { name: "McDonald's" });
    await dialog.getByText("Items from the McDonald's menu").waitFor();
    const options = dialog.getByRole('list', { name: 'Recommended options' }).getByRole('listitem');
    await poll(() => options.count()).toBeGreaterThan(3);
    await expect(options.first().textContent()).resolves.toMatch(/Fits your remaining 2,?000\skcal/);
    await shot(page, 'restaurants-dialog-1280-light');

    const first = options.first();
    const name = (await first.getByRole('heading').textContent())!;
    await dialog.getByLabel('Log to').click();
    await page.getByRole('option', { name: 'Dinner' }).click();
    await first.getByRole('button', { name: /Log This Food/ }).click();
    await first.getByText('Logged to Dinner').waitFor();
    const date = new Date().toISOString().slice(0, 10);
    await poll(async () => (await apiCall(server, 'GET', `/food-logs/daily-summary/${date}`, undefined, user.token)).json.meals.dinner.foods.map((f: { food_name: string }) => f.food_name)).toContain(name);
    await ctx.close();
  });

  test.skipIf(!process.env.SHOTS_DIR)('screenshots at 390 and 1280 px, light and dark', { timeout: 400_000 }, async () => {
    const user = await registerVerifiedUser(server);
    for (const viewport of [MOBILE, DESKTOP]) {
      for (const scheme of ['light', 'dark'] as const) {
        const ctx = await context(viewport, scheme, true);
        const page = await ctx.newPage();
        await openSignedIn(page, server, user.token, '/restaurants');
        await page.getByRole('list', { name: 'Nearby places' }).getByRole('button').first().waitFor();
        await shot(page, `restaurants-${viewport.width}-${scheme}`);
        await page.getByRole('list', { name: 'Nearby places' }).getByRole('button').first().click();
        await page.getByRole('list', { name: 'Recommended options' }).waitFor();
        await shot(page, `restaurants-dialog-${viewport.width}-${scheme}`);
        await ctx.close();
      }
    }
    expect(overpassCalls).toBeGreaterThan(0);
  });
});
