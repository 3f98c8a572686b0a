import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { clientFromNewIp, createTestApp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '../../../test/helpers.ts';
import { openDatabase, pgliteDirFor } from '../../db/client.ts';
import { registration_codes } from '../../db/schema/index.ts';

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
