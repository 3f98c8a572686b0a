import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { downloadFoodLog } from './download';

// Only the network and the browser's file saving are replaced: the test sees the request the app sends.
const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const token = `${b64({ alg: 'HS256' })}.${b64({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

let calls: { url: string; init: RequestInit }[] = [];
beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response('date,food\n', { status: 200, headers: { 'content-disposition': 'attachment; filename="food_log_7days.csv"' } });
  });
  URL.createObjectURL = () => 'blob:x';
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  delete (window as { Capacitor?: unknown }).Capacitor;
});

describe('CSV download', () => {
  test('on the web: the relative API base, the Bearer header, no token in the URL', async () => {
    expect(await downloadFoodLog(7, token)).toBe('food_log_7days.csv');
    expect(calls[0].url).toBe('/api/v1/food-logs/download/7');
    expect(new Headers(calls[0].init.headers).get('authorization')).toBe(`Bearer ${token}`);
  });

  test('in the native apps: VITE_API_BASE_URL, and on iOS the token as _auth too', async () => {
    vi.stubEnv('VITE_API_BASE_URL', 'https://api.example.com/api/v1/');
    await downloadFoodLog(30, token);
    expect(calls[0].url).toBe('https://api.example.com/api/v1/food-logs/download/30');

    (window as { Capacitor?: unknown }).Capacitor = { getPlatform: () => 'ios', isNativePlatform: () => true };
    await downloadFoodLog(30, token);
    const url = new URL(calls[1].url);
    expect(url.origin + url.pathname).toBe('https://api.example.com/api/v1/food-logs/download/30');
    expect(url.searchParams.get('_auth')).toBe(token);
    expect(new Headers(calls[1].init.headers).get('authorization')).toBe(`Bearer ${token}`);
  });
});
