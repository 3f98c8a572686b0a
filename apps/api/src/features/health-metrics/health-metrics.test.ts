import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { createTestApp, isErrorBody, type TestApp } from '../../../test/helpers.ts';
import { makeUser } from '../foods/test-support.ts';

let t: TestApp;
let token: string;
let otherToken: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await makeUser(t, { timezone: 'Pacific/Kiritimati' })).token;
  otherToken = (await makeUser(t)).token;
});
afterAll(async () => {
  await t?.close();
});

const todayIn = (tz: string) => format(new TZDate(new Date(), tz), 'yyyy-MM-dd');

describe('weight', () => {
  it("stores a weight on today's local date by default and lists it", async () => {
    const res = await t.http.post('/health-metrics/weight', { weight_kg: 80.4 }, { token });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ weight_kg: 80.4, date: todayIn('Pacific/Kiritimati'), source: 'manual', source_id: null });
    const list = await t.http.get('/health-metrics/health-metrics?metric_type=weight', { token });
    expect(list.status).toBe(200);
    expect(list.json.metrics.map((m: any) => [m.metric_type, m.value, m.unit])).toEqual([['weight', 80.4, 'kg']]);
  });

  it('a re-sync of the same sample id updates instead of duplicating', async () => {
    const body = { weight_kg: 81, date: '2025-01-05', time: '07:30', source: 'healthkit', source_id: 'HK-1' };
    const first = await t.http.post('/health-metrics/weight', body, { token });
    expect(first.status).toBe(201);
    const again = await t.http.post('/health-metrics/weight', { ...body, weight_kg: 81.2 }, { token });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    const list = await t.http.get('/health-metrics/weight?start_date=2025-01-01&end_date=2025-01-31', { token });
    expect(list.json).toHaveLength(1);
    expect(list.json[0]).toMatchObject({ weight_kg: 81.2, time: '07:30', source: 'healthkit', source_id: 'HK-1' });
    // Another user's sample with the same id is theirs, not an update of ours.
    const theirs = await t.http.post('/health-metrics/weight', body, { token: otherToken });
    expect(theirs.status).toBe(201);
    expect(theirs.json.id).not.toBe(first.json.id);
  });

  it('refuses impossible values with 422 naming the field', async () => {
    const farFuture = format(addDays(new Date(), 30), 'yyyy-MM-dd');
    const cases: [unknown, string][] = [
      [{ weight_kg: -3 }, 'weight_kg'],
      [{ weight_kg: 0 }, 'weight_kg'],
      [{ weight_kg: 900 }, 'weight_kg'],
      [{ weight_kg: '80' }, 'weight_kg'],
      [{ weight_kg: 80, date: farFuture }, 'date'],
      [{ weight_kg: 80, date: '2025-02-30' }, 'date'],
      [{ weight_kg: 80, time: '25:00' }, 'time'],
    ];
    for (const [body, field] of cases) {
      const res = await t.http.post('/health-metrics/weight', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(isErrorBody(res)).toBe(true);
      expect(res.json.detail.errors[0].loc).toContain(field);
    }
    // A 300 kg swing within a day of the 81.2 kg logged on 2025-01-05 is asked about (409), not stored.
    const jump = await t.http.post('/health-metrics/weight', { weight_kg: 381, date: '2025-01-06' }, { token });
    expect(jump.status).toBe(409);
    expect(jump.json.detail.msg).toBe('381 kg is 299.8 kg more than the 81.2 kg you logged on Sun, Jan 5, 2025. Check the number, or save it again to confirm.');
    const list = await t.http.get('/health-metrics/weight?start_date=2025-01-06&end_date=2025-01-06', { token });
    expect(list.json).toEqual([]);
  });

  it('a real loss over months is not mistaken for a typo', async () => {
    const res = await t.http.post('/health-metrics/weight', { weight_kg: 70, date: '2025-02-20' }, { token });
    expect(res.status).toBe(201);
  });
});

