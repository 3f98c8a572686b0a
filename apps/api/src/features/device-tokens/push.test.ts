import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createTestApp, waitFor, type TestApp } from '../../../test/helpers.ts';
import { makeUser } from '../meal-plans/test-support.ts';
import { runReminders } from '../reminders/service.ts';
import { instantOf } from '../reminders/schedule.ts';
import { remindersOf, setReminderPrefs } from '../reminders/test-support.ts';
import { apnsKey, selfSignedCert, startApns, startWebPush } from './push-test-servers.ts';

const KEY_ID = 'ABC123DEFG';
const TEAM_ID = 'TEAM123456';
const TOPIC = 'com.example.nutrition';
const SUBJECT = 'mailto:ops@example.com';
const DAY = '2031-04-02';
const hex = (c: string) => c.repeat(64);

let t: TestApp;
let apns: Awaited<ReturnType<typeof startApns>>;
let push: Awaited<ReturnType<typeof startWebPush>>;
const vapid = webpush.generateVAPIDKeys();

beforeAll(async () => {
  const tls = selfSignedCert();
  const key = apnsKey(tls.dir);
  // 'e' tokens: the service is down for the first two tries, then takes it.
  apns = await startApns(tls, { keyId: KEY_ID, teamId: TEAM_ID, publicKey: key.publicKey, topic: TOPIC }, (token, attempt) =>
    token === hex('b') ? 'bad' : token === hex('c') ? 'gone' : (token === hex('e') && attempt <= 2) || (token === hex('9') && attempt === 1) ? 'down' : token === hex('f') ? 'down' : 'ok');
  push = await startWebPush(tls, { publicKey: vapid.publicKey, subject: SUBJECT });
  t = await createTestApp({
    APNS_KEY_ID: KEY_ID, APNS_TEAM_ID: TEAM_ID, APNS_KEY_PATH: key.path, APNS_BUNDLE_ID: TOPIC, APNS_HOST: apns.host,
    VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: SUBJECT,
    WEB_PUSH_ALLOWED_HOSTS: '127.0.0.1', PUSH_CA_PATH: tls.certPath,
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await apns?.close();
  await push?.close();
});

const sub = (id: string) => ({ endpoint: `${push.origin}/push/${id}`, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } });

describe('push delivery', () => {
  it('says which push services are on and hands out the VAPID public key', async () => {
    const u = await makeUser(t);
    expect((await t.http.get('/notifications/preferences', { token: u.token })).json.push_available).toEqual({ ios: true, android: false, web: true });
    const key = await t.http.get('/notifications/vapid-public-key', { token: u.token });
    expect(key.json).toEqual({ public_key: vapid.publicKey });
  });

  it('pushes a reminder to iOS over APNs and to browsers over Web Push, and removes dead tokens', async () => {
    const u = await makeUser(t, { timezone: 'America/Chicago' });
    for (const token of [hex('a'), hex('b'), hex('c')]) expect((await t.http.post('/device-tokens', { token, device_type: 'ios' }, { token: u.token })).status).toBe(201);
    for (const id of ['live1', 'gone1']) expect((await t.http.post('/device-tokens', { token: sub(id), device_type: 'web' }, { token: u.token })).status).toBe(201);
    // An Android token is kept but gets nothing: native Android push is off.
    await t.http.post('/device-tokens', { token: 'android-token', device_type: 'android' }, { token: u.token });
    await setReminderPrefs(t, u.id, { logging: ['20:00'], push: true });
    await runReminders(t.app, instantOf(DAY, '20:00', 'America/Chicago'));
    // The in-app notification is there at once; push follows from the job queue.
    expect(await remindersOf(t, u.id, 'logging_reminder', DAY)).toHaveLength(1);
    await waitFor(async () => apns.requests.filter((r) => [hex('a'), hex('b'), hex('c')].includes(r.token)).length >= 3 && push.requests.filter((r) => /live1|gone1/.test(r.path)).length >= 2, 30_000);
    const ok = apns.requests.find((r) => r.token === hex('a'))!;
    expect(ok.jwtOk).toBe(true);
    expect(ok.headers['apns-push-type']).toBe('alert');
    expect(ok.body.aps).toMatchObject({ alert: { title: 'Time to log your dinner' }, badge: 1 });
    expect(ok.body.url).toBe('/food-log');
    const web = push.requests.find((r) => r.path === '/push/live1')!;
    expect(web.vapidOk).toBe(true);
    expect(web.bytes).toBeGreaterThan(0);
    // BadDeviceToken (400) and Unregistered (410) on APNs, 410 on Web Push: those tokens are removed.
    const left = await waitFor(async () => {
      const l = (await t.http.get('/device-tokens', { token: u.token })).json;
      return l.length === 3 ? l : null;
    }, 20_000);
    expect(left.map((d: any) => d.token).sort()).toEqual([hex('a'), 'android-token', sub('live1').endpoint].sort());
  }, 90_000);

  it('retries a push service that is down with backoff, never holding up the in-app notification', async () => {
    const u = await makeUser(t, { timezone: 'UTC' });
    await t.http.post('/device-tokens', { token: hex('e'), device_type: 'ios' }, { token: u.token });
    await setReminderPrefs(t, u.id, { logging: ['21:00'], push: true });
    const started = Date.now();
    await runReminders(t.app, instantOf(DAY, '21:00', 'UTC'));
    expect(await remindersOf(t, u.id, 'logging_reminder', DAY)).toHaveLength(1);
    await waitFor(async () => apns.requests.filter((r) => r.token === hex('e')).length >= 3, 60_000, 250);
    const times = apns.requests.filter((r) => r.token === hex('e'));
    expect(times).toHaveLength(3);
    // Two failures (503), then delivered; the token stays.
    expect(Date.now() - started).toBeGreaterThan(3_000);
    expect((await t.http.get('/device-tokens', { token: u.token })).json).toHaveLength(1);
  }, 90_000);

  it('does not push when the push channel is off, or to a token that moved to another account', async () => {
    const a = await makeUser(t, { timezone: 'UTC' });
    const b = await makeUser(t, { timezone: 'UTC' });
    await t.http.post('/device-tokens', { token: hex('9'), device_type: 'ios' }, { token: a.token });
    await setReminderPrefs(t, a.id, { logging: ['22:00'], push: false, quiet: null });
    await runReminders(t.app, instantOf(DAY, '22:00', 'UTC'));
    expect(await remindersOf(t, a.id, 'logging_reminder', DAY)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 3000));
    expect(apns.requests.filter((r) => r.token === hex('9'))).toHaveLength(0);
    // The first try fails (503) and is retried 3 s later; meanwhile the phone signs in as b.
    await setReminderPrefs(t, a.id, { logging: ['22:30'], push: true, quiet: null });
    await runReminders(t.app, instantOf(DAY, '22:30', 'UTC'));
    await waitFor(async () => apns.requests.some((r) => r.token === hex('9')), 20_000, 50);
    await t.http.post('/device-tokens', { token: hex('9'), device_type: 'ios' }, { token: b.token });
    await new Promise((r) => setTimeout(r, 8000));
    // a's reminder never reaches b's phone.
    expect(apns.requests.filter((r) => r.token === hex('9'))).toHaveLength(1);
  }, 90_000);
});
