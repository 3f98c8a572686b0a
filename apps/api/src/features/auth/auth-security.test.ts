import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, decodeJwt } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { clientFromNewIp, createTestApp, createUser, httpClient, isErrorBody, latestCode, outboxFiles, STRONG_PASSWORD, uniqueEmail, waitFor, type HttpClient, type HttpResponse, type TestApp } from '../../../test/helpers.ts';
import { users } from '../../db/schema/index.ts';

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

const sign = (claims: Record<string, unknown>, secret = t.config.JWT_SECRET, exp = Math.floor(Date.now() / 1000) + 600) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(exp).sign(new TextEncoder().encode(secret));

describe('access tokens', () => {
  it('carries sub, exp, iat, type and is_superuser', async () => {
    const { token, user } = await createUser(t, { http });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: String(user.id), type: 'access', is_superuser: false });
    expect(claims.exp! - claims.iat!).toBe(t.config.ACCESS_TOKEN_TTL);
  });

  it('refuses tampered, expired, malformed, foreign, wrong-type and unsigned tokens with 401', async () => {
    const { token, user } = await createUser(t, { http });
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const elevated = Buffer.from(JSON.stringify({ ...payload, is_superuser: true })).toString('base64url');
    const base = { sub: String(user.id), type: 'access', is_superuser: false, ver: 0 };
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const bad = [
      `${h}.${elevated}.${s}`,
      `${h}.${p}.${s.slice(0, -4)}AAAA`,
      `${noneHeader}.${p}.`,
      'not-a-token',
      'a.b',
      'x'.repeat(5000),
      await sign(base, t.config.JWT_SECRET, Math.floor(Date.now() / 1000) - 10),
      await sign(base, 'another-secret-that-is-long-enough-000000'),
      await sign({ ...base, type: 'refresh' }),
      await sign({ type: 'access', is_superuser: false, ver: 0 }),
      await sign({ ...base, sub: 'abc' }),
      await sign({ ...base, sub: '999999' }),
    ];
    for (const tok of bad) {
      const res = await http.get('/auth/me', { token: tok });
      expect(res.status, tok.slice(0, 40)).toBe(401);
      expect(isErrorBody(res)).toBe(true);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect((await http.get('/auth/validate-token', { token: 'a.b.c' })).status).toBe(401);
    expect((await http.get('/auth/me', { headers: { authorization: 'Basic abc' } })).status).toBe(401);
    expect((await http.get('/auth/me')).status).toBe(401);
    // the real one still works, also as the iOS _auth query parameter
    expect((await http.get('/auth/me', { token })).status).toBe(200);
    expect((await http.get(`/auth/me?_auth=${token}`)).status).toBe(200);
  });

  it('refuses tokens of a deleted user and tokens issued before a password change', async () => {
    const a = await createUser(t, { http });
    await t.database.db.update(users).set({ token_version: 5 }).where(eq(users.id, a.user.id));
    expect((await http.get('/auth/me', { token: a.token })).status).toBe(401);
    const b = await createUser(t, { http });
    await t.database.db.delete(users).where(eq(users.id, b.user.id));
    expect((await http.get('/auth/validate-token', { token: b.token })).status).toBe(401);
  });

  it('the daily summary, which checks the token in its own statement, refuses the same tokens and every bad token', async () => {
    const day = '2026-03-04';
    const path = `/food-logs/daily-summary/${day}`;
    const a = await createUser(t, { http });
    expect((await http.post('/food-logs', { food_name: 'Apple', calories: 95, meal_type: 'snack', date: day }, { token: a.token })).status).toBe(201);
    const ok = await http.get(path, { token: a.token });
    expect(ok.status).toBe(200);
    expect(ok.json.daily_totals.calories).toBe(95);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect((await http.get(`${path}?_auth=${a.token}`)).status).toBe(200);
    // no token, a forged one, another user's id in a token signed with another key
    for (const token of [undefined, 'a.b.c', await sign({ type: 'access', is_superuser: false, ver: 0, sub: String(a.user.id) }, 'another-secret-that-is-long-enough-000000')]) {
      const res = await http.get(path, token ? { token } : {});
      expect(res.status).toBe(401);
      expect(isErrorBody(res)).toBe(true);
    }
    // a password change (token version), a deactivated account, a deleted one: 401, before the 422 of a bad goals text
    await t.database.db.update(users).set({ token_version: 5 }).where(eq(users.id, a.user.id));
    for (const q of ['', '?goals=not-json']) {
      const res = await http.get(path + q, { token: a.token });
      expect(res.status).toBe(401);
      expect(res.json).not.toHaveProperty('meals');
    }
    const b = await createUser(t, { http });
    await t.database.db.update(users).set({ deactivated_at: new Date() }).where(eq(users.id, b.user.id));
    expect((await http.get(path, { token: b.token })).status).toBe(401);
    const c = await createUser(t, { http });
    await t.database.db.delete(users).where(eq(users.id, c.user.id));
    expect((await http.get(path, { token: c.token })).status).toBe(401);
  });
});

