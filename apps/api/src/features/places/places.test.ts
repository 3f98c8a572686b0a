import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { mapAttribution } from '@app/contracts';
import { loadConfig, tileOrigin } from '../../config.ts';
import { createTestApp, createUser, isErrorBody, type TestApp } from '../../../test/helpers.ts';
import { loopback, osmNode, osmWay, overpassAnswer, overpassQuery, type Loopback } from './test-servers.ts';

// Around Berlin Alexanderplatz; 0.001° latitude ≈ 111 m.
const LAT = 52.5219;
const LON = 13.4132;
const pad = (n: number) => String(n).padStart(2, '0');
/** Hours that are open now in `tz` only (for one hour from the current local hour). */
function openThisHourIn(tz: string) {
  const h = new TZDate(Date.now(), tz).getHours();
  return `Mo-Su ${pad(h)}:00-${pad(h + 1)}:00`;
}

let elements: unknown[] = [];
let overpassMode: 'ok' | 'down' | 'remark' | 'unreachable' = 'ok';
let overpass: Loopback;
let t: TestApp;
let token: string;

beforeAll(async () => {
  overpass = await loopback(() => {
    if (overpassMode === 'unreachable') return { hangUp: true };
    if (overpassMode === 'down') return { status: 504, text: 'Gateway Timeout' };
    if (overpassMode === 'remark') return { json: { ...overpassAnswer([]), remark: 'runtime error: Query timed out in "query" at line 1 after 16 seconds.' } };
    return { json: overpassAnswer(elements) };
  });
  t = await createTestApp({ OVERPASS_URL: `${overpass.url}/api/interpreter` });
  ({ token } = await createUser(t));
});
afterAll(async () => {
  await t?.close();
  await overpass?.close();
});

