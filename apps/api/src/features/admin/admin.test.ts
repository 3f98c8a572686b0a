import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clientFromNewIp, createTestApp, latestCode, STRONG_PASSWORD, uniqueEmail, waitFor, type TestApp } from '../../../test/helpers.ts';
import { audit_log, foods, meal_plan_tasks, meal_plans, users } from '../../db/schema/index.ts';

let t: TestApp;
let admin: { id: number; token: string; email: string };
beforeAll(async () => {
  // Invite codes on: the registration-code test signs up with one.
  t = await createTestApp({ REGISTRATION_REQUIRES_CODE: 'true' });
  const [row] = await t.database.db.insert(users).values({ email: uniqueEmail('admin'), email_validated: true, is_superuser: true }).returning();
  admin = { id: row!.id, email: row!.email, token: await t.app.tokens.issue(row!) };
}, 240_000);
afterAll(async () => {
  await t?.close();
});

/** A verified account with a password, signed up the real way with an invite code the admin makes. */
async function signUp(prefix = 'user') {
  const codeRes = await t.http.post('/admin/registration-code', { max_uses: 1 }, { token: admin.token });
  expect(codeRes.status).toBe(201);
  const email = uniqueEmail(prefix);
  const http = clientFromNewIp(t);
  const reg = await http.post('/auth/register', { email, password: STRONG_PASSWORD, registration_code: codeRes.json.code });
  expect(reg.status).toBe(201);
  const code = await waitFor(async () => latestCode(t.config.outboxDir, email), 10_000, 20);
  const done = await http.post('/auth/complete-registration', { email, code });
  return { id: done.json.user.id as number, token: done.json.access_token as string, email, http };
}

const ROUTES: [string, string, unknown?][] = [
  ['GET', '/admin/metrics'],
  ['GET', '/admin/users'],
  ['GET', '/admin/users/1'],
  ['PUT', '/admin/users/1', { is_superuser: true }],
  ['DELETE', '/admin/users/1'],
  ['POST', '/admin/users/1/reset-password'],
  ['GET', '/admin/activity'],
  ['POST', '/admin/registration-code', {}],
  ['GET', '/admin/registration-codes'],
  ['GET', '/admin/worker-status'],
  ['POST', '/admin/reset-task/1', { action: 'fail' }],
];

