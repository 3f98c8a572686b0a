import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientFromNewIp, createTestApp, createUser, isErrorBody, type HttpClient, type TestApp } from '../../../test/helpers.ts';
import { createNotification } from './service.ts';

let t: TestApp;
let http: HttpClient;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  http = clientFromNewIp(t);
});

async function userWithNotifications(n: number) {
  const u = await createUser(t, { http });
  const ids: number[] = [];
  for (let i = 1; i <= n; i++) {
    const created = await createNotification(t.database.db, u.user.id, {
      title: `Reminder ${i}`,
      message: `Message ${i}`,
      notification_type: i % 2 ? 'meal_reminder' : 'logging_reminder',
      data: i % 2 ? { options: [{ name: 'Oatmeal', calories: 300 }], location_context: 'home' } : {},
    });
    ids.push(created.id);
  }
  return { ...u, ids };
}

describe('notification center', () => {
  it('lists newest first with the unread count and total', async () => {
    const u = await userWithNotifications(3);
    const res = await http.get('/notifications', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.json.unread_count).toBe(3);
    expect(res.json.total).toBe(3);
    expect(res.json.notifications.map((n: any) => n.title)).toEqual(['Reminder 3', 'Reminder 2', 'Reminder 1']);
    expect(res.json.notifications[0]).toEqual({
      id: u.ids[2], read: false, title: 'Reminder 3', message: 'Message 3', notification_type: 'meal_reminder',
      data: { options: [{ name: 'Oatmeal', calories: 300 }], location_context: 'home' }, created_at: expect.any(String),
    });
  });

  it('pages with skip and limit and validates them', async () => {
    const u = await userWithNotifications(5);
    const page = await http.get('/notifications?skip=1&limit=2', { token: u.token });
    expect(page.json.notifications.map((n: any) => n.title)).toEqual(['Reminder 4', 'Reminder 3']);
    expect(page.json.total).toBe(5);
    expect(page.json.unread_count).toBe(5);
    for (const q of ['skip=-1', 'limit=0', 'limit=abc', 'limit=100000', 'skip=1.5']) {
      const res = await http.get(`/notifications?${q}`, { token: u.token });
      expect(res.status, q).toBe(422);
      expect(res.json.detail.errors[0].loc[0]).toBe('query');
    }
  });

  it('marks one and all as read', async () => {
    const u = await userWithNotifications(3);
    const one = await http.post(`/notifications/${u.ids[0]}/read`, undefined, { token: u.token });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ id: u.ids[0], read: true });
    expect((await http.get('/notifications', { token: u.token })).json.unread_count).toBe(2);
    const all = await http.post('/notifications/read-all', undefined, { token: u.token });
    expect(all.status).toBe(200);
    expect(all.json.message).toMatch(/2 notifications/);
    const after = await http.get('/notifications', { token: u.token });
    expect(after.json.unread_count).toBe(0);
    expect(after.json.notifications.every((n: any) => n.read)).toBe(true);
  });

  it('deletes a notification', async () => {
    const u = await userWithNotifications(2);
    const del = await http.del(`/notifications/${u.ids[1]}`, { token: u.token });
    expect(del.status).toBe(200);
    const list = await http.get('/notifications', { token: u.token });
    expect(list.json.notifications.map((n: any) => n.id)).toEqual([u.ids[0]]);
    expect((await http.del(`/notifications/${u.ids[1]}`, { token: u.token })).status).toBe(404);
  });

  it("answers 404 for another user's notification and leaves it untouched", async () => {
    const owner = await userWithNotifications(1);
    const stranger = await createUser(t, { http });
    const id = owner.ids[0];
    for (const res of [
      await http.post(`/notifications/${id}/read`, undefined, { token: stranger.token }),
      await http.del(`/notifications/${id}`, { token: stranger.token }),
    ]) {
      expect(res.status).toBe(404);
      expect(isErrorBody(res)).toBe(true);
    }
    await http.post('/notifications/read-all', undefined, { token: stranger.token });
    const mine = await http.get('/notifications', { token: owner.token });
    expect(mine.json.notifications).toHaveLength(1);
    expect(mine.json.unread_count).toBe(1);
    expect((await http.get('/notifications', { token: stranger.token })).json).toEqual({ notifications: [], unread_count: 0, total: 0 });
  });

  it('answers 422 for malformed ids and 401 without a token', async () => {
    const u = await createUser(t, { http });
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999']) {
      const res = await http.post(`/notifications/${id}/read`, undefined, { token: u.token });
      expect(res.status, id).toBe(422);
      expect(isErrorBody(res)).toBe(true);
    }
    expect((await http.del('/notifications/999999', { token: u.token })).status).toBe(404);
    for (const res of [await http.get('/notifications'), await http.post('/notifications/read-all'), await http.get('/notifications/preferences')]) {
      expect(res.status).toBe(401);
    }
  });
});