describe('nearby places from OpenStreetMap (Overpass)', () => {
  it('lists places by distance with cuisine, address, open now and the price it cannot know', async () => {
    elements = [
      osmNode(1, LAT + 0.004, LON, { amenity: 'restaurant', name: 'Far Trattoria', cuisine: 'italian;pizza', opening_hours: 'Mo-Su off' }),
      osmWay(2, LAT + 0.001, LON, { amenity: 'fast_food', name: "McDonald's", brand: "McDonald's", cuisine: 'burger', opening_hours: '24/7', 'addr:street': 'Alexanderplatz', 'addr:housenumber': '3', 'addr:postcode': '10178', 'addr:city': 'Berlin' }),
      osmNode(3, LAT + 0.002, LON, { amenity: 'cafe', name: 'Café Ohne Zeiten' }),
      osmNode(4, LAT + 0.02, LON, { amenity: 'restaurant', name: 'Outside the radius' }),
      osmNode(5, LAT, LON, { amenity: 'restaurant' }), // no name: not a place to show
    ];
    const res = await t.http.get(`/places/nearby?latitude=${LAT}&longitude=${LON}`, { token });
    expect(res.status).toBe(200);
    expect(res.json.source).toBe('osm');
    expect(res.json.attribution).toContain('OpenStreetMap');
    expect(res.json.places.map((p: { name: string }) => p.name)).toEqual(["McDonald's", 'Café Ohne Zeiten', 'Far Trattoria']);
    const [mc, cafe, far] = res.json.places;
    expect(mc).toMatchObject({ place_id: 'osm:way:2', type: 'fast_food', cuisine: ['burger'], open_now: true, brand: "McDonald's", address: 'Alexanderplatz 3, 10178 Berlin', price_level: null });
    expect(mc.distance).toBeGreaterThan(100);
    expect(mc.distance).toBeLessThan(120);
    expect(cafe.open_now).toBeNull();
    expect(far).toMatchObject({ cuisine: ['italian', 'pizza'], open_now: false });
    expect(res.json.next_page_token).toBeNull();

    // The query asked Overpass for the three food amenities around the (rounded) position.
    const q = overpassQuery(overpass.requests.at(-1)!.body);
    expect(q).toContain('"amenity"~"^(restaurant|fast_food|cafe)$"');
    expect(q).toMatch(/around:1120,52\.522,13\.413/);
  });

  it('filters by keyword and open now, and asks for one amenity when the type says so', async () => {
    elements = [
      osmNode(11, LAT + 0.001, LON + 0.001, { amenity: 'restaurant', name: 'Sushi Ninja', cuisine: 'japanese;sushi', opening_hours: '24/7' }),
      osmNode(12, LAT + 0.001, LON - 0.001, { amenity: 'restaurant', name: 'Pizza Pronto', cuisine: 'pizza', opening_hours: 'Mo-Su off' }),
    ];
    const lat = LAT + 0.01; // another rounded position: not the cached answer of the test before
    const sushi = await t.http.get(`/places/nearby?latitude=${lat}&longitude=${LON}&radius=2000&keyword=SUSHI`, { token });
    expect(sushi.json.places.map((p: { name: string }) => p.name)).toEqual(['Sushi Ninja']);
    const open = await t.http.get(`/places/nearby?latitude=${lat}&longitude=${LON}&radius=2000&opennow=true`, { token });
    expect(open.json.places.map((p: { name: string }) => p.name)).toEqual(['Sushi Ninja']);
    await t.http.get(`/places/nearby?latitude=${lat}&longitude=${LON}&radius=2000&type=cafe`, { token });
    expect(overpassQuery(overpass.requests.at(-1)!.body)).toContain('"amenity"~"^(cafe)$"');
  });

  it('says open now in the user\'s own time zone', async () => {
    const u = await createUser(t);
    await t.http.post('/user-settings', { timezone: 'Pacific/Kiritimati' }, { token: u.token });
    const lat = LAT + 0.02;
    elements = [osmNode(21, lat + 0.001, LON, { amenity: 'restaurant', name: 'Island Grill', opening_hours: openThisHourIn('Pacific/Kiritimati') })];
    const there = await t.http.get(`/places/nearby?latitude=${lat}&longitude=${LON}`, { token: u.token });
    expect(there.json.places[0].open_now).toBe(true);
    // UTC is 14 hours behind Kiritimati: the same hours are closed for a UTC user (same cached answer).
    const utc = await t.http.get(`/places/nearby?latitude=${lat}&longitude=${LON}`, { token });
    expect(utc.json.places[0].open_now).toBe(false);
  });

  it('caches an answer for 60 s by rounded position: nearby callers do not call the provider again', async () => {
    const lat = LAT + 0.03;
    elements = [osmNode(31, lat, LON + 0.001, { amenity: 'cafe', name: 'Cached Café' })];
    const before = overpass.requests.length;
    const a = await t.http.get(`/places/nearby?latitude=${lat}&longitude=${LON}`, { token });
    const b = await t.http.get(`/places/nearby?latitude=${lat + 0.0002}&longitude=${LON + 0.0002}`, { token });
    expect(overpass.requests.length - before).toBe(1);
    // Distances still come from each caller's own position.
    expect(a.json.places[0].distance).not.toBe(b.json.places[0].distance);
    await t.http.get(`/places/nearby?latitude=${lat + 0.002}&longitude=${LON}`, { token });
    expect(overpass.requests.length - before).toBe(2);
  });

  it('pages 20 places at a time', async () => {
    const lat = LAT - 0.01;
    elements = Array.from({ length: 25 }, (_, i) => osmNode(100 + i, lat + 0.0001 * (i + 1), LON, { amenity: 'restaurant', name: `Place ${i + 1}` }));
    const first = await t.http.get(`/places/nearby?latitude=${lat}&longitude=${LON}`, { token });
    expect(first.json.places).toHaveLength(20);
    expect(first.json.next_page_token).toBeTruthy();
    const second = await t.http.get(`/places/nearby?latitude=${lat}&longitude=${LON}&pagetoken=${encodeURIComponent(first.json.next_page_token)}`, { token });
    expect(second.json.places).toHaveLength(5);
    expect(second.json.next_page_token).toBeNull();
    const bad = await t.http.get(`/places/nearby?latitude=${lat}&longitude=${LON}&pagetoken=garbage`, { token });
    expect(bad.status).toBe(422);
  });

  it('says prices are unknown instead of filtering every place out by minprice/maxprice', async () => {
    const lat = LAT + 0.04;
    elements = [osmNode(41, lat + 0.001, LON, { amenity: 'restaurant', name: 'Priceless Bistro' }), osmNode(42, lat + 0.002, LON, { amenity: 'cafe', name: 'Kiosk Kaffee' })];
    const plain = await t.http.get(`/places/nearby?latitude=${lat}&longitude=${LON}`, { token });
    expect(plain.json.price_filter).toBeNull();
    const priced = await t.http.get(`/places/nearby?latitude=${lat}&longitude=${LON}&minprice=2&maxprice=3`, { token });
    expect(priced.status).toBe(200);
    expect(priced.json.price_filter).toBe('unknown');
    expect(priced.json.places.map((p: { name: string }) => p.name)).toEqual(['Priceless Bistro', 'Kiosk Kaffee']);
    expect(priced.json.places.every((p: { price_level: unknown }) => p.price_level === null)).toBe(true);
    expect((await t.http.get(`/places/nearby?latitude=${lat}&longitude=${LON}&maxprice=0`, { token })).json.price_filter).toBe('unknown');
  });

  it('answers 422 for bad coordinates and parameters, never asking the provider', async () => {
    const before = overpass.requests.length;
    for (const q of ['latitude=95&longitude=0', 'latitude=abc&longitude=0', 'longitude=13', 'latitude=1&longitude=181', 'latitude=1&longitude=1&radius=0', 'latitude=1&longitude=1&radius=100000', 'latitude=1&longitude=1&minprice=3&maxprice=1', 'latitude=1&longitude=1&type=bar', 'latitude=1&longitude=1&opennow=maybe']) {
      const res = await t.http.get(`/places/nearby?${q}`, { token });
      expect(res.status, q).toBe(422);
      expect(isErrorBody(res)).toBe(true);
    }
    expect(overpass.requests.length).toBe(before);
  });

  it('answers 503 with a clear message when the provider is down or cannot be reached', async () => {
    overpassMode = 'down';
    const down = await t.http.get(`/places/nearby?latitude=10&longitude=10`, { token });
    expect(down.status).toBe(503);
    expect(down.json.detail.msg).toMatch(/Nearby places are unavailable right now/);
    overpassMode = 'remark';
    expect((await t.http.get(`/places/nearby?latitude=10.5&longitude=10`, { token })).status).toBe(503);
    overpassMode = 'unreachable';
    const offline = await t.http.get(`/places/nearby?latitude=11&longitude=10`, { token });
    expect(offline.status).toBe(503);
    expect(offline.json.detail).toMatchObject({ type: 'service_unavailable' });
    overpassMode = 'ok';
  });

  it('gives one place\'s details, 404 for an unknown one and 422 for a malformed id', async () => {
    elements = [osmNode(777, LAT + 0.001, LON, { amenity: 'restaurant', name: 'Details Diner', cuisine: 'american', website: 'https://diner.example', phone: '+49 30 1234' })];
    const res = await t.http.get(`/places/details?place_id=osm:node:777&latitude=${LAT}&longitude=${LON}`, { token });
    expect(res.status).toBe(200);
    expect(res.json.place).toMatchObject({ place_id: 'osm:node:777', name: 'Details Diner', cuisine: ['american'], website: 'https://diner.example', phone: '+49 30 1234' });
    expect(res.json.place.distance).toBeGreaterThan(100);
    expect(overpassQuery(overpass.requests.at(-1)!.body)).toContain('node(777)');
    const noPos = await t.http.get('/places/details?place_id=osm:node:777', { token });
    expect(noPos.json.place.distance).toBeNull();

    elements = [];
    expect((await t.http.get('/places/details?place_id=osm:way:9', { token })).status).toBe(404);
    expect((await t.http.get('/places/details?place_id=osm:node:1;out', { token })).status).toBe(422);
    expect((await t.http.get('/places/details', { token })).status).toBe(422);
  });

  it('needs a signed-in user', async () => {
    expect((await t.http.get(`/places/nearby?latitude=${LAT}&longitude=${LON}`)).status).toBe(401);
    expect((await t.http.get('/places/details?place_id=osm:node:1')).status).toBe(401);
  });
});