describe('admin routes are for superusers only', () => {
  it('every admin route answers 403 to a normal user and 401 without a token', async () => {
    const u = await signUp();
    for (const [method, path, body] of ROUTES) {
      const res = await t.http.call(method, path, { token: u.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.detail.msg).toBe('Superuser privileges are required');
      expect((await t.http.call(method, path, { body })).status, `${method} ${path} anonymous`).toBe(401);
    }
    // The user still exists and is still not a superuser.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.is_superuser).toBe(false);
  });
});

describe('user management', () => {
  it('finds a user by search with paging, grants pro with an end date (gate opens), takes it back (gate closes)', async () => {
    const u = await signUp('findme');
    const list = await t.http.get(`/admin/users?search=${encodeURIComponent(u.email.slice(0, 20))}&limit=10`, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ skip: 0, limit: 10, total: 1 });
    expect(list.json.users[0]).toMatchObject({ id: u.id, email: u.email, is_active: true, tier: null });
    const page = await t.http.get('/admin/users?limit=1&skip=1', { token: admin.token });
    expect(page.json.users).toHaveLength(1);
    expect(page.json.total).toBeGreaterThan(1);
    expect((await t.http.get('/admin/users?limit=1000', { token: admin.token })).status).toBe(422);

    expect((await t.http.get('/recipes/search?query=x', { token: u.token })).status).toBe(403);
    const ends = new Date(Date.now() + 30 * 86400_000).toISOString();
    const granted = await t.http.put(`/admin/users/${u.id}`, { grant: { tier: 'pro', ends_at: ends } }, { token: admin.token });
    expect(granted.status).toBe(200);
    expect(granted.json).toMatchObject({ is_pro: true, is_plus: true, tier: 'pro' });
    expect(granted.json.subscriptions[0]).toMatchObject({ platform: 'admin', tier: 'pro', status: 'active', expires_at: ends });
    expect((await t.http.get('/recipes/search?query=x', { token: u.token })).status).toBe(200);
    expect((await t.http.get('/subscriptions/active', { token: u.token })).json).toMatchObject({ is_pro: true, tier: 'pro' });

    const past = await t.http.put(`/admin/users/${u.id}`, { grant: { tier: 'pro', ends_at: '2020-01-01T00:00:00Z' } }, { token: admin.token });
    expect(past.status).toBe(422);
    const revoked = await t.http.put(`/admin/users/${u.id}`, { grant: null }, { token: admin.token });
    expect(revoked.json).toMatchObject({ is_pro: false, tier: null });
    expect((await t.http.get('/recipes/search?query=x', { token: u.token })).status).toBe(403);

    const audit = await t.http.get(`/admin/activity?action_type=admin_user_update&user_id=${u.id}`, { token: admin.token });
    expect(audit.json.total).toBe(2); // grant and take-back; the refused grant changed nothing
    expect(audit.json.items[0]).toMatchObject({ actor_id: admin.id, user_id: u.id, email: u.email });
  });

  it('an admin cannot remove their own superuser flag, deactivate or delete themselves', async () => {
    const self = await t.http.put(`/admin/users/${admin.id}`, { is_superuser: false }, { token: admin.token });
    expect(self.status).toBe(409);
    expect(self.json.detail.msg).toBe('You cannot remove your own superuser flag');
    expect((await t.http.put(`/admin/users/${admin.id}`, { is_active: false }, { token: admin.token })).status).toBe(409);
    expect((await t.http.del(`/admin/users/${admin.id}`, { token: admin.token })).status).toBe(409);
    expect((await t.http.get(`/admin/users/${admin.id}`, { token: admin.token })).json).toMatchObject({ is_superuser: true, is_active: true });
  });

  it('deactivates an account (its tokens and sign-in stop working), reactivates, and deletes it', async () => {
    const u = await signUp();
    const off = await t.http.put(`/admin/users/${u.id}`, { is_active: false }, { token: admin.token });
    expect(off.json).toMatchObject({ is_active: false });
    expect((await t.http.get('/auth/me', { token: u.token })).status).toBe(401);
    const login = await u.http.post('/auth/login', { email: u.email, password: STRONG_PASSWORD });
    expect(login.status).toBe(403);
    expect(login.json.detail.msg).toBe('This account has been deactivated');
    await t.http.put(`/admin/users/${u.id}`, { is_active: true }, { token: admin.token });
    const back = await u.http.post('/auth/login', { email: u.email, password: STRONG_PASSWORD });
    expect(back.status).toBe(200);

    expect((await t.http.del(`/admin/users/${u.id}`, { token: admin.token })).status).toBe(204);
    expect((await t.http.get(`/admin/users/${u.id}`, { token: admin.token })).status).toBe(404);
    expect((await t.http.get('/auth/me', { token: back.json.access_token })).status).toBe(401);
    const del = await t.http.get('/admin/activity?action_type=admin_user_delete', { token: admin.token });
    expect(del.json.items[0]).toMatchObject({ actor_id: admin.id, email: u.email, details: { deleted_user_id: u.id } });
  });

  it("deleting an account also deletes the custom foods it made (they stayed behind with created_by null)", async () => {
    const u = await signUp();
    const food = await t.http.post('/foods/custom', { name: 'House hummus', calories: 250 }, { token: u.token });
    expect(food.status).toBe(201);
    expect((await t.http.del(`/admin/users/${u.id}`, { token: admin.token })).status).toBe(204);
    expect(await t.database.db.select().from(foods).where(eq(foods.id, food.json.id))).toHaveLength(0);
  });

  it('mails a password reset code to the user; the answer carries no code', async () => {
    const u = await signUp();
    const before = latestCode(t.config.outboxDir, u.email);
    const res = await t.http.post(`/admin/users/${u.id}/reset-password`, undefined, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/\b\d{6}\b/);
    const code = await waitFor(async () => {
      const c = latestCode(t.config.outboxDir, u.email);
      return c && c !== before ? c : null;
    }, 10_000, 50);
    const reset = await u.http.post('/auth/reset-password', { email: u.email, code, new_password: 'Velvet-Harbor-Quartz-42' });
    expect(reset.status).toBe(200);
  });
});

