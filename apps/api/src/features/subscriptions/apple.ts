/**
 * App Store (StoreKit 2) verification through Apple's own library: the JWS certificate chain must end
 * at a configured root (Apple Root CA - G3 by default), and the bundle id and environment must match.
 *
 * Online checks (OCSP revocation of Apple's signing certificates, and certificate dates against the
 * clock instead of the payload's signedDate) are off by default (APPLE_ONLINE_CHECKS=false): they need
 * Apple's OCSP responder on every new certificate, which fails closed without network and adds a
 * remote call to purchases. Expiry of the purchase itself is always checked against our clock.
 */
import { readFileSync } from 'node:fs';
import type {
  JWSRenewalInfoDecodedPayload,
  JWSTransactionDecodedPayload,
  ResponseBodyV2DecodedPayload,
  SignedDataVerifier,
  VerificationStatus,
} from '@apple/app-store-server-library';
import type { Tier } from '@app/contracts';
import type { Config } from '../../config.ts';
import { HttpError, unavailable } from '../../lib/http-error.ts';

type AppleLibrary = typeof import('@apple/app-store-server-library');
/**
 * Apple's library (with jsrsasign and its certificate code) holds ~20 MB of memory once loaded, and
 * most servers never see a purchase: it is loaded on the first check, not at start.
 */
let library: Promise<AppleLibrary> | undefined;
const loadLibrary = () => (library ??= import('@apple/app-store-server-library'));

export const RECEIPT_FAILED = 'Failed to validate receipt';
function reasonFor(lib: AppleLibrary, status: VerificationStatus): string {
  const S = lib.VerificationStatus;
  if (status === S.INVALID_APP_IDENTIFIER) return 'The purchase is for another app';
  if (status === S.INVALID_ENVIRONMENT) return 'The purchase is from another App Store environment';
  return 'Could not validate purchase receipt';
}

export const receiptRefused = (reason = 'Could not validate purchase receipt') => new HttpError(400, RECEIPT_FAILED, 'invalid_receipt', reason);

export interface AppleTransaction {
  originalTransactionId: string;
  transactionId: string | null;
  productId: string;
  tier: Tier | null;
  environment: string;
  purchaseDate: Date | null;
  expiresDate: Date | null;
  revocationDate: Date | null;
  appAccountToken: string | null;
}

export type AppleNotification = ResponseBodyV2DecodedPayload & {
  transaction: AppleTransaction | null;
  renewal: JWSRenewalInfoDecodedPayload | null;
};

export interface AppleStore {
  enabled: boolean;
  verifyTransaction(jws: string): Promise<AppleTransaction>;
  verifyNotification(signedPayload: string): Promise<AppleNotification>;
}

const date = (ms: number | undefined) => (typeof ms === 'number' ? new Date(ms) : null);

export function appleStore(config: Config): AppleStore {
  const bundleId = config.APPLE_BUNDLE_ID;
  let verifier: Promise<{ v: SignedDataVerifier; lib: AppleLibrary }> | null = null;
  function get() {
    if (!bundleId) throw unavailable('In-app purchases are not enabled on this server');
    if (!verifier) {
      verifier = loadLibrary().then((lib) => {
        const roots = config.APPLE_ROOT_CERTS.map((p) => readFileSync(p));
        const env = config.APPLE_ENVIRONMENT === 'Sandbox' ? lib.Environment.SANDBOX : lib.Environment.PRODUCTION;
        return { v: new lib.SignedDataVerifier(roots, config.APPLE_ONLINE_CHECKS, env, bundleId, config.APPLE_APP_APPLE_ID), lib };
      });
      verifier.catch(() => (verifier = null)); // a missing root file is reported again on the next try
    }
    return verifier;
  }

  function refuser(lib: AppleLibrary) {
    return (err: unknown): never => {
      if (err instanceof lib.VerificationException) {
        if (err.status === lib.VerificationStatus.RETRYABLE_VERIFICATION_FAILURE) throw unavailable('The App Store could not be reached to check this purchase. Try again later.');
        throw receiptRefused(reasonFor(lib, err.status));
      }
      throw err;
    };
  }

  function toTransaction(t: JWSTransactionDecodedPayload): AppleTransaction {
    if (!t.originalTransactionId || !t.productId) throw receiptRefused('The purchase has no transaction or product id');
    return {
      originalTransactionId: t.originalTransactionId,
      transactionId: t.transactionId ?? null,
      productId: t.productId,
      tier: config.APPLE_PRODUCT_TIERS[t.productId] ?? null,
      environment: String(t.environment ?? config.APPLE_ENVIRONMENT),
      purchaseDate: date(t.purchaseDate),
      expiresDate: date(t.expiresDate),
      revocationDate: date(t.revocationDate),
      appAccountToken: t.appAccountToken ?? null,
    };
  }

  return {
    enabled: !!bundleId,
    async verifyTransaction(jws) {
      const { v, lib } = await get();
      const t = await v.verifyAndDecodeTransaction(jws).catch(refuser(lib));
      return toTransaction(t);
    },
    async verifyNotification(signedPayload) {
      const { v, lib } = await get();
      const refused = refuser(lib);
      const n = await v.verifyAndDecodeNotification(signedPayload).catch(refused);
      const signedTx = n.data?.signedTransactionInfo;
      const signedRenewal = n.data?.signedRenewalInfo;
      const transaction = signedTx ? toTransaction(await v.verifyAndDecodeTransaction(signedTx).catch(refused)) : null;
      const renewal = signedRenewal ? await v.verifyAndDecodeRenewalInfo(signedRenewal).catch(refused) : null;
      return { ...n, transaction, renewal };
    },
  };
}
