// Issue 39 item 6: the CSV export streams a long history a page at a time, one export per user at a time; batch writes
// have an allowance an hour, counted in the database and checked before the body is read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { parse } from 'csv-parse/sync';
import { subDays, format } from 'date-fns';
import { createTestApp, isErrorBody, type TestApp } from '../../../test/helpers.ts';
import { food_logs } from '../../db/schema/index.ts';
import { makeUser } from '../foods/test-support.ts';
import { BATCH_WRITE_RATE } from './routes.ts';
import { CSV_PAGE_ROWS } from './service.ts';

let t: TestApp;
let heavy: { user: { id: number }; token: string };
let other: { user: { id: number }; token: string };
const ENTRIES = 6_000;
const today = format(new Date(), 'yyyy-MM-dd');

beforeAll(async () => {
  t = await createTestApp();
  heavy = await makeUser(t);
  other = await makeUser(t);
  // A long history straight into the table: 6,000 entries over 300 days, 20 a day, several written in the same instant
  // (the export's order must still be total: date, time written, id).
  const at = new Date('2025-01-01T08:00:00Z');
  for (let start = 0; start < ENTRIES; start += 1_000) {
    await t.app.db.insert(food_logs).values(
      Array.from({ length: 1_000 }, (_, k) => {
        const i = start + k;
        return { user_id: heavy.user.id, food_name: `Food ${i}`, calories: i % 700, meal_type: 'lunch', date: format(subDays(new Date(), Math.floor(i / 20)), 'yyyy-MM-dd'), created_at: at };
      }),
    );
  }
  await t.http.post('/food-logs', { food_name: 'Other toast', calories: 90, meal_type: 'breakfast', date: today }, { token: other.token });
});
afterAll(async () => {
  await t?.close();
});

/** Opens the export and reads only its headers: the answer stays open (the client does not read it) until `stop()`. */
function openExport(token: string, days = 3650): Promise<{ status: number; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.api}/food-logs/download/${days}`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.pause();
      resolve({ status: res.statusCode!, stop: () => req.destroy() });
    });
    req.on('error', () => {});
    req.once('error', reject);
    req.end();
  });
}

describe('CSV export of a long history', () => {
  it('streams every entry once, in the log order, across pages', async () => {
    expect(ENTRIES).toBeGreaterThan(CSV_PAGE_ROWS * 5);
    const res = await fetch(`${t.api}/food-logs/download/3650`, { headers: { authorization: `Bearer ${heavy.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    // Streamed, not built in one piece: no content-length, chunked transfer.
    expect(res.headers.get('content-length')).toBeNull();
    const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(ENTRIES);
    expect(new Set(rows.map((r) => r.food_name)).size).toBe(ENTRIES);
    const dates = rows.map((r) => r.date);
    expect([...dates].sort()).toEqual(dates);
    // Within a day, by the time written, then by id: the order in which they were inserted.
    const oneDay = rows.filter((r) => r.date === dates.at(-1)).map((r) => Number(r.food_name!.slice(5)));
    expect(oneDay).toEqual([...oneDay].sort((a, b) => a - b));
  });

  it('an empty history still has the header', async () => {
    const fresh = await makeUser(t);
    const res = await fetch(`${t.api}/food-logs/download/7`, { headers: { authorization: `Bearer ${fresh.token}` } });
    expect((await res.text()).trim().split('\n')[0]).toMatch(/^date,meal_type,food_name/);
  });

  it('one export per user at a time: a second answers 429 while the first streams; other users are not refused', async () => {
    const first = await openExport(heavy.token);
    expect(first.status).toBe(200);
    try {
      const second = await t.http.get('/food-logs/download/3650', { token: heavy.token });
      expect(second.status).toBe(429);
      expect(isErrorBody(second)).toBe(true);
      expect(second.json.detail.msg).toMatch(/already being downloaded/);
      expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
      const others = await t.http.get('/food-logs/download/30', { token: other.token });
      expect(others.status).toBe(200);
    } finally {
      first.stop();
    }
    // The client that went away gave its slot back: the next export runs.
    await expect.poll(async () => (await t.http.get('/food-logs/download/1', { token: heavy.token })).status, { timeout: 5_000 }).toBe(200);
  });
});

describe('batch writes', () => {
  it(`answer 429 past ${BATCH_WRITE_RATE.max} an hour, before reading the body; other users keep writing`, async () => {
    const user = await makeUser(t);
    const one = [{ food_name: 'Rice cake', calories: 35, meal_type: 'snack', date: today }];
    for (let i = 0; i < BATCH_WRITE_RATE.max; i++) {
      const res = await t.http.post('/food-logs/batch', one, { token: user.token });
      expect(res.status).toBe(201);
    }
    const over = await t.http.post('/food-logs/batch', one, { token: user.token });
    expect(over.status).toBe(429);
    expect(isErrorBody(over)).toBe(true);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // A body that would fail to parse is not read at all once the allowance is used.
    const junk = await fetch(`${t.api}/food-logs/batch`, { method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' }, body: '{not json' });
    expect(junk.status).toBe(429);
    // Nothing past the allowance was written.
    const day = await t.http.get(`/food-logs/daily-summary/${today}`, { token: user.token });
    expect(day.json.daily_totals.calories).toBe(35 * BATCH_WRITE_RATE.max);
    expect((await t.http.post('/food-logs/batch', one, { token: other.token })).status).toBe(201);
  });
});
