import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../../config.ts';
import { unauthorized, unavailable } from '../../lib/http-error.ts';
import type { SocialProvider } from '@app/contracts';

export interface SocialClaims {
  subject: string;
  email: string | null;
  email_verified: boolean;
}

const PROVIDERS = {
  google: { name: 'Google', issuers: ['https://accounts.google.com', 'accounts.google.com'] },
  apple: { name: 'Apple', issuers: ['https://appleid.apple.com'] },
} as const;

export const providerName = (p: SocialProvider) => PROVIDERS[p].name;

/**
 * Verifies provider ID tokens: signature against the provider's published keys (fetched once and cached by
 * jose, refetched on an unknown key id), issuer, audience = one of our client ids, expiry.
 */
export function socialTokenVerifier(config: Pick<Config, 'GOOGLE_CLIENT_IDS' | 'APPLE_CLIENT_IDS' | 'GOOGLE_JWKS_URL' | 'APPLE_JWKS_URL'>) {
  const keySets = {
    google: createRemoteJWKSet(new URL(config.GOOGLE_JWKS_URL), { timeoutDuration: 5000 }),
    apple: createRemoteJWKSet(new URL(config.APPLE_JWKS_URL), { timeoutDuration: 5000 }),
  };
  const audiences = { google: config.GOOGLE_CLIENT_IDS, apple: config.APPLE_CLIENT_IDS };

  return async function verify(provider: SocialProvider, idToken: string): Promise<SocialClaims> {
    const name = PROVIDERS[provider].name;
    if (!audiences[provider].length) throw unavailable(`${name} sign-in is not configured`);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keySets[provider], {
        issuer: [...PROVIDERS[provider].issuers],
        audience: audiences[provider],
        algorithms: ['RS256', 'ES256'],
        clockTolerance: 30,
      }));
    } catch (err) {
      if (keysUnreachable(err)) throw unavailable(`Could not reach ${name} to check the sign-in. Try again in a moment.`);
      throw unauthorized(`The ${name} sign-in could not be verified`);
    }
    if (!payload.sub) throw unauthorized(`The ${name} sign-in could not be verified`);
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : null;
    // Apple sends email_verified as the string "true".
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    return { subject: payload.sub, email, email_verified: verified };
  };
}

/** Network failures, timeouts and bad key-set answers are the provider's side (503), not a bad token (401). */
function keysUnreachable(err: unknown): boolean {
  if (err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid) return true;
  if (!(err instanceof errors.JOSEError)) return true;
  return err.code === 'ERR_JOSE_GENERIC';
}
