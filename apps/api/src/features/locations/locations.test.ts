import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, isErrorBody, waitFor, type TestApp } from '../../../test/helpers.ts';
import { locations } from '../../db/schema/index.ts';
import { LOCATIONS_CLEANUP_QUEUE } from './jobs.ts';
import { lastLocationContext } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const BERLIN = { latitude: 52.52, longitude: 13.405 };

describe('recording and reading positions', () => {
  it('records a position and answers it as the last one and in the recent list', async () => {
    const { token } = await createUser(t);
    const first = await t.http.post('/locations', { ...BERLIN, accuracy: 12, recorded_at: ago(2 * HOUR) }, { token });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ ...BERLIN, accuracy: 12, location_context: 'other' });
    const now = await t.http.post('/locations', { latitude: 52.53, longitude: 13.41 }, { token });
    expect(now.status).toBe(201);
    expect(Date.now() - Date.parse(now.json.recorded_at)).toBeLessThan(60_000);
    await t.http.post('/locations', { ...BERLIN, recorded_at: ago(30 * HOUR) }, { token });

    const last = await t.http.get('/locations/last', { token });
    expect(last.status).toBe(200);
    expect(last.json).toMatchObject({ id: now.json.id, latitude: 52.53 });

    // Default window: 24 hours (spec §9); newest first.
    const recent = await t.http.get('/locations/recent', { token });
    expect(recent.json.locations.map((l: { id: number }) => l.id)).toEqual([now.json.id, first.json.id]);
    const wider = await t.http.get('/locations/recent?hours=48', { token });
    expect(wider.json.locations).toHaveLength(3);
  });

  it('answers 404 for the last position of a user who never sent one', async () => {
    const { token } = await createUser(t);
    const res = await t.http.get('/locations/last', { token });
    expect(res.status).toBe(404);
    expect(isErrorBody(res)).toBe(true);
  });

  it('rejects impossible coordinates, dates outside 1900–2100, too old or future positions and bad windows with 422', async () => {
    const { token } = await createUser(t);
    const bad = [
      { latitude: 91, longitude: 0 },
      { latitude: 0, longitude: -180.5 },
      { latitude: '52', longitude: 13 },
      { latitude: 52 },
      { ...BERLIN, accuracy: -1 },
      { ...BERLIN, recorded_at: '2200-01-01T00:00:00Z' },
      { ...BERLIN, recorded_at: 'yesterday' },
      { ...BERLIN, recorded_at: ago(31 * DAY) },
      { ...BERLIN, recorded_at: new Date(Date.now() + 3 * HOUR).toISOString() },
    ];
    for (const body of bad) {
      const res = await t.http.post('/locations', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.detail.type).toBe('validation_error');
    }
    for (const q of ['hours=0', 'hours=abc', 'hours=100000', 'hours=1.5']) {
      expect((await t.http.get(`/locations/recent?${q}`, { token })).status, q).toBe(422);
    }
    expect((await t.http.get('/locations/recent', { token })).json.locations).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await t.http.post('/locations', BERLIN)).status).toBe(401);
    expect((await t.http.get('/locations/last')).status).toBe(401);
    expect((await t.http.del('/locations')).status).toBe(401);
  });
});

describe('privacy', () => {
  it('never shows or deletes one user\'s positions for another', async () => {
    const victim = await createUser(t);
    const attacker = await createUser(t);
    await t.http.post('/locations', BERLIN, { token: victim.token });
    expect((await t.http.get('/locations/last', { token: attacker.token })).status).toBe(404);
    expect((await t.http.get('/locations/recent?hours=720', { token: attacker.token })).json.locations).toEqual([]);
    // Smuggling a user id changes nothing: the body's unknown fields are dropped.
    await t.http.post('/locations', { ...BERLIN, user_id: victim.user.id }, { token: attacker.token });
    expect((await t.http.del('/locations', { token: attacker.token })).json).toEqual({ deleted: 1 });
    const still = await t.http.get('/locations/recent', { token: victim.token });
    expect(still.json.locations).toHaveLength(1);
  });

  it('DELETE /locations removes the whole history of the caller', async () => {
    const { token } = await createUser(t);
    for (const h of [1, 5, 50]) await t.http.post('/locations', { ...BERLIN, recorded_at: ago(h * HOUR) }, { token });
    const res = await t.http.del('/locations', { token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deleted: 3 });
    expect((await t.http.get('/locations/recent?hours=720', { token })).json.locations).toEqual([]);
    expect((await t.http.get('/locations/last', { token })).status).toBe(404);
  });

  it('positions go with the account', async () => {
    const u = await createUser(t);
    await t.http.post('/locations', BERLIN, { token: u.token });
    const del = await t.http.call('DELETE', '/profile', { token: u.token, body: { password: u.password } });
    expect(del.status).toBe(200);
    expect(await t.database.db.select().from(locations).where(eq(locations.user_id, u.user.id))).toEqual([]);
  });
});

