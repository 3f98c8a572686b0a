import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-thread.ts';

let db: PgliteThread;
beforeAll(async () => {
  db = await PgliteThread.start({ extraStartParams: [] });
  await db.exec('create table t (id int primary key, note text, at timestamptz default now())');
}, 60_000);
afterAll(() => db?.close());

describe('the embedded database on its own thread', () => {
  it('answers rows as objects or arrays, and keeps the types drizzle asks to keep as text', async () => {
    await db.query('insert into t (id, note, at) values ($1, $2, $3)', [1, 'one', '2026-01-02T03:04:05Z']);
    const objects = await db.query('select id, note from t where id = $1', [1]);
    expect(objects.rows).toEqual([{ id: 1, note: 'one' }]);
    const arrays = await db.query('select id, at from t', [], { rowMode: 'array' });
    expect(arrays.rows[0][0]).toBe(1);
    expect(arrays.rows[0][1]).toBeInstanceOf(Date);
    const asText = await db.query('select at from t', [], { rowMode: 'array', parsers: { 1184: (v: string) => v } });
    expect(asText.rows[0][0]).toBe('2026-01-02 03:04:05+00');
  });

  it('refuses a parser that would change the text (a function cannot cross threads)', async () => {
    await expect(db.query('select 1', [], { parsers: { 23: (v: string) => Number(v) } })).rejects.toThrow(/cannot run on the database thread/);
  });

  it("passes PostgreSQL's error fields on: a unique violation keeps its code and constraint", async () => {
    const err = await db.query('insert into t (id) values (1)').catch((e: unknown) => e as Record<string, unknown>);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_pkey' });
    // The same with drizzle's parsers: PGlite attaches the query's options (functions) to its error; it still arrives.
    const withParsers = await db.query('insert into t (id) values (1)', [], { parsers: { 1184: (v: string) => v } }).catch((e: unknown) => e as Record<string, unknown>);
    expect(withParsers).toMatchObject({ code: '23505' });
  });

  it('commits a transaction whose callback resolves and rolls back one that throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into t (id, note) values (2, $1)', ['kept']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t (id, note) values (3, $1)', ['lost']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await db.query('select id from t order by id');
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it('keeps the event loop turning while a long statement runs', async () => {
    let ticks = 0;
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks++;
    }, 5);
    const started = performance.now();
    // A statement of a few hundred milliseconds: on the main thread, no timer could fire until it ended.
    await db.query('select count(*) from generate_series(1, 600000) g where g % 7 = 3');
    const took = performance.now() - started;
    clearInterval(timer);
    expect(took).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThan(3);
    expect(longestGap).toBeLessThan(took / 2);
  });
});
