/**
 * Issue 40 item 8a: a token whose account is not verified (an admin marked it unverified after the token was
 * issued) no longer works on the API. Spec §6: an unvalidated e-mail is forced to /verify-email, so every private
 * route answers 403 `email_not_verified`, except the few such a user needs (plugins/auth.ts UNVERIFIED_ALLOWED).
 * The daily summary's single-statement path (config.userRow: false) holds the same rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, isErrorBody, uniqueEmail, type TestApp } from '../../test/helpers.ts';
import { users } from '../db/schema/index.ts';

let t: TestApp;
let admin: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.db.insert(users).values({ email: uniqueEmail('admin'), email_validated: true, is_superuser: true }).returning();
  admin = { token: await t.app.tokens.issue(row!) };
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A verified account with a token, then marked unverified by an admin through the admin API. */
async function unverifiedUser() {
  const [row] = await t.database.db.insert(users).values({ email: uniqueEmail('unverified'), email_validated: true }).returning();
  const token = await t.app.tokens.issue(row!);
  expect((await t.http.get('/user-settings', { token })).status).not.toBe(403);
  const res = await t.http.put(`/admin/users/${row!.id}`, { email_validated: false }, { token: admin.token });
  expect(res.status, res.text).toBe(200);
  return { id: row!.id, token };
}

const expect403 = (res: { status: number; json: any; text: string }, what: string) => {
  expect(res.status, `${what}: ${res.text}`).toBe(403);
  expect(res.json.detail.type, what).toBe('email_not_verified');
};

describe('an account whose e-mail is not verified (issue 40 item 8a)', () => {
  it('gets 403 email_not_verified on private routes, with a message that says what to do', async () => {
    const u = await unverifiedUser();
    const settings = await t.http.get('/user-settings', { token: u.token });
    expect403(settings, 'GET /user-settings');
    expect(isErrorBody(settings)).toBe(true);
    expect(settings.json.detail.msg).toMatch(/Verify your e-mail address/);
    expect403(await t.http.post('/meal-plans/multi-day', {}, { token: u.token }), 'POST /meal-plans/multi-day');
    expect403(await t.http.get('/notifications', { token: u.token }), 'GET /notifications');
    expect403(await t.http.post('/food-logs', {}, { token: u.token }), 'POST /food-logs');
  });

  it('also on the daily summary (the single-statement path), while a verified user and a stale token keep their answers', async () => {
    const u = await unverifiedUser();
    expect403(await t.http.get('/food-logs/daily-summary/2025-06-01', { token: u.token }), 'daily summary');
    const [ok] = await t.database.db.insert(users).values({ email: uniqueEmail('verified'), email_validated: true }).returning();
    const okToken = await t.app.tokens.issue(ok!);
    expect((await t.http.get('/food-logs/daily-summary/2025-06-01', { token: okToken })).status).toBe(200);
    await t.database.db.update(users).set({ token_version: 9 }).where(eq(users.id, ok!.id));
    expect((await t.http.get('/food-logs/daily-summary/2025-06-01', { token: okToken })).status).toBe(401);
  });

  it('can still read who it is, check its token, sign out and delete the account', async () => {
    const u = await unverifiedUser();
    const me = await t.http.get('/auth/me', { token: u.token });
    expect(me.status, me.text).toBe(200);
    expect(me.json.email_validated).toBe(false);
    expect((await t.http.get('/auth/validate-token', { token: u.token })).status).toBe(200);
    // Deleting is allowed (it answers on the body, not 403); an account with no password confirms by e-mail.
    const del = await t.http.del('/profile', { token: u.token, body: {} });
    expect(del.status, del.text).not.toBe(403);
    expect((await t.http.post('/auth/logout', undefined, { token: u.token })).status).toBe(200);
  });

  it('every private route of the OpenAPI document refuses it, except the allowed ones', async () => {
    const u = await unverifiedUser();
    const doc = (await t.http.get('/openapi.json')).json;
    const allowed = new Set(['GET /auth/me', 'GET /auth/validate-token', 'POST /auth/logout', 'DELETE /profile']);
    const wrong: string[] = [];
    let checked = 0;
    for (const [path, ops] of Object.entries<Record<string, { security?: unknown[] }>>(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
        if (Array.isArray(op.security) && op.security.length === 0) continue; // public
        const rel = path.replace(/^\/api\/v1/, '');
        const key = `${method.toUpperCase()} ${rel}`;
        // The allowed ones are checked above (logout and deletion would end this token).
        if (allowed.has(key)) continue;
        const url = rel.replace(/\{date\}/g, '2025-06-01').replace(/\{[^}]+\}/g, '1');
        const res = await t.http.call(method.toUpperCase(), url, { token: u.token, ...(method === 'get' || method === 'delete' ? {} : { body: {} }) });
        checked++;
        const refused = res.status === 403 && res.json?.detail?.type === 'email_not_verified';
        if (!refused) wrong.push(`${key} → ${res.status} ${res.json?.detail?.type ?? ''}`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  }, 120_000);
});
