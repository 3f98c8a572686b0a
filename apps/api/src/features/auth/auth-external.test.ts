import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { clientFromNewIp, createTestApp, isErrorBody, STRONG_PASSWORD, uniqueEmail, waitFor, type TestApp } from '../../../test/helpers.ts';

/** Mail over real SMTP to a loopback server; Google and Apple keys from loopback JWKS servers with our own keys. */
const received: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let jwksServer: Server;
let t: TestApp;
let keys: { privateKey: CryptoKey; jwk: JWK };
const GOOGLE_AUD = 'web-client.apps.googleusercontent.com';
const APPLE_AUD = 'com.example.nutrition';

function listen(server: { listen: (port: number, host: string, cb: () => void) => unknown }, addr: () => unknown): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((addr() as { port: number }).port)));
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        cb();
      });
    },
  });
  const smtpPort = await listen(smtp, () => (smtp as any).server.address());

  const { privateKey, publicKey } = await generateKeyPair('RS256');
  keys = { privateKey: privateKey as CryptoKey, jwk: { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' } };
  jwksServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [keys.jwk] }));
  });
  const jwksPort = await listen(jwksServer, () => jwksServer.address());

  t = await createTestApp({
    MAIL_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    GOOGLE_CLIENT_IDS: `other-client,${GOOGLE_AUD}`,
    APPLE_CLIENT_IDS: APPLE_AUD,
    GOOGLE_JWKS_URL: `http://127.0.0.1:${jwksPort}/google`,
    APPLE_JWKS_URL: `http://127.0.0.1:${jwksPort}/apple`,
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => smtp?.close(() => r()));
  await new Promise<void>((r) => jwksServer?.close(() => r()));
});

function decodedBody(raw: string) {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h) => String.fromCharCode(parseInt(h, 16)));
}

describe('mail over SMTP', () => {
  it('delivers the verification code as text and HTML, and the code completes registration', async () => {
    const http = clientFromNewIp(t);
    const email = uniqueEmail('smtp');
    expect((await http.post('/auth/register', { email, password: STRONG_PASSWORD })).status).toBe(201);
    const mail = await waitFor(async () => received.find((m) => m.to.includes(email)));
    const body = decodedBody(mail.raw);
    const code = /Your verification code is (\d{6})/.exec(body)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(body).toMatch(/Content-Type: text\/html/i);
    expect(body).toMatch(/Content-Type: text\/plain/i);
    const done = await http.post('/auth/complete-registration', { email, code });
    expect(done.status).toBe(200);
    expect(done.json.user.email_validated).toBe(true);
  });

  it('mails a reset code and a notice for a second registration', async () => {
    const http = clientFromNewIp(t);
    const email = uniqueEmail('smtp');
    const reg = await http.post('/auth/register', { email, password: STRONG_PASSWORD });
    expect(reg.status).toBe(201);
    const code = /code is (\d{6})/.exec(decodedBody((await waitFor(async () => received.find((m) => m.to.includes(email)))).raw))![1];
    await http.post('/auth/complete-registration', { email, code });
    await http.post('/auth/register', { email, password: STRONG_PASSWORD });
    const notice = await waitFor(async () => received.find((m) => m.to.includes(email) && /someone tried to register/i.test(m.raw)));
    expect(notice.raw).not.toMatch(/code is \d{6}/);
    await http.post('/auth/request-password-reset', { email });
    const reset = await waitFor(async () => received.find((m) => m.to.includes(email) && /password reset code is/i.test(decodedBody(m.raw))));
    expect(decodedBody(reset.raw)).toMatch(/Your password reset code is \d{6}/);
  });
});

/** createUser() reads the outbox; with SMTP configured the code comes from the loopback server instead. */
async function smtpUser(http: ReturnType<typeof clientFromNewIp>) {
  const email = uniqueEmail('smtp');
  await http.post('/auth/register', { email, password: STRONG_PASSWORD });
  const mail = await waitFor(async () => received.find((m) => m.to.includes(email)));
  const code = /code is (\d{6})/.exec(decodedBody(mail.raw))![1];
  const done = await http.post('/auth/complete-registration', { email, code });
  return { email, token: done.json.access_token as string, user: done.json.user as { id: number } };
}

const idToken = (claims: Record<string, unknown>, opts: { iss?: string; aud?: string; exp?: number; key?: CryptoKey; kid?: string } = {}) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? 'test-key' })
    .setIssuer(opts.iss ?? 'https://accounts.google.com')
    .setAudience(opts.aud ?? GOOGLE_AUD)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
    .sign(opts.key ?? keys.privateKey);