describe('activity log', () => {
  it('records sign-ups, logins, failed logins and password changes, filtered by user, type and date', async () => {
    const u = await signUp('audited');
    expect((await u.http.post('/auth/login', { email: u.email, password: 'wrong-password-123' })).status).toBe(401);
    const ok = await u.http.post('/auth/login', { email: u.email, password: STRONG_PASSWORD });
    await u.http.post('/settings/password', { current_password: STRONG_PASSWORD, new_password: 'Velvet-Harbor-Quartz-42' }, { token: ok.json.access_token });
    const mine = await t.http.get(`/admin/activity?user_id=${u.id}`, { token: admin.token });
    const types = mine.json.items.map((i: any) => i.action_type);
    expect(types).toEqual(expect.arrayContaining(['signup', 'login_failed', 'login', 'password_change']));
    expect(mine.json.items.find((i: any) => i.action_type === 'login').ip).toMatch(/^10\./);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await t.http.get(`/admin/activity?action_type=login&start_date=${today}&end_date=${today}&limit=5`, { token: admin.token });
    expect(dated.json.limit).toBe(5);
    expect(dated.json.items.every((i: any) => i.action_type === 'login')).toBe(true);
    expect((await t.http.get('/admin/activity?action_type=login&end_date=2000-01-01', { token: admin.token })).json.total).toBe(0);
    expect((await t.http.get('/admin/activity', { token: admin.token })).json.limit).toBe(50);
  });
});

describe('registration codes', () => {
  it('creates invite codes with uses and expiry; a used-up code stops working; duplicates are refused', async () => {
    const res = await t.http.post('/admin/registration-code', { code: 'SPRING-2026', max_uses: 2, expires_at: new Date(Date.now() + 86400_000).toISOString() }, { token: admin.token });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ code: 'SPRING-2026', max_uses: 2, uses: 0 });
    expect((await t.http.post('/admin/registration-code', { code: 'SPRING-2026' }, { token: admin.token })).status).toBe(409);
    expect((await t.http.post('/admin/registration-code', { expires_at: '2001-01-01T00:00:00Z' }, { token: admin.token })).status).toBe(422);
    const http = clientFromNewIp(t);
    for (let i = 0; i < 2; i++) expect((await http.post('/auth/register', { email: uniqueEmail(), password: STRONG_PASSWORD, registration_code: 'SPRING-2026' })).status).toBe(201);
    expect((await http.post('/auth/register', { email: uniqueEmail(), password: STRONG_PASSWORD, registration_code: 'SPRING-2026' })).status).toBe(400);
    const list = await t.http.get('/admin/registration-codes', { token: admin.token });
    expect(list.json.find((c: any) => c.code === 'SPRING-2026')).toMatchObject({ uses: 2 });
    const audits = await t.database.db.select().from(audit_log).where(eq(audit_log.action_type, 'admin_registration_code'));
    expect(audits.every((a) => a.actor_id === admin.id)).toBe(true);
  });
});

