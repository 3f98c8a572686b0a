import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clientFromNewIp, createTestApp, createUser, isErrorBody, type HttpClient, type TestApp } from '../../../test/helpers.ts';
import { device_tokens } from '../../db/schema/index.ts';
import { makeUser } from '../meal-plans/test-support.ts';

let t: TestApp;
let http: HttpClient;
beforeAll(async () => {
  t = await createTestApp();
  http = clientFromNewIp(t);
});
afterAll(async () => {
  await t?.close();
});

const IOS = 'a'.repeat(63) + '1';
const sub = (id: string) => ({ endpoint: `https://fcm.googleapis.com/fcm/send/${id}`, expirationTime: null, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } });

describe('device tokens', () => {
  it('registers iOS tokens and web subscriptions (object or JSON text), lists them without keys', async () => {
    const u = await makeUser(t);
    const ios = await http.post('/device-tokens', { token: IOS, device_type: 'ios' }, { token: u.token });
    expect(ios.status, ios.text).toBe(201);
    expect(ios.json).toMatchObject({ id: expect.any(Number), user_id: u.id, token: IOS, device_type: 'ios' });
    const webObj = await http.post('/device-tokens', { token: sub('one'), device_type: 'web' }, { token: u.token });
    expect(webObj.status, webObj.text).toBe(201);
    expect(webObj.json.token).toBe('https://fcm.googleapis.com/fcm/send/one');
    const webText = await http.post('/device-tokens', { token: JSON.stringify(sub('two')), device_type: 'web' }, { token: u.token });
    expect(webText.status).toBe(201);
    // Registering the same token again updates it, never duplicates it.
    const again = await http.post('/device-tokens', { token: IOS, device_type: 'ios' }, { token: u.token });
    expect(again.json.id).toBe(ios.json.id);
    const list = await http.get('/device-tokens', { token: u.token });
    expect(list.json.map((d: any) => d.token)).toEqual([IOS, sub('one').endpoint, sub('two').endpoint]);
    expect(list.text).not.toContain('p256dh');
  });

  it('refuses malformed tokens and push services it does not know with 422', async () => {
    const u = await makeUser(t);
    for (const body of [
      { token: 'not-hex!', device_type: 'ios' },
      { token: 'abc', device_type: 'ios' },
      { token: IOS, device_type: 'windows' },
      { token: '', device_type: 'android' },
      { device_type: 'ios' },
      { token: 'not json', device_type: 'web' },
      { token: { endpoint: 'https://fcm.googleapis.com/fcm/send/x' }, device_type: 'web' },
      // The server POSTs to the endpoint: never to an address an attacker picks.
      { token: { ...sub('x'), endpoint: 'https://169.254.169.254/latest/meta-data' }, device_type: 'web' },
      { token: { ...sub('x'), endpoint: 'http://fcm.googleapis.com/fcm/send/x' }, device_type: 'web' },
      { token: { ...sub('x'), endpoint: 'https://fcm.googleapis.com.evil.example/x' }, device_type: 'web' },
      { token: sub('x'), device_type: 'ios' },
    ]) {
      const res = await http.post('/device-tokens', body, { token: u.token });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(isErrorBody(res)).toBe(true);
    }
    expect((await http.get('/device-tokens', { token: u.token })).json).toEqual([]);
  });

  it("answers 404 for another user's token, and moves a token to the account that registers it", async () => {
    const owner = await makeUser(t);
    const other = await makeUser(t);
    const token = 'b'.repeat(64);
    const created = await http.post('/device-tokens', { token, device_type: 'ios' }, { token: owner.token });
    const stranger = await http.del(`/device-tokens/${created.json.id}`, { token: other.token });
    expect(stranger.status).toBe(404);
    expect(isErrorBody(stranger)).toBe(true);
    expect((await http.get('/device-tokens', { token: other.token })).json).toEqual([]);
    expect((await http.get('/device-tokens', { token: owner.token })).json).toHaveLength(1);
    // Same phone, other account signs in: the token follows the new account only.
    const moved = await http.post('/device-tokens', { token, device_type: 'ios' }, { token: other.token });
    expect(moved.status).toBe(201);
    expect(moved.json).toMatchObject({ id: created.json.id, user_id: other.id });
    expect((await http.get('/device-tokens', { token: owner.token })).json).toEqual([]);
    expect((await http.del(`/device-tokens/${created.json.id}`, { token: owner.token })).status).toBe(404);
    const del = await http.del(`/device-tokens/${created.json.id}`, { token: other.token });
    expect(del.status).toBe(200);
    expect((await http.get('/device-tokens', { token: other.token })).json).toEqual([]);
    for (const id of ['abc', '0', '-1']) expect((await http.del(`/device-tokens/${id}`, { token: other.token })).status).toBe(422);
  });

  it('needs a token, and keeps at most 20 devices per account', async () => {
    expect((await http.get('/device-tokens')).status).toBe(401);
    expect((await http.post('/device-tokens', { token: IOS, device_type: 'ios' })).status).toBe(401);
    const u = await makeUser(t);
    for (let i = 0; i < 22; i++) await http.post('/device-tokens', { token: i.toString(16).padStart(64, 'c'), device_type: 'ios' }, { token: u.token });
    const list = (await http.get('/device-tokens', { token: u.token })).json;
    expect(list).toHaveLength(20);
    expect(list.map((d: any) => d.token)).not.toContain('0'.padStart(64, 'c'));
  });

  it('deletes the tokens with the account', async () => {
    const u = await createUser(t, { http });
    await http.post('/device-tokens', { token: 'd'.repeat(64), device_type: 'ios' }, { token: u.token });
    expect(await t.app.db.select().from(device_tokens).where(eq(device_tokens.user_id, u.user.id))).toHaveLength(1);
    const del = await http.del('/profile', { token: u.token, body: { password: u.password } });
    expect(del.status, del.text).toBe(200);
    expect(await t.app.db.select().from(device_tokens).where(eq(device_tokens.token, 'd'.repeat(64)))).toHaveLength(0);
  });
});
