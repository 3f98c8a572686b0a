import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../test/helpers.ts';

const TOKEN = 'scrape-token-0123456789abcdef';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t?.close();
});

describe('Prometheus metrics', () => {
  it('refuses a scrape without the token or with a wrong one', async () => {
    expect((await fetch(`${t.base}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${t.base}/metrics`, { headers: { authorization: 'Bearer nope-nope-nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { detail: { type: string } }).detail.type).toBe('unauthorized');
  });

  it('counts requests per route pattern with latency, and reports the queue depth', async () => {
    const user = await createUser(t);
    await t.http.get('/food-logs/daily-summary/2026-01-05', { token: user.token });
    await t.http.get('/health');
    const res = await fetch(`${t.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/v1\/food-logs\/daily-summary\/:date",status="200"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/v1\/health"\}/);
    expect(text).toMatch(/job_queue_depth\{state="queued"\} \d+/);
    expect(text).toMatch(/process_resident_memory_bytes/);
  });
});