describe('workers, stalled tasks and metrics', () => {
  async function stalledTask(userId: number) {
    const [plan] = await t.database.db
      .insert(meal_plans)
      .values({ user_id: userId, name: 'Stalled', days: 1, start_date: '2026-01-01', goals: { calories: 2000, protein: 100, carbs: 250, fat: 70, fiber: 30 }, request: { diet_types: [], allergies: [], favorite_food_ids: [], meal_times: {}, seed: 1 } })
      .returning();
    const old = new Date(Date.now() - 10 * 60_000);
    const [task] = await t.database.db
      .insert(meal_plan_tasks)
      .values({ user_id: userId, meal_plan_id: plan!.id, task_type: 'generate', status: 'processing', seed: 1, total_days: 1, attempts: 1, created_at: old, heartbeat_at: old, started_at: old })
      .returning();
    return task!;
  }

  it('lists pg-boss queues and stalled tasks; requeues one and fails another; refuses finished or unknown tasks', async () => {
    const u = await signUp();
    const a = await stalledTask(u.id);
    const b = await stalledTask(u.id);
    const status = await t.http.get('/admin/worker-status', { token: admin.token });
    expect(status.status).toBe(200);
    expect(status.json.queues.map((q: any) => q.name)).toEqual(expect.arrayContaining(['meal-plans.generate', 'subscriptions.expire']));
    expect(status.json.queues[0]).toEqual(expect.objectContaining({ queued: expect.any(Number), active: expect.any(Number), failed: expect.any(Number) }));
    expect(status.json.stalled_tasks.map((s: any) => s.id)).toEqual(expect.arrayContaining([a.id, b.id]));

    const failed = await t.http.post(`/admin/reset-task/${b.id}`, { action: 'fail' }, { token: admin.token });
    expect(failed.json).toMatchObject({ id: b.id, status: 'failed' });
    const [plan] = await t.database.db.select().from(meal_plans).where(eq(meal_plans.id, b.meal_plan_id));
    expect(plan!.status).toBe('failed');
    expect((await t.http.post(`/admin/reset-task/${b.id}`, { action: 'requeue' }, { token: admin.token })).status).toBe(409);

    const requeued = await t.http.post(`/admin/reset-task/${a.id}`, undefined, { token: admin.token });
    expect(requeued.status).toBe(200);
    const [row] = await t.database.db.select().from(meal_plan_tasks).where(eq(meal_plan_tasks.id, a.id));
    expect(row!.job_id).not.toBe(a.job_id);
    expect((await t.http.post('/admin/reset-task/999999', undefined, { token: admin.token })).status).toBe(404);
    const audit = await t.http.get('/admin/activity?action_type=admin_reset_task', { token: admin.token });
    expect(audit.json.total).toBe(2);
  });

  it('metrics count users, verification, tiers, food logs and plans', async () => {
    const u = await signUp();
    await t.http.put(`/admin/users/${u.id}`, { grant: { tier: 'premium', ends_at: null } }, { token: admin.token });
    await t.http.post('/food-logs', { food_name: 'Apple', calories: 95, meal_type: 'snack', date: new Date().toISOString().slice(0, 10) }, { token: u.token });
    const m = await t.http.get('/admin/metrics', { token: admin.token });
    expect(m.status).toBe(200);
    const [{ n }] = (await t.database.db.execute(`select count(*)::int as n from users`)).rows as { n: number }[];
    expect(m.json.users.total).toBe(n);
    expect(m.json.users.superusers).toBeGreaterThanOrEqual(1);
    expect(m.json.users.by_tier.premium).toBeGreaterThanOrEqual(1);
    expect(m.json.users.active_1d).toBeGreaterThanOrEqual(1);
    const today = new Date().toISOString().slice(0, 10);
    expect(m.json.new_users_per_day.find((d: any) => d.date === today).count).toBeGreaterThanOrEqual(1);
    expect(m.json.meal_plans_by_status).toEqual(expect.any(Object));
    expect(m.json.queue).toEqual({ queued: expect.any(Number), active: expect.any(Number), failed: expect.any(Number) });
  });
});
