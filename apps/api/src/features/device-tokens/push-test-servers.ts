/**
 * Loopback stand-ins for the push services, speaking their protocols: an APNs HTTP/2 server that
 * checks the provider JWT, and a Web Push service that checks the VAPID header. Test-only.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createSecureServer, type ServerHttp2Stream } from 'node:http2';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importJWK, jwtVerify, decodeProtectedHeader } from 'jose';

/** A throwaway self-signed certificate for 127.0.0.1 (the app trusts it through PUSH_CA_PATH). */
export function selfSignedCert() {
  const dir = mkdtempSync(join(tmpdir(), 'nt-push-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  return { dir, keyPem: readFileSync(key), certPem: readFileSync(cert), certPath: cert };
}

/** An APNs .p8 signing key (PKCS#8 EC P-256) and its public half for checking the JWT. */
export function apnsKey(dir: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const path = join(dir, 'AuthKey_TEST.p8');
  writeFileSync(path, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  return { path, publicKey };
}

export interface ApnsRequest {
  token: string;
  headers: Record<string, unknown>;
  body: any;
  jwtOk: boolean;
}

/** Answers per device token: 'ok' 200, 'bad' 400 BadDeviceToken, 'gone' 410 Unregistered, 'down' 503. */
export async function startApns(tls: { keyPem: Buffer; certPem: Buffer }, expect: { keyId: string; teamId: string; publicKey: KeyObject; topic: string }, answer: (token: string, attempt: number) => 'ok' | 'bad' | 'gone' | 'down') {
  const requests: ApnsRequest[] = [];
  const attempts = new Map<string, number>();
  const server = createSecureServer({ key: tls.keyPem, cert: tls.certPem });
  server.on('stream', (stream: ServerHttp2Stream, headers) => {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (c) => (raw += c));
    stream.on('end', async () => {
      const token = String(headers[':path']).replace('/3/device/', '');
      const jwt = String(headers.authorization ?? '').replace(/^bearer /, '');
      let jwtOk = false;
      try {
        const h = decodeProtectedHeader(jwt);
        await jwtVerify(jwt, expect.publicKey, { algorithms: ['ES256'], issuer: expect.teamId, maxTokenAge: '1h' });
        jwtOk = h.kid === expect.keyId && headers['apns-topic'] === expect.topic && headers[':method'] === 'POST';
      } catch {
        jwtOk = false;
      }
      requests.push({ token, headers: { ...headers }, body: raw ? JSON.parse(raw) : null, jwtOk });
      const n = (attempts.get(token) ?? 0) + 1;
      attempts.set(token, n);
      const reply = (status: number, body?: object) => {
        stream.respond({ ':status': status, 'apns-id': '00000000-0000-0000-0000-000000000001', ...(body ? { 'content-type': 'application/json' } : {}) });
        stream.end(body ? JSON.stringify(body) : undefined);
      };
      if (!jwtOk) return reply(403, { reason: 'InvalidProviderToken' });
      const a = answer(token, n);
      if (a === 'ok') reply(200);
      else if (a === 'bad') reply(400, { reason: 'BadDeviceToken' });
      else if (a === 'gone') reply(410, { reason: 'Unregistered', timestamp: Date.now() });
      else reply(503, { reason: 'ServiceUnavailable' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { host: `127.0.0.1:${port}`, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export interface WebPushRequest {
  path: string;
  vapidOk: boolean;
  headers: Record<string, unknown>;
  bytes: number;
}

/** A push service: POST /push/<id> answers 201, or 410 for ids starting with "gone". */
export async function startWebPush(tls: { keyPem: Buffer; certPem: Buffer }, expect: { publicKey: string; subject: string }) {
  const requests: WebPushRequest[] = [];
  const server = createHttpsServer({ key: tls.keyPem, cert: tls.certPem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      // RFC 8292: Authorization: vapid t=<JWT signed by the app server key>, k=<that public key>
      const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(req.headers.authorization ?? ''));
      let vapidOk = false;
      if (m && m[2] === expect.publicKey) {
        const point = Buffer.from(m[2], 'base64url');
        try {
          const key = await importJWK({ kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, 'ES256');
          await jwtVerify(m[1]!, key, { algorithms: ['ES256'], audience: `https://${req.headers.host}`, subject: expect.subject });
          vapidOk = req.headers['content-encoding'] === 'aes128gcm' && Number(req.headers.ttl) > 0;
        } catch {
          vapidOk = false;
        }
      }
      const body = Buffer.concat(chunks);
      requests.push({ path: req.url ?? '', vapidOk, headers: { ...req.headers }, bytes: body.length });
      res.statusCode = !vapidOk ? 403 : req.url?.startsWith('/push/gone') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { origin: `https://127.0.0.1:${port}`, requests, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}