describe('login throttle', () => {
  it('after 5 failures each address waits a growing delay before trying the account again, and a success resets it', async () => {
    const { email } = await createUser(t, { http });
    for (let i = 0; i < 5; i++) expect((await http.post('/auth/login', { email, password: 'wrong-password!' })).status).toBe(401);
    const slowed = await http.post('/auth/login', { email, password: STRONG_PASSWORD });
    expect(slowed.status).toBe(429);
    expect(slowed.headers.get('retry-after')).toBe('1');
    expect(isErrorBody(slowed)).toBe(true);
    // another address gets its try (the owner is never locked out, docs/decisions/0003), then its own, longer wait
    const other = clientFromNewIp(t);
    expect((await other.post('/auth/login', { email: email.toUpperCase(), password: 'wrong-password!' })).status).toBe(401);
    const longer = await other.post('/auth/login', { email, password: STRONG_PASSWORD });
    expect(longer.status).toBe(429);
    expect(longer.headers.get('retry-after')).toBe('2');
    await new Promise((r) => setTimeout(r, 1100));
    expect((await http.post('/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
    // counter reset: five more wrong tries before the next delay
    for (let i = 0; i < 5; i++) expect((await http.post('/auth/login', { email, password: 'wrong-password!' })).status).toBe(401);
  });

  it('slows unknown accounts the same way (no enumeration) and caps the delay at 60 s', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++) expect((await http.post('/auth/login', { email, password: 'wrong-password!' })).status).toBe(401);
    expect((await http.post('/auth/login', { email, password: 'wrong-password!' })).status).toBe(429);
    const { login_throttle } = await import('../../db/schema/index.ts');
    await t.database.db.update(login_throttle).set({ failures: 40 }).where(eq(login_throttle.key, `account:${email}`));
    await t.database.db.update(login_throttle).set({ blocked_until: new Date(0) }).where(sql`starts_with(${login_throttle.key}, ${`account-ip:${email}|`})`);
    expect((await http.post('/auth/login', { email, password: 'wrong-password!' })).status).toBe(401);
    const capped = await http.post('/auth/login', { email, password: 'wrong-password!' });
    expect(capped.status).toBe(429);
    expect(Number(capped.headers.get('retry-after'))).toBe(60);
  });

  it('slows one address after 20 failures across accounts', async () => {
    for (let i = 0; i < 20; i++) expect((await http.post('/auth/login', { email: uniqueEmail('spray'), password: 'wrong-password!' })).status).toBe(401);
    const res = await http.post('/auth/login', { email: uniqueEmail('spray'), password: 'wrong-password!' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
    // another address is not affected
    expect((await clientFromNewIp(t).post('/auth/login', { email: uniqueEmail('spray'), password: 'wrong-password!' })).status).toBe(401);
  });
});

describe('login throttle under parallel guesses', () => {
  it('a burst of wrong passwords gets the 5 free checks, as guesses one after another do, not one check each', async () => {
    const { email } = await createUser(t, { http });
    const burst = clientFromNewIp(t);
    const answers = await Promise.all(Array.from({ length: 12 }, () => burst.post('/auth/login', { email, password: 'wrong-password!' })));
    const statuses = answers.map((a) => a.status);
    // Before: 12 × 401 (every guess checked); now the first five counted get checked, the rest wait.
    expect(statuses.filter((s) => s === 401).length).toBe(5);
    expect(statuses.filter((s) => s === 429).length).toBe(7);
    for (const a of answers.filter((x) => x.status === 429)) expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
    // Refused checks are not counted: the account's counter holds the checks that happened.
    const { login_throttle } = await import('../../db/schema/index.ts');
    const [row] = await t.database.db.select().from(login_throttle).where(eq(login_throttle.key, `account:${email}`));
    expect(row!.failures).toBe(statuses.filter((s) => s === 401).length);
    // The owner from their own address still signs in.
    expect((await clientFromNewIp(t).post('/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
  });

  it("does not tell which address owns a public username (the e-mail's failures slowed the username's tries)", async () => {
    const username = `owner_${Date.now().toString(36)}`;
    const { email } = await createUser(t, { http, username });
    const prober = clientFromNewIp(t);
    for (let i = 0; i < 5; i++) expect((await prober.post('/auth/login', { email, password: 'wrong-password!' })).status).toBe(401);
    // Before: the owner's username answered 429 here and any other name 401.
    expect((await prober.post('/auth/login', { email: username, password: 'wrong-password!' })).status).toBe(401);
    expect((await prober.post('/auth/login', { email: username, password: 'wrong-password!' })).status).toBe(401);
    expect((await prober.post('/auth/login', { email: 'nobody_by_that_name', password: 'wrong-password!' })).status).toBe(401);
    // The owner signs in by username from their own address, which clears the e-mail's counters too.
    expect((await clientFromNewIp(t).post('/auth/login', { email: username, password: STRONG_PASSWORD })).status).toBe(200);
    const { login_throttle } = await import('../../db/schema/index.ts');
    expect(await t.database.db.select().from(login_throttle).where(eq(login_throttle.key, `account:${email}`))).toEqual([]);
  });

  it('a burst across accounts from one address gets its 20 free checks', async () => {
    const spray = clientFromNewIp(t);
    const start = Date.now();
    const answers = await Promise.all(Array.from({ length: 30 }, () => spray.post('/auth/login', { email: uniqueEmail('burst'), password: 'wrong-password!' })));
    // After the 20 free checks, one check per delay (1 s, then 2 s, 4 s…): on a loaded machine where the burst
    // itself spans a second or more, the delays that ran out during it let one more check each, as guesses one
    // after another would get.
    const seconds = (Date.now() - start) / 1000;
    const delaysOver = seconds < 1 ? 0 : Math.floor(Math.log2(seconds + 1));
    const checked = answers.filter((a) => a.status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(20);
    expect(checked).toBeLessThanOrEqual(20 + delaysOver);
    expect(answers.filter((a) => a.status === 429).length).toBe(30 - checked);
  });
});

describe('login throttle: at most 25 failed checks in an hour by one name, from any number of addresses', () => {
  it('refuses the 26th guess from a new address, lets the owner in from an address they signed in from, and a reset opens it', async () => {
    const { email } = await createUser(t, { http });
    const ownersPhone = clientFromNewIp(t);
    expect((await ownersPhone.post('/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
    // 60 guesses, each from an address of its own (before: every one was checked, 300 in 4 s in the audit).
    const statuses: number[] = [];
    let last: HttpResponse | undefined;
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => clientFromNewIp(t).post('/auth/login', { email, password: 'wrong-password!' })));
      statuses.push(...answers.map((a) => a.status));
      last = answers.find((a) => a.status === 429) ?? last;
    }
    expect(statuses.filter((s) => s === 401).length).toBe(25);
    expect(statuses.filter((s) => s === 429).length).toBe(35);
    expect(isErrorBody(last!)).toBe(true);
    expect(last!.json.detail.msg).toMatch(/^Too many failed sign-in attempts on this account\. Try again in \d+ minutes, or reset your password\.$/);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(3000);
    // The right password from a new address is refused too (checking it would be guess 26)…
    expect((await clientFromNewIp(t).post('/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(429);
    // …but the owner's own device signs in: the stranger did not lock them out.
    expect((await ownersPhone.post('/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
    // A success does not give the stranger a new allowance.
    expect((await clientFromNewIp(t).post('/auth/login', { email, password: 'wrong-password!' })).status).toBe(429);

    // From anywhere else the owner resets the password, which opens the name again.
    const laptop = clientFromNewIp(t);
    const mails = outboxFiles(t.config.outboxDir).length;
    expect((await laptop.post('/auth/request-password-reset', { email })).status).toBe(200);
    const code = await waitFor(async () => outboxFiles(t.config.outboxDir).length > mails && latestCode(t.config.outboxDir, email));
    const reset = await laptop.post('/auth/reset-password', { email, code, new_password: 'Another-Granite-Mosaic-78' });
    expect(reset.status).toBe(200);
    expect((await laptop.post('/auth/login', { email, password: 'Another-Granite-Mosaic-78' })).status).toBe(200);
  });

  it('counts an IPv6 client by its /64: rotating through its own addresses does not reset the per-address limit', async () => {
    const net = `2001:db8:${(Date.now() % 0xffff).toString(16)}:1`;
    const from = (i: number) => httpClient(t.api, { 'x-forwarded-for': `${net}:0:0:0:${i.toString(16)}` });
    for (let i = 0; i < 20; i++) expect((await from(i).post('/auth/login', { email: uniqueEmail('v6'), password: 'wrong-password!' })).status).toBe(401);
    // Before: a new address of the same /64 started again at 0.
    expect((await from(999).post('/auth/login', { email: uniqueEmail('v6'), password: 'wrong-password!' })).status).toBe(429);
    // Another /64 is another client.
    expect((await httpClient(t.api, { 'x-forwarded-for': `2001:db8:ffff:2::1` }).post('/auth/login', { email: uniqueEmail('v6'), password: 'wrong-password!' })).status).toBe(401);
  });
});

describe('registration notices', () => {
  it('an account gets at most 3 "someone tried to register" mails a day, however often its address is registered again', async () => {
    const { email } = await createUser(t, { http });
    const { mail_throttle } = await import('../../db/schema/index.ts');
    const notices = () =>
      outboxFiles(t.config.outboxDir).filter((f) => {
        const raw = readFileSync(join(t.config.outboxDir, f), 'utf8');
        return raw.includes(email) && /someone tried to register/i.test(raw);
      }).length;
    for (let i = 0; i < 5; i++) {
      // Each a minute after the last (the one-a-minute slot is taken back, as the minute would).
      await t.database.db.delete(mail_throttle).where(eq(mail_throttle.key, `register_notice:${email}`));
      expect((await clientFromNewIp(t).post('/auth/register', { email, password: STRONG_PASSWORD })).status).toBe(201);
      if (i < 3) await waitFor(async () => notices() === i + 1);
    }
    await new Promise((r) => setTimeout(r, 500));
    // Before: 5 (one a minute, 1,440 a day).
    expect(notices()).toBe(3);
  });
});

describe('route rate limits', () => {
  it('answers 429 with Retry-After and the error body after 20 registrations a minute from one address', async () => {
    for (let i = 0; i < 20; i++) expect((await http.post('/auth/register', { email: 'bad' })).status).toBe(422);
    const res = await http.post('/auth/register', { email: uniqueEmail(), password: STRONG_PASSWORD });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.json.detail.type).toBe('rate_limited');
    expect((await clientFromNewIp(t).post('/auth/register', { email: 'bad' })).status).toBe(422);
  });
});

describe('bad input on every auth route', () => {
  const routes: [string, string, Record<string, unknown>][] = [
    ['POST', '/auth/register', { email: 'a@example.com', password: STRONG_PASSWORD }],
    ['POST', '/auth/complete-registration', { email: 'a@example.com', code: '123456' }],
    ['POST', '/auth/resend-code', { email: 'a@example.com' }],
    ['POST', '/auth/login', { email: 'a@example.com', password: STRONG_PASSWORD }],
    ['POST', '/auth/request-password-reset', { email: 'a@example.com' }],
    ['POST', '/auth/reset-password', { email: 'a@example.com', code: '123456', new_password: STRONG_PASSWORD }],
    ['POST', '/auth/social/google/native', { id_token: 'x'.repeat(20) }],
    ['POST', '/auth/social/apple', { id_token: 'x'.repeat(20) }],
    ['POST', '/auth/link-social', { provider: 'google', id_token: 'x'.repeat(20) }],
    ['DELETE', '/auth/social/unlink', { provider: 'google' }],
    ['POST', '/settings/password', { current_password: STRONG_PASSWORD, new_password: STRONG_PASSWORD }],
    ['POST', '/settings/set-password', { new_password: STRONG_PASSWORD }],
    ['PUT', '/profile', { username: 'valid_name' }],
    ['DELETE', '/profile', { password: STRONG_PASSWORD }],
    ['POST', '/user-settings', { timezone: 'UTC' }],
    ['PUT', '/user-settings', { timezone: 'UTC' }],
    ['PUT', '/notifications/preferences', { channels: { push: true } }],
  ];

  it('answers malformed JSON, missing fields, wrong types and huge strings with a 4xx error body, never 500', async () => {
    const { token } = await createUser(t, { http });
    for (const [method, path, valid] of routes) {
      const client = clientFromNewIp(t);
      const cases: { name: string; raw?: string; body?: unknown }[] = [
        { name: 'malformed', raw: '{"email": "a@example.com",' },
        { name: 'array', body: [valid] },
        { name: 'string', raw: '"just a string"' },
        { name: 'huge', body: Object.fromEntries(Object.keys(valid).map((k) => [k, 'x'.repeat(100_000)])) },
        { name: 'wrong types', body: Object.fromEntries(Object.keys(valid).map((k) => [k, 12345])) },
      ];
      // PUT /user-settings, /profile and preferences take partial bodies: {} is a valid (empty) update there.
      if (!/^(PUT|POST) \/(user-settings|profile|notifications\/preferences)$/.test(`${method} ${path}`)) cases.push({ name: 'missing', body: {} });
      for (const c of cases) {
        const res = await client.call(method, path, { token, ...(c.raw !== undefined ? { raw: c.raw } : { body: c.body }) });
        expect(res.status, `${method} ${path} ${c.name}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${path} ${c.name}`).toBeLessThan(500);
        expect(isErrorBody(res), `${method} ${path} ${c.name}`).toBe(true);
      }
    }
    // the user survived all of that
    expect((await http.get('/auth/me', { token })).status).toBe(200);
  });

  it('answers unknown social providers with 422', async () => {
    const res = await http.post('/auth/social/facebook', { id_token: 'x'.repeat(20) });
    expect(res.status).toBe(422);
    expect(isErrorBody(res)).toBe(true);
  });
});