describe('intake, workout, sleep', () => {
  it("records a day's intake from another app once per source and day", async () => {
    const a = await t.http.post('/health-metrics', { date: '2025-01-05', calories: 2100, protein: 120, carbs: 200, fat: 70, source: 'myfitnesspal' }, { token });
    expect(a.status).toBe(201);
    const b = await t.http.post('/health-metrics', { date: '2025-01-05', calories: 2200, source: 'myfitnesspal' }, { token });
    expect(b.status).toBe(200);
    expect(b.json).toMatchObject({ id: a.json.id, calories: 2200, protein: 0 });
    const bad = await t.http.post('/health-metrics', { date: '2025-01-05', calories: -5 }, { token });
    expect(bad.status).toBe(422);
    expect(bad.json.detail.errors[0].loc).toContain('calories');
  });

  it('workouts: create, list by range, idempotent by sample id, bad values refused', async () => {
    const w = { date: '2025-01-07', type: 'running', duration_min: 42, calories_burned: 450, distance_km: 8.2, source: 'healthkit', source_id: 'W-1' };
    expect((await t.http.post('/health-metrics/workout', w, { token })).status).toBe(201);
    expect((await t.http.post('/health-metrics/workout', w, { token })).status).toBe(200);
    await t.http.post('/health-metrics/workout', { date: '2025-03-01', type: 'yoga', duration_min: 30 }, { token });
    const jan = await t.http.get('/health-metrics/workout?start_date=2025-01-01&end_date=2025-01-31', { token });
    expect(jan.json).toEqual([expect.objectContaining({ type: 'running', duration_min: 42, distance_km: 8.2 })]);
    for (const [body, field] of [[{ ...w, source_id: undefined, duration_min: 0 }, 'duration_min'], [{ ...w, source_id: undefined, distance_km: -1 }, 'distance_km'], [{ ...w, source_id: undefined, type: '' }, 'type']] as const) {
      const res = await t.http.post('/health-metrics/workout', body, { token });
      expect(res.status).toBe(422);
      expect(res.json.detail.errors[0].loc).toContain(field);
    }
  });

  it('sleep must end after it starts and last at most a day', async () => {
    const ok = await t.http.post('/health-metrics/sleep', { date: '2025-01-08', start: '2025-01-07T23:00:00+01:00', end: '2025-01-08T07:30:00+01:00', quality: 4 }, { token });
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({ duration_hours: 8.5, quality: 4 });
    const backwards = await t.http.post('/health-metrics/sleep', { date: '2025-01-08', start: '2025-01-08T07:00:00Z', end: '2025-01-07T23:00:00Z' }, { token });
    expect(backwards.status).toBe(422);
    expect(backwards.json.detail.errors[0].loc).toEqual(['body', 'end']);
    const long = await t.http.post('/health-metrics/sleep', { date: '2025-01-08', start: '2025-01-06T07:00:00Z', end: '2025-01-08T07:00:00Z' }, { token });
    expect(long.status).toBe(422);
    // filed under its wake-up day (a day either way for the zone), not months away
    const elsewhere = await t.http.post('/health-metrics/sleep', { date: '2024-11-01', start: '2025-01-07T23:00:00Z', end: '2025-01-08T07:00:00Z' }, { token });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.json.detail.errors[0].loc).toEqual(['body', 'date']);
    const quality = await t.http.post('/health-metrics/sleep', { date: '2025-01-08', start: '2025-01-07T23:00:00Z', end: '2025-01-08T07:00:00Z', quality: 9 }, { token });
    expect(quality.json.detail.errors[0].loc).toContain('quality');
    const list = await t.http.get('/health-metrics/sleep?start_date=2025-01-01&end_date=2025-01-31', { token });
    expect(list.json).toHaveLength(1);
  });

  it('lists several metric types together, sorted by date; unknown types are 422', async () => {
    const res = await t.http.get('/health-metrics/health-metrics?metric_types=weight,sleep,workout&start_date=2025-01-01&end_date=2025-01-31', { token });
    expect(res.status).toBe(200);
    expect(res.json.metrics.map((m: any) => `${m.date} ${m.metric_type}`)).toEqual(['2025-01-05 weight', '2025-01-07 workout', '2025-01-08 sleep']);
    expect((await t.http.get('/health-metrics/health-metrics?metric_types=weight,steps', { token })).status).toBe(422);
    expect((await t.http.get('/health-metrics/health-metrics?start_date=2025-02-01&end_date=2025-01-01', { token })).status).toBe(422);
  });

  it('keeps the sync status per source', async () => {
    const res = await t.http.post('/health-metrics/sync-status', { source: 'healthkit', last_synced_at: '2025-01-08T08:00:00Z', details: { samples: 12 } }, { token });
    expect(res.status).toBe(200);
    await t.http.post('/health-metrics/sync-status', { source: 'healthkit', last_synced_at: '2025-01-09T08:00:00Z' }, { token });
    const list = await t.http.get('/health-metrics/sync-status', { token });
    expect(list.json).toEqual([{ source: 'healthkit', last_synced_at: '2025-01-09T08:00:00.000Z', details: {} }]);
    expect((await t.http.get('/health-metrics/sync-status', { token: otherToken })).json).toEqual([]);
    expect((await t.http.post('/health-metrics/sync-status', { source: 'healthkit', last_synced_at: 'yesterday' }, { token })).status).toBe(422);
  });
});

