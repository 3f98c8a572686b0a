import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** ASVS §6.5: 6 CSPRNG digits, stored hashed, 10 minutes, single use, 5 wrong tries. */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** At most one mail per address and purpose a minute. */
export const MAIL_INTERVAL_MS = 60_000;

/** `set_password`: the proof a signed-in account without a password gives before it sets its first one. */
export type CodePurpose = 'verify_email' | 'reset_password' | 'set_password';

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** SHA-256 with a pepper derived from JWT_SECRET: a leaked table alone does not give 6-digit codes away cheaply. */
export function codeHasher(secret: string) {
  const pepper = createHash('sha256').update(`verification-code-pepper:${secret}`).digest();
  const hashOf = (code: string) => createHash('sha256').update(pepper).update(code).digest('hex');
  return {
    hash: hashOf,
    matches(code: string, stored: string): boolean {
      const a = Buffer.from(hashOf(code), 'hex');
      const b = Buffer.from(stored, 'hex');
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}
