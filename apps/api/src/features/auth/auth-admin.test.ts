import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { eq, inArray, sql } from 'drizzle-orm';
import { clientFromNewIp, createTestApp, latestCode, outboxFiles, STRONG_PASSWORD, uniqueEmail, waitFor, type TestApp } from '../../../test/helpers.ts';
import { openDatabase, pgliteDirFor } from '../../db/client.ts';
import { audit_log, mail_throttle, registration_codes, users } from '../../db/schema/index.ts';

const run = promisify(execFile);
const apps: TestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});
async function app(env: Record<string, string> = {}) {
  const a = await createTestApp(env);
  apps.push(a);
  return a;
}

describe('admin bootstrap from ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  it('creates a validated superuser at start that can sign in', async () => {
    const t = await app({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'Adm1n-Passw0rd!x' });
    const res = await t.http.post('/auth/login', { email: 'admin@example.com', password: 'Adm1n-Passw0rd!x' });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ is_superuser: true, email_validated: true });
    const me = await t.http.get('/auth/me', { token: res.json.access_token });
    expect(me.json.is_superuser).toBe(true);
  });
});

describe('registration codes (REGISTRATION_REQUIRES_CODE=true)', () => {
  it('requires a valid code with uses left and counts its uses', async () => {
    const t = await app({ REGISTRATION_REQUIRES_CODE: 'true' });
    const http = clientFromNewIp(t);
    await t.database.db.insert(registration_codes).values([
      { code: 'FRIENDS-2026', max_uses: 1 },
      { code: 'OLD-CODE', max_uses: 5, expires_at: new Date(Date.now() - 1000) },
    ]);
    const missing = await http.post('/auth/register', { email: uniqueEmail(), password: STRONG_PASSWORD });
    expect(missing.status).toBe(422);
    expect(missing.json.detail.msg).toMatch(/registration code is required/);
    for (const code of ['NOPE', 'OLD-CODE']) {
      const bad = await http.post('/auth/register', { email: uniqueEmail(), password: STRONG_PASSWORD, registration_code: code });
      expect(bad.status).toBe(400);
      expect(bad.json.detail.msg).toBe('Invalid registration code');
    }
    const ok = await http.post('/auth/register', { email: uniqueEmail(), password: STRONG_PASSWORD, registration_code: 'FRIENDS-2026' });
    expect(ok.status).toBe(201);
    const usedUp = await http.post('/auth/register', { email: uniqueEmail(), password: STRONG_PASSWORD, registration_code: 'FRIENDS-2026' });
    expect(usedUp.status).toBe(400);
    const [row] = await t.database.db.select().from(registration_codes).where(eq(registration_codes.code, 'FRIENDS-2026'));
    expect(row.uses).toBe(1);
  });
});

