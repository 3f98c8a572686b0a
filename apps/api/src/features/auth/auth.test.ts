import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clientFromNewIp, createTestApp, createUser, type HttpClient, isErrorBody, latestCode, outboxFiles, STRONG_PASSWORD, uniqueEmail, waitFor, type TestApp } from '../../../test/helpers.ts';
import { mail_throttle, users, verification_codes } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
// Each test calls from its own address so the per-IP route limits of one test do not affect the next.
let http: HttpClient;
beforeEach(() => {
  http = clientFromNewIp(t);
});

const CODE_FAILURE = 'Invalid or expired code. After 5 wrong tries a code stops working: request a new one.';
const codeOf = (email: string) => latestCode(t.config.outboxDir, email);
/** Codes are mailed after the answer: waits for the first one to this address. */
const mailedCode = (email: string) => waitFor(async () => codeOf(email), 10_000, 20);
/** Lets the next mail to this address go out now instead of a minute later. */
const forgetMailSlots = () => t.database.db.delete(mail_throttle);
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('registration', () => {
  it('registers, mails a 6-digit code, and completes with a validated session', async () => {
    const email = uniqueEmail('Reg').replace('reg', 'REG');
    const reg = await http.post('/auth/register', { email: `${email} `, password: STRONG_PASSWORD, username: 'first_user' });
    expect(reg.status).toBe(201);
    expect(reg.json).toEqual({ type: 'verification_required', email: email.toLowerCase(), message: expect.any(String) });
    expect(reg.json.access_token).toBeUndefined();
    const code = await mailedCode(email.toLowerCase());
    expect(code).toMatch(/^\d{6}$/);
    // A phone keyboard's trailing space is trimmed, as login does.
    const done = await http.post('/auth/complete-registration', { email: ` ${email} `, code });
    expect(done.status).toBe(200);
    expect(done.json.token_type).toBe('bearer');
    expect(done.json.access_token.split('.')).toHaveLength(3);
    expect(done.json.user).toMatchObject({ email: email.toLowerCase(), username: 'first_user', email_validated: true, is_superuser: false, is_pro: false, terms_accepted_at: null });
    expect(done.json.user).not.toHaveProperty('password_hash');
    // single use
    const again = await http.post('/auth/complete-registration', { email, code });
    expect(again.status).toBe(400);
    expect(again.json.detail.msg).toBe('Verification failed');
  });

  it('stores only a hash of the code', async () => {
    const email = uniqueEmail();
    await http.post('/auth/register', { email, password: STRONG_PASSWORD });
    const code = await mailedCode(email);
    const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
    const [row] = await t.database.db.select().from(verification_codes).where(eq(verification_codes.user_id, u.id));
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(u.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses weak and short passwords with a clear 422', async () => {
    for (const password of ['password123', 'qwertyuiop1', 'aaaaaaaaaaaa']) {
      const res = await http.post('/auth/register', { email: uniqueEmail(), password });
      expect(res.status).toBe(422);
      expect(res.json.detail.type).toBe('validation_error');
      expect(res.json.detail.msg).toMatch(/too easy to guess/);
      expect(res.json.detail.errors[0].loc).toEqual(['body', 'password']);
    }
    const short = await http.post('/auth/register', { email: uniqueEmail(), password: 'Ab1-xyz' });
    expect(short.status).toBe(422);
    expect(short.json.detail.msg).toMatch(/at least 10 characters/);
    const long = await http.post('/auth/register', { email: uniqueEmail(), password: 'x'.repeat(129) });
    expect(long.status).toBe(422);
    expect(long.json.detail.msg).toMatch(/at most 128/);
  });

  it('treats a password made of the e-mail or username as weak', async () => {
    const res = await http.post('/auth/register', { email: 'marmaladewombat@example.com', password: 'marmaladewombat' });
    expect(res.status).toBe(422);
    const byName = await http.post('/auth/register', { email: uniqueEmail(), username: 'zorbulonix', password: 'zorbulonix2024' });
    expect(byName.status).toBe(422);
  });

  it('answers the same for an existing address and mails a notice instead of a code', async () => {
    const { email } = await createUser(t, { http });
    const before = outboxFiles(t.config.outboxDir).length;
    const res = await http.post('/auth/register', { email: email.toUpperCase(), password: 'Another-Fine-Phrase-42' });
    expect(res.status).toBe(201);
    expect(res.json.type).toBe('verification_required');
    await waitFor(async () => outboxFiles(t.config.outboxDir).length === before + 1);
    // the old password still works: nothing about the account changed
    const login = await http.post('/auth/login', { email, password: STRONG_PASSWORD });
    expect(login.status).toBe(200);
  });

  it('re-registering a pending address with another password keeps neither password: no takeover either way', async () => {
    for (const strangerFirst of [true, false]) {
      const email = uniqueEmail();
      const owner = 'Owner-Own-Secret-Phrase-3';
      const stranger = 'Second-Choice-Phrase-9';
      const [a, b] = strangerFirst ? [stranger, owner] : [owner, stranger];
      await http.post('/auth/register', { email, password: a });
      await mailedCode(email);
      await forgetMailSlots();
      const before = outboxFiles(t.config.outboxDir).length;
      expect((await http.post('/auth/register', { email, password: b })).status).toBe(201);
      // the fresh code goes to the address's mailbox, never to whoever registered
      await waitFor(async () => outboxFiles(t.config.outboxDir).length === before + 1);
      const ok = await http.post('/auth/complete-registration', { email, code: codeOf(email)! });
      expect(ok.status).toBe(200);
      // neither password opens the account: the stranger's would, had it been kept
      for (const password of [stranger, owner]) expect((await http.post('/auth/login', { email, password })).status, `${strangerFirst} ${password}`).toBe(401);
      // the code's holder, signed in, sets the password
      const set = await http.post('/settings/set-password', { new_password: 'Fresh-Orchard-Lantern-8' }, { token: ok.json.access_token });
      expect(set.status).toBe(200);
      expect((await http.post('/auth/login', { email, password: 'Fresh-Orchard-Lantern-8' })).status).toBe(200);
    }
  });

  it('registering a pending address again with the same password keeps it', async () => {
    const email = uniqueEmail();
    await http.post('/auth/register', { email, password: STRONG_PASSWORD });
    await mailedCode(email);
    await forgetMailSlots();
    const first = codeOf(email);
    expect((await http.post('/auth/register', { email, password: STRONG_PASSWORD })).status).toBe(201);
    const second = await waitFor(async () => (codeOf(email) !== first ? codeOf(email) : null));
    expect((await http.post('/auth/complete-registration', { email, code: second })).status).toBe(200);
    expect((await http.post('/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
  });

  it('refuses a taken username with 409, case-insensitively', async () => {
    const owner = await createUser(t, { http, username: 'TakenName' });
    const res = await http.post('/auth/register', { email: uniqueEmail(), password: STRONG_PASSWORD, username: 'takenname' });
    expect(res.status).toBe(409);
    expect(isErrorBody(res)).toBe(true);
    // the same answer for the owner's own address: a 201 there told a stranger which address owns a public username
    expect((await http.post('/auth/register', { email: owner.email, password: 'Some-Random-Pass-4471', username: 'TakenName' })).status).toBe(409);
  });
});

describe('verification codes', () => {
  it('rejects a wrong code, then locks after 5 wrong tries', async () => {
    const email = uniqueEmail();
    await http.post('/auth/register', { email, password: STRONG_PASSWORD });
    const code = await mailedCode(email);
    const unknown = uniqueEmail('nobody');
    for (let i = 1; i <= 6; i++) {
      const res = await http.post('/auth/complete-registration', { email, code: wrongCode(code) });
      expect(res.status).toBe(400);
      // a pending account answers exactly like an address without an account, also once its code is used up
      const other = await http.post('/auth/complete-registration', { email: unknown, code: wrongCode(code) });
      expect(res.json).toEqual(other.json);
      expect(res.json.detail).toEqual({ msg: 'Verification failed', type: 'bad_request', errors: CODE_FAILURE });
    }
    const right = await http.post('/auth/complete-registration', { email, code });
    expect(right.status).toBe(400);
    expect(right.json.detail.errors).toBe(CODE_FAILURE);
    // a new code works again
    await forgetMailSlots();
    expect((await http.post('/auth/resend-code', { email })).status).toBe(200);
    const fresh = await waitFor(async () => (codeOf(email) !== code ? codeOf(email) : null));
    expect((await http.post('/auth/complete-registration', { email, code: fresh })).status).toBe(200);
  });

  it('rejects an expired code', async () => {
    const email = uniqueEmail();
    await http.post('/auth/register', { email, password: STRONG_PASSWORD });
    const code = await mailedCode(email);
    const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
    await t.database.db.update(verification_codes).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(verification_codes.user_id, u.id));
    const res = await http.post('/auth/complete-registration', { email, code });
    expect(res.status).toBe(400);
    expect(res.json.detail).toEqual({ msg: 'Verification failed', type: 'bad_request', errors: CODE_FAILURE });
  });

  it('answers an unknown address like a wrong code', async () => {
    const res = await http.post('/auth/complete-registration', { email: uniqueEmail(), code: '123456' });
    expect(res.status).toBe(400);
    expect(res.json.detail.msg).toBe('Verification failed');
  });

  it('resends at most once a minute per address, known or not (429 with Retry-After)', async () => {
    const email = uniqueEmail();
    await http.post('/auth/register', { email, password: STRONG_PASSWORD });
    const soon = await http.post('/auth/resend-code', { email });
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(soon.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(isErrorBody(soon)).toBe(true);

    const unknown = uniqueEmail('nobody');
    const first = await http.post('/auth/resend-code', { email: unknown });
    expect(first.status).toBe(200);
    expect(first.json.message).toEqual(expect.any(String));
    const second = await http.post('/auth/resend-code', { email: unknown });
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBeTruthy();
  });
});

describe('login', () => {
  it('signs in by e-mail (any case) or username', async () => {
    const { email } = await createUser(t, { http, username: 'Login.Name' });
    const byEmail = await http.post('/auth/login', { email: email.toUpperCase(), password: STRONG_PASSWORD });
    expect(byEmail.status).toBe(200);
    expect(byEmail.json).toMatchObject({ token_type: 'bearer', user: { email } });
    const byName = await http.post('/auth/login', { email: 'login.name', password: STRONG_PASSWORD });
    expect(byName.status).toBe(200);
    expect(byName.json.user.email).toBe(email);
  });

  it('answers 401 for a wrong password and for an unknown account alike', async () => {
    const { email } = await createUser(t, { http });
    const wrong = await http.post('/auth/login', { email, password: 'not-the-password' });
    const unknown = await http.post('/auth/login', { email: uniqueEmail(), password: 'not-the-password' });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.json.detail.msg).toBe('Incorrect email or password');
    }
  });

  it('takes about as long for an unknown account as for a wrong password', async () => {
    const { email } = await createUser(t, { http });
    const time = async (e: string) => {
      const s = performance.now();
      await http.post('/auth/login', { email: e, password: 'wrong-password-x' });
      return performance.now() - s;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(email));
      unknown.push(await time(uniqueEmail()));
    }
    // Both pay for one argon2id verification (tens of ms); a shortcut for unknown addresses would answer in a few.
    // The fastest of each: a busy machine only adds time (medians of 3 read 15 against 42 ms in one CI run).
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.5);
  });

  it('answers unverified_user without a token and mails a fresh code', async () => {
    const email = uniqueEmail();
    await http.post('/auth/register', { email, password: STRONG_PASSWORD });
    const old = await mailedCode(email);
    await forgetMailSlots();
    const res = await http.post('/auth/login', { email, password: STRONG_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ type: 'unverified_user', email, message: 'Your e-mail address is not verified yet. We sent you a code to verify it.' });
    const fresh = await waitFor(async () => (codeOf(email) !== old ? codeOf(email) : null));
    expect((await http.post('/auth/complete-registration', { email, code: fresh })).status).toBe(200);
  });

  it('says so when no new code went out: one was mailed a moment ago', async () => {
    const email = uniqueEmail();
    await http.post('/auth/register', { email, password: STRONG_PASSWORD });
    const code = await mailedCode(email);
    const res = await http.post('/auth/login', { email, password: STRONG_PASSWORD });
    expect(res.json).toEqual({ type: 'unverified_user', email, message: 'Your e-mail address is not verified yet. Enter the code we sent you a moment ago; you can ask for a new one in a minute.' });
    // No second mail: the registration's code is still the one to enter, and it works.
    await new Promise((r) => setTimeout(r, 300));
    expect(codeOf(email)).toBe(code);
    expect((await http.post('/auth/complete-registration', { email, code })).status).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same for unknown addresses and mails a code to known ones', async () => {
    const { email, token } = await createUser(t, { http });
    const verifyCode = codeOf(email);
    const unknown = await http.post('/auth/request-password-reset', { email: uniqueEmail() });
    const known = await http.post('/auth/request-password-reset', { email: `${email.toUpperCase()} ` });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    const code = await waitFor(async () => (codeOf(email) !== verifyCode ? codeOf(email) : null));
    const bad = await http.post('/auth/reset-password', { email, code: wrongCode(code), new_password: 'Brand-New-Phrase-31' });
    expect(bad.status).toBe(400);
    expect(bad.json.detail.msg).toBe('Password reset failed');
    const ok = await http.post('/auth/reset-password', { email, code, new_password: 'Brand-New-Phrase-31' });
    expect(ok.status).toBe(200);
    expect(ok.json.access_token).toBeTruthy();
    // earlier tokens are revoked, the new one works, the old password does not
    expect((await http.get('/auth/me', { token })).status).toBe(401);
    expect((await http.get('/auth/me', { token: ok.json.access_token })).status).toBe(200);
    expect((await http.post('/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(401);
    expect((await http.post('/auth/login', { email, password: 'Brand-New-Phrase-31' })).status).toBe(200);
  });

  it('checks the code before the new password, so a weak password does not tell real addresses from unknown ones', async () => {
    const { email } = await createUser(t, { http });
    const verifyCode = codeOf(email);
    // attack: a weak password with a guessed code answered 422 for real addresses and 400 for others
    const real = await http.post('/auth/reset-password', { email, code: '123456', new_password: 'password1234' });
    const unknown = await http.post('/auth/reset-password', { email: uniqueEmail(), code: '123456', new_password: 'password1234' });
    expect(real.status).toBe(400);
    expect(real.json).toEqual(unknown.json);
    expect(unknown.json.detail).toEqual({ msg: 'Password reset failed', type: 'bad_request', errors: CODE_FAILURE });
    // the holder of the right code learns the password is weak, and the code stays usable
    await http.post('/auth/request-password-reset', { email });
    const code = await waitFor(async () => (codeOf(email) !== verifyCode ? codeOf(email) : null));
    const weak = await http.post('/auth/reset-password', { email, code, new_password: 'password1234' });
    expect(weak.status).toBe(422);
    expect(weak.json.detail.errors[0].loc).toEqual(['body', 'new_password']);
    expect((await http.post('/auth/reset-password', { email, code, new_password: 'Brand-New-Phrase-31' })).status).toBe(200);
  });

  it('answers unverified_user for an unverified account', async () => {
    const email = uniqueEmail();
    await http.post('/auth/register', { email, password: STRONG_PASSWORD });
    const verifyCode = await mailedCode(email);
    await http.post('/auth/request-password-reset', { email });
    const code = await waitFor(async () => (codeOf(email) !== verifyCode ? codeOf(email) : null));
    const res = await http.post('/auth/reset-password', { email, code, new_password: 'Brand-New-Phrase-31' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ type: 'unverified_user', email });
    expect(res.json.access_token).toBeUndefined();
  });
});

describe('session', () => {
  it('answers me, validate-token and terms acceptance', async () => {
    const { token, email } = await createUser(t, { http });
    const me = await http.get('/auth/me', { token });
    expect(me.status).toBe(200);
    expect(Object.keys(me.json).sort()).toEqual(['created_at', 'email', 'email_validated', 'id', 'is_plus', 'is_premium', 'is_pro', 'is_superuser', 'terms_accepted_at', 'username']);
    const valid = await http.get('/auth/validate-token', { token });
    expect(valid.json).toEqual({ valid: true, user: me.json });
    const terms = await http.post('/auth/terms/accept', undefined, { token });
    expect(terms.status).toBe(200);
    expect(new Date(terms.json.terms_accepted_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await http.get('/auth/me', { token })).json.terms_accepted_at).toBe(terms.json.terms_accepted_at);
    expect(email).toBe(me.json.email);
  });
});
