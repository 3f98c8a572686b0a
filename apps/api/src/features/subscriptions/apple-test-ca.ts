/**
 * Test-only: a certificate chain shaped like Apple's (root → intermediate with Apple's WWDR marker
 * extension → leaf with the App Store receipt-signing marker), made with openssl, and a signer for
 * StoreKit 2 style JWS (ES256, x5c header). The verifier is configured to trust this root instead of
 * Apple's, so tests exercise the real SignedDataVerifier end to end.
 */
import { execFileSync } from 'node:child_process';
import { createPrivateKey, randomUUID, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompactSign } from 'jose';

export interface TestChain {
  rootPath: string;
  x5c: string[];
  key: KeyObject;
}

function derBase64(pemPath: string): string {
  return readFileSync(pemPath, 'utf8').replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
}

/** A fresh root, intermediate and leaf (EC P-256), valid from now for a year. */
export function makeChain(name = 'Test'): TestChain {
  const dir = mkdtempSync(join(tmpdir(), 'nt-apple-ca-'));
  const f = (n: string) => join(dir, n);
  const ssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  for (const k of ['root', 'int', 'leaf']) ssl('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', f(`${k}.key`));
  ssl('req', '-x509', '-new', '-key', f('root.key'), '-subj', `/CN=${name} Root CA/O=${name}`, '-days', '3650', '-out', f('root.pem'),
    '-addext', 'basicConstraints=critical,CA:true', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  writeFileSync(f('int.ext'), 'basicConstraints=critical,CA:true\nkeyUsage=critical,keyCertSign,cRLSign\n1.2.840.113635.100.6.2.1=ASN1:NULL\n');
  writeFileSync(f('leaf.ext'), 'basicConstraints=critical,CA:false\nkeyUsage=critical,digitalSignature\n1.2.840.113635.100.6.11.1=ASN1:NULL\n');
  ssl('req', '-new', '-key', f('int.key'), '-subj', `/CN=${name} WWDR Intermediate/O=${name}`, '-out', f('int.csr'));
  ssl('x509', '-req', '-in', f('int.csr'), '-CA', f('root.pem'), '-CAkey', f('root.key'), '-set_serial', '2', '-days', '365', '-extfile', f('int.ext'), '-out', f('int.pem'));
  ssl('req', '-new', '-key', f('leaf.key'), '-subj', `/CN=${name} App Store Signing/O=${name}`, '-out', f('leaf.csr'));
  ssl('x509', '-req', '-in', f('leaf.csr'), '-CA', f('int.pem'), '-CAkey', f('int.key'), '-set_serial', '3', '-days', '365', '-extfile', f('leaf.ext'), '-out', f('leaf.pem'));
  return {
    rootPath: f('root.pem'),
    x5c: [derBase64(f('leaf.pem')), derBase64(f('int.pem')), derBase64(f('root.pem'))],
    key: createPrivateKey(readFileSync(f('leaf.key'))),
  };
}

export async function signJws(chain: TestChain, payload: Record<string, unknown>): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader({ alg: 'ES256', x5c: chain.x5c }).sign(chain.key);
}

export const BUNDLE_ID = 'com.example.nutrition';
export const PRODUCTS = 'com.example.plus.monthly:plus,com.example.pro.monthly:pro,com.example.premium.yearly:premium';

/** A StoreKit 2 transaction payload (JWSTransactionDecodedPayload) with sensible defaults. */
export function transaction(over: Record<string, unknown> = {}) {
  const now = Date.now();
  const id = String(2000000000 + Math.floor(Math.random() * 1e8));
  return {
    transactionId: id,
    originalTransactionId: id,
    bundleId: BUNDLE_ID,
    productId: 'com.example.pro.monthly',
    purchaseDate: now - 60_000,
    originalPurchaseDate: now - 60_000,
    expiresDate: now + 30 * 86400_000,
    quantity: 1,
    type: 'Auto-Renewable Subscription',
    inAppOwnershipType: 'PURCHASED',
    signedDate: now,
    environment: 'Sandbox',
    transactionReason: 'PURCHASE',
    ...over,
  };
}

/** An App Store Server Notification V2 payload wrapping a signed transaction. */
export async function notification(chain: TestChain, type: string, tx: Record<string, unknown>, over: Record<string, unknown> = {}) {
  return signJws(chain, {
    notificationType: type,
    notificationUUID: randomUUID(),
    version: '2.0',
    signedDate: Date.now(),
    data: { bundleId: BUNDLE_ID, environment: 'Sandbox', status: 1, signedTransactionInfo: await signJws(chain, tx) },
    ...over,
  });
}