describe('update and delete one entry', () => {
  it('updates and deletes only one own entries; another user gets 404', async () => {
    const w = await t.http.post('/health-metrics/weight', { weight_kg: 80, date: '2025-04-01' }, { token });
    const id = w.json.id;
    expect((await t.http.put(`/health-metrics/weight/${id}`, { weight_kg: 79.5 }, { token: otherToken })).status).toBe(404);
    expect((await t.http.del(`/health-metrics/weight/${id}`, { token: otherToken })).status).toBe(404);
    const upd = await t.http.put(`/health-metrics/weight/${id}`, { weight_kg: 79.5 }, { token });
    expect(upd.status).toBe(200);
    expect(upd.json.weight_kg).toBe(79.5);
    const bad = await t.http.put(`/health-metrics/weight/${id}`, { weight_kg: -1 }, { token });
    expect(bad.status).toBe(422);
    expect(bad.json.detail.errors[0].loc).toEqual(['body', 'weight_kg']);
    // The id of a weight is not a workout.
    expect((await t.http.del(`/health-metrics/workout/${id}`, { token })).status).toBe(404);
    expect((await t.http.del(`/health-metrics/weight/${id}`, { token })).status).toBe(204);
    expect((await t.http.del(`/health-metrics/weight/${id}`, { token })).status).toBe(404);
    expect((await t.http.del(`/health-metrics/steps/1`, { token })).status).toBe(422);
    expect((await t.http.del(`/health-metrics/weight/abc`, { token })).status).toBe(422);
  });

  it('a sleep update that would end before it starts is refused', async () => {
    const s = await t.http.post('/health-metrics/sleep', { date: '2025-04-02', start: '2025-04-01T23:00:00Z', end: '2025-04-02T07:00:00Z' }, { token });
    expect((await t.http.put(`/health-metrics/sleep/${s.json.id}`, { date: '2025-06-02' }, { token })).status).toBe(422);
    const res = await t.http.put(`/health-metrics/sleep/${s.json.id}`, { end: '2025-04-01T22:00:00Z' }, { token });
    expect(res.status).toBe(422);
    expect(res.json.detail.errors[0].loc).toEqual(['body', 'end']);
  });

  it('needs a signed-in user', async () => {
    expect((await t.http.get('/health-metrics/health-metrics')).status).toBe(401);
    expect((await t.http.post('/health-metrics/weight', { weight_kg: 80 })).status).toBe(401);
  });
});