describe('social sign-in', () => {
  it('creates a validated account without a password, then signs the same person in again', async () => {
    const http = clientFromNewIp(t);
    const email = uniqueEmail('google');
    const token = await idToken({ sub: 'g-100', email, email_verified: true });
    const first = await http.post('/auth/social/google/native', { id_token: token });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ token_type: 'bearer', user: { email, email_validated: true } });
    const again = await http.post('/auth/social/google', { id_token: await idToken({ sub: 'g-100', email, email_verified: true }) });
    expect(again.json.user.id).toBe(first.json.user.id);
    const methods = await http.get('/auth/social', { token: again.json.access_token });
    expect(methods.json).toMatchObject({ has_password: false, identities: [{ provider: 'google', email }] });
    // the last way to sign in cannot be unlinked
    const unlink = await http.del('/auth/social/unlink', { token: again.json.access_token, body: { provider: 'google' } });
    expect(unlink.status).toBe(400);
    expect(unlink.json.detail.msg).toMatch(/Set a password before unlinking Google/);
    // after setting a password it can, and the password signs in
    const set = await http.post('/settings/set-password', { new_password: 'Quiet-Harbor-Lamp-56' }, { token: again.json.access_token });
    expect(set.status).toBe(200);
    expect((await http.del('/auth/social/unlink', { token: again.json.access_token, body: { provider: 'google' } })).status).toBe(200);
    expect((await http.post('/auth/login', { email, password: 'Quiet-Harbor-Lamp-56' })).status).toBe(200);
  });

  it('links by verified e-mail to an existing account, and Apple works with string email_verified', async () => {
    const http = clientFromNewIp(t);
    const u = await smtpUser(http);
    const res = await http.post('/auth/social/apple', {
      id_token: await idToken({ sub: 'apple-7', email: u.email.toUpperCase(), email_verified: 'true' }, { iss: 'https://appleid.apple.com', aud: APPLE_AUD }),
    });
    expect(res.status).toBe(200);
    expect(res.json.user.id).toBe(u.user.id);
  });

  it('drops a password set on an unverified account before its owner signed in with Google', async () => {
    const http = clientFromNewIp(t);
    const email = uniqueEmail('victim');
    await http.post('/auth/register', { email, password: 'Attacker-Chosen-Phrase-1' });
    const res = await http.post('/auth/social/google', { id_token: await idToken({ sub: 'g-victim', email, email_verified: true }) });
    expect(res.status).toBe(200);
    expect((await http.post('/auth/login', { email, password: 'Attacker-Chosen-Phrase-1' })).status).toBe(401);
  });

  it('refuses bad tokens with 401', async () => {
    const http = clientFromNewIp(t);
    const other = await generateKeyPair('RS256');
    const email = uniqueEmail();
    const cases = [
      await idToken({ sub: 'g-1', email, email_verified: true }, { aud: 'someone-else' }),
      await idToken({ sub: 'g-1', email, email_verified: true }, { iss: 'https://evil.example.com' }),
      await idToken({ sub: 'g-1', email, email_verified: true }, { exp: Math.floor(Date.now() / 1000) - 3600 }),
      await idToken({ sub: 'g-1', email, email_verified: true }, { key: other.privateKey as CryptoKey }),
      await idToken({ sub: 'g-1', email, email_verified: false }),
      await idToken({ sub: 'g-1' }),
      'not.a.jwt-at-all',
      'x'.repeat(8000),
    ];
    for (const id_token of cases) {
      const res = await http.post('/auth/social/google', { id_token });
      expect(res.status, id_token.slice(0, 30)).toBe(401);
      expect(isErrorBody(res)).toBe(true);
    }
    // an Apple-issued token is not a Google one
    const apple = await idToken({ sub: 'a-1', email, email_verified: true }, { iss: 'https://appleid.apple.com', aud: APPLE_AUD });
    expect((await http.post('/auth/social/google', { id_token: apple })).status).toBe(401);
  });

  it('links and unlinks for a signed-in user; one provider account belongs to one user', async () => {
    const http = clientFromNewIp(t);
    const a = await smtpUser(http);
    const b = await smtpUser(http);
    const tok = await idToken({ sub: 'g-link', email: 'whatever@gmail.com', email_verified: true });
    const link = await http.post('/auth/link-social', { provider: 'google', id_token: tok }, { token: a.token });
    expect(link.status).toBe(200);
    const taken = await http.post('/auth/link-social', { provider: 'google', id_token: tok }, { token: b.token });
    expect(taken.status).toBe(409);
    const signIn = await http.post('/auth/social/google', { id_token: tok });
    expect(signIn.json.user.id).toBe(a.user.id);
    expect((await http.del('/auth/social/unlink', { token: a.token, body: { provider: 'google' } })).status).toBe(200);
    expect((await http.del('/auth/social/unlink', { token: a.token, body: { provider: 'google' } })).status).toBe(404);
    expect((await http.post('/auth/link-social', { provider: 'google', id_token: tok })).status).toBe(401);
  });
});

describe('social sign-in when the provider is unreachable or not configured', () => {
  it('answers 503 with a clear message', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    const deadPort = await listen(probe, () => probe.address());
    await new Promise<void>((r) => probe.close(() => r()));
    const bare = await createTestApp({ GOOGLE_CLIENT_IDS: GOOGLE_AUD, GOOGLE_JWKS_URL: `http://127.0.0.1:${deadPort}/certs` });
    try {
      const down = await bare.http.post('/auth/social/google/native', { id_token: await idToken({ sub: 'g-2', email: uniqueEmail(), email_verified: true }) });
      expect(down.status).toBe(503);
      expect(down.json.detail.msg).toMatch(/Could not reach Google/);
      const apple = await bare.http.post('/auth/social/apple', { id_token: 'x'.repeat(40) });
      expect(apple.status).toBe(503);
      expect(apple.json.detail.msg).toBe('Apple sign-in is not configured');
    } finally {
      await bare.close();
    }
  });
});