describe('nearby places from Google Places', () => {
  let google: Loopback;
  let g: TestApp;
  let gToken: string;
  const KEY = 'test-places-key';
  let denyAll = false;
  const result = (id: string, name: string, lat: number, extra: object = {}) => ({
    place_id: id,
    name,
    geometry: { location: { lat, lng: LON }, viewport: {} },
    vicinity: 'Alexanderplatz, Berlin',
    types: ['restaurant', 'food', 'point_of_interest', 'establishment'],
    business_status: 'OPERATIONAL',
    ...extra,
  });

  beforeAll(async () => {
    google = await loopback(({ path, query }) => {
      if (denyAll || query.get('key') !== KEY) return { json: { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', results: [] } };
      if (path.endsWith('/nearbysearch/json')) {
        if (query.get('pagetoken') === 'expired') return { json: { status: 'INVALID_REQUEST', results: [] } };
        if (query.get('pagetoken') === 'NEXT') return { json: { status: 'OK', results: [result('g3', 'Page Two Pho', LAT + 0.003)] } };
        if (query.get('keyword') === 'nothing') return { json: { status: 'ZERO_RESULTS', results: [] } };
        const results = [
          result('g2', 'Second Sushi', LAT + 0.002, { price_level: 3, rating: 4.6, opening_hours: { open_now: false }, types: ['sushi_restaurant', 'restaurant'] }),
          result('g1', 'First Burger', LAT + 0.001, { price_level: 1, rating: 4.1, opening_hours: { open_now: true } }),
        ];
        // Google keeps only places whose price level is within minprice..maxprice.
        const min = Number(query.get('minprice') ?? 0);
        const max = Number(query.get('maxprice') ?? 4);
        return { json: { html_attributions: [], next_page_token: 'NEXT', status: 'OK', results: results.filter((r) => { const level = (r as { price_level?: number }).price_level ?? 0; return level >= min && level <= max; }) } };
      }
      if (path.endsWith('/details/json')) {
        if (query.get('place_id') !== 'g1') return { json: { status: 'NOT_FOUND' } };
        return { json: { status: 'OK', html_attributions: [], result: { ...result('g1', 'First Burger', LAT + 0.001), formatted_address: 'Alexanderplatz 1, 10178 Berlin, Germany', formatted_phone_number: '030 123456', website: 'https://burger.example', opening_hours: { open_now: true, weekday_text: ['Monday: 10:00 AM – 10:00 PM'] } } } };
      }
      return { status: 404, json: {} };
    });
    g = await createTestApp({ GOOGLE_PLACES_API_KEY: KEY, GOOGLE_PLACES_URL: google.url, OVERPASS_URL: 'http://127.0.0.1:9/never-used' });
    ({ token: gToken } = await createUser(g));
  });
  afterAll(async () => {
    await g?.close();
    await google?.close();
  });

  it('is used when the key is set: passes the filters, sorts by distance, pages with Google\'s token', async () => {
    const res = await g.http.get(`/places/nearby?latitude=${LAT}&longitude=${LON}&keyword=sushi&minprice=1&maxprice=3&opennow=true&radius=1500`, { token: gToken });
    expect(res.status).toBe(200);
    expect(res.json.source).toBe('google');
    expect(res.json.places.map((p: { name: string }) => p.name)).toEqual(['First Burger', 'Second Sushi']);
    expect(res.json.places[1]).toMatchObject({ place_id: 'g2', price_level: 3, rating: 4.6, open_now: false, cuisine: ['sushi'], address: 'Alexanderplatz, Berlin' });
    expect(res.json.next_page_token).toBe('NEXT');
    expect(res.json.price_filter).toBe('applied');
    const sent = google.requests.at(-1)!.query;
    expect(Object.fromEntries(sent)).toMatchObject({ location: '52.522,13.413', radius: '1500', type: 'restaurant', keyword: 'sushi', minprice: '1', maxprice: '3', opennow: 'true', key: KEY });

    const next = await g.http.get(`/places/nearby?latitude=${LAT}&longitude=${LON}&pagetoken=NEXT`, { token: gToken });
    expect(next.json.places.map((p: { name: string }) => p.name)).toEqual(['Page Two Pho']);
    expect((await g.http.get(`/places/nearby?latitude=${LAT}&longitude=${LON}&pagetoken=expired`, { token: gToken })).status).toBe(422);
    const none = await g.http.get(`/places/nearby?latitude=${LAT}&longitude=${LON}&keyword=nothing`, { token: gToken });
    expect(none.json.places).toEqual([]);
    expect(none.json.price_filter).toBeNull();
  });

  it('filters by price with Google: only minprice, only maxprice, each part of the cache key', async () => {
    const lat = LAT - 0.06;
    const pricey = await g.http.get(`/places/nearby?latitude=${lat}&longitude=${LON}&minprice=2`, { token: gToken });
    expect(google.requests.at(-1)!.query.get('minprice')).toBe('2');
    expect(google.requests.at(-1)!.query.has('maxprice')).toBe(false);
    expect(pricey.json.places.map((p: { name: string; price_level: number }) => [p.name, p.price_level])).toEqual([['Second Sushi', 3]]);
    const before = google.requests.length;
    const cheap = await g.http.get(`/places/nearby?latitude=${lat}&longitude=${LON}&maxprice=1`, { token: gToken });
    expect(google.requests.length).toBe(before + 1); // not the cached minprice=2 answer
    expect(google.requests.at(-1)!.query.get('maxprice')).toBe('1');
    expect(google.requests.at(-1)!.query.has('minprice')).toBe(false);
    expect(cheap.json.price_filter).toBe('applied');
    expect(cheap.json.places.map((p: { name: string; price_level: number }) => [p.name, p.price_level])).toEqual([['First Burger', 1]]);
  });

  it('gives details, 404 for an unknown place, 503 when Google refuses the key', async () => {
    const res = await g.http.get(`/places/details?place_id=g1`, { token: gToken });
    // Google's details answer here carries no price level: null, not a guess.
    expect(res.json.place).toMatchObject({ name: 'First Burger', address: 'Alexanderplatz 1, 10178 Berlin, Germany', phone: '030 123456', open_now: true, opening_hours: 'Monday: 10:00 AM – 10:00 PM', price_level: null });
    expect((await g.http.get(`/places/details?place_id=zzz`, { token: gToken })).status).toBe(404);

    denyAll = true; // what Google answers to a revoked or wrong key
    const res2 = await g.http.get(`/places/nearby?latitude=${LAT + 0.05}&longitude=${LON}`, { token: gToken });
    denyAll = false;
    expect(res2.status).toBe(503);
    expect(res2.json.detail.msg).toContain('Google Places');
  });
});

describe('map tiles (MAP_TILE_URL)', () => {
  let m: TestApp;
  beforeAll(async () => {
    m = await createTestApp({ VITE_MAP_TILE_URL: 'https://tiles.example.net:8443/osm/{z}/{x}/{y}.png', MAP_ATTRIBUTION: 'Tiles © Example' });
  });
  afterAll(async () => {
    await m?.close();
  });
  const imgSrc = (csp: string | null) => csp?.split(';').map((d) => d.trim()).find((d) => d.startsWith('img-src')) ?? '';

  it('allows the tile origin in the CSP of the web app exactly when configured', async () => {
    const withTiles = await fetch(`${m.base}/`);
    expect(imgSrc(withTiles.headers.get('content-security-policy'))).toContain('https://tiles.example.net:8443');
    const without = await fetch(`${t.base}/`);
    const csp = without.headers.get('content-security-policy');
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).not.toContain('tiles.example.net');
    expect(imgSrc(csp)).toBe("img-src 'self' data: blob:");
  });

  it('tells the signed-in web app the tile server and its attribution, or that there is none', async () => {
    const { token: mToken } = await createUser(m);
    const res = await m.http.get('/places/map', { token: mToken });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ tile_url: 'https://tiles.example.net:8443/osm/{z}/{x}/{y}.png', attribution: 'Tiles © Example' });
    expect((await t.http.get('/places/map', { token })).json).toEqual({ tile_url: null, attribution: null });
    expect((await m.http.get('/places/map')).status).toBe(401);
  });

  it("defaults to OpenStreetMap's attribution for OSM tiles, allows {s} subdomains, rejects a URL that is no template", () => {
    const osm = loadConfig({ MAP_TILE_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', JWT_SECRET: 'x'.repeat(32) }, { dataDir: m.config.dataDir });
    expect(tileOrigin(osm.MAP_TILE_URL!)).toBe('https://*.tile.openstreetmap.org');
    expect(mapAttribution(osm.MAP_TILE_URL!, osm.MAP_ATTRIBUTION)).toBe('© OpenStreetMap contributors');
    expect(mapAttribution('https://tiles.example.net/{z}/{x}/{y}.png')).toBe('');
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tile.openstreetmap.org/', JWT_SECRET: 'x'.repeat(32) }, { dataDir: m.config.dataDir })).toThrow(/MAP_TILE_URL: Use an http\(s\) XYZ template/);
    expect(() => loadConfig({ MAP_TILE_URL: 'javascript:{z}{x}{y}', JWT_SECRET: 'x'.repeat(32) }, { dataDir: m.config.dataDir })).toThrow(/MAP_TILE_URL/);
  });
});