describe('units, birth year and sex settings', () => {
  it('are saved and validated', async () => {
    const { token: tk } = await makeUser(t);
    expect((await t.http.get('/user-settings', { token: tk })).json).toMatchObject({ units: 'metric', birth_year: null, sex: null });
    const res = await t.http.put('/user-settings', { units: 'imperial', birth_year: 1990, sex: 'female' }, { token: tk });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ units: 'imperial', birth_year: 1990, sex: 'female' });
    for (const body of [{ units: 'stones' }, { birth_year: 1800 }, { sex: 'x' }]) expect((await t.http.put('/user-settings', body, { token: tk })).status).toBe(422);
  });
});

describe('sync status: bounded in size, sources and writes', () => {
  const at = '2026-01-05T08:00:00Z';
  const sync = (tk: string, body: Record<string, unknown>) => t.http.post('/health-metrics/sync-status', { source: 'healthkit', last_synced_at: at, ...body }, { token: tk });

  it('refuses an oversized, too long, too wide or too deep details with a 422 that names the cap, and stores none of them', async () => {
    const { token: tk } = await makeUser(t);
    const deep = { a: { b: { c: { d: { e: 1 } } } } };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ blob: 'x'.repeat(900_000) }, /16384 bytes/],
      [{ blob: 'é'.repeat(9_000) }, /16384 bytes/],
      [{ note: 'x'.repeat(1_001) }, /1000 characters/],
      [{ list: Array.from({ length: 101 }, (_, i) => i) }, /100 items/],
      [Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])), /50 keys/],
      [{ ['k'.repeat(65)]: 1 }, /64 characters/],
      [deep, /nested/],
    ];
    for (const [details, msg] of cases) {
      const res = await sync(tk, { details });
      expect(res.status, JSON.stringify(details).slice(0, 60)).toBe(422);
      expect(isErrorBody(res)).toBe(true);
      expect(res.json.detail.type).toBe('validation_error');
      expect(res.json.detail.errors[0].loc.slice(0, 2)).toEqual(['body', 'details']);
      expect(res.json.detail.msg).toMatch(msg);
    }
    expect((await t.http.get('/health-metrics/sync-status', { token: tk })).json).toEqual([]);
    // What the app sends is well inside the caps.
    const ok = await sync(tk, { details: { from: '2025-12-01T00:00:00Z', weights: 3, workouts: 1, sleep: 7, skipped: 0, failed: 0, nested: { a: { b: [1, 2] } } } });
    expect(ok.status).toBe(200);
  });

  it('keeps at most 20 sources a user: a 21st new source is 422, a known one still updates, other users are not affected', async () => {
    const { token: tk } = await makeUser(t);
    for (let i = 0; i < 20; i++) expect((await sync(tk, { source: `app-${i}` })).status).toBe(200);
    const extra = await sync(tk, { source: 'app-20' });
    expect(extra.status).toBe(422);
    expect(isErrorBody(extra)).toBe(true);
    expect(extra.json.detail.msg).toMatch(/at most 20 sources/);
    expect(extra.json.detail.errors[0].loc).toEqual(['body', 'source']);
    expect((await sync(tk, { source: 'app-7', details: { n: 1 } })).status).toBe(200);
    expect((await t.http.get('/health-metrics/sync-status', { token: tk })).json).toHaveLength(20);
    expect((await sync(otherToken, { source: 'app-20' })).status).toBe(200);
  });

  it('answers 429 with Retry-After past 120 writes an hour by one user, counted per user', async () => {
    const { token: flood } = await makeUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await sync(flood, { details: { i } })).status);
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    const last = await sync(flood, {});
    expect(last.status).toBe(429);
    expect(isErrorBody(last)).toBe(true);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    const { token: calm } = await makeUser(t);
    expect((await sync(calm, {})).status).toBe(200);
    // Reading is not a write.
    expect((await t.http.get('/health-metrics/sync-status', { token: flood })).status).toBe(200);
  });
});
