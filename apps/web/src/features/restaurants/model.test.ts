import { describe, expect, test } from 'vitest';
import { attributionHtml, distanceLabel, geolocationError, matchLabel, mealTypeAt, placeSummary, priceLabel, tileSource } from './model';

describe('restaurant finder model', () => {
  test('meal by local hour', () => {
    expect(mealTypeAt(new Date(2026, 0, 1, 8))).toBe('breakfast');
    expect(mealTypeAt(new Date(2026, 0, 1, 12))).toBe('lunch');
    expect(mealTypeAt(new Date(2026, 0, 1, 16))).toBe('snack');
    expect(mealTypeAt(new Date(2026, 0, 1, 19))).toBe('dinner');
  });

  test('distance, price and the summary line', () => {
    expect(distanceLabel(84)).toBe('80 m');
    expect(distanceLabel(1240)).toBe('1.2 km');
    expect(priceLabel(null)).toBe('');
    expect(priceLabel(3)).toBe('$$$');
    const place = { place_id: 'p', name: 'X', latitude: 0, longitude: 0, distance: 120, address: null, cuisine: ['burger', 'fried_chicken'], type: 'fast_food', open_now: true, opening_hours: null, price_level: 1, rating: null, brand: null, website: null, phone: null, source: 'osm' as const };
    expect(placeSummary(place)).toBe('120 m · Burger, Fried chicken · Open now · $');
    expect(placeSummary({ ...place, cuisine: [], open_now: null, price_level: null })).toBe('120 m · Fast food · Hours unknown');
  });

  test('match and geolocation errors in words', () => {
    expect(matchLabel({ match: 'chain', chain: "McDonald's", cuisine: [] })).toBe("Items from the McDonald's menu");
    expect(matchLabel({ match: 'none', chain: null, cuisine: [] })).toMatch(/don't know/);
    expect(geolocationError(1)).toMatch(/denied/);
  });

  test('a map only when a tile server is configured, with the attribution it needs', () => {
    const osm = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
    expect(tileSource({}, undefined)).toBeNull();
    expect(tileSource({}, { tile_url: null, attribution: null })).toBeNull();
    expect(tileSource({ url: osm }, undefined)).toEqual({ url: osm, attribution: '© OpenStreetMap contributors' });
    expect(tileSource({ url: osm, attribution: 'Tiles by Us' }, undefined)?.attribution).toBe('Tiles by Us');
    expect(tileSource({}, { tile_url: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: 'Test tiles' })).toEqual({ url: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: 'Test tiles' });
    // The build's setting wins over the server's (a native app's build).
    expect(tileSource({ url: osm }, { tile_url: 'http://other/{z}/{x}/{y}.png', attribution: null })?.url).toBe(osm);
    expect(attributionHtml('© OpenStreetMap contributors')).toBe('© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a> contributors');
    expect(attributionHtml('<img src=x onerror=alert(1)>')).not.toContain('<img');
  });
});
