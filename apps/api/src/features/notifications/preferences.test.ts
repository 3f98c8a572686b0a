import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromNewIp, createTestApp, isErrorBody, type HttpClient, type TestApp } from '../../../test/helpers.ts';
import { makeUser } from '../meal-plans/test-support.ts';
import { device_tokens } from '../../db/schema/index.ts';

let t: TestApp;
let http: HttpClient;
beforeAll(async () => {
  t = await createTestApp();
  http = clientFromNewIp(t);
});
afterAll(async () => {
  await t?.close();
});

const DEFAULTS = {
  logging_reminder: { enabled: false, times: ['10:00', '14:00', '20:00'] },
  meal_reminder: { enabled: false, times: { breakfast: '07:30', lunch: '12:00', snack: null, dinner: '18:00' } },
  quiet_hours: { start: '22:00', end: '07:00' },
  channels: { in_app: true, push: false },
  push_available: { ios: false, android: false, web: false },
};

describe('notification preferences', () => {
  it('answers opt-in defaults with the time zone, then saves partial updates per user', async () => {
    const a = await makeUser(t, { timezone: 'Europe/Berlin' });
    const b = await makeUser(t);
    const got = await http.get('/notifications/preferences', { token: a.token });
    expect(got.status).toBe(200);
    expect(got.json).toEqual({ ...DEFAULTS, timezone: 'Europe/Berlin' });
    const put = await http.put('/notifications/preferences', { logging_reminder: { enabled: true }, meal_reminder: { times: { lunch: '13:15', snack: '16:00' } }, channels: { in_app: true }, quiet_hours: null, push_available: { ios: true } }, { token: a.token });
    expect(put.status, put.text).toBe(200);
    expect(put.json).toMatchObject({
      logging_reminder: { enabled: true, times: ['10:00', '14:00', '20:00'] },
      meal_reminder: { enabled: false, times: { breakfast: '07:30', lunch: '13:15', snack: '16:00', dinner: '18:00' } },
      quiet_hours: null,
      channels: { in_app: true, push: false },
      // Read only: what the server can deliver, not what the client says.
      push_available: { ios: false, web: false },
    });
    const next = await http.put('/notifications/preferences', { logging_reminder: { times: ['21:00', '09:30'] }, meal_reminder: { enabled: true, times: { breakfast: null } } }, { token: a.token });
    expect(next.json.logging_reminder).toEqual({ enabled: true, times: ['09:30', '21:00'] });
    expect(next.json.meal_reminder).toEqual({ enabled: true, times: { breakfast: null, lunch: '13:15', snack: '16:00', dinner: '18:00' } });
    expect((await http.get('/notifications/preferences', { token: a.token })).json).toEqual(next.json);
    expect((await http.get('/notifications/preferences', { token: b.token })).json).toEqual({ ...DEFAULTS, timezone: 'UTC' });
  });

  it('refuses bad times, lists and types with 422', async () => {
    const u = await makeUser(t);
    for (const body of [
      { logging_reminder: { times: ['25:00'] } },
      { logging_reminder: { times: ['7:00'] } },
      { logging_reminder: { times: ['10:00', '10:00'] } },
      { logging_reminder: { times: ['01:00', '02:00', '03:00', '04:00', '05:00', '06:00', '07:00'] } },
      { logging_reminder: { enabled: 'yes' } },
      { meal_reminder: { times: 'noon' } },
      { meal_reminder: { times: { lunch: '12:60' } } },
      { quiet_hours: { start: '22:00' } },
      { quiet_hours: { start: '22:00', end: '22:00' } },
      { channels: { push: 1 } },
      // An older client's shape is refused, not silently ignored.
      { push_enabled: true },
      { logging_reminder: { enabled: true, time: '10:00' } },
    ]) {
      const res = await http.put('/notifications/preferences', body, { token: u.token });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(isErrorBody(res)).toBe(true);
    }
    expect((await http.get('/notifications/preferences', { token: u.token })).json).toMatchObject(DEFAULTS);
    const bad = await http.call('PUT', '/notifications/preferences', { token: u.token, raw: '{"channels": tru' });
    expect(bad.status).toBe(400);
    expect(isErrorBody(bad)).toBe(true);
  });

  it('needs a token, and says push is off with no VAPID key', async () => {
    expect((await http.get('/notifications/preferences')).status).toBe(401);
    expect((await http.put('/notifications/preferences', {})).status).toBe(401);
    const u = await makeUser(t);
    const key = await http.get('/notifications/vapid-public-key', { token: u.token });
    expect(key.status).toBe(404);
    expect(isErrorBody(key)).toBe(true);
  });

  it('refuses push: true with 422 saying why when no push channel can reach the user (issue 40 item 8b)', async () => {
    const u = await makeUser(t);
    const res = await http.put('/notifications/preferences', { channels: { push: true }, logging_reminder: { enabled: true } }, { token: u.token });
    expect(res.status, res.text).toBe(422);
    expect(isErrorBody(res)).toBe(true);
    expect(res.json.detail.msg).toMatch(/not available on this server/);
    expect(res.json.detail.errors).toEqual([{ loc: ['body', 'channels', 'push'], msg: res.json.detail.msg, type: 'push_unavailable' }]);
    // Nothing of the refused update is stored; turning push off stays possible.
    expect((await http.get('/notifications/preferences', { token: u.token })).json).toMatchObject({ channels: { push: false }, logging_reminder: { enabled: false } });
    expect((await http.put('/notifications/preferences', { channels: { push: false } }, { token: u.token })).status).toBe(200);
  });

  it('with Web Push configured, refuses push until the user has a device registered, then accepts it', async () => {
    const web = await createTestApp({ VAPID_PUBLIC_KEY: 'BPublicKeyForTests', VAPID_PRIVATE_KEY: 'private-key-for-tests', VAPID_SUBJECT: 'mailto:ops@example.com' });
    try {
      const u = await makeUser(web);
      const client = clientFromNewIp(web);
      const before = await client.put('/notifications/preferences', { channels: { push: true } }, { token: u.token });
      expect(before.status, before.text).toBe(422);
      expect(before.json.detail.msg).toMatch(/no device of yours is registered/);
      await web.app.db.insert(device_tokens).values({ user_id: u.id, token: 'https://push.example.com/send/abc', device_type: 'web', web_push_keys: { p256dh: 'p', auth: 'a' } });
      const after = await client.put('/notifications/preferences', { channels: { push: true } }, { token: u.token });
      expect(after.status, after.text).toBe(200);
      expect(after.json).toMatchObject({ channels: { push: true }, push_available: { web: true } });
    } finally {
      await web.close();
    }
  }, 60_000);
});
