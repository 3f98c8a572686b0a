import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, httpClient, isErrorBody, waitFor, type TestApp } from '../test/helpers.ts';
import { PURGE_QUEUE } from './features/maintenance/jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the API shell', () => {
  it('answers health with the database status', async () => {
    const res = await t.http.get('/health');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'ok', database: 'ok', queue: { status: 'ok', worker: true } });
    expect(res.json.queue.queued).toBeGreaterThanOrEqual(0);
  });

  it('keeps /metrics off unless METRICS_TOKEN is set', async () => {
    const res = await fetch(`${t.base}/metrics`);
    expect(res.status).toBe(404);
  });

  it('publishes an OpenAPI 3 document and Swagger UI', async () => {
    const doc = await t.http.get('/openapi.json');
    expect(doc.json.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.json.paths)).toContain('/api/v1/health');
    const ui = await fetch(`${t.base}/api/v1/docs/`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toMatch(/swagger/i);
  });

  it('answers unknown API routes with 404 and the error body', async () => {
    const res = await t.http.get('/no-such-route');
    expect(res.status).toBe(404);
    expect(isErrorBody(res)).toBe(true);
    const post = await t.http.post('/nope', { a: 1 });
    expect(post.status).toBe(404);
    expect(isErrorBody(post)).toBe(true);
  });

  it('serves the web app for client routes outside /api', async () => {
    const res = await fetch(`${t.base}/food-log?food=banana`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/<html/i);
  });

  it('answers a missing asset with 404, never the app shell', async () => {
    for (const path of ['/assets/no-such-chunk.js', '/assets/no-such-file', '/assets/odd%20name..', '/favicon-missing.png']) {
      const res = await fetch(`${t.base}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toMatch(/<html/i);
    }
  });

  it('sets security headers', async () => {
    const res = await fetch(`${t.base}/api/v1/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

describe('the error contract', () => {
  it('names the wrong field of a body that may take two shapes, not just "invalid input"', async () => {
    const { token } = await createUser(t);
    const res = await t.http.post('/food-logs', { food_id: 'usda-09040', number_of_servings: 1, meal_type: 'brunch' }, { token });
    expect(res.status).toBe(422);
    expect(res.json.detail.type).toBe('validation_error');
    expect(res.json.detail.errors).toEqual([expect.objectContaining({ loc: ['body', 'meal_type'] })]);
    expect(res.json.detail.msg).toMatch(/^meal_type: /);
  });

  it('answers malformed JSON with 400 and an oversized body with 413, both with the error body', async () => {
    const bad = await t.http.call('POST', '/auth/login', { raw: '{"email": ' });
    expect(bad.status).toBe(400);
    expect(isErrorBody(bad)).toBe(true);
    // Answered before the body is read, then the connection is closed: straight to the server (a proxy in between
    // has to read the whole body first, which is exactly what the 413 is there to avoid).
    const huge = await httpClient(t.directApi).call('POST', '/auth/login', { raw: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2_000_000) }) });
    expect(huge.status).toBe(413);
    expect(isErrorBody(huge)).toBe(true);
  });

  it('takes an empty body sent as application/json as no body: a bodyless call works, a call that needs one says what is missing', async () => {
    const { token } = await createUser(t);
    const readAll = await t.http.call('POST', '/notifications/read-all', { raw: '', token });
    expect(readAll.status).toBe(200);
    const login = await t.http.call('POST', '/auth/login', { raw: '' });
    expect(login.status).toBe(422);
    expect(login.json.detail.type).toBe('validation_error');
    // Prototype poisoning is still refused by Fastify's parser.
    const poisoned = await t.http.call('POST', '/auth/login', { raw: '{"__proto__": {"admin": true}, "email": "a@b.co", "password": "x"}' });
    expect(poisoned.status).toBe(400);
  });
});

describe('background jobs', () => {
  it('runs a queued maintenance job to completion, once even when sent twice with the same key', async () => {
    const id = await t.app.boss.send(PURGE_QUEUE, {}, { singletonKey: 'test-run' });
    expect(id).toBeTruthy();
    const job = await waitFor(async () => {
      const j = await t.app.boss.getJobById(PURGE_QUEUE, id!);
      return j?.state === 'completed' ? j : null;
    });
    expect(job.output).toMatchObject({ removed_codes: 0 });
  });
});
