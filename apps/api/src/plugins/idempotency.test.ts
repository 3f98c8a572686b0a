import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_DAYS } from '@app/contracts';
import { createTestApp, isErrorBody, type TestApp } from '../../test/helpers.ts';
import { makeUser } from '../features/foods/test-support.ts';
import { food_logs, idempotency_keys } from '../db/schema/index.ts';
import { WAIT_MS } from './idempotency.ts';
import { purgeExpired } from '../features/maintenance/repository.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof makeUser>>;
let b: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await makeUser(t);
  b = await makeUser(t);
});
afterAll(async () => {
  await t?.close();
});

const key = () => crypto.randomUUID();
const entry = (date: string, food_name = 'Banana') => ({ food_name, calories: 105, carbs: 27, meal_type: 'snack', date });
const post = (path: string, body: unknown, k?: string, token = a.token) => t.http.post(path, body, { token, headers: k === undefined ? {} : { 'idempotency-key': k } });
const rowsOn = async (date: string, userId = a.user.id) => t.app.db.select().from(food_logs).where(and(eq(food_logs.user_id, userId), eq(food_logs.date, date)));

describe('Idempotency-Key', () => {
  it('a repeat answers the first answer (same status and body, Idempotent-Replayed: true) and writes no second row', async () => {
    const k = key();
    const first = await post('/food-logs', entry('2025-06-01'), k);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    for (let i = 0; i < 3; i++) {
      const again = await post('/food-logs', entry('2025-06-01'), k);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.headers.get('content-type')).toMatch(/^application\/json/);
      expect(again.json).toEqual(first.json);
    }
    expect(await rowsOn('2025-06-01')).toHaveLength(1);
    // Without a key every POST writes (the header is optional).
    await post('/food-logs', entry('2025-06-01'));
    await post('/food-logs', entry('2025-06-01'));
    expect(await rowsOn('2025-06-01')).toHaveLength(3);
  });

  it('replays a large (compressed) batch answer byte for byte', async () => {
    const k = key();
    const batch = Array.from({ length: 12 }, (_, i) => entry('2025-06-02', `Food ${i}`));
    const first = await post('/food-logs/batch', batch, k);
    expect(first.status).toBe(201);
    expect(first.text.length).toBeGreaterThan(1024);
    const again = await post('/food-logs/batch', batch, k);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await rowsOn('2025-06-02')).toHaveLength(12);
  });

  it('the same key with another body or on another route is a 422 idempotency_key_reused, writing nothing', async () => {
    const k = key();
    expect((await post('/food-logs', entry('2025-06-03'), k)).status).toBe(201);
    const otherBody = await post('/food-logs', entry('2025-06-03', 'Apple'), k);
    expect(otherBody.status).toBe(422);
    expect(isErrorBody(otherBody)).toBe(true);
    expect(otherBody.json.detail.type).toBe('idempotency_key_reused');
    const otherRoute = await post('/food-logs/batch', [entry('2025-06-03')], k);
    expect(otherRoute.status).toBe(422);
    expect(otherRoute.json.detail.type).toBe('idempotency_key_reused');
    expect(await rowsOn('2025-06-03')).toHaveLength(1);
  });

  it('keys are per user: another user with the same key gets their own write', async () => {
    const k = key();
    const mine = await post('/food-logs', entry('2025-06-04'), k);
    const theirs = await post('/food-logs', entry('2025-06-04'), k, b.token);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.json.id).not.toBe(mine.json.id);
    expect(await rowsOn('2025-06-04', b.user.id)).toHaveLength(1);
    expect(await rowsOn('2025-06-04')).toHaveLength(1);
  });

  it('an answer that is not 2xx is not kept: the key may be retried', async () => {
    const k = key();
    const missing = await post('/food-logs', { food_id: 'usda-99999', meal_type: 'lunch', date: '2025-06-05' }, k);
    expect(missing.status).toBe(404);
    const fixed = await post('/food-logs', entry('2025-06-05'), k);
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    expect(await rowsOn('2025-06-05')).toHaveLength(1);
  });

  it('a malformed key is a 422 with the error body, and nothing is written', async () => {
    for (const bad of ['', ' ', 'has space', 'x'.repeat(256), 'tab\there', 'caf\u00e9']) {
      const res = await post('/food-logs', entry('2025-06-06'), bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(isErrorBody(res)).toBe(true);
      expect(res.json.detail.errors[0].loc).toEqual(['headers', 'idempotency-key']);
    }
    expect(await rowsOn('2025-06-06')).toEqual([]);
    expect((await post('/food-logs', entry('2025-06-06'), 'k'.repeat(255))).status).toBe(201);
    expect((await post('/food-logs', entry('2025-06-06'), '!~{}')).status).toBe(201);
  });

  it('concurrent requests with one key: exactly one row; the others replay the answer or get 409 with Retry-After', async () => {
    const k = key();
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('/food-logs', entry('2025-06-07'), k)));
    const created = answers.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of answers) {
      expect([201, 409]).toContain(r.status);
      if (r.status === 201) expect(r.json.id).toBe(created[0]!.json.id);
      else {
        expect(r.json.detail.type).toBe('idempotency_key_in_progress');
        expect(r.headers.get('retry-after')).toBe('1');
      }
    }
    expect(answers.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(await rowsOn('2025-06-07')).toHaveLength(1);
  });

  it('holds across API processes sharing the database', async () => {
    const second = await createTestApp({ JWT_SECRET: t.config.JWT_SECRET }, { database: t.database });
    try {
      const k = key();
      const calls = [t.http, second.http, t.http, second.http].map((http) => http.post('/food-logs/batch', [entry('2025-06-08'), entry('2025-06-08', 'Kiwi')], { token: a.token, headers: { 'idempotency-key': k } }));
      const answers = await Promise.all(calls);
      expect(answers.every((r) => r.status === 201 || r.status === 409)).toBe(true);
      expect(answers.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
      expect(await rowsOn('2025-06-08')).toHaveLength(2);
    } finally {
      await second.close();
    }
  });

  it('a repeat while the first is still running waits, then 409; a key left running by a dead process is taken over', async () => {
    // A finished request tells what a row for this body looks like; a second key is then left "in progress".
    const done = key();
    expect((await post('/food-logs', entry('2025-06-09'), done)).status).toBe(201);
    const [row] = await t.app.db.select().from(idempotency_keys).where(and(eq(idempotency_keys.user_id, a.user.id), eq(idempotency_keys.key, done)));
    const k = key();
    await t.app.db.insert(idempotency_keys).values({ user_id: a.user.id, key: k, method: row!.method, path: row!.path, request_hash: row!.request_hash });
    const started = Date.now();
    const busy = await post('/food-logs', entry('2025-06-09'), k);
    expect(busy.status).toBe(409);
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 100);
    expect(busy.json.detail.type).toBe('idempotency_key_in_progress');
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(await rowsOn('2025-06-09')).toHaveLength(1);
    // Two minutes later it is a leftover: the repeat runs the write and keeps its answer.
    await t.app.db.update(idempotency_keys).set({ created_at: new Date(Date.now() - 120_000) }).where(and(eq(idempotency_keys.user_id, a.user.id), eq(idempotency_keys.key, k)));
    const retried = await post('/food-logs', entry('2025-06-09'), k);
    expect(retried.status).toBe(201);
    expect((await post('/food-logs', entry('2025-06-09'), k)).json).toEqual(retried.json);
    expect(await rowsOn('2025-06-09')).toHaveLength(2);
  });

  it(`keys are kept ${IDEMPOTENCY_KEY_DAYS} days: the hourly maintenance job removes only older ones`, async () => {
    const old = `old-${randomBytes(4).toString('hex')}`;
    const recent = `recent-${randomBytes(4).toString('hex')}`;
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const base = { user_id: b.user.id, method: 'POST', path: '/api/v1/food-logs', request_hash: 'x', status: 201, response_body: '{}' };
    await t.app.db.insert(idempotency_keys).values([{ ...base, key: old, created_at: at(IDEMPOTENCY_KEY_DAYS + 1) }, { ...base, key: recent, created_at: at(IDEMPOTENCY_KEY_DAYS - 1) }]);
    // The hourly maintenance job's run.
    expect(await purgeExpired(t.app.db, `test-${randomBytes(4).toString('hex')}`, now)).toBeTruthy();
    const left = (await t.app.db.select().from(idempotency_keys).where(eq(idempotency_keys.user_id, b.user.id))).map((r) => r.key);
    expect(left).toContain(recent);
    expect(left).not.toContain(old);
  });

  it('the OpenAPI document declares the header on the opted-in writes only', async () => {
    const doc = (await t.http.get('/openapi.json')).json;
    const declares = (path: string, method: string) => (doc.paths[path]?.[method]?.parameters ?? []).some((p: any) => p.in === 'header' && p.name === 'idempotency-key');
    for (const [path, method] of [
      ['/api/v1/food-logs', 'post'],
      ['/api/v1/food-logs/batch', 'post'],
      ['/api/v1/food-logs/copy', 'post'],
      ['/api/v1/saved-meals', 'post'],
      ['/api/v1/saved-meals/{id}/log', 'post'],
      ['/api/v1/health-metrics/weight', 'post'],
      ['/api/v1/favorite-foods/manual', 'post'],
    ]) expect(declares(path!, method!), `${method} ${path}`).toBe(true);
    expect(declares('/api/v1/food-logs/{id}', 'put')).toBe(false);
    expect(declares('/api/v1/saved-meals', 'get')).toBe(false);
  });

  it('weight and favorites writes are idempotent too', async () => {
    const k = key();
    const w1 = await post('/health-metrics/weight', { weight_kg: 70.5, date: '2025-06-10' }, k);
    expect([200, 201]).toContain(w1.status);
    const w2 = await post('/health-metrics/weight', { weight_kg: 70.5, date: '2025-06-10' }, k);
    expect(w2.headers.get('idempotent-replayed')).toBe('true');
    expect(w2.json).toEqual(w1.json);
    const f = key();
    const f1 = await post('/favorite-foods/manual', { food_name: 'Oat bar', calories: 190 }, f);
    expect(f1.status).toBe(201);
    const f2 = await post('/favorite-foods/manual', { food_name: 'Oat bar', calories: 190 }, f);
    expect(f2.status).toBe(201);
    expect(f2.headers.get('idempotent-replayed')).toBe('true');
  });
});