describe('registration codes: a made-up code tells nothing and changes nothing', () => {
  it('answers the same 400 for a verified, a pending and an unknown address, and leaves both accounts as they were', async () => {
    const t = await app({ REGISTRATION_REQUIRES_CODE: 'true' });
    await t.database.db.insert(registration_codes).values({ code: 'TEAM-2026', max_uses: 10 });
    const codeOf = (email: string) => waitFor(async () => latestCode(t.config.outboxDir, email), 10_000, 20);
    // A verified member and a pending invitee (registered, code not entered yet), both with the real code.
    const verified = uniqueEmail('member');
    expect((await clientFromNewIp(t).post('/auth/register', { email: verified, password: STRONG_PASSWORD, registration_code: 'TEAM-2026' })).status).toBe(201);
    expect((await clientFromNewIp(t).post('/auth/complete-registration', { email: verified, code: await codeOf(verified) })).status).toBe(200);
    const pending = uniqueEmail('invitee');
    const ownerPassword = 'Owner-Own-Secret-Phrase-3';
    expect((await clientFromNewIp(t).post('/auth/register', { email: pending, password: ownerPassword, registration_code: 'TEAM-2026' })).status).toBe(201);
    const pendingCode = await codeOf(pending);
    // Later registrations are not held back by the mail slot: a change would show.
    await t.database.db.delete(mail_throttle);
    const rowsOf = async () => (await t.database.db.select().from(users).where(inArray(users.email, [verified, pending])).orderBy(users.email));
    const before = await rowsOf();
    const mailsBefore = outboxFiles(t.config.outboxDir).length;
    const [{ uses: usesBefore }] = await t.database.db.select().from(registration_codes).where(eq(registration_codes.code, 'TEAM-2026'));

    const unknown = uniqueEmail('stranger');
    const times: Record<string, number[]> = { verified: [], pending: [], unknown: [] };
    const answers: { status: number; json: unknown }[] = [];
    for (let round = 0; round < 3; round++) {
      for (const [kind, email] of [['verified', verified], ['pending', pending], ['unknown', unknown]] as const) {
        const start = performance.now();
        const res = await clientFromNewIp(t).post('/auth/register', { email, password: 'Second-Choice-Phrase-9', registration_code: `MADE-UP-${round}` });
        times[kind].push(performance.now() - start);
        answers.push({ status: res.status, json: res.json });
      }
    }
    // One answer for all three: the same status and the same body, so nothing tells which address has an account.
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(400));
    for (const a of answers) expect(a.json).toEqual(answers[0].json);
    expect(answers[0].json).toEqual({ detail: { msg: 'Invalid registration code', type: 'bad_request', errors: 'The registration code is unknown, expired or used up.' } });
    // About the same time: every path pays for the same password hashing (the fastest of each; a busy machine only adds).
    const fastest = (k: string) => Math.min(...times[k]);
    for (const k of ['verified', 'pending']) expect(fastest('unknown')).toBeGreaterThan(fastest(k) * 0.5);
    for (const k of ['verified', 'pending']) expect(fastest(k)).toBeGreaterThan(fastest('unknown') * 0.5);

    // Nothing changed: no password dropped, no token revoked, no account created, no mail, no use of the real code.
    await new Promise((r) => setTimeout(r, 300));
    expect(await rowsOf()).toEqual(before);
    expect(await t.database.db.select().from(users).where(eq(users.email, unknown))).toHaveLength(0);
    expect(await t.database.db.select().from(audit_log).where(eq(audit_log.action_type, 'pending_password_dropped'))).toHaveLength(0);
    expect(outboxFiles(t.config.outboxDir).length).toBe(mailsBefore);
    expect(await t.database.db.select().from(mail_throttle)).toHaveLength(0);
    const [{ uses }] = await t.database.db.select().from(registration_codes).where(eq(registration_codes.code, 'TEAM-2026'));
    expect(uses).toBe(usesBefore);
    // The invitee finishes with the code they were mailed and signs in with their own password.
    expect((await clientFromNewIp(t).post('/auth/complete-registration', { email: pending, code: pendingCode })).status).toBe(200);
    expect((await clientFromNewIp(t).post('/auth/login', { email: pending, password: ownerPassword })).status).toBe(200);
    expect((await clientFromNewIp(t).post('/auth/login', { email: verified, password: STRONG_PASSWORD })).status).toBe(200);
  });
});

describe('scripts/create-superuser.ts', () => {
  const script = resolve(import.meta.dirname, '../../../scripts/create-superuser.ts');
  const cli = (dataDir: string, args: string[]) =>
    run(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: 'x'.repeat(40) },
      cwd: resolve(import.meta.dirname, '../../../../..'),
    });

  it('creates a superuser in the PGlite folder, and refuses while another process holds it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nt-cli-'));
    const { stdout } = await cli(dataDir, ['--email', 'Root@Example.com', '--password', 'Adm1n-Passw0rd!x']);
    expect(stdout).toMatch(/root@example\.com: superuser created/);
    const again = await cli(dataDir, ['--email', 'root@example.com', '--password', 'Adm1n-Passw0rd!x']);
    expect(again.stdout).toMatch(/already a superuser/);

    const weak = await cli(dataDir, ['--email', 'root@example.com', '--password', 'password1234']).catch((e) => e);
    expect(weak.code).toBe(2);
    expect(weak.stderr).toMatch(/too easy to guess/);

    const held = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
    try {
      const locked = await cli(dataDir, ['--email', 'root@example.com', '--password', 'Adm1n-Passw0rd!x']).catch((e) => e);
      expect(locked.code).toBe(1);
      expect(locked.stderr).toMatch(/is in use by another process \(is the server running\?\)/);
      const rows = await held.db.execute<{ email: string; is_superuser: boolean; email_validated: boolean }>(
        sql`select email, is_superuser, email_validated from users`,
      );
      const list = (rows as any).rows ?? rows;
      expect(list).toEqual([{ email: 'root@example.com', is_superuser: true, email_validated: true }]);
    } finally {
      await held.close();
    }
  }, 120_000);
});
