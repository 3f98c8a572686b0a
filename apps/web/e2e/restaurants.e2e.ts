/**
 * Restaurant Finder end to end: the real product with OVERPASS_URL pointing at a loopback server that
 * answers in Overpass JSON, a browser whose geolocation is mocked, places listed, options shown, one logged.
 * A second product started with MAP_TILE_URL pointing at a loopback tile server draws the map with a
 * marker per place; the first has none, so the list is alone there.
 * With SHOTS_DIR set, keeps screenshots at 390 and 1280 px in light and dark for a human to look at.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
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
let overpassUrl = '';
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
  overpassUrl = `http://127.0.0.1:${port}/api/interpreter`;
  server = await startServer({ env: { OVERPASS_URL: overpassUrl } });
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
    // No tile server configured: the list alone, no map and no Leaflet loaded.
    expect(await page.getByRole('region', { name: 'Map of nearby places' }).count()).toBe(0);
    expect(await page.locator('.leaflet-container').count()).toBe(0);
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
    await dialog.getByRole('status').filter({ hasText: `Logged ${name} to Dinner` }).waitFor();
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

/** A 256 px PNG tile: a pale ground with a darker grid, like an empty map (tests only). */
function tilePng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const size = 256;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    raw[y * (1 + size * 3)] = 0; // no filter
    for (let x = 0; x < size; x++) {
      const street = x % 64 < 6 || y % 64 < 6;
      const [r, g, b] = street ? [255, 255, 255] : [232, 228, 218];
      raw.set([r, g, b], y * (1 + size * 3) + 1 + x * 3);
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

describe('Restaurant Finder with a map (MAP_TILE_URL at server start)', () => {
  let tiles: HttpServer;
  const tileRequests: string[] = [];
  let mapServer: Server;

  beforeAll(async () => {
    const png = tilePng();
    tiles = createServer((req, res) => {
      if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) return void res.writeHead(404).end();
      tileRequests.push(req.url!);
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(png);
    });
    await new Promise<void>((r) => tiles.listen(0, '127.0.0.1', r));
    const port = (tiles.address() as { port: number }).port;
    // The web build is the same as everywhere else: the server tells it the tile server (GET /places/map)
    // and its Content-Security-Policy allows exactly that origin for images.
    mapServer = await startServer({ env: { OVERPASS_URL: overpassUrl, MAP_TILE_URL: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`, MAP_ATTRIBUTION: 'Test tiles · © OpenStreetMap contributors' } });
  });
  afterAll(async () => {
    await mapServer?.stop();
    await new Promise((r) => tiles?.close(r));
  });

  test('shows the user and the places as named markers; choosing a marker opens the place', async () => {
    const user = await registerVerifiedUser(mapServer);
    const ctx = await context(DESKTOP, 'light', true);
    const page = await ctx.newPage();
    const blocked: string[] = [];
    page.on('console', (m) => m.type() === 'error' && /Content Security Policy/i.test(m.text()) && blocked.push(m.text()));
    await openSignedIn(page, mapServer, user.token, '/restaurants');
    // The list is still there, first.
    await page.getByRole('list', { name: 'Nearby places' }).getByRole('button').first().waitFor();
    const map = page.getByRole('region', { name: 'Map of nearby places' });
    await map.getByRole('button', { name: "McDonald's" }).waitFor();
    await map.getByRole('button', { name: 'La Cantina' }).waitFor();
    await map.getByTitle('Your location').waitFor();
    await map.getByText('Test tiles').waitFor(); // the attribution the tile server asks for
    await expect(map.getByRole('link', { name: 'OpenStreetMap' }).getAttribute('href')).resolves.toBe('https://www.openstreetmap.org/copyright');
    // Tiles came from the loopback server and were drawn (the CSP let them in).
    await poll(async () => map.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
    const drawn = await map.locator('img.leaflet-tile-loaded').first().evaluate((img: HTMLImageElement) => img.naturalWidth);
    expect(drawn).toBe(256);
    expect(tileRequests.length).toBeGreaterThan(0);
    expect(blocked).toEqual([]);
    await shot(page, 'restaurants-map-1280-light');

    await map.getByRole('button', { name: 'La Cantina' }).click();
    const dialog = page.getByRole('dialog', { name: 'La Cantina' });
    await dialog.getByText(/130 m · Mexican · Closed/).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The keyboard reaches a marker too, and Enter opens it.
    await map.getByRole('button', { name: "McDonald's" }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: "McDonald's" }).waitFor();
    await ctx.close();
  });

  test.skipIf(!process.env.SHOTS_DIR)('map screenshots at 390 and 1280 px, light and dark', { timeout: 400_000 }, async () => {
    const user = await registerVerifiedUser(mapServer);
    for (const viewport of [MOBILE, DESKTOP]) {
      for (const scheme of ['light', 'dark'] as const) {
        const ctx = await context(viewport, scheme, true);
        const page = await ctx.newPage();
        await openSignedIn(page, mapServer, user.token, '/restaurants');
        const map = page.getByRole('region', { name: 'Map of nearby places' });
        await map.getByRole('button', { name: 'La Cantina' }).waitFor();
        await poll(async () => map.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
        await poll(async () => page.locator('.leaflet-zoom-anim').count()).toBe(0); // fitting the places has settled
        await shot(page, `restaurants-map-${viewport.width}-${scheme}`);
        await ctx.close();
      }
    }
  });
});