describe('retention (30 days)', () => {
  it('hides positions older than 30 days and the cleanup job deletes them', async () => {
    const u = await createUser(t);
    const [old] = await t.database.db.insert(locations).values({ user_id: u.user.id, ...BERLIN, recorded_at: new Date(Date.now() - 31 * DAY) }).returning();
    const [kept] = await t.database.db.insert(locations).values({ user_id: u.user.id, ...BERLIN, recorded_at: new Date(Date.now() - 29 * DAY) }).returning();
    const listed = await t.http.get('/locations/recent?hours=720', { token: u.token });
    expect(listed.json.locations.map((l: { id: number }) => l.id)).toEqual([kept!.id]);

    const id = await t.app.boss.send(LOCATIONS_CLEANUP_QUEUE, {});
    const job = await waitFor(async () => {
      const j = await t.app.boss.getJobById(LOCATIONS_CLEANUP_QUEUE, id!);
      return j?.state === 'completed' ? j : null;
    });
    expect((job.output as { removed: number }).removed).toBeGreaterThanOrEqual(1);
    const rows = await t.database.db.select().from(locations).where(eq(locations.user_id, u.user.id));
    expect(rows.map((r) => r.id)).toEqual([kept!.id]);
    expect(rows.some((r) => r.id === old!.id)).toBe(false);
  });
});

describe('saved places and location context', () => {
  it('labels positions near home or work, and lastLocationContext says where the user is', async () => {
    const u = await createUser(t);
    expect(await lastLocationContext(t.app.db, u.user.id)).toBeNull();
    await t.http.post('/locations', BERLIN, { token: u.token });
    // No saved places: we cannot tell home from elsewhere.
    expect(await lastLocationContext(t.app.db, u.user.id)).toBeNull();

    const home = await t.http.post('/locations/places', { label: 'home', ...BERLIN }, { token: u.token });
    expect(home.status).toBe(200);
    const work = await t.http.post('/locations/places', { label: 'work', latitude: 52.5, longitude: 13.3 }, { token: u.token });
    expect(work.status).toBe(200);
    expect((await t.http.post('/locations/places', { label: 'gym', ...BERLIN }, { token: u.token })).status).toBe(422);
    expect((await t.http.get('/locations/places', { token: u.token })).json.places.map((p: { label: string }) => p.label)).toEqual(['home', 'work']);

    expect(await lastLocationContext(t.app.db, u.user.id)).toBe('home');
    // ~70 m from work.
    const atWork = await t.http.post('/locations', { latitude: 52.5006, longitude: 13.3 }, { token: u.token });
    expect(atWork.json.location_context).toBe('work');
    expect(await lastLocationContext(t.app.db, u.user.id)).toBe('work');
    await t.http.post('/locations', { latitude: 48.85, longitude: 2.35 }, { token: u.token });
    expect(await lastLocationContext(t.app.db, u.user.id)).toBe('other');

    // Saved places are private too, and deleting one is scoped to the caller.
    const other = await createUser(t);
    expect((await t.http.get('/locations/places', { token: other.token })).json.places).toEqual([]);
    expect((await t.http.del('/locations/places/home', { token: other.token })).status).toBe(404);
    expect((await t.http.del('/locations/places/home', { token: u.token })).status).toBe(204);
  });

  it('a position older than 24 hours is no context', async () => {
    const u = await createUser(t);
    await t.http.post('/locations/places', { label: 'home', ...BERLIN }, { token: u.token });
    await t.http.post('/locations', { ...BERLIN, recorded_at: ago(25 * HOUR) }, { token: u.token });
    expect(await lastLocationContext(t.app.db, u.user.id)).toBeNull();
  });
});

describe('write limit', () => {
  it('stops a flood of positions from one user with 429, counted per user', async () => {
    const flood = await createUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await t.http.post('/locations', BERLIN, { token: flood.token })).status);
    expect(statuses.slice(0, 120).every((s) => s === 201)).toBe(true);
    expect(statuses[120]).toBe(429);
    const calm = await createUser(t);
    expect((await t.http.post('/locations', BERLIN, { token: calm.token })).status).toBe(201);
  });
});
