import { describe, expect, test } from 'vitest';
import { feedbackMailto, lookupPublicIp } from './feedback';

describe('feedback mail (spec §2)', () => {
  test('the body carries IP, date, time zone and browser', () => {
    const link = feedbackMailto({ ip: '203.0.113.9', now: new Date(Date.UTC(2025, 2, 1, 12)), timeZone: 'Europe/Berlin', browser: 'TestBrowser/1.0' }, 'help@example.com');
    expect(link.startsWith('mailto:help@example.com?subject=')).toBe(true);
    const body = decodeURIComponent(link.split('&body=')[1]);
    expect(body).toContain('IP address: 203.0.113.9');
    expect(body).toContain('Time zone: Europe/Berlin');
    expect(body).toContain('Browser: TestBrowser/1.0');
    expect(body).toMatch(/Date: Saturday, March 1, 2025/);
  });
  test("the IP is 'unknown' when the look-up service fails or answers nonsense", async () => {
    expect(await lookupPublicIp(() => Promise.reject(new TypeError('offline')))).toBe('unknown');
    expect(await lookupPublicIp(async () => new Response('oops', { status: 503 }))).toBe('unknown');
    expect(await lookupPublicIp(async () => new Response(JSON.stringify({ ip: 42 })))).toBe('unknown');
    expect(await lookupPublicIp(async () => new Response(JSON.stringify({ ip: '198.51.100.7' })))).toBe('198.51.100.7');
  });
});
